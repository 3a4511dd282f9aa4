// Package bitcode reads LLVM IR bitcode, raw or behind the 0x0B17C0DE
// wrapper header. It has two entry points:
//
//   - [Open] reads modules into the model of package ir, as LLVM 22's
//     BitcodeReader and MetadataLoader do, so that package ir/assembly can
//     print them as llvm-dis-22 does.
//   - [ReadInventory] reads only what a file says about its modules, as
//     'bcextract inspect' prints it: producer, triple, data layout, source
//     file, hash, the [GlobalInfo] of each global value, summary kind,
//     llvm.ident and compile units, and the IR symbol table ([Symtab]);
//     [Inventory.Symbols] and [Inventory.NMSymbols] give the symbols a
//     linker, or llvm-nm, sees. It skips function bodies, types,
//     attributes and most constants by their block lengths, so its cost
//     grows with the number of globals, not with the code. [ReadIdent]
//     reads less still: the first module's producer, triple and source
//     file name, stopping early in the MODULE block.
//
// Both decode a global value record (GLOBALVAR, FUNCTION, ALIAS, IFUNC)
// with the same function, into the enumerations of package ir.
//
// The rest of this comment is about Open.
//
// [Open] reads the top level of a file (raw, or behind the 0x0B17C0DE
// wrapper header): one [Reader] per module, and the string table. A
// Reader's [Reader.Module] reads the module level: types, attribute
// groups, globals, functions, aliases and ifuncs, constants, metadata.
// [Reader.LoadBody] then reads one function body at a time, so that a
// printer can stream a module in the memory of its module level plus its
// largest function. [Options.Open] is Open for a caller that leaves out
// what it does not use (debug info, named metadata, the summary) or reuses
// each body's memory for the next.
//
// The reader reproduces what llvm-dis prints that depends on reading:
// forward references resolved as LLVM resolves them, constants canonical
// as LLVM's uniquing makes them (an all-zero array is zeroinitializer),
// attributes in LLVM's order, metadata attachments by kind ID, and block
// predecessors in use-list order, the USELIST blocks applied.
//
// What LLVM 22 does not know (a newer producer's record code, attribute
// kind, field or block) is read past when the bitstream allows it and
// listed by [Reader.Skipped]; a malformed module is an [*Error] with the
// bit offset of the problem. Inputs are checked before anything is sized
// by them, and nothing recurses on the input's nesting.
//
// Debug-info records become [ir.SpecializedNode]s whose fields are those
// llvm-dis-22 prints, in its order; debug records become [ir.DebugRecord]s;
// the per-module summary becomes an [ir.Summary].
//
// Older bitcode is upgraded as LLVM 22's reader upgrades it (AutoUpgrade):
// typed pointers, intrinsics whose names or signatures changed and the
// calls LLVM 22 rewrites (NVVM, AMDGPU, x86 VNNI and BF16, llvm.objectsize
// ...), debug intrinsics into debug records, constant expressions LLVM 22
// no longer has (as instructions before their user, or in a block of their
// own on a phi's edge; a module that has one in a global initializer is
// refused, as LLVM 22 refuses it), data layouts, module flags,
// !nvvm.annotations and some function attributes. An intrinsic declaration
// that LLVM 22 rewrites and this reader does not (most of the old x86
// SSE/AVX ones, AArch64 SVE, RISC-V crypto ...) is listed by Skipped. Not
// done yet: bitcode older than LLVM 14.
package bitcode
