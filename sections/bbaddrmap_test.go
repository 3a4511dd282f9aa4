package sections

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// bbUnhex decodes hex digits, ignoring spaces and "|" separators.
func bbUnhex(s string) []byte {
	s = strings.NewReplacer(" ", "", "|", "", "\n", "", "\t", "").Replace(s)
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// bbWorkedExample is the v5 example of formats.md §5.6.4 (feature 0x00e7).
const bbWorkedExample = `05 e7 00 | 00 10 00 00 00 00 00 00 | 02
	00 00 02 01 03 04 09 88 77 66 55 44 33 22 11
	02 02 00 06 01 ff 00 00 00 00 00 00 00
	e8 07
	e8 07 4d 01 02 80 80 80 80 08 0c
	f4 03 05 00`

var bbWorkedExampleWant = []BBAddrMap{{
	Version:  5,
	Features: FuncEntryCount | BBFreq | BrProb | CallsiteEndOffsets | BBHash | PostLinkCfg,
	Ranges: []BBRange{{
		BaseAddress: 0x1000,
		Entries: []BBEntry{
			{ID: 0, Offset: 0, Size: 8, Metadata: 9, CallsiteEndOffsets: []uint32{1, 4}, Hash: 0x1122334455667788},
			{ID: 2, Offset: 0xa, Size: 6, Metadata: 1, Hash: 0xff},
		},
	}},
	PGO: PGOAnalysisMap{
		FuncEntryCount: 1000,
		BBEntries: []PGOBBEntry{
			{BlockFreq: 1000, PostLinkBlockFreq: 77, Successors: []Successor{{ID: 2, Prob: 0x80000000, PostLinkFreq: 12}}},
			{BlockFreq: 500, PostLinkBlockFreq: 5},
		},
	},
}}

// bbCase is one section to decode. The same table drives the readobj oracle
// test, which builds an ELF file around the bytes (the map is section 2).
type bbCase struct {
	name   string
	hex    string
	is32   bool
	be     bool
	rel    bool        // ET_REL with a .rela section holding relas
	relas  [][2]uint64 // offset, addend
	want   []BBAddrMap
	err    string // exact LLVM 22 message
	errOff int64
}

func (c *bbCase) options() BBAddrMapOptions {
	o := BBAddrMapOptions{Section: ".llvm_bb_addr_map", Index: 2, ByteOrder: binary.LittleEndian, AddrSize: 8}
	if c.is32 {
		o.AddrSize = 4
	}
	if c.be {
		o.ByteOrder = binary.BigEndian
	}
	if c.rel {
		o.Relocatable = true
		relas := c.relas
		o.Addend = func(off uint64) (uint64, bool) {
			var a uint64
			var ok bool
			for _, r := range relas { // the last one wins, as in LLVM
				if r[0] == off {
					a, ok = r[1], true
				}
			}
			return a, ok
		}
	}
	return o
}

func bbE(id, off, size uint32, md Metadata) BBEntry {
	return BBEntry{ID: id, Offset: off, Size: size, Metadata: md}
}

var bbCases = []bbCase{
	{name: "worked example", hex: bbWorkedExample, want: bbWorkedExampleWant},
	{name: "empty section", hex: ""},
	{
		name: "v2 two functions",
		hex: `02 00 | 00 20 00 00 00 00 00 00 | 03 | 00 00 04 08 | 01 02 03 01 | 03 00 05 0b
		      02 00 | 40 20 00 00 00 00 00 00 | 01 | 07 00 10 12`,
		want: []BBAddrMap{
			{Version: 2, Ranges: []BBRange{{BaseAddress: 0x2000, Entries: []BBEntry{
				bbE(0, 0, 4, 8), bbE(1, 6, 3, 1), bbE(3, 9, 5, 0x0b),
			}}}},
			{Version: 2, Ranges: []BBRange{{BaseAddress: 0x2040, Entries: []BBEntry{bbE(7, 0, 0x10, 0x12)}}}, Off: 23},
		},
	},
	{
		name: "v3 callsites, one block without calls",
		hex:  `03 20 | 00 30 00 00 00 00 00 00 | 02 | 00 00 02 05 03 02 00 | 01 00 00 04 01`,
		want: []BBAddrMap{{Version: 3, Features: CallsiteEndOffsets, Ranges: []BBRange{{BaseAddress: 0x3000, Entries: []BBEntry{
			{ID: 0, Offset: 0, Size: 10, Metadata: 0, CallsiteEndOffsets: []uint32{5, 8}},
			{ID: 1, Offset: 10, Size: 4, Metadata: 1},
		}}}}},
	},
	{
		name: "v4 hash zero",
		hex:  `04 40 | 00 30 00 00 00 00 00 00 | 01 | 00 00 04 01 | 00 00 00 00 00 00 00 00`,
		want: []BBAddrMap{{Version: 4, Features: BBHash, Ranges: []BBRange{{BaseAddress: 0x3000, Entries: []BBEntry{bbE(0, 0, 4, 1)}}}}},
	},
	{
		name: "multiple ranges",
		hex: `02 08 | 03 | 00 10 00 00 00 00 00 00 01 | 00 00 05 08
		      00 20 00 00 00 00 00 00 02 | 01 02 03 00 | 02 01 01 01
		      00 30 00 00 00 00 00 00 00`,
		want: []BBAddrMap{{Version: 2, Features: MultiBBRange, Ranges: []BBRange{
			{BaseAddress: 0x1000, Entries: []BBEntry{bbE(0, 0, 5, 8)}},
			{BaseAddress: 0x2000, Entries: []BBEntry{bbE(1, 2, 3, 0), bbE(2, 6, 1, 1)}},
			{BaseAddress: 0x3000},
		}}},
	},
	{
		name: "multiple ranges with PGO over all blocks",
		hex: `02 0e | 02 | 00 10 00 00 00 00 00 00 01 | 00 00 05 08
		      00 20 00 00 00 00 00 00 01 | 01 00 03 01
		      10 | 01 01 80 80 80 80 08 | 08 00`,
		want: []BBAddrMap{{Version: 2, Features: BBFreq | BrProb | MultiBBRange, Ranges: []BBRange{
			{BaseAddress: 0x1000, Entries: []BBEntry{bbE(0, 0, 5, 8)}},
			{BaseAddress: 0x2000, Entries: []BBEntry{bbE(1, 0, 3, 1)}},
		}, PGO: PGOAnalysisMap{BBEntries: []PGOBBEntry{
			{BlockFreq: 16, Successors: []Successor{{ID: 1, Prob: 0x80000000}}},
			{BlockFreq: 8},
		}}}},
	},
	{
		name: "omit BB entries",
		hex:  `02 13 | 00 10 00 00 00 00 00 00 | 05 | 64`,
		want: []BBAddrMap{{Version: 2, Features: FuncEntryCount | BBFreq | OmitBBEntries,
			Ranges: []BBRange{{BaseAddress: 0x1000}}, PGO: PGOAnalysisMap{FuncEntryCount: 100}}},
	},
	{
		name: "post-link CFG with BrProb only",
		hex:  `05 84 00 | 00 10 00 00 00 00 00 00 | 01 | 00 00 04 01 | 07 01 03 80 80 80 80 08 09`,
		want: []BBAddrMap{{Version: 5, Features: BrProb | PostLinkCfg, Ranges: []BBRange{{BaseAddress: 0x1000, Entries: []BBEntry{bbE(0, 0, 4, 1)}}},
			PGO: PGOAnalysisMap{BBEntries: []PGOBBEntry{{PostLinkBlockFreq: 7, Successors: []Successor{{ID: 3, Prob: 0x80000000, PostLinkFreq: 9}}}}}}},
	},
	{
		name: "post-link CFG alone reads no PGO part",
		hex:  `05 80 00 | 00 10 00 00 00 00 00 00 | 01 | 00 00 04 01`,
		want: []BBAddrMap{{Version: 5, Features: PostLinkCfg, Ranges: []BBRange{{BaseAddress: 0x1000, Entries: []BBEntry{bbE(0, 0, 4, 1)}}}}},
	},
	{
		name: "overlong LEBs and wrapping sums",
		hex:  `02 00 | 00 10 00 00 00 00 00 00 | 82 80 80 80 80 80 80 80 80 80 80 00 | 80 80 00 | ff ff ff ff 0f | 01 00 | 05 00 02 00`,
		want: []BBAddrMap{{Version: 2, Ranges: []BBRange{{BaseAddress: 0x1000, Entries: []BBEntry{
			bbE(0, 0xffffffff, 1, 0), bbE(5, 0, 2, 0),
		}}}}},
	},
	{
		name: "32-bit",
		is32: true,
		hex:  `02 00 | 00 10 00 00 | 01 | 00 00 04 01`,
		want: []BBAddrMap{{Version: 2, Ranges: []BBRange{{BaseAddress: 0x1000, Entries: []BBEntry{bbE(0, 0, 4, 1)}}}}},
	},
	{
		name: "big endian v5",
		be:   true,
		hex:  `05 00 60 | 00 00 00 00 00 00 10 00 | 01 | 00 00 01 02 03 01 | 11 22 33 44 55 66 77 88`,
		want: []BBAddrMap{{Version: 5, Features: CallsiteEndOffsets | BBHash, Ranges: []BBRange{{BaseAddress: 0x1000, Entries: []BBEntry{
			{ID: 0, Offset: 0, Size: 5, Metadata: 1, CallsiteEndOffsets: []uint32{2}, Hash: 0x1122334455667788},
		}}}}},
	},
	{
		name:  "relocatable: addend, stored value ignored, 32 bits kept",
		rel:   true,
		relas: [][2]uint64{{2, 0x40}, {2, 0x123456789}, {17, 0xffffffffffffff00}},
		hex:   `02 00 | 05 00 00 00 00 00 00 00 | 01 | 00 00 04 01 | 02 00 | 00 00 00 00 00 00 00 00 | 00`,
		want: []BBAddrMap{
			{Version: 2, Ranges: []BBRange{{BaseAddress: 0x23456789, Entries: []BBEntry{bbE(0, 0, 4, 1)}}}},
			{Version: 2, Ranges: []BBRange{{BaseAddress: 0xffffff00}}, Off: 15},
		},
	},
	{
		name:  "relocatable multiple ranges",
		rel:   true,
		relas: [][2]uint64{{3, 0x40}, {12, 0x80}},
		hex:   `02 08 | 02 | 00 00 00 00 00 00 00 00 00 | 00 00 00 00 00 00 00 00 00`,
		want:  []BBAddrMap{{Version: 2, Features: MultiBBRange, Ranges: []BBRange{{BaseAddress: 0x40}, {BaseAddress: 0x80}}}},
	},

	// Errors.
	{name: "version 1", hex: `01 00`, err: "unsupported SHT_LLVM_BB_ADDR_MAP version: 1"},
	{name: "version 6", hex: `06`, err: "unsupported SHT_LLVM_BB_ADDR_MAP version: 6"},
	{
		name: "version 0 after a good entry",
		hex:  `02 00 | 00 10 00 00 00 00 00 00 | 00 | 00`,
		err:  "unsupported SHT_LLVM_BB_ADDR_MAP version: 0", errOff: 11,
	},
	{name: "v5 feature truncated", hex: `05 00`, err: "unexpected end of data at offset 0x2 while reading [0x1, 0x3)", errOff: 1},
	{name: "v5 feature bit 8", hex: `05 00 01`, err: "invalid encoding for BBAddrMap::Features: 0x100", errOff: 1},
	{name: "v5 feature bit 8 big endian", be: true, hex: `05 01 00`, err: "invalid encoding for BBAddrMap::Features: 0x100", errOff: 1},
	{
		name: "callsites need v3", hex: `02 20`, errOff: 1,
		err: "version should be >= 3 for SHT_LLVM_BB_ADDR_MAP when callsite offsets feature is enabled: version = 2 feature = 32",
	},
	{
		name: "hash needs v4", hex: `03 61`, errOff: 1,
		err: "version should be >= 4 for SHT_LLVM_BB_ADDR_MAP when basic block hash feature is enabled: version = 3 feature = 97",
	},
	{
		name: "post-link CFG needs v5", hex: `04 80`, errOff: 1,
		err: "version should be >= 5 for SHT_LLVM_BB_ADDR_MAP when post link cfg feature is enabled: version = 4 feature = 128",
	},
	{
		name: "zero ranges", hex: `02 08 00`, errOff: 2,
		err: "invalid zero number of BB ranges at offset 3 in SHT_LLVM_BB_ADDR_MAP section with index 2",
	},
	{
		name: "zero ranges, overlong", hex: `02 00 | 00 10 00 00 00 00 00 00 | 00 | 02 08 80 80 00`, errOff: 13,
		err: "invalid zero number of BB ranges at offset 10 in SHT_LLVM_BB_ADDR_MAP section with index 2",
	},
	{name: "range count truncated", hex: `02 08 80`, errOff: 2, err: "unable to decode LEB128 at offset 0x00000002: malformed uleb128, extends past end"},
	{
		name: "range count too big", hex: `02 08 80 80 80 80 10`, errOff: 2,
		err: "ULEB128 value at offset 0x2 exceeds UINT32_MAX (0x100000000)",
	},
	{name: "address truncated", hex: `02 00 00 10 00 00 00 00 00`, errOff: 2, err: "unexpected end of data at offset 0x9 while reading [0x2, 0xa)"},
	{name: "32-bit address truncated", is32: true, hex: `02 00 00 10`, errOff: 2, err: "unexpected end of data at offset 0x4 while reading [0x2, 0x6)"},
	{name: "range address truncated", hex: `02 08 01 80`, errOff: 3, err: "unexpected end of data at offset 0x4 while reading [0x3, 0xb)"},
	{
		name: "block count truncated", hex: `02 00 | 00 10 00 00 00 00 00 00`, errOff: 10,
		err: "unable to decode LEB128 at offset 0x0000000a: malformed uleb128, extends past end",
	},
	{
		name: "block ID too big", hex: `02 00 | 00 10 00 00 00 00 00 00 | 01 | 80 80 80 80 1f 00 00 00`, errOff: 11,
		err: "ULEB128 value at offset 0xb exceeds UINT32_MAX (0x1f0000000)",
	},
	{
		name: "size 2^64-1", hex: `02 00 | 00 10 00 00 00 00 00 00 | 01 | 00 00 ff ff ff ff ff ff ff ff ff 01 00`, errOff: 13,
		err: "ULEB128 value at offset 0xd exceeds UINT32_MAX (0xffffffffffffffff)",
	},
	{
		name: "LEB too big for uint64", hex: `02 00 | 00 10 00 00 00 00 00 00 | 01 | 00 00 ff ff ff ff ff ff ff ff ff 02 00`, errOff: 13,
		err: "unable to decode LEB128 at offset 0x0000000d: uleb128 too big for uint64",
	},
	{
		name: "LEB too big, late bit", hex: `02 00 | 00 10 00 00 00 00 00 00 | 01 | 00 00 80 80 80 80 80 80 80 80 80 80 01 00`, errOff: 13,
		err: "unable to decode LEB128 at offset 0x0000000d: uleb128 too big for uint64",
	},
	{
		name: "metadata bit 5", hex: `02 00 | 00 10 00 00 00 00 00 00 | 01 | 00 00 00 20`, errOff: 14,
		err: "invalid encoding for BBEntry::Metadata: 0x20",
	},
	{
		name: "metadata too big", hex: `02 00 | 00 10 00 00 00 00 00 00 | 01 | 00 00 00 80 80 80 80 10`, errOff: 14,
		err: "ULEB128 value at offset 0xe exceeds UINT32_MAX (0x100000000)",
	},
	{
		name: "callsite count too big", hex: `03 20 | 00 10 00 00 00 00 00 00 | 01 | 00 00 80 80 80 80 20 00 00`, errOff: 13,
		err: "ULEB128 value at offset 0xd exceeds UINT32_MAX (0x200000000)",
	},
	{
		name: "callsites truncated", hex: `03 20 | 00 10 00 00 00 00 00 00 | 01 | 00 00 05 01`, errOff: 15,
		err: "unable to decode LEB128 at offset 0x0000000f: malformed uleb128, extends past end",
	},
	{
		name: "hash truncated", hex: `04 40 | 00 10 00 00 00 00 00 00 | 01 | 00 00 00 00 | 01 02 03`, errOff: 15,
		err: "unexpected end of data at offset 0x12 while reading [0xf, 0x17)",
	},
	{
		name: "size too big, then hash truncated: both reported", hex: `04 40 | 00 10 00 00 00 00 00 00 | 01 | 00 00 80 80 80 80 10 00 | 01 02`, errOff: 18,
		err: "unexpected end of data at offset 0x15 while reading [0x12, 0x1a)\nULEB128 value at offset 0xd exceeds UINT32_MAX (0x100000000)",
	},
	{
		name: "bad metadata, then hash truncated: both reported", hex: `04 40 | 00 10 00 00 00 00 00 00 | 01 | 00 00 00 40 | 01`, errOff: 15,
		err: "unexpected end of data at offset 0x10 while reading [0xf, 0x17)\ninvalid encoding for BBEntry::Metadata: 0x40",
	},
	{
		name: "error in a range, then next range address truncated: only that", hex: `02 08 02 | 00 10 00 00 00 00 00 00 01 | 00 00 00 40 | 00 00`, errOff: 16,
		err: "unexpected end of data at offset 0x12 while reading [0x10, 0x18)",
	},
	{
		name: "error in a range, then later ranges are still read", hex: `02 08 02 | 00 10 00 00 00 00 00 00 01 | 00 00 00 40 | 00 00 00 00 00 00 00 00 05`, errOff: 15,
		err: "invalid encoding for BBEntry::Metadata: 0x40",
	},
	{
		name: "function bbE count truncated", hex: `02 01 | 00 10 00 00 00 00 00 00 | 00`, errOff: 11,
		err: "unable to decode LEB128 at offset 0x0000000b: malformed uleb128, extends past end",
	},
	{
		name: "block frequency truncated", hex: `02 02 | 00 10 00 00 00 00 00 00 | 01 | 00 00 04 01 | 80`, errOff: 15,
		err: "unable to decode LEB128 at offset 0x0000000f: malformed uleb128, extends past end",
	},
	{
		name: "successors truncated", hex: `02 04 | 00 10 00 00 00 00 00 00 | 01 | 00 00 04 01 | 02 01 80 80 80 80 08`, errOff: 22,
		err: "unable to decode LEB128 at offset 0x00000016: malformed uleb128, extends past end",
	},
	{
		name: "probability too big", hex: `02 04 | 00 10 00 00 00 00 00 00 | 01 | 00 00 04 01 | 01 01 80 80 80 80 10`, errOff: 17,
		err: "ULEB128 value at offset 0x11 exceeds UINT32_MAX (0x100000000)",
	},
	{
		name: "post-link frequency too big", hex: `05 82 00 | 00 10 00 00 00 00 00 00 | 01 | 00 00 04 01 | 05 80 80 80 80 10`, errOff: 17,
		err: "ULEB128 value at offset 0x11 exceeds UINT32_MAX (0x100000000)",
	},
	{
		name: "relocatable: no relocation", rel: true, relas: [][2]uint64{{3, 0x40}}, hex: `02 00 | 00 00 00 00 00 00 00 00 | 00`, errOff: 2,
		err: "failed to get relocation data for offset: 2 in section SHT_LLVM_BB_ADDR_MAP section with index 2",
	},
	{
		name: "relocatable: second function lacks one", rel: true, relas: [][2]uint64{{2, 0x40}}, hex: `02 00 | 00 00 00 00 00 00 00 00 | 00 | 02 00 | 00 00 00 00 00 00 00 00 | 00`, errOff: 13,
		err: "failed to get relocation data for offset: d in section SHT_LLVM_BB_ADDR_MAP section with index 2",
	},
}

func TestDecodeBBAddrMap(t *testing.T) {
	for _, c := range bbCases {
		t.Run(c.name, func(t *testing.T) {
			got, err := DecodeBBAddrMap(bbUnhex(c.hex), c.options())
			bbCheckResult(t, got, err, c.want, c.err, c.errOff)
		})
	}
}

// TestBBAddrMapReader reads every case with a BBAddrMapReader: the entries
// it gives one at a time, each copied out before the next call, are
// DecodeBBAddrMap's, and its Err is DecodeBBAddrMap's error.
func TestBBAddrMapReader(t *testing.T) {
	for _, c := range bbCases {
		t.Run(c.name, func(t *testing.T) {
			got, err := bbReadAll(bbUnhex(c.hex), c.options())
			bbCheckResult(t, got, err, c.want, c.err, c.errOff)
		})
	}
}

// bbReadAll reads data with a BBAddrMapReader, as DecodeBBAddrMap would.
func bbReadAll(data []byte, o BBAddrMapOptions) ([]BBAddrMap, error) {
	r := NewBBAddrMapReader(data, o)
	var maps []BBAddrMap
	for m := r.Next(); m != nil; m = r.Next() {
		maps = append(maps, bbDeepCopy(*m))
	}
	if r.Next() != nil {
		return nil, errors.New("Next gave an entry after nil")
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	return maps, nil
}

// bbDeepCopy copies m out of a reader's memory, element by element.
func bbDeepCopy(m BBAddrMap) BBAddrMap {
	m.Ranges = append([]BBRange(nil), m.Ranges...)
	for i := range m.Ranges {
		if m.Ranges[i].Entries == nil {
			continue
		}
		m.Ranges[i].Entries = append([]BBEntry{}, m.Ranges[i].Entries...)
		for j := range m.Ranges[i].Entries {
			if c := m.Ranges[i].Entries[j].CallsiteEndOffsets; c != nil {
				m.Ranges[i].Entries[j].CallsiteEndOffsets = append([]uint32{}, c...)
			}
		}
	}
	if m.PGO.BBEntries != nil {
		m.PGO.BBEntries = append([]PGOBBEntry{}, m.PGO.BBEntries...)
		for i := range m.PGO.BBEntries {
			if s := m.PGO.BBEntries[i].Successors; s != nil {
				m.PGO.BBEntries[i].Successors = append([]Successor{}, s...)
			}
		}
	}
	return m
}

func bbCheckResult(t *testing.T, got []BBAddrMap, err error, want []BBAddrMap, wantErr string, wantOff int64) {
	t.Helper()
	if wantErr != "" {
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Fatalf("got %v, %#v; want *DecodeError %q", got, err, wantErr)
		}
		if got != nil {
			t.Errorf("got maps %v along with the error", got)
		}
		if de.Msg != wantErr || de.Off != wantOff || de.Section != ".llvm_bb_addr_map" {
			t.Errorf("got error %q at 0x%x in %q\nwant %q at 0x%x", de.Msg, de.Off, de.Section, wantErr, wantOff)
		}
		return
	}
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestDecodeErrorString(t *testing.T) {
	_, err := DecodeBBAddrMap(bbUnhex(`02 20`), BBAddrMapOptions{Section: ".llvm_bb_addr_map", Index: 5})
	want := ".llvm_bb_addr_map: version should be >= 3 for SHT_LLVM_BB_ADDR_MAP when callsite offsets feature is enabled: version = 2 feature = 32 (at byte 0x1 of the section)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestDecodeBBAddrMapTruncated decodes every prefix of every good case: each
// gives either maps (when it ends between functions) or an error whose offset
// lies within the prefix.
func TestDecodeBBAddrMapTruncated(t *testing.T) {
	for _, c := range bbCases {
		if c.err != "" {
			continue
		}
		data := bbUnhex(c.hex)
		for n := range len(data) {
			got, err := DecodeBBAddrMap(data[:n], c.options())
			if err == nil {
				if n > 0 && !bbStartsFunction(c.want, n) {
					t.Errorf("%s: prefix %d decoded without error: %+v", c.name, n, got)
				}
				continue
			}
			var de *DecodeError
			if !errors.As(err, &de) || de.Off < 0 || de.Off > int64(n) || got != nil {
				t.Errorf("%s: prefix %d: got %v, %v", c.name, n, got, err)
			}
		}
	}
}

func bbStartsFunction(maps []BBAddrMap, n int) bool {
	for _, m := range maps {
		if m.Off == int64(n) {
			return true
		}
	}
	return false
}

func TestMetadata(t *testing.T) {
	for _, c := range []struct {
		md   Metadata
		want [5]bool
	}{
		{0, [5]bool{}},
		{1, [5]bool{true}},
		{2, [5]bool{false, true}},
		{4, [5]bool{false, false, true}},
		{8, [5]bool{false, false, false, true}},
		{0x10, [5]bool{false, false, false, false, true}},
		{0x1f, [5]bool{true, true, true, true, true}},
	} {
		got := [5]bool{c.md.HasReturn(), c.md.HasTailCall(), c.md.IsEHPad(), c.md.CanFallThrough(), c.md.HasIndirectBranch()}
		if got != c.want {
			t.Errorf("Metadata(%#x): got %v, want %v", uint32(c.md), got, c.want)
		}
	}
}

func TestFeaturesString(t *testing.T) {
	for _, c := range []struct {
		f    Features
		want string
	}{
		{0, "0"},
		{FuncEntryCount, "FuncEntryCount"},
		{0xe7, "FuncEntryCount+BBFreq+BrProb+CallsiteEndOffsets+BBHash+PostLinkCfg"},
		{MultiBBRange | OmitBBEntries | 0x300, "MultiBBRange+OmitBBEntries+0x300"},
		{0x8000, "0x8000"},
	} {
		if got := c.f.String(); got != c.want {
			t.Errorf("Features(%#x).String() = %q, want %q", uint16(c.f), got, c.want)
		}
	}
}

func TestAddress(t *testing.T) {
	var m BBAddrMap
	if m.Address() != 0 {
		t.Error("Address of an empty map is not 0")
	}
	if a := bbWorkedExampleWant[0].Address(); a != 0x1000 {
		t.Errorf("Address() = %#x, want 0x1000", a)
	}
}

var bbV0Cases = []bbCase{
	{
		name: "two functions",
		hex:  `00 10 00 00 00 00 00 00 | 02 | 00 04 08 | 04 03 01 | 00 20 00 00 00 00 00 00 | 01 | 00 05 3f`,
		want: []BBAddrMap{
			{Ranges: []BBRange{{BaseAddress: 0x1000, Entries: []BBEntry{bbE(0, 0, 4, 8), bbE(1, 4, 3, 1)}}}},
			{Ranges: []BBRange{{BaseAddress: 0x2000, Entries: []BBEntry{bbE(0, 0, 5, 0x3f)}}}, Off: 15},
		},
	},
	{
		name: "32-bit big endian", is32: true, be: true,
		hex:  `00 00 10 00 | 01 | 00 04 08`,
		want: []BBAddrMap{{Ranges: []BBRange{{BaseAddress: 0x1000, Entries: []BBEntry{bbE(0, 0, 4, 8)}}}}},
	},
	{
		name: "relocatable uses the full addend", rel: true, relas: [][2]uint64{{0, 0x123456789}},
		hex: `00 00 00 00 00 00 00 00 | 00 | 07 00 00 00 00 00 00 00 | 00`,
		want: []BBAddrMap{
			{Ranges: []BBRange{{BaseAddress: 0x123456789}}},
			{Ranges: []BBRange{{BaseAddress: 7}}, Off: 9},
		},
	},
	{name: "address truncated", hex: `00 10 00`, err: "unexpected end of data at offset 0x3 while reading [0x0, 0x8)"},
	{
		name: "size too big", hex: `00 10 00 00 00 00 00 00 | 01 | 00 80 80 80 80 10 00`, errOff: 10,
		err: "ULEB128 value at offset 0xa exceeds UINT32_MAX (0x100000000)",
	},
	{
		name: "entries truncated", hex: `00 10 00 00 00 00 00 00 | 02 | 00 04 08`, errOff: 12,
		err: "unable to decode LEB128 at offset 0x0000000c: malformed uleb128, extends past end",
	},
}

func TestDecodeBBAddrMapV0(t *testing.T) {
	for _, c := range bbV0Cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := DecodeBBAddrMapV0(bbUnhex(c.hex), c.options())
			bbCheckResult(t, got, err, c.want, c.err, c.errOff)
		})
	}
}

func BenchmarkDecodeBBAddrMap(b *testing.B) {
	var data []byte
	for range 200 {
		data = append(data, bbUnhex(bbWorkedExample)...)
	}
	o := BBAddrMapOptions{ByteOrder: binary.LittleEndian, AddrSize: 8}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		maps, err := DecodeBBAddrMap(data, o)
		if err != nil || len(maps) != 200 {
			b.Fatal(len(maps), err)
		}
	}
}

// BenchmarkBBAddrMapReader reads the input of BenchmarkDecodeBBAddrMap twice,
// as sections --bb-addr-map does (once for the error, once to print): no
// allocation after the first entries.
func BenchmarkBBAddrMapReader(b *testing.B) {
	var data []byte
	for range 200 {
		data = append(data, bbUnhex(bbWorkedExample)...)
	}
	o := BBAddrMapOptions{ByteOrder: binary.LittleEndian, AddrSize: 8}
	b.SetBytes(2 * int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for range 2 {
			r := NewBBAddrMapReader(data, o)
			n := 0
			for m := r.Next(); m != nil; m = r.Next() {
				n++
			}
			if err := r.Err(); err != nil || n != 200 {
				b.Fatal(n, err)
			}
		}
	}
}

func ExampleDecodeBBAddrMap() {
	data := []byte{
		0x02, 0x00, // version 2, no features
		0x00, 0x10, 0, 0, 0, 0, 0, 0, // function address 0x1000
		0x02,                   // two blocks
		0x00, 0x00, 0x04, 0x08, // ID 0, offset 0, size 4, can fall through
		0x01, 0x00, 0x03, 0x01, // ID 1, right after it, size 3, returns
	}
	maps, err := DecodeBBAddrMap(data, BBAddrMapOptions{Section: ".llvm_bb_addr_map", ByteOrder: binary.LittleEndian, AddrSize: 8})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range maps {
		fmt.Printf("function at %#x\n", m.Address())
		for _, e := range m.Ranges[0].Entries {
			fmt.Printf("  block %d at +%#x size %d return=%v\n", e.ID, e.Offset, e.Size, e.Metadata.HasReturn())
		}
	}
	_, err = DecodeBBAddrMap([]byte{0x06}, BBAddrMapOptions{Section: ".llvm_bb_addr_map"})
	fmt.Println(err)
	// Output:
	// function at 0x1000
	//   block 0 at +0x0 size 4 return=false
	//   block 1 at +0x4 size 3 return=true
	// .llvm_bb_addr_map: unsupported SHT_LLVM_BB_ADDR_MAP version: 6 (at byte 0x0 of the section)
}
