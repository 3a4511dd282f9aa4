package assembly

import (
	"github.com/bcextract/bcextract/ir"
)

// flags writes the fast-math flags and the wrap, exact, disjoint, GEP,
// nneg and samesign flags of an instruction or constant expression, as
// LLVM's WriteOptimizationInfo does.
func (p *printer) flags(op ir.Opcode, f ir.Flags, fmf ir.FastMath) {
	if fmf != 0 {
		if fmf&0x7f == 0x7f {
			p.str(" fast")
		} else {
			if fmf&ir.AllowReassoc != 0 {
				p.str(" reassoc")
			}
			if fmf&ir.NoNaNs != 0 {
				p.str(" nnan")
			}
			if fmf&ir.NoInfs != 0 {
				p.str(" ninf")
			}
			if fmf&ir.NoSignedZeros != 0 {
				p.str(" nsz")
			}
			if fmf&ir.AllowReciprocal != 0 {
				p.str(" arcp")
			}
			if fmf&ir.AllowContract != 0 {
				p.str(" contract")
			}
			if fmf&ir.ApproxFunc != 0 {
				p.str(" afn")
			}
		}
	}
	switch op {
	case ir.Add, ir.Sub, ir.Mul, ir.Shl, ir.Trunc:
		if f&ir.NUW != 0 {
			p.str(" nuw")
		}
		if f&ir.NSW != 0 {
			p.str(" nsw")
		}
	case ir.UDiv, ir.SDiv, ir.LShr, ir.AShr:
		if f&ir.Exact != 0 {
			p.str(" exact")
		}
	case ir.Or:
		if f&ir.Disjoint != 0 {
			p.str(" disjoint")
		}
	case ir.GetElementPtr:
		if f&ir.InBounds != 0 {
			p.str(" inbounds")
		} else if f&ir.NUSW != 0 {
			p.str(" nusw")
		}
		if f&ir.NUW != 0 {
			p.str(" nuw")
		}
	case ir.ZExt, ir.UIToFP:
		if f&ir.NNeg != 0 {
			p.str(" nneg")
		}
	case ir.ICmp:
		if f&ir.SameSign != 0 {
			p.str(" samesign")
		}
	}
}

// syncScope writes syncscope("...") for a scope other than the system's.
func (p *printer) atomic(o ir.AtomicOrdering, scope string) {
	if o == ir.NotAtomic {
		return
	}
	if scope != "" {
		p.str(" syncscope(\"")
		p.escaped(scope)
		p.str("\")")
	}
	p.byte1(' ')
	p.str(o.String())
}

// slotOrName writes an instruction's "%x = " prefix.
func (p *printer) instrLHS(in *ir.Instruction) {
	if in.Name != "" {
		p.llvmName('%', in.Name)
		p.str(" = ")
	} else if !isVoid(in.Typ) {
		if n, ok := p.islots[in]; ok {
			p.byte1('%')
			p.int(int64(n))
			p.str(" = ")
		} else {
			p.str("<badref> = ")
		}
	}
}

func (p *printer) succ(in *ir.Instruction, i int) *ir.Block {
	if i < len(in.Succs) {
		return in.Succs[i]
	}
	return nil
}

func (p *printer) label(b *ir.Block) {
	if b == nil {
		p.str("<null operand!>")
		return
	}
	p.str("label ")
	p.blockRef(b)
}

func (p *printer) opAt(in *ir.Instruction, i int) ir.Value {
	if i < len(in.Operands) {
		return in.Operands[i]
	}
	return nil
}

// instruction writes one instruction, without its line end.
func (p *printer) instruction(in *ir.Instruction) {
	p.str("  ")
	p.instrLHS(in)
	if in.Op == ir.Call {
		switch in.Tail {
		case ir.MustTail:
			p.str("musttail ")
		case ir.Tail:
			p.str("tail ")
		case ir.NotTail:
			p.str("notail ")
		}
	}
	p.str(in.Op.String())
	atomic := in.Ordering != ir.NotAtomic
	if (in.Op == ir.Load || in.Op == ir.Store) && atomic {
		p.str(" atomic")
	}
	if in.Op == ir.AtomicCmpXchg && in.Flags&ir.Weak != 0 {
		p.str(" weak")
	}
	switch in.Op {
	case ir.Load, ir.Store, ir.AtomicCmpXchg, ir.AtomicRMW:
		if in.Flags&ir.Volatile != 0 {
			p.str(" volatile")
		}
	}
	p.flags(in.Op, in.Flags, in.FMF)
	if in.Op == ir.ICmp || in.Op == ir.FCmp {
		p.byte1(' ')
		p.str(in.Pred.String())
	}
	if in.Op == ir.AtomicRMW {
		p.byte1(' ')
		p.str(in.RMW.String())
	}

	switch in.Op {
	case ir.Br:
		if len(in.Operands) > 0 {
			p.byte1(' ')
			p.operand(in.Operands[0], true)
			p.str(", ")
			p.label(p.succ(in, 0))
			p.str(", ")
			p.label(p.succ(in, 1))
		} else {
			p.byte1(' ')
			p.label(p.succ(in, 0))
		}
	case ir.Switch:
		p.byte1(' ')
		p.operand(p.opAt(in, 0), true)
		p.str(", ")
		p.label(p.succ(in, 0))
		p.str(" [")
		for i, c := range in.Cases() {
			p.str("\n    ")
			p.operand(c, true)
			p.str(", ")
			p.label(p.succ(in, i+1))
		}
		p.str("\n  ]")
	case ir.IndirectBr:
		p.byte1(' ')
		p.operand(p.opAt(in, 0), true)
		p.str(", [")
		for i, b := range in.Succs {
			if i > 0 {
				p.str(", ")
			}
			p.label(b)
		}
		p.byte1(']')
	case ir.PHI:
		p.byte1(' ')
		p.typ(in.Typ)
		p.byte1(' ')
		for i, v := range in.Operands {
			if i > 0 {
				p.str(", ")
			}
			p.str("[ ")
			p.operand(v, false)
			p.str(", ")
			if i < len(in.Incoming) && in.Incoming[i] != nil {
				p.blockRef(in.Incoming[i])
			} else {
				p.str("<null operand!>")
			}
			p.str(" ]")
		}
	case ir.ExtractValue:
		p.byte1(' ')
		p.operand(p.opAt(in, 0), true)
		for _, i := range in.Indices() {
			p.str(", ")
			p.uint(uint64(i))
		}
	case ir.InsertValue:
		p.byte1(' ')
		p.operand(p.opAt(in, 0), true)
		p.str(", ")
		p.operand(p.opAt(in, 1), true)
		for _, i := range in.Indices() {
			p.str(", ")
			p.uint(uint64(i))
		}
	case ir.LandingPad:
		p.byte1(' ')
		p.typ(in.Typ)
		cleanup := in.Flags&ir.Cleanup != 0
		if cleanup || len(in.Clauses()) > 0 {
			p.byte1('\n')
		}
		if cleanup {
			p.str("          cleanup")
		}
		for i, c := range in.Clauses() {
			if i != 0 || cleanup {
				p.byte1('\n')
			}
			if c.Filter {
				p.str("          filter ")
			} else {
				p.str("          catch ")
			}
			p.operand(c.Value, true)
		}
	case ir.CatchSwitch:
		p.str(" within ")
		p.operand(p.opAt(in, 0), false)
		p.str(" [")
		for i, b := range in.Succs {
			if i > 0 {
				p.str(", ")
			}
			p.label(b)
		}
		p.str("] unwind ")
		if in.Unwind != nil {
			p.label(in.Unwind)
		} else {
			p.str("to caller")
		}
	case ir.CatchPad, ir.CleanupPad:
		p.str(" within ")
		p.operand(p.opAt(in, 0), false)
		p.str(" [")
		for i := 1; i < len(in.Operands); i++ {
			if i > 1 {
				p.str(", ")
			}
			p.operand(in.Operands[i], true)
		}
		p.byte1(']')
	case ir.Ret:
		if len(in.Operands) == 0 {
			p.str(" void")
		} else {
			p.byte1(' ')
			p.operand(in.Operands[0], true)
		}
	case ir.CatchRet:
		p.str(" from ")
		p.operand(p.opAt(in, 0), false)
		p.str(" to ")
		p.label(p.succ(in, 0))
	case ir.CleanupRet:
		p.str(" from ")
		p.operand(p.opAt(in, 0), false)
		p.str(" unwind ")
		if b := p.succ(in, 0); b != nil {
			p.label(b)
		} else {
			p.str("to caller")
		}
	case ir.Call, ir.Invoke, ir.CallBr:
		p.call(in)
	case ir.Alloca:
		p.byte1(' ')
		if in.Flags&ir.InAlloca != 0 {
			p.str("inalloca ")
		}
		if in.Flags&ir.SwiftError != 0 {
			p.str("swifterror ")
		}
		p.typ(in.ElemType)
		n := p.opAt(in, 0)
		if !isOneI32(n) {
			p.str(", ")
			p.operand(n, true)
		}
		if in.Align != 0 {
			p.str(", align ")
			p.uint(in.Align)
		}
		if in.AddrSpace != 0 {
			p.str(", addrspace(")
			p.uint(uint64(in.AddrSpace))
			p.byte1(')')
		}
	case ir.VAArg:
		if len(in.Operands) > 0 {
			p.byte1(' ')
			p.operand(in.Operands[0], true)
		}
		p.str(", ")
		p.typ(in.Typ)
	default:
		if in.Op.IsCast() {
			if len(in.Operands) > 0 {
				p.byte1(' ')
				p.operand(in.Operands[0], true)
			}
			p.str(" to ")
			p.typ(in.Typ)
			break
		}
		p.genericOperands(in)
	}

	switch in.Op {
	case ir.Load, ir.Store:
		if atomic {
			p.atomic(in.Ordering, in.SyncScope())
		}
		if in.Align != 0 {
			p.str(", align ")
			p.uint(in.Align)
		}
	case ir.AtomicCmpXchg:
		if in.SyncScope() != "" {
			p.str(" syncscope(\"")
			p.escaped(in.SyncScope())
			p.str("\")")
		}
		p.byte1(' ')
		p.str(in.Ordering.String())
		p.byte1(' ')
		p.str(in.FailOrdering.String())
		p.str(", align ")
		p.uint(in.Align)
	case ir.AtomicRMW:
		p.atomic(in.Ordering, in.SyncScope())
		p.str(", align ")
		p.uint(in.Align)
	case ir.Fence:
		p.atomic(in.Ordering, in.SyncScope())
	case ir.ShuffleVector:
		p.shuffleMask(in.Typ, in.Mask())
	}

	if in.DebugLoc != nil {
		p.str(", !dbg ")
		p.mdOperand(in.DebugLoc, 0)
	}
	p.attachments(in.Metadata, ", ")
	if isGCRelocate(in) {
		p.gcRelocateComment(in)
	}
}

// isOneI32 reports whether v is the constant i32 1, the array size an
// alloca leaves out.
func isOneI32(v ir.Value) bool {
	c, ok := v.(*ir.ConstInt)
	return ok && c != nil && c.Big == nil && c.V == 1 && c.Typ != nil &&
		c.Typ.Kind == ir.IntegerType && c.Typ.BitWidth == 32
}

// genericOperands writes the operands of the instructions that have no
// layout of their own: the type once when all operands share it.
func (p *printer) genericOperands(in *ir.Instruction) {
	if len(in.Operands) == 0 {
		return
	}
	switch in.Op {
	case ir.GetElementPtr:
		p.byte1(' ')
		p.typ(in.ElemType)
		p.byte1(',')
	case ir.Load:
		p.byte1(' ')
		p.typ(in.Typ)
		p.byte1(',')
	}
	allTypes := false
	switch in.Op {
	case ir.Select, ir.Store, ir.ShuffleVector, ir.Ret, ir.AtomicCmpXchg, ir.AtomicRMW:
		allTypes = true
	default:
		t := valueType(in.Operands[0])
		for _, op := range in.Operands[1:] {
			if !isNilValue(op) && !sameType(op.Type(), t) {
				allTypes = true
				break
			}
		}
	}
	if !allTypes {
		p.byte1(' ')
		p.typ(valueType(in.Operands[0]))
	}
	p.byte1(' ')
	for i, op := range in.Operands {
		if i > 0 {
			p.str(", ")
		}
		p.operand(op, allTypes)
	}
}

// shuffleMask writes ", <N x i32> <mask>" as LLVM's PrintShuffleMask does.
func (p *printer) shuffleMask(t *ir.Type, mask []int32) {
	p.str(", <")
	if t != nil && t.Kind == ir.ScalableVectorType {
		p.str("vscale x ")
	}
	p.uint(uint64(len(mask)))
	p.str(" x i32> ")
	allZero, allPoison := true, true
	for _, m := range mask {
		if m != 0 {
			allZero = false
		}
		if m != -1 {
			allPoison = false
		}
	}
	switch {
	case allZero:
		p.str("zeroinitializer")
	case allPoison:
		p.str("poison")
	default:
		p.byte1('<')
		for i, m := range mask {
			if i > 0 {
				p.str(", ")
			}
			p.str("i32 ")
			if m == -1 {
				p.str("poison")
			} else {
				p.int(int64(m))
			}
		}
		p.byte1('>')
	}
}

// call writes the rest of a call, invoke or callbr after its opcode.
func (p *printer) call(in *ir.Instruction) {
	if in.CallConv != 0 {
		p.byte1(' ')
		p.callingConv(in.CallConv)
	}
	if len(in.Attrs.Ret) > 0 {
		p.byte1(' ')
		p.attrSet(in.Attrs.Ret, false)
	}
	if in.Op != ir.CallBr {
		if isNilValue(in.Callee) {
			p.str(" <cannot get addrspace!>")
		} else {
			as := uint32(0)
			if t := in.Callee.Type(); t != nil && t.Kind == ir.PointerType {
				as = t.AddrSpace
			}
			if as != 0 || p.progAS != 0 {
				p.str(" addrspace(")
				p.uint(uint64(as))
				p.byte1(')')
			}
		}
	}
	p.byte1(' ')
	ft := in.FuncType
	switch {
	case ft == nil || ft.Kind != ir.FunctionType:
		p.typ(in.Typ)
	case ft.VarArg:
		p.typ(ft)
	default:
		p.typ(ft.Ret)
	}
	p.byte1(' ')
	p.operand(in.Callee, false)
	p.byte1('(')
	for i, a := range in.Operands {
		if i > 0 {
			p.str(", ")
		}
		if isNilValue(a) {
			p.str("<null operand!>")
			continue
		}
		p.typ(a.Type())
		if as := in.Attrs.Param(i); len(as) > 0 {
			p.byte1(' ')
			p.attrSet(as, false)
		}
		p.byte1(' ')
		p.value(a, 0)
	}
	if in.Op == ir.Call && in.Tail == ir.MustTail && p.fn != nil && fnIsVarArg(p.fn) {
		if len(in.Operands) > 0 {
			p.str(", ")
		}
		p.str("...")
	}
	p.byte1(')')
	if len(in.Attrs.Fn) > 0 {
		p.str(" #")
		p.int(int64(p.attrSetSlot(in.Attrs.Fn)))
	}
	if len(in.Bundles()) > 0 {
		p.str(" [ ")
		for i, b := range in.Bundles() {
			if i > 0 {
				p.str(", ")
			}
			p.byte1('"')
			p.escaped(b.Tag)
			p.str("\"(")
			for j, v := range b.Inputs {
				if j > 0 {
					p.str(", ")
				}
				if isNilValue(v) {
					p.str("<null operand bundle!>")
					continue
				}
				p.operand(v, true)
			}
			p.byte1(')')
		}
		p.str(" ]")
	}
	switch in.Op {
	case ir.Invoke:
		p.str("\n          to ")
		p.label(p.succ(in, 0))
		p.str(" unwind ")
		p.label(p.succ(in, 1))
	case ir.CallBr:
		p.str("\n          to ")
		p.label(p.succ(in, 0))
		p.str(" [")
		for i := 1; i < len(in.Succs); i++ {
			if i > 1 {
				p.str(", ")
			}
			p.label(in.Succs[i])
		}
		p.byte1(']')
	}
}

func fnIsVarArg(f *ir.Function) bool {
	t := f.Sig
	if t == nil {
		t = f.ValueType
	}
	return t != nil && t.Kind == ir.FunctionType && t.VarArg
}

// isGCRelocate reports whether in calls llvm.experimental.gc.relocate.
func isGCRelocate(in *ir.Instruction) bool {
	if in.Op != ir.Call {
		return false
	}
	f, ok := in.Callee.(*ir.Function)
	if !ok || f == nil {
		return false
	}
	const prefix = "llvm.experimental.gc.relocate"
	return len(f.Name) >= len(prefix) && f.Name[:len(prefix)] == prefix
}

// gcRelocateComment writes " ; (%base, %derived)" after a gc.relocate,
// naming the values it relocates, as LLVM's printGCRelocateComment does:
// the statepoint's gc-live operands (or arguments) at the relocate's two
// indices; the statepoint is the token operand, or for a landingpad token
// the invoke that ends the landingpad block's unique predecessor.
func (p *printer) gcRelocateComment(in *ir.Instruction) {
	if len(in.Operands) < 3 {
		return
	}
	var sp *ir.Instruction
	undef := false
	switch tok := in.Operands[0].(type) {
	case *ir.Undef, *ir.Poison, *ir.ConstNull:
		undef = true
	case *ir.Instruction:
		sp = tok
		if tok != nil && tok.Op == ir.LandingPad {
			sp = p.landingPadStatepoint(tok)
		}
	}
	idx := func(v ir.Value) ir.Value {
		if sp == nil {
			return nil
		}
		var live []ir.Value
		found := false
		for _, b := range sp.Bundles() {
			if b.Tag == "gc-live" {
				live, found = b.Inputs, true
				break
			}
		}
		if !found {
			live = sp.Operands
		}
		c, ok := v.(*ir.ConstInt)
		if !ok || c == nil || c.Big != nil || c.V < 0 || c.V >= int64(len(live)) {
			return nil
		}
		return live[c.V]
	}
	p.str(" ; (")
	if undef {
		p.str("undef, undef)")
		return
	}
	p.operand(idx(in.Operands[1]), false)
	p.str(", ")
	p.operand(idx(in.Operands[2]), false)
	p.byte1(')')
}

// landingPadStatepoint returns the invoke ending the unique predecessor of
// the block that holds lp, nil if there is none.
func (p *printer) landingPadStatepoint(lp *ir.Instruction) *ir.Instruction {
	if p.fn == nil {
		return nil
	}
	for _, b := range p.fn.Blocks {
		if b == nil {
			continue
		}
		for _, in := range b.Instrs {
			if in != lp {
				continue
			}
			var pred *ir.Block
			for _, pb := range b.Preds {
				if pred != nil && pb != pred {
					return nil
				}
				pred = pb
			}
			if pred == nil || len(pred.Instrs) == 0 {
				return nil
			}
			return pred.Instrs[len(pred.Instrs)-1]
		}
	}
	return nil
}
