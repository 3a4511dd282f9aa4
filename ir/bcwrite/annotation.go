package bcwrite

import (
	"slices"

	"github.com/bcextract/bcextract/ir"
)

// An !annotation attachment is a tuple of annotations, each a string
// (!"auto-init") or, since LLVM 17, a tuple of a string and its
// parameters (AddressSanitizer's !{!"alloca_name_altered", !"buff"}):
// the verifiers of LLVM 16 and older refuse any operand but a string
// ("operands must be strings"). A reader before LLVM 17 is given each
// annotation with parameters as its string alone, the parameters
// dropped (reported), and an annotation with no string is dropped.

// olderAnnotations gives the !annotation attachments of f's body to a
// reader before LLVM 17 (see above); undo undoes it.
func (w *writer) olderAnnotations(f *ir.Function) (undo func()) {
	if w.knows(17) {
		return func() {}
	}
	type saved struct {
		in *ir.Instruction
		md []ir.Attachment
	}
	var old []saved
	made := map[ir.MDNode]ir.MDNode{} // an attachment's node, for each met
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			i := slices.IndexFunc(in.Metadata, func(a ir.Attachment) bool { return a.Kind == "annotation" })
			if i < 0 {
				continue
			}
			node, done := made[in.Metadata[i].Node]
			if !done {
				node = w.olderAnnotation(in.Metadata[i].Node)
				made[in.Metadata[i].Node] = node
			}
			if node == in.Metadata[i].Node {
				continue
			}
			old = append(old, saved{in, in.Metadata})
			md := slices.Clone(in.Metadata)
			if node == nil {
				md = slices.Delete(md, i, i+1)
			} else {
				md[i].Node = node
			}
			in.Metadata = md
		}
	}
	return func() {
		for _, s := range old {
			s.in.Metadata = s.md
		}
	}
}

// olderAnnotation returns the !annotation tuple n as a reader before LLVM
// 17 takes it: n itself when it holds strings only; else a tuple of the
// strings, each annotation with parameters given as its first operand
// (when a string); nil when none is left. The tuple made for n is made
// once: a body kept in memory meets n again in the writing pass, which
// must write the node the numbering pass numbered. The losses are said
// each time.
func (w *writer) olderAnnotation(n ir.MDNode) ir.MDNode {
	t, ok := n.(*ir.MDTuple)
	if !ok {
		return n
	}
	if !slices.ContainsFunc(t.Ops, func(op ir.Metadata) bool { _, s := op.(*ir.MDString); return !s }) {
		return n
	}
	var ops []ir.Metadata
	for _, op := range t.Ops {
		switch op := op.(type) {
		case *ir.MDString:
			ops = append(ops, op)
			continue
		case *ir.MDTuple:
			if len(op.Ops) > 0 {
				if s, ok := op.Ops[0].(*ir.MDString); ok {
					w.loseInBody("!annotation parameters (dropped)")
					ops = append(ops, s)
					continue
				}
			}
		}
		w.loseInBody("!annotation of other than a string (dropped)")
	}
	if made, ok := w.annotations[n]; ok {
		return made
	}
	var made ir.MDNode
	if len(ops) > 0 {
		made = &ir.MDTuple{Ops: ops}
	}
	if w.annotations == nil {
		w.annotations = map[ir.MDNode]ir.MDNode{}
	}
	w.annotations[n] = made
	return made
}
