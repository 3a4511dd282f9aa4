; !nvvm.annotations entries of LLVM 14: kernels get the ptx_kernel calling
; convention, launch bounds become "nvvm.*" attributes, align becomes
; alignstack, grid_constant a parameter attribute; what is left stays.
target triple = "nvptx64-nvidia-cuda"
define void @a(i32* %p) { ret void }
define void @b(i32* %p, i32 %x) #0 { ret void }
define void @c() { ret void }
define void @d() { ret void }
@g = global i32 0
attributes #0 = { nounwind }
!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9}
!0 = !{void (i32*)* @a, !"kernel", i32 1, !"maxntidx", i32 64, !"maxntidz", i32 2}
!1 = !{void (i32*, i32)* @b, !"reqntidx", i32 8, !"reqntidy", i32 4, !"kernel", i32 0}
!2 = !{void ()* @c, !"maxnreg", i32 32, !"foo", i32 7}
!3 = !{void ()* @c, !"minctasm", i32 3}
!4 = !{void (i32*, i32)* @b, !"align", i32 16}
!5 = !{i32* @g, !"texture", i32 1}
!6 = !{void ()* @d, !"maxclusterrank", i32 4, !"cluster_dim_x", i32 2, !"cluster_dim_y", i32 1}
!7 = !{void ()* @d, !"kernel", i32 1}
!8 = !{void (i32*, i32)* @b, !"grid_constant", !10}
!9 = !{void ()* @c, !"maxntidy", i32 5}
!10 = !{i32 1}
