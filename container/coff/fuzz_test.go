package coff

import (
	"bytes"
	gope "debug/pe"
	"os"
	"path/filepath"
	"testing"
)

// FuzzNewFile checks that NewFile returns sections within the data or a
// *FormatError within the data, and, when debug/pe also reads the input,
// that both see the same section table.
func FuzzNewFile(f *testing.F) {
	names, err := filepath.Glob("testdata/*")
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range names {
		if fi, err := os.Stat(name); err == nil && fi.Mode().IsRegular() && (IsObject(readFixture(f, filepath.Base(name))) || IsImage(readFixture(f, filepath.Base(name)))) {
			f.Add(readFixture(f, filepath.Base(name)))
		}
	}
	// Small inputs mutate faster.
	st, refs := strtab(".llvm_addrsig")
	f.Add(buildObject(IMAGE_FILE_MACHINE_AMD64, []tsec{{".llvmbc", 0, 4, 100}, {refs[0], 0, 0, 0}}, 104, 0, append([]byte("BC\xc0\xde"), st...)))
	f.Add(buildBigObj(IMAGE_FILE_MACHINE_ARM64, []tsec{{".llvmbc", 0, 4, 136}, {"//AAAAAE", 0, 0, 0}}, 140, 0, append([]byte("BC\xc0\xde"), st...)))
	f.Add(append(buildImage(IMAGE_FILE_MACHINE_ARM64, 0xf0, []tsec{{".llvmbc", 4, 0x200, 0x200}}, nil), make([]byte, 0x300)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		ours := checkNewFile(t, data)
		if ours == nil || ours.BigObj {
			return
		}
		theirs, err := gope.NewFile(bytes.NewReader(data))
		if err != nil {
			return // debug/pe also reads the symbol table and relocations, and knows fewer machines
		}
		if len(theirs.Sections) != len(ours.Sections) {
			t.Fatalf("%d sections; debug/pe has %d", len(ours.Sections), len(theirs.Sections))
		}
		for i, s := range theirs.Sections {
			o := ours.Sections[i]
			size := s.Size
			if ours.Image {
				size = min(s.VirtualSize, s.Size)
			}
			if o.Name != s.Name || o.Off != int64(s.Offset) || o.Size != int64(size) || o.Characteristics != s.Characteristics || o.ZeroFill != (s.Offset == 0) {
				t.Fatalf("section %d: %+v; debug/pe has %+v", i, o, s.SectionHeader)
			}
		}
		if theirs.Machine != ours.Machine {
			t.Fatalf("machine %#x; debug/pe has %#x", ours.Machine, theirs.Machine)
		}
	})
}
