// Package llvmir reads what an LLVM IR bitcode file says about its modules,
// and names the blocks and records of LLVM IR bitstreams as llvm-bcanalyzer
// (LLVM 22) names them.
//
// [ReadFile] is the entry point: given the bytes of a bitcode file, raw
// ("BC" 0xC0DE) or with Darwin's 0x0B17C0DE wrapper header, it returns a
// [File] listing its modules, each a [Module] (producer and epoch, target
// triple, data layout, source file name, module hash, [Global] values,
// [Summary] kind, llvm.ident strings and debug-info compile units), and the
// IR symbol table ([Symtab]) they share. [File.Symbols] and [File.NMSymbols] give the
// symbols a linker, or llvm-nm, sees. [ReadIdent] reads only the producer,
// triple and source file name of the first module, stopping early in the
// MODULE block. For callers that read the stream themselves with package
// bitstream, [DecodeSymtab] decodes a SYMTAB blob and [MetadataStrings] the
// strings of a METADATA_STRINGS record.
//
// The package reads what it needs and skips the rest by block lengths:
// function bodies, types, attributes and most constants are never decoded,
// so it neither disassembles nor verifies a module. The data layout is
// reported as stored, not upgraded as llvm-dis upgrades it. Finding
// bitcode inside object files and archives is package container's job, and
// reading bits is package bitstream's.
//
// A malformed file makes ReadFile return what it read before the problem
// together with a *[ReadError], whose Off is a byte offset in the data given
// to ReadFile (a wrapped file's header included) and whose Err is the cause,
// often a *bitstream.FormatError. Data that is not bitcode gives
// [ErrNotBitcode], and a malformed wrapper header a *wrapper.FormatError. ReadIdent returns its causes unwrapped: a
// bitstream.FormatError there counts bits from the start of the raw stream,
// after any wrapper header. Blocks and records ReadFile does not know (from a
// newer LLVM) are not errors: they are skipped and described in File.Notes.
//
// The names [BlockName], [RecordName] and [BlockID.String] return are those
// of bcanalyzer's built-in tables, which it consults only for streams whose magic is
// 'B','C',0x0,0xC,0xE,0xD ("LLVM IR") and only after any BLOCKINFO BLOCKNAME /
// SETRECORDNAME record has had its chance to override them. They are
// irregular on purpose: for example block 10 prints as
// "PARAMATTR_GROUP_BLOCK_ID", block 14 as "VALUE_SYMTAB", and CONSTANTS_BLOCK
// code 21 as "CST_CODE_BLOCKADDRESS". Several record codes that LLVM defines
// have no name in bcanalyzer and print as "UnknownCode<n>"; RecordName
// reports them as not found. BlockName and RecordName are plain table lookups
// that never allocate, so they can be called once per block and per record
// while dumping.
//
// The package is also the vocabulary of the bitcode format, which the
// reader in package ir/bitcode, the bcanalyzer names and a writer share:
// every block ID ([BlockID]), every record code of every block
// ([ModuleCode], [TypeCode], [ConstantsCode], [FunctionCode],
// [MetadataCode], [SummaryCode], ...), every enumeration encoded in record
// operands ([CastOpcode], [BinaryOpcode], [RMWOperation],
// [AtomicOrderingCode], [CallMarkersFlag], the optional-flag bit numbers,
// [FastMathFlag], [AttributeKindCode], [ComdatSelectionKindCode]), the
// fixed metadata kinds ([MetadataKindID]) and the DW_LANG names
// ([LanguageName]). Each code is a typed constant whose String gives
// LLVM's name. codes_gen.go is generated from LLVM 22's LLVMBitCodes.h and
// FixedMetadataKinds.def by scripts/gen_codes.py, dwarf_gen.go from
// Dwarf.def by scripts/gen_dwarfnames.sh. The encodings LLVM's reader and
// writer spell as bare numbers ([LinkageCode], [VisibilityCode],
// [DLLStorageCode], [ThreadLocalCode], [UnnamedAddrCode], [SyncScopeID],
// [AttributeEncoding], [CmpPredicate], [AllocaPackedBit]) have names of
// ours in the same style. These String methods give LLVM's names;
// [RecordName] and [BlockName] give bcanalyzer's, which differ.
//
// The constant names ([MODULE_BLOCK_ID], [MODULE_CODE_HASH], ...) keep LLVM's
// spelling so that they can be matched against LLVM documentation.
package llvmir
