package disasm_test

import (
	"fmt"

	"github.com/bcextract/bcextract/disasm"
)

func Example() {
	// The function sq of testdata/sections/bbmap-x86_64, and one byte that
	// is no instruction in 64-bit mode.
	code := []byte{0x89, 0xf8, 0x0f, 0xaf, 0xc7, 0xc3, 0x06}
	d, err := disasm.NewDecoder(disasm.ArchAMD64, disasm.GNU)
	if err != nil {
		fmt.Println(err)
		return
	}
	d.Walk(code, 0x2011c0, func(in disasm.Inst) bool {
		fmt.Printf("%x: %d bytes  %s\n", in.Addr, in.Len, in.Text)
		return true
	})
	// Output:
	// 2011c0: 2 bytes  mov %edi,%eax
	// 2011c2: 3 bytes  imul %edi,%eax
	// 2011c5: 1 bytes  retq
	// 2011c6: 1 bytes  (bad)
}
