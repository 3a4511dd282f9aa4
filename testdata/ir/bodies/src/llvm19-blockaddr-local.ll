; As blockaddr-local.ll, assembled by llvm-as-19: the lifetime markers make
; the reader read every body once before printing (their upgrade), and the
; predecessor lists must come out as at the first read.
declare void @llvm.lifetime.start.p0(i64, ptr)
define void @f0(i1 %c, i32 %n, ptr %a) {
b0:
  %x = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %x)
  br i1 %c, label %b3, label %b1
b1:
  indirectbr ptr %a, [ label %b3, label %b2 ]
b2:
  indirectbr ptr %a, [ label %b2, label %b3, label %b2 ]
b3:
  br label %b3
}
define void @f1(i1 %c, i32 %n, ptr %a) {
b0:
  %x = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %x)
  br label %b1
b1:
  store volatile ptr blockaddress(@f0, %b3), ptr %a
  store volatile ptr blockaddress(@f1, %b1), ptr %a
  switch i32 %n, label %b1 [ i32 0, label %b1 i32 1, label %b1 i32 2, label %b1 ]
}
uselistorder_bb @f0, %b2, { 0, 2, 1 }
uselistorder_bb @f0, %b3, { 3, 1, 4, 2, 0 }
