; Memory instructions: alloca (count, align, address space, inalloca,
; swifterror), load/store (volatile, align, atomic orderings, syncscope),
; getelementptr (inbounds/nusw/nuw, vector), fence, cmpxchg (weak,
; volatile, both orderings), atomicrmw with every operation.
source_filename = "instr-memory.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i32, [4 x i16], { i8, ptr } }

declare void @use(...)

define void @allocas(i32 %n) {
  %a = alloca i32
  %b = alloca i32, align 16
  %c = alloca i32, i32 4
  %d = alloca i32, i32 %n, align 8
  %e = alloca [16 x i8], align 1
  %f = alloca %struct.S, i64 2
  %g = alloca i64, addrspace(5)
  %h = alloca i64, i16 3, align 4, addrspace(5)
  %i = alloca inalloca i32
  %j = alloca swifterror ptr
  %k = alloca <vscale x 4 x i32>
  %l = alloca i8, i128 1
  %m = alloca i1, align 4294967296
  call void (...) @use(ptr %a, ptr %b, ptr %c, ptr %d, ptr %e, ptr %f, ptr addrspace(5) %g, ptr addrspace(5) %h, ptr %i, ptr %k, ptr %l, ptr %m)
  ret void
}

define void @loads.stores(ptr %p, ptr addrspace(1) %q) {
  %l1 = load i32, ptr %p
  %l2 = load i32, ptr %p, align 1
  %l3 = load volatile i32, ptr %p, align 4
  %l4 = load i64, ptr addrspace(1) %q, align 8
  %l5 = load <4 x float>, ptr %p, align 16
  %l6 = load %struct.S, ptr %p, align 8
  %l7 = load ptr, ptr %p
  %l8 = load i1, ptr %p
  %l9 = load i24, ptr %p
  store i32 %l1, ptr %p
  store i32 1, ptr %p, align 1
  store volatile i32 %l3, ptr %p, align 4
  store i64 %l4, ptr addrspace(1) %q, align 8
  store <4 x float> %l5, ptr %p, align 16
  store %struct.S %l6, ptr %p
  store ptr %l7, ptr %p
  store i1 %l8, ptr %p
  ret void
}

define void @atomics(ptr %p, ptr addrspace(3) %lds) {
  %a1 = load atomic i32, ptr %p unordered, align 4
  %a2 = load atomic i32, ptr %p monotonic, align 4
  %a3 = load atomic i32, ptr %p acquire, align 4
  %a4 = load atomic i32, ptr %p seq_cst, align 4
  %a5 = load atomic volatile i64, ptr %p syncscope("singlethread") acquire, align 8
  %a6 = load atomic float, ptr %p syncscope("agent") seq_cst, align 4
  %a7 = load atomic ptr, ptr %p monotonic, align 8
  store atomic i32 1, ptr %p unordered, align 4
  store atomic i32 2, ptr %p monotonic, align 4
  store atomic i32 3, ptr %p release, align 4
  store atomic i32 4, ptr %p seq_cst, align 4
  store atomic volatile i32 5, ptr %p syncscope("singlethread") release, align 4
  store atomic i32 6, ptr addrspace(3) %lds syncscope("workgroup") seq_cst, align 4
  fence acquire
  fence release
  fence acq_rel
  fence seq_cst
  fence syncscope("singlethread") seq_cst
  fence syncscope("wavefront") acquire
  %x1 = cmpxchg ptr %p, i32 0, i32 1 monotonic monotonic
  %x2 = cmpxchg ptr %p, i32 0, i32 1 acquire acquire, align 4
  %x3 = cmpxchg ptr %p, i32 0, i32 1 release monotonic
  %x4 = cmpxchg ptr %p, i32 0, i32 1 acq_rel acquire
  %x5 = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
  %x6 = cmpxchg weak ptr %p, i32 0, i32 1 seq_cst monotonic
  %x7 = cmpxchg volatile ptr %p, i64 0, i64 1 seq_cst acquire, align 16
  %x8 = cmpxchg weak volatile ptr %p, ptr null, ptr %p syncscope("singlethread") monotonic monotonic, align 8
  %x9 = cmpxchg ptr %p, i128 0, i128 1 seq_cst seq_cst, align 16
  %x1.v = extractvalue { i32, i1 } %x1, 0
  %x1.ok = extractvalue { i32, i1 } %x1, 1
  %r1 = atomicrmw xchg ptr %p, i32 1 monotonic
  %r2 = atomicrmw add ptr %p, i32 1 acquire
  %r3 = atomicrmw sub ptr %p, i32 1 release
  %r4 = atomicrmw and ptr %p, i32 1 acq_rel
  %r5 = atomicrmw nand ptr %p, i32 1 seq_cst
  %r6 = atomicrmw or ptr %p, i32 1 seq_cst
  %r7 = atomicrmw xor ptr %p, i32 1 seq_cst
  %r8 = atomicrmw max ptr %p, i32 1 seq_cst
  %r9 = atomicrmw min ptr %p, i32 1 seq_cst
  %r10 = atomicrmw umax ptr %p, i32 1 seq_cst
  %r11 = atomicrmw umin ptr %p, i32 1 seq_cst
  %r12 = atomicrmw fadd ptr %p, float 1.0 seq_cst
  %r13 = atomicrmw fsub ptr %p, double 1.0 seq_cst
  %r14 = atomicrmw fmax ptr %p, float 1.0 seq_cst
  %r15 = atomicrmw fmin ptr %p, float 1.0 seq_cst
  %r16 = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst
  %r17 = atomicrmw udec_wrap ptr %p, i32 1 seq_cst
  %r18 = atomicrmw usub_cond ptr %p, i32 1 seq_cst
  %r19 = atomicrmw usub_sat ptr %p, i32 1 seq_cst
  %r20 = atomicrmw fmaximum ptr %p, float 1.0 seq_cst
  %r21 = atomicrmw fminimum ptr %p, float 1.0 seq_cst
  %r22 = atomicrmw volatile xchg ptr %p, ptr null syncscope("singlethread") monotonic, align 8
  %r23 = atomicrmw fadd ptr %p, <2 x half> <half 0xH3C00, half 0xH3C00> seq_cst, align 4
  %r24 = atomicrmw add ptr %p, i64 1 seq_cst, align 16
  %r25 = atomicrmw xchg ptr %p, float 1.0 monotonic
  %r26 = atomicrmw fadd ptr addrspace(3) %lds, float 1.0 syncscope("agent-one-as") monotonic, align 4
  ret void
}

define void @geps(ptr %p, i64 %i, <2 x ptr> %vp, <2 x i64> %vi, i32 %j) {
  %g1 = getelementptr i32, ptr %p, i64 %i
  %g2 = getelementptr inbounds i32, ptr %p, i64 %i
  %g3 = getelementptr nusw i32, ptr %p, i64 %i
  %g4 = getelementptr nuw i32, ptr %p, i64 %i
  %g5 = getelementptr nusw nuw i32, ptr %p, i64 %i
  %g6 = getelementptr inbounds nuw i32, ptr %p, i64 %i
  %g7 = getelementptr %struct.S, ptr %p, i64 %i, i32 1, i64 2
  %g8 = getelementptr inbounds %struct.S, ptr %p, i32 0, i32 2, i32 1
  %g9 = getelementptr i8, ptr %p, i32 %j
  %g10 = getelementptr i32, <2 x ptr> %vp, <2 x i64> %vi
  %g11 = getelementptr i32, ptr %p, <2 x i64> %vi
  %g12 = getelementptr i32, <2 x ptr> %vp, i64 1
  %g13 = getelementptr [4 x i32], ptr %p
  %g14 = getelementptr <vscale x 4 x i32>, ptr %p, i64 1
  %g15 = getelementptr i8, ptr %p, i128 5
  call void (...) @use(ptr %g1, ptr %g2, ptr %g3, ptr %g4, ptr %g5, ptr %g6, ptr %g7, ptr %g8, ptr %g9, <2 x ptr> %g10, <2 x ptr> %g11, <2 x ptr> %g12, ptr %g13, ptr %g14, ptr %g15)
  ret void
}
