package elf_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/bcextract/bcextract/container/elf"
)

// Read the section table of an object compiled with -fembed-bitcode and take
// the LLVM sections' contents as sub-slices of the file.
func ExampleNewFile() {
	data, err := os.ReadFile("../../testdata/containers/elf-x86_64.o")
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := elf.NewFile(data)
	if err != nil {
		fmt.Println(err) // a *elf.FormatError, at a byte offset in data
		return
	}
	fmt.Println(f.Class, f.Data, f.Machine, f.Arch)
	for _, s := range f.Sections {
		if strings.HasPrefix(s.Name, ".llvm") && !s.NoBits {
			contents := data[s.Off : s.Off+s.Size]
			fmt.Printf("%s: section %d, bytes [%#x, %#x), starts %q\n", s.Name, s.Index, s.Off, s.Off+s.Size, contents[:4])
		}
	}
	// Output:
	// ELFCLASS64 ELFDATA2LSB EM_X86_64 x86_64
	// .llvmbc: section 3, bytes [0x7c, 0xaac), starts "BC\xc0\xde"
	// .llvmcmd: section 4, bytes [0xaac, 0xb4e), starts "-cc1"
}
