package bitcode

import (
	"github.com/bcextract/bcextract/ir"
)

// The !tbaa attachments LLVM 22's reader does not take as they are. It
// upgrades an old scalar tag (!{!"name", !parent} or with a third
// operand) to a struct-path one (UpgradeTBAANode), as checkTBAA does, and
// it checks each tag with LLVM's TBAA verifier: when one fails, it drops
// every !tbaa of the module: checkTBAA tells the caller to read the
// module again without them (stripOrSkip, StripTBAA). tbaaValid follows the verifier's rules
// (TBAAVerifier::visitTBAAMetadata).

// maxTBAADepth bounds the struct-path and parent chains followed.
const maxTBAADepth = 256

// checkTBAA returns the !tbaa attachment that n, read for in, is in
// LLVM 22 (an old scalar tag upgraded), and notes one that LLVM's TBAA
// verifier rejects (stripOrSkip).
func (r *Reader) checkTBAA(in *ir.Instruction, n ir.MDNode) ir.MDNode {
	up := r.up
	if up == nil {
		return n
	}
	if n != up.lastTBAA {
		if t, isTuple := n.(*ir.MDTuple); isTuple && !isStructPathTag(t) {
			n = r.upgradeTBAATag(t)
		}
		if up.tbaaSeen == nil {
			up.tbaaSeen = map[ir.MDNode]bool{}
		}
		ok, seen := up.tbaaSeen[n]
		if !seen {
			ok = tbaaValid(n)
			up.tbaaSeen[n] = ok
		}
		if !ok {
			r.stripOrSkip(StripTBAA, tbaaDropped)
			return n
		}
		up.lastTBAA = n
	}
	if !tbaaInstr(in.Op) {
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

// tbaaInstr reports whether instructions of op may have a !tbaa.
func tbaaInstr(op ir.Opcode) bool {
	switch op {
	case ir.Load, ir.Store, ir.Call, ir.VAArg, ir.AtomicRMW, ir.AtomicCmpXchg:
		return true
	}
	return false
}

// isStructPathTag reports whether t is a struct-path tag: a node first
// and at least three operands.
func isStructPathTag(t *ir.MDTuple) bool {
	if len(t.Ops) < 3 {
		return false
	}
	_, ok := t.Ops[0].(ir.MDNode)
	return ok
}

// tbaaInt returns the integer constant m holds, its width, and whether
// it is one (wider than 64 bits: not).
func tbaaInt(m ir.Metadata) (uint64, uint32, bool) {
	vm, ok := m.(*ir.ValueAsMetadata)
	if !ok {
		return 0, 0, false
	}
	c, ok := vm.Value.(*ir.ConstInt)
	if !ok || c.Big != nil || c.Typ == nil || c.Typ.Kind != ir.IntegerType || c.Typ.BitWidth > 64 {
		return 0, 0, false
	}
	w := c.Typ.BitWidth
	v := uint64(c.V)
	if w < 64 {
		v &= 1<<w - 1
	}
	return v, w, true
}

// tuple returns m as a generic node, or nil.
func tuple(m ir.Metadata) *ir.MDTuple {
	t, _ := m.(*ir.MDTuple)
	return t
}

// isNewFormatTBAAType reports whether t is a type node of the new format
// (three operands or more, a node first).
func isNewFormatTBAAType(t *ir.MDTuple) bool {
	return t != nil && isStructPathTag(t)
}

// isRootTBAA reports whether t is a root node.
func isRootTBAA(t *ir.MDTuple) bool { return len(t.Ops) < 2 }

// isScalarTBAA reports whether t is a valid scalar type node: a name, a
// parent that is a root or a scalar node, and an optional zero offset.
func isScalarTBAA(t *ir.MDTuple) bool {
	seen := map[*ir.MDTuple]bool{}
	for range maxTBAADepth {
		if len(t.Ops) != 2 && len(t.Ops) != 3 {
			return false
		}
		if _, ok := t.Ops[0].(*ir.MDString); !ok {
			return false
		}
		if len(t.Ops) == 3 {
			if v, _, ok := tbaaInt(t.Ops[2]); !ok || v != 0 {
				return false
			}
		}
		p := tuple(t.Ops[1])
		if p == nil || seen[p] {
			return false
		}
		seen[p] = true
		if isRootTBAA(p) {
			return true
		}
		t = p
	}
	return false
}

// tbaaBase checks base node b: ok, and the width of its offsets (0 for a
// scalar node, ^0 when it has no field).
func tbaaBase(b *ir.MDTuple, newFormat bool) (uint32, bool) {
	if len(b.Ops) < 2 {
		return 0, false
	}
	if len(b.Ops) == 2 {
		return 0, isScalarTBAA(b)
	}
	if newFormat {
		if _, _, ok := tbaaInt(b.Ops[1]); !ok {
			return 0, false
		}
	} else if _, ok := b.Ops[0].(*ir.MDString); !ok {
		return 0, false
	}
	first, per := 1, 2
	if newFormat {
		first, per = 3, 3
	}
	width := ^uint32(0)
	failed, havePrev := false, false
	var prev uint64
	for i := first; i < len(b.Ops); i += per {
		if _, ok := b.Ops[i].(ir.MDNode); !ok {
			failed = true
			continue
		}
		if i+1 >= len(b.Ops) {
			// LLVM reads past the node's operands here; call it invalid.
			return 0, false
		}
		v, w, ok := tbaaInt(b.Ops[i+1])
		if !ok {
			failed = true
			continue
		}
		if width == ^uint32(0) {
			width = w
		}
		if w != width {
			failed = true
			continue
		}
		if havePrev && prev > v {
			failed = true
		}
		prev, havePrev = v, true
		if newFormat {
			if i+2 >= len(b.Ops) {
				return 0, false
			}
			if _, _, ok := tbaaInt(b.Ops[i+2]); !ok {
				failed = true
			}
		}
	}
	return width, !failed
}

// tbaaField returns the node of b's field at offset, and the offset
// within it; nil when there is none.
func tbaaField(b *ir.MDTuple, offset uint64, width uint32, newFormat bool) (*ir.MDTuple, uint64) {
	if len(b.Ops) == 2 {
		return tuple(b.Ops[1]), offset
	}
	first, per := 1, 2
	if newFormat {
		first, per = 3, 3
	}
	mask := ^uint64(0)
	if width < 64 {
		mask = 1<<width - 1
	}
	off := func(i int) uint64 { v, _, _ := tbaaInt(b.Ops[i+1]); return v }
	for i := first; i < len(b.Ops); i += per {
		if off(i) > offset {
			if i == first {
				return nil, offset
			}
			p := i - per
			return tuple(b.Ops[p]), (offset - off(p)) & mask
		}
	}
	last := len(b.Ops) - per
	if last < first {
		return nil, offset
	}
	return tuple(b.Ops[last]), (offset - off(last)) & mask
}

// tbaaValid reports whether access tag n passes LLVM's TBAA verifier
// (for an instruction that may have one).
func tbaaValid(n ir.MDNode) bool {
	md := tuple(n)
	if md == nil || !isStructPathTag(md) {
		return false
	}
	base := tuple(md.Ops[0])
	access := tuple(md.Ops[1])
	newFormat := isNewFormatTBAAType(access)
	if newFormat {
		if len(md.Ops) != 4 && len(md.Ops) != 5 {
			return false
		}
		if _, _, ok := tbaaInt(md.Ops[3]); !ok {
			return false
		}
	} else if len(md.Ops) >= 5 {
		return false
	}
	imm := 3
	if newFormat {
		imm = 4
	}
	if len(md.Ops) == imm+1 {
		v, _, ok := tbaaInt(md.Ops[imm])
		if !ok || v > 1 {
			return false
		}
	}
	if base == nil || access == nil {
		return false
	}
	if !newFormat && !isScalarTBAA(access) {
		return false
	}
	offset, width, ok := tbaaInt(md.Ops[2])
	if !ok {
		return false
	}
	seenAccess := false
	path := map[*ir.MDTuple]bool{}
	for depth := 0; base != nil && !isRootTBAA(base); depth++ {
		if path[base] || depth > maxTBAADepth {
			return false
		}
		path[base] = true
		bw, ok := tbaaBase(base, newFormat)
		if !ok {
			return false
		}
		seenAccess = seenAccess || base == access
		if (isScalarTBAA(base) || base == access) && offset != 0 {
			return false
		}
		if bw != width && !(bw == 0 && offset == 0) && !(newFormat && bw == ^uint32(0)) {
			return false
		}
		if newFormat && seenAccess {
			break
		}
		base, offset = tbaaField(base, offset, bw, newFormat)
	}
	return seenAccess
}
