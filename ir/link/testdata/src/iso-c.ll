%struct.va = type { i32, ptr }
%union.Value = type { ptr }
%struct.TValue = type { %union.Value, i8 }
@cv = global %struct.va zeroinitializer
@c = linkonce_odr global %struct.TValue zeroinitializer
