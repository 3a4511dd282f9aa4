package wasm_test

import (
	"fmt"

	"github.com/bcextract/bcextract/container/wasm"
)

func ExampleNewFile() {
	// A module with a type section and a custom section ".llvmbc" holding
	// four bytes of bitcode magic.
	data := []byte{
		0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00,
		0x01, 0x01, 0x00, // type section: no types
		0x00, 0x0c, 0x07, '.', 'l', 'l', 'v', 'm', 'b', 'c', 'B', 'C', 0xc0, 0xde,
	}
	f, err := wasm.NewFile(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Arch())
	for _, s := range f.Sections {
		fmt.Printf("%d %s %q at %d: % x\n", s.Index, s.ID, s.Name, s.Off, data[s.Off:s.Off+s.Size])
	}
	// A size that runs past the end.
	data[12] = 0x7f
	_, err = wasm.NewFile(data)
	fmt.Println(err)
	// Output:
	// wasm32
	// 0 TYPE "" at 10: 00
	// 1 CUSTOM ".llvmbc" at 21: 42 43 c0 de
	// section 1 (CUSTOM): size 127 runs past the end of the file (12 bytes left) at byte 0xb
}
