package container_test

import (
	"fmt"
	"os"

	"github.com/bcextract/bcextract/container"
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
