; The program: it uses f and v of the library, and defines w weakly.
declare i32 @f()
@v = external global i32
define weak i32 @w() { ret i32 0 }
define i32 @main() {
  %a = call i32 @f()
  %b = load i32, ptr @v
  %c = call i32 @w()
  ret i32 %a
}
