define void @f() "hybrid_patchable" { ret void }
define void @g() #0 { ret void }
attributes #0 = { hybrid_patchable }
