; ModuleID = 'linked.bc'
source_filename = "llvm-link"

%T = type { i32, ptr }
%U = type { i8 }
%T.0 = type opaque

@t = global %T zeroinitializer
@u = global %U zeroinitializer
@t2 = external global %T.0
@p2 = global ptr @t2
