; Comdats of the data-dependent kinds: each led by the variable of its
; name; a function in each.
$em = comdat exactmatch
$ss = comdat samesize
$lg = comdat largest
$mix = comdat any
@em = linkonce_odr global [4 x i8] c"abcd", comdat
@ss = linkonce_odr global i64 1, comdat
@lg = linkonce_odr global [8 x i8] zeroinitializer, comdat
@mix = linkonce_odr global i32 1, comdat
define linkonce_odr i32 @em_f() comdat($em) { ret i32 1 }
define linkonce_odr i32 @lg_f() comdat($lg) { ret i32 1 }
define i32 @use_a() {
  %a = call i32 @em_f()
  %b = call i32 @lg_f()
  %c = load i32, ptr @mix
  %d = load i64, ptr @ss
  %e = load i8, ptr @em
  %f = load i8, ptr @lg
  ret i32 %a
}
