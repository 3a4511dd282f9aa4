; NVVM intrinsics of LLVM 14 (typed pointers) that llvm-dis-22 rewrites:
; barriers to llvm.nvvm.barrier.cta.*, atomics to atomicrmw, math to
; overloaded intrinsics, bitcasts and address-space conversions to
; instructions, rotates to funnel shifts, ldg to invariant loads. The new
; declarations come at the end of the function list in the order of the
; first rewritten calls; llvm.objectsize's (remangled) comes first, made
; when the module is read.
target triple = "nvptx64-nvidia-cuda"

@g = addrspace(1) global float 0.0
@h = global i32 0

declare float @llvm.nvvm.ex2.approx.f(float)
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.n(i32)
declare void @llvm.nvvm.bar.sync(i32)
declare void @llvm.nvvm.barrier(i32, i32)
declare void @llvm.nvvm.barrier.sync(i32)
declare void @llvm.nvvm.barrier.sync.cnt(i32, i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32*, i32)
declare i32 @llvm.nvvm.atomic.load.dec.32.p0i32(i32*, i32)
declare float @llvm.nvvm.atomic.load.add.f32.p0f32(float*, float)
declare double @llvm.nvvm.atomic.load.add.f64.p1f64(double addrspace(1)*, double)
declare i64 @llvm.objectsize.i64.p0i8(i8*, i1, i1, i1)
declare float @llvm.nvvm.fabs.f(float)
declare float @llvm.nvvm.fabs.ftz.f(float)
declare double @llvm.nvvm.fabs.d(double)
declare float @llvm.nvvm.ex2.approx.ftz.f(float)
declare double @llvm.nvvm.ex2.approx.d(double)
declare i32 @llvm.nvvm.bitcast.f2i(float)
declare float @llvm.nvvm.bitcast.i2f(i32)
declare i64 @llvm.nvvm.bitcast.d2ll(double)
declare double @llvm.nvvm.bitcast.ll2d(i64)
declare i32 @llvm.nvvm.rotate.b32(i32, i32)
declare i64 @llvm.nvvm.rotate.b64(i64, i32)
declare i64 @llvm.nvvm.rotate.right.b64(i64, i32)
declare i64 @llvm.nvvm.swap.lo.hi.b64(i64)
declare float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)*, i32)
declare i32 @llvm.nvvm.ldg.global.i.i32.p0i32(i32*, i32)
declare i8* @llvm.nvvm.ldg.global.p.p0i8.p1p0i8(i8* addrspace(1)*, i32)
declare i8 addrspace(1)* @llvm.nvvm.ptr.gen.to.global.p1i8.p0i8(i8*)
declare i8* @llvm.nvvm.ptr.shared.to.gen.p0i8.p3i8(i8 addrspace(3)*)

define i32 @barriers(i32 %a, i32 %b) {
  call void @llvm.nvvm.barrier0() #0, !foo !0
  tail call void @llvm.nvvm.barrier.n(i32 %a)
  call void @llvm.nvvm.bar.sync(i32 3)
  call void @llvm.nvvm.barrier(i32 %a, i32 %b)
  call void @llvm.nvvm.barrier.sync(i32 %a)
  call void @llvm.nvvm.barrier.sync.cnt(i32 %a, i32 %b)
  %x = call i32 @llvm.nvvm.barrier0.and(i32 %a) #0
  %y = call i32 @llvm.nvvm.barrier0.or(i32 %x)
  %z = tail call i32 @llvm.nvvm.barrier0.popc(i32 %y)
  %c = call i32 @llvm.nvvm.barrier0.and(i32 1)
  %s = add i32 %z, %c
  ret i32 %s
}

define i32 @atomics(i32* %q, float* %fp, double addrspace(1)* %dp, i8* %p) {
  %o = tail call i64 @llvm.objectsize.i64.p0i8(i8* nonnull %p, i1 false, i1 true, i1 false) #0
  %w = call i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* %q, i32 1) #0, !foo !0
  %v = call i32 @llvm.nvvm.atomic.load.dec.32.p0i32(i32* @h, i32 %w)
  %f = call float @llvm.nvvm.atomic.load.add.f32.p0f32(float* %fp, float 1.0)
  %d = call double @llvm.nvvm.atomic.load.add.f64.p1f64(double addrspace(1)* %dp, double 1.0)
  ret i32 %v
}

define double @math(float %x, double %d, i32 %i, i64 %l) {
  %a = tail call float @llvm.nvvm.fabs.f(float %x) #0
  %b = call float @llvm.nvvm.fabs.ftz.f(float %a)
  %c = call double @llvm.nvvm.fabs.d(double %d)
  %e = call float @llvm.nvvm.ex2.approx.f(float %b)
  %e2 = call float @llvm.nvvm.ex2.approx.ftz.f(float %e)
  %e3 = call double @llvm.nvvm.ex2.approx.d(double %c)
  %h = call i32 @llvm.nvvm.bitcast.f2i(float %e2)
  %j = call float @llvm.nvvm.bitcast.i2f(i32 %h)
  %k = call i64 @llvm.nvvm.bitcast.d2ll(double %e3)
  %m = call double @llvm.nvvm.bitcast.ll2d(i64 %k)
  %r1 = call i32 @llvm.nvvm.rotate.b32(i32 %i, i32 %h)
  %r2 = call i64 @llvm.nvvm.rotate.b64(i64 %l, i32 %i)
  %r3 = call i64 @llvm.nvvm.rotate.right.b64(i64 %r2, i32 %r1)
  %r4 = call i64 @llvm.nvvm.rotate.b64(i64 %r3, i32 8)
  %r5 = call i64 @llvm.nvvm.swap.lo.hi.b64(i64 %r4)
  %n = sitofp i64 %r5 to double
  %t = fadd double %n, %m
  ret double %t
}

define i8* @memory(i32* %ip, i8* addrspace(1)* %pp, i8* %gp, i8 addrspace(3)* %s) {
  %g1 = call float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)* @g, i32 4)
  %g2 = call i32 @llvm.nvvm.ldg.global.i.i32.p0i32(i32* %ip, i32 8)
  %g3 = call i32 @llvm.nvvm.ldg.global.i.i32.p0i32(i32* @h, i32 4)
  %g4 = call i8* @llvm.nvvm.ldg.global.p.p0i8.p1p0i8(i8* addrspace(1)* %pp, i32 8)
  %p1 = call i8 addrspace(1)* @llvm.nvvm.ptr.gen.to.global.p1i8.p0i8(i8* %g4)
  %p2 = call i8* @llvm.nvvm.ptr.shared.to.gen.p0i8.p3i8(i8 addrspace(3)* %s)
  ret i8* %p2
}

attributes #0 = { nounwind }

!0 = !{i32 1}
