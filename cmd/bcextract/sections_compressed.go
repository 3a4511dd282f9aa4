package main

import (
	"errors"

	"github.com/bcextract/bcextract/container/elf"
)

// sectionContents returns the contents of s, a section of the ELF file f
// held in data (elf.NewFile checked its range): a slice of data, or, for a
// section stored compressed (SHF_COMPRESSED), its contents decompressed,
// within f's budget (see elf.File.Decompress).
//
// Every view of sections and bbmap reads the decompressed contents, as
// LLVM's linkers do. llvm-readobj-22 does so for BB address maps only: it
// decodes the stored bytes of a compressed SHT_LLVM_ADDRSIG,
// SHT_LLVM_CALL_GRAPH_PROFILE, SHT_LLVM_DEPENDENT_LIBRARIES or
// SHT_LLVM_LINKER_OPTIONS, compression header and all, as if they were the
// contents, and prints garbage or warnings (see the README).
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
