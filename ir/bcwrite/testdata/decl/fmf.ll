declare float @llvm.sqrt.f32(float)
declare double @g(double)
define float @f(i1 %c, float %a, float %b) {
entry:
  %s = call nnan ninf float @llvm.sqrt.f32(float %a)
  %t = call fast double @g(double 1.0)
  %u = select reassoc nsz i1 %c, float %s, float %b
  br i1 %c, label %x, label %y
x:
  br label %y
y:
  %p = phi arcp afn float [ %u, %entry ], [ %a, %x ]
  %q = tail call contract float @llvm.sqrt.f32(float %p)
  ret float %q
}
