package sections

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"path/filepath"
	"slices"
	"testing"
)

// Section types debug/elf does not name.
const (
	shtLLVMJTSizes   elf.SectionType = 0x6fff4c0d // SHT_LLVM_JT_SIZES
	shtLLVMCallGraph elf.SectionType = 0x6fff4c0f // SHT_LLVM_CALL_GRAPH
)

var jtSizesTests = []struct {
	name     string
	hex      string
	bo       binary.ByteOrder
	addrSize int
	want     []JumpTableSize
	err      *DecodeError
}{
	{name: "empty", bo: binary.LittleEndian, addrSize: 8},
	{name: "empty-32", bo: binary.LittleEndian, addrSize: 4},
	// llc-22 i686, sw3 of switch.ll: implicit addends 0x30 and 0x40.
	{name: "i686-rel", hex: "3000000004000000" + "4000000006000000", bo: binary.LittleEndian, addrSize: 4,
		want: []JumpTableSize{{0, 0x30, 4}, {8, 0x40, 6}}},
	{name: "big-endian-64", hex: "0000000000401000" + "0000000000000003", bo: binary.BigEndian, addrSize: 8,
		want: []JumpTableSize{{0, 0x401000, 3}}},
	{name: "big-endian-32", hex: "00401000" + "00000003" + "ffffffff" + "ffffffff", bo: binary.BigEndian, addrSize: 4,
		want: []JumpTableSize{{0, 0x401000, 3}, {8, 0xffffffff, 0xffffffff}}},
	{name: "max-64", hex: "ffffffffffffffff" + "ffffffffffffffff", bo: binary.LittleEndian, addrSize: 8,
		want: []JumpTableSize{{0, 1<<64 - 1, 1<<64 - 1}}},
	{name: "half-entry", hex: "2001200000000000", bo: binary.LittleEndian, addrSize: 8,
		err: &DecodeError{Off: 0, Msg: "section size 8 is not a multiple of the entry size 16"}},
	{name: "one-byte", hex: "01", bo: binary.LittleEndian, addrSize: 4,
		err: &DecodeError{Off: 0, Msg: "section size 1 is not a multiple of the entry size 8"}},
	{name: "trailing-bytes", hex: "b400400005000000" + "c8004000070000", bo: binary.LittleEndian, addrSize: 4,
		want: []JumpTableSize{{0, 0x4000b4, 5}},
		err:  &DecodeError{Off: 8, Msg: "section size 15 is not a multiple of the entry size 8"}},
	// A 64-bit section read as 32-bit pairs decodes, but differently.
	{name: "64-as-32", hex: "2001200000000000" + "0500000000000000", bo: binary.LittleEndian, addrSize: 4,
		want: []JumpTableSize{{0, 0x200120, 0}, {8, 5, 0}}},
	{name: "addr-size-2", hex: "00000000", bo: binary.LittleEndian, addrSize: 2,
		err: &DecodeError{Off: 0, Msg: "unsupported address size 2"}},
	{name: "addr-size-0", bo: binary.LittleEndian, addrSize: 0,
		err: &DecodeError{Off: 0, Msg: "unsupported address size 0"}},
}

func TestDecodeJumpTableSizes(t *testing.T) {
	for _, tt := range jtSizesTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeJumpTableSizes(".llvm_jump_table_sizes", secUnhex(t, tt.hex), tt.bo, tt.addrSize)
			if !slices.Equal(got, tt.want) {
				t.Errorf("DecodeJumpTableSizes = %+v, want %+v", got, tt.want)
			}
			checkSecErr(t, err, ".llvm_jump_table_sizes", tt.err)
		})
	}
}

// jtcgOpen opens a fixture of testdata/jtcg.
func jtcgOpen(t testing.TB, name string) *elf.File {
	t.Helper()
	f, err := elf.Open(filepath.Join("testdata", "jtcg", name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// jtcgSection is one section of a given type in a fixture.
type jtcgSection struct {
	index int
	sec   *elf.Section
	data  []byte
}

func jtcgSections(t testing.TB, f *elf.File, typ elf.SectionType) []jtcgSection {
	t.Helper()
	var out []jtcgSection
	for i, s := range f.Sections {
		if s.Type != typ {
			continue
		}
		data, err := s.Data()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, jtcgSection{i, s, data})
	}
	return out
}

func jtcgAddrSize(f *elf.File) int {
	if f.Class == elf.ELFCLASS32 {
		return 4
	}
	return 8
}

// A jtcgReloc is a relocation read from the SHT_REL(A) section that applies
// to a section of a relocatable fixture.
type jtcgReloc struct {
	typ    uint32
	sym    elf.Symbol // the symbol; for STT_SECTION its Name is the section's
	addend int64      // RELA addend; for REL the value stored in the field
	rela   bool
}

// target is where the relocation points: symbol value plus addend.
func (r jtcgReloc) target() uint64 { return r.sym.Value + uint64(r.addend) }

// jtcgRelocs reads the relocations that apply to section index secIdx,
// keyed by offset. For REL, the implicit addend is read from data with the
// file's byte order and addrSize.
func jtcgRelocs(t testing.TB, f *elf.File, secIdx int, data []byte) map[int64]jtcgReloc {
	t.Helper()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	addrSize := jtcgAddrSize(f)
	m := map[int64]jtcgReloc{}
	for _, rs := range f.Sections {
		if rs.Info != uint32(secIdx) || rs.Type != elf.SHT_RELA && rs.Type != elf.SHT_REL {
			continue
		}
		rd, err := rs.Data()
		if err != nil {
			t.Fatal(err)
		}
		rela := rs.Type == elf.SHT_RELA
		entSize := map[bool]int{false: 2 * addrSize, true: 3 * addrSize}[rela]
		for i := 0; i+entSize <= len(rd); i += entSize {
			off := int64(readAddr(rd[i:], f.ByteOrder, addrSize))
			info := readAddr(rd[i+addrSize:], f.ByteOrder, addrSize)
			var symIdx uint64
			var r jtcgReloc
			if addrSize == 8 {
				symIdx, r.typ = info>>32, uint32(info)
			} else {
				symIdx, r.typ = info>>8, uint32(info&0xff)
			}
			if symIdx == 0 || symIdx > uint64(len(syms)) {
				t.Fatalf("relocation at %#x: symbol index %d", off, symIdx)
			}
			r.sym = syms[symIdx-1]
			if elf.ST_TYPE(r.sym.Info) == elf.STT_SECTION {
				r.sym.Name = f.Sections[r.sym.Section].Name
			}
			r.rela = rela
			if rela {
				r.addend = int64(readAddr(rd[i+2*addrSize:], f.ByteOrder, addrSize))
			} else {
				r.addend = int64(readAddr(data[off:], f.ByteOrder, addrSize))
			}
			m[off] = r
		}
	}
	return m
}

// jtRelTests are the relocatable jump table fixtures: for each
// .llvm_jump_table_sizes section (one per function: sw1, sw2, sw3), its
// entries and the .rodata offsets its relocations point to. The entry counts
// are the switch case ranges of switch.ll; the offsets follow from them
// (5, 7, 4, 6 entries of 8 or 4 bytes, back to back in .rodata), as
// llvm-readobj-22 -r shows.
var jtRelTests = []struct {
	file    string
	relType uint32
	want    [][]JumpTableSize
	targets [][]uint64
}{
	{file: "jt-x86_64.o", relType: uint32(elf.R_X86_64_64),
		want:    [][]JumpTableSize{{{0, 0, 5}}, {{0, 0, 7}}, {{0, 0, 4}, {16, 0, 6}}},
		targets: [][]uint64{{0}, {0x28}, {0x60, 0x80}}},
	// REL: the address fields hold the implicit addends.
	{file: "jt-i686.o", relType: uint32(elf.R_386_32),
		want:    [][]JumpTableSize{{{0, 0, 5}}, {{0, 0x14, 7}}, {{0, 0x30, 4}, {8, 0x40, 6}}},
		targets: [][]uint64{{0}, {0x14}, {0x30, 0x40}}},
}

func TestDecodeJumpTableSizesRelocatable(t *testing.T) {
	for _, tt := range jtRelTests {
		t.Run(tt.file, func(t *testing.T) {
			f := jtcgOpen(t, tt.file)
			secs := jtcgSections(t, f, shtLLVMJTSizes)
			if len(secs) != len(tt.want) {
				t.Fatalf("%d SHT_LLVM_JT_SIZES sections, want %d", len(secs), len(tt.want))
			}
			for i, s := range secs {
				got, err := DecodeJumpTableSizes(s.sec.Name, s.data, f.ByteOrder, jtcgAddrSize(f))
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, tt.want[i]) {
					t.Errorf("section %d: %+v, want %+v", s.index, got, tt.want[i])
				}
				relocs := jtcgRelocs(t, f, s.index, s.data)
				if len(relocs) != len(got) {
					t.Errorf("section %d: %d relocations for %d entries", s.index, len(relocs), len(got))
				}
				for j, e := range got {
					r, ok := relocs[e.Off]
					switch {
					case !ok:
						t.Errorf("section %d entry %d: no relocation at %#x", s.index, j, e.Off)
					case r.typ != tt.relType || r.sym.Name != ".rodata" || r.target() != tt.targets[i][j]:
						t.Errorf("section %d entry %d: relocation type %d against %s%+#x, want %d against .rodata+%#x",
							s.index, j, r.typ, r.sym.Name, r.addend, tt.relType, tt.targets[i][j])
					}
				}
			}
		})
	}
}

// jtLinkedTests are the fixtures linked by ld.lld-22: the three sections
// merge into one, and each address is the operand of the function's
// indirect jmp in llvm-objdump-22 -d (jmpq *0x200120(,%rax,8) in sw1, …).
var jtLinkedTests = []struct {
	file string
	obj  string // the relocatable input, whose .rodata offsets must add up
	want []JumpTableSize
}{
	{file: "jt-x86_64", obj: "jt-x86_64.o", want: []JumpTableSize{
		{0, 0x200120, 5}, {16, 0x200148, 7}, {32, 0x200180, 4}, {48, 0x2001a0, 6}}},
	{file: "jt-i686", obj: "jt-i686.o", want: []JumpTableSize{
		{0, 0x4000b4, 5}, {8, 0x4000c8, 7}, {16, 0x4000e4, 4}, {24, 0x4000f4, 6}}},
}

func TestDecodeJumpTableSizesLinked(t *testing.T) {
	for _, tt := range jtLinkedTests {
		t.Run(tt.file, func(t *testing.T) {
			f := jtcgOpen(t, tt.file)
			secs := jtcgSections(t, f, shtLLVMJTSizes)
			if len(secs) != 1 {
				t.Fatalf("%d SHT_LLVM_JT_SIZES sections, want 1", len(secs))
			}
			got, err := DecodeJumpTableSizes(secs[0].sec.Name, secs[0].data, f.ByteOrder, jtcgAddrSize(f))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
			// Each address is .rodata's address plus the offset the
			// relocatable object's relocation points to, and each table
			// ends where the next begins.
			rodata := f.Section(".rodata")
			var targets []uint64
			for _, r := range jtRelTests {
				if r.file == tt.obj {
					for _, s := range r.targets {
						targets = append(targets, s...)
					}
				}
			}
			if len(targets) != len(got) {
				t.Fatalf("%d relocatable targets for %d entries", len(targets), len(got))
			}
			for i, e := range got {
				if e.Address != rodata.Addr+targets[i] {
					t.Errorf("entry %d: address %#x, want .rodata %#x + %#x", i, e.Address, rodata.Addr, targets[i])
				}
				end := rodata.Addr + rodata.Size
				if i+1 < len(got) {
					end = got[i+1].Address
				}
				if e.Address+e.Entries*uint64(jtcgAddrSize(f)) != end {
					t.Errorf("entry %d: %d entries from %#x do not end at %#x", i, e.Entries, e.Address, end)
				}
			}
		})
	}
}

// TestDecodeJumpTableSizesTruncated cuts each fixture section at every byte.
func TestDecodeJumpTableSizesTruncated(t *testing.T) {
	for _, name := range []string{"jt-x86_64", "jt-i686"} {
		f := jtcgOpen(t, name)
		addrSize := jtcgAddrSize(f)
		for _, s := range jtcgSections(t, f, shtLLVMJTSizes) {
			all, _ := DecodeJumpTableSizes(s.sec.Name, s.data, f.ByteOrder, addrSize)
			for i := range len(s.data) + 1 {
				got, err := DecodeJumpTableSizes(s.sec.Name, s.data[:i], f.ByteOrder, addrSize)
				n := i / (2 * addrSize)
				if !slices.Equal(got, all[:n]) {
					t.Errorf("%s[:%d]: %+v, want %+v", name, i, got, all[:n])
				}
				var de *DecodeError
				if i%(2*addrSize) == 0 {
					if err != nil {
						t.Errorf("%s[:%d]: %v", name, i, err)
					}
				} else if !errors.As(err, &de) || de.Off != int64(n*2*addrSize) {
					t.Errorf("%s[:%d]: error %v, want one at %d", name, i, err, n*2*addrSize)
				}
			}
		}
	}
}
