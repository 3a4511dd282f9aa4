; ARC runtime calls (UpgradeARCRuntime): clang.arc.use always becomes
; llvm.objc.clang.arc.use; with the old named-metadata marker, the marker
; becomes a module flag and objc_* calls become llvm.objc.* calls. A call
; whose types do not fit, or another use, keeps the old function.
target triple = "x86_64-apple-macosx10.15.0"

@keep = global i8* bitcast (void (i8*)* @objc_destroyWeak to i8*)

declare void @clang.arc.use(...)
declare i8* @objc_retain(i8*)
declare void @objc_release(i8*)
declare void @objc_destroyWeak(i8*)
declare i64 @objc_autorelease(i8*)
declare i8* @objc_autoreleasePoolPush()
declare void @objc_storeStrong(i8**, i8*)

define void @f(i8* %p, i8** %q) {
  %r = call i8* @objc_retain(i8* %p) nounwind, !prof !1
  call void (...) @clang.arc.use(i8* %p, i8* %r)
  tail call void @objc_release(i8* %r) nounwind
  %a = call i64 @objc_autorelease(i8* %p)
  %pool = notail call i8* @objc_autoreleasePoolPush()
  call void @objc_storeStrong(i8** %q, i8* %pool)
  call void @objc_destroyWeak(i8* %p)
  ret void
}

!clang.arc.retainAutoreleasedReturnValueMarker = !{!0}
!0 = !{!"mov\09fp, fp\09\09# marker for objc_retainAutoreleaseReturnValue"}
!1 = !{!"branch_weights", i32 1}
