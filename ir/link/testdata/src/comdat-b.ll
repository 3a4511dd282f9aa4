; The same comdats: the same bytes for exactmatch, the same size for
; samesize, a smaller leader for largest, and largest for the any one.
$em = comdat exactmatch
$ss = comdat samesize
$lg = comdat largest
$mix = comdat largest
@em = linkonce_odr global [4 x i8] c"abcd", comdat
@ss = linkonce_odr global i64 2, comdat
@lg = linkonce_odr global [4 x i8] zeroinitializer, comdat
@mix = linkonce_odr global i32 2, comdat
define linkonce_odr i32 @em_f() comdat($em) { ret i32 2 }
define linkonce_odr i32 @lg_f() comdat($lg) { ret i32 2 }
define i32 @use_b() {
  %a = call i32 @em_f()
  %b = call i32 @lg_f()
  %c = load i32, ptr @mix
  ret i32 %a
}
