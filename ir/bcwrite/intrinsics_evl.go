package bcwrite

import (
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// llvm.experimental.get.vector.length (LLVM 19) gives how many elements
// the next iteration of a vector loop processes, of %cnt left, with
// vectors of %vf elements (times vscale when %scalable): at most %cnt
// and at most the vector's lanes, not 0 when %cnt is not, and never more
// than in an iteration before; which such value is the target's choice.
// The loop vectorizer of LLVM 22 makes it for RISC-V's vector extension
// (with llvm.vp.* loads and stores). A reader before LLVM 19 is given each
// call as the least of the two bounds, one of the values the intrinsic
// may give (what LLVM's generic lowering of it computes),
//
//	%vs = call iN @llvm.vscale.iN()        (scalable only)
//	%lanes = mul nuw iN %vs, VF            (VF itself when not scalable)
//	%lt = icmp ult iN %cnt, %lanes
//	%n = select i1 %lt, iN %cnt, iN %lanes
//	%r = trunc iN %n to i32                (when iN is wider)
//
// reported, and its declarations are not written (llvm.vscale, LLVM 11's,
// is declared when the module does not, for each type of count: whether
// a call is of a scalable vector is known only once the bodies are read,
// after the module level is numbered).

// olderEVLDecls takes the declarations of llvm.experimental.get.vector
// .length out of the module written for a reader before LLVM 19,
// recording them in w.evl, and declares llvm.vscale of each count type
// that a scalable call may need; restore undoes it.
func (w *writer) olderEVLDecls() (restore func()) {
	if w.knows(19) {
		return func() {}
	}
	var taken []*ir.Function // in the module's order: the declarations added come out so
	undoTake := w.takeDecls(func(f *ir.Function) bool {
		if !strings.HasPrefix(f.Name, "llvm.experimental.get.vector.length.") || f.HasBody {
			return false
		}
		taken = append(taken, f)
		if !evlSig(f.Sig) {
			// A module no producer writes: there is nothing to give
			// the calls as.
			if w.unsupported == nil {
				w.unsupported = &UnsupportedError{What: "for LLVM " + strconv.Itoa(w.t.version) + ", a call of @" + f.Name + " of another type than (iN, i32, i1) to i32"}
			}
		}
		if w.evl == nil {
			w.evl = map[*ir.Function]*ir.Function{}
		}
		w.evl[f] = nil
		return true
	})
	if len(w.evl) == 0 {
		return undoTake
	}
	n := len(w.m.Functions)
	for _, f := range taken {
		if !evlSig(f.Sig) {
			continue
		}
		t := f.Sig.Params[0]
		name := "llvm.vscale.i" + strconv.Itoa(int(t.BitWidth))
		w.evl[f] = w.declareIntrinsic(name, &ir.Type{Kind: ir.FunctionType, Ret: t}, true, nil)
	}
	return func() {
		w.m.Functions = w.m.Functions[:n:n]
		undoTake()
	}
}

// evlSig reports whether sig is llvm.experimental.get.vector.length's:
// (iN %cnt, i32 %vf, i1 %scalable) to i32, N at least 32 (the lanes are
// counted in iN).
func evlSig(sig *ir.Type) bool {
	if sig == nil || len(sig.Params) != 3 || sig.Ret == nil {
		return false
	}
	isInt := func(t *ir.Type, bits uint32) bool {
		return t != nil && t.Kind == ir.IntegerType && (bits == 0 || t.BitWidth == bits)
	}
	cnt := sig.Params[0]
	return isInt(cnt, 0) && cnt.BitWidth >= 32 && isInt(sig.Params[1], 32) && isInt(sig.Params[2], 1) && isInt(sig.Ret, 32)
}

// olderEVLCalls gives the calls of llvm.experimental.get.vector.length in
// f's body as the least of their count and their vector's lanes (the
// call itself becomes the last instruction, so that its uses stay); undo
// undoes it. A call whose %vf or %scalable is not a constant (not valid
// IR) is left, and refused.
func (w *writer) olderEVLCalls(f *ir.Function) (undo func()) {
	if len(w.evl) == 0 {
		return func() {}
	}
	return expandCalls(f, func(in *ir.Instruction) []*ir.Instruction {
		callee, _ := in.Callee.(*ir.Function)
		vscale, ok := w.evl[callee]
		if !ok || in.Op != ir.Call || len(in.Operands) != 3 || vscale == nil {
			return nil
		}
		vf, ok1 := in.Operands[1].(*ir.ConstInt)
		scalable, ok2 := in.Operands[2].(*ir.ConstInt)
		if !ok1 || !ok2 || vf.Big != nil {
			if w.unsupported == nil {
				w.unsupported = &UnsupportedError{What: "for LLVM " + strconv.Itoa(w.t.version) + ", a call of @" + callee.Name + " whose vector is not constant (in @" + f.Name + ")"}
			}
			return nil
		}
		w.loseInBody("llvm.experimental.get.vector.length call (as the least of its count and its vector's lanes)")
		cnt := in.Operands[0]
		t := cnt.Type()
		var made []*ir.Instruction
		var lanes ir.Value = &ir.ConstInt{Typ: t, V: int64(uint32(vf.V))}
		if scalable.V&1 != 0 {
			vs := &ir.Instruction{Op: ir.Call, Typ: t, Callee: vscale, FuncType: vscale.Sig, DebugLoc: in.DebugLoc}
			mul := &ir.Instruction{Op: ir.Mul, Typ: t, Operands: []ir.Value{vs, lanes}, Flags: ir.NUW, DebugLoc: in.DebugLoc}
			made = append(made, vs, mul)
			lanes = mul
		}
		lt := &ir.Instruction{Op: ir.ICmp, Pred: ir.ICmpULT, Typ: i1Type, Operands: []ir.Value{cnt, lanes}, DebugLoc: in.DebugLoc}
		sel := &ir.Instruction{Op: ir.Select, Typ: t, Operands: []ir.Value{lt, cnt, lanes}, DebugLoc: in.DebugLoc}
		made = append(made, lt, sel)
		if t.BitWidth == in.Typ.BitWidth {
			// The select is the call: its last instruction.
			return append(made[:len(made)-1], &ir.Instruction{Op: ir.Select, Typ: in.Typ, Operands: sel.Operands})
		}
		return append(made, &ir.Instruction{Op: ir.Trunc, Typ: in.Typ, Operands: []ir.Value{sel}})
	})
}
