package readobj

// The ELF reading the dumps share: section contents, decompressed. The BB
// address map sections, their relocations applied as llvm-readobj-22 applies
// them, and function names by address come from package bbmap, which the
// bbmap command reads them with too.

// sttFunc is STT_FUNC, a function symbol's type.
const sttFunc = 2
