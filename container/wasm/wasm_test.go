package wasm

import (
	"errors"
	"os"
	"testing"
)

const fixtures = "../../testdata/containers/"

func read(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(fixtures + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// uleb appends v as an unsigned LEB128, padded to n bytes (0: minimal).
func uleb(b []byte, v uint64, n int) []byte {
	for i := 0; ; i++ {
		c := byte(v & 0x7f)
		v >>= 7
		if v != 0 || i+1 < n {
			b = append(b, c|0x80)
			continue
		}
		return append(b, c)
	}
}

// module builds a binary from sections given as id and contents; a custom
// section's contents start with its name.
func module(secs ...any) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	for i := 0; i < len(secs); i += 2 {
		body := secs[i+1].([]byte)
		b = append(uleb(append(b, byte(secs[i].(SectionID))), uint64(len(body)), 0), body...)
	}
	return b
}

// custom returns the contents of a custom section named name.
func custom(name string, payload []byte) []byte {
	return append(uleb(nil, uint64(len(name)), 0), append([]byte(name), payload...)...)
}

// TestFixtures checks the section tables of clang's objects against
// llvm-readobj-22 --sections, whose Offset is where the contents start,
// name included (the Off below adds the name's length byte and bytes).
func TestFixtures(t *testing.T) {
	tests := []struct {
		name string
		arch string
		want []Section
	}{
		{"wasm32.o", "wasm32", []Section{
			{WASM_SEC_TYPE, "", 0, 8, 14, 12},
			{WASM_SEC_IMPORT, "", 1, 26, 32, 24},
			{WASM_SEC_FUNCTION, "", 2, 56, 62, 3},
			{WASM_SEC_CODE, "", 3, 65, 71, 76},
			{WASM_SEC_CUSTOM, ".llvmbc", 4, 147, 153 + 8, 2624},
			{WASM_SEC_CUSTOM, ".llvmcmd", 5, 2785, 2791 + 9, 147},
			{WASM_SEC_CUSTOM, "linking", 6, 2947, 2953 + 8, 23},
			{WASM_SEC_CUSTOM, "target_features", 7, 2984, 2990 + 16, 132},
		}},
		{"wasm64.o", "wasm64", []Section{
			{WASM_SEC_TYPE, "", 0, 8, 14, 12},
			{WASM_SEC_IMPORT, "", 1, 26, 32, 24},
			{WASM_SEC_FUNCTION, "", 2, 56, 62, 3},
			{WASM_SEC_CODE, "", 3, 65, 71, 76},
			{WASM_SEC_CUSTOM, ".llvmbc", 4, 147, 153 + 8, 2624},
			{WASM_SEC_CUSTOM, ".llvmcmd", 5, 2785, 2791 + 9, 147},
			{WASM_SEC_CUSTOM, "linking", 6, 2947, 2953 + 8, 23},
			{WASM_SEC_CUSTOM, "target_features", 7, 2984, 2990 + 16, 142},
		}},
	}
	for _, tt := range tests {
		f, err := NewFile(read(t, tt.name))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if f.Version != 1 || f.Arch() != tt.arch || len(f.Sections) != len(tt.want) {
			t.Fatalf("%s: version %d, %s, %d sections", tt.name, f.Version, f.Arch(), len(f.Sections))
		}
		for i, s := range f.Sections {
			if s != tt.want[i] {
				t.Errorf("%s: section %d = %+v, want %+v", tt.name, i, s, tt.want[i])
			}
		}
	}
}

func TestMalformed(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"magic", []byte("\x00asn\x01\x00\x00\x00"), `not a WebAssembly binary: no "\0asm" magic at byte 0x0`},
		{"short", []byte("\x00asm\x01"), "truncated WebAssembly header: 5 of 8 bytes at byte 0x0"},
		{"version", []byte("\x00asm\x0d\x00\x01\x00"), "unsupported WebAssembly version 0x1000d at byte 0x4"},
		{"no size", append(module(), 0), "section 0 header: unexpected end at byte 0x9"},
		{"size past end", append(module(), 0, 0x85, 0x80, 0x80, 0x80, 0, 1, 'x'), "section 0 (CUSTOM): size 5 runs past the end of the file (2 bytes left) at byte 0x8"},
		{"size past 32 bits", append(module(), 1, 0x80, 0x80, 0x80, 0x80, 0x10), "section 0 header: LEB128 value 4294967296 outside the 32-bit range at byte 0x9"},
		{"size past 64 bits", append(module(), 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f), "section 0 header: LEB128 value does not fit in 64 bits at byte 0x9"},
		{"unknown id", module(SectionID(14), []byte{}), "section 0: invalid section type 14 at byte 0x8"},
		{"name past section", module(WASM_SEC_TYPE, []byte{0}, WASM_SEC_CUSTOM, []byte{5, 'a', 'b'}), "section 1 (CUSTOM): name of 5 bytes runs past the end (2 bytes left) at byte 0xd"},
		{"no name", module(WASM_SEC_CUSTOM, []byte{}), "section 0 (CUSTOM): unexpected end at byte 0xa"},
		{"import kind", module(WASM_SEC_IMPORT, []byte{1, 1, 'm', 1, 'f', 9}), "section 0 (IMPORT): import 0: invalid kind 9 at byte 0xb"},
		{"import count", module(WASM_SEC_IMPORT, []byte{2, 1, 'm', 1, 'f', 0, 0}), "section 0 (IMPORT): unexpected end at byte 0x11"},
		{"memory limits", module(WASM_SEC_MEMORY, []byte{1, 5, 0}), "section 0 (MEMORY): unexpected end at byte 0xd"},
	}
	for _, tt := range tests {
		_, err := NewFile(tt.data)
		var fe *FormatError
		if !errors.As(err, &fe) || err.Error() != tt.want {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// Memories with 64-bit limits, imported or defined, make a wasm64 module;
// padded LEB128s are read as LLVM reads them.
func TestMemory64(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"none", module(), "wasm32"},
		{"imported 32", module(WASM_SEC_IMPORT, []byte{1, 1, 'm', 1, 'f', 2, 1, 0, 1}), "wasm32"},
		{"imported 64", module(WASM_SEC_IMPORT, []byte{3, 1, 'm', 1, 'f', 0, 0, 1, 'm', 1, 't', 1, 0x70, 0, 0, 1, 'm', 1, 'g', 2, 5, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0, 7}), "wasm64"},
		{"defined 64", module(WASM_SEC_MEMORY, []byte{2, 0, 1, 0x0c, 1, 0x10}), "wasm64"},
		{"global and tag", module(WASM_SEC_IMPORT, []byte{2, 1, 'm', 1, 'f', 3, 0x7f, 1, 1, 'm', 1, 'e', 4, 0, 0}), "wasm32"},
		{"padded size", append(module(), uleb([]byte{byte(WASM_SEC_TYPE)}, 1, 9)...), "wasm32"},
	}
	for _, tt := range tests {
		if tt.name == "padded size" {
			tt.data = append(tt.data, 0)
		}
		f, err := NewFile(tt.data)
		if err != nil || f.Arch() != tt.want {
			t.Errorf("%s: %v, %v; want %s", tt.name, f, err, tt.want)
		}
	}
}

// Every prefix of an object either ends at a section boundary and reads,
// or is an error at an offset inside the prefix.
func TestTruncated(t *testing.T) {
	full := read(t, "wasm32.o")
	ends := map[int]bool{}
	f, err := NewFile(full)
	if err != nil {
		t.Fatal(err)
	}
	ends[HeaderSize] = true
	for _, s := range f.Sections {
		ends[int(s.Off+s.Size)] = true
	}
	for n := range len(full) {
		_, err := NewFile(full[:n])
		var fe *FormatError
		switch {
		case ends[n] && err != nil:
			t.Fatalf("%d bytes: %v", n, err)
		case !ends[n] && (!errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(n)):
			t.Fatalf("%d bytes: %v", n, err)
		}
	}
}

func TestSectionIDString(t *testing.T) {
	for id, want := range map[SectionID]string{0: "CUSTOM", 9: "ELEM", 12: "DATACOUNT", 13: "TAG", 14: "SectionID(14)"} {
		if id.String() != want {
			t.Errorf("%d: %q, want %q", id, id, want)
		}
	}
}
