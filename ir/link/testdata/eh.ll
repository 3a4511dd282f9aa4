; ModuleID = 'linked.bc'
source_filename = "llvm-link"

@ti = external constant ptr

define void @eh() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may.throw()
          to label %done unwind label %lpad

lpad:                                             ; preds = %entry
  %lp = landingpad { ptr, i32 }
          catch ptr @ti
          filter [1 x ptr] [ptr @ti]
  resume { ptr, i32 } %lp

done:                                             ; preds = %entry
  ret void
}

declare i32 @__gxx_personality_v0(...)

declare void @may.throw()
