; Exception handling, Itanium style: invoke (with attributes, bundles and
; calling conventions), landingpad with cleanup/catch/filter clauses,
; resume.
source_filename = "instr-eh.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@typeinfo.int = external constant ptr
@typeinfo.other = external constant ptr

declare i32 @__gxx_personality_v0(...)
declare i32 @may.throw(i32)
declare fastcc void @may.throw.fast()
declare void @may.throw.varargs(...)
declare i32 @llvm.eh.typeid.for.p0(ptr)

define i32 @eh(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @may.throw(i32 %x)
          to label %cont unwind label %lpad.cleanup

cont:
  invoke fastcc void @may.throw.fast() #0
          to label %cont2 unwind label %lpad.catch

cont2:
  invoke void (...) @may.throw.varargs(i32 1, double 2.0) [ "deopt"(i32 %r) ]
          to label %cont3 unwind label %lpad.filter

cont3:
  %r2 = invoke noundef i32 @may.throw(i32 noundef %r)
          to label %done unwind label %lpad.all

lpad.cleanup:
  %lp1 = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp1

lpad.catch:
  %lp2 = landingpad { ptr, i32 }
          catch ptr @typeinfo.int
          catch ptr null
  %sel = extractvalue { ptr, i32 } %lp2, 1
  %tid = call i32 @llvm.eh.typeid.for.p0(ptr @typeinfo.int)
  %match = icmp eq i32 %sel, %tid
  br i1 %match, label %done, label %rethrow

lpad.filter:
  %lp3 = landingpad { ptr, i32 }
          filter [1 x ptr] [ptr @typeinfo.int]
  br label %rethrow3

lpad.all:
  %lp4 = landingpad { ptr, i32 }
          cleanup
          catch ptr @typeinfo.other
          filter [0 x ptr] zeroinitializer
          filter [2 x ptr] [ptr @typeinfo.int, ptr @typeinfo.other]
  resume { ptr, i32 } %lp4

rethrow:
  resume { ptr, i32 } %lp2

rethrow3:
  resume { ptr, i32 } %lp3

done:
  %p = phi i32 [ %r2, %cont3 ], [ 0, %lpad.catch ]
  ret i32 %p
}

attributes #0 = { nounwind }
