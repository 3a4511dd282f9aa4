package typedptr

import (
	"slices"

	"github.com/bcextract/bcextract/ir"
)

// body lowers the body of f: first the type of every instruction, then
// the operands of each, with bitcasts inserted where an operand's type is
// not the one its use wants.
func (l *lowerer) body(f *ir.Function) {
	l.inBody = true
	defer func() { l.inBody = false }()
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			l.instrType(in)
		}
	}
	// Casts of phi operands go at the end of the incoming block, one per
	// block, value and type (a phi may list a block twice, with one value).
	type edgeKey struct {
		b *ir.Block
		v ir.Value
		t *ir.Type
	}
	edge := map[edgeKey]*ir.Instruction{}
	atEnd := map[*ir.Block][]*ir.Instruction{}
	for _, b := range f.Blocks {
		var out []*ir.Instruction
		for i, in := range b.Instrs {
			var before []*ir.Instruction
			use := func(v ir.Value, want *ir.Type) ir.Value {
				v = l.value(v)
				if want == nil || v.Type() == want {
					return v
				}
				if c, ok := v.(ir.Constant); ok {
					return l.coerceConst(c, want)
				}
				if !castable(v.Type(), want) {
					l.fail("a value of type %s used as one of type %s in @%s", typeString(v.Type()), typeString(want), f.Name)
					return v
				}
				c := &ir.Instruction{Op: ir.BitCast, Typ: want, Operands: []ir.Value{v}}
				l.stats.Casts++
				before = append(before, c)
				return c
			}
			if in.Op == ir.PHI {
				for j, v := range in.Operands {
					v = l.value(v)
					in.Operands[j] = v
					if v.Type() == in.Typ {
						continue
					}
					if c, ok := v.(ir.Constant); ok {
						in.Operands[j] = l.coerceConst(c, in.Typ)
						continue
					}
					k := edgeKey{in.Incoming[j], v, in.Typ}
					c := edge[k]
					if c == nil {
						if pb := k.b.Instrs; len(pb) > 0 && pb[len(pb)-1] == v {
							// An invoke's or callbr's result: the cast
							// would need an edge of its own.
							l.fail("a phi of the result of the terminator of its incoming block, cast (@%s)", f.Name)
							continue
						}
						if !castable(v.Type(), in.Typ) {
							l.fail("a value of type %s used as one of type %s in @%s", typeString(v.Type()), typeString(in.Typ), f.Name)
							continue
						}
						c = &ir.Instruction{Op: ir.BitCast, Typ: in.Typ, Operands: []ir.Value{v}}
						l.stats.Casts++
						edge[k] = c
						atEnd[k.b] = append(atEnd[k.b], c)
					}
					in.Operands[j] = c
				}
			} else {
				l.operands(f, in, use)
			}
			for _, rec := range in.DebugRecords {
				for _, op := range rec.Ops {
					l.metadata(op)
				}
			}
			l.attachments(in.Metadata)
			if len(before) > 0 && out == nil {
				out = slices.Clone(b.Instrs[:i])
			}
			if out != nil {
				out = append(out, before...)
				out = append(out, in)
			}
		}
		if out != nil {
			b.Instrs = out
		}
	}
	for b, cs := range atEnd {
		n := len(b.Instrs) - 1
		b.Instrs = slices.Insert(b.Instrs, n, cs...)
		// The debug records of the terminator stay before it.
		if recs := b.Instrs[len(b.Instrs)-1].DebugRecords; len(recs) > 0 {
			b.Instrs[n].DebugRecords, b.Instrs[len(b.Instrs)-1].DebugRecords = recs, nil
		}
	}
}

// value returns v lowered: a constant lowered, metadata's constants
// lowered; an argument or instruction is typed already.
func (l *lowerer) value(v ir.Value) ir.Value {
	switch v := v.(type) {
	case *ir.MetadataValue:
		v.Typ = l.ty(v.Typ)
		l.metadata(v.MD)
		return v
	case ir.Constant:
		return l.constant(v)
	}
	return v
}

// instrType sets the type of in (and the types it names) to its lowered
// form: the natural type LLVM's typed-pointer reader gives it.
func (l *lowerer) instrType(in *ir.Instruction) {
	switch in.Op {
	case ir.Alloca:
		in.ElemType = l.ty(in.ElemType)
		in.Typ = l.ptrTo(in.ElemType, in.Typ.AddrSpace)
	case ir.GetElementPtr:
		in.ElemType = l.ty(in.ElemType)
		base := l.ty(in.Operands[0].Type())
		if base.Kind == ir.PointerType || base.IsVector() {
			base = l.gepBase(base, in.ElemType)
		}
		in.Typ = l.gepResult(l.ty(in.Typ), base, in.ElemType, in.Operands[1:])
	case ir.Call, ir.Invoke, ir.CallBr:
		in.Attrs = l.bodyAttrs(in.Attrs)
		sig := l.signature(l.ty(in.FuncType), &in.Attrs)
		if f, ok := in.Callee.(*ir.Function); ok && l.sameCanonical(f.Sig, sig) {
			// A direct call: of the callee's own type, which may
			// point to other types (an intrinsic's, a byval's).
			sig = f.Sig
		}
		in.FuncType, in.Typ = sig, sig.Ret
	default:
		// The reader may have computed the type from an operand typed
		// already (a select of a global): its pointees are not the
		// instruction's.
		in.Typ = l.opaque(in.Typ)
	}
}

// operands lowers the operands of in (not a phi), each through use with
// the type its place wants (nil: any).
func (l *lowerer) operands(f *ir.Function, in *ir.Instruction, use func(ir.Value, *ir.Type) ir.Value) {
	ops := in.Operands
	canon := func(i int) {
		v := l.value(ops[i])
		ops[i] = use(v, l.canonical(v.Type()))
	}
	switch in.Op {
	case ir.Load:
		ops[0] = use(ops[0], l.ptrTo(in.Typ, l.value(ops[0]).Type().AddrSpace))
	case ir.Store:
		canon(0)
		ops[1] = use(ops[1], l.ptrTo(ops[0].Type(), l.value(ops[1]).Type().AddrSpace))
	case ir.GetElementPtr:
		ops[0] = use(ops[0], l.gepBase(l.value(ops[0]).Type(), in.ElemType))
		for i := 1; i < len(ops); i++ {
			ops[i] = l.value(ops[i])
		}
	case ir.AtomicCmpXchg:
		canon(1)
		ops[2] = use(ops[2], ops[1].Type())
		ops[0] = use(ops[0], l.ptrTo(ops[1].Type(), l.value(ops[0]).Type().AddrSpace))
	case ir.AtomicRMW:
		canon(1)
		ops[0] = use(ops[0], l.ptrTo(ops[1].Type(), l.value(ops[0]).Type().AddrSpace))
	case ir.Call, ir.Invoke, ir.CallBr:
		sig := in.FuncType
		for i := range ops {
			if i < len(sig.Params) {
				ops[i] = use(ops[i], sig.Params[i])
			} else {
				canon(i)
			}
		}
		callee := l.value(in.Callee)
		if asm, ok := callee.(*ir.InlineAsm); ok {
			// The call's function type, with its elementtype parameters.
			c := *asm
			c.FuncType, c.Typ = sig, l.ptrTo(sig, asm.Typ.AddrSpace)
			in.Callee = &c
		} else {
			in.Callee = use(callee, l.ptrTo(sig, callee.Type().Scalar().AddrSpace))
		}
	case ir.Ret:
		if len(ops) == 1 {
			ops[0] = use(ops[0], f.Sig.Ret)
		}
	case ir.Select:
		ops[0] = l.value(ops[0])
		ops[1] = use(ops[1], in.Typ)
		ops[2] = use(ops[2], in.Typ)
	case ir.Freeze:
		ops[0] = use(ops[0], in.Typ)
	case ir.InsertValue:
		ops[0] = use(ops[0], in.Typ)
		t := in.Typ
		for _, ix := range in.Extra.Indices {
			t = elemType(t, int(ix))
		}
		ops[1] = use(ops[1], t)
	case ir.BitCast, ir.AddrSpaceCast, ir.PtrToInt, ir.PtrToAddr, ir.VAArg, ir.CatchPad, ir.CleanupPad:
		// Any pointer will do (and nothing may go before a pad).
		for i := range ops {
			ops[i] = l.value(ops[i])
		}
	default:
		for i := range ops {
			canon(i)
		}
	}
	if in.Extra != nil {
		for i, c := range in.Extra.Cases {
			in.Extra.Cases[i] = l.constant(c)
		}
		for _, b := range in.Extra.Bundles {
			for i, v := range b.Inputs {
				v = l.value(v)
				b.Inputs[i] = use(v, l.canonical(v.Type()))
			}
		}
		for i, c := range in.Extra.Clauses {
			v := l.constant(c.Value)
			if !c.Filter {
				v = l.coerceConst(v, l.canonical(v.Type()))
			}
			in.Extra.Clauses[i].Value = v
		}
	}
}

// sameCanonical reports whether function types a and b (lowered) are the
// same but for the pointees of their pointers.
func (l *lowerer) sameCanonical(a, b *ir.Type) bool {
	if a == b {
		return true
	}
	if a.VarArg != b.VarArg || len(a.Params) != len(b.Params) || l.canonical(a.Ret) != l.canonical(b.Ret) {
		return false
	}
	for i, p := range a.Params {
		if l.canonical(p) != l.canonical(b.Params[i]) {
			return false
		}
	}
	return true
}
