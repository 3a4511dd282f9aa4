; Function bodies as LLVM 3.6 and older wrote them (mklegacy rewrites what
; llvm-as-13 makes of this): loads, stores, GEPs, calls, invokes and allocas
; that leave their types to their pointers' pointees, which LLVM 22 follows
; through type IDs: of globals, arguments, casts, phis, selects, GEPs,
; loads of pointers, calls returning pointers, extractvalue.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.node = type { i32, %struct.node*, [4 x i16] }
%pair = type { i8*, i32** }

@head = global %struct.node* null, align 8
@counter = global i32 0, align 4
@table = global [8 x i32] zeroinitializer, align 16
@fptr = global i32 (i32)* @twice, align 8

define i32 @twice(i32 %x) {
  %r = mul i32 %x, 2
  ret i32 %r
}

declare i32 @printf(i8*, ...)
declare i8* @malloc(i64)
declare i32 @__gxx_personality_v0(...)
declare void @may_throw(i32)

define i32 @walk(%struct.node* %n) {
entry:
  %slot = alloca %struct.node*, align 8
  %sum = alloca i32, align 4
  store %struct.node* %n, %struct.node** %slot, align 8
  store i32 0, i32* %sum, align 4
  br label %loop

loop:
  %cur = phi %struct.node* [ %n, %entry ], [ %next, %body ]
  %done = icmp eq %struct.node* %cur, null
  br i1 %done, label %exit, label %body

body:
  %vp = getelementptr inbounds %struct.node, %struct.node* %cur, i32 0, i32 0
  %v = load i32, i32* %vp, align 4
  %s0 = load i32, i32* %sum, align 4
  %s1 = add i32 %s0, %v
  store i32 %s1, i32* %sum, align 4
  %hp = getelementptr %struct.node, %struct.node* %cur, i64 0, i32 2, i64 3
  %h = load i16, i16* %hp, align 2
  %np = getelementptr inbounds %struct.node, %struct.node* %cur, i32 0, i32 1
  %next = load %struct.node*, %struct.node** %np, align 8
  br label %loop

exit:
  %r = load i32, i32* %sum, align 4
  ret i32 %r
}

define i32 @calls(i32 %k, i1 %c) {
  %f = load i32 (i32)*, i32 (i32)** @fptr, align 8
  %a = call i32 %f(i32 %k)
  %b = call i32 @twice(i32 %a)
  %fmt = call i8* @malloc(i64 16)
  store i8 37, i8* %fmt, align 1
  %p = call i32 (i8*, ...) @printf(i8* %fmt, i32 %b)
  %h = load %struct.node*, %struct.node** @head, align 8
  %h2 = select i1 %c, %struct.node* %h, %struct.node* null
  %vp = getelementptr %struct.node, %struct.node* %h2, i32 0, i32 0
  %v = load volatile i32, i32* %vp, align 4
  %t = getelementptr inbounds [8 x i32], [8 x i32]* @table, i64 0, i32 %k
  %tv = load i32, i32* %t, align 4
  %cast = bitcast [8 x i32]* @table to %pair*
  %pp = getelementptr %pair, %pair* %cast, i32 0, i32 1
  %ppp = load i32**, i32*** %pp, align 8
  %pv = load i32*, i32** %ppp, align 8
  %x = load i32, i32* %pv, align 4
  %agg = load %pair, %pair* %cast, align 8
  %e = extractvalue %pair %agg, 1
  %e1 = load i32*, i32** %e, align 8
  %ev = load atomic i32, i32* %e1 seq_cst, align 4
  %s = add i32 %v, %tv
  %s2 = add i32 %s, %x
  %s3 = add i32 %s2, %ev
  ret i32 %s3
}

define void @eh(i32 %k) personality i32 (...)* @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %k)
          to label %ok unwind label %lpad

ok:
  store atomic i32 %k, i32* @counter release, align 4
  ret void

lpad:
  %lp = landingpad { i8*, i32 }
          cleanup
  resume { i8*, i32 } %lp
}

; The strong cmpxchgs whose failure ordering is what their success ordering
; implies become the CMPXCHG_OLD of LLVM 3.4 (no failure ordering, no weak
; flag), whose value is the loaded one: LLVM 22 reads an extractvalue of
; the cmpxchg there (so those results stay unused here). The weak one keeps
; LLVM 3.5's form.
define i32 @atomics(i32* %p, i32 %a, i32 %b) {
  %x = atomicrmw add i32* %p, i32 %a seq_cst
  %y = cmpxchg i32* %p, i32 %a, i32 %b seq_cst seq_cst
  %z = cmpxchg weak volatile i32* %p, i32 %x, i32 %b acq_rel monotonic
  %w = cmpxchg i32* %p, i32 %a, i32 %b acq_rel acquire
  %zv = extractvalue { i32, i1 } %z, 0
  %s = add i32 %x, %zv
  ret i32 %s
}

; Constant GEPs without their pointee type (LLVM 3.6 and older), and inline
; asm in the layouts of LLVM 3.x (sideeffect, alignstack), 3.5 (the dialect)
; and 3.9 (unwind), whose function type is the pointee of SETTYPE's.
@gp = global i16* getelementptr inbounds (%struct.node, %struct.node* null, i64 1, i32 2, i64 1)
@gp2 = global i8* getelementptr (i8, i8* bitcast (i32* @counter to i8*), i64 3)
@gp3 = global <2 x i32*> getelementptr ([8 x i32], <2 x [8 x i32]*> <[8 x i32]* @table, [8 x i32]* @table>, <2 x i64> zeroinitializer, <2 x i64> <i64 1, i64 2>)

define i32 @asm(i32 %x) {
  %a = call i32 asm sideeffect "mov $1, $0", "=r,r"(i32 %x)
  %b = call i32 asm alignstack "add $1, $0", "=r,r,~{dirflag}"(i32 %a)
  %c = call i32 asm inteldialect "lea $0, [$1]", "=r,r"(i32 %b)
  %d = call i32 asm sideeffect unwind "nop", "=r,r"(i32 %c)
  ret i32 %d
}
