; Hand-written IR readable by LLVM 14 (no pointers, so neither typed nor
; opaque pointer syntax is needed) for bbmap-llvm14.o:
;   llc -basic-block-sections=labels  (LLVM 14: SHT_LLVM_BB_ADDR_MAP = 0x6fff4c08, no version byte)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define internal i32 @sq(i32 %x) noinline nounwind {
entry:
  %r = mul i32 %x, %x
  ret i32 %r
}

define i32 @sumsq(i32 %n) noinline nounwind {
entry:
  %empty = icmp sle i32 %n, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %next ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %next ]
  %odd = and i32 %i, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %callsq, label %plain

callsq:
  %q = call i32 @sq(i32 %i)
  br label %next

plain:
  %neg = sub i32 0, %i
  br label %next

next:
  %v = phi i32 [ %q, %callsq ], [ %neg, %plain ]
  %s.next = add i32 %s, %v
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %res = phi i32 [ 0, %entry ], [ %s.next, %next ]
  ret i32 %res
}

define i32 @main() nounwind {
entry:
  %a = call i32 @sumsq(i32 10)
  %b = tail call i32 @sq(i32 %a)
  ret i32 %b
}
