package bitstream

import "slices"

// Standard abbreviation IDs.
const (
	END_BLOCK       = 0
	ENTER_SUBBLOCK  = 1
	DEFINE_ABBREV   = 2
	UNABBREV_RECORD = 3
	// FirstApplicationAbbrev is the ID of the first abbreviation a block
	// defines (or inherits from BLOCKINFO).
	FirstApplicationAbbrev = 4
)

// BLOCKINFO_BLOCK_ID is the ID of the BLOCKINFO block; IDs below
// FirstApplicationBlockID are reserved.
const (
	BLOCKINFO_BLOCK_ID      = 0
	FirstApplicationBlockID = 8
)

// MaxDepth is how deeply blocks may nest before the reader refuses to enter
// another one.
const MaxDepth = 1024

// LiteralSlack is the number of literal operands a Reader delivers, on top of
// one per bit of its stream, before it fails with ErrLiteralBudget.
//
// A Literal abbreviation operand costs bits once, where the abbreviation is
// defined, and then nothing each time a record uses it: a record of a few
// bits can carry thousands of operands, so that a stream of n bits could make
// its readers handle on the order of n*n operands. LLVM's writers put
// literals mostly in record codes (which are not operands), and otherwise a
// few in records of tens of bits, so a real stream stays far below one
// literal operand per bit. Budgets are per Reader: a stream read twice
// (Walk reads BLOCKINFO twice) counts its literals twice.
const LiteralSlack = 4096

// EntryKind says what Next found.
type EntryKind uint8

// The kinds of entries in a block.
const (
	EntryEndBlock     EntryKind = iota // END_BLOCK: the block ended (the reader has left it)
	EntrySubBlock                      // ENTER_SUBBLOCK: ID is the block ID; call EnterBlock or SkipBlock
	EntryDefineAbbrev                  // DEFINE_ABBREV: call DefineAbbrev
	EntryRecord                        // a record: ID is its abbreviation ID; call ReadRecord
)

// An Entry is one step through a block.
type Entry struct {
	Kind EntryKind
	ID   uint32
}

// A Record is a decoded record. Ops and Blob alias the caller's buffer and the
// stream: they are valid until the next ReadRecord with the same buffer.
type Record struct {
	Code uint32
	// AbbrevID is the abbreviation ID the record was read with.
	AbbrevID uint32
	// Abbrev is the abbreviation used, nil for an unabbreviated record.
	Abbrev *Abbrev
	Ops    []uint64
	// Blob holds the bytes of a Blob operand (not in Ops); HasBlob tells an
	// empty blob from none.
	Blob    []byte
	HasBlob bool
}

// abbrevList is the abbreviations visible in one block instance: first the
// ones BLOCKINFO gives the block (shared, never copied), then the block's own.
type abbrevList struct {
	inherited []*Abbrev
	local     []*Abbrev
}

func (l *abbrevList) get(id uint32) *Abbrev {
	i := uint64(id) - FirstApplicationAbbrev
	if i < uint64(len(l.inherited)) {
		return l.inherited[i]
	}
	i -= uint64(len(l.inherited))
	if i < uint64(len(l.local)) {
		return l.local[i]
	}
	return nil
}

type scope struct {
	codeWidth uint
	abbrevs   abbrevList
	end       uint64 // bit position where the block's length word says it ends
}

// A Reader walks the blocks and records of a bitstream entry by entry. It
// knows the bitstream container only: abbreviations, blocks, BLOCKINFO; what
// block and record IDs mean is up to the caller.
//
// The zero value is not usable; call NewReader.
type Reader struct {
	c         Cursor
	codeWidth uint
	abbrevs   abbrevList
	scopes    []scope
	blockInfo *BlockInfo
	literals  uint64 // literal operands delivered so far
	strict    bool   // see SetStrictLengths
}

// SetStrictLengths makes Next refuse an END_BLOCK that is not where the
// block's length word says the block ends. LLVM's writers always put it
// there; elsewhere the stream is corrupt (a changed operand shifted every
// bit after it) even when it still parses, and a reader that goes on
// builds from garbage what a reader skipping blocks by their length does
// not see. llvm-bcanalyzer does not check it; LLVM's IR reader
// usually fails on the garbage.
func (r *Reader) SetStrictLengths(on bool) { r.strict = on }

// NewReader returns a reader at the start of data with the top-level
// abbreviation width (2). Magic numbers are the caller's business: read them
// with ReadMagic or skip them with the cursor.
func NewReader(data []byte) *Reader {
	return &Reader{c: NewCursor(data), codeWidth: 2}
}

// Cursor returns the reader's bit cursor, for reading magic numbers and
// positions.
func (r *Reader) Cursor() *Cursor { return &r.c }

// BitPos returns the current bit position.
func (r *Reader) BitPos() uint64 { return r.c.pos }

// AtEnd reports whether the whole stream has been read.
func (r *Reader) AtEnd() bool { return r.c.AtEnd() }

// Depth returns the number of blocks the reader is inside.
func (r *Reader) Depth() int { return len(r.scopes) }

// CodeWidth returns the abbreviation ID width of the current block.
func (r *Reader) CodeWidth() uint { return r.codeWidth }

// BlockInfo returns the BLOCKINFO in use (nil if none).
func (r *Reader) BlockInfo() *BlockInfo { return r.blockInfo }

// SetBlockInfo sets the BLOCKINFO consulted when a block is entered.
func (r *Reader) SetBlockInfo(bi *BlockInfo) { r.blockInfo = bi }

// JumpToBit moves the reader to bit without changing its block scope.
func (r *Reader) JumpToBit(bit uint64) error { return r.c.JumpToBit(bit) }

// Abbrev returns the abbreviation with the given ID in the current block, or
// nil.
func (r *Reader) Abbrev(id uint32) *Abbrev { return r.abbrevs.get(id) }

// Next reads the next abbreviation ID and says what it introduces. At
// END_BLOCK the reader leaves the block (aligning to 32 bits); at
// ENTER_SUBBLOCK it reads the block ID.
func (r *Reader) Next() (Entry, error) {
	start := r.c.pos
	code, err := r.c.read(r.codeWidth)
	if err != nil {
		return Entry{}, err
	}
	switch code {
	case END_BLOCK:
		if len(r.scopes) == 0 {
			return Entry{}, r.c.errorfAt(start, nil, "END_BLOCK outside any block")
		}
		r.c.Align32()
		s := &r.scopes[len(r.scopes)-1]
		if r.strict && r.c.pos != s.end {
			return Entry{}, r.c.errorfAt(start, nil, "END_BLOCK ends the block at bit %d, its length word at bit %d", r.c.pos, s.end)
		}
		r.codeWidth, r.abbrevs = s.codeWidth, s.abbrevs
		*s = scope{}
		r.scopes = r.scopes[:len(r.scopes)-1]
		return Entry{Kind: EntryEndBlock}, nil
	case ENTER_SUBBLOCK:
		id, err := r.c.ReadVBR(8)
		if err != nil {
			return Entry{}, err
		}
		return Entry{Kind: EntrySubBlock, ID: id}, nil
	case DEFINE_ABBREV:
		return Entry{Kind: EntryDefineAbbrev, ID: DEFINE_ABBREV}, nil
	}
	return Entry{Kind: EntryRecord, ID: uint32(code)}, nil
}

// EnterBlock enters block id after Next returned EntrySubBlock: it reads the
// new abbreviation width and the block's length in 32-bit words, and makes
// the abbreviations BLOCKINFO gives id visible.
func (r *Reader) EnterBlock(id uint32) (numWords uint32, err error) {
	start := r.c.pos
	if len(r.scopes) >= MaxDepth {
		return 0, r.c.errorfAt(start, ErrTooDeep, "blocks nested more than %d deep", MaxDepth)
	}
	r.scopes = append(r.scopes, scope{codeWidth: r.codeWidth, abbrevs: r.abbrevs})
	r.abbrevs = abbrevList{}
	if e := r.blockInfo.Entry(id); e != nil {
		r.abbrevs.inherited = e.Abbrevs[:len(e.Abbrevs):len(e.Abbrevs)]
	}
	w, err := r.c.ReadVBR(4)
	if err != nil {
		return 0, err
	}
	if w > maxChunk {
		return 0, r.c.errorfAt(start, nil, "block %d: abbreviation width %d > %d", id, w, maxChunk)
	}
	r.codeWidth = uint(w)
	r.c.Align32()
	n, err := r.c.Read(32)
	if err != nil {
		return 0, err
	}
	if w == 0 {
		return 0, r.c.errorfAt(start, nil, "block %d: abbreviation width 0", id)
	}
	if r.c.AtEnd() {
		return 0, r.c.errorfEnd("block %d starts at the end of the stream (its header at bit %d)", id, start)
	}
	r.scopes[len(r.scopes)-1].end = r.c.pos + n*32
	return uint32(n), nil
}

// LeaveBlock leaves the current block without reading the rest of it: it
// moves to where the block's length word says the block ends, as if its
// END_BLOCK had been read there. It fails, leaving the reader where it was,
// outside any block or when that end lies beyond the stream.
func (r *Reader) LeaveBlock() error {
	if len(r.scopes) == 0 {
		return r.c.errorf(nil, "LeaveBlock outside any block")
	}
	s := &r.scopes[len(r.scopes)-1]
	if s.end/8 > uint64(len(r.c.data)) {
		return r.c.errorfEnd("block length runs past the end of the stream")
	}
	r.c.pos = s.end
	r.codeWidth, r.abbrevs = s.codeWidth, s.abbrevs
	*s = scope{}
	r.scopes = r.scopes[:len(r.scopes)-1]
	return nil
}

// SkipBlock skips block id after Next returned EntrySubBlock, by its length
// word, without reading its contents.
func (r *Reader) SkipBlock() error {
	start := r.c.pos
	if _, err := r.c.ReadVBR(4); err != nil {
		return err
	}
	r.c.Align32()
	n, err := r.c.Read(32)
	if err != nil {
		return err
	}
	if r.c.AtEnd() {
		return r.c.errorfEnd("cannot skip block: already at end of stream (the block at bit %d)", start)
	}
	to := r.c.pos + n*32
	if to/8 > uint64(len(r.c.data)) {
		return r.c.errorfEnd("block length of %d words runs past the end of the stream (the block at bit %d)", n, start)
	}
	r.c.pos = to
	return nil
}

// DefineAbbrev reads a DEFINE_ABBREV after Next returned EntryDefineAbbrev
// and adds the abbreviation to the current block.
func (r *Reader) DefineAbbrev() (*Abbrev, error) {
	a, err := readAbbrev(&r.c)
	if err != nil {
		return nil, err
	}
	r.abbrevs.local = append(r.abbrevs.local, a)
	return a, nil
}

// ReadRecord reads the record introduced by abbreviation ID id, appending its
// operands to vals[:0]. Blob bytes are returned as a sub-slice of the stream,
// not in Ops.
func (r *Reader) ReadRecord(id uint32, vals []uint64) (Record, error) {
	c := &r.c
	vals = vals[:0]
	if id == UNABBREV_RECORD {
		code, err := c.ReadVBR(6)
		if err != nil {
			return Record{}, err
		}
		at := c.pos
		n, err := c.ReadVBR(6)
		if err != nil {
			return Record{}, err
		}
		// Every operand takes at least 6 bits.
		if uint64(n)*6 > c.end-c.pos {
			return Record{}, c.errorfEnd("record claims %d operands, more than the stream holds (the count at bit %d)", n, at)
		}
		vals = slices.Grow(vals, int(n))
		for ; n > 0; n-- {
			v, err := c.ReadVBR64(6)
			if err != nil {
				return Record{}, err
			}
			vals = append(vals, v)
		}
		return Record{Code: code, AbbrevID: id, Ops: vals}, nil
	}
	a := r.abbrevs.get(id)
	if a == nil {
		return Record{}, c.errorf(nil, "invalid abbreviation ID %d", id)
	}
	rec := Record{AbbrevID: id, Abbrev: a}
	code, err := r.readCode(a.Ops[0])
	if err != nil {
		return Record{}, err
	}
	rec.Code = uint32(code)
	ops := a.Ops
	lits := 0
	for i := 1; i < len(ops); i++ {
		op := ops[i]
		switch op.Enc {
		case Literal:
			vals = append(vals, op.Value)
			lits++
		case Fixed, VBR, Char6:
			v, err := r.readScalar(op)
			if err != nil {
				return Record{}, err
			}
			vals = append(vals, v)
		case Array:
			at := c.pos
			n, err := c.ReadVBR(6)
			if err != nil {
				return Record{}, err
			}
			if !c.Plausible(uint64(n)) {
				return Record{}, c.errorfEnd("array claims %d elements, more than the stream holds (the count at bit %d)", n, at)
			}
			if i+2 != len(ops) {
				return Record{}, c.errorf(nil, "abbreviation %d: array is not the second-to-last operand", id)
			}
			i++
			elt := ops[i]
			switch elt.Enc {
			case Literal:
				return Record{}, c.errorf(nil, "abbreviation %d: array element is a literal, not an encoding", id)
			case Array, Blob:
				return Record{}, c.errorf(nil, "abbreviation %d: array element is an %v", id, elt.Enc)
			}
			if vals, err = r.readArray(vals, elt, n); err != nil {
				return Record{}, err
			}
		case Blob:
			n, err := c.ReadVBR(6)
			if err != nil {
				return Record{}, err
			}
			c.Align32()
			start := c.pos
			end := start + (uint64(n)+3)&^3*8
			if end/8 > uint64(len(c.data)) {
				return Record{}, c.errorfEnd("blob of %d bytes runs past the end of the stream (the blob at bit %d)", n, start)
			}
			c.pos = end
			rec.Blob = c.data[start/8 : start/8+uint64(n)]
			rec.HasBlob = true
		}
	}
	if lits > 0 {
		if r.literals += uint64(lits); r.literals > c.end+LiteralSlack {
			return Record{}, c.errorf(ErrLiteralBudget, "abbreviations have expanded to %d literal operands, more than a stream of %d bits allows", r.literals, c.end)
		}
	}
	rec.Ops = vals
	return rec, nil
}

func (r *Reader) readCode(op AbbrevOp) (uint64, error) {
	switch op.Enc {
	case Literal:
		return op.Value, nil
	case Array, Blob:
		return 0, r.c.errorf(nil, "abbreviation starts with an %v", op.Enc)
	}
	return r.readScalar(op)
}

func (r *Reader) readScalar(op AbbrevOp) (uint64, error) {
	switch op.Enc {
	case Fixed:
		return r.c.read(uint(op.Value))
	case VBR:
		return r.c.ReadVBR64(uint(op.Value))
	default: // Char6
		v, err := r.c.read(6)
		return uint64(DecodeChar6(v)), err
	}
}

func (r *Reader) readArray(vals []uint64, elt AbbrevOp, n uint32) ([]uint64, error) {
	c := &r.c
	// Every element takes at least its width in bits (6 for Char6, at
	// least 1 for Fixed and VBR), which bounds the count by the bits left
	// before the operands' buffer grows to it.
	w := uint(6)
	if elt.Enc != Char6 {
		w = uint(elt.Value)
	}
	if uint64(n)*uint64(w) > c.end-c.pos {
		return vals, c.errorfEnd("array of %d %d-bit elements runs past the end of the stream (the elements from bit %d)", n, w, c.pos)
	}
	vals = slices.Grow(vals, int(n))
	switch elt.Enc {
	case Fixed:
		for ; n > 0; n-- {
			v, _ := c.read(w)
			vals = append(vals, v)
		}
	case Char6:
		for ; n > 0; n-- {
			v, _ := c.read(6)
			vals = append(vals, uint64(DecodeChar6(v)))
		}
	default: // VBR
		for ; n > 0; n-- {
			v, err := c.ReadVBR64(w)
			if err != nil {
				return vals, err
			}
			vals = append(vals, v)
		}
	}
	return vals, nil
}

// ReadBlockInfoBlock reads a BLOCKINFO block after Next returned
// EntrySubBlock with ID 0, and returns a new BlockInfo built from it. Nested
// blocks are skipped. When readNames is false BLOCKNAME and SETRECORDNAME are
// ignored. Abbreviations inside BLOCKINFO are decoded with the reader's
// current BlockInfo, which the result does not replace: that is the caller's
// choice (SetBlockInfo).
func (r *Reader) ReadBlockInfoBlock(readNames bool) (*BlockInfo, error) {
	start := r.c.pos
	if _, err := r.EnterBlock(BLOCKINFO_BLOCK_ID); err != nil {
		return nil, err
	}
	bi := &BlockInfo{}
	// The block SETBID selected. Its entry is made when something is
	// defined for it: a stream of SETBIDs alone makes no entries.
	var curID uint32
	var haveCur bool
	var cur *BlockInfoEntry
	current := func() *BlockInfoEntry {
		if cur == nil {
			cur = bi.entry(curID)
		}
		return cur
	}
	var vals []uint64
	malformed := func() error {
		return r.c.errorfAt(start, ErrMalformedBlockInfo, "malformed BLOCKINFO block")
	}
	for {
		if r.c.AtEnd() {
			return nil, malformed()
		}
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		switch e.Kind {
		case EntryEndBlock:
			return bi, nil
		case EntrySubBlock:
			if err := r.SkipBlock(); err != nil {
				return nil, err
			}
			continue
		case EntryDefineAbbrev:
			if !haveCur {
				return nil, malformed()
			}
			a, err := readAbbrev(&r.c)
			if err != nil {
				return nil, err
			}
			e := current()
			e.Abbrevs = append(e.Abbrevs, a)
			continue
		}
		rec, err := r.ReadRecord(e.ID, vals)
		if err != nil {
			return nil, err
		}
		vals = rec.Ops
		switch rec.Code {
		case BLOCKINFO_CODE_SETBID:
			if len(rec.Ops) < 1 {
				return nil, malformed()
			}
			curID, haveCur, cur = uint32(rec.Ops[0]), true, bi.blocks[uint32(rec.Ops[0])]
		case BLOCKINFO_CODE_BLOCKNAME:
			if !haveCur {
				return nil, malformed()
			}
			if readNames {
				e := current()
				e.Name = opsString(rec.Ops)
				e.HasName = true
			}
		case BLOCKINFO_CODE_SETRECORDNAME:
			if !haveCur {
				return nil, malformed()
			}
			if readNames {
				if len(rec.Ops) < 1 {
					return nil, malformed()
				}
				e := current()
				code := uint32(rec.Ops[0])
				if e.RecordNames == nil {
					e.RecordNames = make(map[uint32]string)
				}
				if _, dup := e.RecordNames[code]; !dup {
					e.RecordNames[code] = opsString(rec.Ops[1:])
				}
			}
		}
	}
}
