package sections

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"reflect"
	"slices"
	"testing"
)

// Type IDs in the cg.c fixtures (the same for every target).
const (
	cgTypeIntInt   = 0xb23cfe0c3eb850a1 // int (int): leaf, ext, table[]
	cgTypeLongLL   = 0x16e250b26e546685 // long (long, long): add2, table2
	cgTypeLongLong = 0x6cc5ea4e08665867 // long (long): two
	cgTypeIntVoid  = 0x0a9494def81a01dc // int (void): start
)

// cgRecord is a record of the cg.c fixtures with its addresses named.
type cgRecord struct {
	fn       string
	flags    uint8
	typeID   uint64
	direct   []string
	indirect []uint64
}

// cgWant is the .llvm.callgraph of cg.c from clang-22 -O1 on every target
// tried: helper is static and not address-taken (flags 2, type ID 0); both
// calls helper and ext directly and table[] indirectly; two makes two
// indirect calls of different types; start calls both and two.
var cgWant = []cgRecord{
	{fn: "leaf", flags: 1, typeID: cgTypeIntInt},
	{fn: "ext", flags: 1, typeID: cgTypeIntInt},
	{fn: "add2", flags: 1, typeID: cgTypeLongLL},
	{fn: "both", flags: 7, typeID: cgTypeIntInt, direct: []string{"helper", "ext"}, indirect: []uint64{cgTypeIntInt}},
	{fn: "helper", flags: 2, typeID: 0, direct: []string{"leaf"}},
	{fn: "two", flags: 5, typeID: cgTypeLongLong, indirect: []uint64{cgTypeIntInt, cgTypeLongLL}},
	{fn: "start", flags: 3, typeID: cgTypeIntVoid, direct: []string{"both", "two"}},
}

// cgOffs64 are the record offsets and address field offsets of the 64-bit
// fixtures, as in llvm-readobj-22 -r (R_X86_64_64 / R_AARCH64_ABS64 at
// 0x2, 0x14, 0x26, 0x38, 0x49, 0x51, 0x64, 0x75, 0x7f, 0xa2, 0xb3, 0xbb).
var cgOffs64 = struct {
	rec, addr []int64
	callees   [][]int64
}{
	rec:     []int64{0, 0x12, 0x24, 0x36, 0x62, 0x7d, 0xa0},
	addr:    []int64{0x2, 0x14, 0x26, 0x38, 0x64, 0x7f, 0xa2},
	callees: [][]int64{nil, nil, nil, {0x49, 0x51}, {0x75}, nil, {0xb3, 0xbb}},
}

// cgFuncs maps the addresses of a fixture's function symbols to their
// names (st_value; on ET_REL, offsets in .text).
func cgFuncs(t *testing.T, f *elf.File) map[uint64]string {
	t.Helper()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	m := map[uint64]string{}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC {
			m[s.Value] = s.Name
		}
	}
	return m
}

// cgCheck compares decoded records with cgWant, naming each address with
// name (which reports the field's offset and value).
func cgCheck(t *testing.T, got []CallGraphFunc, name func(off int64, v uint64) string) {
	t.Helper()
	if len(got) != len(cgWant) {
		t.Fatalf("%d records, want %d: %+v", len(got), len(cgWant), got)
	}
	for i, w := range cgWant {
		g := got[i]
		if len(g.DirectCallees) != len(g.DirectCalleeOffs) {
			t.Fatalf("record %d: %d callees, %d offsets", i, len(g.DirectCallees), len(g.DirectCalleeOffs))
		}
		r := cgRecord{fn: name(g.AddressOff, g.Address), flags: g.Flags, typeID: g.TypeID, indirect: g.IndirectTypeIDs}
		for j, c := range g.DirectCallees {
			r.direct = append(r.direct, name(g.DirectCalleeOffs[j], c))
		}
		if !reflect.DeepEqual(r, w) || g.Version != 0 {
			t.Errorf("record %d = %+v (version %d), want %+v", i, r, g.Version, w)
		}
		if g.IsIndirectTarget() != (w.flags&1 != 0) || g.HasDirectCallees() != (w.direct != nil) ||
			g.HasIndirectCallees() != (w.indirect != nil) {
			t.Errorf("record %d: flag methods disagree with flags %#x", i, g.Flags)
		}
	}
}

var cgRelTests = []struct {
	file    string
	relType uint32
	addend  bool // REL: address fields hold the implicit addends
}{
	{file: "cg-x86_64.o", relType: uint32(elf.R_X86_64_64)},
	{file: "cg-aarch64.o", relType: uint32(elf.R_AARCH64_ABS64)},
	{file: "cg-i686.o", relType: uint32(elf.R_386_32), addend: true},
}

func TestDecodeCallGraphRelocatable(t *testing.T) {
	for _, tt := range cgRelTests {
		t.Run(tt.file, func(t *testing.T) {
			f := jtcgOpen(t, tt.file)
			secs := jtcgSections(t, f, shtLLVMCallGraph)
			if len(secs) != 1 || secs[0].sec.Name != ".llvm.callgraph" {
				t.Fatalf("want one .llvm.callgraph section, have %d", len(secs))
			}
			s := secs[0]
			got, err := DecodeCallGraph(s.sec.Name, s.data, f.ByteOrder, jtcgAddrSize(f))
			if err != nil {
				t.Fatal(err)
			}
			funcs := cgFuncs(t, f)
			relocs := jtcgRelocs(t, f, s.index, s.data)
			used := map[int64]bool{}
			cgCheck(t, got, func(off int64, v uint64) string {
				used[off] = true
				r, ok := relocs[off]
				if !ok {
					t.Errorf("no relocation at address field %#x", off)
					return ""
				}
				if r.typ != tt.relType {
					t.Errorf("relocation at %#x has type %d, want %d", off, r.typ, tt.relType)
				}
				if want := uint64(0); tt.addend {
					want = uint64(r.addend)
					if v != want {
						t.Errorf("field %#x = %#x, want the implicit addend %#x", off, v, want)
					}
				} else if v != 0 {
					t.Errorf("field %#x = %#x, want 0 under RELA", off, v)
				}
				name, ok := funcs[r.target()]
				if !ok || r.sym.Name != ".text" && r.sym.Name != name {
					t.Errorf("relocation at %#x against %s%+#x names no function", off, r.sym.Name, r.addend)
				}
				return name
			})
			if len(used) != len(relocs) {
				t.Errorf("%d relocations, %d address fields", len(relocs), len(used))
			}
			if jtcgAddrSize(f) == 8 {
				for i, g := range got {
					if g.Off != cgOffs64.rec[i] || g.AddressOff != cgOffs64.addr[i] ||
						!slices.Equal(g.DirectCalleeOffs, cgOffs64.callees[i]) {
						t.Errorf("record %d: Off %#x AddressOff %#x DirectCalleeOffs %#x, want %#x %#x %#x", i,
							g.Off, g.AddressOff, g.DirectCalleeOffs, cgOffs64.rec[i], cgOffs64.addr[i], cgOffs64.callees[i])
					}
				}
			}
		})
	}
}

// TestDecodeCallGraphLinked reads cg-x86_64, linked by ld.lld-22: every
// address is a function symbol's value (llvm-nm-22: leaf 0x201160,
// ext 0x201170, add2 0x201180, both 0x201190, helper 0x2011d0,
// two 0x2011e0, start 0x201210).
func TestDecodeCallGraphLinked(t *testing.T) {
	f := jtcgOpen(t, "cg-x86_64")
	secs := jtcgSections(t, f, shtLLVMCallGraph)
	if len(secs) != 1 {
		t.Fatalf("%d call graph sections", len(secs))
	}
	got, err := DecodeCallGraph(secs[0].sec.Name, secs[0].data, f.ByteOrder, 8)
	if err != nil {
		t.Fatal(err)
	}
	funcs := cgFuncs(t, f)
	cgCheck(t, got, func(off int64, v uint64) string { return funcs[v] })
	addrs := map[string]uint64{"leaf": 0x201160, "ext": 0x201170, "add2": 0x201180, "both": 0x201190,
		"helper": 0x2011d0, "two": 0x2011e0, "start": 0x201210}
	for i, g := range got {
		if g.Address != addrs[cgWant[i].fn] {
			t.Errorf("record %d: address %#x, want %s at %#x", i, g.Address, cgWant[i].fn, addrs[cgWant[i].fn])
		}
		if g.Off != cgOffs64.rec[i] || g.AddressOff != cgOffs64.addr[i] || !slices.Equal(g.DirectCalleeOffs, cgOffs64.callees[i]) {
			t.Errorf("record %d: offsets differ from the relocatable object's", i)
		}
	}
	if got[6].DirectCallees[0] != 0x201190 || got[6].DirectCallees[1] != 0x2011e0 {
		t.Errorf("start's callees %#x", got[6].DirectCallees)
	}
}

// TestDecodeCallGraphTruncated cuts each fixture at every byte: a prefix
// gives the records that end within it and, unless it ends between
// records, an error inside the first record that does not.
func TestDecodeCallGraphTruncated(t *testing.T) {
	for _, name := range []string{"cg-x86_64.o", "cg-i686.o", "cg-x86_64"} {
		f := jtcgOpen(t, name)
		s := jtcgSections(t, f, shtLLVMCallGraph)[0]
		addrSize := jtcgAddrSize(f)
		all, err := DecodeCallGraph(s.sec.Name, s.data, f.ByteOrder, addrSize)
		if err != nil {
			t.Fatal(err)
		}
		for i := range len(s.data) + 1 {
			got, err := DecodeCallGraph(s.sec.Name, s.data[:i], f.ByteOrder, addrSize)
			n := 0
			for n < len(all) && (n+1 < len(all) && all[n+1].Off <= int64(i) || n+1 == len(all) && i == len(s.data)) {
				n++
			}
			if !reflect.DeepEqual(got, all[:n:n]) && !(n == 0 && got == nil) {
				t.Errorf("%s[:%d]: %d records, want %d", name, i, len(got), n)
			}
			var de *DecodeError
			switch {
			case n == len(all) || int64(i) == all[n].Off:
				if err != nil {
					t.Errorf("%s[:%d]: %v", name, i, err)
				}
			case !errors.As(err, &de) || de.Off < all[n].Off || de.Off > int64(i):
				t.Errorf("%s[:%d]: error %v, want one in [%d, %d]", name, i, err, all[n].Off, i)
			}
		}
	}
}

var cgHostileTests = []struct {
	name     string
	hex      string
	bo       binary.ByteOrder
	addrSize int
	want     []CallGraphFunc
	err      *DecodeError
}{
	{name: "empty", bo: binary.LittleEndian, addrSize: 8},
	{name: "minimal-32", hex: "0000" + "78563412" + "0100000000000000", bo: binary.LittleEndian, addrSize: 4,
		want: []CallGraphFunc{{Off: 0, Address: 0x12345678, AddressOff: 2, TypeID: 1}}},
	{name: "big-endian", bo: binary.BigEndian, addrSize: 8,
		hex: "0003" + "0000000000401000" + "0102030405060708" + "02" + "0000000000401100" + "0000000000401200",
		want: []CallGraphFunc{{Off: 0, Flags: 3, Address: 0x401000, AddressOff: 2, TypeID: 0x0102030405060708,
			DirectCallees: []uint64{0x401100, 0x401200}, DirectCalleeOffs: []int64{19, 27}}}},
	// A count of 0 with its flag set, and an overlong ULEB128 count.
	{name: "zero-counts", bo: binary.LittleEndian, addrSize: 4,
		hex: "0006" + "00000000" + "0000000000000000" + "00" + "8000",
		want: []CallGraphFunc{{Flags: 6, AddressOff: 2, DirectCallees: []uint64{}, DirectCalleeOffs: []int64{},
			IndirectTypeIDs: []uint64{}}}},
	{name: "version-1", hex: "0000" + "00000000" + "0000000000000000" + "0100", bo: binary.LittleEndian, addrSize: 4,
		want: []CallGraphFunc{{AddressOff: 2}},
		err:  &DecodeError{Off: 14, Msg: "unsupported call graph format version 1"}},
	{name: "version-ff", hex: "ff01" + "00000000" + "0000000000000000", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 0, Msg: "unsupported call graph format version 255"}},
	{name: "flag-bit-3", hex: "0009" + "00000000" + "0000000000000000", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 1, Msg: "unknown call graph flags 0x8"}},
	{name: "flag-bits-high", hex: "00e1" + "00000000" + "0000000000000000", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 1, Msg: "unknown call graph flags 0xe0"}},
	{name: "one-byte", hex: "00", bo: binary.LittleEndian, addrSize: 8,
		err: &DecodeError{Off: 0, Msg: "unexpected end of section reading the version and flags (2 bytes needed, 1 left)"}},
	{name: "short-address", hex: "0001" + "000000000000", bo: binary.LittleEndian, addrSize: 8,
		err: &DecodeError{Off: 2, Msg: "unexpected end of section reading the function entry address (8 bytes needed, 6 left)"}},
	{name: "short-type-id", hex: "0001" + "00000000" + "00000000", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 6, Msg: "unexpected end of section reading the function type ID (8 bytes needed, 4 left)"}},
	{name: "missing-direct-count", hex: "0002" + "00000000" + "0000000000000000", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 14, Msg: "unexpected end of section reading the direct callee count (1 bytes needed, 0 left)"}},
	{name: "missing-indirect-count", hex: "0006" + "00000000" + "0000000000000000" + "00", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 15, Msg: "unexpected end of section reading the indirect type ID count (1 bytes needed, 0 left)"}},
	{name: "unterminated-count", hex: "0002" + "00000000" + "0000000000000000" + "8080", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 14, Msg: "direct callee count: malformed uleb128, extends past end"}},
	{name: "count-too-big-for-uint64", hex: "0004" + "00000000" + "0000000000000000" + "ffffffffffffffffff7f", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 14, Msg: "indirect type ID count: uleb128 too big for uint64"}},
	// Huge counts must not allocate: they are checked against the bytes left.
	{name: "count-max", hex: "0002" + "00000000" + "0000000000000000" + "ffffffffffffffffff01" + "00000000", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 14, Msg: "direct callee count 18446744073709551615 does not fit in the 4 bytes left"}},
	{name: "count-one-too-many", hex: "0002" + "00000000" + "0000000000000000" + "02" + "11111111" + "222222", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 14, Msg: "direct callee count 2 does not fit in the 7 bytes left"}},
	{name: "indirect-count-short", hex: "0004" + "00000000" + "0000000000000000" + "01" + "00000000000000", bo: binary.LittleEndian, addrSize: 8 / 2,
		err: &DecodeError{Off: 14, Msg: "indirect type ID count 1 does not fit in the 7 bytes left"}},
	// The record before a broken one is returned.
	{name: "good-then-truncated", hex: "0000" + "10000000" + "0000000000000000" + "0001" + "2000", bo: binary.LittleEndian, addrSize: 4,
		want: []CallGraphFunc{{Address: 0x10, AddressOff: 2}},
		err:  &DecodeError{Off: 16, Msg: "unexpected end of section reading the function entry address (4 bytes needed, 2 left)"}},
	{name: "addr-size-16", hex: "00", bo: binary.LittleEndian, addrSize: 16,
		err: &DecodeError{Off: 0, Msg: "unsupported address size 16"}},
}

func TestDecodeCallGraphHostile(t *testing.T) {
	for _, tt := range cgHostileTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeCallGraph(".llvm.callgraph", secUnhex(t, tt.hex), tt.bo, tt.addrSize)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("DecodeCallGraph = %+v\nwant %+v", got, tt.want)
			}
			checkSecErr(t, err, ".llvm.callgraph", tt.err)
		})
	}
}
