; Use-list orders (uselistorder_bb) of blocks whose blockaddress LLVM's
; reader makes at another time than its writer expects; assembled by
; llvm-as-22. The reader makes a blockaddress where it first materializes
; it: the module's metadata (!named) is loaded before any body, a body's
; metadata as that body is read, an operand at its instruction; a
; block's order is applied when its function's body has been read, and
; only if it names as many uses as the block has then. The writer numbers
; a blockaddress in the first body that uses it (values of metadata
; operands before the instructions, an operand at its instruction) and
; does not number one only the module's metadata holds.
;   @f0 %b1: made with !named, before @f0; numbered by @f0's store, among
;     @f0's uses: its order is applied and written anew.
;   @f0 %b2: made by @f1's and @f2's metadata (module-level, as two bodies
;     share it), before @f0; numbered by @f1 after @f0: written anew.
;   @f1 %b1: made and numbered by @f2's metadata, after @f1's body: its
;     order is dropped on reading, and none is written.
!named = !{!0}
!0 = !{ptr blockaddress(@f0, %b1)}
declare void @llvm.foo(metadata)
define void @f0(i1 %c, ptr %a) {
b0:
  br i1 %c, label %b1, label %b2
b1:
  store volatile ptr blockaddress(@f0, %b1), ptr %a
  br i1 %c, label %b1, label %b2
b2:
  br i1 %c, label %b1, label %b2
}
define void @f1(i1 %c, ptr %a) {
b0:
  call void @llvm.foo(metadata ptr blockaddress(@f0, %b2))
  br label %b1
b1:
  br i1 %c, label %b1, label %b1
}
define void @f2(i1 %c, ptr %a) {
b0:
  call void @llvm.foo(metadata ptr blockaddress(@f0, %b2))
  call void @llvm.foo(metadata ptr blockaddress(@f1, %b1))
  ret void
}
uselistorder_bb @f0, %b1, { 1, 3, 0, 2 }
uselistorder_bb @f0, %b2, { 2, 0, 3, 1 }
uselistorder_bb @f1, %b1, { 1, 3, 0, 2 }
