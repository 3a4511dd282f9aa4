package main

// The fixture-level layer over internal/bitwriter: it remembers which
// abbreviations each block has (its own definitions plus those BLOCKINFO
// gives its block ID) so that records can be written by abbreviation ID,
// and builds the METADATA_STRINGS blob and the wrapper header. All bit-level
// writing is bitwriter's.

import (
	"fmt"

	"github.com/bcextract/bcextract/internal/bitwriter"
)

type abbrev []bitwriter.Op

// Short operand constructors for the fixture tables.
var (
	L   = bitwriter.Lit
	F   = bitwriter.FixedOp
	V   = bitwriter.VBROp
	Enc = bitwriter.EncOp // raw encoding without data
	A   = bitwriter.Array
	C6  = bitwriter.Char6
	B   = bitwriter.Blob
)

type scope struct {
	abbrevs []abbrev
	id      uint64
}

// stream writes one bitstream. Top level uses abbrev width 2.
type stream struct {
	*bitwriter.Writer
	stack     []scope
	blockinfo map[uint64][]abbrev
	curBID    int64  // -1: no SETBID seen in the current BLOCKINFO block
	opsPos    uint64 // bit position of the operands of the last rec
}

func newStream(magic ...byte) *stream {
	s := &stream{Writer: bitwriter.New(), stack: []scope{{}}, blockinfo: map[uint64][]abbrev{}, curBID: -1}
	s.Raw(magic)
	return s
}

func (s *stream) cur() *scope { return &s.stack[len(s.stack)-1] }

// enter writes ENTER_SUBBLOCK; the length word is patched by end().
func (s *stream) enter(id uint64, width uint) {
	s.EnterBlock(id, width)
	if id == 0 {
		// A reader replaces its whole BLOCKINFO state for every BLOCKINFO block.
		s.blockinfo = map[uint64][]abbrev{}
		s.curBID = -1
	}
	inherited := append([]abbrev(nil), s.blockinfo[id]...)
	s.stack = append(s.stack, scope{abbrevs: inherited, id: id})
}

func (s *stream) end() {
	s.EndBlock()
	s.stack = s.stack[:len(s.stack)-1]
}

// defineRaw writes a DEFINE_ABBREV without registering it.
func (s *stream) defineRaw(a abbrev) { s.DefineAbbrev(a...) }

// define writes a DEFINE_ABBREV and returns the abbrev ID it gets in the
// current block (inside BLOCKINFO it is registered for the SETBID block and
// the returned ID is the one it gets there, before any local abbreviation;
// before any SETBID it is registered nowhere and the result is 0).
func (s *stream) define(a abbrev) uint64 {
	s.defineRaw(a)
	if s.cur().id == 0 && len(s.stack) > 1 {
		if s.curBID < 0 {
			return 0
		}
		bid := uint64(s.curBID)
		s.blockinfo[bid] = append(s.blockinfo[bid], a)
		return uint64(3 + len(s.blockinfo[bid]))
	}
	sc := s.cur()
	sc.abbrevs = append(sc.abbrevs, a)
	return uint64(3 + len(sc.abbrevs))
}

// rec writes an abbreviated record with abbreviation id of the current
// block; vals and blob are as for bitwriter.Writer.Operands.
func (s *stream) rec(id uint64, vals []uint64, blob []byte) {
	sc := s.cur()
	if id < 4 || id-4 >= uint64(len(sc.abbrevs)) {
		panic(fmt.Sprintf("abbrev id %d not defined", id))
	}
	s.Abbrev(id)
	s.opsPos = s.BitLen()
	s.Operands(sc.abbrevs[id-4], vals, blob)
}

// BLOCKINFO helpers (unabbreviated records, as LLVM writes them).
func (s *stream) setbid(id uint64) {
	s.Unabbrev(1, id)
	s.curBID = int64(id)
}

func chars(str string) []uint64 {
	v := make([]uint64, len(str))
	for i := 0; i < len(str); i++ {
		v[i] = uint64(str[i])
	}
	return v
}

func (s *stream) blockname(name string) { s.Unabbrev(2, chars(name)...) }

func (s *stream) setrecordname(code uint64, name string) {
	s.Unabbrev(3, append([]uint64{code}, chars(name)...)...)
}

// out returns the stream bytes; it must be a whole number of 32-bit words.
func (s *stream) out() []byte {
	if s.Depth() != 0 {
		panic("unclosed block")
	}
	if s.BitLen()%32 != 0 {
		panic("stream not word aligned")
	}
	return append([]byte(nil), s.Bytes...)
}

// metadataStringsBlob builds the blob of a METADATA_STRINGS record:
// VBR6 lengths as a nested bitstream padded to 32 bits, then the characters.
// It returns the blob and the offset of the characters.
func metadataStringsBlob(strs []string) ([]byte, uint64) {
	lb := bitwriter.New()
	for _, str := range strs {
		lb.VBR(uint64(len(str)), 6)
	}
	lb.Align32()
	blob := append([]byte(nil), lb.Bytes...)
	off := uint64(len(blob))
	for _, str := range strs {
		blob = append(blob, str...)
	}
	return blob, off
}

// wrap puts a 0x0B17C0DE wrapper header in front of a stream.
func wrap(version, offset, size, cputype uint32, body []byte) []byte {
	h := make([]byte, 0, 20+len(body))
	for _, v := range []uint32{0x0B17C0DE, version, offset, size, cputype} {
		h = append(h, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return append(h, body...)
}
