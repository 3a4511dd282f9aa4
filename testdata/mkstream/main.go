// Command mkstream writes the hand-built bitstream fixtures of bcextract's
// testdata: valid streams that exercise every abbreviation operand kind and
// the llvm-bcanalyzer output quirks, and malformed streams that each carry one
// defect. It uses the standard library and internal/bitwriter.
//
// Usage (from the module root): go run ./testdata/mkstream -o testdata/bc
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
)

var irMagic = []byte{'B', 'C', 0xC0, 0xDE}

// ---------------------------------------------------------------------------
// Valid streams

func abbrevsBC() []byte {
	s := newStream(irMagic...)

	// IDENTIFICATION_BLOCK_ID, as LLVM writes it (Char6 producer, epoch).
	s.enter(13, 5)
	id := s.define(abbrev{L(1), A, C6})
	s.rec(id, chars("bcextract_mkstream.v1"), nil)
	ep := s.define(abbrev{L(2), V(6)})
	s.rec(ep, []uint64{0}, nil)
	s.end()

	// MODULE_BLOCK with a wide abbrev ID (6 bits) so that many abbreviations fit.
	s.enter(8, 6)
	s.Unabbrev(1, 2) // VERSION 2

	s.enter(0, 2) // BLOCKINFO
	s.setbid(17)  // TYPE_BLOCK_ID_NEW
	s.blockname("MYTYPES")
	s.setrecordname(7, "MY INTEGER")       // overrides built-in INTEGER; has a space
	s.define(abbrev{L(7), F(8)})           // id 4 in later TYPE blocks
	s.setbid(15)                           // METADATA_BLOCK
	s.define(abbrev{L(35), V(6), V(6), B}) // id 4: STRINGS
	s.define(abbrev{L(38), F(32), F(32)})  // id 5: INDEX_OFFSET
	s.define(abbrev{L(39), A, V(6)})       // id 6: INDEX
	s.setbid(8)                            // MODULE_BLOCK (names apply to the open block too)
	s.setrecordname(99, "custom module record")
	s.setrecordname(6, "DEPLIB renamed")
	s.setbid(78)
	s.blockname("temporary name") // replaced by the next BLOCKNAME
	s.blockname("Named Block 78")
	s.setrecordname(1, "first record")
	s.setrecordname(1, "shadowed duplicate") // first SETRECORDNAME wins
	s.setbid(79)
	s.blockname("inner79")
	s.define(abbrev{L(4), A, F(7)}) // id 4 in block 79
	s.Unabbrev(9, 1, 2, 3)          // unknown BLOCKINFO record: ignored
	s.end()

	// Every operand kind.
	a1 := s.define(abbrev{L(16), A, C6}) // SOURCE_FILENAME, Char6 array
	s.rec(a1, chars("ab._Z9"), nil)
	a2 := s.define(abbrev{L(2), A, F(8)}) // TRIPLE, Fixed(8) array
	s.rec(a2, chars("x86_64-unknown-linux"), nil)
	s.rec(a2, []uint64{65, 9, 66, 127}, nil)               // not printable: no record string
	s.rec(a2, nil, nil)                                    // 0 elements: record string = ''
	a3 := s.define(abbrev{L(3), A, V(6)})                  // DATALAYOUT, VBR(6) array
	s.rec(a3, []uint64{'e', 0x141, '-', 0x230}, nil)       // 0x141 -> 'A', 0x230 -> '0'
	s.rec(a3, []uint64{1 << 63, math.MaxUint64, 'x'}, nil) // big values, unprintable
	a4 := s.define(abbrev{F(0), V(0), F(3), V(6)})         // Fixed(0)/VBR(0) become literal 0
	s.rec(a4, []uint64{0, 0, 5, 9}, nil)
	a5 := s.define(abbrev{C6, F(8)}) // code op is Char6
	s.rec(a5, []uint64{'a', 200}, nil)
	s.rec(a5, []uint64{'Z', 1}, nil)
	a6 := s.define(abbrev{V(4), V(8)})         // code op is VBR(4)
	s.rec(a6, []uint64{99, 300}, nil)          // BLOCKINFO-named code
	s.rec(a6, []uint64{6, 0}, nil)             // renamed built-in
	s.rec(a6, []uint64{2, 0}, nil)             // TRIPLE without an array: no record string
	a7 := s.define(abbrev{F(7), F(32), V(32)}) // code op is Fixed(7); widest Fixed and VBR
	s.rec(a7, []uint64{3, 0xFFFFFFFF, math.MaxUint64}, nil)
	s.rec(a7, []uint64{120, 0, 1 << 63}, nil)
	a8 := s.define(abbrev{L(5), C6, C6, F(1), F(32)}) // Char6 scalars
	s.rec(a8, []uint64{'.', '_', 1, 123456}, nil)
	a9 := s.define(abbrev{L(4), B})                                   // ASM, Blob
	s.rec(a9, nil, []byte(`module asm "text" it's`))                  // printable
	s.rec(a9, nil, []byte{0, 0xFF, '\n', 'a', '\t', '\\', '\'', '"'}) // unprintable
	s.rec(a9, nil, nil)                                               // zero-length blob
	a10 := s.define(abbrev{L(2), B, A, F(8)})                         // Blob before Array
	s.rec(a10, chars("ABC"), []byte("xyz"))                           // record string = 'BC'
	s.rec(a10, chars("Q"), []byte{1, 2, 3})                           // record string = ''
	a11 := s.define(abbrev{L(6), F(4), L(42), A, C6})                 // literal between ops
	s.rec(a11, []uint64{15, 'x', 'y'}, nil)
	a12 := s.define(abbrev{L(1<<32 + 2), L(math.MaxUint64), A, V(8)}) // code literal > 32 bits
	s.rec(a12, chars("hi"), nil)
	a13 := s.define(abbrev{L(7), L(1 << 63), L(0)}) // literals only
	s.rec(a13, nil, nil)

	// Unabbreviated records.
	s.Unabbrev(1, math.MaxUint64, 1<<63, 1<<63-1, 0)
	s.Unabbrev(16, chars("unabbrev.c")...) // never a record string
	s.Unabbrev(99)                         // no operands
	s.Unabbrev(6, 1)

	// Nested blocks: unknown 77 > BLOCKINFO-named 78 > 79 (BLOCKINFO abbrev + local abbrev).
	s.enter(77, 3)
	s.Unabbrev(1, 10)
	s.enter(78, 4)
	s.Unabbrev(1, 20)
	s.Unabbrev(2, 21)
	s.enter(79, 5)
	s.rec(4, chars("deep"), nil)
	l := s.define(abbrev{L(5), V(3)})
	s.rec(l, []uint64{1000}, nil)
	s.end()
	s.end()
	s.end()
	// A second instance of 79: local abbreviations are gone, BLOCKINFO's stay.
	s.enter(79, 3)
	s.rec(4, chars("again"), nil)
	l = s.define(abbrev{L(6), F(2)})
	s.rec(l, []uint64{3}, nil)
	s.end()

	// TYPE block renamed through BLOCKINFO, record renamed, built-in names kept.
	s.enter(17, 4)
	s.Unabbrev(1, 3)
	s.rec(4, []uint64{32}, nil)
	s.Unabbrev(7, 64)
	s.Unabbrev(2)
	s.end()

	// Widest (32) and narrowest (1) abbrev widths, and an empty block.
	s.enter(80, 32)
	x := s.define(abbrev{L(1), F(32)})
	s.rec(x, []uint64{0xDEADBEEF}, nil)
	s.Unabbrev(2, 1, 2)
	s.enter(81, 1)
	s.enter(82, 2)
	s.end()
	s.end()
	s.end()

	// METADATA_BLOCK: STRINGS, INDEX_OFFSET / INDEX.
	s.enter(15, 4)
	s.rec(6, []uint64{1, 2}, nil) // INDEX before any INDEX_OFFSET
	strs := []string{"plain", "tab\there", "nl\nnext", "q\"uote", `back\slash`, "nul\x00byte", "ff\xff", "", "it's"}
	blob, off := metadataStringsBlob(strs)
	s.rec(4, []uint64{uint64(len(strs)), off}, blob)
	s.Unabbrev(38, 5)       // 1 op: (Invalid record)
	s.Unabbrev(38, 1, 2, 3) // 3 ops: (Invalid record)
	s.Unabbrev(38)          // 0 ops
	// Matching pair.
	s.rec(5, []uint64{0, 0}, nil)
	p, e := s.opsPos, s.BitLen()
	s.Unabbrev(3, 1)
	s.Unabbrev(4, chars("name")...)
	d := s.BitLen() - e
	s.Patch(p, d&0xFFFFFFFF, 32)
	s.Patch(p+32, d>>32, 32)
	s.rec(6, []uint64{28, 60}, nil)
	// Mismatching pair; the INDEX has printable operands (annotation and record string).
	s.rec(5, []uint64{0, 0}, nil)
	p, e = s.opsPos, s.BitLen()
	s.Unabbrev(3, 2)
	d = s.BitLen() - e + 64
	s.Patch(p, d&0xFFFFFFFF, 32)
	s.Patch(p+32, d>>32, 32)
	s.rec(6, chars("OK"), nil)
	s.Unabbrev(39, 1)    // unabbreviated INDEX, still compared
	s.Unabbrev(38, 7, 1) // high word counts 2^32
	s.Unabbrev(39)
	s.end()
	// A second METADATA block (offset state carries over), one string.
	s.enter(15, 3)
	blob, off = metadataStringsBlob([]string{"only"})
	s.rec(4, []uint64{1, off}, blob)
	s.Unabbrev(39, 5)
	s.end()
	s.end() // MODULE

	// STRTAB and an empty top-level block with a two-chunk block ID.
	s.enter(23, 3)
	b := s.define(abbrev{L(1), B})
	s.rec(b, nil, []byte("strtab-contents"))
	s.end()
	s.enter(300, 2)
	s.end()
	return s.out()
}

// customBin: unknown magic; every name comes from BLOCKINFO, which appears
// twice (the second one replaces the first).
func customBin() []byte {
	s := newStream('X', 'Y', 0x12, 0x34)
	s.enter(0, 2)
	s.setbid(8)
	s.blockname("Outer Thing")
	s.setrecordname(1, "alpha")
	s.setrecordname(2, "beta gamma")
	s.define(abbrev{L(1), A, C6}) // id 4 in block 8
	s.setbid(9)
	s.blockname("inner")
	s.define(abbrev{L(3), B}) // id 4 in block 9
	s.setbid(10)
	s.blockname("") // empty name
	s.setrecordname(1, "")
	s.setbid(13) // no name: IDENTIFICATION's ID, but this is not LLVM IR
	s.end()

	s.enter(8, 3)
	s.rec(4, chars("hello"), nil)
	s.Unabbrev(2, 1, 2)
	s.Unabbrev(3)
	s.enter(9, 3)
	s.rec(4, nil, []byte("blob in inner"))
	s.end()
	s.end()
	s.enter(10, 2)
	s.Unabbrev(1, 5)
	s.end()
	s.enter(13, 2)
	s.Unabbrev(1, 76)
	s.end()
	// METADATA's block ID and STRINGS / INDEX_OFFSET / INDEX codes in a non-IR stream.
	s.enter(15, 3)
	m := s.define(abbrev{L(35), V(6), V(6), B})
	blob, off := metadataStringsBlob([]string{"not", "ir"})
	s.rec(m, []uint64{2, off}, blob)
	s.Unabbrev(38, 1)
	s.Unabbrev(39, 1)
	s.end()

	s.enter(0, 2)
	s.setbid(9)
	s.blockname("inner v2")
	s.end()
	s.enter(8, 3)
	s.Unabbrev(1, 1)
	s.end()
	s.enter(9, 3)
	s.end()
	return s.out()
}

// smallIR is a tiny valid LLVM IR-magic stream.
func smallIR() []byte {
	s := newStream(irMagic...)
	s.enter(13, 5)
	id := s.define(abbrev{L(1), A, C6})
	s.rec(id, chars("LLVM0"), nil)
	s.end()
	s.enter(8, 3)
	s.Unabbrev(1, 2)
	t := s.define(abbrev{L(2), A, F(8)})
	s.rec(t, chars("x86_64-apple-macosx"), nil)
	s.end()
	return s.out()
}

func wrappedOdd() []byte {
	body := smallIR()
	// Offset 24: four bytes between header and stream; twelve bytes of
	// non-zero trailing padding after it. Version 1, CPU type ARM.
	f := wrap(1, 24, uint32(len(body)), 0x0000000C, []byte("JUNK"))
	f = append(f, body...)
	return append(f, []byte("PADPADPADPAD")...)
}

func deepNesting(depth int) []byte {
	s := newStream(irMagic...)
	for i := 0; i < depth; i++ {
		s.enter(100, 2)
	}
	s.Unabbrev(1, 200)
	for i := 0; i < depth; i++ {
		s.end()
	}
	return s.out()
}

// ---------------------------------------------------------------------------
// Malformed streams. Each starts with a valid IDENTIFICATION block and opens
// a MODULE_BLOCK (width 3) with a VERSION record, then carries one defect.

func badBase() *stream {
	s := newStream(irMagic...)
	s.enter(13, 5)
	id := s.define(abbrev{L(1), A, C6})
	s.rec(id, chars("bad"), nil)
	s.end()
	s.enter(8, 3)
	s.Unabbrev(1, 2)
	return s
}

// raw returns the bytes written so far, padded with zero words: align to 32
// bits, then pad extra 32-bit words so that a reader does not run out of
// data before reaching the defect.
func raw(s *stream, padWords int) []byte {
	s.Align32()
	for i := 0; i < padWords; i++ {
		s.Fixed(0, 32)
	}
	return append([]byte(nil), s.Bytes...)
}

func badAbbrevDef(a abbrev) []byte {
	s := badBase()
	s.defineRaw(a)
	return raw(s, 2)
}

// badAbbrevUse defines a and then starts a record with it: the abbrev ID,
// then the given raw VBR6 count (for the Array / Blob op) and some bits.
func badAbbrevUse(a abbrev, scalars int) []byte {
	s := badBase()
	s.defineRaw(a)
	s.Abbrev(4)
	for i := 0; i < scalars; i++ {
		s.Fixed(0x41, 8)
	}
	s.VBR(2, 6)
	s.Fixed(0x4142, 16)
	return raw(s, 4)
}

func badFiles() map[string][]byte {
	m := map[string][]byte{}

	// Truncated in the middle of a block: the full stream is written, then cut
	// right after a nested block's END_BLOCK (word aligned), inside MODULE.
	{
		s := badBase()
		s.enter(17, 4)
		s.Unabbrev(1, 1)
		s.Unabbrev(7, 32)
		s.end()
		cut := s.BitLen()
		s.Unabbrev(2, 1)
		s.end()
		m["bad-trunc-block.bc"] = s.out()[:cut/8]
	}
	// Truncated in the middle of a record's operands.
	{
		s := badBase()
		s.Unabbrev(16, chars("truncated_in_the_middle_of_this_record_operand_list_xyz")...)
		recEnd := s.BitLen()
		s.end()
		cut := (recEnd - 200) / 32 * 32
		m["bad-trunc-record.bc"] = s.out()[:cut/8]
	}
	// Abbreviated record with an abbrev ID that was never defined.
	{
		s := badBase()
		id := s.define(abbrev{L(2), A, F(8)})
		s.rec(id, chars("ok"), nil)
		s.Abbrev(6) // ID 4 is the only one
		m["bad-undef-abbrev.bc"] = raw(s, 2)
	}
	m["bad-abbrev-enc0.bc"] = badAbbrevDef(abbrev{L(1), Enc(0)})
	m["bad-abbrev-enc6.bc"] = badAbbrevDef(abbrev{L(1), Enc(6)})
	m["bad-abbrev-enc7.bc"] = badAbbrevDef(abbrev{L(1), Enc(7)})
	m["bad-abbrev-fixed33.bc"] = badAbbrevDef(abbrev{L(1), F(33)})
	m["bad-abbrev-vbr33.bc"] = badAbbrevDef(abbrev{L(1), V(33)})
	m["bad-abbrev-noops.bc"] = badAbbrevDef(abbrev{})
	m["bad-abbrev-array-pos.bc"] = badAbbrevUse(abbrev{L(1), A, F(8), F(8)}, 0)
	m["bad-abbrev-array-literal.bc"] = badAbbrevUse(abbrev{L(1), A, L(5)}, 0)
	m["bad-abbrev-array-array.bc"] = badAbbrevUse(abbrev{L(1), A, A}, 0)
	m["bad-abbrev-array-blob.bc"] = badAbbrevUse(abbrev{L(1), A, B}, 0)
	m["bad-abbrev-code-array.bc"] = badAbbrevUse(abbrev{A, F(8)}, 0)
	m["bad-abbrev-code-blob.bc"] = badAbbrevUse(abbrev{B}, 0)

	// Unterminated 32-bit VBR: an unabbreviated record code VBR6 whose chunks
	// all have the continuation bit set.
	{
		s := badBase()
		s.Abbrev(3)
		for i := 0; i < 8; i++ {
			s.Fixed(0x3F, 6)
		}
		m["bad-vbr32-unterminated.bc"] = raw(s, 2)
	}
	// Unterminated 64-bit VBR in an operand.
	{
		s := badBase()
		s.Abbrev(3)
		s.VBR(2, 6) // code TRIPLE
		s.VBR(1, 6) // one operand
		for i := 0; i < 14; i++ {
			s.Fixed(0x3F, 6)
		}
		m["bad-vbr64-unterminated.bc"] = raw(s, 2)
	}
	// Block length words pointing past the end of the file. A block that
	// llvm-bcanalyzer reads (here a top-level one) is never checked against
	// its length word, so blocklen-unchecked.bc is VALID (exit 0); a block
	// that is skipped (a sub-block of BLOCKINFO) fails in bad-blocklen.bc.
	{
		s := newStream(irMagic...)
		s.enter(13, 5)
		s.Unabbrev(2, 0)
		s.end()
		s.enter(8, 3)
		lp := s.BlockLenPos()
		s.Unabbrev(1, 2)
		s.end()
		s.Patch(lp, 1000, 32)
		m["blocklen-unchecked.bc"] = s.out()
	}
	{
		s := badBase()
		s.enter(0, 2)
		s.setbid(8)
		s.enter(9, 2)
		lp := s.BlockLenPos()
		s.end()
		s.Patch(lp, 1000, 32)
		s.end()
		s.end()
		m["bad-blocklen.bc"] = s.out()
	}
	// END_BLOCK and a record at top level.
	{
		s := newStream(irMagic...)
		s.enter(13, 5)
		s.Unabbrev(2, 0)
		s.end()
		s.Abbrev(0)
		m["bad-toplevel-endblock.bc"] = raw(s, 2)
	}
	{
		s := newStream(irMagic...)
		s.enter(13, 5)
		s.Unabbrev(2, 0)
		s.end()
		s.Abbrev(3)
		s.VBR(1, 6)
		s.VBR(0, 6)
		m["bad-toplevel-record.bc"] = raw(s, 2)
	}
	// Blob longer than what remains.
	{
		s := badBase()
		id := s.define(abbrev{L(4), B})
		s.rec(id, nil, []byte("fine"))
		s.Abbrev(id)
		s.VBR(1000, 6)
		s.Align32()
		s.Raw([]byte("short blob"))
		m["bad-blob-overrun.bc"] = raw(s, 0)
	}
	// BLOCKINFO: DEFINE_ABBREV / BLOCKNAME before any SETBID.
	{
		s := badBase()
		s.enter(0, 2)
		s.defineRaw(abbrev{L(1), F(8)})
		s.setbid(8)
		s.end()
		s.end()
		m["bad-blockinfo-nosetbid.bc"] = s.out()
	}
	{
		s := badBase()
		s.enter(0, 2)
		s.blockname("orphan")
		s.end()
		s.end()
		m["bad-blockinfo-name-nosetbid.bc"] = s.out()
	}
	// ENTER_SUBBLOCK with abbrev width 0 and 33.
	for _, w := range []int{0, 33} {
		s := badBase()
		s.Abbrev(1)
		s.VBR(17, 8)
		s.VBR(uint64(w), 4)
		s.Align32()
		s.Fixed(2, 32)
		s.Fixed(0, 32)
		s.Fixed(0, 32)
		m[fmt.Sprintf("bad-codewidth%d.bc", w)] = raw(s, 0)
	}
	// ENTER_SUBBLOCK as the very last thing in the file.
	{
		s := badBase()
		s.Abbrev(1)
		s.VBR(17, 8)
		s.VBR(4, 4)
		s.Align32()
		s.Fixed(0, 32)
		m["bad-enter-at-eof.bc"] = raw(s, 0)
	}

	// METADATA_STRINGS defects.
	mdStrings := func(name string, a abbrev, vals []uint64, blob []byte) {
		s := badBase()
		s.enter(15, 3)
		id := s.define(a)
		s.rec(id, vals, blob)
		s.end()
		s.end()
		m[name] = s.out()
	}
	mdAbbrev := abbrev{L(35), V(6), V(6), B}
	sixteen := []string{"s00", "s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08", "s09", "s10", "s11", "s12", "s13", "s14", "s15"}
	{
		// 16 lengths fill exactly 96 bits; the record claims 17 strings.
		blob, off := metadataStringsBlob(sixteen)
		mdStrings("bad-mdstrings-badlen.bc", mdAbbrev, []uint64{17, off}, blob)
		// Count 0 wraps around: all 16 strings print, then "bad length".
		mdStrings("bad-mdstrings-zero-count.bc", mdAbbrev, []uint64{0, off}, blob)
	}
	{
		// Lengths region of 32 bits, the 6th VBR6 runs off its end.
		blob, off := metadataStringsBlob([]string{"a", "b"})
		mdStrings("bad-mdstrings-lenread.bc", mdAbbrev, []uint64{10, off}, blob)
	}
	{
		blob, off := metadataStringsBlob([]string{"good", "this one is cut"})
		blob = blob[:len(blob)-8]
		mdStrings("bad-mdstrings-trunc-chars.bc", mdAbbrev, []uint64{2, off}, blob)
	}
	mdStrings("bad-mdstrings-empty-blob.bc", mdAbbrev, []uint64{1, 0}, nil)
	{
		blob, off := metadataStringsBlob([]string{"x"})
		mdStrings("bad-mdstrings-ops.bc", abbrev{L(35), V(6), V(6), V(6), B}, []uint64{1, off, 0}, blob)
	}

	// Wrapper defects.
	{
		body := smallIR()
		m["bad-wrapper-past-end.bc"] = wrap(0, 20, uint32(len(body))+4, 0x01000007, body)
		m["bad-wrapper-short.bc"] = wrap(0, 20, 0, 0x01000007, nil)[:16]
	}
	// Length not a multiple of 4, and an empty file.
	m["bad-not-mult4.bc"] = append(smallIR(), 0, 0)
	m["bad-empty.bc"] = []byte{}

	// Implausible counts: an Array length and an unabbreviated op count.
	{
		s := badBase()
		id := s.define(abbrev{L(2), A, F(8)})
		s.rec(id, chars("ok"), nil)
		s.Abbrev(id)
		s.VBR(1000000, 6)
		m["bad-array-count.bc"] = raw(s, 4)
	}
	{
		s := badBase()
		s.Abbrev(3)
		s.VBR(2, 6)
		s.VBR(1000000, 6)
		m["bad-unabbrev-numops.bc"] = raw(s, 4)
	}
	return m
}

func main() {
	outDir := flag.String("o", ".", "output directory")
	flag.Parse()
	files := badFiles()
	files["abbrevs.bc"] = abbrevsBC()
	files["custom.bin"] = customBin()
	files["wrapped-odd.bc"] = wrappedOdd()
	files["deep-nesting.bc"] = deepNesting(200)

	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "mkstream:", err)
		os.Exit(1)
	}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(*outDir, n), files[n], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "mkstream:", err)
			os.Exit(1)
		}
	}
}
