package main

import (
	"errors"

	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/sections"
)

// sectionContents returns the contents of s, a section of the ELF file f
// held in data (elf.NewFile checked its range): a slice of data, or, for a
// section stored compressed (SHF_COMPRESSED), its contents decompressed,
// within f's budget (see elf.File.Decompress).
//
// bbmap reads the decompressed contents, as LLVM's linkers do, and as
// sections does (package sections/readobj).
func sectionContents(f *elf.File, data []byte, s *elf.Section) ([]byte, error) {
	if s.Compressed() {
		return f.Decompress(data, s)
	}
	return sectionData(data, s), nil
}

// compressedMsg is an error of sectionContents as llvm-readobj words its
// warnings: the cause, without the byte offset.
func compressedMsg(err error) string {
	var fe *elf.FormatError
	if errors.As(err, &fe) {
		return fe.Msg
	}
	return err.Error()
}

// msgOf returns a decoder error's message as llvm-readobj would print it.
func msgOf(err error) string {
	var de *sections.DecodeError
	if errors.As(err, &de) {
		return de.Msg
	}
	return err.Error()
}

// addrSize is the size in bytes of an address in the ELF file f.
func addrSize(f *elf.File) int {
	if f.Class == 2 {
		return 8
	}
	return 4
}
