package coff_test

import (
	"fmt"
	"os"

	"github.com/bcextract/bcextract/container/coff"
)

func ExampleNewFile() {
	data, err := os.ReadFile("testdata/x86_64.obj")
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := coff.NewFile(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Arch, f.Image)
	for _, s := range f.Sections {
		if s.ZeroFill {
			fmt.Printf("%d %s: %d bytes of zero fill\n", s.Index, s.Name, s.Size)
			continue
		}
		fmt.Printf("%d %s: %d bytes at %#x, %q\n", s.Index, s.Name, s.Size, s.Off, data[s.Off:s.Off+min(s.Size, 4)])
	}
	// Output:
	// x86_64 false
	// 1 .text: 107 bytes at 0x154, "\x8d\x04\n\x83"
	// 2 .data: 0 bytes at 0x20f, ""
	// 3 .bss: 260 bytes of zero fill
	// 4 .rdata$long_section_name: 10 bytes at 0x20f, "bcex"
	// 5 .tls$: 4 bytes at 0x219, "\x00\x00\x00\x00"
	// 6 .llvmbc: 3524 bytes at 0x21d, "BC\xc0\xde"
	// 7 .llvmcmd: 167 bytes at 0xfe1, "-cc1"
	// 8 .debug$S: 92 bytes at 0x1088, "\x04\x00\x00\x00"
}

func ExampleIsObject() {
	// A COFF file header for x86-64 with no sections, and the same bytes
	// shifted by one.
	hdr := []byte{0x64, 0x86, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	fmt.Println(coff.IsObject(hdr), coff.IsObject(append([]byte{0}, hdr...)))
	_, err := coff.NewFile(hdr[:12])
	fmt.Println(err)
	// Output:
	// true false
	// truncated COFF file header: 12 of 20 bytes at byte 0x0
}
