package bitcode

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/internal/irfixtures"

	"github.com/bcextract/bcextract/ir"
)

// TestLocationUniquing checks that DILocations are uniqued by content
// within each body and, when their scope and inlinedAt are module-level,
// across bodies, while the reader remembers only the module-level ones
// once a body is loaded.
func TestLocationUniquing(t *testing.T) {
	bcs := irfixtures.IR("../../testdata/ir")
	locs := 0
	for _, path := range bcs {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			r, m := firstModule(t, data)
			shared := map[locKey]*ir.DILocation{} // across bodies
			for _, fn := range m.Functions {
				if !fn.HasBody {
					continue
				}
				modID := r.lastID
				if err := r.LoadBody(fn); err != nil {
					t.Fatal(err)
				}
				if n := len(r.md.fnLocs.byID) + len(r.md.fnLocs.any); n != 0 {
					t.Errorf("@%s: %d locations of the body still uniqued after LoadBody", fn.Name, n)
				}
				for k := range r.md.locs.byID {
					if k.scope > modID || k.ia > modID {
						t.Errorf("@%s: location %+v uniqued module-wide has a node of the body", fn.Name, k)
					}
				}
				own := map[locKey]*ir.DILocation{} // in this body
				for _, b := range fn.Blocks {
					for _, in := range b.Instrs {
						d, ok := in.DebugLoc.(*ir.DILocation)
						if !ok || d.Distinct {
							continue
						}
						locs++
						k, ok := contentKey(d)
						if !ok {
							continue
						}
						seen := own
						if k.scope <= modID && k.ia <= modID {
							seen = shared
						}
						if old := seen[k]; old == nil {
							seen[k] = d
						} else if old != d {
							t.Errorf("@%s: two nodes for location %+v", fn.Name, k)
						}
					}
				}
			}
		})
	}
	if locs == 0 {
		t.Error("no fixture has locations")
	}
}

// contentKey returns the key of d by content, false when its scope or
// inlinedAt has no ID.
func contentKey(d *ir.DILocation) (locKey, bool) {
	sid, ok := mdID(d.Scope)
	iid, iok := mdID(d.InlinedAt)
	k := locKey{group: d.AtomGroup, scope: sid, ia: iid, line: d.Line, col: d.Column, rank: d.AtomRank, implicit: d.ImplicitCode}
	return k, ok && iok
}
