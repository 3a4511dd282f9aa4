; The module-level records of LLVM 3.x writers (mklegacy rewrites what
; llvm-as-13 makes of this): global variables, functions and aliases that
; give their pointer type only, comdats that name themselves, names in the
; value symbol table, old function type records.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$cd = comdat any
$cl = comdat largest

%struct.S = type { i32, i8* }
%opaque = type opaque

@g0 = global i32 7, align 4
@g1 = internal constant [3 x i8] c"abc", section ".rodata.x", align 1
@g2 = external global %struct.S
@g3 = addrspace(1) global i64 0, align 8
@g4 = thread_local global i32* @g0, comdat($cd)
@g5 = weak_odr unnamed_addr global { i32, %struct.S* } zeroinitializer, comdat($cl)
@g6 = private global %opaque* null
@fp = global void (i32)* @f1
@0 = global i16 3
@g7 = linkonce_odr local_unnamed_addr constant [2 x void (i32)*] [void (i32)* @f1, void (i32)* null]
@g8 = external addrspace(3) global [4 x float]

@a0 = alias i32, i32* @g0
@a1 = internal alias i64, i64 addrspace(1)* @g3
@a2 = weak hidden alias i16, i16* @0
@a3 = alias i8, getelementptr (i8, i8* bitcast (i32* @g0 to i8*), i64 2)

declare void @f1(i32)
declare i32 @f2(i8*, ...)
declare i8* @f3(i64)
declare fastcc void @f4(%struct.S*)
declare extern_weak void @f5()
declare { i32, i32 } @f6(<4 x float>, [2 x %struct.S*])

; Weak and linkonce objects with LLVM 3.x's linkage codes and no comdat
; field: each gets a comdat of its name (on ELF, not on Mach-O).
@w1 = weak global i32 1
@wo = weak_odr global i32 3
@lo = linkonce global i32 2
define linkonce_odr i32 @lf() {
  ret i32 0
}
