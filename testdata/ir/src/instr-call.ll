; Calls: tail/musttail/notail, calling conventions, fast-math flags,
; indirect calls, varargs callees, operand bundles, call-site attributes,
; inline asm (sideeffect, alignstack, inteldialect, unwind), and calls of
; intrinsics with immarg and metadata arguments.
source_filename = "instr-call.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @callee(i32)
declare fastcc i32 @callee.fast(i32)
declare float @callee.f(float)
declare void @callee.varargs(i32, ...)
declare void @callee.void()
declare { i32, i32 } @callee.agg()
declare void @callee.bundles()
declare ptr @callee.ptr(ptr)
declare void @llvm.assume(i1)
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
declare i32 @llvm.ctlz.i32(i32, i1 immarg)
declare float @llvm.fma.f32(float, float, float)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare token @llvm.experimental.convergence.anchor()
declare i64 @llvm.read_register.i64(metadata)

define i32 @calls(i32 %x, float %f, ptr %fp, ptr %p) {
  %c1 = call i32 @callee(i32 %x)
  %c2 = tail call i32 @callee(i32 %c1)
  %c3 = notail call i32 @callee(i32 %c2)
  %c4 = call fastcc i32 @callee.fast(i32 %c3)
  %c5 = tail call fastcc i32 @callee.fast(i32 %c4)
  %f1 = call fast float @callee.f(float %f)
  %f2 = call nnan ninf float @callee.f(float %f1)
  %f3 = tail call reassoc contract float @llvm.fma.f32(float %f, float %f1, float %f2)
  call void (i32, ...) @callee.varargs(i32 1, i32 2, double 3.0, ptr null)
  call void (i32, ...) @callee.varargs(i32 0)
  %i1 = call i32 %fp(i32 %x)
  %i2 = call float %fp(float %f)
  call void (i32, ...) %fp(i32 1, float 2.0)
  %agg = call { i32, i32 } @callee.agg()
  %z = call i32 @llvm.ctlz.i32(i32 %x, i1 true)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 8 %fp, i64 16, i1 false)
  %agg.wide = zext i32 %z to i64
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %fp, i64 %agg.wide, i1 true)
  %ss = call ptr @llvm.stacksave.p0()
  call void @llvm.stackrestore.p0(ptr %ss)
  %reg = call i64 @llvm.read_register.i64(metadata !0)
  %cast = call ptr @callee.ptr(ptr nonnull %p) #0
  ret i32 %z
}

define i32 @musttail(i32 %x) {
  %r = musttail call i32 @callee(i32 %x)
  ret i32 %r
}

define void @musttail.void() {
  musttail call void @callee.void()
  ret void
}

define void @bundles(ptr %p, i32 %x) convergent {
  call void @callee.bundles() [ "deopt"(i32 1, i64 2, ptr %p) ]
  call void @callee.bundles() [ "deopt"() ]
  call void @callee.bundles() [ "gc-live"(ptr %p), "deopt"(i32 %x, float 0.0) ]
  call void @callee.bundles() [ "custom bundle"(i32 %x), "another"(i32 7, i32 %x) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16), "nonnull"(ptr %p), "dereferenceable"(ptr %p, i64 8) ]
  call void @llvm.assume(i1 true) [ "separate_storage"(ptr %p, ptr null) ]
  %t = call token @llvm.experimental.convergence.anchor()
  call void @callee.bundles() [ "convergencectrl"(token %t) ]
  call void %p() [ "ptrauth"(i32 0, i64 100) ]
  call void @callee.bundles() [ "kcfi"(i32 1234) ]
  ret void
}

define i32 @inline.asm(i32 %x, ptr %p) {
  %a = call i32 asm "movl $1, $0", "=r,r"(i32 %x)
  %b = call i32 asm sideeffect "nop; movl $1, $0", "=r,r,~{dirflag},~{fpsr},~{flags}"(i32 %a)
  %c = call i32 asm alignstack "mov $0, $1", "=r,r"(i32 %b)
  %d = call i32 asm inteldialect "mov $0, $1", "=r,r"(i32 %c)
  %e = call i32 asm sideeffect alignstack inteldialect "mov $0, $1", "=r,r"(i32 %d)
  call void asm sideeffect "", "~{memory}"()
  call void asm "", "=*m,*m"(ptr elementtype(i32) %p, ptr elementtype(i64) %p)
  %f = call { i32, i32 } asm "", "=r,=r,0,1"(i32 %x, i32 %e)
  %g = call i32 asm "quote\22s and \5Cback \09tab $$dollar", "=r,r"(i32 %x)
  %h = tail call i32 asm sideeffect "", "=r"() #1
  ret i32 %h
}

declare i32 @__gxx_personality_v0(...)

define void @asm.unwind() personality ptr @__gxx_personality_v0 {
entry:
  invoke void asm sideeffect unwind "call thrower", "~{dirflag},~{fpsr},~{flags}"()
          to label %ok unwind label %lpad
ok:
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

attributes #0 = { nounwind memory(none) "call-attr" }
attributes #1 = { nounwind }

!0 = !{!"rsp\00"}
