; ModuleID = 'linked.bc'
source_filename = "llvm-link"

@impl = ifunc i32 (), ptr @resolve
@other = ifunc i32 (), ptr @resolve.3

define i32 @use() {
  %a = call i32 @impl()
  %b = call i32 @other()
  %c = add i32 %a, %b
  ret i32 %c
}

define internal ptr @resolve() {
  ret ptr @impl_generic
}

define internal i32 @impl_generic() {
  ret i32 1
}

define internal ptr @resolve.3() {
  ret ptr @fast
}

define internal i32 @fast() {
  ret i32 2
}
