; The library: f (which uses k and a comdat's linkonce members), v, a
; strong w, h that nothing uses, u kept by @llvm.used, an externally
; initialized variable, a dllexport function and a one-member comdat.
$grp = comdat any
$one = comdat any
@v = global i32 1
@ext = externally_initialized global i32 2
@u = global i32 3
@c1 = linkonce_odr global i32 4, comdat($grp)
@llvm.used = appending global [1 x ptr] [ptr @u], section "llvm.metadata"
define i32 @f() {
  %a = call i32 @k()
  %b = call i32 @g1()
  %c = load i32, ptr @c1
  %d = call i32 @solo()
  ret i32 %a
}
define i32 @k() { ret i32 1 }
define linkonce_odr i32 @g1() comdat($grp) { ret i32 2 }
define i32 @solo() comdat($one) { ret i32 5 }
define i32 @w() { ret i32 3 }
define i32 @h() { ret i32 4 }
define dllexport i32 @exported() { ret i32 6 }
define hidden i32 @hid() { %x = load i32, ptr @ext
  ret i32 %x }
