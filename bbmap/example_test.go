package bbmap_test

import (
	"fmt"
	"strings"

	"github.com/bcextract/bcextract/bbmap"
	"github.com/bcextract/bcextract/sections"
)

func Example() {
	// The map of one function at 0x401000 with three blocks, as
	// sections.DecodeBBAddrMap returns it; 4 bytes of padding follow block 2.
	m := sections.BBAddrMap{Version: 5, Ranges: []sections.BBRange{{
		BaseAddress: 0x401000,
		Entries: []sections.BBEntry{
			{ID: 0, Offset: 0x0, Size: 0x8},
			{ID: 2, Offset: 0x8, Size: 0x4},
			{ID: 1, Offset: 0x10, Size: 0x6},
		},
	}}}
	x := bbmap.NewIndex([]bbmap.Func{{Name: "main", Map: &m}})
	for _, addr := range []uint64{0x401000, 0x40100a, 0x40100c, 0x401015, 0x401016} {
		if loc, ok := x.Lookup(addr); ok {
			fmt.Printf("%#x: %s BB %d +%#x\n", addr, x.Funcs()[loc.Func].Name, loc.ID, loc.Offset)
		} else {
			fmt.Printf("%#x: outside every block\n", addr)
		}
	}

	p, err := x.Aggregate(strings.NewReader("0x401000 5\n0x401004 2\n0x401011 7\n0x40100c 1\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := 0; i < x.NumBlocks(); i++ {
		fmt.Printf("BB %d: %d samples\n", x.Block(i).ID, p.Blocks[i])
	}
	fmt.Printf("main: %d samples, %d outside\n", p.Funcs[0], p.Outside)
	// Output:
	// 0x401000: main BB 0 +0x0
	// 0x40100a: main BB 2 +0x2
	// 0x40100c: outside every block
	// 0x401015: main BB 1 +0x5
	// 0x401016: outside every block
	// BB 0: 7 samples
	// BB 2: 0 samples
	// BB 1: 7 samples
	// main: 14 samples, 1 outside
}

func ExampleReadSamples() {
	in := "# from perf script\n0x401000 12\n4198404 3\n0x401010 x\n"
	err := bbmap.ReadSamples(strings.NewReader(in), func(addr, count uint64) error {
		fmt.Printf("%#x %d\n", addr, count)
		return nil
	})
	fmt.Println(err)
	// Output:
	// 0x401000 12
	// 0x401004 3
	// line 4: bad count "x" (at byte 0x29)
}
