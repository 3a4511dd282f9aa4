// Package irtest reads the bitcode fixtures the IR packages' tests share.
package irtest

import (
	"os"
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// Module reads the first module of the bitcode file at path, failing the
// test if it does not read, and returns its reader (to load bodies) and
// the module.
func Module(t testing.TB, path string) (*bitcode.Reader, *ir.Module) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, m, err := Open(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return r, m
}

// Open reads the first module of data and returns its reader and the
// module.
func Open(data []byte) (*bitcode.Reader, *ir.Module, error) {
	f, err := bitcode.Open(data)
	if err != nil {
		return nil, nil, err
	}
	r := f.Modules[0]
	m, err := r.Module()
	return r, m, err
}

// BenchData returns the bitcode a benchmark reads: the file named by
// $BCX_BENCH_BC (Rust's libstd module, say, to measure a large input), or
// else fixture. The benchmark is skipped when the file cannot be read.
func BenchData(b *testing.B, fixture string) []byte {
	b.Helper()
	name := os.Getenv("BCX_BENCH_BC")
	if name == "" {
		name = fixture
	}
	data, err := os.ReadFile(name)
	if err != nil {
		b.Skip(err)
	}
	return data
}
