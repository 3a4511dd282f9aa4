; Constants of every kind: integers, null, zeroinitializer, undef, poison,
; none, data arrays and strings (c"..." and escapes), aggregates, vectors and
; splats, blockaddress, dso_local_equivalent, no_cfi, ptrauth.
source_filename = "constants.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.T = type { i8, i16, ptr, [2 x float] }
%struct.P = type <{ i8, i64 }>

@i.zero = global i32 0
@i.neg = global i64 -9223372036854775808
@i.max = global i64 9223372036854775807
@i.true = global i1 true
@i.false = global i1 false
@i.wide.neg = global i128 -170141183460469231731687303715884105728
@i.wide.pos = global i256 115792089237316195423570985008687907853269984665640564039457584007913129639935

@null = global ptr null
@null.as = global ptr addrspace(4) null
@zero.struct = global %struct.T zeroinitializer
@zero.arr = global [100 x i64] zeroinitializer
@zero.vec = global <4 x float> zeroinitializer
@zero.i = global i32 zeroinitializer
@undef.i = global i32 undef
@undef.s = global %struct.T undef
@poison.i = global i32 poison
@poison.v = global <2 x i64> poison
@poison.arr = global [2 x i8] poison
@mixed.undef = global { i32, i32 } { i32 undef, i32 poison }
@vec.undef.elts = global <4 x i32> <i32 1, i32 undef, i32 poison, i32 4>

@str = global [13 x i8] c"Hello world!\00"
@str.nonul = global [5 x i8] c"abcde"
@str.escapes = global [12 x i8] c"\00\01\09\0A\22\5C\7F\80\FF~ \1F"
@str.allzero = global [4 x i8] c"\00\00\00\00"
@str.zero.init = global [4 x i8] zeroinitializer
@data.i16 = global [3 x i16] [i16 1, i16 -2, i16 3]
@data.i32 = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@data.i64 = global [2 x i64] [i64 -1, i64 9223372036854775807]
@data.half = global [2 x half] [half 0xH3C00, half 0xH7C00]
@data.bfloat = global [2 x bfloat] [bfloat 0xR3F80, bfloat 0xR0000]
@data.float = global [3 x float] [float 1.0, float 0x3FB99999A0000000, float -0.0]
@data.double = global [2 x double] [double 1.0e100, double 0x7FF8000000000000]
@data.same = global [4 x i32] [i32 7, i32 7, i32 7, i32 7]
@data.vec.i8 = global <4 x i8> <i8 1, i8 2, i8 3, i8 4>
@data.vec.same = global <4 x i32> <i32 5, i32 5, i32 5, i32 5>
@data.vec.f = global <2 x double> <double 1.5, double 2.5>
@splat.i = global <8 x i16> splat (i16 3)
@splat.f = global <4 x float> splat (float 2.0)
@splat.p = global <2 x ptr> splat (ptr @i.zero)
@arr.i1 = global [3 x i1] [i1 true, i1 false, i1 true]
@arr.i7 = global [2 x i7] [i7 1, i7 -1]
@arr.i128 = global [2 x i128] [i128 1, i128 -1]
@arr.ptr = global [3 x ptr] [ptr @i.zero, ptr null, ptr @str]
@arr.struct = global [2 x %struct.P] [%struct.P <{ i8 1, i64 2 }>, %struct.P zeroinitializer]
@arr.nested = global [2 x [2 x i8]] [[2 x i8] c"ab", [2 x i8] c"cd"]
@arr.empty = global [0 x i8] zeroinitializer
@arr.x86fp80 = global [1 x x86_fp80] [x86_fp80 0xK4000C000000000000000]
@struct.T.val = global %struct.T { i8 1, i16 2, ptr @str, [2 x float] [float 1.0, float 2.0] }
@struct.literal = global { ptr, i32, { i8 } } { ptr @struct.literal, i32 3, { i8 } { i8 4 } }
@vec.ptrs = global <2 x ptr> <ptr @i.zero, ptr null>
@vec.i1 = global <8 x i1> <i1 true, i1 false, i1 true, i1 true, i1 false, i1 false, i1 true, i1 false>

@ba = global ptr blockaddress(@has.blocks, %target)
@ba2 = global [2 x ptr] [ptr blockaddress(@has.blocks, %other), ptr blockaddress(@has.blocks, %target)]
@dle = global ptr dso_local_equivalent @ext.fn
@dle2 = global ptr dso_local_equivalent @has.blocks
@nocfi = global ptr no_cfi @ext.fn
@pa = global ptr ptrauth (ptr @ext.fn, i32 0)
@pa2 = global ptr ptrauth (ptr @ext.fn, i32 2, i64 1234)
@pa3 = global ptr ptrauth (ptr @ext.fn, i32 1, i64 0, ptr @pa3)
@pa4 = global ptr ptrauth (ptr @ext.fn, i32 3, i64 5, ptr null, ptr @pa4)

declare void @ext.fn()

define void @has.blocks(i1 %c) {
entry:
  br i1 %c, label %target, label %other
target:
  ret void
other:
  %b = call ptr @self(ptr blockaddress(@has.blocks, %other))
  ret void
}

declare ptr @self(ptr)

define <4 x i32> @in.function(ptr %p) {
  store { i32, float } { i32 1, float 2.0 }, ptr %p
  store [2 x i8] c"xy", ptr %p
  store <4 x i32> splat (i32 -1), ptr %p
  store i32 undef, ptr %p
  store i32 poison, ptr %p
  store %struct.T zeroinitializer, ptr %p
  store ptr dso_local_equivalent @ext.fn, ptr %p
  store ptr no_cfi @ext.fn, ptr %p
  store ptr ptrauth (ptr @ext.fn, i32 0), ptr %p
  store ptr blockaddress(@has.blocks, %target), ptr %p
  store <vscale x 4 x i32> splat (i32 1), ptr %p
  store <vscale x 2 x float> splat (float 1.5), ptr %p
  store <vscale x 2 x i64> poison, ptr %p
  store <vscale x 2 x i64> undef, ptr %p
  store target("spirv.Event") zeroinitializer, ptr %p
  store target("spirv.Event") poison, ptr %p
  store <2 x i8> <i8 1, i8 poison>, ptr %p
  ret <4 x i32> <i32 0, i32 1, i32 2, i32 3>
}

declare void @llvm.fake.use(...)

define void @tok() {
  call void (...) @llvm.fake.use(token none)
  ret void
}
