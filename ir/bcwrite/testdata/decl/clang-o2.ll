
source_filename = "c.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = dso_local local_unnamed_addr global [10 x i32] zeroinitializer, align 16

; Function Attrs: nofree norecurse nosync nounwind memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local i32 @sum(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = icmp sgt i32 %1, 0
  br i1 %3, label %4, label %29

4:                                                ; preds = %2
  %5 = zext nneg i32 %1 to i64
  %6 = icmp eq i32 %1, 8
  br i1 %6, label %7, label %17

7:                                                ; preds = %4
  %8 = getelementptr inbounds nuw i8, ptr %0, i64 16
  %9 = load <4 x i32>, ptr %0, align 4, !tbaa !5
  %10 = load <4 x i32>, ptr %8, align 4, !tbaa !5
  %11 = load <4 x i32>, ptr @g, align 16, !tbaa !5
  %12 = load <4 x i32>, ptr getelementptr inbounds nuw (i8, ptr @g, i64 16), align 16, !tbaa !5
  %13 = mul nsw <4 x i32> %11, %9
  %14 = mul nsw <4 x i32> %12, %10
  %15 = add <4 x i32> %14, %13
  %16 = tail call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %15)
  br label %29

17:                                               ; preds = %4
  %18 = and i64 %5, 1
  %19 = icmp eq i64 %18, 0
  br i1 %19, label %24, label %20

20:                                               ; preds = %17
  %21 = load i32, ptr %0, align 4, !tbaa !5
  %22 = load i32, ptr @g, align 4, !tbaa !5
  %23 = mul nsw i32 %22, %21
  br label %24

24:                                               ; preds = %20, %17
  %25 = phi i32 [ poison, %17 ], [ %23, %20 ]
  %26 = phi i64 [ 0, %17 ], [ 1, %20 ]
  %27 = phi i32 [ 0, %17 ], [ %23, %20 ]
  %28 = icmp eq i32 %1, 1
  br i1 %28, label %29, label %31

29:                                               ; preds = %24, %31, %7, %2
  %30 = phi i32 [ 0, %2 ], [ %16, %7 ], [ %25, %24 ], [ %48, %31 ]
  ret i32 %30

31:                                               ; preds = %24, %31
  %32 = phi i64 [ %49, %31 ], [ %26, %24 ]
  %33 = phi i32 [ %48, %31 ], [ %27, %24 ]
  %34 = getelementptr inbounds nuw i32, ptr %0, i64 %32
  %35 = load i32, ptr %34, align 4, !tbaa !5
  %36 = and i64 %32, 7
  %37 = getelementptr inbounds nuw i32, ptr @g, i64 %36
  %38 = load i32, ptr %37, align 4, !tbaa !5
  %39 = mul nsw i32 %38, %35
  %40 = add nsw i32 %39, %33
  %41 = add nuw nsw i64 %32, 1
  %42 = getelementptr inbounds nuw i32, ptr %0, i64 %41
  %43 = load i32, ptr %42, align 4, !tbaa !5
  %44 = and i64 %41, 7
  %45 = getelementptr inbounds nuw i32, ptr @g, i64 %44
  %46 = load i32, ptr %45, align 4, !tbaa !5
  %47 = mul nsw i32 %46, %43
  %48 = add nsw i32 %47, %40
  %49 = add nuw nsw i64 %32, 2
  %50 = icmp eq i64 %49, %5
  br i1 %50, label %29, label %31, !llvm.loop !9
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>) #1

attributes #0 = { nofree norecurse nosync nounwind memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.isvectorized", i32 1}
