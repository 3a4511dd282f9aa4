package irdiff_test

import (
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/callgraph"
	"github.com/bcextract/bcextract/ir/funcinfo"
	"github.com/bcextract/bcextract/ir/irdiff"
	"github.com/bcextract/bcextract/ir/structhash"
)

// FuzzFunctions runs what funcs, callgraph and diff do with each module the
// reader returns: the structural hash, the call sites, the linked call
// graph and its writers, and the canonical text of every function.
// Whatever the input, they must return without a panic or a hang. Two
// properties are checked too: the hash of a body does not depend on the
// Hasher having hashed others before, and a module read as funcs reads it
// (without debug info or summary, each body in the memory of the one
// before) gives the same descriptions as one read in full, function by
// function, wherever both read the body.
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
		lean, err := bitcode.Options{DropDebugInfo: true, DropSummary: true, ReuseBodies: true}.Open(data)
		if err != nil {
			t.Fatalf("opens once, not twice: %v", err)
		}
		var b callgraph.Builder
		var h structhash.Hasher
		var full, quick funcinfo.Describer
		for k, r := range file.Modules {
			m, err := r.Module()
			if err != nil {
				continue
			}
			lr := lean.Modules[k]
			lm, lerr := lr.Module()
			for i, fn := range m.Functions {
				if !fn.HasBody || r.LoadBody(fn) != nil {
					continue
				}
				s := h.Function(fn)
				if s2 := structhash.Function(fn); s2 != s {
					t.Fatalf("@%s: hash %v with a used Hasher, %v with a new one", fn.Name, s, s2)
				}
				want := full.Describe(fn, nil)
				if lerr == nil && i < len(lm.Functions) {
					if got, ok := describeLean(lr, lm.Functions[i], &quick); ok && !reflect.DeepEqual(got, want) {
						t.Fatalf("@%s: read in full %+v, read as funcs reads it %+v", fn.Name, want, got)
					}
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

// describeLean describes f, whose body r loads, and drops the body.
func describeLean(r *bitcode.Reader, f *ir.Function, d *funcinfo.Describer) (funcinfo.Func, bool) {
	if !f.HasBody || r.LoadBody(f) != nil {
		return funcinfo.Func{}, false
	}
	fn := d.Describe(f, nil)
	f.Params, f.Blocks = nil, nil
	return fn, true
}
