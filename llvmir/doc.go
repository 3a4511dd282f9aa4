// Package llvmir names the blocks and records of LLVM IR bitstreams as
// llvm-bcanalyzer (LLVM 22) names them: the vocabulary of the bitcode
// format, which package ir/bitcode reads modules with. It also decodes the
// one blob layout both that reader and a bitcode dumper read:
// [NewMetadataStrings] iterates over the strings of a METADATA_STRINGS
// record. Reading what a module says about itself (producer, triple,
// globals, symbols) is the job of ReadInventory in package ir/bitcode.
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
// ([LanguageName], from package [dwarf], which holds the DWARF
// enumerations). Each code is a typed constant whose String gives
// LLVM's name. codes_gen.go is generated from LLVM 22's LLVMBitCodes.h and
// FixedMetadataKinds.def by scripts/gen_codes.py. The encodings LLVM's reader and
// writer spell as bare numbers ([LinkageCode], [VisibilityCode],
// [DLLStorageCode], [ThreadLocalCode], [UnnamedAddrCode], [SyncScopeID],
// [AttributeEncoding], [CmpPredicate], [AllocaPackedBit]) have names of
// ours in the same style. These String methods give LLVM's names;
// [RecordName] and [BlockName] give bcanalyzer's, which differ.
//
// The constant names ([MODULE_BLOCK_ID], [MODULE_CODE_HASH], ...) keep LLVM's
// spelling so that they can be matched against LLVM documentation.
package llvmir
