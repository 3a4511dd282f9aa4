; "amdgpu-unsafe-fp-atomics" leaves the function definitions (not the
; declarations); where it was "true", floating-point atomicrmw instructions
; get the three !amdgpu.* metadata that say what it allowed.
target triple = "amdgcn-amd-amdhsa"
declare void @ext() #0
define void @f(ptr %p, ptr %d, ptr %h, ptr %v2, float %v, double %dv, half %hv) #0 {
  %a = atomicrmw fmin ptr %p, float %v seq_cst
  %b = atomicrmw fmax ptr %d, double 2.0 seq_cst
  %c = atomicrmw fadd ptr %d, double %dv seq_cst
  %e = atomicrmw fadd ptr %h, half %hv seq_cst
  %g = atomicrmw fadd ptr %v2, <2 x half> zeroinitializer seq_cst
  %i = atomicrmw add ptr null, i32 1 seq_cst
  %j = atomicrmw fsub ptr %d, double %dv seq_cst, !foo !0
  call void @ext()
  ret void
}
attributes #0 = { "amdgpu-unsafe-fp-atomics"="true" nounwind }
!0 = !{}
define float @g(ptr addrspace(1) %p, float %v) #1 {
  %a = atomicrmw fadd ptr addrspace(1) %p, float %v seq_cst
  %b = atomicrmw xchg ptr addrspace(1) %p, float %v monotonic
  ret float %a
}
attributes #1 = { "amdgpu-unsafe-fp-atomics"="false" "uniform-work-group-size"="true" }
