// Package minllvm says which LLVM reads a bitcode module: the oldest LLVM
// release (a major version) from which every newer one, up to LLVM 22,
// reads the module correctly, and the first thing in the module that
// needs it.
//
// "Correctly" means without error and without misreading: a reader that
// takes a record it does not know in full for something else (LLVM 16
// reads a getelementptr nusw as inbounds, LLVM 19 a ptrauth constant of
// five operands as one of four) does not read the module. Readers are not
// monotonic at the bottom: LLVM 13 reads some modules of opaque pointers
// that LLVM 14 refuses, hence "from which every newer one".
//
// The answer is worked out from the records of the module as its
// producer wrote them, by rules taken from the readers of LLVM 13 to 21
// (BitcodeReader.cpp and MetadataLoader.cpp of each release): what each
// record needs (records.go, metadata.go), which attribute kinds each
// release knows (attrs.go), which summary versions it reads, which
// alignment it gives an i1 from the data layout (align.go), which
// intrinsics it has (the declarations' names in the string table,
// llvmir.IntrinsicOfName: a reader without one takes a call of it for
// one of an unknown function, or of another intrinsic whose name begins
// its own; nvvm.go). What depends
// on the type of a value a record gives by number (a floating-point
// atomicrmw of a vector) is left to a reader of the IR (Need.FPAtomics;
// inspect.MinLLVM). Readers
// older than LLVM 13 are not considered: a module nothing in which needs
// more is said to need LLVM 13 ([Oldest]). LLVM 20's reader is not among
// the sources: what LLVM 21 reads and LLVM 19 does not is said to need
// LLVM 21.
package minllvm
