package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

// BenchmarkSectionsBBAddrMap times 'sections --bb-addr-map' on the file
// $BCX_BENCH_SECTIONS names (scripts/bench_sections.sh's input: build it
// with that script's recipe), else on testdata/sections/cxx-plt.
func BenchmarkSectionsBBAddrMap(b *testing.B) {
	path := os.Getenv("BCX_BENCH_SECTIONS")
	if path == "" {
		path = "../../testdata/sections/cxx-plt"
	}
	if _, err := os.Stat(path); err != nil {
		b.Skip(err)
	}
	for _, flags := range [][]string{{"--bb-addr-map"}, {"--bb-addr-map", "--pretty-pgo-analysis-map"}} {
		b.Run(strings.Join(flags, " "), func(b *testing.B) {
			args := append(append([]string{"sections"}, flags...), path)
			b.ReportAllocs()
			for b.Loop() {
				if code := run(&env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}, args); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
