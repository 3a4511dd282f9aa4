; NVVM rewrites keep the !dbg location of the call on every instruction
; they make, and the debug records before it.
target triple = "nvptx64-nvidia-cuda"
@g = addrspace(1) global float 0.0
@h = global i32 0
declare float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)*, i32)
declare i32 @llvm.nvvm.ldg.global.i.i32.p0i32(i32*, i32)
declare i64 @llvm.nvvm.rotate.b64(i64, i32)
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32*, i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare void @llvm.dbg.value(metadata, metadata, metadata)
define i64 @f(i64 %l, i32 %x) !dbg !5 {
  %a = call float @llvm.nvvm.ldg.global.f.f32.p1f32(float addrspace(1)* @g, i32 4), !dbg !9
  call void @llvm.dbg.value(metadata float %a, metadata !10, metadata !DIExpression()), !dbg !9
  %b = call i32 @llvm.nvvm.ldg.global.i.i32.p0i32(i32* @h, i32 4), !dbg !9
  call void @llvm.dbg.value(metadata i32 %b, metadata !10, metadata !DIExpression()), !dbg !9
  %r = call i64 @llvm.nvvm.rotate.b64(i64 %l, i32 8), !dbg !11
  call void @llvm.nvvm.barrier0(), !dbg !11
  call void @llvm.dbg.value(metadata i64 %r, metadata !10, metadata !DIExpression()), !dbg !9
  %i = call i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* @h, i32 %x), !dbg !11
  %c = call i32 @llvm.nvvm.barrier0.and(i32 %x), !dbg !11
  %d = call i32 @llvm.nvvm.barrier0.and(i32 1), !dbg !9
  ret i64 %r
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: ".")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, unit: !0, spFlags: DISPFlagDefinition, retainedNodes: !7)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!9 = !DILocation(line: 2, column: 3, scope: !5)
!10 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 2, type: !12)
!11 = !DILocation(line: 3, column: 3, scope: !5)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
