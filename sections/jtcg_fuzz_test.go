// Fuzzing of the SHT_LLVM_JT_SIZES and SHT_LLVM_CALL_GRAPH decoders.

package sections

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// jtcgFuzzMode picks the byte order (bit 0: big-endian) and address size
// (bit 1: 4 bytes, else 8) from the fuzzer's mode byte.
func jtcgFuzzMode(mode uint8) (binary.ByteOrder, int) {
	var bo binary.ByteOrder = binary.LittleEndian
	if mode&1 != 0 {
		bo = binary.BigEndian
	}
	if mode&2 != 0 {
		return bo, 4
	}
	return bo, 8
}

// jtcgSeeds adds the sections of type typ in the fixtures as seeds.
func jtcgSeeds(f *testing.F, typ elf.SectionType, files ...string) {
	for _, name := range files {
		if _, err := os.Stat(filepath.Join("testdata", "jtcg", name)); err != nil {
			f.Fatal(err)
		}
		ef := jtcgOpen(f, name)
		mode := uint8(0)
		if jtcgAddrSize(ef) == 4 {
			mode = 2
		}
		for _, s := range jtcgSections(f, ef, typ) {
			f.Add(s.data, mode)
		}
	}
}

func FuzzDecodeJumpTableSizes(f *testing.F) {
	jtcgSeeds(f, shtLLVMJTSizes, "jt-x86_64.o", "jt-i686.o", "jt-x86_64", "jt-i686")
	f.Add([]byte{1, 2, 3}, uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		bo, addrSize := jtcgFuzzMode(mode)
		got, err := DecodeJumpTableSizes("s", data, bo, addrSize)
		ent := 2 * addrSize
		if len(got) != len(data)/ent {
			t.Fatalf("%d entries from %d bytes", len(got), len(data))
		}
		var de *DecodeError
		if len(data)%ent == 0 {
			if err != nil {
				t.Fatal(err)
			}
		} else if !errors.As(err, &de) || de.Off != int64(len(got)*ent) || de.Section != "s" {
			t.Fatalf("error %v, want one at %d", err, len(got)*ent)
		}
		// Re-encoding gives the complete pairs back.
		var enc []byte
		for i, e := range got {
			if e.Off != int64(i*ent) {
				t.Fatalf("entry %d at %d", i, e.Off)
			}
			enc = appendAddr(enc, bo, addrSize, e.Address)
			enc = appendAddr(enc, bo, addrSize, e.Entries)
		}
		if !slices.Equal(enc, data[:len(got)*ent]) {
			t.Fatalf("re-encoded %x, want %x", enc, data[:len(got)*ent])
		}
	})
}

func appendAddr(b []byte, bo binary.ByteOrder, addrSize int, v uint64) []byte {
	var w [8]byte
	if addrSize == 4 {
		bo.PutUint32(w[:], uint32(v))
	} else {
		bo.PutUint64(w[:], v)
	}
	return append(b, w[:addrSize]...)
}

// encodeCallGraph writes records back in LLVM's layout, with minimal
// ULEB128 counts.
func encodeCallGraph(b []byte, bo binary.ByteOrder, addrSize int, fs []CallGraphFunc) []byte {
	for _, f := range fs {
		b = append(b, f.Version, f.Flags)
		b = appendAddr(b, bo, addrSize, f.Address)
		b = appendAddr(b, bo, 8, f.TypeID)
		if f.HasDirectCallees() {
			b = binary.AppendUvarint(b, uint64(len(f.DirectCallees)))
			for _, c := range f.DirectCallees {
				b = appendAddr(b, bo, addrSize, c)
			}
		}
		if f.HasIndirectCallees() {
			b = binary.AppendUvarint(b, uint64(len(f.IndirectTypeIDs)))
			for _, id := range f.IndirectTypeIDs {
				b = appendAddr(b, bo, 8, id)
			}
		}
	}
	return b
}

func FuzzDecodeCallGraph(f *testing.F) {
	jtcgSeeds(f, shtLLVMCallGraph, "cg-x86_64.o", "cg-aarch64.o", "cg-i686.o", "cg-x86_64")
	for _, tt := range cgHostileTests {
		mode := uint8(0)
		if tt.addrSize == 4 {
			mode |= 2
		}
		if tt.bo == binary.BigEndian {
			mode |= 1
		}
		f.Add(secUnhex(f, tt.hex), mode)
	}
	// An overlong count (80 00) before a second record.
	f.Add([]byte("\x00\a000000000000\x80\x00\x00\x00\x01000000000000"), uint8('C'))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		bo, addrSize := jtcgFuzzMode(mode)
		got, err := DecodeCallGraph("s", data, bo, addrSize)
		// end is where the last record ends at the least: an overlong
		// ULEB128 count makes it longer than its minimal encoding.
		end := 0
		for i, g := range got {
			if g.Off < int64(end) || i == 0 && g.Off != 0 || g.AddressOff != g.Off+2 || g.Version != 0 || g.Flags&^7 != 0 {
				t.Fatalf("record %d: %+v after byte %d", i, g, end)
			}
			if len(g.DirectCallees) != len(g.DirectCalleeOffs) ||
				g.HasDirectCallees() != (g.DirectCallees != nil) || g.HasIndirectCallees() != (g.IndirectTypeIDs != nil) {
				t.Fatalf("record %d: lists disagree with flags: %+v", i, g)
			}
			for j, o := range g.DirectCalleeOffs {
				if o <= g.AddressOff || o+int64(addrSize) > int64(len(data)) || j > 0 && o != g.DirectCalleeOffs[j-1]+int64(addrSize) {
					t.Fatalf("record %d: callee %d at %d", i, j, o)
				}
			}
			end = int(g.Off) + len(encodeCallGraph(nil, bo, addrSize, got[i:i+1]))
		}
		var de *DecodeError
		if err == nil {
			if end > len(data) {
				t.Fatalf("records end at %d, after the %d bytes", end, len(data))
			}
		} else if !errors.As(err, &de) || de.Section != "s" || de.Off < int64(end) || de.Off > int64(len(data)) {
			t.Fatalf("error %v after records ending at %d", err, end)
		}
		// Re-encoding matches the input except where a count was an
		// overlong ULEB128; then at least it decodes to the same records.
		enc := encodeCallGraph(nil, bo, addrSize, got)
		if err == nil && len(enc) == len(data) && !slices.Equal(enc, data) {
			t.Fatalf("re-encoded %x, want %x", enc, data)
		}
		again, err2 := DecodeCallGraph("s", enc, bo, addrSize)
		if err2 != nil || len(again) != len(got) {
			t.Fatalf("re-decoding: %d records, %v", len(again), err2)
		}
	})
}
