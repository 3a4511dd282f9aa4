package bitcode

import (
	"github.com/bcextract/bcextract/internal/ircodes"
	"math/big"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// A pconst is a constant whose operands may not be read yet (LLVM's
// BitcodeConstant): built by materialize when first needed.
type pconst struct {
	typ     *ir.Type
	kind    uint8
	opcode  ir.Opcode
	flags   ir.Flags
	pred    ir.Predicate
	srcElem *ir.Type
	inRange *ir.ConstantRange
	bb      uint64
	ids     []uint64
	state   uint8 // 1 while its operands are being built
}

// The kinds of pconst.
const (
	pcExpr uint8 = iota
	pcStruct
	pcArray
	pcVector
	pcBlockAddr
	pcDSOLocal
	pcNoCFI
	pcPtrAuth
)

// maxConstantRecords bounds the records of one constants block.
const maxConstantRecords = 1 << 30

func decodeCast(v uint64) (ir.Opcode, bool) { return ircodes.Cast(v) }

func isFPOrFPVector(t *ir.Type) bool { return t.Scalar().IsFloatingPoint() }

func isIntOrIntVector(t *ir.Type) bool { return t.Scalar().Kind == ir.IntegerType }

func decodeBinop(v uint64, t *ir.Type) (ir.Opcode, bool) {
	fp := isFPOrFPVector(t)
	if !fp && !isIntOrIntVector(t) {
		return ir.BadOp, false
	}
	type pair struct{ i, f ir.Opcode }
	tab := [...]pair{
		llvmir.BINOP_ADD: {ir.Add, ir.FAdd}, llvmir.BINOP_SUB: {ir.Sub, ir.FSub}, llvmir.BINOP_MUL: {ir.Mul, ir.FMul},
		llvmir.BINOP_UDIV: {ir.UDiv, ir.BadOp}, llvmir.BINOP_SDIV: {ir.SDiv, ir.FDiv}, llvmir.BINOP_UREM: {ir.URem, ir.BadOp},
		llvmir.BINOP_SREM: {ir.SRem, ir.FRem}, llvmir.BINOP_SHL: {ir.Shl, ir.BadOp}, llvmir.BINOP_LSHR: {ir.LShr, ir.BadOp},
		llvmir.BINOP_ASHR: {ir.AShr, ir.BadOp}, llvmir.BINOP_AND: {ir.And, ir.BadOp}, llvmir.BINOP_OR: {ir.Or, ir.BadOp},
		llvmir.BINOP_XOR: {ir.Xor, ir.BadOp},
	}
	if v >= uint64(len(tab)) {
		return ir.BadOp, false
	}
	op := tab[v].i
	if fp {
		op = tab[v].f
	}
	return op, op != ir.BadOp
}

// binopFlags decodes the wrap and exact flags of a binary operator.
func binopFlags(op ir.Opcode, v uint64) ir.Flags {
	var f ir.Flags
	switch op {
	case ir.Add, ir.Sub, ir.Mul, ir.Shl:
		if v&(1<<llvmir.OBO_NO_SIGNED_WRAP) != 0 {
			f |= ir.NSW
		}
		if v&(1<<llvmir.OBO_NO_UNSIGNED_WRAP) != 0 {
			f |= ir.NUW
		}
	case ir.UDiv, ir.SDiv, ir.LShr, ir.AShr:
		if v&(1<<llvmir.PEO_EXACT) != 0 {
			f |= ir.Exact
		}
	case ir.Or:
		if v&(1<<llvmir.PDI_DISJOINT) != 0 {
			f |= ir.Disjoint
		}
	}
	return f
}

func gepFlags(v uint64) ir.Flags {
	var f ir.Flags
	if v&(1<<llvmir.GEP_INBOUNDS) != 0 {
		f |= ir.InBounds | ir.NUSW
	}
	if v&(1<<llvmir.GEP_NUSW) != 0 {
		f |= ir.NUSW
	}
	if v&(1<<llvmir.GEP_NUW) != 0 {
		f |= ir.NUW
	}
	return f
}

func (r *Reader) pushPending(p *pconst) {
	r.values = append(r.values, nil)
	r.pend = append(r.pend, p)
	if r.tids != nil {
		r.tids.vals = append(r.tids.vals, 0)
	}
}

// nullValue is Constant::getNullValue.
func nullValue(t *ir.Type) ir.Constant {
	switch {
	case t.Kind == ir.IntegerType:
		return intConst(t, 0)
	case t.IsFloatingPoint():
		return &ir.ConstFP{Typ: t}
	}
	return &ir.ConstNull{Typ: t}
}

// intConst makes an integer constant of type t (a scalar) from the low
// bits of v read as signed.
func intConst(t *ir.Type, v uint64) *ir.ConstInt {
	if t.BitWidth > 64 {
		return &ir.ConstInt{Typ: t, Big: big.NewInt(int64(v))}
	}
	return &ir.ConstInt{Typ: t, V: signExtend64(v, uint64(t.BitWidth))}
}

// maxSplat is the length of the longest vector splat is made.
const maxSplat = 1 << 16

// splat returns el for a scalar type and a vector of copies of el for a
// vector type, canonical as ConstantVector::getSplat makes it: of a
// scalable vector, zeroinitializer or the shufflevector of el inserted
// into poison (what the writer writes, and LLVM 22 reads back so).
func (r *Reader) splat(t *ir.Type, el ir.Constant) ir.Constant {
	if !t.IsVector() {
		return el
	}
	if t.Kind == ir.ScalableVectorType {
		if isNull(el) {
			return &ir.ConstNull{Typ: t}
		}
		i64 := r.shape(ir.Type{Kind: ir.IntegerType, BitWidth: 64})
		mask := r.shape(ir.Type{Kind: ir.ScalableVectorType, Len: t.Len, Elem: r.shape(ir.Type{Kind: ir.IntegerType, BitWidth: 32})})
		ins := &ir.ConstExpr{Typ: t, Op: ir.InsertElement, Operands: []ir.Constant{&ir.Poison{Typ: t}, el, &ir.ConstInt{Typ: i64}}}
		return &ir.ConstExpr{Typ: t, Op: ir.ShuffleVector, Operands: []ir.Constant{ins, &ir.Poison{Typ: t}, &ir.ConstNull{Typ: mask}}}
	}
	if t.Len > maxSplat {
		// A hostile type may be long: not made, said.
		r.skip("a splat of %d elements, more than %d (read as poison)", t.Len, maxSplat)
		return &ir.Poison{Typ: t}
	}
	elems := make([]ir.Constant, t.Len)
	for i := range elems {
		elems[i] = el
	}
	return buildVector(t, elems)
}

// dataElemBits returns the element width of a type ConstantDataSequential
// accepts, 0 for others.
func dataElemBits(t *ir.Type) uint {
	switch t.Kind {
	case ir.IntegerType:
		switch t.BitWidth {
		case 8, 16, 32, 64:
			return uint(t.BitWidth)
		}
	case ir.HalfType, ir.BFloatType:
		return 16
	case ir.FloatType:
		return 32
	case ir.DoubleType:
		return 64
	}
	return 0
}

// dataConst is ConstantDataSequential::get: all zeros become
// zeroinitializer.
func dataConst(t *ir.Type, elems []uint64) ir.Constant {
	allZero := true
	for _, e := range elems {
		if e != 0 {
			allZero = false
			break
		}
	}
	if allZero {
		return &ir.ConstNull{Typ: t}
	}
	return &ir.ConstData{Typ: t, Elems: elems}
}

func isNull(c ir.Constant) bool {
	switch c := c.(type) {
	case *ir.ConstInt:
		if c.Big != nil {
			return c.Big.Sign() == 0
		}
		return c.V == 0
	case *ir.ConstFP:
		return c.Bits == [2]uint64{}
	case *ir.ConstNull:
		return true
	}
	return false
}

func isUndefOnly(c ir.Constant) bool { _, ok := c.(*ir.Undef); return ok }

func isPoison(c ir.Constant) bool { _, ok := c.(*ir.Poison); return ok }

// sameConst reports whether a and b are the same uniqued constant in LLVM.
func sameConst(a, b ir.Constant) bool {
	if a == b {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	switch x := a.(type) {
	case *ir.ConstInt:
		y, ok := b.(*ir.ConstInt)
		if !ok {
			return false
		}
		if x.Big != nil || y.Big != nil {
			return x.Big != nil && y.Big != nil && x.Big.Cmp(y.Big) == 0
		}
		return x.V == y.V
	case *ir.ConstFP:
		y, ok := b.(*ir.ConstFP)
		return ok && x.Bits == y.Bits
	case *ir.ConstNull:
		_, ok := b.(*ir.ConstNull)
		return ok
	case *ir.Undef:
		_, ok := b.(*ir.Undef)
		return ok
	case *ir.Poison:
		_, ok := b.(*ir.Poison)
		return ok
	}
	return false
}

func allSame(elems []ir.Constant) bool {
	for _, e := range elems[1:] {
		if !sameConst(e, elems[0]) {
			return false
		}
	}
	return true
}

// dataSequence makes a ConstData of simple elements when LLVM would.
func dataSequence(t *ir.Type, elems []ir.Constant) ir.Constant {
	et := elems[0].Type()
	w := dataElemBits(et)
	if w == 0 {
		return nil
	}
	raw := make([]uint64, len(elems))
	for i, e := range elems {
		switch e := e.(type) {
		case *ir.ConstInt:
			if e.Typ != et || e.Big != nil {
				return nil
			}
			raw[i] = uint64(e.V)
			if w < 64 {
				raw[i] &= 1<<w - 1
			}
		case *ir.ConstFP:
			if e.Typ != et {
				return nil
			}
			raw[i] = e.Bits[0]
		default:
			return nil
		}
	}
	return &ir.ConstData{Typ: t, Elems: raw}
}

// buildArray is ConstantArray::get.
func buildArray(t *ir.Type, elems []ir.Constant) ir.Constant {
	if len(elems) == 0 {
		return &ir.ConstNull{Typ: t}
	}
	if allSame(elems) {
		switch c := elems[0]; {
		case isPoison(c):
			return &ir.Poison{Typ: t}
		case isUndefOnly(c):
			return &ir.Undef{Typ: t}
		case isNull(c):
			return &ir.ConstNull{Typ: t}
		}
	}
	if d := dataSequence(t, elems); d != nil {
		return d
	}
	return &ir.ConstAggregate{Typ: t, Elems: elems}
}

// buildVector is ConstantVector::get.
func buildVector(t *ir.Type, elems []ir.Constant) ir.Constant {
	if len(elems) > 0 && allSame(elems) {
		switch c := elems[0]; {
		case isNull(c):
			return &ir.ConstNull{Typ: t}
		case isPoison(c):
			return &ir.Poison{Typ: t}
		case isUndefOnly(c):
			return &ir.Undef{Typ: t}
		}
	}
	if len(elems) > 0 {
		if d := dataSequence(t, elems); d != nil {
			return d
		}
	}
	return &ir.ConstAggregate{Typ: t, Elems: elems}
}

// buildStruct is ConstantStruct::get.
func buildStruct(t *ir.Type, elems []ir.Constant) ir.Constant {
	zero, undef, poison := true, len(elems) > 0, len(elems) > 0
	for _, e := range elems {
		if !isNull(e) {
			zero = false
		}
		if !isPoison(e) {
			poison = false
		}
		if !isUndefOnly(e) {
			undef = false
		}
	}
	switch {
	case zero:
		return &ir.ConstNull{Typ: t}
	case poison:
		return &ir.Poison{Typ: t}
	case undef:
		return &ir.Undef{Typ: t}
	}
	return &ir.ConstAggregate{Typ: t, Elems: elems}
}

// value returns value id of the value list, building a constant that was
// waiting for its operands.
func (r *Reader) value(id uint64) (ir.Value, error) {
	if id < uint64(len(r.values)) {
		if v := r.values[id]; v != nil {
			return v, nil
		}
	}
	if err := r.materialize(id); err != nil {
		return nil, err
	}
	return r.values[id], nil
}

// constant returns value id, which must be a constant.
func (r *Reader) constant(id uint64) (ir.Constant, error) {
	v, err := r.value(id)
	if err != nil {
		return nil, err
	}
	c, ok := v.(ir.Constant)
	if !ok {
		return nil, r.errorf("value %d is not a constant", id)
	}
	return c, nil
}

// materialize builds pending constant id and what it needs, without
// recursion.
func (r *Reader) materialize(id uint64) error {
	stack := []uint64{id}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		if top >= uint64(len(r.values)) {
			return r.errorf("invalid value ID %d", top)
		}
		if r.values[top] != nil {
			stack = stack[:len(stack)-1]
			continue
		}
		p := r.pend[top]
		if p == nil {
			return r.errorf("invalid value ID %d", top)
		}
		// Operands are pushed last first, so that they are built first
		// first, as LLVM builds them (which says, for one, in what order
		// block addresses take the blocks of functions not read yet).
		missing := false
		for i := len(p.ids) - 1; i >= 0; i-- {
			op := p.ids[i]
			if op >= uint64(len(r.values)) {
				return r.errorf("invalid constant operand ID %d", op)
			}
			if r.values[op] == nil {
				if r.pend[op] == nil {
					return r.errorf("invalid constant operand ID %d", op)
				}
				stack = append(stack, op)
				missing = true
			}
		}
		if missing {
			if p.state == 1 {
				return r.errorf("constant %d refers to itself", top)
			}
			p.state = 1
			continue
		}
		c, err := r.buildConst(p)
		if err != nil {
			return err
		}
		r.values[top] = c
		r.pend[top] = nil
		stack = stack[:len(stack)-1]
	}
	return nil
}

// gepType returns the type of a getelementptr of base with indices
// (GetElementPtrInst::getGEPReturnType): base's type when it is a vector
// of pointers, else a vector of base's pointer type as long as the first
// vector index, else base's type.
func (r *Reader) gepType(base *ir.Type, indices []ir.Constant) *ir.Type {
	if base == nil || base.IsVector() {
		return base
	}
	for _, idx := range indices {
		if t := idx.Type(); t != nil && t.IsVector() {
			return r.findType(&ir.Type{Kind: t.Kind, Len: t.Len, Elem: base})
		}
	}
	return base
}

func (r *Reader) buildConst(p *pconst) (ir.Constant, error) {
	ops := make([]ir.Constant, len(p.ids))
	for i, id := range p.ids {
		c, ok := r.values[id].(ir.Constant)
		if !ok {
			return nil, r.errorf("constant operand %d is not a constant", id)
		}
		ops[i] = c
	}
	switch p.kind {
	case pcStruct:
		if len(ops) != len(p.typ.Fields) {
			return nil, r.errorf("invalid number of elements in struct initializer")
		}
		for i, c := range ops {
			if !equalTypes(c.Type(), p.typ.Fields[i], 0) {
				return nil, r.errorf("incorrect type in struct initializer")
			}
		}
		return buildStruct(p.typ, ops), nil
	case pcArray:
		if uint64(len(ops)) != p.typ.Len {
			return nil, r.errorf("invalid number of elements in array initializer")
		}
		for _, c := range ops {
			if !equalTypes(c.Type(), p.typ.Elem, 0) {
				return nil, r.errorf("incorrect type in array initializer")
			}
		}
		return buildArray(p.typ, ops), nil
	case pcVector:
		if uint64(len(ops)) != p.typ.Len {
			return nil, r.errorf("invalid number of elements in vector initializer")
		}
		for _, c := range ops {
			if !equalTypes(c.Type(), p.typ.Elem, 0) {
				return nil, r.errorf("incorrect type in vector initializer")
			}
		}
		return buildVector(p.typ, ops), nil
	case pcBlockAddr:
		f, ok := ops[0].(*ir.Function)
		if !ok {
			return nil, r.errorf("blockaddress operand must be a function")
		}
		if p.bb == 0 || p.bb > 1<<31 {
			return nil, r.errorf("invalid blockaddress block ID")
		}
		r.noteBlockAddress(f, int(p.bb))
		return &ir.BlockAddress{Typ: p.typ, Func: f, Block: int(p.bb)}, nil
	case pcDSOLocal, pcNoCFI:
		// DSOLocalEquivalent::get and NoCFIValue::get of a global
		// value: its type, whatever the CONSTANTS block set before.
		switch ops[0].(type) {
		case *ir.Function, *ir.GlobalVar, *ir.Alias, *ir.IFunc:
		default:
			return nil, r.errorf("invalid dso_local_equivalent or no_cfi record: the operand is no global value")
		}
		if p.kind == pcNoCFI {
			return &ir.NoCFI{Typ: ops[0].Type(), Global: ops[0]}, nil
		}
		return &ir.DSOLocalEquivalent{Typ: ops[0].Type(), Global: ops[0]}, nil
	case pcPtrAuth:
		pa := &ir.PtrAuth{Typ: p.typ, Ptr: ops[0], Key: ops[1], Disc: ops[2], AddrDisc: ops[3]}
		if len(ops) > 4 {
			pa.DeactivationSymbol = ops[4]
		}
		return pa, nil
	}
	if p.opcode.IsBinary() {
		// LLVM's reader builds the expression and its verifier then
		// fails the module ("Both operands to a binary operator are
		// not of the same type!"): nothing to print.
		for _, c := range ops {
			if !equalTypes(c.Type(), p.typ, 0) {
				return nil, r.errorf("invalid record: a %v constant expression with an operand of another type", p.opcode)
			}
		}
	}
	if (p.opcode == ir.ExtractElement || p.opcode == ir.InsertElement || p.opcode == ir.ShuffleVector) && len(ops) > 0 {
		// LLVM's reader takes the operand as one of the record's vector
		// type (getValue with that type): another one is an invalid
		// record.
		if t := ops[0].Type(); t == nil || !t.IsVector() {
			return nil, r.errorf("invalid record: %v constant expression of an operand that is not a vector", p.opcode)
		}
	}
	if p.opcode == ir.GetElementPtr && len(ops) > 0 {
		// LLVM 22's reader folds a getelementptr of an integer base into
		// the base and prints a pointer global initialized by an integer
		// ("ptr 0"): IR its own parser refuses. Refused here.
		if t := ops[0].Type(); t == nil || t.Scalar().Kind != ir.PointerType {
			return nil, r.errorf("invalid record: a getelementptr constant expression whose base is not a pointer")
		}
	}
	if c := r.foldNoOpConst(p, ops); c != nil {
		return c, nil
	}
	// The types of a getelementptr, a compare, a select, fneg and the
	// vector operations follow from their operands, whatever type the
	// CONSTANTS block set before them: LLVM's reader makes them so
	// (getGEPReturnType, CmpInst::makeCmpResultType, the ConstantExpr and
	// instruction constructors).
	typ := p.typ
	switch {
	case p.opcode == ir.GetElementPtr && len(ops) > 0:
		typ = r.gepType(ops[0].Type(), ops[1:])
	case (p.opcode == ir.ICmp || p.opcode == ir.FCmp) && len(ops) > 0 && ops[0].Type() != nil:
		typ = r.i1()
		if t := ops[0].Type(); t.IsVector() {
			typ = r.findType(&ir.Type{Kind: t.Kind, Len: t.Len, Elem: typ})
		}
	case p.opcode == ir.Select && len(ops) == 3 && ops[1].Type() != nil:
		typ = ops[1].Type()
	case (p.opcode == ir.InsertElement || p.opcode == ir.FNeg) && len(ops) > 0 && ops[0].Type() != nil:
		typ = ops[0].Type()
	case p.opcode == ir.ExtractElement && len(ops) > 0 && ops[0].Type() != nil && ops[0].Type().IsVector():
		typ = ops[0].Type().Elem
	case p.opcode == ir.ShuffleVector && len(ops) == 3 && ops[0].Type() != nil && ops[0].Type().IsVector() &&
		ops[2].Type() != nil && ops[2].Type().IsVector():
		v, m := ops[0].Type(), ops[2].Type()
		typ = r.findType(&ir.Type{Kind: v.Kind, Len: m.Len, Elem: v.Elem})
	}
	ce := &ir.ConstExpr{Typ: typ, Op: p.opcode, Operands: ops, Flags: p.flags, SrcElem: p.srcElem, Pred: p.pred}
	if p.inRange != nil {
		ce.HasInRange, ce.InRangeLo, ce.InRangeHi = true, p.inRange.Lo, p.inRange.Hi
		ce.InRangeBits = p.inRange.BitWidth
	}
	return ce, nil
}
