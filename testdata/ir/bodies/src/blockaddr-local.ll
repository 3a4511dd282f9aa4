; Block addresses that take blocks of other functions, and use-list orders
; (uselistorder_bb) to apply to those blocks; assembled by llvm-as-22. When a
; block's use list is sorted, it holds the uses of the block addresses made
; so far, which depend on the order llvm-dis-22 reads bodies in: first those
; whose blocks the module's constants take (none here), then those whose blocks
; the bodies so read take, then the rest in module order; one blockaddress
; constant per block, whichever functions use it.
define void @f0(i1 %c, i32 %n, ptr %a) {
b0:
  switch i32 %n, label %b1 [ i32 0, label %b1 i32 1, label %b1 i32 2, label %b1 i32 3, label %b1 ]
b1:
  store volatile ptr blockaddress(@f1, %b2), ptr %a
  indirectbr ptr %a, [ label %b1, label %b1, label %b1 ]
}
define void @f1(i1 %c, i32 %n, ptr %a) {
b0:
  br i1 %c, label %b1, label %b2
b1:
  indirectbr ptr %a, [ label %b2, label %b2 ]
b2:
  store volatile ptr blockaddress(@f1, %b2), ptr %a
  store volatile ptr blockaddress(@f1, %b2), ptr %a
  br label %b2
}
uselistorder_bb @f0, %b1, { 4, 5, 2, 1, 6, 3, 0, 7 }
uselistorder_bb @f1, %b2, { 1, 0, 3, 4, 2 }
