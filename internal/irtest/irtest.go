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
	f, err := bitcode.Open(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	r := f.Modules[0]
	m, err := r.Module()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return r, m
}
