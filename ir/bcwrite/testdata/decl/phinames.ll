; Named values in a body with a phi: LLVM's reader lays the names out
; around the "phi.constexpr" block it holds while reading such a body.
define float @f(i1 %c, float %a) {
entry:
  br i1 %c, label %x, label %y
x:
  br label %y
y:
  %p = phi float [ 1.0, %entry ], [ %a, %x ]
  ret float %p
}
