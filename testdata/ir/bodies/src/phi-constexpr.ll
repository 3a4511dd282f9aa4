; Old constant expressions (mul, shl, icmp) as phi operands, assembled by
; llvm-as-16: llvm-dis-22 puts their instructions in a block of their own on
; each edge (phi.constexpr), shared by the phis of a block, and rewires the
; incoming block's terminator, the phis and the predecessor lists.
@x = global i32 0
@y = global i32 0
@w = extern_weak global i32
define i64 @f(i1 %c, i32 %n) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %p = phi i64 [ mul (i64 ptrtoint (ptr @x to i64), i64 3), %entry ], [ 7, %a ]
  %q = phi i64 [ 5, %a ], [ mul (i64 ptrtoint (ptr @x to i64), i64 3), %entry ]
  %r = phi i1 [ icmp ne (ptr @w, ptr null), %entry ], [ false, %a ]
  %s = add i64 %p, %q
  ret i64 %s
}
define i64 @g(i32 %n) {
entry:
  switch i32 %n, label %d [ i32 1, label %b
                            i32 2, label %b
                            i32 3, label %c ]
c:
  br label %b
d:
  br label %b
b:
  %p = phi i64 [ mul (i64 ptrtoint (ptr @x to i64), i64 3), %entry ], [ mul (i64 ptrtoint (ptr @y to i64), i64 5), %c ], [ mul (i64 ptrtoint (ptr @y to i64), i64 5), %d ], [ mul (i64 ptrtoint (ptr @x to i64), i64 3), %entry ]
  ret i64 %p
}

@tbl = global [2 x ptr] [ptr blockaddress(@h, %l1), ptr blockaddress(@h, %l3)]
declare i32 @__gxx_personality_v0(...)
declare void @mayt()

define i64 @inv(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @mayt() to label %ok unwind label %lp
ok:
  %sw = zext i1 %c to i32
  switch i32 %sw, label %loop [ i32 1, label %done
 i32 2, label %done ]
loop:
  %i = phi i64 [ 0, %ok ], [ mul (i64 ptrtoint (ptr @x to i64), i64 2), %loop ], [ 5, %lp2 ]
  br i1 %c, label %loop, label %done
done:
  %d1 = phi i64 [ 1, %ok ], [ 1, %ok ], [ %i, %loop ]
  %d2 = phi i64 [ mul (i64 ptrtoint (ptr @y to i64), i64 3), %ok ], [ mul (i64 ptrtoint (ptr @y to i64), i64 3), %ok ], [ shl (i64 ptrtoint (ptr @y to i64), i64 3), %loop ]
  %r = add i64 %d1, %d2
  ret i64 %r
lp:
  %l = landingpad { ptr, i32 } cleanup
  br label %lp2
lp2:
  br label %loop
}

define i64 @h(i32 %n, ptr %t) {
entry:
  indirectbr ptr %t, [label %l1, label %l2, label %l3]
l1:
  br label %l3
l2:
  br label %l3
l3:
  %v = phi i64 [ mul (i64 ptrtoint (ptr @x to i64), i64 2), %l1 ], [ 7, %l2 ], [ 9, %entry ]
  store ptr blockaddress(@h, %l3), ptr %t
  store ptr blockaddress(@h, %l2), ptr %t
  ret i64 %v
}
uselistorder_bb @inv, %done, { 1, 2, 0 }
uselistorder_bb @inv, %loop, { 1, 2, 0 }
