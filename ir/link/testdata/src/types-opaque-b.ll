; See types-opaque-a.ll.
%T = type { i32, ptr }
%U = type { i8 }
@t = global %T zeroinitializer
@u = global %U zeroinitializer
