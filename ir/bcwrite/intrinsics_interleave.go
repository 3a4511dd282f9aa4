package bcwrite

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// llvm.vector.interleave4 and 8 and llvm.vector.deinterleave4 and 8
// (LLVM 21) interleave 4 or 8 vectors into one, element by element, or
// take one apart so: LLVM 22's loop vectorizer makes them for the
// interleaved loads and stores of scalable vectors (SVE, RISC-V's vector
// extension). LLVM 19 has those of 2 (llvm.vector.interleave2 and
// deinterleave2), and a reader of LLVM 19 is given each call as a tree of
// them, as LLVM's own legalization splits them: K vectors interleaved are
// the interleaving of the K/2 of even place and of the K/2 of odd place,
// each interleaved so,
//
//	%p = call <2N> @llvm.vector.interleave2(%a, %c)
//	%q = call <2N> @llvm.vector.interleave2(%b, %d)
//	%r = call <4N> @llvm.vector.interleave2(%p, %q)
//
// and a vector taken apart into K is its elements of even and of odd
// place taken apart into K/2 each, the results put together with
// extractvalue and insertvalue. Reported; before LLVM 19 (no interleave2)
// and for 3, 5, 6 or 7 vectors they are refused.

// An interleave is a declaration of llvm.vector.interleaveK or
// deinterleaveK taken out of the module written (olderInterleaveDecls).
type interleave struct {
	k    int  // 4 or 8
	de   bool // deinterleave
	elem *ir.Type
	// twos are the declarations of llvm.vector.interleave2 (by the
	// length of the vector it makes) or deinterleave2 (by the length of
	// the vector it takes) that the calls are given as.
	twos map[uint64]*ir.Function
}

// olderInterleaveDecls takes the declarations of llvm.vector.interleave4
// and 8 and deinterleave4 and 8 out of the module written for LLVM 19,
// recording them in w.interleaves, and declares the interleave2 or
// deinterleave2 their calls are given as; restore undoes it.
func (w *writer) olderInterleaveDecls() (restore func()) {
	if w.knows(22) || !w.knows(19) {
		return func() {}
	}
	taken := map[*ir.Function]*interleave{}
	undoTake := w.takeDecls(func(f *ir.Function) bool {
		il, ok := interleaveOf(f)
		if ok {
			taken[f] = il
		}
		return ok
	})
	if len(taken) == 0 {
		return undoTake
	}
	n := len(w.m.Functions)
	w.interleaves = taken
	// In the order of their names: the declarations added come out so.
	for _, f := range slices.SortedFunc(maps.Keys(taken), func(a, b *ir.Function) int { return strings.Compare(a.Name, b.Name) }) {
		il := taken[f]
		il.twos = map[uint64]*ir.Function{}
		for l := il.elem.Len * 2; l <= il.elem.Len*uint64(il.k); l *= 2 {
			il.twos[l] = w.interleave2(il.elem, l, il.de)
		}
	}
	return func() {
		w.m.Functions = w.m.Functions[:n:n]
		undoTake()
	}
}

// interleaveOf returns what declaration f is of llvm.vector.interleave4
// or 8 or deinterleave4 or 8, with the type of the vectors interleaved;
// false for another function, or one of another type than those.
func interleaveOf(f *ir.Function) (*interleave, bool) {
	rest, de := strings.CutPrefix(f.Name, "llvm.vector.deinterleave")
	if !de {
		var ok bool
		if rest, ok = strings.CutPrefix(f.Name, "llvm.vector.interleave"); !ok {
			return nil, false
		}
	}
	k := 0
	switch {
	case strings.HasPrefix(rest, "4."):
		k = 4
	case strings.HasPrefix(rest, "8."):
		k = 8
	default:
		return nil, false
	}
	sig := f.Sig
	if f.HasBody || sig == nil || sig.Ret == nil {
		return nil, false
	}
	var elem, wide *ir.Type
	if de {
		if len(sig.Params) != 1 || sig.Ret.Kind != ir.StructType || len(sig.Ret.Fields) != k {
			return nil, false
		}
		wide, elem = sig.Params[0], sig.Ret.Fields[0]
		for _, t := range sig.Ret.Fields {
			if t != elem {
				return nil, false
			}
		}
	} else {
		if len(sig.Params) != k {
			return nil, false
		}
		wide, elem = sig.Ret, sig.Params[0]
		for _, t := range sig.Params {
			if t != elem {
				return nil, false
			}
		}
	}
	if !elem.IsVector() || wide.Kind != elem.Kind || wide.Elem != elem.Elem || wide.Len != elem.Len*uint64(k) {
		return nil, false
	}
	return &interleave{k: k, de: de, elem: elem}, true
}

// interleave2 returns the module's declaration of llvm.vector.interleave2
// making a vector of l elements of elem's kind (deinterleave2 taking one,
// with de), adding one when it has none.
func (w *writer) interleave2(elem *ir.Type, l uint64, de bool) *ir.Function {
	wide := &ir.Type{Kind: elem.Kind, Len: l, Elem: elem.Elem}
	half := &ir.Type{Kind: elem.Kind, Len: l / 2, Elem: elem.Elem}
	suffix, _ := ir.IntrinsicTypeSuffix(wide)
	name := "llvm.vector.interleave2." + suffix
	sig := &ir.Type{Kind: ir.FunctionType, Ret: wide, Params: []*ir.Type{half, half}}
	if de {
		name = "llvm.vector.deinterleave2." + suffix
		sig = &ir.Type{Kind: ir.FunctionType, Ret: &ir.Type{Kind: ir.StructType, Fields: []*ir.Type{half, half}}, Params: []*ir.Type{wide}}
	}
	return w.declareIntrinsic(name, sig, true, nil)
}

// olderInterleaveCalls gives the calls of llvm.vector.interleave4 and 8
// and deinterleave4 and 8 in f's body as trees of those of 2 (the call
// itself becomes the last instruction, so that its uses stay); undo
// undoes it.
func (w *writer) olderInterleaveCalls(f *ir.Function) (undo func()) {
	if len(w.interleaves) == 0 {
		return func() {}
	}
	return expandCalls(f, func(in *ir.Instruction) []*ir.Instruction {
		callee, _ := in.Callee.(*ir.Function)
		il, ok := w.interleaves[callee]
		if !ok || in.Op != ir.Call || len(in.Operands) != len(callee.Sig.Params) {
			return nil
		}
		what := "interleave"
		if il.de {
			what = "deinterleave"
		}
		w.loseInBody("llvm.vector." + what + strconv.Itoa(il.k) + " call (as " + what + "2 calls)")
		var made []*ir.Instruction
		call := func(fn *ir.Function, ops ...ir.Value) *ir.Instruction {
			c := &ir.Instruction{Op: ir.Call, Typ: fn.Sig.Ret, Callee: fn, FuncType: fn.Sig, Operands: ops, DebugLoc: in.DebugLoc}
			made = append(made, c)
			return c
		}
		if !il.de {
			var tree func(vs []ir.Value) ir.Value
			tree = func(vs []ir.Value) ir.Value {
				if len(vs) == 1 {
					return vs[0]
				}
				var even, odd []ir.Value
				for i, v := range vs {
					if i%2 == 0 {
						even = append(even, v)
					} else {
						odd = append(odd, v)
					}
				}
				a, b := tree(even), tree(odd)
				return call(il.twos[il.elem.Len*uint64(len(vs))], a, b)
			}
			tree(in.Operands)
			return made
		}
		// parts returns the k vectors v of k*n elements is taken apart
		// into, in order.
		var parts func(v ir.Value, k int) []ir.Value
		parts = func(v ir.Value, k int) []ir.Value {
			if k == 1 {
				return []ir.Value{v}
			}
			two := call(il.twos[il.elem.Len*uint64(k)], v)
			var halves [2][]ir.Value
			for h := range 2 {
				x := &ir.Instruction{Op: ir.ExtractValue, Typ: two.Typ.Fields[h], Operands: []ir.Value{two}, Extra: &ir.InstrExtra{Indices: []uint32{uint32(h)}}, DebugLoc: in.DebugLoc}
				made = append(made, x)
				halves[h] = parts(x, k/2)
			}
			out := make([]ir.Value, k)
			for j := range k / 2 {
				out[2*j], out[2*j+1] = halves[0][j], halves[1][j]
			}
			return out
		}
		var agg ir.Value = &ir.Poison{Typ: in.Typ}
		for i, p := range parts(in.Operands[0], il.k) {
			ins := &ir.Instruction{Op: ir.InsertValue, Typ: in.Typ, Operands: []ir.Value{agg, p}, Extra: &ir.InstrExtra{Indices: []uint32{uint32(i)}}, DebugLoc: in.DebugLoc}
			made = append(made, ins)
			agg = ins
		}
		return made
	})
}
