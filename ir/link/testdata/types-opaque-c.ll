; ModuleID = 'linked.bc'
source_filename = "llvm-link"

%T = type opaque
%U = type { i8 }
%T.0 = type opaque

@t = external global %T
@u = external global %U
@p = global ptr @t
@q = global ptr @u
@t2 = external global %T.0
@p2 = global ptr @t2
