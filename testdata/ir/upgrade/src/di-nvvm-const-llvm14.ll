; llvm.nvvm.ptr.* address-space conversions of constants: LLVM 22 folds
; each call into a constant (an addrspacecast expression; undef and poison
; of the new type) that replaces the call's uses (operands, phis, debug
; values); the call and its name go. Of a constant that is itself an
; addrspacecast, the two casts fold into one, or none.
target triple = "nvptx64-nvidia-cuda"

@h = global i8 0
@s = addrspace(3) global i8 0
@gl = addrspace(1) global i8 0

declare i8 addrspace(1)* @llvm.nvvm.ptr.gen.to.global.p1i8.p0i8(i8*)
declare i8* @llvm.nvvm.ptr.shared.to.gen.p0i8.p3i8(i8 addrspace(3)*)
declare void @use(i8 addrspace(1)*, i8*)
declare void @use2(i8 addrspace(1)*, i8 addrspace(1)*)
declare void @llvm.dbg.value(metadata, metadata, metadata)

define i8 addrspace(1)* @f(i1 %c) !dbg !5 {
entry:
  %p = call i8 addrspace(1)* @llvm.nvvm.ptr.gen.to.global.p1i8.p0i8(i8* @h)
  %g = call i8* @llvm.nvvm.ptr.shared.to.gen.p0i8.p3i8(i8 addrspace(3)* @s), !dbg !9
  call void @llvm.dbg.value(metadata i8* %g, metadata !8, metadata !DIExpression()), !dbg !9
  %n = call i8 addrspace(1)* @llvm.nvvm.ptr.gen.to.global.p1i8.p0i8(i8* null)
  %u = call i8 addrspace(1)* @llvm.nvvm.ptr.gen.to.global.p1i8.p0i8(i8* undef)
  call void @use(i8 addrspace(1)* %n, i8* %g)
  %w = call i8 addrspace(1)* @llvm.nvvm.ptr.gen.to.global.p1i8.p0i8(i8* addrspacecast (i8 addrspace(3)* @s to i8*))
  %x = call i8 addrspace(1)* @llvm.nvvm.ptr.gen.to.global.p1i8.p0i8(i8* addrspacecast (i8 addrspace(1)* @gl to i8*))
  call void @use2(i8 addrspace(1)* %w, i8 addrspace(1)* %x)
  br i1 %c, label %a, label %b

a:
  br label %b

b:
  %r = phi i8 addrspace(1)* [ %p, %entry ], [ %u, %a ]
  ret i8 addrspace(1)* %r
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.cu", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocalVariable(name: "g", scope: !5, file: !1, line: 2, type: !10)
!9 = !DILocation(line: 2, column: 1, scope: !5)
!10 = !DIBasicType(name: "ptr", size: 64, encoding: DW_ATE_address)
