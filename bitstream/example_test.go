package bitstream_test

import (
	"fmt"
	"strings"

	"github.com/bcextract/bcextract/bitstream"
)

// printer is a Visitor that prints what Walk reports.
type printer struct{}

func (printer) BlockInfoStart(int) error { return nil }
func (printer) EnterBlock(b *bitstream.BlockEvent) error {
	fmt.Printf("block %d: %d words, abbreviation width %d\n", b.ID, b.NumWords, b.CodeWidth)
	return nil
}
func (printer) Record(b *bitstream.BlockEvent, r *bitstream.RecordEvent) error {
	fmt.Printf("  record code %d, abbreviation %d, ops %v\n", r.Code, r.AbbrevID, r.Ops)
	return nil
}
func (printer) ExitBlock(b *bitstream.BlockEvent) error {
	fmt.Printf("end of block %d\n", b.ID)
	return nil
}

func ExampleWalk() {
	// An LLVM IR stream: block 8 with an abbreviation [literal 2, Array,
	// Char6], an unabbreviated record [1, 2] and the record "x86" using the
	// abbreviation.
	data := []byte{
		0x42, 0x43, 0xc0, 0xde, 0x21, 0x0c, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00,
		0x1a, 0x05, 0x0c, 0x17, 0x04, 0x02, 0x87, 0x8b, 0xd7, 0x01, 0x00, 0x00,
	}
	r := bitstream.NewReader(data)
	kind, err := bitstream.ReadMagic(r.Cursor())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("stream:", kind)
	stats, err := bitstream.Walk(r, printer{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range stats.Blocks() {
		fmt.Printf("block %d: %d bits, %d records, %d abbreviations\n", b.ID, b.Bits, b.Records, b.Abbrevs)
	}
	// Output:
	// stream: LLVM IR
	// block 8: 3 words, abbreviation width 3
	//   record code 1, abbreviation 3, ops [2]
	//   record code 2, abbreviation 4, ops [120 56 54]
	// end of block 8
	// block 8: 150 bits, 2 records, 1 abbreviations
}

// Read a stream entry by entry, doing what each entry asks: enter blocks,
// install BLOCKINFO, define abbreviations and read records. The stream has a
// BLOCKINFO block giving block 8 an abbreviation [literal 1, Array, Char6],
// then block 8 with a record using it, an unabbreviated record [7, 42] with
// code 2, and block 9, which defines an abbreviation [literal 3, Blob] and
// uses it.
func ExampleReader() {
	data := []byte{
		0x42, 0x43, 0xc0, 0xde, 0x01, 0x08, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
		0x07, 0x01, 0xe2, 0x18, 0x60, 0x08, 0x00, 0x00, 0x21, 0x0c, 0x00, 0x00,
		0x08, 0x00, 0x00, 0x00, 0x1c, 0x2e, 0x5e, 0x9f, 0x20, 0x1c, 0x6a, 0x90,
		0x84, 0x01, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x12, 0x07, 0x94, 0x03,
		0x68, 0x69, 0x21, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	}
	r := bitstream.NewReader(data)
	if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
		fmt.Println(err)
		return
	}
	var vals []uint64 // reused by every ReadRecord
	for !r.AtEnd() {
		at := r.BitPos()
		e, err := r.Next()
		if err != nil {
			fmt.Println(err)
			return
		}
		indent := strings.Repeat("  ", r.Depth())
		switch e.Kind {
		case bitstream.EntrySubBlock:
			if e.ID == bitstream.BLOCKINFO_BLOCK_ID {
				bi, err := r.ReadBlockInfoBlock(true)
				if err != nil {
					fmt.Println(err)
					return
				}
				r.SetBlockInfo(bi)
				fmt.Printf("%sBLOCKINFO for blocks %v\n", indent, bi.IDs())
				continue
			}
			numWords, err := r.EnterBlock(e.ID)
			if err != nil {
				fmt.Println(err)
				return
			}
			fmt.Printf("%sblock %d at bit %d: %d words\n", indent, e.ID, at, numWords)
		case bitstream.EntryEndBlock:
			fmt.Printf("%send of block\n", indent)
		case bitstream.EntryDefineAbbrev:
			if _, err := r.DefineAbbrev(); err != nil {
				fmt.Println(err)
				return
			}
		case bitstream.EntryRecord:
			rec, err := r.ReadRecord(e.ID, vals)
			if err != nil {
				fmt.Println(err)
				return
			}
			vals = rec.Ops
			fmt.Printf("%srecord code %d, abbreviation %d, ops %v", indent, rec.Code, rec.AbbrevID, rec.Ops)
			if rec.HasBlob {
				fmt.Printf(", blob %q", rec.Blob)
			}
			fmt.Println()
		}
	}
	// Output:
	// BLOCKINFO for blocks [8]
	// block 8 at bit 160: 8 words
	//   record code 1, abbreviation 4, ops [120 56 54]
	//   record code 2, abbreviation 3, ops [7 42]
	//   block 9 at bit 284: 3 words
	//     record code 3, abbreviation 4, ops [], blob "hi!"
	//   end of block
	// end of block
}

// Write the stream ExampleWalk reads, then read its record back.
func ExampleWriter() {
	w := bitstream.NewWriter(nil)
	w.WriteMagic(bitstream.LLVMIRStream)
	w.EnterBlock(8, 3)
	// [literal 2, Array, Char6]: a record of code 2 whose operands are
	// Char6 characters.
	name := w.DefineAbbrev(bitstream.MakeAbbrev(
		bitstream.AbbrevOp{Enc: bitstream.Literal, Value: 2},
		bitstream.AbbrevOp{Enc: bitstream.Array},
		bitstream.AbbrevOp{Enc: bitstream.Char6},
	))
	w.WriteRecord(1, []uint64{2})
	w.WriteAbbrevRecord(name, 2, nil, []byte("x86"))
	w.ExitBlock()
	if err := w.Err(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", w.Bytes())

	r := bitstream.NewReader(w.Bytes())
	bitstream.ReadMagic(r.Cursor())
	r.Next()
	r.EnterBlock(8)
	for {
		e, err := r.Next()
		if err != nil || e.Kind == bitstream.EntryEndBlock {
			break
		}
		if e.Kind == bitstream.EntryDefineAbbrev {
			r.DefineAbbrev()
			continue
		}
		rec, _ := r.ReadRecord(e.ID, nil)
		fmt.Printf("record %d with abbreviation %d: %v\n", rec.Code, rec.AbbrevID, rec.Ops)
	}
	// Output:
	// 42 43 c0 de 21 0c 00 00 03 00 00 00 1a 05 0c 17 04 02 87 8b d7 01 00 00
	// record 1 with abbreviation 3: [2]
	// record 2 with abbreviation 4: [120 56 54]
}
