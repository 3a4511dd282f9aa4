; Aliases: of a GEP, of an alias, of a ptrtoint/add expression, of an
; ifunc; aliases to a comdat member and to a sectioned global; unnamed
; globals; available_externally; ifunc with a resolver in a comdat.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-freebsd14.0"

$c = comdat any
@arr = global [4 x i32] zeroinitializer, section "data_sec", comdat($c)
@a1 = alias i32, getelementptr (i8, ptr @arr, i64 4)
@a2 = alias i32, ptr @a1
@a3 = internal alias i32, inttoptr (i64 add (i64 ptrtoint (ptr @arr to i64), i64 8) to ptr)
@a4 = protected alias void (), ptr @if
@a5 = linkonce_odr hidden alias i32, ptr @arr
@if = ifunc void (), ptr @resolve
define ptr @resolve() comdat($c) { ret ptr null }
@0 = private unnamed_addr constant [3 x i8] c"hi\00"
@1 = internal global ptr @0
define private void @2() { ret void }
@ae = available_externally constant i32 1
define available_externally i32 @aef() { ret i32 0 }
@lou = linkonce_odr unnamed_addr constant i32 1
@lol = linkonce_odr local_unnamed_addr global i32 1
@tls = hidden thread_local(initialexec) global i32 0
@cm = common global { i8, i64 } zeroinitializer, align 8
@__ssp_canary_word = external global i64
@__stack_chk_guard = external global i64
