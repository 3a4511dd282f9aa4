; See types-opaque-a.ll.
%T = type opaque
@t2 = external global %T
@p2 = global ptr @t2
