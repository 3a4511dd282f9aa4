package bitcode

import (
	"os"
	"testing"
)

// TestBlockBits counts the words of the module-level METADATA blocks and
// of the FUNCTION_BLOCKs of fixtures as llvm-bcanalyzer-22 -dump gives them
// (NumWords of the blocks one level inside the module).
func TestBlockBits(t *testing.T) {
	for _, c := range []struct {
		file                  string
		metadataW, functionsW uint64
	}{
		{"metadata.bc", 161, 231},
		{"instr-call.bc", 0, 308},
		{"debuginfo/llvm14-di-imports.bc", 215, 153},
	} {
		data, err := os.ReadFile("../../testdata/ir/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Open(data)
		if err != nil {
			t.Fatal(err)
		}
		md, bodies := f.Modules[0].BlockBits()
		if md != c.metadataW*32 || bodies != c.functionsW*32 {
			t.Errorf("%s: BlockBits = %d, %d bits; want %d, %d", c.file, md, bodies, c.metadataW*32, c.functionsW*32)
		}
		// Cut short: what comes before the cut is counted, no more.
		f, err = Open(data[:len(data)*3/4])
		if err == nil {
			if md2, bodies2 := f.Modules[0].BlockBits(); md2 > md || bodies2 > bodies {
				t.Errorf("%s cut short: %d, %d bits", c.file, md2, bodies2)
			}
		}
	}
}
