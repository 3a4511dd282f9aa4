; The NVVM bfloat intrinsics LLVM 14 to 16 declared of integers (i16, i32
; for pairs): LLVM 22 bitcasts the operands to bfloat, calls the bfloat
; declaration (abs as nvvm.fabs), made at its first call, and bitcasts the
; result back; a constant operand folded, a tail marker dropped. (One
; function calls them: llvm-dis-22 loses the calls of a second one; see
; ir/bitcode/testdata/llvmbug.)
target triple = "nvptx64-nvidia-cuda"

declare i16 @llvm.nvvm.abs.bf16(i16)
declare i16 @llvm.nvvm.neg.bf16(i16)

define void @f(i16 %a, i16 %b, i32 %c, i32 %d, i16* %out, i32* %o2) {
  %n = tail call i16 @llvm.nvvm.neg.bf16(i16 %a) #0
  %x = call i16 @llvm.nvvm.fmax.bf16(i16 %n, i16 1)
  %y = call i32 @llvm.nvvm.fmin.bf16x2(i32 %c, i32 %d)
  %z = call i16 @llvm.nvvm.fma.rn.bf16(i16 %a, i16 %b, i16 %a)
  %w = call i16 @llvm.nvvm.abs.bf16(i16 %x)
  store i16 %z, i16* %out
  store i32 %y, i32* %o2
  store i16 %w, i16* %out
  ret void
}

define void @g() {
  ret void
}

declare i16 @llvm.nvvm.fmax.bf16(i16, i16)
declare i32 @llvm.nvvm.fmin.bf16x2(i32, i32)
declare i16 @llvm.nvvm.fma.rn.bf16(i16, i16, i16)

attributes #0 = { nounwind }
