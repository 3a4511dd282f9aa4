; LLVM 19's NVVM bfloat and half-vector math and mapa.shared.cluster, which
; LLVM 22 rewrites: abs.bf16/bf16x2 into fabs.bf16/v2bf16, ex2.approx.f16x2
; into ex2.approx.v2f16 (unnamed calls), mapa.shared.cluster returning
; the cluster's address space 7, cast back to 3.
target triple = "nvptx64-nvidia-cuda"
define void @f(bfloat %a, <2 x bfloat> %b, <2 x half> %h, ptr addrspace(3) %p, i32 %r, ptr %out) {
  %x = call bfloat @llvm.nvvm.abs.bf16(bfloat %a)
  %y = call <2 x bfloat> @llvm.nvvm.abs.bf16x2(<2 x bfloat> %b)
  %z = call <2 x half> @llvm.nvvm.ex2.approx.f16x2(<2 x half> %h)
  %m = call ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %p, i32 %r)
  store bfloat %x, ptr %out
  store <2 x bfloat> %y, ptr %out
  store <2 x half> %z, ptr %out
  store ptr addrspace(3) %m, ptr %out
  ret void
}
declare bfloat @llvm.nvvm.abs.bf16(bfloat)
declare <2 x bfloat> @llvm.nvvm.abs.bf16x2(<2 x bfloat>)
declare <2 x half> @llvm.nvvm.ex2.approx.f16x2(<2 x half>)
declare ptr addrspace(3) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3), i32)
