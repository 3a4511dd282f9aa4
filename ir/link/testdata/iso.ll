; ModuleID = 'linked.bc'
source_filename = "llvm-link"

%union.anon = type { ptr }
%struct.va = type { i32, ptr }
%struct.TValue = type { %union.anon, i8 }
%union.Value = type { ptr, i64 }

@a = global %union.anon zeroinitializer
@bv = global %struct.va zeroinitializer
@b = global %struct.TValue zeroinitializer
@cv = global %struct.va zeroinitializer
@d = global %union.Value zeroinitializer
