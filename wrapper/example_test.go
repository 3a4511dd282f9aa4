package wrapper_test

import (
	"encoding/binary"
	"fmt"

	"github.com/bcextract/bcextract/wrapper"
)

// file is a tiny raw bitcode file: the magic and one block of 3 words.
var file = []byte{
	0x42, 0x43, 0xc0, 0xde, 0x21, 0x0c, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00,
	0x1a, 0x05, 0x0c, 0x17, 0x04, 0x02, 0x87, 0x8b, 0xd7, 0x01, 0x00, 0x00,
}

// Split a section holding two bitcode files back to back, the second after
// zero padding, as a linker concatenates the .llvmbc sections of its inputs.
func ExampleSplit() {
	var section []byte
	section = append(section, file...)
	section = append(section, 0, 0, 0, 0, 0, 0, 0, 0)
	section = append(section, file...)
	spans, err := wrapper.Split(section)
	if err != nil {
		fmt.Println(err) // a *wrapper.FormatError, at a byte offset in section
	}
	for _, sp := range spans {
		fmt.Printf("%-7v [%d, %d)\n", sp.Kind, sp.Off, sp.Off+sp.Size)
	}
	// Output:
	// raw     [0, 24)
	// padding [24, 32)
	// raw     [32, 56)
}

// Unwrap a bitcode file with Darwin's wrapper header to get the raw stream
// that package bitstream reads.
func ExampleUnwrap() {
	wrapped := make([]byte, wrapper.HeaderSize, wrapper.HeaderSize+len(file))
	binary.LittleEndian.PutUint32(wrapped[0:], wrapper.Magic)
	binary.LittleEndian.PutUint32(wrapped[8:], wrapper.HeaderSize) // offset of the stream
	binary.LittleEndian.PutUint32(wrapped[12:], uint32(len(file))) // its size
	binary.LittleEndian.PutUint32(wrapped[16:], 0x01000007)        // CPU_TYPE_X86_64
	wrapped = append(wrapped, file...)

	fmt.Println(wrapper.IsWrapper(wrapped), wrapper.IsRaw(wrapped))
	h, raw, err := wrapper.Unwrap(wrapped)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("offset %d, size %d, cpu %#x, raw %v\n", h.Offset, h.Size, h.CPUType, wrapper.IsRaw(raw))

	_, _, err = wrapper.Unwrap(wrapped[:30])
	fmt.Println(err)
	// Output:
	// true false
	// offset 20, size 24, cpu 0x1000007, raw true
	// bitcode wrapper range [0x14, 0x2c) runs past the end of the data at byte 0x1e
}
