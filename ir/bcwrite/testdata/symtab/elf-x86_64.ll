; ELF x86-64: every linkage and flag of the table (defined, declared,
; internal, private, weak, linkonce_odr, common, extern_weak,
; available_externally, tls, hidden, protected, unnamed_addr), sections,
; llvm.used and llvm.compiler.used, comdats, aliases, an ifunc, unnamed
; globals, an intrinsic, runtime library calls (memcpy, __stack_chk_guard).
source_filename = "elf.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$grp = comdat any
$cd2 = comdat largest

@g = global i32 1, align 4
@ext = external global i32
@priv = private constant [4 x i8] c"abc\00"
@intl = internal global i64 0
@wk = weak global i32 0
@lo = linkonce_odr constant i32 5
@lou = linkonce_odr unnamed_addr global i32 5
@lol = linkonce_odr local_unnamed_addr constant i32 5
@cm = common global [10 x i32] zeroinitializer, align 16
@cm2 = common global i64 0
@tls = thread_local global i32 0
@hid = hidden global i32 0
@prot = protected global i32 0
@ua = unnamed_addr global i32 0
@sec = global i32 0, section ".mysec"
@cg = global i32 0, comdat($grp)
@cg2 = global i32 0, comdat($cd2)
@ew = extern_weak global i32
@ae = available_externally global i32 3
@llvm.used = appending global [1 x ptr] [ptr @g], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @intl], section "llvm.metadata"
@meta = global i32 0, section "llvm.metadata"
@0 = global i32 7
@1 = private global i32 8

@al = alias i32, ptr @g
@wal = weak alias i32, ptr @g
@alf = alias void (), ptr @f
@if = ifunc void (), ptr @resolver

define void @f() section ".text.f" comdat($grp) {
  call void @llvm.memcpy.p0.p0.i64(ptr @g, ptr @intl, i64 4, i1 false)
  ret void
}
define internal ptr @resolver() {
  ret ptr @f
}
define private void @pf() { ret void }
define linkonce_odr hidden void @lf() { ret void }
declare void @decl()
declare extern_weak void @dw()
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare ptr @memcpy(ptr, ptr, i64)
declare ptr @memset(ptr, i32, i64)
declare i32 @__stack_chk_fail()
declare void @abort()
declare float @sqrtf(float)
@__stack_chk_guard = external global ptr
define void @"\01raw"() { ret void }
