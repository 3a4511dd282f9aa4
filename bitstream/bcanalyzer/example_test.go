package bcanalyzer_test

import (
	"fmt"
	"os"

	"github.com/bcextract/bcextract/bitstream/bcanalyzer"
)

// The summary of a bitcode stream holding one IDENTIFICATION block, as
// llvm-bcanalyzer-22 -disable-histogram prints it (with Dump, the blocks
// and records come first, as -dump prints them).
func ExampleText() {
	data := []byte{
		'B', 'C', 0xc0, 0xde, // magic
		0x35, 0x14, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, // enter block 13, 1 word
		0x43, 0x08, 0x00, 0x00, // EPOCH 0, end of block
	}
	o := bcanalyzer.Options{NoHistogram: true}
	if err := bcanalyzer.Text(os.Stdout, "id.bc", data, o); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Summary of id.bc:
	//          Total size: 128b/16.00B/4W
	//         Stream type: LLVM IR
	//   # Toplevel Blocks: 1
	//
	// Per-block Summary:
	//   Block ID #13 (IDENTIFICATION_BLOCK_ID):
	//       Num Instances: 1
	//          Total Size: 86b/10.75B/2W
	//     Percent of file: 67.1875%
	//       Num SubBlocks: 0
	//         Num Abbrevs: 0
	//         Num Records: 1
	//     Percent Abbrevs: 0.0000%
}
