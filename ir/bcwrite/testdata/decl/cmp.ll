; llvm.scmp and llvm.ucmp (LLVM 19), which a reader before LLVM 19 is given
; as the comparisons they stand for.
define i8 @s(i32 %lhs, i32 %rhs) {
  %cmp = call i8 @llvm.scmp.i8.i32(i32 %lhs, i32 %rhs)
  ret i8 %cmp
}

define <4 x i32> @u(<4 x i64> %lhs, <4 x i64> %rhs) {
  %cmp = call <4 x i32> @llvm.ucmp.v4i32.v4i64(<4 x i64> %lhs, <4 x i64> %rhs)
  ret <4 x i32> %cmp
}

declare i8 @llvm.scmp.i8.i32(i32, i32)
declare <4 x i32> @llvm.ucmp.v4i32.v4i64(<4 x i64>, <4 x i64>)
