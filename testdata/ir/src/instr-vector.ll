; Vector and aggregate instructions: extractelement, insertelement,
; shufflevector (fixed and scalable, poison and undef masks), extractvalue,
; insertvalue with nested indices, and vector intrinsics.
source_filename = "instr-vector.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.A = type { i32, { float, [2 x i8] }, ptr }

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare <4 x float> @llvm.masked.load.v4f32.p0(ptr, i32 immarg, <4 x i1>, <4 x float>)
declare <vscale x 4 x i32> @llvm.vector.splice.nxv4i32(<vscale x 4 x i32>, <vscale x 4 x i32>, i32 immarg)
declare i64 @llvm.vscale.i64()

define void @vectors(<4 x i32> %v, <4 x i32> %w, i32 %x, i64 %i, <vscale x 4 x i32> %s, ptr %p, <4 x i1> %m) {
  %e1 = extractelement <4 x i32> %v, i32 0
  %e2 = extractelement <4 x i32> %v, i64 %i
  %e3 = extractelement <vscale x 4 x i32> %s, i32 3
  %i1 = insertelement <4 x i32> %v, i32 %x, i32 1
  %i2 = insertelement <4 x i32> poison, i32 %x, i64 0
  %i3 = insertelement <vscale x 4 x i32> %s, i32 %x, i64 %i
  %sh1 = shufflevector <4 x i32> %v, <4 x i32> %w, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %sh2 = shufflevector <4 x i32> %v, <4 x i32> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 poison, i32 poison, i32 0, i32 0>
  %sh3 = shufflevector <4 x i32> %i2, <4 x i32> poison, <4 x i32> zeroinitializer
  %sh4 = shufflevector <4 x i32> %v, <4 x i32> undef, <2 x i32> <i32 3, i32 undef>
  %sh5 = shufflevector <4 x i32> %v, <4 x i32> %w, <4 x i32> poison
  %sh6 = shufflevector <vscale x 4 x i32> %i3, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  %sh7 = shufflevector <vscale x 4 x i32> %s, <vscale x 4 x i32> poison, <vscale x 4 x i32> poison
  %sh8 = shufflevector <4 x i32> %v, <4 x i32> %w, <1 x i32> <i32 7>
  %r = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %sh1)
  %ml = call <4 x float> @llvm.masked.load.v4f32.p0(ptr %p, i32 4, <4 x i1> %m, <4 x float> zeroinitializer)
  %sp = call <vscale x 4 x i32> @llvm.vector.splice.nxv4i32(<vscale x 4 x i32> %s, <vscale x 4 x i32> %sh6, i32 -1)
  %vs = call i64 @llvm.vscale.i64()
  ret void
}

define %struct.A @aggregates(%struct.A %a, { i32, i64 } %b, [3 x i16] %c, i8 %x) {
  %ev1 = extractvalue %struct.A %a, 0
  %ev2 = extractvalue %struct.A %a, 1, 1, 0
  %ev3 = extractvalue %struct.A %a, 1
  %ev4 = extractvalue { i32, i64 } %b, 1
  %ev5 = extractvalue [3 x i16] %c, 2
  %ev6 = extractvalue { i32, { i8, [2 x <2 x i8>] } } { i32 1, { i8, [2 x <2 x i8>] } zeroinitializer }, 1, 1, 0
  %iv1 = insertvalue %struct.A %a, i32 5, 0
  %iv2 = insertvalue %struct.A %iv1, i8 %x, 1, 1, 1
  %iv3 = insertvalue %struct.A undef, ptr null, 2
  %iv4 = insertvalue [3 x i16] poison, i16 %ev5, 0
  %iv5 = insertvalue { i32, i64 } %b, i64 7, 1
  ret %struct.A %iv2
}
