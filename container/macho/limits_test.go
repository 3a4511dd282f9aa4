package macho

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
)

// Resource limits of NewFile, SymbolNames and ParseFat: whatever the
// headers claim, they allocate at most a small multiple of the data's size.

var le = binary.LittleEndian

// Counts and sizes that claim more than the data holds are errors at the
// offset of the field or command at fault, found before anything is
// allocated for them.
func TestClaims(t *testing.T) {
	seg := []tseg{{name: "__TEXT", sects: []tsect{{"__TEXT", "__text", 0, 4, 0}}}}
	base := buildMachO(le, true, CPU_TYPE_ARM64, 0, MH_OBJECT, seg, 0)
	patch := func(b []byte, f func(b []byte)) []byte {
		b = bytes.Clone(b)
		f(b)
		return b
	}
	const segAt = headerSize64 // the segment command
	syms := buildSymtab(le, true, []tsym{{1, 0}}, "\x00_a\x00")
	symAt := uint32(headerSize64) // the LC_SYMTAB command
	parse := func(b []byte) error { _, err := NewFile(b); return err }
	symbols := func(b []byte) error {
		f, err := NewFile(b)
		if err != nil {
			return err
		}
		_, err = f.SymbolNames(b)
		return err
	}
	fat := func(b []byte) error { _, err := ParseFat(b); return err }
	tests := []struct {
		name string
		data []byte
		f    func([]byte) error
		off  int64
	}{
		{"ncmds 2^32-1", patch(base, func(b []byte) { le.PutUint32(b[16:], 1<<32-1) }), parse, 16},
		{"sizeofcmds 2^32-1", patch(base, func(b []byte) { le.PutUint32(b[20:], 1<<32-1) }), parse, 20},
		{"cmdsize 2^32-1", patch(base, func(b []byte) { le.PutUint32(b[segAt+4:], 1<<32-1) }), parse, segAt + 4},
		{"cmdsize 0", patch(base, func(b []byte) { le.PutUint32(b[segAt+4:], 0) }), parse, segAt + 4},
		{"nsects 2^32-1", patch(base, func(b []byte) { le.PutUint32(b[segAt+64:], 1<<32-1) }), parse, segAt + 64},
		{"section size 2^64-1", patch(base, func(b []byte) { le.PutUint64(b[segAt+segCmdSize64+40:], 1<<64-1) }), parse, segAt + segCmdSize64},
		{"section offset 2^32-1", patch(base, func(b []byte) {
			le.PutUint32(b[segAt+segCmdSize64+48:], 1<<32-1)
		}), parse, segAt + segCmdSize64},
		{"nsyms 2^32-1", patch(syms, func(b []byte) { le.PutUint32(b[symAt+12:], 1<<32-1) }), symbols, int64(symAt)},
		{"symoff 2^32-1", patch(syms, func(b []byte) { le.PutUint32(b[symAt+8:], 1<<32-1) }), symbols, int64(symAt)},
		{"strsize 2^32-1", patch(syms, func(b []byte) { le.PutUint32(b[symAt+20:], 1<<32-1) }), symbols, int64(symAt)},
		{"fat: nfat_arch 2^31", patch(buildFat(true, nil, 64), func(b []byte) { binary.BigEndian.PutUint32(b[4:], 1<<31) }), fat, 4},
		{"fat: nfat_arch 2^32-1", patch(buildFat(true, nil, 64), func(b []byte) { binary.BigEndian.PutUint32(b[4:], 1<<32-1) }), fat, 4},
		{"fat: slice of 2^64-1 bytes", buildFat(true, []tarch{{CPU_TYPE_X86_64, 3, 64, 1<<64 - 1, 0}}, 64), fat, 16},
		{"fat: 1000 slices of the same bytes", func() []byte {
			var as []tarch
			for i := range 1000 {
				as = append(as, tarch{CPU_TYPE_ARM64, uint32(i), 32032, 32, 0})
			}
			return buildFat(true, as, 32064)
		}(), fat, 8 + 32 + 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			alloctest.CheckClaim(t, tt.data, alloctest.Limit{PerByte: 4, Fixed: 1024}, tt.off, formatOff,
				func() error { return tt.f(tt.data) })
		})
	}
}

// The densest valid inputs: many load commands (segments without
// sections, which cost nothing), many sections, many symbols sharing one
// long name, and many universal slices.
func TestAmplification(t *testing.T) {
	const n = 10000
	check := func(name string, size int, k float64, why string, f func() error) {
		t.Helper()
		var err error
		got := alloctest.Min(2, func() { err = f() })
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r := float64(got) / float64(size)
		t.Logf("%s: %d bytes, %d allocated, %.2f per byte (%s)", name, size, got, r, why)
		if r > k {
			t.Errorf("%s: %.2f bytes allocated per byte, more than %v (%s)", name, r, k, why)
		}
	}

	cmds := buildMachO(le, true, CPU_TYPE_ARM64, 0, MH_OBJECT, make([]tseg, n), 0)
	check("load commands", len(cmds), 0.01, "a segment without sections makes nothing", func() error {
		_, err := NewFile(cmds)
		return err
	})

	sects := make([]tsect, n)
	for i := range sects {
		sects[i] = tsect{"__DATA", "__data", 0, 0, 0}
	}
	many := buildMachO(le, false, CPU_TYPE_ARM64, 0, MH_OBJECT, []tseg{{name: "__DATA", sects: sects}}, 0)
	check("sections", len(many), 1.35, "a 64-byte Section and two 16-byte names per 68-byte header", func() error {
		_, err := NewFile(many)
		return err
	})

	long := "\x00" + strings.Repeat("_", 1<<20) + "\x00"
	ts := make([]tsym, n)
	for i := range ts {
		ts[i] = tsym{1, uint64(i)}
	}
	symData := buildSymtab(le, false, ts, long)
	f, err := NewFile(symData)
	if err != nil {
		t.Fatal(err)
	}
	check("symbols sharing a name", len(symData), 6, "one copy of the table and its ends (4 bytes a byte), 16 bytes per 12-byte entry", func() error {
		names, err := f.SymbolNames(symData)
		if err == nil && len(names[n-1]) != 1<<20 {
			err = fmt.Errorf("name of %d bytes", len(names[n-1]))
		}
		return err
	})

	arches := make([]tarch, n)
	for i := range arches {
		arches[i] = tarch{uint32(i), 0, uint64(8 + 32*n), 0, 0}
	}
	fatData := buildFat(true, arches, 0)
	check("universal slices", len(fatData), 4, "a 48-byte FatArch, its architecture name and a sort index per 32-byte entry", func() error {
		as, err := ParseFat(fatData)
		if err == nil && len(as) != n {
			err = fmt.Errorf("%d slices", len(as))
		}
		return err
	})
}

// NewFile of n load commands, each with a section, takes time linear in n.
func BenchmarkLoadCommands(b *testing.B) {
	for _, n := range []int{1e3, 1e4, 1e5} {
		segs := make([]tseg, n)
		for i := range segs {
			segs[i] = tseg{name: "__LLVM", sects: []tsect{{"__LLVM", "__bitcode", 0, 0, 0}}}
		}
		data := buildMachO(le, true, CPU_TYPE_ARM64, 0, MH_OBJECT, segs, 0)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				f, err := NewFile(data)
				if err != nil || len(f.Sections) != n {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

// formatOff is the byte offset of a *FormatError, for alloctest.CheckClaim.
func formatOff(e *FormatError) int64 { return e.Off }
