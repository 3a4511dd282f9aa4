; DIFixedPointType of every kind. llvm-as-22 writes the numerator and the
; denominator as APInts as wide as their literals need, and llvm-dis-22
; reads them back signed for DW_ATE_signed_fixed and unsigned for
; DW_ATE_unsigned_fixed: 1234 is -814 in the first and 1234 in the second.
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_Ada95, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2)
!1 = !DIFile(filename: "fixed.adb", directory: ".")
!2 = !{!10, !11, !12, !13, !14, !15, !16, !17, !18, !19, !20, !21, !22, !23, !24}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!10 = !DIFixedPointType(name: "bin_s", size: 32, align: 32, encoding: DW_ATE_signed_fixed, kind: Binary, factor: -4)
!11 = !DIFixedPointType(name: "bin_u", size: 64, encoding: DW_ATE_unsigned_fixed, kind: Binary, factor: -16)
!12 = !DIFixedPointType(name: "bin_pos", size: 8, encoding: DW_ATE_unsigned_fixed, kind: Binary, factor: 5, flags: DIFlagArtificial)
!13 = !DIFixedPointType(name: "bin_zero", size: 8, encoding: DW_ATE_signed_fixed, kind: Binary)
!14 = !DIFixedPointType(name: "dec_s", size: 32, align: 32, encoding: DW_ATE_signed_fixed, kind: Decimal, factor: -3)
!15 = !DIFixedPointType(name: "dec_u", size: 16, encoding: DW_ATE_unsigned_fixed, kind: Decimal, factor: -2147483648)
!16 = !DIFixedPointType(name: "rat_s", size: 32, align: 32, encoding: DW_ATE_signed_fixed, kind: Rational, numerator: 1234, denominator: 5678)
!17 = !DIFixedPointType(name: "rat_u", size: 32, align: 32, encoding: DW_ATE_unsigned_fixed, kind: Rational, numerator: 1234, denominator: 5678)
!18 = !DIFixedPointType(name: "rat_big_s", size: 64, encoding: DW_ATE_signed_fixed, kind: Rational, numerator: 12345678901234567890123, denominator: 3)
!19 = !DIFixedPointType(name: "rat_big_u", size: 64, encoding: DW_ATE_unsigned_fixed, kind: Rational, numerator: 12345678901234567890123, denominator: 3)
!20 = !DIFixedPointType(name: "rat_neg", size: 64, encoding: DW_ATE_signed_fixed, kind: Rational, numerator: -7, denominator: 3)
!21 = !DIFixedPointType(name: "rat_neg_u", size: 64, encoding: DW_ATE_unsigned_fixed, kind: Rational, numerator: -7, denominator: 0)
!22 = !DIFixedPointType(name: "rat_zero", size: 8, encoding: DW_ATE_signed_fixed, kind: Rational)
!23 = !DIFixedPointType(name: "rat_wide", size: 8, encoding: DW_ATE_unsigned_fixed, kind: Rational, numerator: 340282366920938463463374607431768211455, denominator: 18446744073709551616)
!24 = distinct !DIFixedPointType(name: "rat_distinct", size: 16, encoding: DW_ATE_signed_fixed, kind: Rational, numerator: 255, denominator: 127)
