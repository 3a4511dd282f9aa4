package ir

// The checks of LLVM 22's TBAA verifier on a !tbaa access tag, which LLVM's
// reader makes on every body it reads (ir/bitcode) and llvm-link-22 on
// every body it links (ir/link).

// IntMetadata returns the integer constant m wraps (a ValueAsMetadata of
// a ConstInt), zero-extended from its width, and that width; ok is false
// when m is not one or is wider than 64 bits.
func IntMetadata(m Metadata) (uint64, uint32, bool) {
	vm, ok := m.(*ValueAsMetadata)
	if !ok {
		return 0, 0, false
	}
	c, ok := vm.Value.(*ConstInt)
	if !ok || c.Big != nil || c.Typ == nil || c.Typ.Kind != IntegerType || c.Typ.BitWidth > 64 {
		return 0, 0, false
	}
	w := c.Typ.BitWidth
	v := uint64(c.V)
	if w < 64 {
		v &= 1<<w - 1
	}
	return v, w, true
}

// maxTBAADepth bounds the struct-path and parent chains followed.
const maxTBAADepth = 256

// TBAAInstruction reports whether instructions of op may have a !tbaa
// attachment, as LLVM's TBAA verifier allows.
func TBAAInstruction(op Opcode) bool {
	switch op {
	case Load, Store, Call, VAArg, AtomicRMW, AtomicCmpXchg:
		return true
	}
	return false
}

// IsStructPathTBAATag reports whether t is a struct-path TBAA access tag:
// a node first and at least three operands (an older scalar tag is not).
func IsStructPathTBAATag(t *MDTuple) bool {
	if len(t.Ops) < 3 {
		return false
	}
	_, ok := t.Ops[0].(MDNode)
	return ok
}

// tbaaTuple returns m as a generic node, or nil.
func tbaaTuple(m Metadata) *MDTuple {
	t, _ := m.(*MDTuple)
	return t
}

// isNewFormatTBAAType reports whether t is a type node of the new format
// (three operands or more, a node first).
func isNewFormatTBAAType(t *MDTuple) bool {
	return t != nil && IsStructPathTBAATag(t)
}

// isRootTBAA reports whether t is a root node.
func isRootTBAA(t *MDTuple) bool { return len(t.Ops) < 2 }

// isScalarTBAA reports whether t is a valid scalar type node: a name, a
// parent that is a root or a scalar node, and an optional zero offset.
func isScalarTBAA(t *MDTuple) bool {
	seen := map[*MDTuple]bool{}
	for range maxTBAADepth {
		if len(t.Ops) != 2 && len(t.Ops) != 3 {
			return false
		}
		if _, ok := t.Ops[0].(*MDString); !ok {
			return false
		}
		if len(t.Ops) == 3 {
			if v, _, ok := IntMetadata(t.Ops[2]); !ok || v != 0 {
				return false
			}
		}
		p := tbaaTuple(t.Ops[1])
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
func tbaaBase(b *MDTuple, newFormat bool) (uint32, bool) {
	if len(b.Ops) < 2 {
		return 0, false
	}
	if len(b.Ops) == 2 {
		return 0, isScalarTBAA(b)
	}
	if newFormat {
		if _, _, ok := IntMetadata(b.Ops[1]); !ok {
			return 0, false
		}
	} else if _, ok := b.Ops[0].(*MDString); !ok {
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
		if _, ok := b.Ops[i].(MDNode); !ok {
			failed = true
			continue
		}
		if i+1 >= len(b.Ops) {
			// LLVM reads past the node's operands here; call it invalid.
			return 0, false
		}
		v, w, ok := IntMetadata(b.Ops[i+1])
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
			if _, _, ok := IntMetadata(b.Ops[i+2]); !ok {
				failed = true
			}
		}
	}
	return width, !failed
}

// tbaaField returns the node of b's field at offset, and the offset
// within it; nil when there is none.
func tbaaField(b *MDTuple, offset uint64, width uint32, newFormat bool) (*MDTuple, uint64) {
	if len(b.Ops) == 2 {
		return tbaaTuple(b.Ops[1]), offset
	}
	first, per := 1, 2
	if newFormat {
		first, per = 3, 3
	}
	mask := ^uint64(0)
	if width < 64 {
		mask = 1<<width - 1
	}
	off := func(i int) uint64 { v, _, _ := IntMetadata(b.Ops[i+1]); return v }
	for i := first; i < len(b.Ops); i += per {
		if off(i) > offset {
			if i == first {
				return nil, offset
			}
			p := i - per
			return tbaaTuple(b.Ops[p]), (offset - off(p)) & mask
		}
	}
	last := len(b.Ops) - per
	if last < first {
		return nil, offset
	}
	return tbaaTuple(b.Ops[last]), (offset - off(last)) & mask
}

// ValidTBAATag reports whether access tag n passes LLVM 22's TBAA verifier
// (TBAAVerifier::visitTBAAMetadata), for an instruction that may have one
// (TBAAInstruction). When one fails, LLVM's reader drops every !tbaa of
// the module.
func ValidTBAATag(n MDNode) bool {
	md := tbaaTuple(n)
	if md == nil || !IsStructPathTBAATag(md) {
		return false
	}
	base := tbaaTuple(md.Ops[0])
	access := tbaaTuple(md.Ops[1])
	newFormat := isNewFormatTBAAType(access)
	if newFormat {
		if len(md.Ops) != 4 && len(md.Ops) != 5 {
			return false
		}
		if _, _, ok := IntMetadata(md.Ops[3]); !ok {
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
		v, _, ok := IntMetadata(md.Ops[imm])
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
	offset, width, ok := IntMetadata(md.Ops[2])
	if !ok {
		return false
	}
	seenAccess := false
	path := map[*MDTuple]bool{}
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
