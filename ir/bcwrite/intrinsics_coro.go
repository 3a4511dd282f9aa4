package bcwrite

import (
	"github.com/bcextract/bcextract/ir"
)

// awaitIntrinsics are the coroutine intrinsics of LLVM 19 through which
// clang 19 and later call an awaiter's await_suspend:
// llvm.coro.await.suspend.void(awaiter, frame, wrapper) and .bool, the
// wrapper a function of clang's making that calls await_suspend with the
// coroutine's handle. Clang 18 and older called await_suspend itself,
// between llvm.coro.save and llvm.coro.suspend. A reader that lacks them
// is given each call as a call of its wrapper with the awaiter and the
// frame, which is also what LLVM 19's CoroSplit makes of it; the
// declaration is not written. (The intrinsic keeps later passes from
// moving what await_suspend does across the suspension point, which the
// older passes did not know to avoid either.) .handle, whose intrinsic
// also resumes the coroutine await_suspend returns, stays refused.
var awaitIntrinsics = map[string]bool{
	"llvm.coro.await.suspend.void": true,
	"llvm.coro.await.suspend.bool": true,
}

// olderAwaitDecls takes the declarations of awaitIntrinsics the reader
// lacks out of the module written for it, recording them in
// w.awaitCalls; restore puts them back.
func (w *writer) olderAwaitDecls() (restore func()) {
	return w.takeDecls(func(f *ir.Function) bool {
		if !awaitIntrinsics[f.Name] || f.HasBody || w.knowsIntrinsic(f.Name) {
			return false
		}
		if w.awaitCalls == nil {
			w.awaitCalls = map[*ir.Function]bool{}
		}
		w.awaitCalls[f] = true
		return true
	})
}

// olderAwaitCalls gives the calls (and invokes) of f's body of the
// declarations olderAwaitDecls took out as calls of their wrappers; undo
// undoes it. A call whose third operand is no function of two
// parameters returning what the call returns is refused.
func (w *writer) olderAwaitCalls(f *ir.Function) (undo func()) {
	if len(w.awaitCalls) == 0 {
		return func() {}
	}
	type saved struct {
		in     *ir.Instruction
		callee ir.Value
		ft     *ir.Type
		ops    []ir.Value
		attrs  ir.AttrList
	}
	var old []saved
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			callee, _ := in.Callee.(*ir.Function)
			if in.Op != ir.Call && in.Op != ir.Invoke || !w.awaitCalls[callee] {
				continue
			}
			var wrapper *ir.Function
			if len(in.Operands) == 3 {
				wrapper, _ = in.Operands[2].(*ir.Function)
			}
			if wrapper == nil || wrapper.Sig == nil || len(wrapper.Sig.Params) != 2 || wrapper.Sig.VarArg ||
				!sameScalar(wrapper.Sig.Ret, in.Typ) || !sameScalar(wrapper.Sig.Params[0], in.Operands[0].Type()) ||
				!sameScalar(wrapper.Sig.Params[1], in.Operands[1].Type()) {
				if w.unsupported == nil {
					w.unsupported = &UnsupportedError{What: "a call of " + callee.Name + " whose third operand is no await_suspend wrapper"}
				}
				continue
			}
			w.loseInBody(callee.Name + " call (as a call of its await_suspend wrapper, as clang 18 called await_suspend)")
			old = append(old, saved{in, in.Callee, in.FuncType, in.Operands, in.Attrs})
			in.Callee, in.FuncType, in.Operands = wrapper, wrapper.Sig, in.Operands[:2:2]
			in.Attrs = ir.AttrList{Fn: in.Attrs.Fn}
		}
	}
	return func() {
		for _, s := range old {
			s.in.Callee, s.in.FuncType, s.in.Operands, s.in.Attrs = s.callee, s.ft, s.ops, s.attrs
		}
	}
}
