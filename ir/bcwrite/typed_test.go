package bcwrite

import (
	"bytes"
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// countingLoader loads bodies through a bitcode.Reader and counts the
// loads of each function.
type countingLoader struct {
	r     *bitcode.Reader
	loads map[string]int
}

func (c *countingLoader) LoadBody(f *ir.Function) error {
	c.loads[f.Name]++
	return c.r.LoadBody(f)
}

func (c *countingLoader) ReleaseBody(f *ir.Function) { c.r.ReleaseBody(f) }

// upgraderLoader is a countingLoader that says whether its reader
// upgrades bodies with what the module level holds (ir.BodyUpgrader).
type upgraderLoader struct{ *countingLoader }

func (c upgraderLoader) UpgradesBodies() bool { return c.r.UpgradesBodies() }

// TestTypedBodiesStreamed writes modules for LLVM 14 (typed pointers)
// through a loader that is an ir.BodyUpgrader and one that is not: the
// first module's reader upgrades no body, so its bodies are read as
// they are numbered and again as they are written, each typed as it is
// read; the second's (an LLVM 6 module of AVX-512 intrinsics) rewrites
// calls, and a loader that does not say it does not may: every body is
// read once, before the module level is typed. The bytes are the same
// either way. (shared-md.bc's bodies share with the module level what
// typing them changes: .ci/run runs this test with -race.)
func TestTypedBodiesStreamed(t *testing.T) {
	for _, tc := range []struct {
		path  string
		loads int // per body, through the BodyUpgrader
	}{
		{"../typedptr/testdata/typed.bc", 2},
		{"../typedptr/testdata/shared-md.bc", 2},
		{"../../testdata/ir/upgrade/x86-avx512-llvm6-O0.bc", 1},
	} {
		data := readFile(t, tc.path)
		var outs [2][]byte
		for i, rewriter := range []bool{true, false} {
			m, r := openModule(t, data)
			c := &countingLoader{r: r, loads: map[string]int{}}
			var loader ir.BodyLoader = c
			if rewriter {
				loader = upgraderLoader{c}
			}
			out, err := Write(m, Options{ModuleID: "m", Loader: loader, Version: 14})
			if err != nil {
				t.Fatalf("%s: %v", tc.path, err)
			}
			outs[i] = out
			want := tc.loads
			if !rewriter {
				want = 1
			}
			bodies := 0
			for _, f := range m.Functions {
				if f.HasBody {
					bodies++
					if c.loads[f.Name] != want {
						t.Errorf("%s (BodyUpgrader %t): @%s loaded %d times, want %d", tc.path, rewriter, f.Name, c.loads[f.Name], want)
					}
				}
			}
			if bodies == 0 {
				t.Fatalf("%s: no body", tc.path)
			}
		}
		if !bytes.Equal(outs[0], outs[1]) {
			t.Errorf("%s: the bodies streamed and those read first give other bytes", tc.path)
		}
	}
}
