; Control flow: ret, br, switch, indirectbr, callbr, unreachable, phi (also
; with repeated predecessors and fast-math flags), va_arg, blocks named and
; unnamed, and use-list orders that decide "; preds =" (assembled with
; -preserve-bc-uselistorder).
source_filename = "instr-control.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @branches(i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %else

then:
  br label %join

else:
  %cmp = icmp sgt i32 %x, 10
  br i1 %cmp, label %join, label %2

2:
  br label %join

join:
  %r = phi i32 [ 1, %then ], [ 2, %else ], [ 3, %2 ]
  ret i32 %r
}

define i32 @unnamed.blocks(i32 %0) {
  %2 = icmp eq i32 %0, 0
  br i1 %2, label %3, label %5

3:
  %4 = add i32 %0, 1
  br label %7

5:
  %6 = sub i32 %0, 1
  br label %7

7:
  %8 = phi i32 [ %4, %3 ], [ %6, %5 ]
  ret i32 %8
}

define i32 @switches(i32 %x, i64 %w, i128 %v) {
entry:
  switch i32 %x, label %default [
    i32 0, label %a
    i32 1, label %b
    i32 -1, label %a
    i32 100, label %c
    i32 2147483647, label %b
  ]

a:
  switch i64 %w, label %default []

b:
  switch i128 %v, label %default [
    i128 170141183460469231731687303715884105727, label %c
    i128 -5, label %c
    i128 1, label %default
  ]

c:
  br label %default

default:
  %p = phi i32 [ 0, %entry ], [ 1, %a ], [ 2, %b ], [ 2, %b ], [ 3, %c ]
  ret i32 %p
}

define void @indirect(ptr %target, i1 %c) {
entry:
  indirectbr ptr %target, [label %l1, label %l2, label %l1]

l1:
  indirectbr ptr blockaddress(@indirect, %l2), [label %l2]

l2:
  indirectbr ptr %target, []
}

define i32 @callbr(i32 %x) {
entry:
  %r = callbr i32 asm "jmp ${1:l}", "=r,!i,r"(i32 %x)
          to label %fallthrough [label %indirect]

fallthrough:
  ret i32 %r

indirect:
  %r2 = phi i32 [ %r, %entry ]
  callbr void asm sideeffect "", "!i,!i"()
          to label %done [label %done, label %fallthrough2]

fallthrough2:
  ret i32 0

done:
  ret i32 %r2
}

define void @unreach() {
  unreachable
}

define void @ret.void() {
  ret void
}

define { i32, float } @ret.agg() {
  ret { i32, float } { i32 1, float 2.0 }
}

define float @phi.fmf(i1 %c, float %a, float %b) {
entry:
  br i1 %c, label %x, label %y
x:
  br label %z
y:
  br label %z
z:
  %p = phi fast float [ %a, %x ], [ %b, %y ]
  %q = phi nnan nsz float [ %b, %x ], [ %a, %y ]
  %r = fadd float %p, %q
  ret float %r
}

define i32 @loop(i32 %n) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %body, label %exit

body:
  %odd = and i32 %i, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %latch, label %even

even:
  %dbl = shl i32 %i, 1
  br label %latch

latch:
  %add = phi i32 [ %i, %body ], [ %dbl, %even ]
  %acc.next = add i32 %acc, %add
  %i.next = add nuw nsw i32 %i, 1
  br label %header

exit:
  ret i32 %acc
}

define i32 @forward.refs(i32 %x) {
entry:
  br label %b2

b1:
  %v1 = add i32 %v2, 1
  ret i32 %v1

b2:
  %v2 = mul i32 %x, 3
  br label %b1
}

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)

define i32 @varargs(i32 %n, ...) {
  %ap = alloca ptr
  %ap2 = alloca ptr
  call void @llvm.va_start.p0(ptr %ap)
  %a = va_arg ptr %ap, i32
  %b = va_arg ptr %ap, double
  %c = va_arg ptr %ap, ptr
  call void @llvm.va_copy.p0(ptr %ap2, ptr %ap)
  call void @llvm.va_end.p0(ptr %ap2)
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %a
}

; Use-list order: the order of uses of a value (and of a block's
; predecessors) as the bitcode records it.
define i32 @uselist(i32 %x, i1 %c1, i1 %c2) {
entry:
  br i1 %c1, label %a, label %b
a:
  br i1 %c2, label %join, label %b
b:
  br label %join
join:
  %y = add i32 %x, 1
  %z = add i32 %x, 2
  %w = add i32 %x, 3
  %s = add i32 %y, %z
  %t = add i32 %s, %w
  ret i32 %t
  uselistorder i32 %x, { 2, 0, 1 }
  uselistorder label %join, { 1, 0 }
  uselistorder label %b, { 1, 0 }
}
