; Block addresses that take blocks of other functions, and use-list orders
; (uselistorder_bb) to apply to those blocks; assembled by llvm-as-22. When a
; block's use list is sorted, it holds the uses of the block addresses made
; so far, which depend on the order llvm-dis-22 reads bodies in: first those
; whose blocks the module's constants take (@tbl), then those whose blocks
; the bodies so read take, then the rest in module order; one blockaddress
; constant per block, whichever functions use it.
@tbl = global [1 x ptr] [ptr blockaddress(@f1, %b1)]
define void @f0(i1 %c, i32 %n, ptr %a) {
b0:
  br label %b1
b1:
  store volatile ptr blockaddress(@f1, %b1), ptr %a
  br i1 %c, label %b1, label %b1
}
define void @f1(i1 %c, i32 %n, ptr %a) {
b0:
  br label %b1
b1:
  store volatile ptr blockaddress(@f0, %b1), ptr %a
  br label %b1
}
uselistorder_bb @f0, %b1, { 2, 3, 1, 0 }
uselistorder_bb @f1, %b1, { 1, 2, 0 }
