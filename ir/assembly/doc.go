// Package assembly writes an [ir.Module] as LLVM assembly, byte for byte as
// llvm-dis-22 writes it.
//
// [Write] prints, in llvm-dis's order: the module header (ModuleID,
// source_filename, target datalayout and triple, module asm), the
// identified struct types, the comdats, the global variables, aliases and
// ifuncs, the functions, the attribute groups, the named metadata and the
// numbered metadata nodes. Unnamed values are numbered as LLVM's
// SlotTracker numbers them (%0, @0, #0, !0); floating-point constants are
// spelled as LLVM's WriteAPFloatInternal spells them; names and strings are
// quoted and escaped as LLVM does.
//
// Function bodies may be loaded one at a time: with [Options.Loader] set,
// Write loads each function's body just before printing it and drops it
// afterwards, so that memory stays about the size of the module's globals
// plus the largest function.
//
// The printer never panics on a malformed model: a missing operand prints
// as <null operand!>, a value without a number as <badref>, as LLVM's
// writer does on broken IR.
package assembly
