; An empty source_filename record: llvm-dis-22 prints no source_filename.
source_filename = ""

@x = global i32 1
