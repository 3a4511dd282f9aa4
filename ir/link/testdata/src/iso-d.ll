%union.Value = type { ptr, i64 }
@d = global %union.Value zeroinitializer
