// Package bctest walks the bitcode fixtures of the repository for tests:
// fuzz targets seed their corpora with the records they find there.
package bctest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/wrapper"
)

// WalkFiles walks every bitcode file that glob matches, bare or inside a
// wrapper header, with v (see bitstream.Walk), and fails tb on any error
// or when glob matches nothing.
func WalkFiles(tb testing.TB, glob string, v bitstream.Visitor) {
	tb.Helper()
	names, err := filepath.Glob(glob)
	if err != nil || len(names) == 0 {
		tb.Fatalf("no bitcode fixtures match %s (%v)", glob, err)
	}
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			tb.Fatal(err)
		}
		if wrapper.IsWrapper(data) {
			if _, data, err = wrapper.Unwrap(data); err != nil {
				tb.Fatalf("%s: %v", n, err)
			}
		}
		r := bitstream.NewReader(data)
		if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
			tb.Fatalf("%s: %v", n, err)
		}
		if _, err := bitstream.Walk(r, v); err != nil {
			tb.Fatalf("%s: %v", n, err)
		}
	}
}
