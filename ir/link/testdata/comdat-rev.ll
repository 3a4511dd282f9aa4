; ModuleID = 'linked.bc'
source_filename = "llvm-link"

$em = comdat exactmatch

$lg = comdat largest

$ss = comdat samesize

$mix = comdat largest

@em = linkonce_odr global [4 x i8] c"abcd", comdat
@ss = linkonce_odr global i64 1, comdat
@lg = linkonce_odr global [8 x i8] zeroinitializer, comdat
@mix = linkonce_odr global i32 2, comdat

define i32 @use_b() {
  %a = call i32 @em_f()
  %b = call i32 @lg_f()
  %c = load i32, ptr @mix, align 4
  ret i32 %a
}

define linkonce_odr i32 @em_f() comdat($em) {
  ret i32 2
}

define linkonce_odr i32 @lg_f() comdat($lg) {
  ret i32 1
}

define i32 @use_a() {
  %a = call i32 @em_f()
  %b = call i32 @lg_f()
  %c = load i32, ptr @mix, align 4
  %d = load i64, ptr @ss, align 4
  %e = load i8, ptr @em, align 1
  %f = load i8, ptr @lg, align 1
  ret i32 %a
}
