; A module LLVM 22 wrote after upgrading one (llvm-dis-22 | llvm-as-22): a
; block already named phi.constexpr. While it reads a phi, llvm-dis-22's
; reader holds a block of that name at hand, so the function's own block
; becomes %phi.constexpr1; a function without a phi keeps the name.
define i64 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %phi.constexpr

a:
  br label %b

phi.constexpr:
  %constexpr = add i64 1, 2
  br label %b

b:
  %p = phi i64 [ %constexpr, %phi.constexpr ], [ 7, %a ]
  ret i64 %p
}

define void @g() {
phi.constexpr:
  ret void
}
