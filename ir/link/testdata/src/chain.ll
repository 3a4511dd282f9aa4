; BenchmarkLinkChain's module: @fN defined, calling @dN, declared; the
; benchmark links copies of it renamed so that each copy's declarations
; are the next copy's definitions (replaced when that copy is linked).
target triple = "x86_64-pc-linux-gnu"

declare i32 @d0(i32)
declare i32 @d1(i32)
declare i32 @d2(i32)
declare i32 @d3(i32)
declare i32 @d4(i32)
declare i32 @d5(i32)
declare i32 @d6(i32)
declare i32 @d7(i32)
declare i32 @d8(i32)
declare i32 @d9(i32)
declare i32 @d10(i32)
declare i32 @d11(i32)
declare i32 @d12(i32)
declare i32 @d13(i32)
declare i32 @d14(i32)
declare i32 @d15(i32)
declare i32 @d16(i32)
declare i32 @d17(i32)
declare i32 @d18(i32)
declare i32 @d19(i32)
declare i32 @d20(i32)
declare i32 @d21(i32)
declare i32 @d22(i32)
declare i32 @d23(i32)
declare i32 @d24(i32)
declare i32 @d25(i32)
declare i32 @d26(i32)
declare i32 @d27(i32)
declare i32 @d28(i32)
declare i32 @d29(i32)
declare i32 @d30(i32)
declare i32 @d31(i32)
declare i32 @d32(i32)
declare i32 @d33(i32)
declare i32 @d34(i32)
declare i32 @d35(i32)
declare i32 @d36(i32)
declare i32 @d37(i32)
declare i32 @d38(i32)
declare i32 @d39(i32)
declare i32 @d40(i32)
declare i32 @d41(i32)
declare i32 @d42(i32)
declare i32 @d43(i32)
declare i32 @d44(i32)
declare i32 @d45(i32)
declare i32 @d46(i32)
declare i32 @d47(i32)
declare i32 @d48(i32)
declare i32 @d49(i32)
declare i32 @d50(i32)
declare i32 @d51(i32)
declare i32 @d52(i32)
declare i32 @d53(i32)
declare i32 @d54(i32)
declare i32 @d55(i32)
declare i32 @d56(i32)
declare i32 @d57(i32)
declare i32 @d58(i32)
declare i32 @d59(i32)
declare i32 @d60(i32)
declare i32 @d61(i32)
declare i32 @d62(i32)
declare i32 @d63(i32)
declare i32 @d64(i32)
declare i32 @d65(i32)
declare i32 @d66(i32)
declare i32 @d67(i32)
declare i32 @d68(i32)
declare i32 @d69(i32)
declare i32 @d70(i32)
declare i32 @d71(i32)
declare i32 @d72(i32)
declare i32 @d73(i32)
declare i32 @d74(i32)
declare i32 @d75(i32)
declare i32 @d76(i32)
declare i32 @d77(i32)
declare i32 @d78(i32)
declare i32 @d79(i32)
declare i32 @d80(i32)
declare i32 @d81(i32)
declare i32 @d82(i32)
declare i32 @d83(i32)
declare i32 @d84(i32)
declare i32 @d85(i32)
declare i32 @d86(i32)
declare i32 @d87(i32)
declare i32 @d88(i32)
declare i32 @d89(i32)
declare i32 @d90(i32)
declare i32 @d91(i32)
declare i32 @d92(i32)
declare i32 @d93(i32)
declare i32 @d94(i32)
declare i32 @d95(i32)
declare i32 @d96(i32)
declare i32 @d97(i32)
declare i32 @d98(i32)
declare i32 @d99(i32)
@g0 = global i32 0
@g1 = global i32 1
@g2 = global i32 2
@g3 = global i32 3
@g4 = global i32 4
@g5 = global i32 5
@g6 = global i32 6
@g7 = global i32 7
@g8 = global i32 8
@g9 = global i32 9
@g10 = global i32 10
@g11 = global i32 11
@g12 = global i32 12
@g13 = global i32 13
@g14 = global i32 14
@g15 = global i32 15
@g16 = global i32 16
@g17 = global i32 17
@g18 = global i32 18
@g19 = global i32 19
@g20 = global i32 20
@g21 = global i32 21
@g22 = global i32 22
@g23 = global i32 23
@g24 = global i32 24
@g25 = global i32 25
@g26 = global i32 26
@g27 = global i32 27
@g28 = global i32 28
@g29 = global i32 29
@g30 = global i32 30
@g31 = global i32 31
@g32 = global i32 32
@g33 = global i32 33
@g34 = global i32 34
@g35 = global i32 35
@g36 = global i32 36
@g37 = global i32 37
@g38 = global i32 38
@g39 = global i32 39
@g40 = global i32 40
@g41 = global i32 41
@g42 = global i32 42
@g43 = global i32 43
@g44 = global i32 44
@g45 = global i32 45
@g46 = global i32 46
@g47 = global i32 47
@g48 = global i32 48
@g49 = global i32 49
@g50 = global i32 50
@g51 = global i32 51
@g52 = global i32 52
@g53 = global i32 53
@g54 = global i32 54
@g55 = global i32 55
@g56 = global i32 56
@g57 = global i32 57
@g58 = global i32 58
@g59 = global i32 59
@g60 = global i32 60
@g61 = global i32 61
@g62 = global i32 62
@g63 = global i32 63
@g64 = global i32 64
@g65 = global i32 65
@g66 = global i32 66
@g67 = global i32 67
@g68 = global i32 68
@g69 = global i32 69
@g70 = global i32 70
@g71 = global i32 71
@g72 = global i32 72
@g73 = global i32 73
@g74 = global i32 74
@g75 = global i32 75
@g76 = global i32 76
@g77 = global i32 77
@g78 = global i32 78
@g79 = global i32 79
@g80 = global i32 80
@g81 = global i32 81
@g82 = global i32 82
@g83 = global i32 83
@g84 = global i32 84
@g85 = global i32 85
@g86 = global i32 86
@g87 = global i32 87
@g88 = global i32 88
@g89 = global i32 89
@g90 = global i32 90
@g91 = global i32 91
@g92 = global i32 92
@g93 = global i32 93
@g94 = global i32 94
@g95 = global i32 95
@g96 = global i32 96
@g97 = global i32 97
@g98 = global i32 98
@g99 = global i32 99
define i32 @f0(i32 %x) {
  %a = call i32 @d0(i32 %x)
  %b = load i32, ptr @g0
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f1(i32 %x) {
  %a = call i32 @d1(i32 %x)
  %b = load i32, ptr @g1
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f2(i32 %x) {
  %a = call i32 @d2(i32 %x)
  %b = load i32, ptr @g2
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f3(i32 %x) {
  %a = call i32 @d3(i32 %x)
  %b = load i32, ptr @g3
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f4(i32 %x) {
  %a = call i32 @d4(i32 %x)
  %b = load i32, ptr @g4
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f5(i32 %x) {
  %a = call i32 @d5(i32 %x)
  %b = load i32, ptr @g5
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f6(i32 %x) {
  %a = call i32 @d6(i32 %x)
  %b = load i32, ptr @g6
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f7(i32 %x) {
  %a = call i32 @d7(i32 %x)
  %b = load i32, ptr @g7
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f8(i32 %x) {
  %a = call i32 @d8(i32 %x)
  %b = load i32, ptr @g8
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f9(i32 %x) {
  %a = call i32 @d9(i32 %x)
  %b = load i32, ptr @g9
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f10(i32 %x) {
  %a = call i32 @d10(i32 %x)
  %b = load i32, ptr @g10
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f11(i32 %x) {
  %a = call i32 @d11(i32 %x)
  %b = load i32, ptr @g11
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f12(i32 %x) {
  %a = call i32 @d12(i32 %x)
  %b = load i32, ptr @g12
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f13(i32 %x) {
  %a = call i32 @d13(i32 %x)
  %b = load i32, ptr @g13
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f14(i32 %x) {
  %a = call i32 @d14(i32 %x)
  %b = load i32, ptr @g14
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f15(i32 %x) {
  %a = call i32 @d15(i32 %x)
  %b = load i32, ptr @g15
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f16(i32 %x) {
  %a = call i32 @d16(i32 %x)
  %b = load i32, ptr @g16
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f17(i32 %x) {
  %a = call i32 @d17(i32 %x)
  %b = load i32, ptr @g17
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f18(i32 %x) {
  %a = call i32 @d18(i32 %x)
  %b = load i32, ptr @g18
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f19(i32 %x) {
  %a = call i32 @d19(i32 %x)
  %b = load i32, ptr @g19
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f20(i32 %x) {
  %a = call i32 @d20(i32 %x)
  %b = load i32, ptr @g20
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f21(i32 %x) {
  %a = call i32 @d21(i32 %x)
  %b = load i32, ptr @g21
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f22(i32 %x) {
  %a = call i32 @d22(i32 %x)
  %b = load i32, ptr @g22
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f23(i32 %x) {
  %a = call i32 @d23(i32 %x)
  %b = load i32, ptr @g23
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f24(i32 %x) {
  %a = call i32 @d24(i32 %x)
  %b = load i32, ptr @g24
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f25(i32 %x) {
  %a = call i32 @d25(i32 %x)
  %b = load i32, ptr @g25
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f26(i32 %x) {
  %a = call i32 @d26(i32 %x)
  %b = load i32, ptr @g26
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f27(i32 %x) {
  %a = call i32 @d27(i32 %x)
  %b = load i32, ptr @g27
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f28(i32 %x) {
  %a = call i32 @d28(i32 %x)
  %b = load i32, ptr @g28
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f29(i32 %x) {
  %a = call i32 @d29(i32 %x)
  %b = load i32, ptr @g29
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f30(i32 %x) {
  %a = call i32 @d30(i32 %x)
  %b = load i32, ptr @g30
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f31(i32 %x) {
  %a = call i32 @d31(i32 %x)
  %b = load i32, ptr @g31
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f32(i32 %x) {
  %a = call i32 @d32(i32 %x)
  %b = load i32, ptr @g32
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f33(i32 %x) {
  %a = call i32 @d33(i32 %x)
  %b = load i32, ptr @g33
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f34(i32 %x) {
  %a = call i32 @d34(i32 %x)
  %b = load i32, ptr @g34
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f35(i32 %x) {
  %a = call i32 @d35(i32 %x)
  %b = load i32, ptr @g35
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f36(i32 %x) {
  %a = call i32 @d36(i32 %x)
  %b = load i32, ptr @g36
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f37(i32 %x) {
  %a = call i32 @d37(i32 %x)
  %b = load i32, ptr @g37
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f38(i32 %x) {
  %a = call i32 @d38(i32 %x)
  %b = load i32, ptr @g38
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f39(i32 %x) {
  %a = call i32 @d39(i32 %x)
  %b = load i32, ptr @g39
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f40(i32 %x) {
  %a = call i32 @d40(i32 %x)
  %b = load i32, ptr @g40
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f41(i32 %x) {
  %a = call i32 @d41(i32 %x)
  %b = load i32, ptr @g41
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f42(i32 %x) {
  %a = call i32 @d42(i32 %x)
  %b = load i32, ptr @g42
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f43(i32 %x) {
  %a = call i32 @d43(i32 %x)
  %b = load i32, ptr @g43
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f44(i32 %x) {
  %a = call i32 @d44(i32 %x)
  %b = load i32, ptr @g44
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f45(i32 %x) {
  %a = call i32 @d45(i32 %x)
  %b = load i32, ptr @g45
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f46(i32 %x) {
  %a = call i32 @d46(i32 %x)
  %b = load i32, ptr @g46
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f47(i32 %x) {
  %a = call i32 @d47(i32 %x)
  %b = load i32, ptr @g47
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f48(i32 %x) {
  %a = call i32 @d48(i32 %x)
  %b = load i32, ptr @g48
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f49(i32 %x) {
  %a = call i32 @d49(i32 %x)
  %b = load i32, ptr @g49
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f50(i32 %x) {
  %a = call i32 @d50(i32 %x)
  %b = load i32, ptr @g50
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f51(i32 %x) {
  %a = call i32 @d51(i32 %x)
  %b = load i32, ptr @g51
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f52(i32 %x) {
  %a = call i32 @d52(i32 %x)
  %b = load i32, ptr @g52
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f53(i32 %x) {
  %a = call i32 @d53(i32 %x)
  %b = load i32, ptr @g53
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f54(i32 %x) {
  %a = call i32 @d54(i32 %x)
  %b = load i32, ptr @g54
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f55(i32 %x) {
  %a = call i32 @d55(i32 %x)
  %b = load i32, ptr @g55
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f56(i32 %x) {
  %a = call i32 @d56(i32 %x)
  %b = load i32, ptr @g56
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f57(i32 %x) {
  %a = call i32 @d57(i32 %x)
  %b = load i32, ptr @g57
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f58(i32 %x) {
  %a = call i32 @d58(i32 %x)
  %b = load i32, ptr @g58
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f59(i32 %x) {
  %a = call i32 @d59(i32 %x)
  %b = load i32, ptr @g59
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f60(i32 %x) {
  %a = call i32 @d60(i32 %x)
  %b = load i32, ptr @g60
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f61(i32 %x) {
  %a = call i32 @d61(i32 %x)
  %b = load i32, ptr @g61
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f62(i32 %x) {
  %a = call i32 @d62(i32 %x)
  %b = load i32, ptr @g62
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f63(i32 %x) {
  %a = call i32 @d63(i32 %x)
  %b = load i32, ptr @g63
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f64(i32 %x) {
  %a = call i32 @d64(i32 %x)
  %b = load i32, ptr @g64
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f65(i32 %x) {
  %a = call i32 @d65(i32 %x)
  %b = load i32, ptr @g65
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f66(i32 %x) {
  %a = call i32 @d66(i32 %x)
  %b = load i32, ptr @g66
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f67(i32 %x) {
  %a = call i32 @d67(i32 %x)
  %b = load i32, ptr @g67
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f68(i32 %x) {
  %a = call i32 @d68(i32 %x)
  %b = load i32, ptr @g68
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f69(i32 %x) {
  %a = call i32 @d69(i32 %x)
  %b = load i32, ptr @g69
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f70(i32 %x) {
  %a = call i32 @d70(i32 %x)
  %b = load i32, ptr @g70
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f71(i32 %x) {
  %a = call i32 @d71(i32 %x)
  %b = load i32, ptr @g71
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f72(i32 %x) {
  %a = call i32 @d72(i32 %x)
  %b = load i32, ptr @g72
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f73(i32 %x) {
  %a = call i32 @d73(i32 %x)
  %b = load i32, ptr @g73
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f74(i32 %x) {
  %a = call i32 @d74(i32 %x)
  %b = load i32, ptr @g74
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f75(i32 %x) {
  %a = call i32 @d75(i32 %x)
  %b = load i32, ptr @g75
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f76(i32 %x) {
  %a = call i32 @d76(i32 %x)
  %b = load i32, ptr @g76
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f77(i32 %x) {
  %a = call i32 @d77(i32 %x)
  %b = load i32, ptr @g77
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f78(i32 %x) {
  %a = call i32 @d78(i32 %x)
  %b = load i32, ptr @g78
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f79(i32 %x) {
  %a = call i32 @d79(i32 %x)
  %b = load i32, ptr @g79
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f80(i32 %x) {
  %a = call i32 @d80(i32 %x)
  %b = load i32, ptr @g80
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f81(i32 %x) {
  %a = call i32 @d81(i32 %x)
  %b = load i32, ptr @g81
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f82(i32 %x) {
  %a = call i32 @d82(i32 %x)
  %b = load i32, ptr @g82
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f83(i32 %x) {
  %a = call i32 @d83(i32 %x)
  %b = load i32, ptr @g83
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f84(i32 %x) {
  %a = call i32 @d84(i32 %x)
  %b = load i32, ptr @g84
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f85(i32 %x) {
  %a = call i32 @d85(i32 %x)
  %b = load i32, ptr @g85
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f86(i32 %x) {
  %a = call i32 @d86(i32 %x)
  %b = load i32, ptr @g86
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f87(i32 %x) {
  %a = call i32 @d87(i32 %x)
  %b = load i32, ptr @g87
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f88(i32 %x) {
  %a = call i32 @d88(i32 %x)
  %b = load i32, ptr @g88
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f89(i32 %x) {
  %a = call i32 @d89(i32 %x)
  %b = load i32, ptr @g89
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f90(i32 %x) {
  %a = call i32 @d90(i32 %x)
  %b = load i32, ptr @g90
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f91(i32 %x) {
  %a = call i32 @d91(i32 %x)
  %b = load i32, ptr @g91
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f92(i32 %x) {
  %a = call i32 @d92(i32 %x)
  %b = load i32, ptr @g92
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f93(i32 %x) {
  %a = call i32 @d93(i32 %x)
  %b = load i32, ptr @g93
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f94(i32 %x) {
  %a = call i32 @d94(i32 %x)
  %b = load i32, ptr @g94
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f95(i32 %x) {
  %a = call i32 @d95(i32 %x)
  %b = load i32, ptr @g95
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f96(i32 %x) {
  %a = call i32 @d96(i32 %x)
  %b = load i32, ptr @g96
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f97(i32 %x) {
  %a = call i32 @d97(i32 %x)
  %b = load i32, ptr @g97
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f98(i32 %x) {
  %a = call i32 @d98(i32 %x)
  %b = load i32, ptr @g98
  %c = add i32 %a, %b
  ret i32 %c
}
define i32 @f99(i32 %x) {
  %a = call i32 @d99(i32 %x)
  %b = load i32, ptr @g99
  %c = add i32 %a, %b
  ret i32 %c
}
