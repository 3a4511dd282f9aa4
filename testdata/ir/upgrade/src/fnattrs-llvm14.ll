; Attribute groups (UpgradeAttributes): no-frame-pointer-elim(-non-leaf)
; become frame-pointer, null-pointer-is-valid becomes
; null_pointer_is_valid; implicit-section-name becomes the function's
; section (UpgradeFunctionAttributes).
define void @all() #0 {
  call void @callee() #1
  ret void
}

define void @none() #2 {
  ret void
}

define void @nonleaf() #3 {
  ret void
}

declare void @callee() #4

attributes #0 = { "no-frame-pointer-elim"="true" "no-frame-pointer-elim-non-leaf" "frame-pointer"="none" "null-pointer-is-valid"="true" }
attributes #1 = { "no-frame-pointer-elim-non-leaf" }
attributes #2 = { "no-frame-pointer-elim"="false" "null-pointer-is-valid"="false" }
attributes #3 = { "no-frame-pointer-elim"="false" "no-frame-pointer-elim-non-leaf" "implicit-section-name"="text.hot" }
attributes #4 = { "implicit-section-name"="text.decl" "frame-pointer"="all" }
