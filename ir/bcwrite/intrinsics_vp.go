package bcwrite

import (
	"math"
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// llvm.vp.merge and the llvm.vp.reduce.* reductions (LLVM 14) are what
// LLVM 22's loop vectorizer makes of the reductions of loops whose tail it
// folds with an explicit vector length (RISC-V's vector extension):
// llvm.vp.merge keeps the accumulator's lanes at and past the length,
// llvm.vp.reduce.fadd adds the active lanes in order. A reader of LLVM 13
// is given each call as what LLVM's ExpandVectorPredication pass makes of
// it: the lanes below the length found by comparing
// llvm.experimental.stepvector with the length splatted,
//
//	%step = call <vscale x 4 x i32> @llvm.experimental.stepvector.nxv4i32()
//	%1 = insertelement <vscale x 4 x i32> poison, i32 %evl, i64 0
//	%2 = shufflevector <vscale x 4 x i32> %1, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
//	%3 = icmp ult <vscale x 4 x i32> %step, %2
//	%4 = and <vscale x 4 x i1> %mask, %3
//
// then llvm.vp.merge as a select of its two vectors by %4, and a
// reduction as the llvm.vector.reduce.* of the same operation (LLVM 12's)
// of its vector's lanes selected by %4, the others given the operation's
// neutral element (-0.0 for fadd, 1.0 for fmul, 0, 1, all ones, the
// least or the greatest integer), its start value added (fadd and fmul:
// the reduction's start operand, with the call's fast-math flags, so an
// ordered reduction stays ordered) or combined with the instruction, or
// the compare and select, of the operation. Reported. Reductions of
// floating-point types other than half, bfloat, float and double, of
// integers wider than 64 bits, and fmax and fmin are left (refused).

// A vpCall is a declaration of llvm.vp.merge or of a llvm.vp.reduce.*
// given to an older reader as the instructions it stands for (olderVPDecls).
type vpCall struct {
	op     string       // "merge", or the reduction's operation: "add", "fadd", ...
	vec    *ir.Type     // the vector merged or reduced
	step   *ir.Function // llvm.experimental.stepvector of i32 of vec's length
	reduce *ir.Function // llvm.vector.reduce.<op> of vec (not for merge)
}

// vpReductions are the llvm.vp.reduce operations olderVPDecls gives as
// llvm.vector.reduce ones.
var vpReductions = []string{"add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin", "fadd", "fmul"}

// olderVPDecls takes the declarations of llvm.vp.merge and of the
// llvm.vp.reduce.* it gives as other instructions out of the module
// written for a reader that lacks them (LLVM 13), recording them in
// w.vp, and declares what their calls are given as; restore undoes it.
func (w *writer) olderVPDecls() (restore func()) {
	if w.knowsIntrinsic("llvm.vp.merge") {
		return func() {}
	}
	taken := map[*ir.Function]*vpCall{}
	undoTake := w.takeDecls(func(f *ir.Function) bool {
		c, ok := vpOf(f)
		if ok {
			taken[f] = c
		}
		return ok
	})
	if len(taken) == 0 {
		return undoTake
	}
	n := len(w.m.Functions)
	w.vp = taken
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	// In the order of their names: the declarations added come out so.
	for _, f := range byName(taken) {
		c := taken[f]
		c.step = w.stepVector(&ir.Type{Kind: c.vec.Kind, Len: c.vec.Len, Elem: i32})
		if c.op == "merge" {
			continue
		}
		suffix, _ := ir.IntrinsicTypeSuffix(c.vec)
		name := "llvm.vector.reduce." + c.op + "." + suffix
		sig := &ir.Type{Kind: ir.FunctionType, Ret: c.vec.Elem, Params: []*ir.Type{c.vec}}
		if c.op == "fadd" || c.op == "fmul" {
			sig.Params = []*ir.Type{c.vec.Elem, c.vec}
		}
		c.reduce = w.declareIntrinsicAsLLVM(name, sig)
	}
	return func() {
		w.m.Functions = w.m.Functions[:n:n]
		w.vp = nil
		undoTake()
	}
}

// stepVector returns the declaration of llvm.stepvector of type t, by
// the name the reader written for knows it (llvm.experimental.stepvector
// before LLVM 20): the module's, renamed with the other declarations,
// or one added.
func (w *writer) stepVector(t *ir.Type) *ir.Function {
	suffix, _ := ir.IntrinsicTypeSuffix(t)
	name := "llvm.stepvector." + suffix
	for _, g := range w.m.Functions {
		if g.Name == name && !g.HasBody {
			return g
		}
	}
	sig := &ir.Type{Kind: ir.FunctionType, Ret: t}
	attrs, _ := ir.IntrinsicAttrs(name, sig)
	if old, ok := llvmir.IntrinsicOlderName("llvm.stepvector", w.t.version); ok {
		name = old + "." + suffix
	}
	for _, g := range w.m.Functions {
		if g.Name == name {
			return g
		}
	}
	f := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: name, Typ: &ir.Type{Kind: ir.PointerType}, ValueType: sig},
		Sig: sig, Attrs: attrs}
	w.m.Functions = append(w.m.Functions, f)
	return f
}

// vpOf returns what declaration f is of llvm.vp.merge or of the
// llvm.vp.reduce.* olderVPDecls gives; false for another function, one
// of another type than the intrinsic's, or of a type it leaves.
func vpOf(f *ir.Function) (*vpCall, bool) {
	sig := f.Sig
	if f.HasBody || sig == nil || sig.Ret == nil || len(sig.Params) != 4 || !strings.HasPrefix(f.Name, "llvm.vp.") {
		return nil, false
	}
	if v := sig.Params[1]; v.IsVector() && v.Len > maxLanes {
		return nil, false
	}
	i32 := func(t *ir.Type) bool { return t.Kind == ir.IntegerType && t.BitWidth == 32 }
	mask := func(t, v *ir.Type) bool {
		return t.Kind == v.Kind && t.Len == v.Len && t.Elem.Kind == ir.IntegerType && t.Elem.BitWidth == 1
	}
	if rest, ok := strings.CutPrefix(f.Name, "llvm.vp.merge."); ok && rest != "" {
		v := sig.Ret
		if !v.IsVector() || !mask(sig.Params[0], v) || sig.Params[1] != v || sig.Params[2] != v || !i32(sig.Params[3]) {
			return nil, false
		}
		return &vpCall{op: "merge", vec: v}, true
	}
	rest, ok := strings.CutPrefix(f.Name, "llvm.vp.reduce.")
	if !ok {
		return nil, false
	}
	op, _, _ := strings.Cut(rest, ".")
	v, el := sig.Params[1], sig.Ret
	if !slices.Contains(vpReductions, op) || !v.IsVector() || v.Elem != el || sig.Params[0] != el ||
		!mask(sig.Params[2], v) || !i32(sig.Params[3]) {
		return nil, false
	}
	switch fp := op == "fadd" || op == "fmul"; {
	case fp && el.Kind != ir.HalfType && el.Kind != ir.BFloatType && el.Kind != ir.FloatType && el.Kind != ir.DoubleType,
		!fp && (el.Kind != ir.IntegerType || el.BitWidth > 64):
		return nil, false
	}
	return &vpCall{op: op, vec: v}, true
}

// olderVPCalls gives the calls of llvm.vp.merge and llvm.vp.reduce.* in
// f's body as the instructions they stand for (the call itself becomes
// the last, so that its uses stay); undo undoes it.
func (w *writer) olderVPCalls(f *ir.Function) (undo func()) {
	if len(w.vp) == 0 {
		return func() {}
	}
	return expandCalls(f, func(in *ir.Instruction) []*ir.Instruction {
		callee, _ := in.Callee.(*ir.Function)
		c, ok := w.vp[callee]
		if !ok || in.Op != ir.Call || len(in.Operands) != 4 {
			return nil
		}
		var made []*ir.Instruction
		mk := func(x *ir.Instruction) *ir.Instruction {
			x.DebugLoc = in.DebugLoc
			made = append(made, x)
			return x
		}
		v := c.vec
		vec := func(el *ir.Type) *ir.Type { return &ir.Type{Kind: v.Kind, Len: v.Len, Elem: el} }
		i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
		i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
		lens := vec(i32)
		// The lanes below the length, and the mask's.
		step := mk(&ir.Instruction{Op: ir.Call, Typ: lens, Callee: c.step, FuncType: c.step.Sig})
		ins := mk(&ir.Instruction{Op: ir.InsertElement, Typ: lens, Operands: []ir.Value{&ir.Poison{Typ: lens}, in.Operands[3], &ir.ConstInt{Typ: i64}}})
		evl := mk(&ir.Instruction{Op: ir.ShuffleVector, Typ: lens, Operands: []ir.Value{ins, &ir.Poison{Typ: lens}}, Extra: &ir.InstrExtra{Mask: make([]int32, v.Len)}})
		below := mk(&ir.Instruction{Op: ir.ICmp, Pred: ir.ICmpULT, Typ: vec(i1Type), Operands: []ir.Value{step, evl}})
		if c.op == "merge" {
			w.loseInBody("llvm.vp.merge call (as a select of the lanes below its length)")
			m := mk(&ir.Instruction{Op: ir.And, Typ: vec(i1Type), Operands: []ir.Value{in.Operands[0], below}})
			mk(&ir.Instruction{Op: ir.Select, Typ: in.Typ, Operands: []ir.Value{m, in.Operands[1], in.Operands[2]}})
			return made
		}
		w.loseInBody("llvm.vp.reduce." + c.op + " call (as llvm.vector.reduce." + c.op + " of the lanes below its length)")
		m := mk(&ir.Instruction{Op: ir.And, Typ: vec(i1Type), Operands: []ir.Value{in.Operands[2], below}})
		sel := mk(&ir.Instruction{Op: ir.Select, Typ: v, Operands: []ir.Value{m, in.Operands[1], splatConst(v, vpNeutral(c.op, v.Elem))}})
		start := in.Operands[0]
		if c.op == "fadd" || c.op == "fmul" {
			mk(&ir.Instruction{Op: ir.Call, FMF: in.FMF, Typ: in.Typ, Callee: c.reduce, FuncType: c.reduce.Sig, Operands: []ir.Value{start, sel}})
			return made
		}
		red := mk(&ir.Instruction{Op: ir.Call, Typ: in.Typ, Callee: c.reduce, FuncType: c.reduce.Sig, Operands: []ir.Value{sel}})
		switch c.op {
		case "add", "mul", "and", "or", "xor":
			op := map[string]ir.Opcode{"add": ir.Add, "mul": ir.Mul, "and": ir.And, "or": ir.Or, "xor": ir.Xor}[c.op]
			mk(&ir.Instruction{Op: op, Typ: in.Typ, Operands: []ir.Value{start, red}})
		default:
			pred := map[string]ir.Predicate{"smax": ir.ICmpSGT, "smin": ir.ICmpSLT, "umax": ir.ICmpUGT, "umin": ir.ICmpULT}[c.op]
			cmp := mk(&ir.Instruction{Op: ir.ICmp, Pred: pred, Typ: i1Type, Operands: []ir.Value{start, red}})
			mk(&ir.Instruction{Op: ir.Select, Typ: in.Typ, Operands: []ir.Value{cmp, start, red}})
		}
		return made
	})
}

// vpNeutral returns the neutral element of reduction op of elements of
// type t: what a lane the reduction leaves out is given.
func vpNeutral(op string, t *ir.Type) ir.Constant {
	if op == "fadd" || op == "fmul" {
		// -0.0 for fadd (x + -0.0 is x, -0.0 included), 1.0 for fmul.
		var bits uint64
		add := op == "fadd"
		switch t.Kind {
		case ir.HalfType:
			bits = 0x3c00
			if add {
				bits = 0x8000
			}
		case ir.BFloatType:
			bits = 0x3f80
			if add {
				bits = 0x8000
			}
		case ir.FloatType:
			bits = uint64(math.Float32bits(1))
			if add {
				bits = 1 << 31
			}
		default:
			bits = math.Float64bits(1)
			if add {
				bits = 1 << 63
			}
		}
		return &ir.ConstFP{Typ: t, Bits: [2]uint64{bits}}
	}
	w := t.BitWidth
	var v int64 // sign-extended from w bits
	switch op {
	case "mul":
		v = 1
	case "and", "umin":
		v = -1
	case "smax":
		v = -1 << (w - 1)
	case "smin":
		v = int64(uint64(1)<<(w-1) - 1)
		if w == 1 {
			v = 0
		}
	}
	if w == 1 && v == 1 {
		v = -1
	}
	return &ir.ConstInt{Typ: t, V: v}
}

// splatConst returns the vector constant of type t whose every element is
// el, as LLVM's context makes it: zeroinitializer, the data of a
// fixed-length vector, or the shufflevector of el inserted into poison.
func splatConst(t *ir.Type, el ir.Constant) ir.Constant {
	if isNull(el) {
		return &ir.ConstNull{Typ: t}
	}
	if t.Kind == ir.FixedVectorType {
		var bits uint64
		switch c := el.(type) {
		case *ir.ConstInt:
			bits = uint64(c.V)
			if c.Typ.BitWidth < 64 {
				bits &= 1<<c.Typ.BitWidth - 1
			}
		case *ir.ConstFP:
			bits = c.Bits[0]
		}
		if t.Elem.Kind != ir.IntegerType || t.Elem.BitWidth == 8 || t.Elem.BitWidth == 16 || t.Elem.BitWidth == 32 || t.Elem.BitWidth == 64 {
			elems := make([]uint64, t.Len)
			for i := range elems {
				elems[i] = bits
			}
			return &ir.ConstData{Typ: t, Elems: elems}
		}
		elems := make([]ir.Constant, t.Len)
		for i := range elems {
			elems[i] = el
		}
		return &ir.ConstAggregate{Typ: t, Elems: elems}
	}
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	ins := &ir.ConstExpr{Typ: t, Op: ir.InsertElement, Operands: []ir.Constant{&ir.Poison{Typ: t}, el, &ir.ConstInt{Typ: i64}}}
	return &ir.ConstExpr{Typ: t, Op: ir.ShuffleVector, Operands: []ir.Constant{ins, &ir.Poison{Typ: t},
		&ir.ConstNull{Typ: &ir.Type{Kind: t.Kind, Len: t.Len, Elem: i32}}}}
}
