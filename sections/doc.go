// Package sections decodes LLVM's extension sections (SHT_LLVM_* and their
// COFF and Mach-O peers) from bytes into typed values. Decoders never print.
//
// Each decoder takes a section's contents, a []byte the caller takes from the
// object (for most, the Data of a container.Payload of kind
// container.KindExtension), and most take the section's name too, for error
// messages:
//
//   - [DecodeBBAddrMap] (and [DecodeBBAddrMapV0] for LLVM 14's layout;
//     [BBAddrMapReader] for one function at a time in reused memory):
//     basic block address maps, SHT_LLVM_BB_ADDR_MAP
//   - [DecodeCGProfileWeights] and [PairCGProfile] (ELF), or
//     [DecodeCGProfileEntries] (COFF, Mach-O, LLVM 9-12 ELF): call-graph
//     profiles, SHT_LLVM_CALL_GRAPH_PROFILE and __LLVM,__cg_profile
//   - [DecodeCallGraph]: SHT_LLVM_CALL_GRAPH
//   - [DecodeAddrsig]: address-significance tables, SHT_LLVM_ADDRSIG and
//     COFF .llvm_addrsig
//   - [DecodeDependentLibraries]: SHT_LLVM_DEPENDENT_LIBRARIES
//   - [DecodeLinkerOptions]: SHT_LLVM_LINKER_OPTIONS
//   - [DecodeSymPart]: SHT_LLVM_SYMPART
//   - [DecodeJumpTableSizes]: SHT_LLVM_JT_SIZES
//   - [DecodeOffloading]: offload binaries, SHT_LLVM_OFFLOADING and
//     clang-offload-packager files
//   - [DecodePCSection]: the sections of !pcsections metadata
//   - [DecodeCmdlines]: the command lines of .llvmcmd and __LLVM,__cmdline
//
// The package reads no object files: symbol indices in the results (call-graph
// profiles, address-significance tables) are left for the caller to name with
// the object's symbol table (see container/elf, container/macho and
// container/coff), and relocations are applied only where a decoder takes
// them as an argument (BBAddrMapOptions.Addend, PairCGProfile,
// DecodePCSectionWith). Byte order and address size, where a section depends
// on them, are arguments too.
//
// [PrettyFrequency] and [PrettyProbability] format the PGO values of a
// decoded BB address map as llvm-readobj-22 --pretty-pgo-analysis-map does,
// for the printers built on the package.
//
// Malformed contents give a *[DecodeError] with the section's name and the
// byte offset in the section where the problem was found; its Msg is worded as
// llvm-readobj (LLVM 22) words the same problem, where llvm-readobj decodes
// the section (it does not decode SHT_LLVM_SYMPART). Several decoders return what
// they decoded before the problem along with the error; each function says.
package sections
