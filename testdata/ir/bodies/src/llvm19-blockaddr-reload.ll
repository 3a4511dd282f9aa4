; A global table of block addresses of @f, and lifetime markers (llvm-as-19):
; the reader reads @f twice, and its second read must keep the uses of the
; table in the use lists it sorts.
@tbl = global [2 x ptr] [ptr blockaddress(@f, %b1), ptr blockaddress(@f, %b2)]
declare void @llvm.lifetime.start.p0(i64, ptr)
define void @f(ptr %t, i1 %c) {
entry:
  %a = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %a)
  br i1 %c, label %b1, label %b2
b1:
  br i1 %c, label %b2, label %b1
b2:
  indirectbr ptr %t, [label %b1, label %b2]
}
uselistorder_bb @f, %b1, { 1, 3, 0, 2 }
uselistorder_bb @f, %b2, { 2, 0, 3, 1 }
