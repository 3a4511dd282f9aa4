; Two functions call an NVVM bfloat intrinsic LLVM 14 declared of i16:
; llvm-dis-22 upgrades the calls of the first (bitcasts, the bfloat
; declaration, the bitcast back) and loses those of the second ("ret i16
; <badref>"; opt-22 crashes verifying it). The golden is each function
; upgraded as the first is, which is what LLVM 22 does with one function.
target triple = "nvptx64-nvidia-cuda"

declare i16 @llvm.nvvm.neg.bf16(i16)

define i16 @f(i16 %a) {
  %n = call i16 @llvm.nvvm.neg.bf16(i16 %a)
  ret i16 %n
}

define i16 @g(i16 %a) {
  %n = call i16 @llvm.nvvm.neg.bf16(i16 %a)
  ret i16 %n
}
