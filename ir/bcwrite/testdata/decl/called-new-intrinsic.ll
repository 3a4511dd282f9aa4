; An intrinsic LLVM 19 lacks (llvm.minimumnum, LLVM 20), declared and
; called, and another declared and not called (llvm.maximumnum): the
; call is refused for LLVM 19 (bcwrite's checkUnknownCalls).
define double @f(double %x, double %y) {
  %r = call double @llvm.minimumnum.f64(double %x, double %y)
  ret double %r
}

declare double @llvm.minimumnum.f64(double, double)
declare double @llvm.maximumnum.f64(double, double)
