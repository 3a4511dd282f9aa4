package elf

import (
	"bytes"
	goelf "debug/elf"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The section table NewFile reads equals debug/elf's on every ELF fixture
// of the repository: NewFile parses the headers itself, and debug/elf is
// the second opinion.
func TestSectionsMatchDebugELF(t *testing.T) {
	var files []string
	filepath.WalkDir("../../testdata", func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	n := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil || !IsELF(data) {
			continue
		}
		theirs, err := goelf.NewFile(bytes.NewReader(data))
		if err != nil || strings.HasPrefix(filepath.Base(name), "bad-") {
			continue // the malformed fixtures (debug/elf reads contents lazily)
		}
		n++
		ours, err := NewFile(data)
		if err != nil {
			t.Errorf("%s: %v; debug/elf reads it", name, err)
			continue
		}
		compareSections(t, name, ours, theirs)
	}
	if n < 35 {
		t.Errorf("only %d ELF fixtures compared", n)
	}
}

// compareSections reports where ours and debug/elf's section tables differ
// (debug/elf keeps only the low 32 bits of an ELF64 section's flags).
func compareSections(t *testing.T, name string, ours *File, theirs *goelf.File) {
	t.Helper()
	if ours.Class != theirs.Class || ours.Data != theirs.Data || ours.Type != theirs.Type || ours.Machine != theirs.Machine {
		t.Errorf("%s: header %v %v %v %v; debug/elf %v %v %v %v", name, ours.Class, ours.Data, ours.Type, ours.Machine,
			theirs.Class, theirs.Data, theirs.Type, theirs.Machine)
	}
	if len(ours.Sections) != len(theirs.Sections) {
		t.Errorf("%s: %d sections; debug/elf %d", name, len(ours.Sections), len(theirs.Sections))
		return
	}
	for i, s := range theirs.Sections {
		o := ours.Sections[i]
		if o.Name != s.Name || o.Type != SectionType(s.Type) || uint32(o.Flags) != uint32(s.Flags) || o.Addr != s.Addr ||
			o.Off != int64(s.Offset) || o.Size != int64(s.FileSize) || o.Link != s.Link || o.Info != s.Info ||
			o.EntSize != s.Entsize || o.NoBits != (s.Type == goelf.SHT_NOBITS || s.Type == goelf.SHT_NULL) {
			t.Errorf("%s: section %d: %+v; debug/elf %+v", name, i, o, s.SectionHeader)
		}
	}
}
