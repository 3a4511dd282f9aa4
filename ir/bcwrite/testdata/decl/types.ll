target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Point = type { i32, i32 }
%struct.Node = type { ptr, %struct.Point, [4 x i16] }
%struct.Opaque = type opaque
%packed = type <{ i8, i32 }>
%"name with space" = type { double }

@pt = global %struct.Point { i32 1, i32 -2 }, align 4
@node = internal global %struct.Node zeroinitializer, align 8
@pk = global %packed <{ i8 7, i32 100000 }>
@anon = global { i64, float } { i64 -9223372036854775808, float 1.5 }, align 8
@vec = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>, align 16
@fp = global [3 x double] [double 1.0, double -0.0, double 0x7FF8000000000000]
@h = global half 0xH3C00
@x80 = global x86_fp80 0xK3FFF8000000000000000
@q = global fp128 0xL00000000000000003FFF000000000000
@wide = global i128 170141183460469231731687303715884105727
@wneg = global i128 -5
@u = global i32 undef
@p = global i32 poison
@sp = global %"name with space" { double 2.5 }
@bytes = constant [4 x i8] c"\01\02\03\FF"
@str7 = constant [8 x i8] c"a-b c!\0A\00"
@str6 = constant [6 x i8] c"ab.c_\00"
@arr = global [2 x ptr] [ptr @pt, ptr @node]
@ext = external global %struct.Opaque
@i1s = global [3 x i1] [i1 true, i1 false, i1 true]
@tls = thread_local global i32 0, align 4
@hid = hidden global i32 3, section ".mydata", align 8
@loc = dso_local unnamed_addr constant i32 5
@lua = local_unnamed_addr global i64 9
@ei = externally_initialized global i32 0
@common = common global i32 0, align 4
@weak = weak global i32 1
@lo = linkonce_odr global i32 2
@as = addrspace(1) global i32 7

declare void @v(ptr byval(%struct.Point) align 4, ptr sret(%struct.Node), i32 signext, ptr noalias nocapture readonly dereferenceable(8))
declare fastcc i32 @cc(i32 zeroext) #0
declare x86_stdcallcc void @std() unnamed_addr
declare hidden void @hidf() section ".text.hot" align 16
declare dso_local float @fl(float, double, <2 x float>, ...)
declare noundef nonnull ptr @retattr(ptr nofree)
declare void @mem() memory(argmem: read)
declare void @mem2() memory(none) nounwind willreturn
declare void @strs() "frame-pointer"="all" "no-trapping-math" "target-cpu"="x86-64"
declare i32 @rng(i32 range(i32 0, 10))
declare ptr @al(i64 allocalign, i64) allocsize(1)
declare void @uw() uwtable
declare void @uws() uwtable(sync)
declare void @vs() vscale_range(1,16)
declare void @fpc(float nofpclass(nan inf))
declare ptr addrspace(1) @asf(ptr addrspace(1))

attributes #0 = { noinline nounwind optnone "target-features"="+sse2" }
