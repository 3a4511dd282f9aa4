; Attribute lists as LLVM 3.2 wrote them (mklegacy turns what llvm-as-13
; makes of this into PARAMATTR_CODE_ENTRY_OLD raw bits): parameter, return
; and function attributes; readnone and readonly on a function become
; memory effects, nocapture captures(none).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i32, [4 x i64] }

declare zeroext i8 @ext(i16 signext, i32 inreg, i8* noalias nocapture, i8* nest)
declare noalias i8* @alloc(i64) nounwind
declare i32 @pure(i32) nounwind readnone
declare i32 @reader(i8* nocapture readonly) nounwind readonly
declare void @attrs() noinline optsize ssp noredzone noimplicitfloat naked noreturn
declare void @attrs2() alwaysinline sspreq inlinehint returns_twice uwtable nonlazybind
declare void @attrs3() sspstrong minsize noduplicate sanitize_address sanitize_thread sanitize_memory cold
declare void @stack() alignstack(16)
declare i8* @ret(i8* returned align 8, i8* readnone) nobuiltin
declare void @sret(%struct.S* sret(%struct.S), %struct.S* byval(%struct.S) align 8)
declare void @rw(i32*) readonly nounwind

; A byval of a variadic argument at a call site takes the argument's
; pointee type.
declare void @va(i32, ...)
define void @callva(%struct.S* %p, i64* %q) {
  call void (i32, ...) @va(i32 1, %struct.S* byval(%struct.S) align 8 %p, i64* byval(i64) %q)
  call void (i32, ...) @va(i32 2, i64* byval(i64) %q)
  ret void
}
