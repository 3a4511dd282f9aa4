package container_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/mmap"
	"github.com/bcextract/bcextract/sections"
)

// Walk a linked executable whose .llvmbc section holds the modules of three
// objects, back to back, and whose .llvmcmd holds their command lines.
func ExampleWalker_Walk() {
	data, err := os.ReadFile("../testdata/containers/prog")
	if err != nil {
		fmt.Println(err)
		return
	}
	var w container.Walker
	defer w.Close()
	err = w.Walk("prog", data, func(p *container.Payload) error {
		fmt.Printf("%-12s %-8s offset 0x%-5x size %d\n", p.Path, p.Kind, p.Off, p.Size)
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// prog:.llvmbc#1 bitcode  offset 0x179   size 2812
	// prog:.llvmbc#2 bitcode  offset 0xc75   size 2504
	// prog:.llvmbc#3 bitcode  offset 0x163d  size 2532
	// prog:.llvmcmd#1 cmdline  offset 0x2021  size 162
	// prog:.llvmcmd#2 cmdline  offset 0x20c3  size 162
	// prog:.llvmcmd#3 cmdline  offset 0x2165  size 162
}

func ExampleDetect() {
	fmt.Println(container.Detect([]byte("!<arch>\n")), container.Detect([]byte("BC\xc0\xde")), container.Detect([]byte("\x7fELF\x02\x01\x01")))
	// Output: archive bitcode elf
}

// List the payloads of an object compiled with -fembed-bitcode: its bitcode
// module, paired with the command line that produced it (Payload.Cmdline, the
// NUL-terminated arguments), and the .llvmcmd section those come from, a
// payload of its own. The zero Walker is ready to
// use; the Payload is reused from call to call, so keep copies, not p.
func ExampleWalker() {
	m, err := mmap.Open("../testdata/containers/elf-x86_64.o")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer m.Close()
	var w container.Walker
	defer w.Close()
	err = w.Walk("elf-x86_64.o", m.Bytes, func(p *container.Payload) error {
		fmt.Printf("%s: %v in %v section %s, bytes [%#x, %#x) of %s\n",
			p.Path, p.Kind, p.Format, p.Section, p.Off, p.Off+p.Size, p.File)
		if p.Kind == container.KindBitcode && p.Cmdline != nil {
			args := sections.DecodeCmdlines(p.Cmdline)[0]
			fmt.Printf("  %d arguments: %s ...\n", len(args), strings.Join(args[:3], " "))
		}
		return nil
	})
	for _, e := range container.Errors(err) {
		fmt.Println(e)
	}
	// Output:
	// elf-x86_64.o:.llvmbc#1: bitcode in elf section .llvmbc, bytes [0x7c, 0xaac) of elf-x86_64.o
	//   11 arguments: -cc1 -triple x86_64-unknown-linux-gnu ...
	// elf-x86_64.o:.llvmcmd#1: cmdline in elf section .llvmcmd, bytes [0xaac, 0xb4e) of elf-x86_64.o
}

// A malformed container does not stop a walk: Walk reports each problem as
// an *Error, with the container path, the file and the byte offset in it,
// and the format package's error as its cause. Here the section header of
// .llvmbc puts its contents outside the file.
func ExampleError() {
	data, err := os.ReadFile("../testdata/containers/bad-elf-secoff.o")
	if err != nil {
		fmt.Println(err)
		return
	}
	var w container.Walker
	defer w.Close()
	err = w.Walk("bad-elf-secoff.o", data, func(p *container.Payload) error {
		fmt.Println("payload", p.Path)
		return nil
	})
	for _, e := range container.Errors(err) {
		var ce *container.Error
		if errors.As(e, &ce) {
			fmt.Printf("path %s, file %s, byte %#x\n", ce.Path, ce.File, ce.Off)
			fmt.Println("cause:", ce.Err) // the location is in the fields
		}
		var fe *elf.FormatError
		if errors.As(e, &fe) {
			fmt.Printf("it wraps: *elf.FormatError at byte %#x of the ELF file\n", fe.Off)
		}
		fmt.Println(e)
	}
	// Output:
	// path bad-elf-secoff.o, file bad-elf-secoff.o, byte 0xcb8
	// cause: section ".llvmbc" (index 3): contents at offset 0x10000000, size 2608, lie outside the file (3512 bytes)
	// it wraps: *elf.FormatError at byte 0xcb8 of the ELF file
	// bad-elf-secoff.o: section ".llvmbc" (index 3): contents at offset 0x10000000, size 2608, lie outside the file (3512 bytes) at byte 0xcb8
}

// The same executable after llvm-objcopy-22 --compress-sections
// '.llvm*=zlib': each payload locates the stored (compressed) section, and
// holds its own bytes decompressed.
func ExamplePayload_Decoded() {
	data, err := os.ReadFile("../testdata/containers/prog-zlib")
	if err != nil {
		fmt.Println(err)
		return
	}
	var w container.Walker
	defer w.Close()
	err = w.Walk("prog-zlib", data, func(p *container.Payload) error {
		fmt.Printf("%-20s %s: offset 0x%x size %d, %d bytes decompressed (%v)\n", p.Path, p.Compression, p.Off, p.Size, len(p.Data), p.Decoded())
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// prog-zlib:.llvmbc#1  zlib: offset 0x180 size 2994, 2812 bytes decompressed (true)
	// prog-zlib:.llvmbc#2  zlib: offset 0x180 size 2994, 2504 bytes decompressed (true)
	// prog-zlib:.llvmbc#3  zlib: offset 0x180 size 2994, 2532 bytes decompressed (true)
	// prog-zlib:.llvmcmd#1 zlib: offset 0xd38 size 154, 162 bytes decompressed (true)
	// prog-zlib:.llvmcmd#2 zlib: offset 0xd38 size 154, 162 bytes decompressed (true)
	// prog-zlib:.llvmcmd#3 zlib: offset 0xd38 size 154, 162 bytes decompressed (true)
}
