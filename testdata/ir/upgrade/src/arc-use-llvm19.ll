; Without the marker only clang.arc.use is upgraded.
declare void @clang.arc.use(...)
declare ptr @objc_retain(ptr)

define void @f(ptr %p) {
  %r = call ptr @objc_retain(ptr %p)
  call void (...) @clang.arc.use(ptr %p)
  ret void
}
