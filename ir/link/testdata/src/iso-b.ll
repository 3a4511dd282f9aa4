%union.Value = type { ptr }
%struct.TValue = type { %union.Value, i8 }
%struct.va = type { i32, ptr }
@bv = global %struct.va zeroinitializer
@b = global %struct.TValue zeroinitializer
