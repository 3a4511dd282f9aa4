; A target intrinsic that neither LLVM 22 nor LLVM 13-19 know (one of
; LLVM 17, 18, 20 or 21, or made up): what LLVM 22 makes of it is not
; known here, and bcextract must say so.
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.made.up.intrinsic(i32)

define i32 @f(i32 %a) {
  %r = call i32 @llvm.nvvm.made.up.intrinsic(i32 %a)
  ret i32 %r
}
