package irdiff_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/callgraph"
	"github.com/bcextract/bcextract/ir/irdiff"
	"github.com/bcextract/bcextract/ir/structhash"
)

// FuzzFunctions runs what funcs, callgraph and diff do with each module the
// reader returns: the structural hash, the call sites, the linked call
// graph and its writers, and the canonical text of every function. Whatever
// the input, they must return without a panic or a hang; and the hash of a
// body must not depend on the Hasher having hashed others before.
func FuzzFunctions(f *testing.F) {
	for _, dir := range []string{"../../testdata/irdiff/*.bc", "../../testdata/ir/*.bc"} {
		bcs, _ := filepath.Glob(dir)
		for _, bc := range bcs {
			data, err := os.ReadFile(bc)
			if err == nil && len(data) < 32<<10 {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := bitcode.Open(data)
		if err != nil {
			return
		}
		var b callgraph.Builder
		var h structhash.Hasher
		for _, r := range file.Modules {
			m, err := r.Module()
			if err != nil {
				continue
			}
			for _, fn := range m.Functions {
				if !fn.HasBody || r.LoadBody(fn) != nil {
					continue
				}
				s := h.Function(fn)
				if s2 := structhash.Function(fn); s2 != s {
					t.Fatalf("@%s: hash %v with a used Hasher, %v with a new one", fn.Name, s, s2)
				}
				c := callgraph.Collect(fn)
				b.Add("m", fn, &c)
				_ = irdiff.Canonical(io.Discard, m, fn)
			}
			for _, a := range m.Aliases {
				b.AddAlias("m", a)
			}
		}
		g := b.Graph()
		_ = g.WriteDOT(io.Discard)
		_ = g.WriteJSON(io.Discard)
	})
}
