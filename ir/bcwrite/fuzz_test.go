package bcwrite

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/internal/irfixtures"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// text returns the module read from data as llvm-dis prints it, and the
// module; ok is false when it does not read cleanly.
func text(t *testing.T, data []byte) (string, *ir.Module, *bitcode.Reader, bool) {
	f, err := bitcode.Options{}.Open(data)
	if err != nil || len(f.Modules) != 1 {
		return "", nil, nil, false
	}
	r := f.Modules[0]
	m, err := r.Module()
	if err != nil || len(r.Skipped()) > 0 {
		return "", nil, nil, false
	}
	var b bytes.Buffer
	if err := assembly.Write(&b, m, assembly.Options{ModuleID: "m", Loader: r}); err != nil {
		return "", nil, nil, false
	}
	if len(r.Skipped()) > 0 {
		return "", nil, nil, false
	}
	return b.String(), m, r, true
}

// FuzzWrite writes whatever module the reader reads cleanly from the
// input and this writer writes: never a panic; the bytes must read back
// cleanly and print as the module read from the input prints (the
// writer loses nothing the text shows), and writing the module again
// must give the same bytes (the module read back need not: as LLVM's, the
// symbol tables' layout depends on the order names were added, which is
// the order the file lists them).
func FuzzWrite(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/decl/*.bc")
	seeds = append(seeds, irfixtures.IR("../../testdata/ir")...)
	for _, path := range seeds {
		data, err := os.ReadFile(path)
		if err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, m, r, ok := text(t, data)
		if !ok {
			return
		}
		out, err := Write(m, Options{ModuleID: "m", Loader: r})
		var ue *UnsupportedError
		if errors.As(err, &ue) {
			return
		}
		if err != nil {
			t.Fatalf("Write: %v", err)
		}
		got, _, _, ok := text(t, out)
		if !ok {
			t.Fatalf("what was written does not read back cleanly")
		}
		if got != want {
			t.Fatalf("read back, the module prints\n%s\nwant\n%s", got, want)
		}
		again, err := Write(m, Options{ModuleID: "m", Loader: r})
		if err != nil {
			t.Fatalf("writing it again: %v", err)
		}
		if !bytes.Equal(again, out) {
			t.Fatalf("written again, %d bytes differ from the %d first written", len(again), len(out))
		}
	})
}
