package bcwrite

import (
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
// extractvalue and insertvalue. Reported.
//
// The other interleaves of scalable vectors (of 3, 5, 6 and 7 for LLVM
// 19; of any number before it, which has no interleave2) go through
// memory, as LLVM's own lowering for RISC-V's vector extension takes
// them (a segment store or load through a stack slot): a stack slot
// of the interleaved vector's type, allocated at the function's entry
// (one for each type, shared by the calls), the K vectors scattered
// into it, every Kth element from the ith, and the interleaved vector
// loaded from it,
//
//	%buf = alloca <vscale x 12 x float>, align 16            (entry)
//	%step = call <vscale x 4 x i64> @llvm.experimental.stepvector.nxv4i64()
//	%p1 = getelementptr float, ptr %buf, i64 1
//	%q1 = getelementptr [3 x float], ptr %p1, <vscale x 4 x i64> %step
//	call void @llvm.masked.scatter.nxv4f32.nxv4p0(<vscale x 4 x float> %b, <vscale x 4 x ptr> %q1, i32 4, <vscale x 4 x i1> splat (i1 true))
//	...
//	%r = load <vscale x 12 x float>, ptr %buf, align 16
//
// and a vector taken apart is stored there and its K parts gathered
// (llvm.masked.gather), put together with insertvalue. Vectors of i1
// (masks) are extended to i8 first and truncated after, as a vector of
// i1 is stored packed; vectors of pointers, and of elements of another
// size than 8, 16, 32 or 64 bits, are refused. Reported.
//
// Of fixed-length vectors, the interleaves of 2 to 8 (those of 3, 5, 6
// and 7 are LLVM 21's too, those of 2 LLVM 19's) are given to a reader
// that lacks them as shufflevector instructions, which every reader
// knows: the K vectors put end to end, two by two (the shorter of two
// widened with poison elements), and their elements picked in the
// interleaved order, the last joining and the picking one shufflevector,
//
//	%1 = shufflevector <2 x i32> %c, <2 x i32> poison, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
//	%r = shufflevector <4 x i32> %ab, <4 x i32> %1, <6 x i32> <i32 0, i32 2, i32 4, i32 1, i32 3, i32 5>
//
// (%ab being %a and %b end to end), and a vector taken apart into K is K
// shufflevectors, each picking every Kth element, put together with
// insertvalue. Reported.

// An interleave is a declaration of llvm.vector.interleaveK or
// deinterleaveK taken out of the module written (olderInterleaveDecls).
type interleave struct {
	k     int  // 2 to 8
	de    bool // deinterleave
	fixed bool // of fixed-length vectors: given as shufflevectors
	elem  *ir.Type
	// twos are the declarations of llvm.vector.interleave2 (by the
	// length of the vector it makes) or deinterleave2 (by the length of
	// the vector it takes) that the calls are given as.
	twos map[uint64]*ir.Function
	// mem is set for an interleave given through memory: step is the
	// declaration of llvm.experimental.stepvector of the parts' length,
	// access that of llvm.masked.scatter (interleave) or gather
	// (deinterleave) of a part, of slot elements (i8 for i1).
	mem          bool
	step, access *ir.Function
	slot         *ir.Type
}

// viaMemory reports whether the calls of il, scalable, can be given
// through memory: of integers or floating-point numbers whose vector is
// stored as their array is (i1 widened to i8).
func viaMemory(il *interleave) bool {
	switch t := il.elem.Elem; t.Kind {
	case ir.IntegerType:
		return t.BitWidth == 1 || t.BitWidth == 8 || t.BitWidth == 16 || t.BitWidth == 32 || t.BitWidth == 64
	case ir.HalfType, ir.BFloatType, ir.FloatType, ir.DoubleType:
		return true
	}
	return false
}

// elemBytes returns the size in bytes of a slot element.
func elemBytes(t *ir.Type) uint64 {
	switch t.Kind {
	case ir.IntegerType:
		return uint64(t.BitWidth) / 8
	case ir.HalfType, ir.BFloatType:
		return 2
	case ir.FloatType:
		return 4
	}
	return 8
}

// olderInterleaveDecls records in w.interleaves the declarations of
// llvm.vector.interleaveK and deinterleaveK whose calls are given to the
// reader written for as what it knows: those of fixed-length vectors the
// reader lacks (any K), left declared (one no longer called is written as
// it is, as another intrinsic the reader lacks and nothing calls), and
// for LLVM 19 those of 4 and 8 scalable ones, taken out of the module,
// the interleave2 or deinterleave2 their calls are given as declared;
// restore undoes it.
func (w *writer) olderInterleaveDecls() (restore func()) {
	if w.knows(22) {
		return func() {}
	}
	taken := map[*ir.Function]*interleave{}
	for _, f := range w.m.Functions {
		if il, ok := interleaveOf(f); ok && il.fixed {
			if base, _ := ir.IntrinsicName(f.Name); !w.knowsIntrinsic(base) {
				taken[f] = il
			}
		}
	}
	undoTake := w.takeDecls(func(f *ir.Function) bool {
		il, ok := interleaveOf(f)
		if !ok || il.fixed {
			return false
		}
		switch base, _ := ir.IntrinsicName(f.Name); {
		case w.knowsIntrinsic(base):
			return false
		case w.knows(19) && (il.k == 4 || il.k == 8):
		case viaMemory(il):
			il.mem = true
		default:
			return false
		}
		taken[f] = il
		return true
	})
	if len(taken) == 0 {
		return undoTake
	}
	n := len(w.m.Functions)
	w.interleaves = taken
	// In the order of their names: the declarations added come out so.
	for _, f := range byName(taken) {
		il := taken[f]
		if il.fixed {
			continue
		}
		if il.mem {
			w.memInterleaveDecls(il)
			continue
		}
		il.twos = map[uint64]*ir.Function{}
		for l := il.elem.Len * 2; l <= il.elem.Len*uint64(il.k); l *= 2 {
			il.twos[l] = w.interleave2(il.elem, l, il.de)
		}
	}
	return func() {
		w.m.Functions = w.m.Functions[:n:n]
		w.interleaves = nil
		undoTake()
	}
}

// interleaveOf returns what declaration f is of llvm.vector.interleaveK
// or deinterleaveK (K from 2 to 8), with the type of the vectors
// interleaved; false for another function, or one of another type than
// those.
func interleaveOf(f *ir.Function) (*interleave, bool) {
	rest, de := strings.CutPrefix(f.Name, "llvm.vector.deinterleave")
	if !de {
		var ok bool
		if rest, ok = strings.CutPrefix(f.Name, "llvm.vector.interleave"); !ok {
			return nil, false
		}
	}
	if len(rest) < 2 || rest[0] < '2' || rest[0] > '8' || rest[1] != '.' {
		return nil, false
	}
	k := int(rest[0] - '0')
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
	if !elem.IsVector() || wide.Kind != elem.Kind || wide.Elem != elem.Elem || wide.Len != elem.Len*uint64(k) || wide.Len > maxLanes {
		return nil, false
	}
	return &interleave{k: k, de: de, fixed: elem.Kind == ir.FixedVectorType, elem: elem}, true
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

// memInterleaveDecls declares what the calls of il, given through
// memory, call: llvm.stepvector of i64 of the parts' length (by its
// older name, stepVector)
// and llvm.masked.scatter or gather of a part, in the data layout's
// address space of allocas.
func (w *writer) memInterleaveDecls(il *interleave) {
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	i1 := &ir.Type{Kind: ir.IntegerType, BitWidth: 1}
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	il.slot = il.elem.Elem
	if il.slot.Kind == ir.IntegerType && il.slot.BitWidth == 1 {
		il.slot = &ir.Type{Kind: ir.IntegerType, BitWidth: 8}
	}
	vec := func(t *ir.Type) *ir.Type { return &ir.Type{Kind: ir.ScalableVectorType, Len: il.elem.Len, Elem: t} }
	il.step = w.stepVector(vec(i64))
	part, ptrs := vec(il.slot), vec(&ir.Type{Kind: ir.PointerType, AddrSpace: w.allocaAddrSpace()})
	ps, _ := ir.IntrinsicTypeSuffix(part)
	qs, _ := ir.IntrinsicTypeSuffix(ptrs)
	if il.de {
		il.access = w.declareIntrinsicAsLLVM("llvm.masked.gather."+ps+"."+qs,
			&ir.Type{Kind: ir.FunctionType, Ret: part, Params: []*ir.Type{ptrs, i32, vec(i1), part}})
	} else {
		il.access = w.declareIntrinsicAsLLVM("llvm.masked.scatter."+ps+"."+qs,
			&ir.Type{Kind: ir.FunctionType, Ret: &ir.Type{Kind: ir.VoidType}, Params: []*ir.Type{part, ptrs, i32, vec(i1)}})
	}
}

// declareIntrinsicAsLLVM returns the module's declaration of the
// intrinsic name of type sig, adding one when it has none, with the
// attributes LLVM 22 gives it.
func (w *writer) declareIntrinsicAsLLVM(name string, sig *ir.Type) *ir.Function {
	if i := slices.IndexFunc(w.m.Functions, func(g *ir.Function) bool { return g.Name == name }); i >= 0 {
		return w.m.Functions[i]
	}
	attrs, _ := ir.IntrinsicAttrs(name, sig)
	f := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: name, Typ: &ir.Type{Kind: ir.PointerType}, ValueType: sig},
		Sig: sig, Attrs: attrs}
	w.m.Functions = append(w.m.Functions, f)
	return f
}

// olderInterleaveCalls gives the calls of llvm.vector.interleave4 and 8
// and deinterleave4 and 8 in f's body as trees of those of 2 (the call
// itself becomes the last instruction, so that its uses stay); undo
// undoes it.
func (w *writer) olderInterleaveCalls(f *ir.Function) (undo func()) {
	if len(w.interleaves) == 0 || len(f.Blocks) == 0 {
		return func() {}
	}
	// The stack slots of the calls given through memory, by type: put at
	// the entry once the calls are expanded.
	var slots []*ir.Instruction
	slot := func(t *ir.Type) *ir.Instruction {
		for _, a := range slots {
			if a.ElemType.Len == t.Len && a.ElemType.Elem == t.Elem {
				return a
			}
		}
		i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
		as := w.allocaAddrSpace()
		a := &ir.Instruction{Op: ir.Alloca, Typ: &ir.Type{Kind: ir.PointerType, AddrSpace: as}, ElemType: t,
			Operands: []ir.Value{&ir.ConstInt{Typ: i32, V: 1}}, Align: 16, AddrSpace: as}
		slots = append(slots, a)
		return a
	}
	undoCalls := expandCalls(f, func(in *ir.Instruction) []*ir.Instruction {
		callee, _ := in.Callee.(*ir.Function)
		il, ok := w.interleaves[callee]
		if !ok || in.Op != ir.Call || len(in.Operands) != len(callee.Sig.Params) {
			return nil
		}
		what := "interleave"
		if il.de {
			what = "deinterleave"
		}
		if il.fixed {
			w.loseInBody("llvm.vector." + what + strconv.Itoa(il.k) + " call (as shufflevector instructions)")
			return shuffleInterleave(in, il)
		}
		if il.mem {
			w.loseInBody("llvm.vector." + what + strconv.Itoa(il.k) + " call of scalable vectors (through a stack slot, with llvm.masked.scatter or gather)")
			return memInterleave(in, il, slot(&ir.Type{Kind: ir.ScalableVectorType, Len: il.elem.Len * uint64(il.k), Elem: il.slot}))
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
	if len(slots) == 0 {
		return undoCalls
	}
	entry := f.Blocks[0]
	instrs := entry.Instrs
	entry.Instrs = append(slices.Clip(slots), instrs...)
	return func() {
		entry.Instrs = instrs
		undoCalls()
	}
}

// memInterleave returns the instructions that do what in, a call of the
// interleave il of scalable vectors, does through the stack slot buf:
// the last one takes in's place.
func memInterleave(in *ir.Instruction, il *interleave, buf *ir.Instruction) []*ir.Instruction {
	var made []*ir.Instruction
	mk := func(x *ir.Instruction) *ir.Instruction {
		x.DebugLoc = in.DebugLoc
		made = append(made, x)
		return x
	}
	i1 := &ir.Type{Kind: ir.IntegerType, BitWidth: 1}
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	n := il.elem.Len
	vec := func(t *ir.Type, l uint64) *ir.Type { return &ir.Type{Kind: ir.ScalableVectorType, Len: l, Elem: t} }
	wide, part := buf.ElemType, vec(il.slot, n)
	widened := il.slot != il.elem.Elem // i1 as i8
	ptr := buf.Typ
	ptrs := vec(ptr, n)
	align := &ir.ConstInt{Typ: i32, V: int64(elemBytes(il.slot))}
	step := mk(&ir.Instruction{Op: ir.Call, Typ: il.step.Sig.Ret, Callee: il.step, FuncType: il.step.Sig})
	mask := splatConst(vec(i1, n), &ir.ConstInt{Typ: i1, V: -1})
	group := &ir.Type{Kind: ir.ArrayType, Len: uint64(il.k), Elem: il.slot}
	// at returns the pointers to every Kth element of the slot from the
	// ith.
	at := func(i int) ir.Value {
		var p ir.Value = buf
		if i > 0 {
			p = mk(&ir.Instruction{Op: ir.GetElementPtr, Typ: ptr, ElemType: il.slot, Operands: []ir.Value{buf, &ir.ConstInt{Typ: i64, V: int64(i)}}})
		}
		return mk(&ir.Instruction{Op: ir.GetElementPtr, Typ: ptrs, ElemType: group, Operands: []ir.Value{p, step}})
	}
	void := &ir.Type{Kind: ir.VoidType}
	if !il.de {
		for i, v := range in.Operands {
			if widened {
				v = mk(&ir.Instruction{Op: ir.ZExt, Typ: part, Operands: []ir.Value{v}})
			}
			q := at(i)
			mk(&ir.Instruction{Op: ir.Call, Typ: void, Callee: il.access, FuncType: il.access.Sig, Operands: []ir.Value{v, q, align, mask}})
		}
		r := mk(&ir.Instruction{Op: ir.Load, Typ: wide, Operands: []ir.Value{buf}, Align: 16})
		if widened {
			mk(&ir.Instruction{Op: ir.Trunc, Typ: in.Typ, Operands: []ir.Value{r}})
		}
		return made
	}
	v := in.Operands[0]
	if widened {
		v = mk(&ir.Instruction{Op: ir.ZExt, Typ: wide, Operands: []ir.Value{v}})
	}
	mk(&ir.Instruction{Op: ir.Store, Typ: void, Operands: []ir.Value{v, buf}, Align: 16})
	var agg ir.Value = &ir.Poison{Typ: in.Typ}
	for i := range il.k {
		q := at(i)
		var p ir.Value = mk(&ir.Instruction{Op: ir.Call, Typ: part, Callee: il.access, FuncType: il.access.Sig,
			Operands: []ir.Value{q, align, mask, &ir.Poison{Typ: part}}})
		if widened {
			p = mk(&ir.Instruction{Op: ir.Trunc, Typ: il.elem, Operands: []ir.Value{p}})
		}
		agg = mk(&ir.Instruction{Op: ir.InsertValue, Typ: in.Typ, Operands: []ir.Value{agg, p}, Extra: &ir.InstrExtra{Indices: []uint32{uint32(i)}}})
	}
	return made
}

// shuffleInterleave returns the instructions that do what in, a call of
// the interleave il of fixed-length vectors, does, with shufflevector
// (and insertvalue) alone: the last one takes in's place.
func shuffleInterleave(in *ir.Instruction, il *interleave) []*ir.Instruction {
	n := int(il.elem.Len)
	var made []*ir.Instruction
	vec := func(l int) *ir.Type { return &ir.Type{Kind: il.elem.Kind, Len: uint64(l), Elem: il.elem.Elem} }
	shuffle := func(a, b ir.Value, mask []int32) *ir.Instruction {
		s := &ir.Instruction{Op: ir.ShuffleVector, Typ: vec(len(mask)), Operands: []ir.Value{a, b},
			Extra: &ir.InstrExtra{Mask: mask}, DebugLoc: in.DebugLoc}
		made = append(made, s)
		return s
	}
	if il.de {
		// Part i is every Kth element from the ith.
		var agg ir.Value = &ir.Poison{Typ: in.Typ}
		v := in.Operands[0]
		for i := range il.k {
			mask := make([]int32, n)
			for j := range mask {
				mask[j] = int32(i + j*il.k)
			}
			p := shuffle(v, &ir.Poison{Typ: v.Type()}, mask)
			ins := &ir.Instruction{Op: ir.InsertValue, Typ: in.Typ, Operands: []ir.Value{agg, p},
				Extra: &ir.InstrExtra{Indices: []uint32{uint32(i)}}, DebugLoc: in.DebugLoc}
			made = append(made, ins)
			agg = ins
		}
		return made
	}
	// join gives a and b (la >= lb elements) as the two operands of one
	// shufflevector, a and b widened to la elements.
	join := func(b ir.Value, la, lb int) ir.Value {
		if lb == la {
			return b
		}
		mask := make([]int32, la)
		for j := range mask {
			mask[j] = -1
			if j < lb {
				mask[j] = int32(j)
			}
		}
		return shuffle(b, &ir.Poison{Typ: vec(lb)}, mask)
	}
	type part struct {
		v ir.Value
		l int
	}
	parts := make([]part, len(in.Operands))
	for i, v := range in.Operands {
		parts[i] = part{v, n}
	}
	// Two by two, an odd one carried: the left of two is never the
	// shorter.
	for len(parts) > 2 {
		var next []part
		for i := 0; i+1 < len(parts); i += 2 {
			a, b := parts[i], parts[i+1]
			mask := make([]int32, a.l+b.l)
			for j := range mask {
				mask[j] = int32(j)
			}
			next = append(next, part{shuffle(a.v, join(b.v, a.l, b.l), mask), a.l + b.l})
		}
		if len(parts)%2 == 1 {
			next = append(next, parts[len(parts)-1])
		}
		parts = next
	}
	// The elements in the interleaved order: element j of vector i is
	// element i*n+j of the vectors end to end.
	mask := make([]int32, n*il.k)
	for j := range n {
		for i := range il.k {
			mask[j*il.k+i] = int32(i*n + j)
		}
	}
	a, b := parts[0], parts[1]
	shuffle(a.v, join(b.v, a.l, b.l), mask)
	return made
}
