package sections

import (
	"bytes"
	"strings"
)

// msgNotNullTerminated is llvm-readobj 22's reason for a string section whose
// last byte is not NUL (SHT_LLVM_DEPENDENT_LIBRARIES, SHT_LLVM_LINKER_OPTIONS).
const msgNotNullTerminated = "the content is not null-terminated"

// A DependentLibrary is one entry of an SHT_LLVM_DEPENDENT_LIBRARIES section
// (.deplibs), written from !llvm.dependent-libraries or, on ELF,
// #pragma comment(lib, …).
type DependentLibrary struct {
	Off  int64  // offset of the string in the section; GNU-style readobj prints it
	Name string // library specifier as written, e.g. "m" or "libz.so"
}

// DecodeDependentLibraries splits an SHT_LLVM_DEPENDENT_LIBRARIES section
// into its NUL-terminated strings, as llvm-readobj 22 does: an empty section
// has no entries, and an empty string between two NULs is an entry.
//
// A non-empty section whose last byte is not NUL gives a *DecodeError with
// Msg "the content is not null-terminated" and Off at the start of the
// unterminated string, and no entries. llvm-readobj 22 prints it as
//
//	SHT_LLVM_DEPENDENT_LIBRARIES section at index N is broken: <Msg>
//
// and skips the section.
func DecodeDependentLibraries(section string, data []byte) ([]DependentLibrary, error) {
	if len(data) == 0 {
		return nil, nil
	}
	if data[len(data)-1] != 0 {
		start := bytes.LastIndexByte(data, 0) + 1
		return nil, &DecodeError{Section: section, Off: int64(start), Msg: msgNotNullTerminated}
	}
	s := string(data) // one copy; the names are substrings of it
	libs := make([]DependentLibrary, 0, bytes.Count(data, []byte{0}))
	for off := 0; off < len(s); {
		n := strings.IndexByte(s[off:], 0) // found: the last byte is NUL
		libs = append(libs, DependentLibrary{Off: int64(off), Name: s[off : off+n]})
		off += n + 1
	}
	return libs, nil
}
