; Switches lowered to jump tables by llc -O2 (see gen.sh): sw1 (5 entries),
; sw2 (7) and sw3 (two tables, 4 and 6); f0-f6 and start only make it link.
define i32 @sw1(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 0, label %a
    i32 1, label %b
    i32 2, label %c
    i32 3, label %d
    i32 4, label %e
  ]
a:
  ret i32 11
b:
  ret i32 22
c:
  ret i32 33
d:
  ret i32 44
e:
  ret i32 55
def:
  ret i32 0
}

define void @f0() {
  ret void
}
define void @f1() {
  ret void
}
define void @f2() {
  ret void
}
define void @f3() {
  ret void
}
define void @f4() {
  ret void
}
define void @f5() {
  ret void
}
define void @f6() {
  ret void
}

define void @sw2(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 10, label %a
    i32 11, label %b
    i32 12, label %c
    i32 13, label %d
    i32 14, label %e
    i32 15, label %f
    i32 16, label %g
  ]
a:
  tail call void @f0()
  ret void
b:
  tail call void @f1()
  ret void
c:
  tail call void @f2()
  ret void
d:
  tail call void @f3()
  ret void
e:
  tail call void @f4()
  ret void
f:
  tail call void @f5()
  ret void
g:
  tail call void @f6()
  ret void
def:
  ret void
}

; Two switches in one function: two entries in one section.
define i32 @sw3(i32 %x, i32 %y) {
entry:
  switch i32 %x, label %mid [
    i32 0, label %a
    i32 1, label %b
    i32 2, label %c
    i32 3, label %d
  ]
a:
  br label %mid
b:
  br label %mid
c:
  br label %mid
d:
  br label %mid
mid:
  %r = phi i32 [ 1, %a ], [ 2, %b ], [ 3, %c ], [ 4, %d ], [ 0, %entry ]
  switch i32 %y, label %def [
    i32 20, label %p
    i32 21, label %q
    i32 22, label %s
    i32 23, label %t
    i32 24, label %u
    i32 25, label %v
  ]
p:
  %rp = add i32 %r, 100
  ret i32 %rp
q:
  %rq = mul i32 %r, 7
  ret i32 %rq
s:
  %rs = sub i32 %r, 9
  ret i32 %rs
t:
  %rt = xor i32 %r, 77
  ret i32 %rt
u:
  %ru = shl i32 %r, 3
  ret i32 %ru
v:
  %rv = or i32 %r, 1024
  ret i32 %rv
def:
  ret i32 %r
}

define void @start() {
  ret void
}
