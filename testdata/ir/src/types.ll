; Every kind of type: integers of odd widths, all FP types, pointers in
; address spaces, fixed and scalable vectors, arrays, literal, identified,
; packed, opaque and numbered struct types, function types with varargs,
; label, metadata, token, x86_amx and target extension types.
source_filename = "types.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.pair = type { i32, ptr }
%struct.packed = type <{ i8, i32, i16 }>
%struct.opaque = type opaque
%struct.nested = type { %struct.pair, [4 x %struct.packed], { i1, <2 x float> } }
%struct.recursive = type { ptr, %struct.recursive* }
%0 = type { i64, i64 }
%1 = type { %0, i8 }
%"struct.quoted name" = type { double }
%struct.empty = type {}
%struct.packedempty = type <{}>
%struct.unused = type { i7 }
%struct.scalable = type { <vscale x 4 x i32>, <vscale x 2 x double> }

@i1 = global i1 true
@i2 = global i2 -1
@i7 = global i7 63
@i8 = global i8 -128
@i16 = global i16 32767
@i24 = global i24 8388607
@i31 = global i31 1
@i33 = global i33 -4294967296
@i48 = global i48 140737488355327
@i63 = global i63 -1
@i65 = global i65 18446744073709551616
@i100 = global i100 -633825300114114700748351602688
@i128 = global i128 170141183460469231731687303715884105727
@i129 = global i129 -1
@i256 = global i256 57896044618658097711785492504343953926634992332820282019728792003956564819967
@i512 = global i512 -2
@i1000 = global i1000 12345678901234567890123456789012345678901234567890

@half = global half 0xH3C00
@bfloat = global bfloat 0xR3F80
@float = global float 1.5
@double = global double 2.5
@x86_fp80 = global x86_fp80 0xK3FFF8000000000000000
@fp128 = global fp128 0xL00000000000000003FFF000000000000
@ppc_fp128 = global ppc_fp128 0xM3FF00000000000000000000000000000

@p0 = global ptr null
@p1 = global ptr addrspace(1) null
@p3 = global ptr addrspace(3) null
@p270 = global ptr addrspace(270) null
@p99 = addrspace(99) global ptr addrspace(42) null

@v1 = global <1 x i64> <i64 7>
@v4i32 = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>
@v3i1 = global <3 x i1> <i1 true, i1 false, i1 true>
@v2p = global <2 x ptr> zeroinitializer
@v8half = global <8 x half> zeroinitializer
@v2bf = global <2 x bfloat> zeroinitializer
@v16i8 = global <16 x i8> zeroinitializer

@a0 = global [0 x i32] zeroinitializer
@a2 = global [2 x [3 x i16]] [[3 x i16] [i16 1, i16 2, i16 3], [3 x i16] zeroinitializer]
@apairs = global [2 x %struct.pair] zeroinitializer

@s.pair = global %struct.pair { i32 1, ptr @s.pair }
@s.packed = global %struct.packed <{ i8 1, i32 2, i16 3 }>
@s.nested = global %struct.nested zeroinitializer
@s.rec = global %struct.recursive zeroinitializer
@s.n0 = global %0 { i64 1, i64 2 }
@s.n1 = global %1 zeroinitializer
@s.q = global %"struct.quoted name" zeroinitializer
@s.empty = global %struct.empty zeroinitializer
@s.pempty = global %struct.packedempty zeroinitializer
@s.lit = global { i32, { i8, ptr }, <{ i16, i16 }> } { i32 1, { i8, ptr } { i8 2, ptr null }, <{ i16, i16 }> <{ i16 3, i16 4 }> }
@s.opaqueptr = external global %struct.opaque

@t.ext = external global target("spirv.DeviceEvent")

declare void @f.void()
declare i32 @f.varargs(ptr, ...)
declare void @f.onlyvarargs(...)
declare { i32, i64 } @f.retstruct(%struct.pair, [2 x i8], <4 x float>)
declare <vscale x 4 x i32> @f.scalable(<vscale x 4 x i32>, <vscale x 16 x i1>, <vscale x 1 x i64>, <vscale x 2 x ptr>)
declare <vscale x 8 x bfloat> @f.scalable.bf(<vscale x 8 x half>)
declare x86_amx @llvm.x86.cast.vector.to.tile.v256i32(<256 x i32>)
declare <256 x i32> @llvm.x86.cast.tile.to.vector.v256i32(x86_amx)
declare void @llvm.experimental.noalias.scope.decl(metadata)
declare token @llvm.experimental.convergence.entry()
declare void @f.target(target("spirv.Image", void, 1, 1, 0, 0, 0, 0, 0), target("aarch64.svcount"), target("amdgcn.named.barrier", 0), target("x"))
declare target("riscv.vector.tuple", <vscale x 8 x i8>, 2) @f.tuple()
declare ptr addrspace(5) @f.as(ptr addrspace(1), ptr addrspace(3))
declare i128 @f.wide(i256, i1, i9, i127)
declare x86_fp80 @f.fp(half, bfloat, float, double, x86_fp80, fp128, ppc_fp128)
declare %struct.opaque* @f.opaque(ptr)

define i32 @uses.label(i1 %c) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  br i1 %c, label %a, label %b
a:
  %amx = call x86_amx @llvm.x86.cast.vector.to.tile.v256i32(<256 x i32> zeroinitializer)
  %back = call <256 x i32> @llvm.x86.cast.tile.to.vector.v256i32(x86_amx %amx)
  call void @llvm.experimental.noalias.scope.decl(metadata !0)
  ret i32 1
b:
  %l = load <vscale x 4 x i32>, ptr null
  %e = extractelement <vscale x 4 x i32> %l, i32 0
  ret i32 %e
}

!0 = !{!1}
!1 = distinct !{!1, !2, !"scope"}
!2 = distinct !{!2, !"domain"}
