package bitstream_test

import (
	"fmt"

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
