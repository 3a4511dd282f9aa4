package wasm

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzNewFile checks that NewFile returns sections inside the data, in file
// order and not overlapping, or a *FormatError inside the data.
func FuzzNewFile(f *testing.F) {
	names, _ := filepath.Glob(fixtures + "*wasm*")
	for _, name := range names {
		if data, err := os.ReadFile(name); err == nil && IsWasm(data) {
			f.Add(data)
		}
	}
	f.Add(module(WASM_SEC_IMPORT, []byte{1, 1, 'm', 1, 'f', 2, 4, 0}, WASM_SEC_CUSTOM, custom(".llvmbc", []byte("BC\xc0\xde"))))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := NewFile(data)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(data)) {
				t.Fatalf("%v: want a *FormatError inside the %d-byte input", err, len(data))
			}
			return
		}
		end := int64(HeaderSize)
		for i, s := range file.Sections {
			if s.Index != i || s.HeaderOff != end || s.Off <= s.HeaderOff || s.Size < 0 || s.Off+s.Size > int64(len(data)) {
				t.Fatalf("section %d: %+v after byte %d of %d", i, s, end, len(data))
			}
			end = s.Off + s.Size
		}
		if end != int64(len(data)) {
			t.Fatalf("sections end at %d of %d bytes", end, len(data))
		}
	})
}
