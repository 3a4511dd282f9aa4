; Identified struct types: those of the same name and shape are merged,
; those of another shape keep the name the context gave them (NAME.N),
; and one of the same body under another name is merged too.
%struct.S = type { i32, ptr }
%struct.T = type { i8 }
%struct.P = type { i64, i64 }

@sa = global %struct.S zeroinitializer
@ta = global %struct.T zeroinitializer
@pa = global %struct.P zeroinitializer
