; llvm.nvvm.ptr.gen.to.global of a constant: LLVM 22 folds the call into
; an addrspacecast constant expression that replaces its uses; bcextract
; does not, and must say so.
target triple = "nvptx64-nvidia-cuda"

@h = global i8 0

declare i8 addrspace(1)* @llvm.nvvm.ptr.gen.to.global.p1i8.p0i8(i8*)

define i8 addrspace(1)* @f() {
  %p = call i8 addrspace(1)* @llvm.nvvm.ptr.gen.to.global.p1i8.p0i8(i8* @h)
  ret i8 addrspace(1)* %p
}
