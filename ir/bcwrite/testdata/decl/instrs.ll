target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%pair = type { i32, double }

@arr = global [10 x i32] zeroinitializer, align 16
@fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1

declare i32 @printf(ptr, ...)
declare void @sink(ptr noundef) nounwind
declare double @llvm.fabs.f64(double)

define void @vf() {
  ret void
}

define i32 @ops(i32 %0, i64 %1, double %2, ptr %3, <4 x float> %4) {
  %6 = alloca i32, align 4
  %7 = alloca [8 x i8], align 16
  %8 = alloca %pair, i32 3, align 8
  store volatile i32 %0, ptr %6, align 4
  %9 = load volatile i32, ptr %6, align 4
  %10 = getelementptr inbounds [10 x i32], ptr @arr, i64 0, i64 %1
  %11 = getelementptr nuw i8, ptr %3, i64 4
  %12 = sub nuw nsw i32 %9, 1
  %13 = sdiv exact i32 %12, 2
  %14 = or disjoint i32 %13, 8
  %15 = zext nneg i32 %14 to i64
  %16 = trunc nuw i64 %15 to i16
  %17 = sitofp i16 %16 to double
  %18 = fadd fast double %17, %2
  %19 = fmul nnan ninf double %18, 2.0
  %20 = fneg double %19
  %21 = fcmp olt double %20, 0.0
  %22 = fcmp reassoc oeq double %19, %2
  %23 = icmp samesign ult i32 %9, 100
  %24 = select i1 %21, i32 %9, i32 %14
  %25 = insertvalue %pair undef, i32 %24, 0
  %26 = insertvalue %pair %25, double %19, 1
  %27 = extractvalue %pair %26, 1
  %28 = extractelement <4 x float> %4, i32 2
  %29 = insertelement <4 x float> %4, float 1.0, i64 0
  %30 = freeze i32 %24
  %31 = call double @llvm.fabs.f64(double %27)
  %32 = tail call i32 (ptr, ...) @printf(ptr @fmt, i32 %30, double %31)
  call void @sink(ptr nonnull %7) #0
  %33 = ptrtoint ptr %10 to i64
  %34 = inttoptr i64 %33 to ptr
  %35 = bitcast <4 x float> %29 to <2 x i64>
  switch i32 %24, label %39 [
    i32 1, label %36
    i32 5, label %37
    i32 -7, label %38
  ]

36:
  br label %40

37:
  br label %40

38:
  unreachable

39:
  br label %40

40:
  %41 = phi i32 [ 1, %36 ], [ 0, %37 ], [ %24, %39 ], [ %42, %40 ]
  %42 = add i32 %41, 1
  %43 = xor i32 %42, -1
  %44 = lshr exact i32 %43, 3
  %45 = ashr i32 %44, 1
  %46 = shl nuw i32 %45, 2
  %47 = urem i32 %46, 7
  %48 = frem double %2, 3.0
  %49 = fptosi double %48 to i32
  %50 = and i32 %47, %49
  %51 = icmp eq i32 %50, 0
  br i1 %51, label %40, label %52

52:
  ret i32 %50
}

attributes #0 = { nounwind }
