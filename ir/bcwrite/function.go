package bcwrite

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/internal/ircodes"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// operands returns in's operands in the order LLVM's User::operands has
// them (ir.Instruction.LLVMOperands).
func operands(buf *[]ir.Value, in *ir.Instruction) []ir.Value { return in.LLVMOperands(buf) }

// supportedOp says which instructions this writer writes.
func supportedOp(op ir.Opcode) bool {
	if op.IsBinary() {
		return true
	}
	if _, ok := castCode(op); ok {
		return true
	}
	switch op {
	case ir.FNeg, ir.ICmp, ir.FCmp, ir.Load, ir.Store, ir.Alloca, ir.GetElementPtr, ir.Call,
		ir.Br, ir.Switch, ir.Ret, ir.Unreachable, ir.PHI, ir.Select, ir.ExtractValue,
		ir.InsertValue, ir.ExtractElement, ir.InsertElement, ir.ShuffleVector, ir.Freeze,
		ir.Fence, ir.AtomicCmpXchg, ir.AtomicRMW, ir.Invoke, ir.LandingPad, ir.Resume, ir.IndirectBr, ir.CallBr, ir.VAArg,
		ir.CatchSwitch, ir.CatchPad, ir.CleanupPad, ir.CatchRet, ir.CleanupRet:
		return true
	}
	return false
}

// sameCmpType reports whether a and b, the types of a compare's
// operands, are one type: integers of one width, pointers of one address
// space, floating-point types of one kind, vectors of one length of such.
func sameCmpType(a, b *ir.Type) bool {
	for a != b {
		if a == nil || b == nil || a.Kind != b.Kind || a.BitWidth != b.BitWidth || a.AddrSpace != b.AddrSpace || a.Len != b.Len {
			return false
		}
		if a.Elem == nil && b.Elem == nil {
			return true
		}
		a, b = a.Elem, b.Elem
	}
	return true
}

// checkBody returns what in f's body this writer cannot write yet.
func checkBody(m *ir.Module, f *ir.Function, seen *mdSeen) error {
	var opBuf []ir.Value
	unsupported := func(format string, args ...any) error {
		return &UnsupportedError{What: fmt.Sprintf(format, args...) + " (in @" + f.Name + ")"}
	}
	seen.fn = f
	defer func() { seen.fn = nil }()
	for _, a := range f.Metadata {
		if err := checkMD(a.Node, seen); err != nil {
			return err
		}
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if !supportedOp(in.Op) {
				return unsupported("the %v instruction", in.Op)
			}
			if err := checkFnAttrs(in.Attrs.Fn, f); err != nil {
				return err
			}
			if err := checkDebug(in, seen); err != nil {
				return err
			}
			for _, a := range in.Metadata {
				if err := checkMD(a.Node, seen); err != nil {
					return err
				}
			}
			for _, bd := range in.Bundles() {
				if bundleTagID(m, bd.Tag) < 0 {
					return unsupported("operand bundles of tag %q, which the module does not register", bd.Tag)
				}
				for _, v := range bd.Inputs {
					if _, ok := v.(*ir.MetadataValue); ok {
						return unsupported("metadata operands of operand bundles")
					}
				}
			}
			if sc := in.SyncScope(); scopeID(m, sc) < 0 {
				return unsupported("synchronization scope %q, which the module does not register", sc)
			}
			if in.FMF != 0 && in.Op == ir.Invoke {
				return unsupported("fast-math flags on an invoke")
			}
			if callee, ok := in.Callee.(*ir.Function); ok && seen.badIntrinsics[callee] {
				return unsupported("a module LLVM 22's verifier refuses: a call of @%s, an intrinsic declared with a type it does not take", callee.Name)
			}
			if (in.Op == ir.ICmp || in.Op == ir.FCmp) && len(in.Operands) == 2 && !sameCmpType(in.Operands[0].Type(), in.Operands[1].Type()) {
				// An old icmp constant expression of two pointer
				// types, which LLVM 22's reader makes an instruction
				// of as it is; its verifier refuses it.
				return unsupported("a compare of values of two types (not valid IR)")
			}
			for _, v := range operands(&opBuf, in) {
				switch v := v.(type) {
				case *ir.Instruction:
					if v.Typ == nil || v.Typ.Kind == ir.VoidType {
						return unsupported("a void value used as an operand (not valid IR)")
					}
				case ir.Constant:
					if err := checkConstIn(v, f); err != nil {
						return err
					}
				case *ir.MetadataValue:
					if err := checkLocation(v.MD, seen); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// enumOperandType numbers the type of operand v and, for a constant not
// numbered yet, the types it is made of (EnumerateOperandType).
func (e *enumerator) enumOperandType(v ir.Value) {
	e.enumType(v.Type())
	c, ok := v.(ir.Constant)
	if !ok {
		return
	}
	switch c.(type) {
	case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
		return
	}
	if _, ok := e.valIDs[e.valueKey(c)]; ok {
		return
	}
	switch c := c.(type) {
	case *ir.ConstAggregate:
		for _, o := range c.Elems {
			e.enumOperandType(o)
		}
	case *ir.ConstExpr:
		for _, o := range c.Operands {
			e.enumOperandType(o)
		}
		if c.Op == ir.GetElementPtr {
			e.enumType(c.SrcElem)
		}
	}
}

// enumBodyTypes numbers what the module level numbers of f's body: the
// types of operands and results, source, allocated and function types,
// and the attribute lists of calls.
func (e *enumerator) enumBodyTypes(f *ir.Function) {
	var opBuf []ir.Value
	tag := e.valueID(f) + 1
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			e.enumRecordMD(tag, in)
			for _, v := range operands(&opBuf, in) {
				if mv, ok := v.(*ir.MetadataValue); ok {
					e.enumNonLocal(tag, mv.MD)
					continue
				}
				e.enumOperandType(v)
			}
			if in.Op == ir.ShuffleVector {
				e.enumType(shuffleMask(in).Type())
			}
			if in.Op == ir.GetElementPtr || in.Op == ir.Alloca {
				e.enumType(in.ElemType)
			}
			e.enumType(in.Typ)
			if in.Op == ir.Call || in.Op == ir.Invoke || in.Op == ir.CallBr {
				e.enumAttrs(in.Attrs)
				e.enumType(in.FuncType)
			}
			for _, a := range in.Metadata {
				e.enumMD(tag, a.Node)
			}
			e.enumLocMD(tag, in)
		}
	}
}

// A funcState is the numbering of one function while it is written.
type funcState struct {
	firstConst, firstInst int
	blocks                map[*ir.Block]uint64
	added                 []any // keys of the constants numbered for the function
	locals                int   // how many arguments and instructions were numbered
}

// incorporate numbers f's arguments, constants, blocks and instructions
// after the module's values (incorporateFunction). Arguments and
// instructions are numbered by pointer (enumerator.args, insts), constants
// by key as the module's are.
func (e *enumerator) incorporate(f *ir.Function) *funcState {
	var opBuf []ir.Value
	s := &e.fn
	*s = funcState{blocks: s.blocks, added: s.added[:0]}
	if s.blocks == nil {
		s.blocks = map[*ir.Block]uint64{}
	}
	if e.insts == nil {
		e.args, e.insts = map[*ir.Argument]uint32{}, map[*ir.Instruction]uint32{}
	}
	for _, p := range f.Params {
		e.args[p] = uint32(len(e.values))
		e.values = append(e.values, p)
	}
	s.firstConst = len(e.values)
	e.trail = &s.added
	for i, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, v := range operands(&opBuf, in) {
				switch v.(type) {
				case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
				case ir.Constant, *ir.InlineAsm:
					e.enumValue(v)
				}
			}
			if in.Op == ir.ShuffleVector {
				e.enumValue(shuffleMask(in))
			}
		}
		s.blocks[b] = uint64(i)
	}
	e.trail = nil
	s.firstInst = len(e.values)
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Typ != nil && in.Typ.Kind != ir.VoidType {
				e.insts[in] = uint32(len(e.values))
				e.values = append(e.values, in)
			}
		}
	}
	s.locals = len(f.Params) + len(e.values) - s.firstInst
	return s
}

// forget drops the function's values from the numbering.
func (e *enumerator) forget(s *funcState) {
	for _, k := range s.added {
		delete(e.valIDs, k)
	}
	clear(s.added)
	clear(s.blocks)
	clear(e.args)
	clear(e.insts)
	e.values = e.values[:len(e.values)-len(s.added)-s.locals]
}

// The abbreviation IDs writeBlockInfo gives the function block.
const (
	fnLoadAbbrev = 4 + iota
	fnStoreAbbrev
	fnUnopAbbrev
	fnUnopFlagsAbbrev
	fnBinopAbbrev
	fnBinopFlagsAbbrev
	fnCastAbbrev
	fnCastFlagsAbbrev
	fnRetVoidAbbrev
	fnRetValAbbrev
	fnBrAbbrev
	fnBrCondAbbrev
	fnUnreachableAbbrev
	fnGEPAbbrev
	fnCmpAbbrev
	fnCmpFlagsAbbrev
)

// function writes f's FUNCTION_BLOCK and returns the bit where it
// starts.
func (w *writer) function(f *ir.Function) uint64 {
	e, b := w.e, w.bs
	s := e.incorporate(f)
	start := b.BitPos()
	b.EnterBlock(uint32(llvmir.FUNCTION_BLOCK_ID), 5)
	b.WriteRecord(uint32(llvmir.FUNC_CODE_DECLAREBLOCKS), []uint64{uint64(len(f.Blocks))})
	w.constantsBlock(s.firstConst, s.firstInst, false)
	if e.md.reloaded {
		e.refreshFunctionMD(f, e.valueID(f)+1)
	}
	e.localMD(f)
	w.functionMetadata(e.valueID(f) + 1)
	id := uint64(s.firstInst)
	var last *ir.DILocation
	for _, blk := range f.Blocks {
		for _, in := range blk.Instrs {
			w.instruction(in, id, s)
			if in.Typ != nil && in.Typ.Kind != ir.VoidType {
				id++
			}
			last = w.debugLoc(in, last)
			w.debugRecords(in, id)
		}
	}
	w.blockAddrUsers(f)
	e.forgetLocalMD()
	w.functionVST(f, s)
	w.attachments(f)
	w.functionUseLists(f, s)
	b.ExitBlock()
	e.releaseFunctionMD(e.valueID(f) + 1)
	e.forget(s)
	return start
}

// functionUseLists writes the function's USELIST block: its orders of
// values (USELIST_CODE_DEFAULT) and blocks (USELIST_CODE_BB), as the
// model has them, in the order LLVM's writer visits their values
// (useListOrder: which is the model's unless the body changed, as a
// stripped one does).
//
// For a module of an older LLVM these are the orders its writer recorded.
// LLVM 22 writes those it predicts for its own numbering, which are the
// same where its reader adds the uses in the same order (the same records
// in the same order, as most bodies are) and can differ where an upgrade
// or its numbering changed that order: then the bytes differ from
// opt-22's, the module does not (LLVM's reader ignores an order whose
// length is not the value's number of uses). The order of a block whose
// blockaddress the module uses is the one LLVM's reader and writer make
// of the model's (takenBlockOrder): the reader may make that use at
// another time than its writer expects.
func (w *writer) functionUseLists(f *ir.Function, s *funcState) {
	first := true
	for _, o := range w.useListOrder(f) {
		code := llvmir.USELIST_CODE_DEFAULT
		shuffle := o.Shuffle
		var id uint64
		if blk, ok := o.Value.(*ir.Block); ok {
			bid, ok := s.blocks[blk]
			if !ok {
				continue
			}
			if w.takenBlock(f, int(bid)) {
				w.lose("use-list order of a block whose blockaddress is made outside its function's instructions (dropped)")
				continue
			}
			if w.t.version >= LatestVersion {
				// As LLVM's reader applies it and its writer then
				// predicts it (takenBlockOrder).
				if shuffle = w.takenBlockOrder(f, int(bid), shuffle); shuffle == nil {
					continue
				}
			}
			code, id = llvmir.USELIST_CODE_BB, bid
		} else {
			vid, ok := w.e.lookup(o.Value)
			if !ok {
				continue
			}
			id = uint64(vid)
		}
		if first {
			w.bs.EnterBlock(uint32(llvmir.USELIST_BLOCK_ID), 3)
			first = false
		}
		w.bs.WriteRecord(uint32(code), append(append([]uint64(nil), shuffle...), id))
	}
	if !first {
		w.bs.ExitBlock()
	}
}

// rel returns v's number relative to the instruction's, as a 32-bit
// unsigned (a forward reference wraps).
func (w *writer) rel(v ir.Value, id uint64) uint64 {
	return uint64(uint32(id - uint64(w.e.valueID(v))))
}

// pushValueAndType appends v's relative number and, for a forward
// reference, its type; it says whether it did.
func (w *writer) pushValueAndType(ops []uint64, v ir.Value, id uint64) ([]uint64, bool) {
	vid := uint64(w.e.valueID(v))
	ops = append(ops, uint64(uint32(id-vid)))
	if vid >= id {
		return append(ops, uint64(w.e.typeID(v.Type()))), true
	}
	return ops, false
}

// binopCode returns the bitcode encoding of a binary operator.
func binopCode(op ir.Opcode) uint64 {
	switch op {
	case ir.Add, ir.FAdd:
		return uint64(llvmir.BINOP_ADD)
	case ir.Sub, ir.FSub:
		return uint64(llvmir.BINOP_SUB)
	case ir.Mul, ir.FMul:
		return uint64(llvmir.BINOP_MUL)
	case ir.UDiv:
		return uint64(llvmir.BINOP_UDIV)
	case ir.SDiv, ir.FDiv:
		return uint64(llvmir.BINOP_SDIV)
	case ir.URem:
		return uint64(llvmir.BINOP_UREM)
	case ir.SRem, ir.FRem:
		return uint64(llvmir.BINOP_SREM)
	case ir.Shl:
		return uint64(llvmir.BINOP_SHL)
	case ir.LShr:
		return uint64(llvmir.BINOP_LSHR)
	case ir.AShr:
		return uint64(llvmir.BINOP_ASHR)
	case ir.And:
		return uint64(llvmir.BINOP_AND)
	case ir.Or:
		return uint64(llvmir.BINOP_OR)
	}
	return uint64(llvmir.BINOP_XOR)
}

// fmfBits encodes fast-math flags as bitcode does.
func fmfBits(f ir.FastMath) uint64 {
	v := uint64(f &^ ir.AllowReassoc)
	if f&ir.AllowReassoc != 0 {
		v |= uint64(llvmir.AllowReassoc)
	}
	return v
}

// optFlags returns the flags operand of an instruction
// (getOptimizationFlags), 0 for none.
func optFlags(in *ir.Instruction) uint64 {
	var v uint64
	switch {
	case in.Op == ir.Add || in.Op == ir.Sub || in.Op == ir.Mul || in.Op == ir.Shl || in.Op == ir.Trunc:
		if in.Flags&ir.NUW != 0 {
			v |= 1 << llvmir.OBO_NO_UNSIGNED_WRAP
		}
		if in.Flags&ir.NSW != 0 {
			v |= 1 << llvmir.OBO_NO_SIGNED_WRAP
		}
	case in.Op == ir.UDiv || in.Op == ir.SDiv || in.Op == ir.LShr || in.Op == ir.AShr:
		if in.Flags&ir.Exact != 0 {
			v |= 1 << llvmir.PEO_EXACT
		}
	case in.Op == ir.Or:
		if in.Flags&ir.Disjoint != 0 {
			v |= 1 << llvmir.PDI_DISJOINT
		}
	case in.Op == ir.ZExt || in.Op == ir.UIToFP:
		if in.Flags&ir.NNeg != 0 {
			v |= 1 << llvmir.PNNI_NON_NEG
		}
	case in.Op == ir.ICmp:
		if in.Flags&ir.SameSign != 0 {
			v |= 1 << llvmir.ICMP_SAME_SIGN
		}
	default:
		v = fmfBits(in.FMF)
	}
	return v
}

// instruction writes one instruction numbered id (writeInstruction).
func (w *writer) instruction(in *ir.Instruction, id uint64, s *funcState) {
	e, b := w.e, w.bs
	ops := w.instOps[:0]
	var code llvmir.FunctionCode
	abbrev := uint32(0)
	fwd := false
	switch {
	case in.Op.IsBinary():
		code = llvmir.FUNC_CODE_INST_BINOP
		ops, fwd = w.pushValueAndType(ops, in.Operands[0], id)
		ops = append(ops, w.rel(in.Operands[1], id), binopCode(in.Op))
		if !fwd {
			abbrev = fnBinopAbbrev
		}
		if fl := w.optFlags(in); fl != 0 {
			if abbrev != 0 {
				abbrev = fnBinopFlagsAbbrev
			}
			ops = append(ops, fl)
		}
	case in.Op == ir.FNeg:
		code = llvmir.FUNC_CODE_INST_UNOP
		ops, fwd = w.pushValueAndType(ops, in.Operands[0], id)
		ops = append(ops, uint64(llvmir.UNOP_FNEG))
		if !fwd {
			abbrev = fnUnopAbbrev
		}
		if fl := fmfBits(in.FMF); fl != 0 {
			if abbrev != 0 {
				abbrev = fnUnopFlagsAbbrev
			}
			ops = append(ops, fl)
		}
	case isCast(in.Op):
		code = llvmir.FUNC_CODE_INST_CAST
		cc, _ := w.castCode(in.Op)
		ops, fwd = w.pushValueAndType(ops, in.Operands[0], id)
		ops = append(ops, uint64(e.typeID(in.Typ)), uint64(cc))
		if !fwd {
			abbrev = fnCastAbbrev
		}
		if fl := w.optFlags(in); fl != 0 {
			if abbrev != 0 {
				abbrev = fnCastFlagsAbbrev
			}
			ops = append(ops, fl)
		}
	case in.Op == ir.ICmp || in.Op == ir.FCmp:
		code = llvmir.FUNC_CODE_INST_CMP2
		ops, fwd = w.pushValueAndType(ops, in.Operands[0], id)
		ops = append(ops, w.rel(in.Operands[1], id), uint64(in.Pred))
		if !fwd {
			abbrev = fnCmpAbbrev
		}
		if fl := w.optFlags(in); fl != 0 {
			if abbrev != 0 {
				abbrev = fnCmpFlagsAbbrev
			}
			ops = append(ops, fl)
		}
	case in.Op == ir.Load:
		code = llvmir.FUNC_CODE_INST_LOAD
		ops, fwd = w.pushValueAndType(ops, in.Operands[0], id)
		ops = append(ops, uint64(e.typeID(in.Typ)), alignCode(in.Align), b2u(in.Flags&ir.Volatile != 0))
		if in.Ordering != ir.NotAtomic {
			code = llvmir.FUNC_CODE_INST_LOADATOMIC
			ops = append(ops, orderingCode(in.Ordering), w.scopeCode(in))
		} else if !fwd {
			abbrev = fnLoadAbbrev
		}
	case in.Op == ir.Store:
		code = llvmir.FUNC_CODE_INST_STORE
		var f1, f2 bool
		ops, f1 = w.pushValueAndType(ops, in.Operands[1], id)
		ops, f2 = w.pushValueAndType(ops, in.Operands[0], id)
		ops = append(ops, alignCode(in.Align), b2u(in.Flags&ir.Volatile != 0))
		if in.Ordering != ir.NotAtomic {
			code = llvmir.FUNC_CODE_INST_STOREATOMIC
			ops = append(ops, orderingCode(in.Ordering), w.scopeCode(in))
		} else if !f1 && !f2 {
			abbrev = fnStoreAbbrev
		}
	case in.Op == ir.Fence:
		code = llvmir.FUNC_CODE_INST_FENCE
		ops = append(ops, orderingCode(in.Ordering), w.scopeCode(in))
	case in.Op == ir.AtomicCmpXchg:
		code = llvmir.FUNC_CODE_INST_CMPXCHG
		ops, _ = w.pushValueAndType(ops, in.Operands[0], id)
		ops, _ = w.pushValueAndType(ops, in.Operands[1], id)
		ops = append(ops, w.rel(in.Operands[2], id), b2u(in.Flags&ir.Volatile != 0),
			orderingCode(in.Ordering), w.scopeCode(in), orderingCode(in.FailOrdering),
			b2u(in.Flags&ir.Weak != 0), alignCode(in.Align))
	case in.Op == ir.AtomicRMW:
		code = llvmir.FUNC_CODE_INST_ATOMICRMW
		ops, _ = w.pushValueAndType(ops, in.Operands[0], id)
		ops, _ = w.pushValueAndType(ops, in.Operands[1], id)
		if w.older() && rmwCode(in.RMW) > uint64(llvmir.RMW_UDEC_WRAP) || !w.knows(16) && rmwCode(in.RMW) > uint64(llvmir.RMW_FMIN) {
			w.cannot("atomicrmw " + in.RMW.String())
		}
		if t := in.Operands[1].Type(); !w.knows(19) && t != nil && (t.Kind == ir.FixedVectorType || t.Kind == ir.ScalableVectorType) {
			// Floating-point atomics on vectors are LLVM 17's.
			w.cannot("atomicrmw " + in.RMW.String() + " of a vector")
		}
		ops = append(ops, rmwCode(in.RMW), b2u(in.Flags&ir.Volatile != 0),
			orderingCode(in.Ordering), w.scopeCode(in), alignCode(in.Align))
	case in.Op == ir.Invoke:
		w.bundles(in, id)
		code = llvmir.FUNC_CODE_INST_INVOKE
		ops = append(ops, e.listID(in.Attrs), uint64(in.CallConv)|1<<13,
			s.blocks[in.Succs[0]], s.blocks[in.Succs[1]], uint64(e.typeID(in.FuncType)))
		ops = w.calleeAndArgs(ops, in, id, nil)
	case in.Op == ir.CallBr:
		// [attributes, cc, default, #indirect, indirect..., function
		// type, callee, arguments...].
		w.bundles(in, id)
		if w.knows(15) {
			// Before, the form with blockaddress arguments is
			// written (olderCallBr).
			w.checkCallBrLabels(in)
		}
		code = llvmir.FUNC_CODE_INST_CALLBR
		ops = append(ops, e.listID(in.Attrs), uint64(in.CallConv)<<llvmir.CALL_CCONV|1<<llvmir.CALL_EXPLICIT_TYPE,
			s.blocks[in.Succs[0]], uint64(len(in.Succs)-1))
		for _, b := range in.Succs[1:] {
			ops = append(ops, s.blocks[b])
		}
		ops = append(ops, uint64(e.typeID(in.FuncType)))
		ops = w.calleeAndArgs(ops, in, id, nil)
	case in.Op == ir.LandingPad:
		code = llvmir.FUNC_CODE_INST_LANDINGPAD
		cl := in.Clauses()
		ops = append(ops, uint64(e.typeID(in.Typ)), b2u(in.Flags&ir.Cleanup != 0), uint64(len(cl)))
		for _, c := range cl {
			ops = append(ops, b2u(c.Filter))
			ops, _ = w.pushValueAndType(ops, c.Value, id)
		}
	case in.Op == ir.Resume:
		code = llvmir.FUNC_CODE_INST_RESUME
		ops, _ = w.pushValueAndType(ops, in.Operands[0], id)
	case in.Op == ir.Alloca:
		code = llvmir.FUNC_CODE_INST_ALLOCA
		size := in.Operands[0]
		a := alignCode(in.Align)
		packed := a&31 | (a>>5)<<llvmir.ALLOCA_ALIGN_UPPER | 1<<llvmir.ALLOCA_EXPLICIT_TYPE
		if in.Flags&ir.InAlloca != 0 {
			packed |= 1 << llvmir.ALLOCA_USED_WITH_INALLOCA
		}
		if in.Flags&ir.SwiftError != 0 {
			packed |= 1 << llvmir.ALLOCA_SWIFT_ERROR
		}
		ops = append(ops, uint64(e.typeID(in.ElemType)), uint64(e.typeID(size.Type())), uint64(e.valueID(size)), packed)
		if in.AddrSpace != w.allocaAddrSpace() {
			ops = append(ops, uint64(in.AddrSpace))
		}
	case in.Op == ir.GetElementPtr:
		code, abbrev = llvmir.FUNC_CODE_INST_GEP, fnGEPAbbrev
		ops = append(ops, w.gepFlags(in.Flags), uint64(e.typeID(in.ElemType)))
		for _, v := range in.Operands {
			ops, _ = w.pushValueAndType(ops, v, id)
		}
	case in.Op == ir.Call:
		w.bundles(in, id)
		code = llvmir.FUNC_CODE_INST_CALL
		cc := uint64(in.CallConv)<<llvmir.CALL_CCONV | 1<<llvmir.CALL_EXPLICIT_TYPE
		switch in.Tail {
		case ir.Tail:
			cc |= 1 << llvmir.CALL_TAIL
		case ir.MustTail:
			cc |= 1<<llvmir.CALL_MUSTTAIL | 1<<llvmir.CALL_TAIL
		case ir.NotTail:
			cc |= 1 << llvmir.CALL_NOTAIL
		}
		ops = append(ops, e.listID(in.Attrs))
		if in.FMF != 0 {
			ops = append(ops, cc|1<<llvmir.CALL_FMF, fmfBits(in.FMF))
		} else {
			ops = append(ops, cc)
		}
		ops = append(ops, uint64(e.typeID(in.FuncType)))
		ops = w.calleeAndArgs(ops, in, id, s)
	case in.Op == ir.Br:
		code = llvmir.FUNC_CODE_INST_BR
		ops = append(ops, s.blocks[in.Succs[0]])
		abbrev = fnBrAbbrev
		if len(in.Operands) > 0 {
			ops = append(ops, s.blocks[in.Succs[1]], w.rel(in.Operands[0], id))
			abbrev = fnBrCondAbbrev
		}
	case in.Op == ir.CleanupRet, in.Op == ir.CatchRet:
		// [pad, block]; a cleanupret's block only when it unwinds to one.
		code = llvmir.FUNC_CODE_INST_CLEANUPRET
		if in.Op == ir.CatchRet {
			code = llvmir.FUNC_CODE_INST_CATCHRET
		}
		ops = append(ops, w.rel(in.Operands[0], id))
		for _, b := range in.Succs {
			ops = append(ops, s.blocks[b])
		}
	case in.Op == ir.CatchPad, in.Op == ir.CleanupPad:
		// [parent pad, #arguments, (argument, type if forward)...].
		code = llvmir.FUNC_CODE_INST_CLEANUPPAD
		if in.Op == ir.CatchPad {
			code = llvmir.FUNC_CODE_INST_CATCHPAD
		}
		ops = append(ops, w.rel(in.Operands[0], id), uint64(len(in.Operands)-1))
		for _, v := range in.Operands[1:] {
			ops, _ = w.pushValueAndType(ops, v, id)
		}
	case in.Op == ir.CatchSwitch:
		// [parent pad, #handlers, handler..., unwind block if any].
		code = llvmir.FUNC_CODE_INST_CATCHSWITCH
		ops = append(ops, w.rel(in.Operands[0], id), uint64(len(in.Succs)))
		for _, b := range in.Succs {
			ops = append(ops, s.blocks[b])
		}
		if in.Unwind != nil {
			ops = append(ops, s.blocks[in.Unwind])
		}
	case in.Op == ir.VAArg:
		// [list type, list, result type].
		code = llvmir.FUNC_CODE_INST_VAARG
		l := in.Operands[0]
		ops = append(ops, uint64(e.typeID(l.Type())), w.rel(l, id), uint64(e.typeID(in.Typ)))
	case in.Op == ir.IndirectBr:
		// [address type, address, block...].
		code = llvmir.FUNC_CODE_INST_INDIRECTBR
		ops = append(ops, uint64(e.typeID(in.Operands[0].Type())), w.rel(in.Operands[0], id))
		for _, b := range in.Succs {
			ops = append(ops, s.blocks[b])
		}
	case in.Op == ir.Switch:
		code = llvmir.FUNC_CODE_INST_SWITCH
		cond := in.Operands[0]
		ops = append(ops, uint64(e.typeID(cond.Type())), w.rel(cond, id), s.blocks[in.Succs[0]])
		for i, c := range in.Cases() {
			ops = append(ops, uint64(e.valueID(c)), s.blocks[in.Succs[i+1]])
		}
	case in.Op == ir.Ret:
		code = llvmir.FUNC_CODE_INST_RET
		switch len(in.Operands) {
		case 0:
			abbrev = fnRetVoidAbbrev
		case 1:
			ops, fwd = w.pushValueAndType(ops, in.Operands[0], id)
			if !fwd {
				abbrev = fnRetValAbbrev
			}
		default:
			for _, v := range in.Operands {
				ops, _ = w.pushValueAndType(ops, v, id)
			}
		}
	case in.Op == ir.Unreachable:
		code, abbrev = llvmir.FUNC_CODE_INST_UNREACHABLE, fnUnreachableAbbrev
	case in.Op == ir.PHI:
		code = llvmir.FUNC_CODE_INST_PHI
		ops = append(ops, uint64(e.typeID(in.Typ)))
		for i, v := range in.Operands {
			d := int64(int32(uint32(id) - uint32(e.valueID(v))))
			ops = append(ops, signed(d), s.blocks[in.Incoming[i]])
		}
		if in.FMF != 0 {
			ops = append(ops, fmfBits(in.FMF))
		}
	case in.Op == ir.Select:
		code = llvmir.FUNC_CODE_INST_VSELECT
		ops, _ = w.pushValueAndType(ops, in.Operands[1], id)
		ops = append(ops, w.rel(in.Operands[2], id))
		ops, _ = w.pushValueAndType(ops, in.Operands[0], id)
		if in.FMF != 0 {
			ops = append(ops, fmfBits(in.FMF))
		}
	case in.Op == ir.ExtractValue:
		code = llvmir.FUNC_CODE_INST_EXTRACTVAL
		ops, _ = w.pushValueAndType(ops, in.Operands[0], id)
		for _, x := range in.Indices() {
			ops = append(ops, uint64(x))
		}
	case in.Op == ir.InsertValue:
		code = llvmir.FUNC_CODE_INST_INSERTVAL
		ops, _ = w.pushValueAndType(ops, in.Operands[0], id)
		ops, _ = w.pushValueAndType(ops, in.Operands[1], id)
		for _, x := range in.Indices() {
			ops = append(ops, uint64(x))
		}
	case in.Op == ir.ExtractElement:
		code = llvmir.FUNC_CODE_INST_EXTRACTELT
		ops, _ = w.pushValueAndType(ops, in.Operands[0], id)
		ops, _ = w.pushValueAndType(ops, in.Operands[1], id)
	case in.Op == ir.InsertElement:
		code = llvmir.FUNC_CODE_INST_INSERTELT
		ops, _ = w.pushValueAndType(ops, in.Operands[0], id)
		ops = append(ops, w.rel(in.Operands[1], id))
		ops, _ = w.pushValueAndType(ops, in.Operands[2], id)
	case in.Op == ir.ShuffleVector:
		code = llvmir.FUNC_CODE_INST_SHUFFLEVEC
		ops, _ = w.pushValueAndType(ops, in.Operands[0], id)
		ops = append(ops, w.rel(in.Operands[1], id), w.rel(shuffleMask(in), id))
	case in.Op == ir.Freeze:
		code = llvmir.FUNC_CODE_INST_FREEZE
		ops, _ = w.pushValueAndType(ops, in.Operands[0], id)
	}
	if abbrev != 0 {
		b.WriteAbbrevRecord(abbrev, uint32(code), ops, nil)
	} else {
		b.WriteRecord(uint32(code), ops)
	}
	w.instOps = ops
}

func isCast(op ir.Opcode) bool {
	_, ok := castCode(op)
	return ok
}

// allocaAddrSpace returns the data layout's alloca address space (its
// "A<n>" component, 0 without one).
func (w *writer) allocaAddrSpace() uint32 {
	for _, c := range strings.Split(w.m.DataLayout, "-") {
		if len(c) > 1 && c[0] == 'A' {
			if n, err := strconv.ParseUint(c[1:], 10, 32); err == nil {
				return uint32(n)
			}
		}
	}
	return 0
}

// shuffleMask returns the constant a shufflevector's mask is written as
// (getShuffleMaskForBitcode): a vector of i32 as LLVM's context makes it,
// poison when every element is, zeroinitializer when every one is 0,
// data when none is poison, else element by element.
func shuffleMask(in *ir.Instruction) ir.Constant {
	mask := in.Mask()
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	t := &ir.Type{Kind: in.Typ.Kind, Len: uint64(len(mask)), Elem: i32}
	zero, poison, some := true, true, false
	for _, m := range mask {
		zero = zero && m == 0
		poison = poison && m < 0
		some = some || m < 0
	}
	switch {
	case len(mask) > 0 && poison:
		return &ir.Poison{Typ: t}
	case len(mask) > 0 && zero:
		return &ir.ConstNull{Typ: t}
	case t.Kind == ir.ScalableVectorType:
		return &ir.Poison{Typ: t}
	case !some:
		elems := make([]uint64, len(mask))
		for i, m := range mask {
			elems[i] = uint64(uint32(m))
		}
		return &ir.ConstData{Typ: t, Elems: elems}
	}
	elems := make([]ir.Constant, len(mask))
	for i, m := range mask {
		if m < 0 {
			elems[i] = &ir.Poison{Typ: i32}
		} else {
			elems[i] = &ir.ConstInt{Typ: i32, V: int64(m)}
		}
	}
	return &ir.ConstAggregate{Typ: t, Elems: elems}
}

// orderingCode encodes an atomic ordering (getEncodedOrdering).
func orderingCode(o ir.AtomicOrdering) uint64 {
	switch o {
	case ir.Unordered:
		return uint64(llvmir.ORDERING_UNORDERED)
	case ir.Monotonic:
		return uint64(llvmir.ORDERING_MONOTONIC)
	case ir.Acquire:
		return uint64(llvmir.ORDERING_ACQUIRE)
	case ir.Release:
		return uint64(llvmir.ORDERING_RELEASE)
	case ir.AcquireRelease:
		return uint64(llvmir.ORDERING_ACQREL)
	case ir.SequentiallyConsistent:
		return uint64(llvmir.ORDERING_SEQCST)
	}
	return uint64(llvmir.ORDERING_NOTATOMIC)
}

// scopeCode encodes an instruction's synchronization scope: its number
// in the context, the fixed scopes' then the module's (checkBody refuses
// a scope the module does not list).
func (w *writer) scopeCode(in *ir.Instruction) uint64 {
	return uint64(scopeID(w.m, in.SyncScope()))
}

// scopeID returns the number of synchronization scope name, -1 when the
// module does not register it.
func scopeID(m *ir.Module, name string) int {
	if i := slices.Index(llvmir.FixedSyncScopes, name); i >= 0 {
		return i
	}
	if i := slices.Index(m.SyncScopes, name); i >= 0 {
		return len(llvmir.FixedSyncScopes) + i
	}
	return -1
}

// rmwCode encodes an atomicrmw operation.
func rmwCode(op ir.RMWOp) uint64 {
	c, _ := ircodes.RMWCode(op)
	return uint64(c)
}

// bundles writes an OPERAND_BUNDLE record for each operand bundle of a
// call or invoke, before it (writeOperandBundles): [tag ID, (value,
// type if forward)...].
func (w *writer) bundles(in *ir.Instruction, id uint64) {
	for _, bd := range in.Bundles() {
		ops := []uint64{uint64(bundleTagID(w.m, bd.Tag))}
		for _, v := range bd.Inputs {
			ops, _ = w.pushValueAndType(ops, v, id)
		}
		w.bs.WriteRecord(uint32(llvmir.FUNC_CODE_OPERAND_BUNDLE), ops)
	}
}

// bundleTagID returns the ID of an operand bundle tag in the context:
// LLVM 22's fixed tags' then the module's; -1 for a tag the module does
// not register.
func bundleTagID(m *ir.Module, tag string) int {
	if i := slices.Index(llvmir.FixedOperandBundleTags, tag); i >= 0 {
		return i
	}
	if i := slices.Index(m.BundleTags, tag); i >= 0 {
		return len(llvmir.FixedOperandBundleTags) + i
	}
	return -1
}

// lossUseList is what is counted for a body interleavedUse finds.
const lossUseList = "use-list order LLVM's writer adds for a global value a landingpad or phi uses both directly and in a constant of a later operand (not predicted; the module is the same)"

// interleavedUse returns a global value that a landingpad or a phi of
// f's body uses directly as one operand and inside a constant of a later
// operand, nil when there is none. LLVM's reader makes most instructions
// once their operands are read, their constants made first, which is the
// order its writer predicts; but it adds a landingpad's clauses and a
// phi's incoming values one at a time, each after reading it, so the
// direct use comes before the use by the constant made for the later
// operand, and its writer then records the difference (a USELIST record
// opt-22 writes for testdata/ir/instr-eh.bc). Until that prediction is
// made here (predictUseListOrder over the whole module), such a body is
// written with the orders the module holds, and that is counted
// (lossUseList). (Were the constant made before, by an earlier
// instruction, the order would hold: this counts a little more than it
// must.)
func interleavedUse(f *ir.Function) ir.Value {
	var opBuf []ir.Value
	var holds func(c ir.Constant, v ir.Value, depth int) bool
	holds = func(c ir.Constant, v ir.Value, depth int) bool {
		if depth > 64 {
			return false
		}
		for _, o := range constOperands(c) {
			if ir.Value(o) == v || holds(o, v, depth+1) {
				return true
			}
		}
		return false
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != ir.LandingPad && in.Op != ir.PHI {
				continue
			}
			var direct []ir.Value
			for _, v := range operands(&opBuf, in) {
				switch c := v.(type) {
				case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
					direct = append(direct, c)
				case ir.Constant:
					for _, g := range direct {
						if holds(c, g, 0) {
							return g
						}
					}
				}
			}
		}
	}
	return nil
}

// constOperands returns the operands of an aggregate or an expression.
func constOperands(c ir.Constant) []ir.Constant {
	switch c := c.(type) {
	case *ir.ConstAggregate:
		return c.Elems
	case *ir.ConstExpr:
		return c.Operands
	}
	return nil
}

// calleeAndArgs appends a call's callee (with its type if a forward
// reference) and arguments: the fixed ones by relative number (a label
// argument of a call, s given, by its block number), the variadic ones
// with their types if forward references.
func (w *writer) calleeAndArgs(ops []uint64, in *ir.Instruction, id uint64, s *funcState) []uint64 {
	ops, _ = w.pushValueAndType(ops, in.Callee, id)
	for i, v := range in.Operands {
		if i >= len(in.FuncType.Params) {
			ops, _ = w.pushValueAndType(ops, v, id)
			continue
		}
		if blk, ok := v.(*ir.Block); ok && s != nil {
			ops = append(ops, s.blocks[blk])
			continue
		}
		ops = append(ops, w.rel(v, id))
	}
	return ops
}

// checkCallBrLabels refuses a callbr of inline assembly with indirect
// destinations and no label constraint ("!i"): every LLVM reader (13 to
// 22) takes such a record for the form before label constraints, whose
// last arguments are the destinations' blockaddresses, and refuses it
// ("callbr argument does not match indirect dest"). LLVM's own reading
// of an old callbr whose constraints it cannot follow makes one (the
// verifier refuses it).
func (w *writer) checkCallBrLabels(in *ir.Instruction) {
	asm, ok := in.Callee.(*ir.InlineAsm)
	if !ok || len(in.Succs) < 2 || w.unsupported != nil {
		return
	}
	for _, k := range strings.Split(asm.Constraints, ",") {
		if strings.HasPrefix(k, "!") {
			return
		}
	}
	w.unsupported = &UnsupportedError{What: "a callbr of inline assembly with indirect destinations and no label constraint, which a reader takes for blockaddress arguments"}
}
