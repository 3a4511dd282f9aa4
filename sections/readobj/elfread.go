package readobj

// The ELF reading the dumps share: section contents, decompressed. The BB
// address map sections, their relocations applied as llvm-readobj-22 applies
// them, and function names by address come from package bbmap, which the
// bbmap command reads them with too.

import (
	goelf "debug/elf"
	"encoding/binary"
	"errors"

	"github.com/bcextract/bcextract/container/elf"
)

// sttFunc is STT_FUNC, a function symbol's type.
const sttFunc = 2

// compressedMsg is an error of File.Contents as llvm-readobj words its
// warnings: the cause, without the byte offset.
func compressedMsg(err error) string {
	var fe *elf.FormatError
	if errors.As(err, &fe) {
		return fe.Msg
	}
	return err.Error()
}

func elfByteOrder(f *elf.File) binary.ByteOrder {
	if f.Data == goelf.ELFDATA2MSB {
		return binary.BigEndian
	}
	return binary.LittleEndian
}
