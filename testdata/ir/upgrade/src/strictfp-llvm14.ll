; strictfp calls in functions that are not strictfp: LLVM 22 replaces
; strictfp with nobuiltin on the call (not on calls of constrained
; intrinsics, and not in strictfp functions).
declare double @sin(double) #0
define double @k(double %x) #0 {
  %r = call double @sin(double %x) #0
  ret double %r
}
define double @f(double %x) {
  %r = call double @k(double %x)
  %s = call double @llvm.experimental.constrained.sqrt.f64(double %r, metadata !"round.dynamic", metadata !"fpexcept.strict") #0
  %t = call double @sin(double %s) #1
  ret double %t
}
declare double @llvm.experimental.constrained.sqrt.f64(double, metadata, metadata)
attributes #0 = { strictfp }
attributes #1 = { strictfp nounwind "foo"="bar" }
