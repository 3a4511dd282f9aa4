package bitcode_test

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"github.com/bcextract/bcextract/internal/bodypool"
	"github.com/bcextract/bcextract/internal/irtest"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// releaseFixtures are modules with several bodies: with debug info and
// function attachments (di-coro-O0), forward references in phis
// (instr-control), and many instructions (cxx-stl-O2).
var releaseFixtures = []string{"di-coro-O0.bc", "instr-control.bc", "cxx-stl-O2.bc"}

// bodies returns m's functions with bodies, the one with the most
// instructions first.
func bodies(t *testing.T, r *bitcode.Reader, m *ir.Module) []*ir.Function {
	t.Helper()
	var fs []*ir.Function
	n := map[*ir.Function]int{}
	for _, f := range m.Functions {
		if !f.HasBody {
			continue
		}
		if err := r.LoadBody(f); err != nil {
			t.Fatal(err)
		}
		n[f] = len(instructions(f))
		r.ReleaseBody(f)
		fs = append(fs, f)
	}
	slices.SortStableFunc(fs, func(a, b *ir.Function) int { return n[b] - n[a] })
	if len(fs) < 3 {
		t.Fatalf("%d bodies, want 3 or more", len(fs))
	}
	return fs
}

// instructions returns the instructions of f's loaded body.
func instructions(f *ir.Function) []*ir.Instruction {
	var ins []*ir.Instruction
	for _, b := range f.Blocks {
		ins = append(ins, b.Instrs...)
	}
	return ins
}

// text prints f's loaded body.
func text(t *testing.T, m *ir.Module, f *ir.Function) string {
	t.Helper()
	var b bytes.Buffer
	if err := assembly.WriteFunction(&b, m, f, assembly.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func load(t *testing.T, r *bitcode.Reader, f *ir.Function) {
	t.Helper()
	if err := r.LoadBody(f); err != nil {
		t.Fatal(err)
	}
}

// checkBodiless checks that f is as before its body was loaded, when its
// attachments were md.
func checkBodiless(t *testing.T, f *ir.Function, md []ir.Attachment) {
	t.Helper()
	if f.Params != nil || f.Blocks != nil {
		t.Errorf("@%s: %d params, %d blocks after release, want nil", f.Name, len(f.Params), len(f.Blocks))
	}
	if !slices.Equal(f.Metadata, md) {
		t.Errorf("@%s: attachments %v after release, want %v", f.Name, f.Metadata, md)
	}
	for i, a := range f.Metadata[len(f.Metadata):cap(f.Metadata)] {
		if a != (ir.Attachment{}) {
			t.Errorf("@%s: dropped attachment %d (%s) not cleared", f.Name, len(f.Metadata)+i, a.Kind)
		}
	}
}

// TestReleaseBody loads, releases, loads again and releases each body.
// With preset, each function is given an attachment of its own before
// its first load, as a module-level attachment: its kind, dbg, sorts
// first, so that the body's attachments go after it in the same array.
// With scrub, each release follows a bodypool.Scrub, as a prefetching
// printer's does.
func TestReleaseBody(t *testing.T) {
	for _, c := range []struct {
		name          string
		preset, scrub bool
	}{
		{"di-coro-O0.bc", false, false},
		{"di-coro-O0.bc", true, false},
		{"di-coro-O0.bc", false, true},
		{"instr-control.bc", false, false},
		{"instr-control.bc", true, false},
		{"instr-control.bc", false, true},
		{"cxx-stl-O2.bc", false, false},
		{"cxx-stl-O2.bc", false, true},
	} {
		name := c.name
		if c.preset {
			name += "/preset"
		}
		if c.scrub {
			name += "/scrub"
		}
		t.Run(name, func(t *testing.T) {
			r, m := irtest.Module(t, "../../testdata/ir/"+c.name)
			release := func(t *testing.T, f *ir.Function) {
				t.Helper()
				if c.scrub {
					bodypool.Scrub(f)
					for _, in := range instructions(f) {
						if in.Op != ir.BadOp || len(in.Operands) != 0 || in.Typ != nil || len(in.Succs) != 0 {
							t.Fatalf("@%s: instruction %+v after bodypool.Scrub", f.Name, in)
						}
					}
				}
				r.ReleaseBody(f)
			}
			attached := 0
			for _, f := range m.Functions {
				if !f.HasBody {
					continue
				}
				if c.preset {
					f.Metadata = append(make([]ir.Attachment, 0, 8), ir.Attachment{Kind: "dbg", Node: &ir.MDTuple{}})
				}
				md := slices.Clone(f.Metadata)
				load(t, r, f)
				if len(f.Metadata) > len(md) {
					attached++
				}
				want := text(t, m, f)
				release(t, f)
				checkBodiless(t, f, md)
				// Loaded again into released memory, it is the same.
				load(t, r, f)
				if got := text(t, m, f); got != want {
					t.Errorf("@%s reloaded after release:\n%s\nwant:\n%s", f.Name, got, want)
				}
				release(t, f)
				checkBodiless(t, f, md)
			}
			if c.name == "di-coro-O0.bc" && attached == 0 {
				t.Errorf("no body has attachments of its own")
			}
		})
	}
}

func TestReleaseBodyReuse(t *testing.T) {
	for _, name := range releaseFixtures {
		t.Run(name, func(t *testing.T) {
			r, m := irtest.Module(t, "../../testdata/ir/"+name)
			fs := bodies(t, r, m)
			a, b := fs[0], fs[1]
			load(t, r, a)
			released := map[*ir.Instruction]bool{}
			for _, in := range instructions(a) {
				released[in] = true
			}
			blocks := slices.Clone(a.Blocks)
			r.ReleaseBody(a)
			r.ReleaseBody(a) // a no-op: a's memory is handed back once
			load(t, r, b)
			if len(b.Blocks) > len(blocks) {
				t.Fatalf("@%s has %d blocks, more than @%s's %d", b.Name, len(b.Blocks), a.Name, len(blocks))
			}
			for _, bb := range b.Blocks {
				if !slices.Contains(blocks, bb) {
					t.Errorf("@%s: block %p is not one of released @%s's", b.Name, bb, a.Name)
				}
			}
			ins := instructions(b)
			if len(ins) >= len(released) {
				t.Fatalf("@%s has %d instructions, not fewer than @%s's %d", b.Name, len(ins), a.Name, len(released))
			}
			seen := map[*ir.Instruction]bool{}
			for _, in := range ins {
				if !released[in] {
					t.Errorf("@%s: instruction %p is not one of released @%s's", b.Name, in, a.Name)
				}
				if seen[in] {
					t.Errorf("@%s: instruction %p handed out twice", b.Name, in)
				}
				seen[in] = true
			}
		})
	}
}

// TestReleaseBodyLoaded checks that a body still loaded is never reused:
// A is loaded, then B, which is released, then C.
func TestReleaseBodyLoaded(t *testing.T) {
	for _, name := range releaseFixtures {
		t.Run(name, func(t *testing.T) {
			r, m := irtest.Module(t, "../../testdata/ir/"+name)
			fs := bodies(t, r, m)
			// The smallest body is A, so that C cannot fit in B's memory
			// alone.
			a, b, c := fs[len(fs)-1], fs[1], fs[0]
			load(t, r, a)
			want := text(t, m, a)
			ains := instructions(a)
			load(t, r, b)
			r.ReleaseBody(b)
			load(t, r, c)
			if got := text(t, m, a); got != want {
				t.Errorf("@%s after loading @%s and @%s:\n%s\nwant:\n%s", a.Name, b.Name, c.Name, got, want)
			}
			for _, in := range instructions(c) {
				if slices.Contains(ains, in) {
					t.Errorf("@%s: instruction %p is one of loaded @%s's", c.Name, in, a.Name)
				}
			}
			r.ReleaseBody(c)
			r.ReleaseBody(a)
		})
	}
}

// TestReleaseBodyNotLoaded checks that releasing a body r did not load
// does nothing: one never loaded, or one another reader loaded.
func TestReleaseBodyNotLoaded(t *testing.T) {
	for _, name := range releaseFixtures {
		t.Run(name, func(t *testing.T) {
			path := "../../testdata/ir/" + name
			r, m := irtest.Module(t, path)
			r2, m2 := irtest.Module(t, path)
			var f, f2 *ir.Function
			for i, g := range m.Functions {
				if g.HasBody {
					f, f2 = g, m2.Functions[i]
					break
				}
			}
			md := slices.Clone(f.Metadata)
			r.ReleaseBody(f)
			checkBodiless(t, f, md)
			load(t, r2, f2)
			want := text(t, m2, f2)
			ins := instructions(f2)
			r.ReleaseBody(f2)
			if got := text(t, m2, f2); got != want {
				t.Errorf("@%s released by another reader:\n%s\nwant:\n%s", f2.Name, got, want)
			}
			load(t, r, f)
			for _, in := range instructions(f) {
				if slices.Contains(ins, in) {
					t.Errorf("@%s: instruction %p is one of the other reader's", f.Name, in)
				}
			}
		})
	}
}

// TestReleaseBodyTwice checks a body loaded twice before its release: the
// first load stays as it was, and the release makes f bodiless.
func TestReleaseBodyTwice(t *testing.T) {
	for _, name := range releaseFixtures {
		t.Run(name, func(t *testing.T) {
			r, m := irtest.Module(t, "../../testdata/ir/"+name)
			fs := bodies(t, r, m)
			f := fs[0]
			md := slices.Clone(f.Metadata)
			load(t, r, f)
			want := text(t, m, f)
			params, blocks, attached := f.Params, f.Blocks, slices.Clone(f.Metadata)
			load(t, r, f)
			if got := text(t, m, f); got != want {
				t.Errorf("@%s loaded twice:\n%s\nwant:\n%s", f.Name, got, want)
			}
			r.ReleaseBody(f)
			checkBodiless(t, f, md)
			for _, g := range fs[1:] {
				load(t, r, g)
			}
			// The first load was not released: it is untouched (but for
			// f's attachments, which are f's own).
			f.Params, f.Blocks, f.Metadata = params, blocks, attached
			if got := text(t, m, f); got != want {
				t.Errorf("@%s's first load after the release of its second:\n%s\nwant:\n%s", f.Name, got, want)
			}
		})
	}
}

// TestReuseBodies checks that with ReuseBodies each LoadBody reuses the
// memory of the body before it, though the caller set its Blocks to nil,
// and that a body released by the caller as well is not handed back twice.
func TestReuseBodies(t *testing.T) {
	for _, name := range releaseFixtures {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile("../../testdata/ir/" + name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := bitcode.Options{ReuseBodies: true}.Open(data)
			if err != nil {
				t.Fatal(err)
			}
			r := f.Modules[0]
			m, err := r.Module()
			if err != nil {
				t.Fatal(err)
			}
			fs := bodies(t, r, m)
			// B, the smallest, fits in A's memory; C, larger than B, would
			// get some of B's instructions twice if B were handed back
			// twice.
			a, b, c := fs[0], fs[len(fs)-1], fs[1]
			md := slices.Clone(a.Metadata)
			load(t, r, a)
			released := map[*ir.Instruction]bool{}
			for _, in := range instructions(a) {
				released[in] = true
			}
			a.Params, a.Blocks = nil, nil
			load(t, r, b)
			checkBodiless(t, a, md)
			for _, in := range instructions(b) {
				if !released[in] {
					t.Errorf("@%s: instruction %p is not one of @%s's", b.Name, in, a.Name)
				}
			}
			r.ReleaseBody(b)
			load(t, r, c)
			seen := map[*ir.Instruction]bool{}
			for _, in := range instructions(c) {
				if seen[in] {
					t.Errorf("@%s: instruction %p handed out twice", c.Name, in)
				}
				seen[in] = true
			}
		})
	}
}
