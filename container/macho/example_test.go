package macho_test

import (
	"fmt"
	"os"

	"github.com/bcextract/bcextract/container/macho"
)

func ExampleParseFat() {
	// A universal header with two slices: 4 bytes for x86_64 at 48 and
	// 4 bytes for arm64e (with a capability bit) at 52.
	data := []byte{
		0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2,
		0x01, 0, 0, 0x07, 0, 0, 0, 3, 0, 0, 0, 48, 0, 0, 0, 4, 0, 0, 0, 2,
		0x01, 0, 0, 0x0c, 0x80, 0, 0, 2, 0, 0, 0, 52, 0, 0, 0, 4, 0, 0, 0, 2,
		'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h',
	}
	arches, err := macho.ParseFat(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range arches {
		fmt.Printf("%-6s %q\n", a.Arch, data[a.Off:a.Off+a.Size])
	}
	// A slice that reaches past the end of the data.
	data[43] = 5
	_, err = macho.ParseFat(data)
	fmt.Println(err)
	// Output:
	// x86_64 "abcd"
	// arm64e "efgh"
	// slice 1 (arm64e) [0x34, 0x39) runs past the end of the data (0x38 bytes) at byte 0x24
}

func ExampleNewFile() {
	data, err := os.ReadFile("testdata/arm64.o")
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := macho.NewFile(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Arch)
	for _, s := range f.Sections {
		if s.ZeroFill {
			fmt.Printf("%d %s,%s: %d bytes of zero fill\n", s.Index, s.Seg, s.Name, s.Size)
			continue
		}
		fmt.Printf("%d %s,%s: %d bytes at %d, % x…\n", s.Index, s.Seg, s.Name, s.Size, s.Off, data[s.Off:s.Off+min(s.Size, 4)])
	}
	// Output:
	// arm64
	// 1 __TEXT,__text: 140 bytes at 808, fd 7b bf a9…
	// 2 __DATA,__bss: 256 bytes of zero fill
	// 3 __DATA,__thread_bss: 4 bytes of zero fill
	// 4 __DATA,__thread_vars: 24 bytes at 948, 00 00 00 00…
	// 5 __DATA,__common: 4 bytes of zero fill
	// 6 __LLVM,__bitcode: 3984 bytes at 972, de c0 17 0b…
	// 7 __LLVM,__cmdline: 327 bytes at 4956, 2d 63 63 31…
}
