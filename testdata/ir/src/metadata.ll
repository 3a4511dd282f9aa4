; Metadata without debug info: strings (with escapes), tuples, distinct
; nodes, null operands, values as metadata, function-local metadata, named
; metadata, module flags, and attachments on globals, functions and
; instructions (standard and custom kinds).
source_filename = "metadata.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g1 = global i32 0, !custom !0, !type !1
@g2 = global i32 0, !type !1, !type !2, !absolute_symbol !3
@g3 = external global i32, !custom !4
@g4 = global [2 x ptr] zeroinitializer, !associated !5
@g5 = global i32 1, !exclude !{}

declare void @llvm.foo(metadata)
declare void @llvm.experimental.noalias.scope.decl(metadata)
declare i64 @llvm.read_register.i64(metadata)
declare !custom !6 void @ext()

define i32 @attachments(ptr %p, ptr %q, i32 %x) !prof !7 !custom !8 !section_prefix !9 {
entry:
  %a = load i32, ptr %p, align 4, !tbaa !10, !range !14, !noundef !{}
  %b = load ptr, ptr %q, align 8, !nonnull !{}, !align !15, !dereferenceable !16, !dereferenceable_or_null !16
  %c = load i32, ptr %p, align 4, !invariant.load !{}, !alias.scope !17, !noalias !20
  store i32 %a, ptr %q, align 4, !nontemporal !21, !tbaa !10
  %d = add i32 %a, %x, !custom !22, !annotation !23
  call void @ext(), !srcloc !24, !callees !25
  call void @llvm.experimental.noalias.scope.decl(metadata !17)
  %r = call i64 @llvm.read_register.i64(metadata !26)
  %cmp = icmp sgt i32 %d, 0
  br i1 %cmp, label %loop, label %exit, !prof !27

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %x
  br i1 %done, label %exit, label %loop, !llvm.loop !28

exit:
  ret i32 %c, !custom.ret !31
}

; Function-local metadata: values of the function as metadata arguments.
define void @local.md(i32 %arg, ptr %p) {
  %v = add i32 %arg, 1
  call void @llvm.foo(metadata i32 %arg)
  call void @llvm.foo(metadata i32 %v)
  call void @llvm.foo(metadata ptr %p)
  call void @llvm.foo(metadata i32 7)
  call void @llvm.foo(metadata ptr @g1)
  call void @llvm.foo(metadata !"string")
  call void @llvm.foo(metadata !{})
  call void @llvm.foo(metadata !32)
  call void @llvm.foo(metadata !{i32 1, !"inline"})
  call void @llvm.foo(metadata ptr poison)
  ret void
}

!llvm.module.flags = !{!40, !41, !42, !43, !44, !45, !46}
!llvm.ident = !{!47}
!named.empty = !{}
!named.multi = !{!0, !0, !32}
!llvm.linker.options = !{!48}
!llvm.dependent-libraries = !{!49}
!named.with.escapes\41 = !{!50}
!llvm.commandline = !{!51}

!0 = !{!"custom string"}
!1 = !{i64 0, !"_ZTS1A"}
!2 = !{i64 16, !"typeid2"}
!3 = !{i64 0, i64 256}
!4 = distinct !{}
!5 = !{ptr @g1}
!6 = !{!"on a declaration"}
!7 = !{!"function_entry_count", i64 1000}
!8 = distinct !{!8, !"self reference"}
!9 = !{!"function_section_prefix", !"hot"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C/C++ TBAA"}
!14 = !{i32 0, i32 10, i32 20, i32 30}
!15 = !{i64 8}
!16 = !{i64 16}
!17 = !{!18}
!18 = distinct !{!18, !19, !"scope A"}
!19 = distinct !{!19, !"domain"}
!20 = !{!18, !30}
!21 = !{i32 1}
!22 = !{null, !"", i1 true, i8 -1, i128 12345678901234567890, float 1.5, double 0x7FF8000000000000, ptr null, <2 x i32> <i32 1, i32 2>, [2 x i8] c"ab", { i32 } { i32 3 }}
!23 = !{!"annotation one", !"annotation two"}
!24 = !{i64 12345}
!25 = !{ptr @ext, ptr @attachments}
!26 = !{!"rsp\00"}
!27 = !{!"branch_weights", i32 10, i32 90}
!28 = distinct !{!28, !29, !{!"llvm.loop.unroll.count", i32 4}}
!29 = !{!"llvm.loop.mustprogress"}
!30 = distinct !{!30, !19}
!31 = !{!"escapes: \00\01\0A\22\5C\7F\80\FF tab\09 end"}
!32 = !{!33, !34}
!33 = !{!32}
!34 = !{!"", !{!"nested anonymous"}}
!40 = !{i32 1, !"wchar_size", i32 4}
!41 = !{i32 7, !"PIC Level", i32 2}
!42 = !{i32 7, !"PIE Level", i32 2}
!43 = !{i32 8, !"uwtable", i32 2}
!44 = !{i32 2, !"frame-pointer", i32 2}
!45 = !{i32 8, !"min flag", i32 1}
!46 = !{i32 6, !"appended", !{!"a", !"b"}}
!47 = !{!"clang version 22.1.8"}
!48 = !{!"-lfoo", !"/DEFAULTLIB:bar"}
!49 = !{!"libdep"}
!50 = !{i32 42}
!51 = !{!"clang -cc1 -emit-llvm"}
