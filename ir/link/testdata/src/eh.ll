; A landingpad using a global directly and inside a later clause's
; aggregate: llvm-link-22 writes a use-list order for it that the
; linker, which keeps no orders of global values, does not write.
@ti = external constant ptr

declare i32 @__gxx_personality_v0(...)

declare void @may.throw()

define void @eh() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may.throw()
          to label %done unwind label %lpad

lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @ti
          filter [1 x ptr] [ptr @ti]
  resume { ptr, i32 } %lp

done:
  ret void
}
