; regen.sh removes the source_filename record from nosrc.bc: llvm-dis-22
; then prints source_filename = "nosrc.bc", the module identifier (the
; path it was given), in its place.
@x = global i32 1
