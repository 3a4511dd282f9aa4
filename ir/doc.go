// Package ir holds an LLVM IR module as plain Go values: its types, global
// variables, functions, aliases and ifuncs, constants, attributes,
// instructions and metadata, as LLVM 22 has them in memory after reading a
// bitcode file.
//
// The package does no I/O and no printing. Package ir/bitcode builds a
// [Module] from a module's bitstream; package ir/assembly prints one as
// llvm-dis-22 prints it.
//
// Values are pointers: two uses of the same value are the same pointer, so
// that a printer can number unnamed values (%0, %1, ...) by identity. Every
// value has a [Type]; every [Constant] is a [Value]. Global values
// ([GlobalVar], [Function], [Alias], [IFunc]) are constants, as in LLVM.
// Function-local values are [Argument]s, [Block]s and [Instruction]s.
//
// Function bodies may be decoded one at a time: a [Function] whose body has
// not been loaded has Blocks == nil and HasBody set; see [BodyLoader] and
// [BodyReleaser].
//
// Enumerations keep LLVM's in-memory numbering (for example
// [CallingConv], [Linkage]), not the bitcode's, so that a value read from
// any producer means one thing.
package ir
