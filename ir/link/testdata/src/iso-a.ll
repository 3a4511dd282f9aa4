%union.anon = type { ptr }
@a = global %union.anon zeroinitializer
