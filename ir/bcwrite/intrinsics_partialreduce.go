package bcwrite

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// llvm.vector.partial.reduce.add (LLVM 21; llvm.experimental.vector.
// partial.reduce.add in 19 and 20, the name convert writes for 19) adds
// the elements of its second operand, a vector K times as long as its
// first, into the first, K of them into each element; which ones go
// together LLVM leaves unspecified (LangRef: "the way in which the
// concatenated arguments is reduced is entirely unspecified"). A reader
// that has it under no name (13 to 16) is given each call of fixed-length
// vectors as the K slices of the long vector, each picked by a
// shufflevector, added to the first operand one after the other,
//
//	%1 = shufflevector <16 x i32> %in, <16 x i32> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
//	%2 = add <4 x i32> %acc, %1
//	...
//	%p = add <4 x i32> %6, %7
//
// (integer addition wraps: any grouping gives the same sums). Reported;
// the declaration is left, uncalled. Of scalable vectors they are
// refused.

// olderPartialReduceDecls records in w.partialReduce the declarations of
// llvm.vector.partial.reduce.add of fixed-length vectors the reader
// written for has under no name.
func (w *writer) olderPartialReduceDecls() {
	const base = "llvm.vector.partial.reduce.add"
	if w.knowsIntrinsic(base) {
		return
	}
	if _, ok := llvmir.IntrinsicOlderName(base, w.t.version); ok {
		return
	}
	for _, f := range w.m.Functions {
		if f.HasBody || !partialReduceSig(f.Sig) {
			continue
		}
		if name, ok := ir.IntrinsicName(f.Name); !ok || name != base {
			continue
		}
		if w.partialReduce == nil {
			w.partialReduce = map[*ir.Function]bool{}
		}
		w.partialReduce[f] = true
	}
}

// partialReduceSig reports whether sig is one of
// llvm.vector.partial.reduce.add's that olderPartialReduceCalls gives as
// shufflevectors and adds: a fixed-length vector of integers and one of
// the same integers a whole number of times as long, to the first's type.
func partialReduceSig(sig *ir.Type) bool {
	if sig == nil || len(sig.Params) != 2 || sig.Ret == nil || sig.VarArg {
		return false
	}
	acc, in := sig.Params[0], sig.Params[1]
	return sig.Ret == acc && acc.Kind == ir.FixedVectorType && in.Kind == ir.FixedVectorType &&
		acc.Elem == in.Elem && acc.Elem.Kind == ir.IntegerType &&
		acc.Len > 0 && in.Len >= acc.Len && in.Len%acc.Len == 0 && in.Len <= maxLanes
}

// olderPartialReduceCalls gives the calls of the declarations in
// w.partialReduce in f's body as shufflevectors and adds (the last add
// the call itself, so that its uses stay); undo undoes it.
func (w *writer) olderPartialReduceCalls(f *ir.Function) (undo func()) {
	if len(w.partialReduce) == 0 {
		return func() {}
	}
	return expandCalls(f, func(in *ir.Instruction) []*ir.Instruction {
		callee, _ := in.Callee.(*ir.Function)
		if !w.partialReduce[callee] || in.Op != ir.Call || len(in.Operands) != 2 {
			return nil
		}
		w.loseInBody("llvm.vector.partial.reduce.add call (as shufflevector and add instructions)")
		acc, long := in.Operands[0], in.Operands[1]
		n := int(callee.Sig.Params[0].Len)
		var made []*ir.Instruction
		for j := range int(callee.Sig.Params[1].Len) / n {
			mask := make([]int32, n)
			for i := range mask {
				mask[i] = int32(j*n + i)
			}
			s := &ir.Instruction{Op: ir.ShuffleVector, Typ: in.Typ, Operands: []ir.Value{long, &ir.Poison{Typ: long.Type()}},
				Extra: &ir.InstrExtra{Mask: mask}, DebugLoc: in.DebugLoc}
			add := &ir.Instruction{Op: ir.Add, Typ: in.Typ, Operands: []ir.Value{acc, s}, DebugLoc: in.DebugLoc}
			made = append(made, s, add)
			acc = add
		}
		return made
	})
}
