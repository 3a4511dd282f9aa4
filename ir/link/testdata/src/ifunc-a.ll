; An ifunc and its resolver, used from a function; a declaration of a
; function the other module defines as an ifunc.
@impl = ifunc i32 (), ptr @resolve
define internal ptr @resolve() {
  ret ptr @impl_generic
}
define internal i32 @impl_generic() { ret i32 1 }
declare i32 @other()
define i32 @use() {
  %a = call i32 @impl()
  %b = call i32 @other()
  %c = add i32 %a, %b
  ret i32 %c
}
