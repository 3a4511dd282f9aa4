; A global used by an instruction and inside an aggregate of another
; instruction of the same body: LLVM writes no use-list order for it.
@ti = external constant ptr
declare void @g(ptr, [1 x ptr])
define void @f() {
  call void @g(ptr @ti, [1 x ptr] [ptr @ti])
  ret void
}
