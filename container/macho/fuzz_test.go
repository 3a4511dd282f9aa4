package macho

import (
	"bytes"
	gomacho "debug/macho"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// seeds returns every fixture and every slice of the universal fixtures.
func seeds(f *testing.F) [][]byte {
	names, err := filepath.Glob("testdata/*")
	if err != nil {
		f.Fatal(err)
	}
	var out [][]byte
	for _, name := range names {
		if filepath.Ext(name) == ".sh" || filepath.Ext(name) == ".c" {
			continue
		}
		if fi, err := os.Stat(name); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		data := readFixture(f, filepath.Base(name))
		out = append(out, data)
		if arches, err := ParseFat(data); err == nil {
			for _, a := range arches {
				out = append(out, data[a.Off:a.Off+a.Size])
			}
		}
	}
	return out
}

// FuzzNewFile checks that NewFile returns sections within the data or a
// *FormatError within the data, and, when debug/macho also reads the input,
// that both see the same sections.
func FuzzNewFile(f *testing.F) {
	for _, s := range seeds(f) {
		if IsThin(s) {
			f.Add(s)
		}
	}
	// Small inputs mutate faster: one section, both byte orders, both sizes.
	for _, is64 := range []bool{false, true} {
		for _, bo := range []order{binary.LittleEndian, binary.BigEndian} {
			f.Add(buildMachO(bo, is64, CPU_TYPE_ARM64, 0, MH_OBJECT, []tseg{{filesize: 1, sects: []tsect{{"__LLVM", "__bitcode", 0, 4, 0}}}}, 0))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ours := checkNewFile(t, data)
		if ours == nil {
			return
		}
		theirs, err := gomacho.NewFile(bytes.NewReader(data))
		if err != nil {
			return // debug/macho also reads symbol tables; it may reject what we accept
		}
		if len(theirs.Sections) != len(ours.Sections) {
			t.Fatalf("%d sections; debug/macho has %d", len(ours.Sections), len(theirs.Sections))
		}
		for i, s := range theirs.Sections {
			o := ours.Sections[i]
			size := int64(s.Size)
			if s.Size > 1<<63-1 {
				size = 1<<63 - 1
			}
			if o.Seg != s.Seg || o.Name != s.Name || o.Off != int64(s.Offset) || o.Size != size || o.Flags != s.Flags {
				t.Fatalf("section %d: %+v; debug/macho has %+v", i, o, s.SectionHeader)
			}
		}
		if ours.Cpu != uint32(theirs.Cpu) || ours.SubCpu != theirs.SubCpu || ours.Type != uint32(theirs.Type) {
			t.Fatalf("header %+v; debug/macho has %+v", ours, theirs.FileHeader)
		}
	})
}

// FuzzParseFat checks that ParseFat returns slices within the data, after
// the header and not overlapping, or a *FormatError within the data.
func FuzzParseFat(f *testing.F) {
	for _, s := range seeds(f) {
		if IsFat(s) {
			f.Add(s)
		}
	}
	f.Add(buildFat(true, []tarch{{CPU_TYPE_ARM64, 0, 80, 1, 0}, {CPU_TYPE_ARM64, 2, 81, 1, 0}}, 82))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkParseFat(t, data)
	})
}
