package main

import (
	goelf "debug/elf"
	"encoding/binary"

	"github.com/bcextract/bcextract/container/elf"
)

// This file holds the small ELF helpers the llvm-readobj-style views of
// sections share.

const stt_FUNC = 2

// elfByteOrder is the byte order of f.
func elfByteOrder(f *elf.File) binary.ByteOrder {
	if f.Data == goelf.ELFDATA2MSB {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// sectionData returns the contents of s, a section of the ELF file in data
// (elf.NewFile checked the range).
func sectionData(data []byte, s *elf.Section) []byte {
	if s.NoBits {
		return nil
	}
	return data[s.Off : s.Off+s.Size]
}
