package bcwrite

import (
	"math/big"
	"slices"

	"github.com/bcextract/bcextract/ir"
)

// An atomicrmw of an integer operation the reader lacks (uinc_wrap and
// udec_wrap: LLVM 16; usub_cond and usub_sat: LLVM 20), or an fadd or
// fsub of a vector (LLVM 19), is given to it as
// the compare-exchange loop LLVM's AtomicExpand pass makes of it on a
// target without the instruction: the block is split at the atomicrmw,
//
//	  %init = load [volatile] iN, ptr %p, align A
//	  br label %loop
//	loop:
//	  %old = phi iN [ %init, %before ], [ %seen, %loop ]
//	  %new = ...                                 (the operation on %old and %v)
//	  %pair = cmpxchg [volatile] ptr %p, iN %old, iN %new [syncscope] ORDER FAILURE, align A
//	  %ok = extractvalue { iN, i1 } %pair, 1
//	  %seen = extractvalue { iN, i1 } %pair, 0   (the atomicrmw's value)
//	  br i1 %ok, label %after, label %loop
//	after:
//	  ...                                        (the rest of the block)
//
// FAILURE being the strongest ordering a failed cmpxchg may have for
// ORDER (acq_rel gives acquire, release monotonic). The operations:
//
//	uinc_wrap  %new = select (icmp uge %old, %v), 0, (add %old, 1)
//	udec_wrap  %new = select (or (icmp eq %old, 0), (icmp ugt %old, %v)), %v, (sub %old, 1)
//	usub_cond  %new = select (icmp uge %old, %v), (sub %old, %v), %old
//	usub_sat   %new = select (icmp uge %old, %v), (sub %old, %v), 0
//	fadd       %new = bitcast (fadd (bitcast %old to <N x T>), %v) to iN
//	           (fsub alike; the loop's integer is the vector's bits, and
//	           the atomicrmw's value the bitcast of %seen to the vector)

// rmwSince returns the first release whose reader knows an atomicrmw
// operation olderAtomicRMW expands, 0 for the others.
func rmwSince(op ir.RMWOp) int {
	switch op {
	case ir.RMWUIncWrap, ir.RMWUDecWrap:
		return 16
	case ir.RMWUSubCond, ir.RMWUSubSat, ir.RMWFMaximum, ir.RMWFMinimum:
		return 21 // LLVM 20's and 21's; the writer knows 21's
	case ir.RMWFMax, ir.RMWFMin:
		return 15
	}
	return 0
}

// expandsRMW reports whether olderAtomicRMW gives in, an atomicrmw, to
// the reader written for as a loop.
func (w *writer) expandsRMW(in *ir.Instruction) bool {
	if in.Op != ir.AtomicRMW || len(in.Operands) != 2 {
		return false
	}
	p, t := in.Operands[0].Type(), in.Operands[1].Type()
	if p == nil || p.Kind != ir.PointerType || t == nil {
		return false
	}
	v := rmwSince(in.RMW)
	if t.IsFloatingPoint() || t.Kind == ir.FixedVectorType && t.Elem.IsFloatingPoint() {
		// Exchanged as the integer of the value's bits, of a width
		// cmpxchg takes.
		n := fpBits(t)
		if n < 8 || n > 128 || n&(n-1) != 0 {
			return false
		}
		if t.IsVector() {
			// LLVM 19's (llvm/llvm-project#86796): fadd and fsub
			// (fmax and fmin of a vector are left to be refused).
			return (in.RMW == ir.RMWFAdd || in.RMW == ir.RMWFSub) && !w.knows(19)
		}
		return v != 0 && !w.knows(v)
	}
	return v != 0 && !w.knows(v) && t.Kind == ir.IntegerType
}

// fpBits returns the bits of a value of an IEEE floating-point type or a
// fixed vector of them, 0 for another.
func fpBits(t *ir.Type) uint64 {
	n := uint64(1)
	if t.Kind == ir.FixedVectorType {
		n, t = t.Len, t.Elem
	}
	width, _, ok := ieeeFormat(t)
	if !ok {
		return 0
	}
	return uint64(width) * n
}

// olderAtomicRMW expands the atomicrmw instructions of f's body the
// reader lacks into compare-exchange loops (see above); undo undoes it.
func (w *writer) olderAtomicRMW(f *ir.Function) (undo func()) {
	if w.knows(21) {
		return func() {}
	}
	type savedBlock struct {
		b      *ir.Block
		instrs []*ir.Instruction
		preds  []*ir.Block
	}
	type savedInstr struct {
		in  *ir.Instruction
		was ir.Instruction
	}
	var blocks []savedBlock
	var instrs []savedInstr
	var phis []savedInstr
	oldBlocks := f.Blocks
	saveBlock := func(b *ir.Block) {
		if !slices.ContainsFunc(blocks, func(s savedBlock) bool { return s.b == b }) {
			blocks = append(blocks, savedBlock{b, b.Instrs, b.Preds})
		}
	}
	for bi := 0; bi < len(f.Blocks); bi++ {
		b := f.Blocks[bi]
		i := slices.IndexFunc(b.Instrs, w.expandsRMW)
		if i < 0 {
			continue
		}
		if len(blocks) == 0 {
			f.Blocks = slices.Clone(f.Blocks)
		}
		in := b.Instrs[i]
		w.loseInBody("atomicrmw " + in.RMW.String() + " (as a cmpxchg loop)")
		saveBlock(b)
		instrs = append(instrs, savedInstr{in, *in})
		loop := &ir.Block{}
		after := &ir.Block{Instrs: slices.Clone(b.Instrs[i+1:])}
		// The blocks the moved terminator goes to now come from after.
		if n := len(after.Instrs); n > 0 {
			term := after.Instrs[n-1]
			for _, s := range successors(term) {
				saveBlock(s)
				s.Preds = slices.Clone(s.Preds)
				for k, p := range s.Preds {
					if p == b {
						s.Preds[k] = after
					}
				}
				for _, phi := range s.Instrs {
					if phi.Op != ir.PHI {
						break
					}
					if !slices.Contains(phi.Incoming, b) {
						continue
					}
					if !slices.ContainsFunc(phis, func(x savedInstr) bool { return x.in == phi }) {
						phis = append(phis, savedInstr{phi, *phi})
					}
					phi.Incoming = slices.Clone(phi.Incoming)
					for k, p := range phi.Incoming {
						if p == b {
							phi.Incoming[k] = after
						}
					}
				}
			}
		}
		ptr, v := in.Operands[0], in.Operands[1]
		t := v.Type()
		if t.Kind != ir.IntegerType {
			// Loaded and exchanged as the integer of its bits.
			t = &ir.Type{Kind: ir.IntegerType, BitWidth: uint32(fpBits(t))}
		}
		loc := in.DebugLoc
		mk := func(x *ir.Instruction) *ir.Instruction {
			x.DebugLoc = loc
			return x
		}
		void := &ir.Type{Kind: ir.VoidType}
		init := mk(&ir.Instruction{Op: ir.Load, Typ: t, Operands: []ir.Value{ptr}, Align: in.Align, Flags: in.Flags & ir.Volatile})
		b.Instrs = append(slices.Clone(b.Instrs[:i]), init, mk(&ir.Instruction{Op: ir.Br, Typ: void, Succs: []*ir.Block{loop}}))
		old := mk(&ir.Instruction{Op: ir.PHI, Typ: t, Operands: []ir.Value{init, in}, Incoming: []*ir.Block{b, loop}})
		body := []*ir.Instruction{old}
		add := func(x *ir.Instruction) *ir.Instruction {
			body = append(body, mk(x))
			return x
		}
		bt := i1Type
		zero, one := intConst(t, big.NewInt(0)), intConst(t, big.NewInt(1))
		var nv *ir.Instruction
		switch in.RMW {
		case ir.RMWUIncWrap:
			inc := add(&ir.Instruction{Op: ir.Add, Typ: t, Operands: []ir.Value{old, one}})
			c := add(&ir.Instruction{Op: ir.ICmp, Pred: ir.ICmpUGE, Typ: bt, Operands: []ir.Value{old, v}})
			nv = add(&ir.Instruction{Op: ir.Select, Typ: t, Operands: []ir.Value{c, zero, inc}})
		case ir.RMWUDecWrap:
			dec := add(&ir.Instruction{Op: ir.Sub, Typ: t, Operands: []ir.Value{old, one}})
			z := add(&ir.Instruction{Op: ir.ICmp, Pred: ir.ICmpEQ, Typ: bt, Operands: []ir.Value{old, zero}})
			gt := add(&ir.Instruction{Op: ir.ICmp, Pred: ir.ICmpUGT, Typ: bt, Operands: []ir.Value{old, v}})
			c := add(&ir.Instruction{Op: ir.Or, Typ: bt, Operands: []ir.Value{z, gt}})
			nv = add(&ir.Instruction{Op: ir.Select, Typ: t, Operands: []ir.Value{c, v, dec}})
		case ir.RMWFAdd, ir.RMWFSub, ir.RMWFMax, ir.RMWFMin, ir.RMWFMaximum, ir.RMWFMinimum:
			vt := v.Type()
			ov := add(&ir.Instruction{Op: ir.BitCast, Typ: vt, Operands: []ir.Value{old}})
			r := fpRMWValue(in.RMW, ov, v, old, add)
			nv = add(&ir.Instruction{Op: ir.BitCast, Typ: t, Operands: []ir.Value{r}})
		default: // usub_cond, usub_sat
			sub := add(&ir.Instruction{Op: ir.Sub, Typ: t, Operands: []ir.Value{old, v}})
			c := add(&ir.Instruction{Op: ir.ICmp, Pred: ir.ICmpUGE, Typ: bt, Operands: []ir.Value{old, v}})
			var otherwise ir.Value = old
			if in.RMW == ir.RMWUSubSat {
				otherwise = zero
			}
			nv = add(&ir.Instruction{Op: ir.Select, Typ: t, Operands: []ir.Value{c, sub, otherwise}})
		}
		pairType := &ir.Type{Kind: ir.StructType, Fields: []*ir.Type{t, i1Type}}
		cx := add(&ir.Instruction{Op: ir.AtomicCmpXchg, Typ: pairType, Operands: []ir.Value{ptr, old, nv},
			Align: in.Align, Flags: in.Flags & ir.Volatile, Ordering: in.Ordering, FailOrdering: in.Ordering.StrongestFailure(),
			Extra: in.Extra, Metadata: in.Metadata})
		ok := add(&ir.Instruction{Op: ir.ExtractValue, Typ: bt, Operands: []ir.Value{cx}, Extra: &ir.InstrExtra{Indices: []uint32{1}}})
		if vt := v.Type(); vt != t {
			seen := add(&ir.Instruction{Op: ir.ExtractValue, Typ: t, Operands: []ir.Value{cx}, Extra: &ir.InstrExtra{Indices: []uint32{0}}})
			old.Operands[1] = seen
			*in = ir.Instruction{Op: ir.BitCast, Typ: vt, Name: in.Name, Operands: []ir.Value{seen},
				DebugLoc: loc, DebugRecords: in.DebugRecords}
		} else {
			*in = ir.Instruction{Op: ir.ExtractValue, Typ: t, Name: in.Name, Operands: []ir.Value{cx},
				Extra: &ir.InstrExtra{Indices: []uint32{0}}, DebugLoc: loc, DebugRecords: in.DebugRecords}
		}
		body = append(body, in)
		add(&ir.Instruction{Op: ir.Br, Typ: void, Operands: []ir.Value{ok}, Succs: []*ir.Block{after, loop}})
		loop.Instrs = body
		loop.Preds = []*ir.Block{loop, b}
		after.Preds = []*ir.Block{loop}
		f.Blocks = slices.Insert(f.Blocks, bi+1, loop, after)
		bi++ // on to after, which may hold another
	}
	if len(blocks) == 0 {
		return func() {}
	}
	return func() {
		for _, s := range phis {
			*s.in = s.was
		}
		for _, s := range instrs {
			*s.in = s.was
		}
		for _, s := range blocks {
			s.b.Instrs, s.b.Preds = s.instrs, s.preds
		}
		f.Blocks = oldBlocks
	}
}

// successors returns the blocks terminator in goes to.
func successors(in *ir.Instruction) []*ir.Block {
	s := slices.Clone(in.Succs)
	if in.Unwind != nil {
		s = append(s, in.Unwind)
	}
	return s
}

// fpRMWValue adds, with add, the instructions that compute the value a
// floating-point atomicrmw op stores, from a (the value loaded, whose
// bits are the integer bits) and b (the atomicrmw's), and returns the
// last:
//
//	fadd, fsub  fadd/fsub %a, %b
//	fmax        select (fcmp uno %a, %a), %b, (select (fcmp olt %a, %b), %b, %a)
//	            (llvm.maxnum: a NaN operand gives the other, equal ones %a
//	            as LLVM 22's code runs it; fmin with ogt)
//	fmaximum    select (fcmp uno %a, %b), (fadd %a, %b),
//	              (select (fcmp oeq %a, %b), (select NEG(%a), %b, %a),
//	                (select (fcmp ogt %a, %b), %a, %b))
//	            (llvm.maximum: a NaN operand gives a NaN, -0 is less than
//	            +0; NEG(%a) is icmp slt %bits, 0; fminimum with olt, and
//	            the negative zero of two)
func fpRMWValue(op ir.RMWOp, a, b ir.Value, bits *ir.Instruction, add func(*ir.Instruction) *ir.Instruction) *ir.Instruction {
	t := a.Type()
	cmp := func(p ir.Predicate, x, y ir.Value) *ir.Instruction {
		return add(&ir.Instruction{Op: ir.FCmp, Pred: p, Typ: i1Type, Operands: []ir.Value{x, y}})
	}
	sel := func(c, x, y ir.Value) *ir.Instruction {
		return add(&ir.Instruction{Op: ir.Select, Typ: t, Operands: []ir.Value{c, x, y}})
	}
	switch op {
	case ir.RMWFAdd:
		return add(&ir.Instruction{Op: ir.FAdd, Typ: t, Operands: []ir.Value{a, b}})
	case ir.RMWFSub:
		return add(&ir.Instruction{Op: ir.FSub, Typ: t, Operands: []ir.Value{a, b}})
	}
	switch op {
	case ir.RMWFMax:
		return sel(cmp(ir.FCmpUNO, a, a), b, sel(cmp(ir.FCmpOLT, a, b), b, a))
	case ir.RMWFMin:
		return sel(cmp(ir.FCmpUNO, a, a), b, sel(cmp(ir.FCmpOGT, a, b), b, a))
	}
	order := ir.FCmpOGT
	if op == ir.RMWFMinimum {
		order = ir.FCmpOLT
	}
	pick := sel(cmp(order, a, b), a, b)
	neg := add(&ir.Instruction{Op: ir.ICmp, Pred: ir.ICmpSLT, Typ: i1Type, Operands: []ir.Value{bits, intConst(bits.Typ, big.NewInt(0))}})
	zero := sel(neg, b, a) // fmaximum: the other when %a is -0
	if op == ir.RMWFMinimum {
		zero = sel(neg, a, b)
	}
	same := sel(cmp(ir.FCmpOEQ, a, b), zero, pick)
	nan := add(&ir.Instruction{Op: ir.FAdd, Typ: t, Operands: []ir.Value{a, b}})
	return sel(cmp(ir.FCmpUNO, a, b), nan, same)
}
