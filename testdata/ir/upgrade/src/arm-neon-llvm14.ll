; ARM NEON stores of LLVM 14 (typed pointers): LLVM 22 declares them anew
; under the opaque-pointer mangling and rebuilds their calls (no tail
; marker, no attributes); llvm.thread.pointer likewise. vst1x2 is only
; remangled, its calls kept.
target triple = "armv7-unknown-linux-gnueabihf"

declare void @llvm.arm.neon.vst1.p0i8.v4i32(i8*, <4 x i32>, i32)
declare void @llvm.arm.neon.vst2lane.p0i8.v2f32(i8*, <2 x float>, <2 x float>, i32, i32)
declare i8* @llvm.thread.pointer()
declare void @llvm.arm.neon.vst1x2.p0i8.v4i32(i8*, <4 x i32>, <4 x i32>)

define i8* @f(i8* %p, <4 x i32> %v, <2 x float> %a) {
  tail call void @llvm.arm.neon.vst1.p0i8.v4i32(i8* %p, <4 x i32> %v, i32 4) #0, !foo !0
  call void @llvm.arm.neon.vst2lane.p0i8.v2f32(i8* %p, <2 x float> %a, <2 x float> %a, i32 1, i32 8)
  %t = tail call i8* @llvm.thread.pointer() #0
  tail call void @llvm.arm.neon.vst1x2.p0i8.v4i32(i8* %p, <4 x i32> %v, <4 x i32> %v) #0
  ret i8* %t
}

attributes #0 = { nounwind }

!0 = !{i32 1}
