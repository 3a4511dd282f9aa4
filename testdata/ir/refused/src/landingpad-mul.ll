; A landingpad clause with a mul constant expression (llvm-as-16): no block
; to put an instruction in for a clause either.
@x = global i32 0
declare i32 @__gxx_personality_v0(...)
declare void @mayt()
define void @f() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @mayt() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } catch ptr inttoptr (i64 mul (i64 ptrtoint (ptr @x to i64), i64 3) to ptr)
  ret void
}
