; As blockaddr-uses.ll, assembled by llvm-as-19: the lifetime markers make
; the reader read every body once before printing (their upgrade), and the
; predecessor lists must come out as at the first read.
@tbl = global [1 x ptr] [ptr blockaddress(@f0, %b2)]
declare void @llvm.lifetime.start.p0(i64, ptr)
define void @f0(i1 %c, i32 %n, ptr %a) {
b0:
  %x = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %x)
  br i1 %c, label %b1, label %b1
b1:
  br label %b2
b2:
  store volatile ptr blockaddress(@f1, %b1), ptr %a
  br i1 %c, label %b1, label %b2
}
define void @f1(i1 %c, i32 %n, ptr %a) {
b0:
  %x = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %x)
  indirectbr ptr %a, [ label %b2 ]
b1:
  br i1 %c, label %b1, label %b1
b2:
  br label %b2
}
uselistorder_bb @f0, %b1, { 0, 2, 1 }
uselistorder_bb @f0, %b2, { 2, 0, 1 }
