package bitcode

import (
	"github.com/bcextract/bcextract/ir"
)

// The !tbaa attachments LLVM 22's reader does not take as they are. It
// upgrades an old scalar tag (!{!"name", !parent} or with a third
// operand) to a struct-path one (UpgradeTBAANode), as checkTBAA does, and
// it checks each tag with LLVM's TBAA verifier: when one fails, it drops
// every !tbaa of the module: checkTBAA tells the caller to read the
// module again without them (stripOrSkip, StripTBAA); with
// Options.LinkerTBAA it leaves that to its caller. ir.ValidTBAATag follows
// the verifier's rules (TBAAVerifier::visitTBAAMetadata).

// checkTBAA returns the !tbaa attachment that n, read for in, is in
// LLVM 22 (an old scalar tag upgraded), and notes one that LLVM's TBAA
// verifier rejects (stripOrSkip).
func (r *Reader) checkTBAA(in *ir.Instruction, n ir.MDNode) ir.MDNode {
	up := r.up
	if up == nil {
		return n
	}
	if r.linkerTBAA {
		// The linker checks (Options.LinkerTBAA).
		if t, isTuple := n.(*ir.MDTuple); isTuple && !ir.IsStructPathTBAATag(t) {
			n = r.upgradeTBAATag(t)
		}
		return n
	}
	if n != up.lastTBAA {
		if t, isTuple := n.(*ir.MDTuple); isTuple && !ir.IsStructPathTBAATag(t) {
			n = r.upgradeTBAATag(t)
		}
		if up.tbaaSeen == nil {
			up.tbaaSeen = map[ir.MDNode]bool{}
		}
		ok, seen := up.tbaaSeen[n]
		if !seen {
			ok = ir.ValidTBAATag(n)
			up.tbaaSeen[n] = ok
		}
		if !ok {
			r.stripOrSkip(StripTBAA, tbaaDropped)
			return n
		}
		up.lastTBAA = n
	}
	if !ir.TBAAInstruction(in.Op) {
		r.stripOrSkip(StripTBAA, tbaaDropped)
	}
	return n
}

// tbaaDropped is the report of a tag LLVM's TBAA verifier rejects.
const tbaaDropped = "llvm-dis-22 drops every !tbaa of the module (a !tbaa tag fails its TBAA verifier)"

// upgradeTBAATag returns the struct-path tag that old scalar tag t
// becomes (UpgradeTBAANode): !{!T, !T, i64 0, C} with T = !{N, P} for
// !{N, P, C}, else !{t, t, i64 0}; nodes LLVM finds uniqued where the
// module has them.
func (r *Reader) upgradeTBAATag(t *ir.MDTuple) *ir.MDTuple {
	up := r.up
	if nt := up.tbaaUp[t]; nt != nil {
		return nt
	}
	i64 := r.findType(&ir.Type{Kind: ir.IntegerType, BitWidth: 64})
	zero := &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: i64}}
	ops := []ir.Metadata{t, t, zero}
	if len(t.Ops) == 3 {
		scalar := r.uniqueTuple(func(u *ir.MDTuple) bool { return sameMDOps(u.Ops, t.Ops[:2]) }, t.Ops[0], t.Ops[1])
		ops = []ir.Metadata{scalar, scalar, zero, t.Ops[2]}
	}
	nt := r.uniqueTuple(func(u *ir.MDTuple) bool { return sameMDOps(u.Ops, ops) }, ops...)
	if up.tbaaUp == nil {
		up.tbaaUp = map[*ir.MDTuple]*ir.MDTuple{}
	}
	up.tbaaUp[t] = nt
	return nt
}

// sameMDOps reports whether a and b are the same operands, as uniquing
// sees them: the same nodes, equal strings, equal integer constants.
func sameMDOps(a, b []ir.Metadata) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] == b[i] {
			continue
		}
		switch x := a[i].(type) {
		case *ir.MDString:
			y, ok := b[i].(*ir.MDString)
			if !ok || x.Value != y.Value {
				return false
			}
		case *ir.ValueAsMetadata:
			y, ok := b[i].(*ir.ValueAsMetadata)
			if !ok {
				return false
			}
			if x.Value == y.Value {
				continue
			}
			cx, ok1 := x.Value.(*ir.ConstInt)
			cy, ok2 := y.Value.(*ir.ConstInt)
			if !ok1 || !ok2 || cx.Big != nil || cy.Big != nil || cx.V != cy.V || !sameKind(cx.Typ, cy.Typ) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
