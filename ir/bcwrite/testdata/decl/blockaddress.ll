; Block addresses: in a global's initializer (a static table of labels) and
; in the body they belong to, and indirectbr.
@table = internal constant [2 x ptr] [ptr blockaddress(@dispatch, %one), ptr blockaddress(@dispatch, %two)]

define i32 @dispatch(i32 %i) {
entry:
  %slot = getelementptr [2 x ptr], ptr @table, i32 0, i32 %i
  %target = load ptr, ptr %slot
  %same = icmp eq ptr %target, blockaddress(@dispatch, %two)
  br i1 %same, label %two, label %go
go:
  indirectbr ptr %target, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}
