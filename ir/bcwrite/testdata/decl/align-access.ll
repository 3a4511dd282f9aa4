; Alignments above 2^29, the most LLVM 13 takes: written as 2^29 for it
; (reported: the accesses' and the objects' apart), as they are for 14 and
; later.
@g = global i32 0, align 4294967296

define i32 @f(ptr %p, ptr %q) align 1073741824 {
  %a = alloca i32, align 2147483648
  %v = load i32, ptr %p, align 1073741824
  store i32 %v, ptr %q, align 4294967296
  %x = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst, align 4294967296
  %y = atomicrmw add ptr %p, i32 1 seq_cst, align 536870912
  store i32 %y, ptr %a, align 4
  ret i32 %y
}
