package bcwrite

import (
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// llvm.experimental.cttz.elts (LLVM 19) counts the false elements of a
// vector of i1 before its first true one (the vector's length when all
// are false, or poison when its second operand says so): LLVM 22's loop
// vectorizer makes it for loops that may exit early (a search). A reader
// before LLVM 19 is given each call of a fixed-length vector, on a
// little-endian target, as the same count of the vector's bits,
//
//	%bits = bitcast <N x i1> %v to iN      (element 0 the lowest bit)
//	%n = call iN @llvm.cttz.iN(iN %bits, i1 ZERO-IS-POISON)
//	%r = zext iN %n to RESULT              (trunc when narrower; nothing when iN)
//
// reported; llvm.cttz is declared when the module does not. A scalable
// vector's count, or a big-endian target's (where element 0 is the
// highest bit), is refused.

// olderCttzEltsDecls takes the declarations of
// llvm.experimental.cttz.elts out of the module written for a reader
// before LLVM 19, recording in w.cttzElts the llvm.cttz each call is
// given as (declared when missing); restore undoes it.
func (w *writer) olderCttzEltsDecls() (restore func()) {
	if w.knows(19) {
		return func() {}
	}
	var taken []*ir.Function
	undoTake := w.takeDecls(func(f *ir.Function) bool {
		if !strings.HasPrefix(f.Name, "llvm.experimental.cttz.elts.") || f.HasBody {
			return false
		}
		taken = append(taken, f)
		return true
	})
	if len(taken) == 0 {
		return undoTake
	}
	n := len(w.m.Functions)
	w.cttzElts = map[*ir.Function]*ir.Function{}
	for _, f := range taken {
		v, why := cttzEltsVector(f.Sig, w.m.DataLayout)
		if why != "" {
			if w.unsupported == nil {
				w.unsupported = &UnsupportedError{What: "for LLVM " + strconv.Itoa(w.t.version) + ", a call of @" + f.Name + " (" + why + ")"}
			}
			w.cttzElts[f] = nil
			continue
		}
		t := &ir.Type{Kind: ir.IntegerType, BitWidth: uint32(v.Len)}
		name := "llvm.cttz.i" + strconv.Itoa(int(v.Len))
		sig := &ir.Type{Kind: ir.FunctionType, Ret: t, Params: []*ir.Type{t, i1Type}}
		w.cttzElts[f] = w.declareIntrinsic(name, sig, true, []ir.AttrSet{nil, {{Kind: ir.AttrImmArg}}})
	}
	return func() {
		w.m.Functions = w.m.Functions[:n:n]
		undoTake()
	}
}

// cttzEltsVector returns the vector type llvm.experimental.cttz.elts of
// type sig counts in, or why it cannot be given as a count of bits for a
// module of data layout dl.
func cttzEltsVector(sig *ir.Type, dl string) (*ir.Type, string) {
	if sig == nil || len(sig.Params) != 2 || sig.Ret == nil || sig.Ret.Kind != ir.IntegerType {
		return nil, "of another type than (<N x i1>, i1) to an integer"
	}
	v := sig.Params[0]
	switch {
	case v.Kind == ir.ScalableVectorType:
		return nil, "of a scalable vector"
	case v.Kind != ir.FixedVectorType || v.Elem == nil || v.Elem.Kind != ir.IntegerType || v.Elem.BitWidth != 1 || v.Len == 0 || v.Len > 1<<16:
		return nil, "of another type than (<N x i1>, i1) to an integer"
	case bigEndian(dl):
		return nil, "on a big-endian target"
	}
	return v, ""
}

// bigEndian reports whether data layout dl says the target is big-endian
// (its "E" specification; little-endian is the default).
func bigEndian(dl string) bool {
	for _, spec := range strings.Split(dl, "-") {
		switch spec {
		case "E":
			return true
		case "e":
			return false
		}
	}
	return false
}

// olderCttzEltsCalls gives the calls of llvm.experimental.cttz.elts in
// f's body as the count of their vector's bits (the call itself becomes
// the last instruction, so that its uses stay); undo undoes it.
func (w *writer) olderCttzEltsCalls(f *ir.Function) (undo func()) {
	if len(w.cttzElts) == 0 {
		return func() {}
	}
	return expandCalls(f, func(in *ir.Instruction) []*ir.Instruction {
		callee, _ := in.Callee.(*ir.Function)
		cttz, ok := w.cttzElts[callee]
		if !ok || cttz == nil || in.Op != ir.Call || len(in.Operands) != 2 {
			return nil
		}
		w.loseInBody("llvm.experimental.cttz.elts call (as llvm.cttz of the vector's bits)")
		t := cttz.Sig.Ret
		bits := &ir.Instruction{Op: ir.BitCast, Typ: t, Operands: []ir.Value{in.Operands[0]}, DebugLoc: in.DebugLoc}
		n := &ir.Instruction{Op: ir.Call, Typ: t, Callee: cttz, FuncType: cttz.Sig,
			Operands: []ir.Value{bits, in.Operands[1]}, DebugLoc: in.DebugLoc}
		switch r := in.Typ.BitWidth; {
		case r == t.BitWidth:
			// The call of llvm.cttz is the call: the last instruction.
			return []*ir.Instruction{bits, n}
		case r > t.BitWidth:
			return []*ir.Instruction{bits, n, {Op: ir.ZExt, Typ: in.Typ, Operands: []ir.Value{n}}}
		default:
			return []*ir.Instruction{bits, n, {Op: ir.Trunc, Typ: in.Typ, Operands: []ir.Value{n}}}
		}
	})
}
