// Package irdiff compares the functions of two builds: it pairs their
// modules and functions, reports the functions added, removed and changed
// (their structural hashes differ, see package structhash), and shows a
// changed function's IR as a unified diff in a numbering that hides what
// does not matter.
package irdiff

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"slices"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/structhash"
)

// A Module is what Compare knows of one module.
type Module struct {
	// Path is the module's container path, Source its source_filename.
	Path, Source string
	// Funcs are its function definitions.
	Funcs []Func
}

// A Func is a function definition: its name and structural hash.
type Func struct {
	Name string
	Hash structhash.Sum
}

// A Change is a function added, removed or changed.
type Change struct {
	// Path is the container path of the module holding the function: in
	// the new build, or in the old one for a removed function. OldPath is
	// that of the old build's module, for a changed function.
	Path    string `json:"path"`
	OldPath string `json:"-"`
	Name    string `json:"name"`
}

// A Result is the outcome of [Compare].
type Result struct {
	Added   []Change `json:"added"`
	Removed []Change `json:"removed"`
	Changed []Change `json:"changed"`
}

// Empty reports whether nothing differs.
func (r *Result) Empty() bool {
	return len(r.Added) == 0 && len(r.Removed) == 0 && len(r.Changed) == 0
}

// Compare pairs the modules of an old and a new build and compares the
// functions of each pair. Modules are paired by source file name, or by
// container path when they have none; when several modules of a build
// share a name, those of equal container path pair first, then the rest in
// order. Functions are paired by name: a function defined only in the new
// module of a pair (or in a module without a pair) is added, one only in
// the old one removed, one in both with different structural hashes
// changed. The changes are in the order of the new build's modules and
// functions (of the old one's, for removed functions).
func Compare(old, new []*Module) *Result {
	r := &Result{Added: []Change{}, Removed: []Change{}, Changed: []Change{}}
	pairs, oldAlone, newAlone := pairModules(old, new)
	for _, p := range pairs {
		o, n := p[0], p[1]
		oldFuncs := make(map[string]structhash.Sum, len(o.Funcs))
		for _, f := range o.Funcs {
			oldFuncs[f.Name] = f.Hash
		}
		newFuncs := make(map[string]bool, len(n.Funcs))
		for _, f := range n.Funcs {
			newFuncs[f.Name] = true
			h, ok := oldFuncs[f.Name]
			switch {
			case !ok:
				r.Added = append(r.Added, Change{Path: n.Path, Name: f.Name})
			case h != f.Hash:
				r.Changed = append(r.Changed, Change{Path: n.Path, OldPath: o.Path, Name: f.Name})
			}
		}
		for _, f := range o.Funcs {
			if !newFuncs[f.Name] {
				r.Removed = append(r.Removed, Change{Path: o.Path, Name: f.Name})
			}
		}
	}
	for _, m := range newAlone {
		for _, f := range m.Funcs {
			r.Added = append(r.Added, Change{Path: m.Path, Name: f.Name})
		}
	}
	for _, m := range oldAlone {
		for _, f := range m.Funcs {
			r.Removed = append(r.Removed, Change{Path: m.Path, Name: f.Name})
		}
	}
	return r
}

// key is the name modules are paired by.
func key(m *Module) string {
	if m.Source != "" {
		return "s:" + m.Source
	}
	return "p:" + m.Path
}

// pairModules pairs the modules of the two builds (see Compare), in the
// order of the new build's modules, and returns those left alone.
func pairModules(old, new []*Module) (pairs [][2]*Module, oldAlone, newAlone []*Module) {
	byKey := make(map[string][]*Module)
	for _, m := range old {
		byKey[key(m)] = append(byKey[key(m)], m)
	}
	taken := make(map[*Module]bool)
	var unpaired []*Module
	// Equal paths first, among the modules of one name...
	for _, n := range new {
		var match *Module
		for _, o := range byKey[key(n)] {
			if !taken[o] && o.Path == n.Path {
				match = o
				break
			}
		}
		if match == nil {
			unpaired = append(unpaired, n)
			continue
		}
		taken[match] = true
		pairs = append(pairs, [2]*Module{match, n})
	}
	// ...then the rest in order.
	for _, n := range unpaired {
		var match *Module
		for _, o := range byKey[key(n)] {
			if !taken[o] {
				match = o
				break
			}
		}
		if match == nil {
			newAlone = append(newAlone, n)
			continue
		}
		taken[match] = true
		pairs = append(pairs, [2]*Module{match, n})
	}
	for _, o := range old {
		if !taken[o] {
			oldAlone = append(oldAlone, o)
		}
	}
	// Keep the new build's order in the report.
	pos := make(map[*Module]int, len(new))
	for i, n := range new {
		pos[n] = i
	}
	slices.SortStableFunc(pairs, func(a, b [2]*Module) int { return pos[a[1]] - pos[b[1]] })
	return pairs, oldAlone, newAlone
}

// WriteText writes r a line per function: "added   PATH: NAME",
// "removed PATH: NAME", then "changed PATH: NAME"; after each changed
// function, what show returns for it when show is not nil (a unified diff
// of its IR, say).
func (r *Result) WriteText(w io.Writer, show func(c Change) (string, error)) error {
	bw := bufio.NewWriter(w)
	for _, c := range r.Added {
		bw.WriteString("added   " + c.Path + ": " + c.Name + "\n")
	}
	for _, c := range r.Removed {
		bw.WriteString("removed " + c.Path + ": " + c.Name + "\n")
	}
	for _, c := range r.Changed {
		bw.WriteString("changed " + c.Path + ": " + c.Name + "\n")
		if show != nil {
			s, err := show(c)
			if err != nil {
				return err
			}
			bw.WriteString(s)
		}
	}
	return bw.Flush()
}

// WriteJSON writes r as one JSON document: {"added": [{"path", "name"}],
// "removed": [...], "changed": [...]}.
func (r *Result) WriteJSON(w io.Writer) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// Canonical writes f, a function of m whose body is loaded, in the form
// diff compares: as [assembly.WriteFunction] writes it once every local
// value is unnamed (so numbered in order) and what the structural hash
// leaves out is dropped: debug info (!dbg locations, #dbg records and DI
// attachments) and source locations (!srcloc; see
// [structhash.SkipsAttachment]). It changes f's loaded body to do so: load
// it again to get the original back.
func Canonical(w io.Writer, m *ir.Module, f *ir.Function) error {
	for _, a := range f.Params {
		if a != nil {
			a.Name = ""
		}
	}
	copies := make(map[*ir.MDTuple]*ir.MDTuple)
	f.Metadata = hashedOnly(f.Metadata, copies)
	for _, b := range f.Blocks {
		if b == nil {
			continue
		}
		b.Name = ""
		for _, in := range b.Instrs {
			if in == nil {
				continue
			}
			in.Name = ""
			in.DebugLoc = nil
			in.DebugRecords = nil
			in.Metadata = hashedOnly(in.Metadata, copies)
		}
	}
	return assembly.WriteFunction(w, m, f, assembly.Options{})
}

// hashedOnly returns the attachments the structural hash covers: without
// !dbg, !srcloc and the others whose node is a DI node (a !DIAssignID,
// say), so that the text shows no difference the hash does not count. The
// tuples are replaced by copies without DI operands (a loop's node lists
// DILocations in a -g build), made once each in copies.
func hashedOnly(as []ir.Attachment, copies map[*ir.MDTuple]*ir.MDTuple) []ir.Attachment {
	out := as[:0]
	for _, a := range as {
		if structhash.SkipsAttachment(a) {
			continue
		}
		if t, ok := a.Node.(*ir.MDTuple); ok && t != nil {
			a.Node = withoutDI(t, copies)
		}
		out = append(out, a)
	}
	return out
}

// withoutDI returns a copy of t and of every tuple under it with their DI
// operands left out, sharing and cycles kept (a loop's node lists itself).
// It walks with a stack of its own, not recursion: hostile input can nest
// tuples without end.
func withoutDI(t *ir.MDTuple, copies map[*ir.MDTuple]*ir.MDTuple) *ir.MDTuple {
	var stack []*ir.MDTuple
	copyOf := func(t *ir.MDTuple) *ir.MDTuple {
		c, ok := copies[t]
		if !ok {
			c = &ir.MDTuple{Distinct: t.Distinct}
			copies[t] = c
			stack = append(stack, t)
		}
		return c
	}
	root := copyOf(t)
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c := copies[t]
		c.Ops = make([]ir.Metadata, 0, len(t.Ops))
		for _, op := range t.Ops {
			if o, ok := op.(*ir.MDTuple); ok && o != nil {
				c.Ops = append(c.Ops, copyOf(o))
				continue
			}
			if !ir.IsDebugInfo(op) {
				c.Ops = append(c.Ops, op)
			}
		}
	}
	return root
}
