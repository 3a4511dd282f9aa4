module github.com/bcextract/bcextract

go 1.26.0

require (
	github.com/blakesmith/ar v0.0.0-20190502131153-809d4375e1fb
	github.com/klauspost/compress v1.20.4
	github.com/spf13/pflag v1.0.10
	golang.org/x/arch v0.32.0
)
