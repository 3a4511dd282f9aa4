; ModuleID = 'linked.bc'
source_filename = "llvm-link"

%T.0 = type { i32, ptr }
%U = type { i8 }

@p = global ptr @t
@q = global ptr @u
@t = global %T.0 zeroinitializer
@u = global %U zeroinitializer
