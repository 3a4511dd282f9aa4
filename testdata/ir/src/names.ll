; Names and numbering: quoted and escaped identifiers for globals, locals,
; blocks, types, comdats and metadata; unnamed values mixed with named ones
; (slot numbers), names that look like numbers, empty-looking names.
source_filename = "names \22quoted\22\5C.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%"type with space" = type { i32 }
%"1starts.with.digit" = type { i8 }
%"utf8.\C3\A9" = type { ptr }
%-dash = type { i16 }
%$dollar = type { i64 }
%.dot = type { i1 }

$"comdat\22q" = comdat any

@"with space" = global %"type with space" zeroinitializer
@"1digit" = global %"1starts.with.digit" zeroinitializer
@"utf8.\C3\A9" = global %"utf8.\C3\A9" zeroinitializer
@-dash = global %-dash zeroinitializer
@$dollar = global %$dollar zeroinitializer
@.dot = global %.dot zeroinitializer
@_under = global i32 0
@"tab\09" = global i32 0
@"c\22q" = global i32 0, comdat($"comdat\22q")
@0 = global i32 1
@1 = global i32 2
@named.after = global ptr @1

define i32 @"fn with space"(i32 %"arg with space", i32 %0, i32 %"1", i32 %-x) {
"entry block":
  %2 = add i32 %"arg with space", %0
  %"local\22q" = add i32 %2, %"1"
  %3 = mul i32 %"local\22q", %-x
  br label %4

4:
  %.dot = add i32 %3, 1
  %$d = add i32 %.dot, 1
  br label %"5x"

"5x":
  %5 = phi i32 [ %$d, %4 ]
  %"\C3\A9" = add i32 %5, 1
  br label %"block\09tab"

"block\09tab":
  ret i32 %"\C3\A9"
}

define void @unnamed.args(i32, ptr, i64 %named, float) {
  %5 = alloca i32
  store i32 %0, ptr %5
  %6 = load i32, ptr %1
  ret void
}

define i32 @empty.block.names(i1 %c) {
  br i1 %c, label %2, label %3

2:
  ret i32 0

3:
  ret i32 1
}
