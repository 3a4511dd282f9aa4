; Defines @other as an ifunc, with a local resolver whose name clashes.
@other = ifunc i32 (), ptr @resolve
define internal ptr @resolve() {
  ret ptr @fast
}
define internal i32 @fast() { ret i32 2 }
