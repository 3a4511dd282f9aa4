package bitstream

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// A Writer writes a bitstream as LLVM's BitstreamWriter does: fields are
// packed least significant bit first into little-endian 32-bit words,
// blocks record their length in a word that is filled in when they end,
// and abbreviations, from DEFINE_ABBREV or BLOCKINFO, give records their
// shape. Two writers given the same calls make the same bytes as LLVM's
// writer given the same calls, so that a stream read record by record
// and written again with the same abbreviations comes out byte for byte
// as it went in.
//
// A Writer does not fail on its own: a call that cannot be honoured (a
// value that does not fit its abbreviation operand, an abbreviation ID the
// block does not define, an ExitBlock outside any block) sets an error
// that Err returns, and every later call does nothing. Check Err once,
// after the last call.
//
// A Writer from NewWriter holds the stream in memory; one from
// NewStreamWriter writes it out as it goes (see StreamOutput).
type Writer struct {
	buf []byte
	// out, for a stream writer, is where the bytes before buf go: base
	// of them are there, and buf is written out once it holds flushAt
	// bytes (math.MaxInt without out).
	out     StreamOutput
	base    int64
	flushAt int
	// cur holds the nbits (< 32) bits written after the last whole word.
	cur   uint64
	nbits uint

	codeWidth uint
	abbrevs   []*Abbrev // the current block's, IDs from FirstApplicationAbbrev
	scopes    []writeScope

	// info holds the abbreviations BLOCKINFO gave each block ID.
	info map[uint32][]*Abbrev
	// infoID is the block ID the last SETBID selected, when haveInfoID.
	infoID     uint32
	haveInfoID bool

	err error
}

// A writeScope is an open block: what to restore when it ends, and where
// its length word is.
type writeScope struct {
	id        uint32
	codeWidth uint
	abbrevs   []*Abbrev
	lenWord   int64 // byte offset of the length word in the stream
}

// A StreamOutput is what a stream writer writes to: the bytes are
// written in order, each once, except for the few that back-patching
// changes after they were written out, which are read back and written
// again. An *os.File is one.
type StreamOutput interface {
	io.WriterAt
	io.ReaderAt
}

// A WriteError reports a call a Writer could not honour. BitPos is where
// in the stream the writer was.
type WriteError struct {
	BitPos uint64
	Msg    string
	Err    error // the output's error, for a stream writer's failed write
}

// Unwrap returns Err.
func (e *WriteError) Unwrap() error { return e.Err }

// Error returns "bitstream: MSG (writing bit N)".
func (e *WriteError) Error() string {
	return fmt.Sprintf("bitstream: %s (writing bit %d)", e.Msg, e.BitPos)
}

// NewWriter returns a Writer that writes into buf's storage, from its
// start: buf[:0] is reused, so that a caller writing many streams can
// hand back the bytes of the last one. The top-level abbreviation width
// is 2.
func NewWriter(buf []byte) *Writer {
	return &Writer{buf: buf[:0], codeWidth: 2, flushAt: math.MaxInt}
}

// NewStreamWriter returns a Writer that writes the stream to out, from
// offset 0, as it goes: whenever it holds chunk bytes or more (at least
// 4), and at Flush. The stream's bytes are never all in memory, so that a
// large stream costs chunk bytes of memory rather than its size; the
// bytes a patch (ExitBlock's length words, Patch32, Patch64) changes
// after they were written out are read back from out and written again.
// An error from out is the writer's error (Err). The top-level
// abbreviation width is 2.
func NewStreamWriter(out StreamOutput, chunk int) *Writer {
	chunk = max(chunk, 4)
	return &Writer{buf: make([]byte, 0, chunk+chunk/4), out: out, codeWidth: 2, flushAt: chunk}
}

// Bytes returns the whole 32-bit words written and not yet written out
// (all of them, for a Writer from NewWriter). A stream ends on a word
// boundary once its last block has ended (or after Align32); bits written
// since the last boundary are not in Bytes.
func (w *Writer) Bytes() []byte { return w.buf }

// Flush writes out the whole words a stream writer holds. It does nothing
// for a Writer from NewWriter. It returns Err.
func (w *Writer) Flush() error {
	if w.out != nil && w.err == nil && len(w.buf) > 0 {
		w.flush()
	}
	return w.err
}

// maybeFlush writes out what a stream writer holds once it is a chunk or
// more: called before each record and block (not in emit, which stays
// small enough to inline).
func (w *Writer) maybeFlush() {
	if len(w.buf) >= w.flushAt {
		w.flushChunk()
	}
}

// flushChunk is maybeFlush's writing out, between whole words.
func (w *Writer) flushChunk() {
	if (w.base+int64(len(w.buf)))%4 == 0 && w.err == nil {
		w.flush()
	}
}

// flush writes buf out after the base bytes out has.
func (w *Writer) flush() {
	if _, err := w.out.WriteAt(w.buf, w.base); err != nil {
		w.failErr(err)
		return
	}
	w.base += int64(len(w.buf))
	w.buf = w.buf[:0]
}

// failErr makes err, out's, the writer's error.
func (w *Writer) failErr(err error) {
	if w.err == nil {
		w.err = &WriteError{BitPos: w.BitPos(), Msg: err.Error(), Err: err}
	}
}

// BitPos returns the number of bits written.
func (w *Writer) BitPos() uint64 { return uint64(w.base+int64(len(w.buf)))*8 + uint64(w.nbits) }

// Err returns the first call the writer could not honour, or nil.
func (w *Writer) Err() error { return w.err }

// Depth returns the number of open blocks.
func (w *Writer) Depth() int { return len(w.scopes) }

// CodeWidth returns the current abbreviation ID width.
func (w *Writer) CodeWidth() uint { return w.codeWidth }

func (w *Writer) fail(format string, args ...any) {
	if w.err == nil {
		w.err = &WriteError{BitPos: w.BitPos(), Msg: fmt.Sprintf(format, args...)}
	}
}

// Emit writes the low width bits of v, width from 0 to 64. Bits of v
// above width are an error.
func (w *Writer) Emit(v uint64, width uint) {
	if width < 64 && v>>width != 0 {
		w.fail("value %d does not fit in %d bits", v, width)
	}
	if w.err != nil {
		return
	}
	if width > 32 {
		w.emit(v&0xffffffff, 32)
		v >>= 32
		width -= 32
	}
	w.emit(v, width)
}

// emit writes the low width bits of v, width at most 32 and v without
// bits above it.
func (w *Writer) emit(v uint64, width uint) {
	w.cur |= v << w.nbits
	w.nbits += width
	if w.nbits >= 32 {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, uint32(w.cur))
		w.cur >>= 32
		w.nbits -= 32
	}
}

// EmitVBR writes v as a variable-width value: width-bit chunks, each with
// width-1 bits of v, low bits first, and a continuation bit on top. width
// must be 2 to 32.
func (w *Writer) EmitVBR(v uint64, width uint) {
	if width < 2 || width > maxChunk {
		w.fail("VBR width %d", width)
	}
	if w.err != nil {
		return
	}
	w.vbr(v, width)
}

func (w *Writer) vbr(v uint64, width uint) {
	hi := uint64(1) << (width - 1)
	for v >= hi {
		w.emit(v&(hi-1)|hi, width)
		v >>= width - 1
	}
	w.emit(v, width)
}

// Align32 writes zero bits up to the next 32-bit boundary.
func (w *Writer) Align32() {
	if w.err == nil && w.nbits > 0 {
		w.emit(0, 32-w.nbits)
	}
}

// WriteMagic writes the 32-bit magic number of a stream of kind k as
// ReadMagic reads it: 'B' 'C' then 0x0 0xC 0xE 0xD in 4-bit fields for
// LLVM IR, four 8-bit fields ("CPCH", "DIAG", "RMRK") for the others.
func (w *Writer) WriteMagic(k StreamKind) {
	var four string
	switch k {
	case LLVMIRStream:
		w.Emit('B', 8)
		w.Emit('C', 8)
		for _, v := range [...]uint64{0x0, 0xC, 0xE, 0xD} {
			w.Emit(v, 4)
		}
		return
	case ClangASTStream:
		four = "CPCH"
	case ClangDiagStream:
		four = "DIAG"
	case LLVMRemarksStream:
		four = "RMRK"
	default:
		w.fail("no magic number for stream kind %v", k)
		return
	}
	for i := 0; i < len(four); i++ {
		w.Emit(uint64(four[i]), 8)
	}
}

// code writes an abbreviation ID in the current width.
func (w *Writer) code(id uint64) { w.emit(id, w.codeWidth) }

// EnterBlock starts block id whose abbreviation IDs are codeWidth bits
// wide (1 to 32): ENTER_SUBBLOCK, the ID and width, alignment, and a
// length word that ExitBlock fills in. The abbreviations BLOCKINFO gave id
// are defined in it.
func (w *Writer) EnterBlock(id uint32, codeWidth uint) {
	w.maybeFlush()
	if codeWidth == 0 || codeWidth > maxChunk {
		w.fail("block %d: abbreviation width %d", id, codeWidth)
	}
	if w.err != nil {
		return
	}
	w.code(ENTER_SUBBLOCK)
	w.vbr(uint64(id), 8)
	w.vbr(uint64(codeWidth), 4)
	w.Align32()
	w.scopes = append(w.scopes, writeScope{id: id, codeWidth: w.codeWidth, abbrevs: w.abbrevs, lenWord: w.base + int64(len(w.buf))})
	w.emit(0, 32)
	w.codeWidth = codeWidth
	inherited := w.info[id]
	w.abbrevs = inherited[:len(inherited):len(inherited)]
}

// ExitBlock ends the innermost open block: END_BLOCK, alignment, and its
// length in 32-bit words in its length word.
func (w *Writer) ExitBlock() {
	if len(w.scopes) == 0 {
		w.fail("ExitBlock outside any block")
	}
	if w.err != nil {
		return
	}
	w.code(END_BLOCK)
	w.Align32()
	s := w.scopes[len(w.scopes)-1]
	w.scopes = w.scopes[:len(w.scopes)-1]
	end := w.base + int64(len(w.buf))
	w.putWord(s.lenWord, uint32((end-s.lenWord-4)/4))
	w.codeWidth, w.abbrevs = s.codeWidth, s.abbrevs
}

// inBlockInfo says whether the innermost open block is BLOCKINFO.
func (w *Writer) inBlockInfo() bool {
	return len(w.scopes) > 0 && w.scopes[len(w.scopes)-1].id == BLOCKINFO_BLOCK_ID
}

// MakeAbbrev returns the abbreviation with operands ops (the first one
// gives the record code), its ArrayIndex set. The Writer checks it when it
// is defined.
func MakeAbbrev(ops ...AbbrevOp) *Abbrev {
	a := &Abbrev{Ops: ops, ArrayIndex: -1}
	for i, op := range ops {
		if op.Enc == Array {
			a.ArrayIndex = i
			break
		}
	}
	return a
}

// checkAbbrev returns what makes a unfit to define, or "".
func checkAbbrev(a *Abbrev) string {
	if a == nil || len(a.Ops) == 0 {
		return "abbreviation with no operands"
	}
	for i, op := range a.Ops {
		switch op.Enc {
		case Literal, Char6:
		case Fixed, VBR:
			if op.Value > maxChunk || op.Enc == VBR && op.Value == 1 {
				return fmt.Sprintf("operand %d: %v(%d)", i, op.Enc, op.Value)
			}
		case Array:
			if i != len(a.Ops)-2 {
				return fmt.Sprintf("operand %d: Array is not the second-to-last operand", i)
			}
			elt := a.Ops[i+1]
			if e := elt.Enc; e == Literal || e == Array || e == Blob {
				return fmt.Sprintf("operand %d: the Array's element is %v", i, e)
			}
			if (elt.Enc == Fixed || elt.Enc == VBR) && elt.Value == 0 {
				// Readers take it for a Literal 0, which no Array holds.
				return fmt.Sprintf("operand %d: the Array's element is %v(0)", i, elt.Enc)
			}
		case Blob:
			if i != len(a.Ops)-1 {
				return fmt.Sprintf("operand %d: Blob is not the last operand", i)
			}
		default:
			return fmt.Sprintf("operand %d: encoding %d", i, op.Enc)
		}
		if i == 0 && (op.Enc == Array || op.Enc == Blob) {
			return fmt.Sprintf("the record code is an %v", op.Enc)
		}
	}
	return ""
}

// encodeAbbrev writes a DEFINE_ABBREV of a.
func (w *Writer) encodeAbbrev(a *Abbrev) {
	w.code(DEFINE_ABBREV)
	w.vbr(uint64(len(a.Ops)), 5)
	for _, op := range a.Ops {
		if op.Enc == Literal && op.Value == 0 && (op.ZeroWidth == Fixed || op.ZeroWidth == VBR) {
			op = AbbrevOp{Enc: op.ZeroWidth}
		}
		if op.Enc == Literal {
			w.emit(1, 1)
			w.vbr(op.Value, 8)
			continue
		}
		w.emit(0, 1)
		w.emit(uint64(op.Enc), 3)
		if op.Enc == Fixed || op.Enc == VBR {
			w.vbr(op.Value, 5)
		}
	}
}

// DefineAbbrev defines a in the current block and returns its
// abbreviation ID: the next after those of BLOCKINFO and of the block's
// earlier definitions. In a BLOCKINFO block use BlockInfoAbbrev.
func (w *Writer) DefineAbbrev(a *Abbrev) uint32 {
	if msg := checkAbbrev(a); msg != "" {
		w.fail("%s", msg)
	} else if w.inBlockInfo() {
		w.fail("DefineAbbrev in BLOCKINFO (BlockInfoAbbrev defines the abbreviations of other blocks)")
	}
	if w.err != nil {
		return 0
	}
	w.encodeAbbrev(a)
	w.abbrevs = append(w.abbrevs, a)
	return uint32(len(w.abbrevs)-1) + FirstApplicationAbbrev
}

// EnterBlockInfo starts a BLOCKINFO block (abbreviation width 2). Inside
// it, BlockInfoAbbrev and BlockInfoRecord write what it says about other
// blocks; ExitBlock ends it. What an earlier BLOCKINFO block defined is
// forgotten, as LLVM's writer forgets it: each module of a bitcode file
// has its own.
func (w *Writer) EnterBlockInfo() {
	w.EnterBlock(BLOCKINFO_BLOCK_ID, 2)
	w.haveInfoID = false
	clear(w.info)
}

// switchInfoID writes a SETBID for block id unless id is the block the
// last one selected.
func (w *Writer) switchInfoID(id uint32) {
	if !w.inBlockInfo() {
		w.fail("BLOCKINFO definition outside a BLOCKINFO block")
		return
	}
	if w.haveInfoID && w.infoID == id {
		return
	}
	w.WriteRecord(BLOCKINFO_CODE_SETBID, []uint64{uint64(id)})
	w.infoID, w.haveInfoID = id, true
}

// BlockInfoAbbrev defines a for every block blockID that starts after
// this, as LLVM's EmitBlockInfoAbbrev does: a SETBID for blockID when the
// last definition was for another block, then the DEFINE_ABBREV. It
// returns the abbreviation ID a has in those blocks.
func (w *Writer) BlockInfoAbbrev(blockID uint32, a *Abbrev) uint32 {
	if msg := checkAbbrev(a); msg != "" {
		w.fail("%s", msg)
	}
	w.switchInfoID(blockID)
	if w.err != nil {
		return 0
	}
	w.encodeAbbrev(a)
	if w.info == nil {
		w.info = map[uint32][]*Abbrev{}
	}
	w.info[blockID] = append(w.info[blockID], a)
	return uint32(len(w.info[blockID])-1) + FirstApplicationAbbrev
}

// BlockInfoRecord writes an unabbreviated record about blockID in a
// BLOCKINFO block (BLOCKINFO_CODE_BLOCKNAME or
// BLOCKINFO_CODE_SETRECORDNAME), after a SETBID when the last definition
// was for another block.
func (w *Writer) BlockInfoRecord(blockID uint32, code uint32, ops []uint64) {
	w.switchInfoID(blockID)
	w.WriteRecord(code, ops)
}

// WriteRecord writes an unabbreviated record: UNABBREV_RECORD, the code
// and the number of operands as VBR6, and each operand as VBR6.
func (w *Writer) WriteRecord(code uint32, ops []uint64) {
	w.maybeFlush()
	if w.err != nil {
		return
	}
	w.code(UNABBREV_RECORD)
	w.vbr(uint64(code), 6)
	w.vbr(uint64(len(ops)), 6)
	for _, v := range ops {
		w.vbr(v, 6)
	}
}

// WriteAbbrevRecord writes a record with abbreviation abbrev, which the
// current block defines: its code and operands in the shape the
// abbreviation gives them, as Reader.ReadRecord reads them back. ops hold
// a value for each operand after the code, Literal ones included (which
// must equal the literal and write nothing), Char6 ones as characters;
// an Array takes the rest of ops. blob, when not nil, is the Blob
// operand's bytes or, for an abbreviation without a Blob, the Array's
// elements, one per byte, ops then holding the operands before it.
func (w *Writer) WriteAbbrevRecord(abbrev uint32, code uint32, ops []uint64, blob []byte) {
	w.maybeFlush()
	if w.err != nil {
		return
	}
	if abbrev < FirstApplicationAbbrev || int(abbrev-FirstApplicationAbbrev) >= len(w.abbrevs) {
		w.fail("abbreviation %d is not defined in the block", abbrev)
		return
	}
	if uint64(abbrev)>>w.codeWidth != 0 {
		w.fail("abbreviation ID %d does not fit the block's %d-bit IDs", abbrev, w.codeWidth)
		return
	}
	a := w.abbrevs[abbrev-FirstApplicationAbbrev]
	w.code(uint64(abbrev))
	w.scalar(a, 0, uint64(code))
	i := 0
	usedBlob := false
	for k := 1; k < len(a.Ops) && w.err == nil; k++ {
		op := a.Ops[k]
		switch op.Enc {
		case Array:
			usedBlob = blob != nil
			if blob != nil {
				w.vbr(uint64(len(blob)), 6)
				for _, c := range blob {
					w.scalar(a, k+1, uint64(c))
				}
			} else {
				w.vbr(uint64(len(ops)-i), 6)
				for ; i < len(ops); i++ {
					w.scalar(a, k+1, ops[i])
				}
			}
			k++
		case Blob:
			usedBlob = blob != nil
			var n int
			if blob != nil {
				n = len(blob)
			} else {
				n = len(ops) - i
			}
			w.vbr(uint64(n), 6)
			w.Align32()
			switch {
			case blob != nil && w.out != nil && len(blob) >= w.flushAt:
				// A large blob (a string table) goes out as it is,
				// after what is held, rather than through buf.
				if w.err == nil {
					w.flush()
				}
				if w.err != nil {
					return
				}
				if _, err := w.out.WriteAt(blob, w.base); err != nil {
					w.failErr(err)
					return
				}
				w.base += int64(len(blob))
			case blob != nil:
				w.buf = append(w.buf, blob...)
			default:
				for ; i < len(ops); i++ {
					if ops[i] > 0xff {
						w.fail("abbreviation %d: blob byte %d is %d", abbrev, i, ops[i])
						return
					}
					w.buf = append(w.buf, byte(ops[i]))
				}
			}
			for (w.base+int64(len(w.buf)))%4 != 0 {
				w.buf = append(w.buf, 0)
			}
		default:
			if i >= len(ops) {
				w.fail("abbreviation %d: %d operands for %d scalar operands", abbrev, len(ops), k)
				return
			}
			w.scalar(a, k, ops[i])
			i++
		}
	}
	switch {
	case w.err != nil:
	case i != len(ops):
		w.fail("abbreviation %d has room for %d operands, not %d", abbrev, i, len(ops))
	case blob != nil && !usedBlob:
		w.fail("abbreviation %d has neither an Array nor a Blob for the bytes given", abbrev)
	}
}

// scalar writes v as operand k of a: a Literal, Fixed, VBR or Char6.
func (w *Writer) scalar(a *Abbrev, k int, v uint64) {
	op := a.Ops[k]
	switch op.Enc {
	case Literal:
		if v != op.Value {
			w.fail("operand %d is the literal %d, not %d", k, op.Value, v)
		}
	case Fixed:
		if v>>op.Value != 0 {
			w.fail("operand %d: %d does not fit Fixed(%d)", k, v, op.Value)
			return
		}
		w.emit(v, uint(op.Value))
	case VBR:
		if op.Value != 0 {
			w.vbr(v, uint(op.Value))
		} else if v != 0 {
			w.fail("operand %d: %d does not fit VBR(0)", k, v)
		}
	case Char6:
		c, ok := EncodeChar6(v)
		if !ok {
			w.fail("operand %d: %d is not a Char6 character", k, v)
			return
		}
		w.emit(c, 6)
	default:
		w.fail("operand %d is an %v where a scalar is needed", k, op.Enc)
	}
}

// char6Code maps a character to its Char6 value plus one, 0 for a
// character Char6 cannot hold.
var char6Code = func() (t [256]uint8) {
	for i := 0; i < len(char6); i++ {
		t[char6[i]] = uint8(i + 1)
	}
	return t
}()

// EncodeChar6 returns the 6-bit Char6 value of character c, and false
// when c is not one of [a-zA-Z0-9._].
func EncodeChar6(c uint64) (uint64, bool) {
	if c > 0xff || char6Code[c] == 0 {
		return 0, false
	}
	return uint64(char6Code[c] - 1), true
}

// IsChar6 says whether every byte of s is a Char6 character.
func IsChar6(s string) bool {
	for i := 0; i < len(s); i++ {
		if char6Code[s[i]] == 0 {
			return false
		}
	}
	return true
}

// Patch32 overwrites the 32 bits at bit position bit, which must have
// been written, with v: the backpatching of an offset written as a
// placeholder (LLVM's BackpatchWord). bit need not be aligned.
func (w *Writer) Patch32(bit uint64, v uint32) { w.patch(bit, uint64(v), 32) }

// Patch64 overwrites the 64 bits at bit, low word first (LLVM's
// BackpatchWord64).
func (w *Writer) Patch64(bit uint64, v uint64) { w.patch(bit, v, 64) }

func (w *Writer) patch(bit, v uint64, width uint) {
	if bit+uint64(width) > w.BitPos() {
		w.fail("patch of bits [%d,%d) not yet written", bit, bit+uint64(width))
	}
	if w.err != nil {
		return
	}
	if out := uint64(w.base) * 8; bit < out {
		// Some of the bits are written out already: those bytes are
		// read back, patched and written again.
		lo, hi := int64(bit/8), min(int64((bit+uint64(width)+7)/8), w.base)
		var old [9]byte
		b := old[:hi-lo]
		if _, err := w.out.ReadAt(b, lo); err != nil {
			w.failErr(err)
			return
		}
		for i := uint(0); i < width; i++ {
			p := bit + uint64(i)
			if p >= out {
				break
			}
			m := byte(1) << (p % 8)
			b[p/8-uint64(lo)] = b[p/8-uint64(lo)]&^m | byte(v>>i&1)<<(p%8)
		}
		if _, err := w.out.WriteAt(b, lo); err != nil {
			w.failErr(err)
			return
		}
	}
	base := uint64(w.base) * 8
	inBuf := base + uint64(len(w.buf))*8
	for i := uint(0); i < width; i++ {
		p := bit + uint64(i)
		b := v >> i & 1
		switch {
		case p < base:
			// written out above
		case p < inBuf:
			q := p - base
			m := byte(1) << (q % 8)
			w.buf[q/8] = w.buf[q/8]&^m | byte(b)<<(q%8)
		default:
			s := p - inBuf
			w.cur = w.cur&^(1<<s) | b<<s
		}
	}
}

// putWord writes v into the 32-bit word at byte off, which was written:
// in buf, or out.
func (w *Writer) putWord(off int64, v uint32) {
	if off >= w.base {
		binary.LittleEndian.PutUint32(w.buf[off-w.base:], v)
		return
	}
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], v)
	if _, err := w.out.WriteAt(b[:], off); err != nil {
		w.failErr(err)
	}
}
