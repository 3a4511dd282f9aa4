; COFF x86-64 MSVC: dllimport ("__imp_"), dllexport (/EXPORT:, quoted,
; ,DATA), linker options, a comdat named by its leader and one whose leader
; is internal, a weak alias's fallback name, "?" names, dependent
; libraries ignored off ELF, __security_cookie.
source_filename = "coff.c"
target datalayout = "e-m:w-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-windows-msvc19.40.0"

$cg = comdat any
$intl = comdat largest
@cg = global i32 0, comdat
@other = global i32 0, comdat($cg)
@intl = internal global i32 0, comdat
@exp = dllexport global i32 1
@imp = external dllimport global i32
@"q?x" = dllexport global i32 2
define dllexport void @ef() { ret void }
define dllexport void @"e f"() { ret void }
declare dllimport void @impf()
define void @f() { ret void }
@wa = weak alias void (), ptr @f
@llvm.used = appending global [1 x ptr] [ptr @f], section "llvm.metadata"
declare ptr @memcpy(ptr, ptr, i64)
declare void @__security_check_cookie(i64)
@__security_cookie = external global i64
declare void @__stack_chk_fail()
define void @"?foo@@YAXXZ"() { ret void }
!llvm.linker.options = !{!0, !1}
!0 = !{!"/DEFAULTLIB:libcmt.lib"}
!1 = !{!"/DEFAULTLIB:oldnames.lib", !"/FOO"}
!llvm.dependent-libraries = !{!2}
!2 = !{!"ignored"}
