; NVVM intrinsics that neither LLVM 22 nor LLVM 13-19 know (of LLVM 17,
; 18, 20 or 21, or made up), whose names no NVVM rule of LLVM 22's
; upgrade takes (a prefix it knows with another suffix among them): LLVM
; 22 leaves them as they are, and so does bcextract.
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.made.up.intrinsic(i32)
declare i32 @llvm.nvvm.abs.x(i32)
declare i8* @llvm.nvvm.ptr.gen.to.nowhere.p0i8(i8*)
declare i32 @llvm.nvvm.brev32(i32, i32)

define i32 @f(i32 %a, i8* %p) {
  %r = call i32 @llvm.nvvm.made.up.intrinsic(i32 %a)
  %s = call i32 @llvm.nvvm.abs.x(i32 %r)
  %q = call i8* @llvm.nvvm.ptr.gen.to.nowhere.p0i8(i8* %p)
  %t = call i32 @llvm.nvvm.brev32(i32 %s, i32 %a)
  ret i32 %t
}
