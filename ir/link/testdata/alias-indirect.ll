; ModuleID = 'linked.bc'
source_filename = "llvm-link"

@b = global i32 5
@fi = global i32 6
@x = global i32 1

@a = alias i32, ptr @b.2
@ai = alias void (), ptr @fi.1
@b.2 = internal alias i32, ptr @x

@fi.1 = internal ifunc void (), ptr @resolver

define i32 @use() {
  %v = load i32, ptr @b, align 4
  ret i32 %v
}

define i32 @user() {
  %v = load i32, ptr @a, align 4
  call void @ai()
  ret i32 %v
}

define internal ptr @resolver() {
  ret ptr null
}
