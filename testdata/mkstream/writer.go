package main

// A deliberately small bitstream writer, used only to hand-build test
// fixtures. It can write well-formed streams (blocks with back-patched
// lengths, abbreviations, abbreviated/unabbreviated records, BLOCKINFO) and it
// exposes the raw bit primitives so that malformed streams can be built too.

import "fmt"

// bits is an append-only little-endian bit buffer: bit n of the stream is
// bit n%8 of byte n/8, fields are written least significant bit first.
type bits struct {
	buf []byte
	n   uint64 // number of bits written
}

func (b *bits) bit(v uint64) {
	if b.n/8 >= uint64(len(b.buf)) {
		b.buf = append(b.buf, 0)
	}
	if v&1 != 0 {
		b.buf[b.n/8] |= 1 << (b.n % 8)
	}
	b.n++
}

// fixed writes the low width bits of v.
func (b *bits) fixed(v uint64, width int) {
	for i := 0; i < width; i++ {
		b.bit(v >> uint(i))
	}
}

// vbr writes v as chunks of width bits (width-1 data bits + continuation).
func (b *bits) vbr(v uint64, width int) {
	if width == 0 {
		return
	}
	if width < 2 {
		panic("vbr width < 2")
	}
	hi := uint64(1) << uint(width-1)
	for v >= hi {
		b.fixed(v&(hi-1)|hi, width)
		v >>= uint(width - 1)
	}
	b.fixed(v, width)
}

func (b *bits) align32() {
	for b.n%32 != 0 {
		b.bit(0)
	}
}

func (b *bits) bytes(p []byte) {
	for _, c := range p {
		b.fixed(uint64(c), 8)
	}
}

// patch overwrites width bits at bit position pos.
func (b *bits) patch(pos uint64, v uint64, width int) {
	for i := 0; i < width; i++ {
		p := pos + uint64(i)
		m := byte(1) << (p % 8)
		if (v>>uint(i))&1 != 0 {
			b.buf[p/8] |= m
		} else {
			b.buf[p/8] &^= m
		}
	}
}

// Operand encodings of an abbreviation.
const (
	encFixed = 1
	encVBR   = 2
	encArray = 3
	encChar6 = 4
	encBlob  = 5
)

type op struct {
	lit  bool
	val  uint64 // literal value, or encoding data (width)
	enc  uint64 // encoding number (may be invalid on purpose)
	data bool   // whether enc carries data
}

func L(v uint64) op   { return op{lit: true, val: v} }
func F(w uint64) op   { return op{enc: encFixed, val: w, data: true} }
func V(w uint64) op   { return op{enc: encVBR, val: w, data: true} }
func A() op           { return op{enc: encArray} }
func C6() op          { return op{enc: encChar6} }
func B() op           { return op{enc: encBlob} }
func Enc(e uint64) op { return op{enc: e} } // raw encoding without data

type abbrev []op

const char6Table = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"

func char6(c uint64) uint64 {
	for i := 0; i < len(char6Table); i++ {
		if uint64(char6Table[i]) == c {
			return uint64(i)
		}
	}
	panic(fmt.Sprintf("%q is not a Char6 character", rune(c)))
}

type scope struct {
	width   int
	abbrevs []abbrev
	lenPos  uint64 // bit position of the block length word
	id      uint64
}

// stream writes one bitstream. Top level uses abbrev width 2.
type stream struct {
	bits
	stack     []scope
	blockinfo map[uint64][]abbrev
	curBID    int64 // -1: no SETBID seen in the current BLOCKINFO block
	opsPos    uint64
}

func newStream(magic ...byte) *stream {
	s := &stream{stack: []scope{{width: 2}}, blockinfo: map[uint64][]abbrev{}, curBID: -1}
	s.bytes(magic)
	return s
}

func (s *stream) cur() *scope { return &s.stack[len(s.stack)-1] }

// enter writes ENTER_SUBBLOCK; the length word is patched by end().
func (s *stream) enter(id uint64, width int) {
	s.fixed(1, s.cur().width)
	s.vbr(id, 8)
	s.vbr(uint64(width), 4)
	s.align32()
	pos := s.n
	s.fixed(0, 32)
	if id == 0 {
		// A reader replaces its whole BLOCKINFO state for every BLOCKINFO block.
		s.blockinfo = map[uint64][]abbrev{}
		s.curBID = -1
	}
	inherited := append([]abbrev(nil), s.blockinfo[id]...)
	s.stack = append(s.stack, scope{width: width, abbrevs: inherited, lenPos: pos, id: id})
}

func (s *stream) end() {
	s.fixed(0, s.cur().width)
	s.align32()
	sc := s.cur()
	words := (s.n - sc.lenPos - 32) / 32
	s.patch(sc.lenPos, words, 32)
	s.stack = s.stack[:len(s.stack)-1]
}

// defineRaw writes a DEFINE_ABBREV without registering it.
func (s *stream) defineRaw(a abbrev) {
	s.fixed(2, s.cur().width)
	s.vbr(uint64(len(a)), 5)
	for _, o := range a {
		if o.lit {
			s.fixed(1, 1)
			s.vbr(o.val, 8)
			continue
		}
		s.fixed(0, 1)
		s.fixed(o.enc, 3)
		if o.data {
			s.vbr(o.val, 5)
		}
	}
}

// define writes a DEFINE_ABBREV and returns the abbrev ID it gets in the
// current block (inside BLOCKINFO it is registered for the SETBID block and
// the returned ID is the one it gets there, before any local abbreviation).
func (s *stream) define(a abbrev) int {
	s.defineRaw(a)
	if s.cur().id == 0 && len(s.stack) > 1 {
		if s.curBID < 0 {
			return -1
		}
		bid := uint64(s.curBID)
		s.blockinfo[bid] = append(s.blockinfo[bid], a)
		return 3 + len(s.blockinfo[bid])
	}
	sc := s.cur()
	sc.abbrevs = append(sc.abbrevs, a)
	return 3 + len(sc.abbrevs)
}

func (s *stream) unabbrev(code uint64, ops ...uint64) {
	s.fixed(3, s.cur().width)
	s.vbr(code, 6)
	s.vbr(uint64(len(ops)), 6)
	for _, v := range ops {
		s.vbr(v, 6)
	}
}

func (s *stream) scalar(o op, v uint64) {
	if o.lit {
		return
	}
	switch o.enc {
	case encFixed:
		s.fixed(v, int(o.val))
	case encVBR:
		s.vbr(v, int(o.val))
	case encChar6:
		s.fixed(char6(v), 6)
	default:
		panic("not a scalar encoding")
	}
}

// rec writes an abbreviated record. vals holds one value per non-literal
// operand (the code included when it is not a literal); an Array op takes
// all remaining values; a Blob op takes blob.
func (s *stream) rec(id int, vals []uint64, blob []byte) {
	sc := s.cur()
	if id < 4 || id-4 >= len(sc.abbrevs) {
		panic(fmt.Sprintf("abbrev id %d not defined", id))
	}
	a := sc.abbrevs[id-4]
	s.fixed(uint64(id), sc.width)
	s.opsPos = s.n
	i := 0
	for j := 0; j < len(a); j++ {
		o := a[j]
		switch {
		case o.lit:
		case o.enc == encArray:
			elt := a[j+1]
			s.vbr(uint64(len(vals)-i), 6)
			for ; i < len(vals); i++ {
				s.scalar(elt, vals[i])
			}
			j++
		case o.enc == encBlob:
			s.vbr(uint64(len(blob)), 6)
			s.align32()
			s.bytes(blob)
			s.align32()
		default:
			s.scalar(o, vals[i])
			i++
		}
	}
	if i != len(vals) {
		panic(fmt.Sprintf("abbrev %d: %d values unused", id, len(vals)-i))
	}
}

// BLOCKINFO helpers (unabbreviated records, as LLVM writes them).
func (s *stream) setbid(id uint64) {
	s.unabbrev(1, id)
	s.curBID = int64(id)
}

func chars(str string) []uint64 {
	v := make([]uint64, len(str))
	for i := 0; i < len(str); i++ {
		v[i] = uint64(str[i])
	}
	return v
}

func (s *stream) blockname(name string) { s.unabbrev(2, chars(name)...) }

func (s *stream) setrecordname(code uint64, name string) {
	s.unabbrev(3, append([]uint64{code}, chars(name)...)...)
}

// out returns the stream bytes; it must be a whole number of 32-bit words.
func (s *stream) out() []byte {
	if len(s.stack) != 1 {
		panic("unclosed block")
	}
	if s.n%32 != 0 {
		panic("stream not word aligned")
	}
	return append([]byte(nil), s.buf...)
}

// metadataStringsBlob builds the blob of a METADATA_STRINGS record:
// VBR6 lengths as a nested bitstream padded to 32 bits, then the characters.
// It returns the blob and the offset of the characters.
func metadataStringsBlob(strs []string) ([]byte, uint64) {
	var lb bits
	for _, str := range strs {
		lb.vbr(uint64(len(str)), 6)
	}
	lb.align32()
	blob := append([]byte(nil), lb.buf...)
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
