; LLVM 13's "clang.arc.attachedcall" bundle without operands: llvm-dis-22
; drops it (UpgradeOperandBundles), from calls and invokes alike.
declare i8* @objc_msgSend(i8*, i8*)
declare i32 @__gxx_personality_v0(...)

define void @f(i8* %p) personality i32 (...)* @__gxx_personality_v0 {
entry:
  %x = call i8* @objc_msgSend(i8* %p, i8* %p) [ "clang.arc.attachedcall"() ]
  %y = invoke i8* @objc_msgSend(i8* %p, i8* %x) [ "clang.arc.attachedcall"(), "foo"(i8* %p) ]
          to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { i8*, i32 } cleanup
  resume { i8*, i32 } %l
}
