; dso_local_equivalent and no_cfi constants.
declare void @ext()
declare hidden void @hid()

@tab = global [2 x ptr] [ptr dso_local_equivalent @ext, ptr no_cfi @hid]

define ptr @f() {
  ret ptr dso_local_equivalent @hid
}
