package bcwrite

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// An enumerator numbers a module's types, values and attributes as LLVM
// 22's ValueEnumerator does for the module level: global values first
// (variables, functions, aliases, ifuncs, each with its type), then the
// constants they use (initializers, aliasees, resolvers, function
// prefix/prologue/personality data), operands before their users.
//
// The model does not unique types and constants as LLVMContext does, so
// both are keyed by what they are: identified structs by identity, the
// rest by their structure.
type enumerator struct {
	// typed says the module has typed pointers (a reader of LLVM 14 or
	// older is written for).
	typed bool
	// bareAuth says a ptrauth constant is written as its bare pointer
	// (a reader before LLVM 19, which reads ptrauth as undef): its other
	// operands are not numbered.
	bareAuth bool
	types    []*ir.Type
	typeIDs  []uint32 // by typeNum: the type's ID (from 0) plus one, 0 for none yet
	tkeys    map[*ir.Type]typeRef
	tnums    map[string]uint32 // a number for each typeKey met, from 0
	inProg   map[uint32]bool   // identified structs being enumerated, by typeNum

	values []ir.Value
	valIDs map[any]uint32 // global values by pointer, constants by constKey; IDs from 0
	ckeys  map[ir.Constant]string
	// canon is the first constant met of each scalarKey: what stands for
	// all those equal to it in valIDs.
	canon map[scalarKey]ir.Constant

	firstConst int // index of the first constant in values

	// fn is the numbering of the function being written (incorporate);
	// args and insts are the numbers of its arguments and instructions;
	// trail, when not nil, is where enumValue appends the key of each
	// value it numbers.
	fn    funcState
	args  map[*ir.Argument]uint32
	insts map[*ir.Instruction]uint32
	trail *[]any

	comdats  []*ir.Comdat
	comdatID map[*ir.Comdat]uint32 // from 1

	groups    []attrGroup
	groupIDs  map[string]uint32 // by (index, set) key; from 1
	lists     []ir.AttrList
	listIDs   map[string]uint32 // from 1
	listKeys  map[ir.AttrListRef]string
	structIDs map[*ir.Type]int // identified structs, for their keys
	keyBuf    []byte           // where keys are made

	md mdState

	// missing is the first value asked for and not numbered.
	missing ir.Value
}

// An attrGroup is one PARAMATTR_GROUP entry: the attributes of one index
// (fnIndex, 0 for the return value, 1+i for parameter i).
type attrGroup struct {
	index uint64
	set   ir.AttrSet
}

// fnIndex is the attribute index of the function itself.
const fnIndex = 0xFFFFFFFF

func newEnumerator() *enumerator {
	return &enumerator{
		tkeys:     map[*ir.Type]typeRef{},
		tnums:     map[string]uint32{},
		canon:     map[scalarKey]ir.Constant{},
		inProg:    map[uint32]bool{},
		valIDs:    map[any]uint32{},
		ckeys:     map[ir.Constant]string{},
		comdatID:  map[*ir.Comdat]uint32{},
		groupIDs:  map[string]uint32{},
		listIDs:   map[string]uint32{},
		structIDs: map[*ir.Type]int{},
		md:        mdState{byKey: map[any]*mdEntry{}},
	}
}

// A typeRef is what typeKey found for a type: its key, and a number for
// the key.
type typeRef struct {
	key string
	num uint32
}

// typeNum returns a number for t's typeKey: the same for types of one
// key, another for each key.
func (e *enumerator) typeNum(t *ir.Type) uint32 {
	if r, ok := e.tkeys[t]; ok {
		return r.num
	}
	e.typeKey(t)
	return e.tkeys[t].num
}

// typeKey returns what identifies t among a module's types.
func (e *enumerator) typeKey(t *ir.Type) string {
	if r, ok := e.tkeys[t]; ok {
		return r.key
	}
	var b strings.Builder
	switch t.Kind {
	case ir.StructType:
		if t.Identified {
			// By identity: two identified structs of one name are one.
			id, ok := e.structIDs[t]
			if !ok {
				id = len(e.structIDs)
				e.structIDs[t] = id
			}
			fmt.Fprintf(&b, "%%%d", id)
			break
		}
		if t.Packed {
			b.WriteString("<")
		}
		b.WriteString("{")
		for _, f := range t.Fields {
			b.WriteString(e.typeKey(f))
			b.WriteString(",")
		}
		b.WriteString("}")
	case ir.IntegerType:
		fmt.Fprintf(&b, "i%d", t.BitWidth)
	case ir.PointerType:
		fmt.Fprintf(&b, "p%d", t.AddrSpace)
		if t.Pointee != nil {
			fmt.Fprintf(&b, "<%s>", e.typeKey(t.Pointee))
		}
	case ir.FunctionType:
		fmt.Fprintf(&b, "f(%s:", e.typeKey(t.Ret))
		for _, p := range t.Params {
			b.WriteString(e.typeKey(p))
			b.WriteString(",")
		}
		if t.VarArg {
			b.WriteString("...")
		}
		b.WriteString(")")
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		fmt.Fprintf(&b, "a%d[%d x %s]", t.Kind, t.Len, e.typeKey(t.Elem))
	case ir.TargetExtType:
		fmt.Fprintf(&b, "t%q(", t.Name)
		for _, p := range t.TypeParams {
			b.WriteString(e.typeKey(p))
			b.WriteString(",")
		}
		for _, p := range t.IntParams {
			fmt.Fprintf(&b, "%d,", p)
		}
		b.WriteString(")")
	default:
		fmt.Fprintf(&b, "k%d", t.Kind)
	}
	k := b.String()
	num, ok := e.tnums[k]
	if !ok {
		num = uint32(len(e.tnums))
		e.tnums[k] = num
	}
	e.tkeys[t] = typeRef{k, num}
	return k
}

// subtypes returns the types t is made of, in LLVM's order.
func subtypes(t *ir.Type) []*ir.Type { return t.Contained() }

// enumType numbers t after the types it is made of (EnumerateType). An
// identified struct may be referred to before its body is numbered: it is
// marked while its fields are, and numbered after them.
func (e *enumerator) enumType(t *ir.Type) {
	k := e.typeNum(t)
	if e.hasTypeID(k) || e.inProg[k] {
		return
	}
	named := t.Kind == ir.StructType && t.Identified
	if named {
		e.inProg[k] = true
	}
	for _, s := range subtypes(t) {
		e.enumType(s)
	}
	if named {
		delete(e.inProg, k)
	}
	if e.hasTypeID(k) {
		return
	}
	if int(k) >= len(e.typeIDs) {
		e.typeIDs = append(e.typeIDs, make([]uint32, int(k)+1-len(e.typeIDs))...)
	}
	e.types = append(e.types, t)
	e.typeIDs[k] = uint32(len(e.types))
}

// hasTypeID reports whether the types of typeNum k are numbered.
func (e *enumerator) hasTypeID(k uint32) bool { return int(k) < len(e.typeIDs) && e.typeIDs[k] != 0 }

// typeID returns the number of t, which must have been enumerated.
func (e *enumerator) typeID(t *ir.Type) uint32 {
	if k := e.typeNum(t); e.hasTypeID(k) {
		return e.typeIDs[k] - 1
	}
	return 0
}

// valueKey returns what identifies v: a global value itself, a constant
// its constKey.
func (e *enumerator) valueKey(v ir.Value) any {
	switch v := v.(type) {
	case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
		return v
	case *ir.ConstInt:
		if v.Big == nil {
			return e.canonical(scalarKey{'I', e.typeNum(v.Typ), uint64(v.V), 0}, v)
		}
		return e.constKey(v)
	case *ir.ConstFP:
		return e.canonical(scalarKey{'F', e.typeNum(v.Typ), v.Bits[0], v.Bits[1]}, v)
	case *ir.ConstNull:
		return e.canonical(scalarKey{'Z', e.typeNum(v.Typ), 0, 0}, v)
	case *ir.Undef:
		return e.canonical(scalarKey{'U', e.typeNum(v.Typ), 0, 0}, v)
	case *ir.Poison:
		return e.canonical(scalarKey{'P', e.typeNum(v.Typ), 0, 0}, v)
	case ir.Constant:
		return e.constKey(v)
	case *ir.InlineAsm:
		// LLVM's context uniques inline asm by all it is.
		return fmt.Sprintf("asm:%s:%t%t%t%t:%q:%q", e.typeKey(v.FuncType), v.SideEffect, v.AlignStack,
			v.IntelDialect, v.CanThrow, v.Asm, v.Constraints)
	}
	return v
}

// A scalarKey identifies a constant of no operands as LLVM's context
// uniques it: its kind (I integer, F floating point, Z null, U undef, P
// poison), its type's typeNum and its bits.
type scalarKey struct {
	kind uint8
	typ  uint32
	a, b uint64
}

// canonical returns the constant that stands for the constants of key k,
// c when it is the first.
func (e *enumerator) canonical(k scalarKey, c ir.Constant) ir.Constant {
	if x, ok := e.canon[k]; ok {
		return x
	}
	e.canon[k] = c
	return c
}

// constKey returns what identifies constant c as LLVM's context uniques
// it: its kind, type and contents, operands by their own keys.
func (e *enumerator) constKey(c ir.Constant) string {
	if k, ok := e.ckeys[c]; ok {
		return k
	}
	var b strings.Builder
	op := func(o ir.Constant) {
		switch o := o.(type) {
		case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
			fmt.Fprintf(&b, "@%p,", o)
		default:
			b.WriteString(e.constKey(o))
			b.WriteString(",")
		}
	}
	switch c := c.(type) {
	case *ir.ConstInt:
		if c.Big != nil {
			fmt.Fprintf(&b, "I%s:%s", e.typeKey(c.Typ), c.Big.String())
		} else {
			fmt.Fprintf(&b, "I%s:%d", e.typeKey(c.Typ), c.V)
		}
	case *ir.ConstFP:
		fmt.Fprintf(&b, "F%s:%x:%x", e.typeKey(c.Typ), c.Bits[0], c.Bits[1])
	case *ir.ConstNull:
		fmt.Fprintf(&b, "Z%s", e.typeKey(c.Typ))
	case *ir.Undef:
		fmt.Fprintf(&b, "U%s", e.typeKey(c.Typ))
	case *ir.Poison:
		fmt.Fprintf(&b, "P%s", e.typeKey(c.Typ))
	case *ir.ConstData:
		fmt.Fprintf(&b, "D%s:", e.typeKey(c.Typ))
		for _, x := range c.Elems {
			b.WriteString(strconv.FormatUint(x, 16))
			b.WriteString(",")
		}
	case *ir.ConstAggregate:
		fmt.Fprintf(&b, "A%s(", e.typeKey(c.Typ))
		for _, o := range c.Elems {
			op(o)
		}
		b.WriteString(")")
	case *ir.ConstExpr:
		fmt.Fprintf(&b, "E%d:%s:%d:", c.Op, e.typeKey(c.Typ), c.Flags)
		if c.SrcElem != nil {
			b.WriteString(e.typeKey(c.SrcElem))
		}
		if c.HasInRange && c.InRangeLo != nil && c.InRangeHi != nil {
			fmt.Fprintf(&b, "inrange(%s,%s)", c.InRangeLo, c.InRangeHi)
		}
		b.WriteString("(")
		for _, o := range c.Operands {
			op(o)
		}
		b.WriteString(")")
	case *ir.BlockAddress:
		fmt.Fprintf(&b, "B@%p:%d", c.Func, c.Block)
	case *ir.PtrAuth:
		b.WriteString("ptrauth:")
		for _, o := range ptrAuthOperands(c) {
			op(o)
		}
	case *ir.DSOLocalEquivalent:
		b.WriteString("dso_local_equivalent:")
		op(c.Global)
	case *ir.NoCFI:
		b.WriteString("no_cfi:")
		op(c.Global)
	default:
		fmt.Fprintf(&b, "?%p", c)
	}
	k := b.String()
	e.ckeys[c] = k
	return k
}

// isNull says whether c is the null value of its type (Constant::
// isNullValue): zero integers and +0.0, null, zeroinitializer, and
// aggregates and data of those.
func isNull(c ir.Constant) bool {
	switch c := c.(type) {
	case *ir.ConstNull:
		return true
	case *ir.ConstInt:
		if c.Big != nil {
			return c.Big.Sign() == 0
		}
		return c.V == 0
	case *ir.ConstFP:
		return c.Bits == [2]uint64{}
	}
	return false
}

// enumValue numbers v after its type and, for a constant, its operands
// (EnumerateValue). Global values' initializers are not operands.
func (e *enumerator) enumValue(v ir.Value) {
	switch v.(type) {
	case *ir.Instruction, *ir.Argument:
		if _, ok := e.lookup(v); ok {
			return // numbered by incorporate
		}
	}
	k := e.valueKey(v)
	if _, ok := e.valIDs[k]; ok {
		return
	}
	switch g := v.(type) {
	case *ir.GlobalVar:
		e.addComdat(g.Comdat)
	case *ir.Function:
		e.addComdat(g.Comdat)
	}
	e.enumType(v.Type())
	switch c := v.(type) {
	case *ir.ConstAggregate:
		for _, o := range c.Elems {
			e.enumValue(o)
		}
	case *ir.ConstExpr:
		for _, o := range c.Operands {
			e.enumValue(o)
		}
		if c.Op == ir.GetElementPtr {
			e.enumType(c.SrcElem)
		}
	case *ir.BlockAddress:
		e.enumValue(c.Func) // not the block, which has no number
	case *ir.PtrAuth:
		if e.bareAuth {
			e.enumValue(c.Ptr)
			break
		}
		for _, o := range ptrAuthOperands(c) {
			e.enumValue(o)
		}
	case *ir.DSOLocalEquivalent:
		e.enumValue(c.Global)
	case *ir.NoCFI:
		e.enumValue(c.Global)
	}
	e.valIDs[k] = uint32(len(e.values))
	e.values = append(e.values, v)
	if e.trail != nil {
		*e.trail = append(*e.trail, k)
	}
}

func (e *enumerator) addComdat(c *ir.Comdat) {
	if c == nil {
		return
	}
	if _, ok := e.comdatID[c]; !ok {
		e.comdats = append(e.comdats, c)
		e.comdatID[c] = uint32(len(e.comdats))
	}
}

// valueID returns the number of v, which must have been enumerated; a
// value that was not (an operand from another function, a value not in
// the module) is noted in missing.
func (e *enumerator) valueID(v ir.Value) uint32 {
	if mv, ok := v.(*ir.MetadataValue); ok {
		// A metadata operand is numbered as its metadata (getValueID).
		return uint32(e.localID(mv.MD))
	}
	id, ok := e.lookup(v)
	if !ok && e.missing == nil {
		e.missing = v
	}
	return id
}

// lookup returns the number of v, false when it has none.
func (e *enumerator) lookup(v ir.Value) (uint32, bool) {
	switch v := v.(type) {
	case *ir.Instruction:
		id, ok := e.insts[v]
		return id, ok
	case *ir.Argument:
		id, ok := e.args[v]
		return id, ok
	}
	id, ok := e.valIDs[e.valueKey(v)]
	return id, ok
}

// appendSetKey appends to b what identifies an attribute set.
func (e *enumerator) appendSetKey(b []byte, s ir.AttrSet) []byte {
	appendRange := func(b []byte, r ir.ConstantRange) []byte {
		b = append(b, ":r"...)
		b = strconv.AppendUint(b, uint64(r.BitWidth), 10)
		b = append(b, '[')
		b = r.Lo.Append(b, 10)
		b = append(b, ',')
		b = r.Hi.Append(b, 10)
		return append(b, ')')
	}
	for i := range s {
		a := &s[i]
		b = strconv.AppendUint(b, uint64(a.Kind), 10)
		b = append(b, ':')
		b = strconv.AppendUint(b, a.Int, 10)
		b = append(b, ':')
		b = strconv.AppendQuote(b, a.Key)
		b = append(b, '=')
		b = strconv.AppendQuote(b, a.Value)
		if a.Type != nil {
			b = append(b, ':')
			b = append(b, e.typeKey(a.Type)...)
		}
		if a.Range.Lo != nil {
			b = appendRange(b, a.Range) // (a nil bound is "<nil>")
		}
		for _, r := range a.Ranges {
			b = appendRange(b, r)
		}
		b = append(b, ';')
	}
	return b
}

// appendGroupKey appends to b what identifies attribute group g.
func (e *enumerator) appendGroupKey(b []byte, g attrGroup) []byte {
	b = strconv.AppendUint(b, g.index, 10)
	b = append(b, '{')
	b = e.appendSetKey(b, g.set)
	return append(b, '}')
}

// enumAttrs numbers an attribute list and the groups it is made of
// (EnumerateAttributes): the list once, each (index, set) once, groups
// in the order function, return value, parameters.
func (e *enumerator) enumAttrs(l ir.AttrList) {
	if len(l.Fn) == 0 && len(l.Ret) == 0 && allEmpty(l.Params) {
		return
	}
	lk := e.listKey(l)
	if _, ok := e.listIDs[lk]; ok {
		return
	}
	e.lists = append(e.lists, l)
	e.listIDs[lk] = uint32(len(e.lists))
	for _, g := range listGroups(l) {
		e.keyBuf = e.appendGroupKey(e.keyBuf[:0], g)
		if _, ok := e.groupIDs[string(e.keyBuf)]; ok {
			continue
		}
		gk := string(e.keyBuf)
		e.groups = append(e.groups, g)
		e.groupIDs[gk] = uint32(len(e.groups))
		for _, a := range g.set {
			if a.Type != nil {
				e.enumType(a.Type)
			}
		}
	}
}

// listGroups returns the non-empty sets of l with their indexes, in the
// order LLVM's AttributeList walks them: function, return, parameters.
func listGroups(l ir.AttrList) []attrGroup {
	var gs []attrGroup
	if len(l.Fn) > 0 {
		gs = append(gs, attrGroup{fnIndex, l.Fn})
	}
	if len(l.Ret) > 0 {
		gs = append(gs, attrGroup{0, l.Ret})
	}
	for i, p := range l.Params {
		if len(p) > 0 {
			gs = append(gs, attrGroup{uint64(i) + 1, p})
		}
	}
	return gs
}

func allEmpty(ss []ir.AttrSet) bool {
	for _, s := range ss {
		if len(s) > 0 {
			return false
		}
	}
	return true
}

// listID returns the number of list l (0 for none), which must have been
// enumerated.
func (e *enumerator) listID(l ir.AttrList) uint64 {
	return uint64(e.listIDs[e.listKey(l)])
}

// listKey returns what identifies attribute list l, made once for each
// list's slices (ir.AttrList.Ref).
func (e *enumerator) listKey(l ir.AttrList) string {
	ref := l.Ref()
	if k, ok := e.listKeys[ref]; ok {
		return k
	}
	b := e.keyBuf[:0]
	for _, g := range listGroups(l) {
		b = e.appendGroupKey(b, g)
	}
	e.keyBuf = b
	if e.listKeys == nil {
		e.listKeys = map[ir.AttrListRef]string{}
	}
	k := string(b)
	e.listKeys[ref] = k
	return k
}

// groupID returns the number of group g.
func (e *enumerator) groupID(g attrGroup) uint64 {
	e.keyBuf = e.appendGroupKey(e.keyBuf[:0], g)
	return uint64(e.groupIDs[string(e.keyBuf)])
}

// enumModule numbers the module level of m as the ValueEnumerator's
// constructor does.
func (e *enumerator) enumModule(m *ir.Module) {
	for _, g := range m.Globals {
		e.enumValue(g)
		e.enumType(g.ValueType)
	}
	for _, f := range m.Functions {
		e.enumValue(f)
		e.enumType(f.Sig)
		e.enumAttrs(f.Attrs)
	}
	for _, a := range m.Aliases {
		e.enumValue(a)
		e.enumType(a.ValueType)
	}
	for _, i := range m.IFuncs {
		e.enumValue(i)
		e.enumType(i.ValueType)
	}
	e.firstConst = len(e.values)
	for _, g := range m.Globals {
		if g.Init != nil {
			e.enumValue(g.Init)
		}
		if len(g.Attrs) > 0 {
			e.enumAttrs(ir.AttrList{Fn: g.Attrs})
		}
	}
	for _, a := range m.Aliases {
		e.enumValue(a.Aliasee)
	}
	for _, i := range m.IFuncs {
		e.enumValue(i.Resolver)
	}
	for _, f := range m.Functions {
		// A function with any of them has all three operands, the unset
		// ones null pointers, personality first.
		if f.Personality == nil && f.Prefix == nil && f.Prologue == nil {
			continue
		}
		for _, c := range []ir.Constant{f.Personality, f.Prefix, f.Prologue} {
			if c == nil {
				c = &ir.ConstNull{Typ: &ir.Type{Kind: ir.PointerType}}
				if e.typed {
					// LLVM 14 and older: an i8*.
					c = &ir.ConstNull{Typ: &ir.Type{Kind: ir.PointerType, Pointee: &ir.Type{Kind: ir.IntegerType, BitWidth: 8}}}
				}
			}
			e.enumValue(c)
		}
	}
	e.enumType(&ir.Type{Kind: ir.MetadataType})
	for _, nmd := range m.NamedMetadata {
		for _, n := range nmd.Ops {
			e.enumMD(0, n)
		}
	}
	for _, g := range m.Globals {
		for _, a := range g.Metadata {
			e.enumMD(0, a.Node)
		}
	}
	// The functions' argument types, attachments and bodies follow, body
	// by body (see Write).
}

// enumFunction numbers what the module level holds of function f: its
// argument types and its attachments (EnumerateMetadata), tagged with
// the function when it has a body.
//
// The attachments of a function with a body are read with it: call
// enumFunction with the body loaded.
func (e *enumerator) enumFunction(f *ir.Function) {
	for _, p := range f.Sig.Params {
		e.enumType(p)
	}
	tag := uint32(0)
	if f.HasBody {
		tag = e.valueID(f) + 1
	}
	for _, a := range f.Metadata {
		e.enumMD(tag, a.Node)
	}
}

// bigOf returns a ConstInt's value as a big.Int.
func bigOf(c *ir.ConstInt) *big.Int {
	if c.Big != nil {
		return c.Big
	}
	return big.NewInt(c.V)
}
