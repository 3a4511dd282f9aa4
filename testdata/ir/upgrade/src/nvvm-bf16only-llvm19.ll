; LLVM 19's NVVM bfloat absolute values alone, declared of bfloat (LLVM
; 16 declares them of i16 and its verifier refuses these: "Intrinsic has
; incorrect return type!"), which LLVM 22 reads as fabs.bf16 and
; fabs.v2bf16: only the string table says they need LLVM 17
; (ir/minllvm's NVVMBFloat).
target triple = "nvptx64-nvidia-cuda"
define void @f(bfloat %a, <2 x bfloat> %b, ptr %out) {
  %x = call bfloat @llvm.nvvm.abs.bf16(bfloat %a)
  %y = call <2 x bfloat> @llvm.nvvm.abs.bf16x2(<2 x bfloat> %b)
  store bfloat %x, ptr %out
  store <2 x bfloat> %y, ptr %out
  ret void
}
declare bfloat @llvm.nvvm.abs.bf16(bfloat)
declare <2 x bfloat> @llvm.nvvm.abs.bf16x2(<2 x bfloat>)
