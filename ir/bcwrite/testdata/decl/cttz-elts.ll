; llvm.experimental.cttz.elts (LLVM 19), as LLVM 22's loop vectorizer
; makes it for a loop that may exit early: a count wider than the vector
; (i64 of <4 x i1>), one as wide (i8 of <8 x i1>), zero poison or not;
; llvm.cttz is not declared.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i64 @wide(<4 x i1> %m) {
  %r = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %m, i1 false)
  ret i64 %r
}

define i8 @same(<8 x i1> %m) {
  %r = call i8 @llvm.experimental.cttz.elts.i8.v8i1(<8 x i1> %m, i1 true)
  ret i8 %r
}

declare i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1>, i1 immarg)
declare i8 @llvm.experimental.cttz.elts.i8.v8i1(<8 x i1>, i1 immarg)
