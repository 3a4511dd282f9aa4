; ModuleID = 'linked.bc'
source_filename = "llvm-link"
target triple = "x86_64-pc-windows-msvc"

$c = comdat largest

@before = global i32 1
@p = global ptr @v
@q = global ptr @al
@al = external global i32
@first = global i32 2
@c = global [8 x i8] zeroinitializer, comdat
@v = linkonce_odr global i32 8, comdat($c)

define i32 @user() {
  %r = call i32 @f()
  ret i32 %r
}

define i32 @after() {
  ret i32 0
}

define linkonce_odr i32 @f() comdat($c) {
  ret i32 2
}

define i32 @buser() {
  %r = call i32 @f()
  ret i32 %r
}
