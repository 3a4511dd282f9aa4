; llvm-as flags: -disable-verify
; Attributes LLVM 22 finds incompatible with their value's type leave
; declarations, definitions and call sites (typeIncompatible); LLVM 14's
; verifier refused them, unverified producers wrote them.
declare noundef void @v()
declare zeroext i8* @g(i8* zeroext, float signext, <2 x i32> zeroext, i32 noundef nonnull, i8* inreg, i64 align 8)

define void @f(i8* nonnull %p, i32 noalias readonly %x) {
  call noundef void @v()
  %r = call zeroext i8* @g(i8* zeroext %p, float signext 1.0, <2 x i32> zeroext zeroinitializer, i32 nonnull 0, i8* inreg %p, i64 align 8 0)
  %s = call i8* (i8*, ...) @h(i8* %p, i32 zeroext 1, i8* zeroext %p, double noalias 1.0)
  ret void
}

declare i8* @h(i8*, ...)
