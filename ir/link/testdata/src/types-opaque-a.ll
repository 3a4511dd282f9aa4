; An opaque struct type, the value type of an external variable; later
; modules have %T with a body (types-opaque-b.ll) or opaque (types-opaque-c.ll):
; llvm-link-22 maps neither onto this one (%T.0 stays).
%T = type opaque
%U = type { i8 }
@t = external global %T
@u = external global %U
@p = global ptr @t
@q = global ptr @u
