package bitcode

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/alloctest"
	bw "github.com/bcextract/bcextract/internal/bitwriter"
	"github.com/bcextract/bcextract/llvmir"
)

// Resource limits of ReadInventory and DecodeSymtab: whatever a file claims,
// they allocate at most a small multiple of its size and take time linear in
// it. The benchmarks at the end show the time per item staying flat.

// symtabBlob returns a SYMTAB blob: the 76-byte header with the given
// ranges, then body. Each range is {offset, count}.
func symtabBlob(mods, comdats, syms, uncs, libs [2]uint32, body []byte) []byte {
	b := make([]byte, symtabHeaderSize, symtabHeaderSize+len(body))
	le := binary.LittleEndian
	le.PutUint32(b, 3)
	for _, r := range []struct {
		at int
		v  [2]uint32
	}{{12, mods}, {20, comdats}, {28, syms}, {36, uncs}, {68, libs}} {
		le.PutUint32(b[r.at:], r.v[0])
		le.PutUint32(b[r.at+4:], r.v[1])
	}
	return append(b, body...)
}

// Counts that claim more than the SYMTAB blob holds, strings outside the
// STRTAB and module ranges that overlap are errors at an offset in the
// blob, found before anything is allocated for them.
func TestDecodeSymtabClaims(t *testing.T) {
	body := make([]byte, 240) // room for 10 symbols or 20 modules
	overlap := make([]byte, 0, 20*symtabModuleSize)
	for range 20 {
		overlap = binary.LittleEndian.AppendUint32(overlap, 0) // Begin
		overlap = binary.LittleEndian.AppendUint32(overlap, 10)
		overlap = binary.LittleEndian.AppendUint32(overlap, 0)
	}
	overlap = append(overlap, make([]byte, 240)...)
	tests := []struct {
		name string
		blob []byte
		off  int
	}{
		{"2^32-1 modules", symtabBlob([2]uint32{76, 1<<32 - 1}, [2]uint32{}, [2]uint32{}, [2]uint32{}, [2]uint32{}, body), 12},
		{"2^32-1 comdats", symtabBlob([2]uint32{}, [2]uint32{76, 1<<32 - 1}, [2]uint32{}, [2]uint32{}, [2]uint32{}, body), 20},
		{"2^32-1 symbols", symtabBlob([2]uint32{}, [2]uint32{}, [2]uint32{76, 1<<32 - 1}, [2]uint32{}, [2]uint32{}, body), 28},
		{"2^32-1 uncommon entries", symtabBlob([2]uint32{}, [2]uint32{}, [2]uint32{}, [2]uint32{76, 1<<32 - 1}, [2]uint32{}, body), 36},
		{"2^32-1 libraries", symtabBlob([2]uint32{}, [2]uint32{}, [2]uint32{}, [2]uint32{}, [2]uint32{76, 1<<32 - 1}, body), 68},
		{"11 symbols in room for 10", symtabBlob([2]uint32{}, [2]uint32{}, [2]uint32{76, 11}, [2]uint32{}, [2]uint32{}, body), 28},
		{"range at offset 2^32-1", symtabBlob([2]uint32{}, [2]uint32{}, [2]uint32{1<<32 - 1, 1}, [2]uint32{}, [2]uint32{}, body), 28},
		{"20 modules of the same 10 symbols", symtabBlob([2]uint32{76, 20}, [2]uint32{}, [2]uint32{76 + 240, 10}, [2]uint32{}, [2]uint32{}, overlap), 76 + symtabModuleSize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			got := alloctest.Min(3, func() { _, err = DecodeSymtab(tt.blob, []byte("strtab")) })
			var se *SymtabError
			if !errors.As(err, &se) || se.Off != tt.off {
				t.Fatalf("DecodeSymtab = %v; want a SymtabError at byte 0x%x", err, tt.off)
			}
			// The symbols' structs are 80 bytes for 24 bytes of blob.
			if limit := uint64(len(tt.blob))*8 + 1024; got > limit {
				t.Errorf("%d bytes allocated for a %d-byte blob, more than %d", got, len(tt.blob), limit)
			}
		})
	}
}

// A string table of one long string named by every symbol (and every
// module's name field) costs its bytes once: the names are substrings of
// one copy. Before, each name was a copy of its own, n times the table.
func TestDecodeSymtabSharedStrings(t *testing.T) {
	const n = 20000
	long := strings.Repeat("x", 1<<20)
	syms := make([]byte, 0, n*symtabSymbolSize)
	for range n {
		for range 2 { // Name and IRName: the whole table
			syms = binary.LittleEndian.AppendUint32(syms, 0)
			syms = binary.LittleEndian.AppendUint32(syms, uint32(len(long)))
		}
		syms = binary.LittleEndian.AppendUint32(syms, 1<<32-1) // no comdat
		syms = binary.LittleEndian.AppendUint32(syms, 0)
	}
	blob := symtabBlob([2]uint32{}, [2]uint32{}, [2]uint32{76, n}, [2]uint32{}, [2]uint32{}, syms)
	var st *Symtab
	var err error
	got := alloctest.Min(2, func() { st, err = DecodeSymtab(blob, []byte(long)) })
	if err != nil || len(st.Symbols) != n || st.Symbols[n-1].Name != long {
		t.Fatalf("DecodeSymtab: %v", err)
	}
	// 80 bytes per 24-byte symbol, and the table once.
	if limit := uint64(len(blob))*4 + uint64(len(long)) + 4096; got > limit {
		t.Errorf("%d bytes allocated for a %d-byte blob and a %d-byte table, more than %d", got, len(blob), len(long), limit)
	}
}

// module returns a bitcode file of one version-2 module: body writes its
// records (with abbreviation width 3) and strtab is its STRTAB blob.
func module(body func(w *bw.Writer), strtab []byte) []byte {
	w := bw.New()
	w.Magic([4]byte{'B', 'C', 0xC0, 0xDE})
	w.EnterBlock(uint64(llvmir.MODULE_BLOCK_ID), 3)
	w.Unabbrev(uint64(llvmir.MODULE_CODE_VERSION), 2)
	body(w)
	w.EndBlock()
	if strtab != nil {
		w.EnterBlock(uint64(llvmir.STRTAB_BLOCK_ID), 3)
		w.DefineAbbrev(bw.Lit(1), bw.Blob)
		w.Abbrev(4)
		w.Blob(strtab)
		w.EndBlock()
	}
	return w.Bytes
}

// readFile reads data, expecting no error.
func readFile(t testing.TB, data []byte) *Inventory {
	t.Helper()
	f, err := ReadInventory(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Many globals naming one long string of the STRTAB share its bytes. Before,
// each name was a copy: 20,000 functions of 3 bits each naming a 1 MiB
// string made 20 GB of names.
func TestReadFileSharedNames(t *testing.T) {
	const n = 20000
	long := []byte(strings.Repeat("f", 1<<20))
	data := module(func(w *bw.Writer) {
		// FUNCTION [strtab offset 0, size 1 MiB, 8 zeros], every operand
		// a literal: 3 bits a record.
		ops := []bw.Op{bw.Lit(uint64(llvmir.MODULE_CODE_FUNCTION)), bw.Lit(0), bw.Lit(uint64(len(long)))}
		for range 8 {
			ops = append(ops, bw.Lit(0))
		}
		w.DefineAbbrev(ops...)
		for range n {
			w.Abbrev(4)
		}
	}, long)
	var f *Inventory
	got := alloctest.Min(2, func() { f = readFile(t, data) })
	if gs := f.Modules[0].Globals; len(gs) != n || gs[n-1].Name != string(long) {
		t.Fatalf("%d globals", len(gs))
	}
	// The table once (and its blob in the stream), plus the globals.
	if limit := uint64(len(data))*2 + n*256; got > limit {
		t.Errorf("%d bytes allocated for %d bytes, more than %d", got, len(data), limit)
	}
}

// Densest valid modules of one kind of record and the bytes ReadInventory
// allocates per input byte. The records take a few bits each through
// abbreviations of literal operands, but the bitstream reader charges a
// literal operand as one bit of the stream (LiteralSlack), so each record
// here pays its n literals with an n-bit field: a record costs 3+n bits
// however the bits are spent. Every record the inventory keeps costs it a
// struct, in a slice that grows by doubling (leaving at most its final
// size behind), so the ratio is two to four times the struct's size
// against the record's bytes. Each case says what it keeps, and the ratio
// of what stays live.
func TestReadFileAmplification(t *testing.T) {
	const records = 20000
	// lits returns an abbreviation of n operands after the code: n-1
	// literals, and a field of n-1 bits (at least 1) that pays for them.
	lits := func(code uint64, n int) []bw.Op {
		ops := []bw.Op{bw.Lit(code)}
		for range n - 1 {
			ops = append(ops, bw.Lit(0))
		}
		if n > 0 {
			ops = append(ops, bw.FixedOp(uint64(max(n-1, 1))))
		}
		return ops
	}
	tests := []struct {
		name  string
		block uint64 // MODULE_BLOCK_ID or METADATA_BLOCK_ID
		ops   []bw.Op
		k     float64
		why   string
	}{
		{"functions", uint64(llvmir.MODULE_BLOCK_ID), lits(uint64(llvmir.MODULE_CODE_FUNCTION), 10), 180,
			"a 64-byte GlobalInfo and an 8-byte name reference per 12-bit record: 48 live, 157 measured"},
		{"short functions", uint64(llvmir.MODULE_BLOCK_ID), lits(uint64(llvmir.MODULE_CODE_FUNCTION), 9), 1,
			"nothing but a note: LLVM rejects a FUNCTION record of fewer than 8 operands after the name"},
		{"global variables", uint64(llvmir.MODULE_BLOCK_ID), lits(uint64(llvmir.MODULE_CODE_GLOBALVAR), 8), 215,
			"a 64-byte GlobalInfo and an 8-byte name reference per 10-bit record: 58 live, 189 measured"},
		{"section names", uint64(llvmir.MODULE_BLOCK_ID), lits(uint64(llvmir.MODULE_CODE_SECTIONNAME), 0), 80,
			"the end of each name, 8 bytes per 3-bit record: 21 live, 70 measured"},
		{"hashes", uint64(llvmir.MODULE_BLOCK_ID), lits(uint64(llvmir.MODULE_CODE_HASH), 5), 1,
			"one hash, overwritten by each record"},
		{"unknown records", uint64(llvmir.MODULE_BLOCK_ID), lits(99, 0), 1, "nothing but a note, once"},
		{"compile units", uint64(llvmir.METADATA_BLOCK_ID), lits(uint64(llvmir.METADATA_COMPILE_UNIT), 14), 145,
			"a 48-byte record and a 96-byte CompileUnit per 16-bit record: 72 live, 127 measured"},
		{"files", uint64(llvmir.METADATA_BLOCK_ID), lits(uint64(llvmir.METADATA_FILE), 3), 145,
			"a 24-byte record per 5-bit record: 38 live, 126 measured"},
		{"old strings", uint64(llvmir.METADATA_BLOCK_ID), lits(uint64(llvmir.METADATA_STRING_OLD), 1), 200,
			"a map entry and a 1-byte string per 4-bit record: 174 measured"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := module(func(w *bw.Writer) {
				if tt.block != uint64(llvmir.MODULE_BLOCK_ID) {
					w.EnterBlock(tt.block, 3)
				}
				w.DefineAbbrev(tt.ops...)
				var pad uint
				if n := len(tt.ops); n > 1 {
					pad = uint(tt.ops[n-1].Value)
				}
				for range records {
					w.Abbrev(4)
					w.Fixed(0, pad)
				}
				if tt.block != uint64(llvmir.MODULE_BLOCK_ID) {
					w.EndBlock()
				}
			}, []byte{})
			var f *Inventory
			got := alloctest.Min(2, func() { f = readFile(t, data) })
			k := float64(got) / float64(len(data))
			t.Logf("%d bytes: %d allocated, %.1f per byte; %d globals, %d notes (%s)", len(data), got, k, len(f.Modules[0].Globals), len(f.Notes), tt.why)
			if k > tt.k {
				t.Errorf("%.1f bytes allocated per input byte, more than %v (%s)", k, tt.k, tt.why)
			}
		})
	}
}

// The literal budget of the bitstream reader holds for ReadInventory: an
// abbreviation of many literal operands used by many 3-bit records (here a
// section name of 10,000 characters, 50,000 times: 5e8 characters from 30
// KB) stops with bitstream.ErrLiteralBudget.
func TestReadFileLiteralExpansion(t *testing.T) {
	data := module(func(w *bw.Writer) {
		ops := []bw.Op{bw.Lit(uint64(llvmir.MODULE_CODE_SECTIONNAME))}
		for range 10000 {
			ops = append(ops, bw.Lit('x'))
		}
		w.DefineAbbrev(ops...)
		for range 50000 {
			w.Abbrev(4)
		}
	}, nil)
	var err error
	got := alloctest.Min(2, func() { _, err = ReadInventory(data) })
	if !errors.Is(err, bitstream.ErrLiteralBudget) {
		t.Fatalf("ReadInventory = %v; want ErrLiteralBudget", err)
	}
	if limit := uint64(len(data))*64 + 1<<20; got > limit {
		t.Errorf("%d bytes allocated for %d bytes, more than %d", got, len(data), limit)
	}
}

// benchmarkModules reads modules of n items each built by build; ns/item
// stays flat as n grows when the reading is linear.
func benchmarkModules(b *testing.B, build func(n int) []byte) {
	for _, n := range []int{1e3, 1e4, 1e5} {
		data := build(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ReadInventory(data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

// n compile units and n files: each unit's file was found by a linear
// search of the files (quadratic).
func BenchmarkReadFileCompileUnits(b *testing.B) {
	benchmarkModules(b, func(n int) []byte {
		return module(func(w *bw.Writer) {
			w.EnterBlock(uint64(llvmir.METADATA_BLOCK_ID), 3)
			for i := range n {
				w.Unabbrev(uint64(llvmir.METADATA_FILE), 0, 0, 0)
				cu := make([]uint64, 14)
				cu[2] = uint64(2*i) + 1 // the file just written
				w.Unabbrev(uint64(llvmir.METADATA_COMPILE_UNIT), cu...)
			}
			w.EndBlock()
		}, nil)
	})
}

// n METADATA_STRINGS records of one string each and n compile units naming
// them: each string's record was found by a linear search (quadratic).
func BenchmarkReadFileMetadataStrings(b *testing.B) {
	benchmarkModules(b, func(n int) []byte {
		return module(func(w *bw.Writer) {
			w.EnterBlock(uint64(llvmir.METADATA_BLOCK_ID), 3)
			w.DefineAbbrev(bw.Lit(uint64(llvmir.METADATA_STRINGS)), bw.Lit(1), bw.Lit(4), bw.Blob)
			for range n {
				w.Abbrev(4)
				w.Blob([]byte{1, 0, 0, 0, 'p'}) // one length (1), then "p"
			}
			for i := range n {
				cu := make([]uint64, 14)
				cu[3] = uint64(i) + 1 // producer: string i
				w.Unabbrev(uint64(llvmir.METADATA_COMPILE_UNIT), cu...)
			}
			w.EndBlock()
		}, nil)
	})
}

// n functions named from the STRTAB.
func BenchmarkReadFileGlobals(b *testing.B) {
	benchmarkModules(b, func(n int) []byte {
		var strtab []byte
		var offs []int
		for i := range n {
			offs = append(offs, len(strtab))
			strtab = fmt.Appendf(strtab, "f%d", i)
		}
		offs = append(offs, len(strtab))
		return module(func(w *bw.Writer) {
			for i := range n {
				ops := []uint64{uint64(offs[i]), uint64(offs[i+1] - offs[i]), 0, 0, 0, 0, 0, 0, 0, 0}
				w.Unabbrev(uint64(llvmir.MODULE_CODE_FUNCTION), ops...)
			}
		}, strtab)
	})
}

// Empty MODULE blocks, 12 bytes each, make a 288-byte ModuleInfo each: 24 bytes
// live per input byte, 85 allocated (the slice of modules grows by
// doubling, and each module's reader is 300 bytes).
func TestReadFileEmptyModules(t *testing.T) {
	const n = 20000
	w := bw.New()
	w.Magic([4]byte{'B', 'C', 0xC0, 0xDE})
	for range n {
		w.EnterBlock(uint64(llvmir.MODULE_BLOCK_ID), 2)
		w.EndBlock()
	}
	data := w.Bytes
	var f *Inventory
	got := alloctest.Min(2, func() { f = readFile(t, data) })
	if len(f.Modules) != n {
		t.Fatalf("%d modules", len(f.Modules))
	}
	if k := float64(got) / float64(len(data)); k > 100 {
		t.Errorf("%d bytes, %d modules: %d allocated, %.1f per byte, more than 100", len(data), n, got, k)
	}
}

// Records that claim more operands, array elements or blob bytes than the
// stream holds, and METADATA_STRINGS records that claim more strings than
// their blob, are errors (or end the strings) with nothing allocated for
// the claim.
func TestReadFileClaims(t *testing.T) {
	tests := []struct {
		name  string
		body  func(w *bw.Writer)
		error bool
	}{
		{"a record of 2^32-1 operands", func(w *bw.Writer) {
			w.Abbrev(3)
			w.VBR(uint64(llvmir.MODULE_CODE_TRIPLE), 6)
			w.VBR(1<<32-1, 6)
		}, true},
		{"an array of 2^32-1 characters", func(w *bw.Writer) {
			w.DefineAbbrev(bw.Lit(uint64(llvmir.MODULE_CODE_TRIPLE)), bw.Array, bw.Char6)
			w.Abbrev(4)
			w.VBR(1<<32-1, 6)
		}, true},
		{"a blob of 2^31 bytes", func(w *bw.Writer) {
			w.EnterBlock(uint64(llvmir.METADATA_BLOCK_ID), 3)
			w.DefineAbbrev(bw.Lit(uint64(llvmir.METADATA_STRINGS)), bw.VBROp(6), bw.VBROp(6), bw.Blob)
			w.Abbrev(4)
			w.VBR(1, 6)
			w.VBR(1, 6)
			w.VBR(1<<31, 6)
		}, true},
		{"2^32-1 metadata strings named by a compile unit", func(w *bw.Writer) {
			w.EnterBlock(uint64(llvmir.METADATA_BLOCK_ID), 3)
			w.DefineAbbrev(bw.Lit(uint64(llvmir.METADATA_STRINGS)), bw.VBROp(6), bw.VBROp(6), bw.Blob)
			w.Abbrev(4)
			w.VBR(1<<32-1, 6)
			w.VBR(4, 6)
			w.Blob(make([]byte, 4000)) // 4 bytes of lengths: 5 empty strings
			cu := make([]uint64, 14)
			cu[3] = 1<<32 - 2 // the producer: the last string claimed
			w.Unabbrev(uint64(llvmir.METADATA_COMPILE_UNIT), cu...)
			w.EndBlock()
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := bw.New()
			w.Magic([4]byte{'B', 'C', 0xC0, 0xDE})
			w.EnterBlock(uint64(llvmir.MODULE_BLOCK_ID), 3)
			w.Unabbrev(uint64(llvmir.MODULE_CODE_VERSION), 2)
			tt.body(w)
			w.Align32()
			w.Fixed(0, 128)
			data := w.Bytes
			var f *Inventory
			var err error
			got := alloctest.Min(3, func() { f, err = ReadInventory(data) })
			var re *InventoryError
			switch {
			case tt.error && !errors.As(err, &re):
				t.Fatalf("ReadInventory = %v; want a *InventoryError", err)
			case tt.error && (re.Off < 0 || re.Off > int64(len(data))):
				t.Errorf("ReadInventory = %v; want an offset inside the %d bytes", err, len(data))
			case !tt.error && len(f.Modules) == 1 && len(f.Modules[0].CompileUnits) == 1 && f.Modules[0].CompileUnits[0].Producer != "":
				t.Errorf("producer %q from a string past the lengths", f.Modules[0].CompileUnits[0].Producer)
			}
			if limit := uint64(len(data))*16 + 4096; got > limit {
				t.Errorf("%d bytes allocated for %d bytes, more than %d", got, len(data), limit)
			}
		})
	}
}

// DecodeSymtab of n symbols takes time linear in n.
func BenchmarkDecodeSymtab(b *testing.B) {
	for _, n := range []int{1e3, 1e4, 1e5, 1e6} {
		syms := make([]byte, 0, n*symtabSymbolSize)
		for range n {
			syms = binary.LittleEndian.AppendUint32(syms, 0)
			syms = binary.LittleEndian.AppendUint32(syms, 3)
			syms = binary.LittleEndian.AppendUint32(syms, 0)
			syms = binary.LittleEndian.AppendUint32(syms, 3)
			syms = binary.LittleEndian.AppendUint32(syms, 1<<32-1)
			syms = binary.LittleEndian.AppendUint32(syms, 0)
		}
		mods := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, 0), uint32(n)), 0)
		blob := symtabBlob([2]uint32{76, 1}, [2]uint32{}, [2]uint32{76 + 12, uint32(n)}, [2]uint32{}, [2]uint32{}, append(mods, syms...))
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(blob)))
			b.ReportAllocs()
			for b.Loop() {
				st, err := DecodeSymtab(blob, []byte("sym"))
				if err != nil || len(st.Symbols) != n {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}
