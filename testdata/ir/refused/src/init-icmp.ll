; An icmp constant expression that does not fold (extern_weak) in an
; initializer (llvm-as-16).
@w = extern_weak global i32
@g = global { i1 } { i1 icmp eq (ptr @w, ptr null) }
