; ModuleID = 'linked.bc'
source_filename = "llvm-link"

@vx = internal global i32 9
@vb = global i32 2

define i32 @main() {
  %x = call i32 @lo()
  ret i32 %x
}

define i32 @usec() {
  %a = call i32 @loc()
  %b = load i32, ptr @vx, align 4
  ret i32 %b
}

define internal i32 @loc() {
  ret i32 5
}

define i32 @gb() {
  %x = call i32 @lo()
  ret i32 %x
}

define linkonce_odr i32 @lo() {
  ret i32 1
}
