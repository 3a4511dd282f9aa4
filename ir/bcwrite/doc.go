// Package bcwrite writes an [ir.Module] as LLVM bitcode, as LLVM 22's
// bitcode writer writes it: the same blocks, records, abbreviations,
// value numbering and string table, so that the bytes are those of
// `opt-22 in.bc -o out.bc` for the module read from in.bc.
//
// This is the first slice of the writer (issue 31): the module level of
// modules without function bodies or metadata (types, attribute groups
// and lists, global variables and their constant initializers, function
// declarations, the fixed blocks of LLVM 22's context, the value symbol
// table, the IR symbol table and the string table). A module with
// anything else is refused with an [UnsupportedError] naming it; nothing
// is written that LLVM would not write.
package bcwrite
