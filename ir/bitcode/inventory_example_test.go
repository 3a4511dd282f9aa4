package bitcode_test

import (
	"fmt"
	"os"

	"github.com/bcextract/bcextract/ir/bitcode"
)

// Read the inventory of a bitcode file: what each module says about where it
// comes from, and how many functions it declares and defines.
func ExampleReadInventory() {
	data, err := os.ReadFile("../../testdata/inspect/globals-x86_64.bc")
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := bitcode.ReadInventory(data)
	if err != nil {
		// f holds what was read before the problem; an *InventoryError
		// gives the byte offset in data.
		fmt.Println(err)
		return
	}
	for i, m := range f.Modules {
		var funcs, defined int
		for _, g := range m.Globals {
			if g.Kind == bitcode.GlobalFunction {
				funcs++
				if g.Defined {
					defined++
				}
			}
		}
		fmt.Printf("module %d at byte %d\n", i+1, m.Off)
		fmt.Println("  producer:   ", m.Producer)
		fmt.Println("  triple:     ", m.Triple)
		fmt.Println("  source file:", m.SourceFileName)
		fmt.Printf("  functions:   %d (%d defined)\n", funcs, defined)
	}
	if f.Symtab != nil {
		fmt.Println("irsymtab symbols:", len(f.Symtab.Symbols))
	}
	// Output:
	// module 1 at byte 4
	//   producer:    LLVM22.1.8
	//   triple:      x86_64-pc-linux-gnu
	//   source file: src/globals.c
	//   functions:   11 (9 defined)
	// irsymtab symbols: 28
}

// Read only what identifies the first module of a bitcode file (here one with
// Darwin's wrapper header): ReadIdent stops early in the MODULE block.
func ExampleReadIdent() {
	data, err := os.ReadFile("../../testdata/inspect/globals-darwin.bc")
	if err != nil {
		fmt.Println(err)
		return
	}
	id, err := bitcode.ReadIdent(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s %s %s\n", id.Producer, id.Triple, id.SourceFilename)
	// Output:
	// LLVM22.1.8 x86_64-apple-macosx11.0.0 src/globals-darwin.c
}
