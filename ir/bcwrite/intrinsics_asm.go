package bcwrite

import (
	"slices"

	"github.com/bcextract/bcextract/ir"
)

// NVPTX intrinsics of LLVM 17 that clang 16 and older spelled as inline
// assembly in their CUDA headers: llvm.nvvm.activemask (__activemask(),
// `call i32 asm "activemask.b32 $0;", "=r"()`, the call convergent) and
// llvm.nvvm.read.ptx.sreg.globaltimer (`call i64 asm sideeffect "mov.u64
// $0, %globaltimer;", "=l"()`). A reader that lacks one is given each
// call as that assembly (reported), and the declaration is not written:
// how clang 16's own libomptarget reads them.
var asmIntrinsics = map[string]asmIntrinsic{
	"llvm.nvvm.activemask":                {32, "activemask.b32 $0;", "=r", false, true},
	"llvm.nvvm.read.ptx.sreg.globaltimer": {64, "mov.u64 $0, %globaltimer;", "=l", true, false},
}

// An asmIntrinsic is the inline assembly an intrinsic of no parameters
// is given as: its result's width, the assembly and its constraints,
// whether it has side effects, and whether the call is convergent.
type asmIntrinsic struct {
	width      uint32
	asm, cons  string
	sideEffect bool
	convergent bool
}

// olderAsmDecls takes the declarations of asmIntrinsics the reader lacks
// out of the module written for it, recording them in w.asmCalls;
// restore puts them back.
func (w *writer) olderAsmDecls() (restore func()) {
	return w.takeDecls(func(f *ir.Function) bool {
		a, ok := asmIntrinsics[f.Name]
		if !ok || f.HasBody || w.knowsIntrinsic(f.Name) || f.Sig == nil || len(f.Sig.Params) != 0 || f.Sig.VarArg ||
			!sameScalar(f.Sig.Ret, &ir.Type{Kind: ir.IntegerType, BitWidth: a.width}) {
			return false
		}
		if w.asmCalls == nil {
			w.asmCalls = map[*ir.Function]asmIntrinsic{}
		}
		w.asmCalls[f] = a
		return true
	})
}

// olderAsmCalls gives the calls of f's body of the declarations
// olderAsmDecls took out as the inline assembly they stand for; undo
// undoes it.
func (w *writer) olderAsmCalls(f *ir.Function) (undo func()) {
	if len(w.asmCalls) == 0 {
		return func() {}
	}
	type saved struct {
		in     *ir.Instruction
		callee ir.Value
		ft     *ir.Type
		attrs  ir.AttrList
	}
	var old []saved
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			callee, _ := in.Callee.(*ir.Function)
			a, ok := w.asmCalls[callee]
			if in.Op != ir.Call || !ok || len(in.Operands) != 0 {
				continue
			}
			w.loseInBody(callee.Name + " call (as the inline assembly clang 16 wrote for it)")
			old = append(old, saved{in, in.Callee, in.FuncType, in.Attrs})
			in.Callee = &ir.InlineAsm{FuncType: callee.Sig, Typ: callee.Type(), Asm: a.asm, Constraints: a.cons, SideEffect: a.sideEffect}
			in.FuncType = callee.Sig
			if a.convergent && !slices.ContainsFunc(in.Attrs.Fn, func(x ir.Attribute) bool { return x.Kind == ir.AttrConvergent }) {
				in.Attrs.Fn = append(slices.Clone(in.Attrs.Fn), ir.Attribute{Kind: ir.AttrConvergent})
			}
		}
	}
	return func() {
		for _, s := range old {
			s.in.Callee, s.in.FuncType, s.in.Attrs = s.callee, s.ft, s.attrs
		}
	}
}
