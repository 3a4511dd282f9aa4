; Functions: every calling convention, and the function-level properties
; (linkage, visibility, DLL storage, unnamed_addr, address space, section,
; partition, comdat, alignment, gc, prefix/prologue data, personality,
; preemption, varargs, parameter names).
source_filename = "functions.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$fn.comdat = comdat any

declare ccc void @cc.ccc()
declare fastcc void @cc.fastcc()
declare coldcc void @cc.coldcc()
declare ghccc void @cc.ghccc()
declare cc11 void @cc.cc11()
declare anyregcc void @cc.anyregcc()
declare preserve_mostcc void @cc.preserve.mostcc()
declare preserve_allcc void @cc.preserve.allcc()
declare preserve_nonecc void @cc.preserve.nonecc()
declare swiftcc void @cc.swiftcc()
declare swifttailcc void @cc.swifttailcc()
declare cxx_fast_tlscc void @cc.cxx.fast.tlscc()
declare tailcc void @cc.tailcc()
declare cfguard_checkcc void @cc.cfguard.checkcc()
declare x86_stdcallcc void @cc.x86.stdcallcc()
declare x86_fastcallcc void @cc.x86.fastcallcc()
declare arm_apcscc void @cc.arm.apcscc()
declare arm_aapcscc void @cc.arm.aapcscc()
declare arm_aapcs_vfpcc void @cc.arm.aapcs.vfpcc()
declare msp430_intrcc void @cc.msp430.intrcc()
declare x86_thiscallcc void @cc.x86.thiscallcc()
declare ptx_kernel void @cc.ptx.kernel()
declare ptx_device void @cc.ptx.device()
declare spir_func void @cc.spir.func()
declare spir_kernel void @cc.spir.kernel()
declare intel_ocl_bicc void @cc.intel.ocl.bicc()
declare x86_64_sysvcc void @cc.x86.64.sysvcc()
declare win64cc void @cc.win64cc()
declare x86_vectorcallcc void @cc.x86.vectorcallcc()
declare x86_intrcc void @cc.x86.intrcc(ptr byval(i8) %frame)
declare avr_intrcc void @cc.avr.intrcc()
declare avr_signalcc void @cc.avr.signalcc()
declare amdgpu_vs void @cc.amdgpu.vs()
declare amdgpu_gs void @cc.amdgpu.gs()
declare amdgpu_ps void @cc.amdgpu.ps()
declare amdgpu_cs void @cc.amdgpu.cs()
declare amdgpu_kernel void @cc.amdgpu.kernel()
declare x86_regcallcc void @cc.x86.regcallcc()
declare amdgpu_hs void @cc.amdgpu.hs()
declare cc94 void @cc.msp430.builtincc()
declare amdgpu_ls void @cc.amdgpu.ls()
declare amdgpu_es void @cc.amdgpu.es()
declare aarch64_vector_pcs void @cc.aarch64.vector.pcs()
declare aarch64_sve_vector_pcs void @cc.aarch64.sve.vector.pcs()
declare amdgpu_gfx void @cc.amdgpu.gfx()
declare aarch64_sme_preservemost_from_x0 void @cc.aarch64.sme.preservemost.from.x0()
declare aarch64_sme_preservemost_from_x2 void @cc.aarch64.sme.preservemost.from.x2()
declare aarch64_sme_preservemost_from_x1 void @cc.aarch64.sme.preservemost.from.x1()
declare amdgpu_cs_chain void @cc.amdgpu.cs.chain()
declare amdgpu_cs_chain_preserve void @cc.amdgpu.cs.chain.preserve()
declare m68k_rtdcc void @cc.m68k.rtdcc()
declare graalcc void @cc.graalcc()
declare riscv_vector_cc void @cc.riscv.vector.cc()
declare cc94 void @cc.cc94()
declare cc101 void @cc.cc101()
declare cc113 void @cc.cc113()
declare cc118 void @cc.cc118()
declare cc123 void @cc.cc123()
declare cc81 void @cc.cc81()
declare cc82 void @cc.cc82()
declare cc86 void @cc.cc86()
declare cc108 void @cc.cc108()
declare cc109 void @cc.cc109()
declare cc112 void @cc.cc112()
declare cc124 void @cc.cc124(i1)
declare cc125 void @cc.cc125()
declare cc126 void @cc.cc126()
declare cc127 void @cc.cc127()
declare cc200 void @cc.cc200()
declare cc1023 void @cc.cc1023()

define private void @f.private() {
  ret void
}

define internal fastcc i32 @f.internal(i32 %x) {
  ret i32 %x
}

define available_externally void @f.avail() {
  ret void
}

define linkonce void @f.linkonce() {
  ret void
}

define weak void @f.weak() {
  ret void
}

define linkonce_odr void @f.linkonce_odr() {
  ret void
}

define weak_odr void @f.weak_odr() {
  ret void
}

declare extern_weak void @f.extern_weak()

define hidden void @f.hidden() {
  ret void
}

define protected void @f.protected() {
  ret void
}

declare dllimport void @f.dllimport()

define dllexport void @f.dllexport() {
  ret void
}

define dso_local void @f.dso_local() {
  ret void
}

define void @f.unnamed_addr() unnamed_addr {
  ret void
}

define void @f.local_unnamed_addr() local_unnamed_addr {
  ret void
}

define void @f.addrspace() addrspace(7) {
  ret void
}

define void @f.section() section ".text.hot" {
  ret void
}

define void @f.partition() partition "p2" {
  ret void
}

define void @f.comdat() comdat($fn.comdat) {
  ret void
}

define linkonce_odr void @f.comdat.own() comdat {
  ret void
}

$f.comdat.own = comdat any

define void @f.align() align 256 {
  ret void
}

define void @f.gc() gc "statepoint-example" {
  ret void
}

define void @f.prefix() prefix i32 123 {
  ret void
}

define void @f.prologue() prologue { i8, i8 } { i8 -21, i8 8 } {
  ret void
}

define void @f.prefix.prologue() prefix [2 x i16] [i16 1, i16 2] prologue i8 -112 {
  ret void
}

declare i32 @__gxx_personality_v0(...)


define void @f.personality() personality ptr @__gxx_personality_v0 {
  ret void
}


define i32 @f.varargs(i32 %n, ...) {
  ret i32 %n
}

define void @f.params(i32 %named, i64, ptr %"quoted name", float, <2 x i8> %x0) {
  ret void
}

define void @f.all() unnamed_addr addrspace(1) section "sec" partition "part" comdat($fn.comdat) align 32 gc "shadow-stack" prefix i8 1 prologue i8 2 personality ptr @__gxx_personality_v0 {
  ret void
}

define internal void @f.internal.unused() {
  ret void
}

define void @"f.quoted name"() {
  ret void
}

define void @0() {
  ret void
}

define void @1() {
  call void @0()
  call void @"f.quoted name"()
  ret void
}
