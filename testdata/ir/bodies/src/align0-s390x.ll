; Loads, stores, allocas, cmpxchg and atomicrmw of many types, their
; alignments dropped by bcedit -align0 (as Zig's own bitcode writer leaves
; them): llvm-dis-22 gives each the ABI alignment of its type (the preferred
; one for alloca, the store size for cmpxchg and atomicrmw) from the data
; layout (s390x).

target datalayout = "E-m:e-i1:8:16-i8:8:16-i64:64-f128:64-v128:64-a:8:16-n32:64"
target triple = "s390x-unknown-linux-gnu"
%S = type { i8, i64, i16 }
%P = type <{ i8, i64, i16 }>

define void @mem(ptr %p) {
  %a0 = alloca i1
  %l0 = load i1, ptr %p
  store i1 %l0, ptr %p
  %a1 = alloca i8
  %l1 = load i8, ptr %p
  store i8 %l1, ptr %p
  %a2 = alloca i16
  %l2 = load i16, ptr %p
  store i16 %l2, ptr %p
  %a3 = alloca i24
  %l3 = load i24, ptr %p
  store i24 %l3, ptr %p
  %a4 = alloca i32
  %l4 = load i32, ptr %p
  store i32 %l4, ptr %p
  %a5 = alloca i48
  %l5 = load i48, ptr %p
  store i48 %l5, ptr %p
  %a6 = alloca i64
  %l6 = load i64, ptr %p
  store i64 %l6, ptr %p
  %a7 = alloca i96
  %l7 = load i96, ptr %p
  store i96 %l7, ptr %p
  %a8 = alloca i128
  %l8 = load i128, ptr %p
  store i128 %l8, ptr %p
  %a9 = alloca i256
  %l9 = load i256, ptr %p
  store i256 %l9, ptr %p
  %a10 = alloca half
  %l10 = load half, ptr %p
  store half %l10, ptr %p
  %a11 = alloca bfloat
  %l11 = load bfloat, ptr %p
  store bfloat %l11, ptr %p
  %a12 = alloca float
  %l12 = load float, ptr %p
  store float %l12, ptr %p
  %a13 = alloca double
  %l13 = load double, ptr %p
  store double %l13, ptr %p
  %a14 = alloca x86_fp80
  %l14 = load x86_fp80, ptr %p
  store x86_fp80 %l14, ptr %p
  %a15 = alloca fp128
  %l15 = load fp128, ptr %p
  store fp128 %l15, ptr %p
  %a16 = alloca ppc_fp128
  %l16 = load ppc_fp128, ptr %p
  store ppc_fp128 %l16, ptr %p
  %a17 = alloca ptr
  %l17 = load ptr, ptr %p
  store ptr %l17, ptr %p
  %a18 = alloca ptr addrspace(1)
  %l18 = load ptr addrspace(1), ptr %p
  store ptr addrspace(1) %l18, ptr %p
  %a19 = alloca ptr addrspace(3)
  %l19 = load ptr addrspace(3), ptr %p
  store ptr addrspace(3) %l19, ptr %p
  %a20 = alloca ptr addrspace(5)
  %l20 = load ptr addrspace(5), ptr %p
  store ptr addrspace(5) %l20, ptr %p
  %a21 = alloca ptr addrspace(7)
  %l21 = load ptr addrspace(7), ptr %p
  store ptr addrspace(7) %l21, ptr %p
  %a22 = alloca <2 x i8>
  %l22 = load <2 x i8>, ptr %p
  store <2 x i8> %l22, ptr %p
  %a23 = alloca <3 x i32>
  %l23 = load <3 x i32>, ptr %p
  store <3 x i32> %l23, ptr %p
  %a24 = alloca <4 x float>
  %l24 = load <4 x float>, ptr %p
  store <4 x float> %l24, ptr %p
  %a25 = alloca <8 x i1>
  %l25 = load <8 x i1>, ptr %p
  store <8 x i1> %l25, ptr %p
  %a26 = alloca <16 x i8>
  %l26 = load <16 x i8>, ptr %p
  store <16 x i8> %l26, ptr %p
  %a27 = alloca <32 x i16>
  %l27 = load <32 x i16>, ptr %p
  store <32 x i16> %l27, ptr %p
  %a28 = alloca <3 x double>
  %l28 = load <3 x double>, ptr %p
  store <3 x double> %l28, ptr %p
  %a29 = alloca <2 x i64>
  %l29 = load <2 x i64>, ptr %p
  store <2 x i64> %l29, ptr %p
  %a30 = alloca <4 x ptr>
  %l30 = load <4 x ptr>, ptr %p
  store <4 x ptr> %l30, ptr %p
  %a31 = alloca <vscale x 4 x i32>
  %l31 = load <vscale x 4 x i32>, ptr %p
  store <vscale x 4 x i32> %l31, ptr %p
  %a32 = alloca <1 x i128>
  %l32 = load <1 x i128>, ptr %p
  store <1 x i128> %l32, ptr %p
  %a33 = alloca [3 x i32]
  %l33 = load [3 x i32], ptr %p
  store [3 x i32] %l33, ptr %p
  %a34 = alloca [0 x i64]
  %l34 = load [0 x i64], ptr %p
  store [0 x i64] %l34, ptr %p
  %a35 = alloca [2 x x86_fp80]
  %l35 = load [2 x x86_fp80], ptr %p
  store [2 x x86_fp80] %l35, ptr %p
  %a36 = alloca { i8, i32 }
  %l36 = load { i8, i32 }, ptr %p
  store { i8, i32 } %l36, ptr %p
  %a37 = alloca <{ i8, i32 }>
  %l37 = load <{ i8, i32 }>, ptr %p
  store <{ i8, i32 }> %l37, ptr %p
  %a38 = alloca { i8, [2 x double] }
  %l38 = load { i8, [2 x double] }, ptr %p
  store { i8, [2 x double] } %l38, ptr %p
  %a39 = alloca {}
  %l39 = load {}, ptr %p
  store {} %l39, ptr %p
  %a40 = alloca %S
  %l40 = load %S, ptr %p
  store %S %l40, ptr %p
  %a41 = alloca %P
  %l41 = load %P, ptr %p
  store %P %l41, ptr %p
  %a42 = alloca { i64, i8 }
  %l42 = load { i64, i8 }, ptr %p
  store { i64, i8 } %l42, ptr %p
  %a43 = alloca { <2 x float>, i16 }
  %l43 = load { <2 x float>, i16 }, ptr %p
  store { <2 x float>, i16 } %l43, ptr %p
  %a44 = alloca [2 x { i8, i16 }]
  %l44 = load [2 x { i8, i16 }], ptr %p
  store [2 x { i8, i16 }] %l44, ptr %p
  %x0 = cmpxchg ptr %p, i8 0, i8 0 seq_cst seq_cst
  %r0 = atomicrmw xchg ptr %p, i8 0 seq_cst
  %x1 = cmpxchg ptr %p, i16 0, i16 0 seq_cst seq_cst
  %r1 = atomicrmw xchg ptr %p, i16 0 seq_cst
  %x2 = cmpxchg ptr %p, i32 0, i32 0 seq_cst seq_cst
  %r2 = atomicrmw xchg ptr %p, i32 0 seq_cst
  %x3 = cmpxchg ptr %p, i64 0, i64 0 seq_cst seq_cst
  %r3 = atomicrmw xchg ptr %p, i64 0 seq_cst
  %x4 = cmpxchg ptr %p, i128 0, i128 0 seq_cst seq_cst
  %r4 = atomicrmw xchg ptr %p, i128 0 seq_cst
  %x5 = cmpxchg ptr %p, ptr null, ptr null seq_cst seq_cst
  %r5 = atomicrmw xchg ptr %p, ptr null seq_cst
  %f0 = atomicrmw fadd ptr %p, half 0.0 seq_cst
  %f1 = atomicrmw fadd ptr %p, float 0.0 seq_cst
  %f2 = atomicrmw fadd ptr %p, double 0.0 seq_cst
  %f3 = atomicrmw fadd ptr %p, <2 x float> zeroinitializer seq_cst
  ret void
}
