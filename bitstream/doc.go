// Package bitstream reads LLVM bitstreams, the container format of LLVM IR
// bitcode, of Clang's serialized ASTs and diagnostics, and of LLVM's
// optimization remarks: nested blocks that record their own length,
// abbreviations that give the shape of records, and BLOCKINFO blocks that
// share abbreviations and names between blocks. It reads a []byte in place,
// as LLVM's BitstreamCursor does.
//
// Start with [NewReader] on the bytes of a raw stream and [ReadMagic] on its
// [Reader.Cursor]. Then either
//
//   - call [Walk] with a [Visitor], which is told of every block and record
//     in stream order, as llvm-bcanalyzer reads them, and returns
//     llvm-bcanalyzer's statistics ([Stats]); or
//   - drive the [Reader] yourself: [Reader.Next] says what comes next (an
//     [Entry]), and [Reader.EnterBlock] (or [Reader.SkipBlock]),
//     [Reader.DefineAbbrev], [Reader.ReadRecord] or
//     [Reader.ReadBlockInfoBlock] (then [Reader.SetBlockInfo]) takes it.
//
// A [Cursor] reads bits: fixed-width and VBR fields, positions counted in
// bits. A [Record] is a record's code, its operands (Ops) and its blob; an
// [Abbrev] the abbreviation it was read with; a [BlockInfo] what BLOCKINFO
// blocks define, owned by one stream. Nothing is copied: ReadRecord appends
// the operands to a slice the caller passes in and reuses, and a blob is a
// sub-slice of the stream, so that reading a record allocates nothing once
// that slice has grown.
//
// A [Writer] writes streams as LLVM's BitstreamWriter does: [Writer.EnterBlock]
// and [Writer.ExitBlock] (the length word filled in), [Writer.DefineAbbrev],
// BLOCKINFO ([Writer.EnterBlockInfo], [Writer.BlockInfoAbbrev]),
// [Writer.WriteRecord] and [Writer.WriteAbbrevRecord], and [Writer.Patch32]
// for offsets known only later. A stream read entry by entry and written
// again with the same abbreviations comes out byte for byte as LLVM wrote it.
//
// The package knows what the bitstream container defines and nothing else:
// what block IDs and record codes mean in LLVM IR is in package llvmir, which
// also reads modules. It does not strip the 0x0B17C0DE wrapper header of
// Darwin bitcode (see package wrapper) or find streams inside object files
// (see package container).
//
// Every error about the input is a *[FormatError]. Its BitPos counts bits
// from the start of the data given to NewReader (or [NewCursor]), and its
// message gives both the bit and the byte: "MSG at bit N (byte 0xB)". Its Err,
// when set, is the cause to test with errors.Is: [io.ErrUnexpectedEOF] for a
// field cut off by the end of the data, [ErrTooDeep], [ErrMalformedBlockInfo]
// or [ErrLiteralBudget]. Counts read from the stream are checked against the
// bits left before anything is sized by them, and blocks nest at most
// [MaxDepth] deep.
package bitstream
