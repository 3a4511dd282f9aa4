; llvm-as flags: -disable-verify
; Two-field llvm.global_ctors/dtors (UpgradeGlobalVariable): rebuilt with
; a third field ptr null, keeping only name, linkage and elements, at the
; end of the global list; a zeroinitializer list becomes [0 x ...].
@a = global i32 1
@llvm.global_ctors = appending global [2 x { i32, void ()* }] [{ i32, void ()* } { i32 1, void ()* @c }, { i32, void ()* } { i32 65535, void ()* null }], section "x", align 8
@b = global i32 2
@llvm.global_dtors = appending global [1 x { i32, void ()* }] zeroinitializer

define void @c() {
  ret void
}
