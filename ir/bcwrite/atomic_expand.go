package bcwrite

import (
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
	case ir.RMWUSubCond, ir.RMWUSubSat:
		return 21 // LLVM 20's; the writer knows 21's
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
	if (in.RMW == ir.RMWFAdd || in.RMW == ir.RMWFSub) && t.Kind == ir.FixedVectorType && t.Elem.IsFloatingPoint() {
		// LLVM 19's (llvm/llvm-project#86796): the vector's bits are
		// exchanged as an integer, of a width cmpxchg takes.
		n := vectorBits(t)
		return !w.knows(19) && n >= 8 && n <= 128 && n&(n-1) == 0
	}
	v := rmwSince(in.RMW)
	return v != 0 && !w.knows(v) && t.Kind == ir.IntegerType
}

// vectorBits returns the bits of a fixed vector of floating-point
// values, 0 for another.
func vectorBits(t *ir.Type) uint64 {
	var w uint64
	switch t.Elem.Kind {
	case ir.HalfType, ir.BFloatType:
		w = 16
	case ir.FloatType:
		w = 32
	case ir.DoubleType:
		w = 64
	default:
		return 0
	}
	return w * t.Len
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
		if vt := t; vt.IsVector() {
			// Loaded and exchanged as the integer of its bits.
			t = &ir.Type{Kind: ir.IntegerType, BitWidth: uint32(vectorBits(vt))}
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
		zero, one := &ir.ConstInt{Typ: t}, &ir.ConstInt{Typ: t, V: 1}
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
		case ir.RMWFAdd, ir.RMWFSub:
			vt := v.Type()
			ov := add(&ir.Instruction{Op: ir.BitCast, Typ: vt, Operands: []ir.Value{old}})
			op := ir.FAdd
			if in.RMW == ir.RMWFSub {
				op = ir.FSub
			}
			r := add(&ir.Instruction{Op: op, Typ: vt, Operands: []ir.Value{ov, v}})
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
