package bitcode

import (
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// LLVM 3.2 and older wrote an attribute list as PARAMATTR_CODE_ENTRY_OLD
// [index, bits, index, bits...]: each index's attributes as one integer,
// the bits of the attribute set of those days (decodeLLVMAttributesForBitcode).
// The alignment is the byte count in bits 16-31; the set's bits from 21 up
// were moved up by 11 to make room for it, and LLVM 22 takes bits 32-51
// back (so kinds above bit 51 cannot be written this way).

// rawAttrBits maps the bits of an ENTRY_OLD value, as written, to the
// attribute kind codes they stand for. Bits 37-39 (the stack alignment)
// and 16-31 (the alignment) are fields, read apart.
var rawAttrBits = [...]struct {
	bit  uint8
	code llvmir.AttributeKindCode
}{
	{0, llvmir.ATTR_KIND_Z_EXT},
	{1, llvmir.ATTR_KIND_S_EXT},
	{2, llvmir.ATTR_KIND_NO_RETURN},
	{3, llvmir.ATTR_KIND_IN_REG},
	{4, llvmir.ATTR_KIND_STRUCT_RET},
	{5, llvmir.ATTR_KIND_NO_UNWIND},
	{6, llvmir.ATTR_KIND_NO_ALIAS},
	{7, llvmir.ATTR_KIND_BY_VAL},
	{8, llvmir.ATTR_KIND_NEST},
	{9, llvmir.ATTR_KIND_READ_NONE},
	{10, llvmir.ATTR_KIND_READ_ONLY},
	{11, llvmir.ATTR_KIND_NO_INLINE},
	{12, llvmir.ATTR_KIND_ALWAYS_INLINE},
	{13, llvmir.ATTR_KIND_OPTIMIZE_FOR_SIZE},
	{14, llvmir.ATTR_KIND_STACK_PROTECT},
	{15, llvmir.ATTR_KIND_STACK_PROTECT_REQ},
	{32, llvmir.ATTR_KIND_NO_CAPTURE},
	{33, llvmir.ATTR_KIND_NO_RED_ZONE},
	{34, llvmir.ATTR_KIND_NO_IMPLICIT_FLOAT},
	{35, llvmir.ATTR_KIND_NAKED},
	{36, llvmir.ATTR_KIND_INLINE_HINT},
	{40, llvmir.ATTR_KIND_RETURNS_TWICE},
	{41, llvmir.ATTR_KIND_UW_TABLE},
	{42, llvmir.ATTR_KIND_NON_LAZY_BIND},
	{43, llvmir.ATTR_KIND_SANITIZE_ADDRESS},
	{44, llvmir.ATTR_KIND_MIN_SIZE},
	{45, llvmir.ATTR_KIND_NO_DUPLICATE},
	{46, llvmir.ATTR_KIND_STACK_PROTECT_STRONG},
	{47, llvmir.ATTR_KIND_SANITIZE_THREAD},
	{48, llvmir.ATTR_KIND_SANITIZE_MEMORY},
	{49, llvmir.ATTR_KIND_NO_BUILTIN},
	{50, llvmir.ATTR_KIND_RETURNED},
	{51, llvmir.ATTR_KIND_COLD},
}

// oldAttrList decodes a PARAMATTR_CODE_ENTRY_OLD record: its (index,
// bits) pairs, a repeated index adding to what the index has.
func (r *Reader) oldAttrList(ops []uint64) (ir.AttrList, error) {
	var l ir.AttrList
	if len(ops)%2 != 0 {
		return l, r.errorf("invalid parameter attribute record")
	}
	for i := 0; i < len(ops); i += 2 {
		idx := ops[i]
		set := decodeRawAttrs(ops[i+1], idx == fnIndex)
		if len(set) == 0 {
			continue
		}
		var dst *ir.AttrSet
		switch idx32 := uint32(idx); {
		case idx32 == fnIndex:
			dst = &l.Fn
		case idx32 == 0:
			dst = &l.Ret
		default:
			p := uint64(idx32 - 1)
			if p >= 1<<16 {
				return l, r.errorf("invalid attribute index %d", idx)
			}
			for uint64(len(l.Params)) <= p {
				l.Params = append(l.Params, nil)
			}
			dst = &l.Params[p]
		}
		*dst = mergeAttrs(*dst, set)
	}
	return l, nil
}

// decodeRawAttrs returns the attributes of one ENTRY_OLD value, sorted;
// fn says they are the function's, whose readnone and readonly are
// memory effects in LLVM 22.
func decodeRawAttrs(v uint64, fn bool) ir.AttrSet {
	var set ir.AttrSet
	if a := (v >> 16) & 0xffff; a != 0 {
		set = append(set, ir.Attribute{Kind: ir.AttrAlignment, Int: a})
	}
	if s := (v >> 37) & 7; s != 0 {
		set = append(set, ir.Attribute{Kind: ir.AttrStackAlignment, Int: 1 << (s - 1)})
	}
	me := uint64(memUnknown)
	for _, b := range rawAttrBits {
		if v&(1<<b.bit) == 0 {
			continue
		}
		switch {
		case fn && b.code == llvmir.ATTR_KIND_READ_NONE:
			me &= 0
			continue
		case fn && b.code == llvmir.ATTR_KIND_READ_ONLY:
			me &= 0x555 // every location read
			continue
		case b.code == llvmir.ATTR_KIND_NO_CAPTURE:
			set = append(set, ir.Attribute{Kind: ir.AttrCaptures, Int: 0})
			continue
		}
		k, ok := attrKindForCode(uint64(b.code))
		if !ok {
			continue
		}
		// An integer attribute (uwtable) gets the value 0, as LLVM's
		// raw decoding gives it.
		set = append(set, ir.Attribute{Kind: k})
	}
	if me != memUnknown {
		set = append(set, ir.Attribute{Kind: ir.AttrMemory, Int: me})
	}
	ir.SortAttrs(set)
	return set
}

// typedParamAttrs gives the byval, sret and inalloca attributes of l that
// have no type (written before those attributes had one: LLVM 11 and
// older, and LLVM 3.2's raw attributes) the pointee of their parameter's
// type in function type ftID, as LLVM 22 does reading a function record
// and a call; and, for an x86_intrcc function, the first parameter a
// byval of its pointee if it has none. va are the type IDs of a call's
// variadic arguments, whose own pointee is taken. l is shared: a changed
// list is a copy.
func (r *Reader) typedParamAttrs(l ir.AttrList, ftID uint64, cc ir.CallingConv, va []uint32) (ir.AttrList, error) {
	var ids []uint32
	if all := r.tids.containedIDs(uint32(min(ftID, uint64(noTypeID)))); len(all) > 0 {
		ids = all[1:] // the return type first
	}
	intr := cc == ir.CallX86Intr && len(ids) > 0 && (len(l.Params) == 0 || !l.Params[0].Has(ir.AttrByVal))
	need := intr
	for _, s := range l.Params {
		for _, a := range s {
			if isPointeeAttr(a) {
				need = true
			}
		}
	}
	if !need {
		return l, nil
	}
	params := slices.Clone(l.Params)
	for i, s := range params {
		if !slices.ContainsFunc(s, isPointeeAttr) {
			continue
		}
		id := noTypeID
		switch {
		case i < len(ids):
			id = ids[i]
		case i-len(ids) < len(va):
			id = va[i-len(ids)]
		}
		if id == noTypeID && r.tids == nil {
			// Opaque pointers: no pointee to give it.
			return l, r.errorf("missing param element type for attribute upgrade")
		}
		if id == noTypeID {
			// LLVM 22 would take the argument's type: not read.
			r.skip("skipped the type of a byval, sret or inalloca of argument %d, not read", i)
			continue
		}
		elem, _, _ := r.pointee(uint64(id))
		if elem == nil {
			return l, r.errorf("missing param element type for attribute upgrade")
		}
		s = slices.Clone(s)
		for j := range s {
			if isPointeeAttr(s[j]) {
				s[j].Type = elem
			}
		}
		params[i] = s
	}
	if intr {
		elem, _, _ := r.pointee(uint64(ids[0]))
		if elem == nil {
			return l, r.errorf("missing param element type for x86_intrcc upgrade")
		}
		if len(params) == 0 {
			params = append(params, nil)
		}
		params[0] = append(slices.Clone(params[0]), ir.Attribute{Kind: ir.AttrByVal, Type: elem})
		ir.SortAttrs(params[0])
	}
	l.Params = params
	return l, nil
}

// isPointeeAttr reports whether a is a byval, sret or inalloca without
// its type.
func isPointeeAttr(a ir.Attribute) bool {
	switch a.Kind {
	case ir.AttrByVal, ir.AttrStructRet, ir.AttrInAlloca:
		return a.Type == nil
	}
	return false
}

// elementTypeArgs are the intrinsics LLVM 22's reader gives an elementtype
// attribute on a pointer argument when a typed-pointer module's call has
// none, by name (an overloaded one's suffixes aside): the argument's
// index.
var elementTypeArgs = map[string]int{
	"llvm.preserve.array.access.index": 0, "llvm.preserve.struct.access.index": 0,
	"llvm.aarch64.ldaxr": 0, "llvm.aarch64.ldxr": 0, "llvm.aarch64.stlxr": 1, "llvm.aarch64.stxr": 1,
	"llvm.arm.ldaex": 0, "llvm.arm.ldrex": 0, "llvm.arm.stlex": 1, "llvm.arm.strex": 1,
}

// elementTypeArg returns the argument of intrinsic name that takes an
// elementtype, if it is one of elementTypeArgs.
func elementTypeArg(name string) (int, bool) {
	if !strings.HasPrefix(name, "llvm.") {
		return 0, false
	}
	for base, i := range elementTypeArgs {
		if strings.HasPrefix(name, base) && (len(name) == len(base) || name[len(base)] == '.') {
			return i, true
		}
	}
	return 0, false
}

// indirectAsmArgs returns the arguments of inline assembly of constraints
// cons that are indirect ("=*m", "*m"), as InlineAsm::ParseConstraints
// counts them (outputs that are not indirect take no argument; clobbers
// and labels none); nil when the constraints do not parse.
func indirectAsmArgs(cons string) []int {
	ks := splitConstraints(cons)
	if slices.Contains(ks, "") {
		return nil // ",," and a trailing comma do not parse
	}
	var out []int
	arg := 0
	for _, k := range ks {
		if !ir.ConstraintTakesArg(k) {
			continue
		}
		if strings.HasPrefix(strings.TrimPrefix(k, "="), "*") {
			out = append(out, arg)
		}
		arg++
	}
	return out
}

// elementTypeAttrs is the rest of BitcodeReader::propagateAttributeTypes
// for a call in a typed-pointer module (ftID the callee's function type,
// va the variadic arguments' types): each indirect operand of inline
// assembly, and the pointer argument of the intrinsics elementTypeArgs
// names, gets elementtype of its pointee unless it has one.
func (r *Reader) elementTypeAttrs(l ir.AttrList, callee ir.Value, ftID uint64, va []uint32) (ir.AttrList, error) {
	var args []int
	what := "elementtype"
	switch c := callee.(type) {
	case *ir.InlineAsm:
		args, what = indirectAsmArgs(c.Constraints), "inline asm"
	case *ir.Function:
		if i, ok := elementTypeArg(c.Name); ok {
			args = []int{i}
		}
	}
	if len(args) == 0 {
		return l, nil
	}
	var ids []uint32
	if all := r.tids.containedIDs(uint32(min(ftID, uint64(noTypeID)))); len(all) > 0 {
		ids = all[1:]
	}
	params := l.Params
	cloned := false
	for _, i := range args {
		if i < len(params) && params[i].Has(ir.AttrElementType) {
			continue
		}
		id := noTypeID
		switch {
		case i < len(ids):
			id = ids[i]
		case i-len(ids) < len(va):
			id = va[i-len(ids)]
		}
		elem, _, _ := r.pointee(uint64(id))
		if elem == nil {
			return l, r.errorf("missing element type for %s upgrade", what)
		}
		if !cloned {
			params, cloned = slices.Clone(params), true
		}
		for len(params) <= i {
			params = append(params, nil)
		}
		params[i] = append(slices.Clone(params[i]), ir.Attribute{Kind: ir.AttrElementType, Type: elem})
		ir.SortAttrs(params[i])
	}
	l.Params = params
	return l, nil
}
