; Blockaddresses of a block of @target in the bodies of other functions,
; directly and inside a constant expression: @target's function block gets
; a BLOCKADDR_USERS record listing them, the function read last first.
define void @target(ptr %p) {
entry:
  indirectbr ptr %p, [label %left, label %right]
left:
  ret void
right:
  ret void
}

define void @user1(ptr %q) {
  store volatile ptr blockaddress(@target, %left), ptr %q
  ret void
}

define void @user2(ptr %q) {
  store volatile ptr getelementptr (i8, ptr blockaddress(@target, %right), i64 1), ptr %q
  store volatile ptr blockaddress(@target, %left), ptr %q
  ret void
}

define void @user3(ptr %q) {
  store volatile ptr blockaddress(@target, %right), ptr %q
  ret void
}
