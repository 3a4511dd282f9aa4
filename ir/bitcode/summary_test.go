package bitcode

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	bw "github.com/bcextract/bcextract/internal/bitwriter"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/llvmir"
)

// TestSummary reads the ThinLTO summary of summary-switch-O2.bc; the values
// are those llvm-dis-22 prints (testdata/ir/summary-switch-O2.dis).
func TestSummary(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ir/summary-switch-O2.bc")
	if err != nil {
		t.Skip(err)
	}
	f, err := Open(data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := f.Modules[0].Module()
	if err != nil {
		t.Fatal(err)
	}
	s := m.Summary
	if s == nil {
		t.Fatal("no summary")
	}
	if want := [5]uint32{1674599755, 1069121838, 296625612, 475768653, 2905751393}; len(s.Modules) != 1 || s.Modules[0].Hash != want {
		t.Errorf("modules = %+v", s.Modules)
	}
	if len(s.Values) != 5 || s.BlockCount != 0 || s.Flags != 0 {
		t.Fatalf("%d values, blockcount %d, flags %d", len(s.Values), s.BlockCount, s.Flags)
	}
	v := s.Values[1]
	if v.Name != "computed_goto" || v.GUID != 1000909189991024853 || len(v.Summaries) != 1 {
		t.Fatalf("value 1 = %+v", v)
	}
	fs := v.Summaries[0]
	if fs.Kind != ir.SummaryFunction || fs.Insts != 14 || !fs.Flags.NotEligibleToImport || !fs.Flags.DSOLocal ||
		!fs.FuncFlags.ReadOnly || !fs.FuncFlags.NoRecurse || !fs.FuncFlags.NoUnwind || fs.FuncFlags.ReadNone {
		t.Errorf("computed_goto summary = %+v", fs)
	}
	if len(fs.Refs) != 1 || fs.Refs[0].GUID != 7087586500357280234 {
		t.Errorf("refs = %+v", fs.Refs)
	}
	lab := s.Values[2]
	if lab.Name != "computed_goto.labels" || lab.Summaries[0].Kind != ir.SummaryVariable ||
		lab.Summaries[0].Flags.Linkage != ir.InternalLinkage || !lab.Summaries[0].VarFlags.Constant {
		t.Errorf("value 2 = %+v %+v", lab, lab.Summaries[0])
	}
}

// TestSummaryErrorBit changes the version of summary-switch-O2.bc's summary
// block to one LLVM 22 does not know: the error must be at that record,
// though the summary is read beside the rest of the module.
func TestSummaryErrorBit(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ir/summary-switch-O2.bc")
	if err != nil {
		t.Fatal(err)
	}
	// Find the summary block's first record, FS_VERSION, unabbreviated:
	// its code, operand count and version, each a VBR6.
	br := bitstream.NewReader(data)
	if _, err := bitstream.ReadMagic(br.Cursor()); err != nil {
		t.Fatal(err)
	}
	recBit, versionBit := uint64(0), uint64(0)
	var vals []uint64
	depth := 0
	for versionBit == 0 {
		at := br.BitPos()
		e, err := br.Next()
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case e.Kind == bitstream.EntryDefineAbbrev:
			if _, err := br.DefineAbbrev(); err != nil {
				t.Fatal(err)
			}
		case e.Kind == bitstream.EntrySubBlock && e.ID == 0:
			bi, err := br.ReadBlockInfoBlock(false)
			if err != nil {
				t.Fatal(err)
			}
			br.SetBlockInfo(bi)
		case e.Kind == bitstream.EntrySubBlock && (e.ID == uint32(llvmir.MODULE_BLOCK_ID) && depth == 0 ||
			e.ID == uint32(llvmir.GLOBALVAL_SUMMARY_BLOCK_ID)):
			if _, err := br.EnterBlock(e.ID); err != nil {
				t.Fatal(err)
			}
			depth++
		case e.Kind == bitstream.EntrySubBlock:
			if err := br.SkipBlock(); err != nil {
				t.Fatal(err)
			}
		case e.Kind == bitstream.EntryRecord && depth == 2:
			if e.ID != bitstream.UNABBREV_RECORD {
				t.Fatalf("FS_VERSION has abbreviation %d", e.ID)
			}
			c := br.Cursor()
			code, _ := c.ReadVBR(6)
			n, _ := c.ReadVBR(6)
			if code != uint32(llvmir.FS_VERSION) || n != 1 {
				t.Fatalf("first summary record: code %d, %d operands", code, n)
			}
			recBit, versionBit = at, c.BitPos()
		case e.Kind == bitstream.EntryRecord:
			rec, err := br.ReadRecord(e.ID, vals)
			if err != nil {
				t.Fatal(err)
			}
			vals = rec.Ops
		default:
			t.Fatalf("unexpected %+v at bit %d", e, at)
		}
	}
	bad := append([]byte(nil), data...)
	for i := range uint64(6) { // version 13: 001101
		b := versionBit + i
		bad[b/8] &^= 1 << (b % 8)
		bad[b/8] |= byte(13>>i&1) << (b % 8)
	}
	f, err := Open(bad)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Modules[0].Module()
	var e *Error
	if !errors.As(err, &e) || e.Msg != "invalid summary version 13" || e.Bit != recBit {
		t.Errorf("error %v; want invalid summary version 13 at bit %d", err, recBit)
	}
}

// summaryModule returns a module declaring the functions f0 … f(n-1), of
// type void(), whose summary block holds FS_VERSION version and then the
// records body writes; value ID i is fi.
func summaryModule(n int, version uint64, body func(w *bw.Writer)) []byte {
	var names strings.Builder
	return strtabModule([][]uint64{{2}, {21, 0, 0}}, func(w *bw.Writer) {
		for i := range n {
			name := fmt.Sprintf("f%d", i)
			// [strtab offset, size, type, cc, isproto, linkage,
			// paramattr, align, section, visibility]
			w.Unabbrev(8, uint64(names.Len()), uint64(len(name)), 1, 0, 1, 0, 0, 0, 0, 0)
			names.WriteString(name)
		}
		w.EnterBlock(20, 4)
		w.Unabbrev(uint64(llvmir.FS_VERSION), version)
		body(w)
		w.EndBlock()
	}, func() string {
		var s strings.Builder
		for i := range n {
			fmt.Fprintf(&s, "f%d", i)
		}
		return s.String()
	}())
}

// fnSummary writes an FS_PERMODULE record (version 7 and later) of value
// ID id, no refs, no calls.
func fnSummary(w *bw.Writer, id uint64) {
	// [valueid, flags, instcount, fflags, numrefs, rorefcnt, worefcnt]
	w.Unabbrev(uint64(llvmir.FS_PERMODULE), id, 0, 1, 0, 0, 0, 0)
}

// summaryText reads and prints the module of data and returns its summary
// lines ("^N = ..."), the reader's skips and the error.
func summaryText(t *testing.T, data []byte) (lines []string, skips []string, _ *ir.Summary, _ error) {
	t.Helper()
	f, err := Open(data)
	if err != nil {
		return nil, nil, nil, err
	}
	r := f.Modules[0]
	m, err := r.Module()
	for _, s := range r.Skipped() {
		skips = append(skips, s.Msg)
	}
	if err != nil {
		return nil, skips, nil, err
	}
	var b strings.Builder
	if err := assembly.Write(&b, m, assembly.Options{ModuleID: "m.bc"}); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(l, "^") {
			lines = append(lines, l)
		}
	}
	return lines, skips, m.Summary, nil
}

// gvLine returns the line of lines about fi.
func gvLine(lines []string, i int) string {
	for _, l := range lines {
		if strings.Contains(l, fmt.Sprintf(`name: "f%d"`, i)) {
			return l
		}
	}
	return ""
}

// slot returns the "^N" of fi in lines.
func slot(lines []string, i int) string {
	l, _, _ := strings.Cut(gvLine(lines, i), " ")
	return l
}

// TestMemProf reads MemProf records of summary version 12 written by hand:
// stack ids as 32-bit halves, contexts in a radix tree (one sharing its
// last frame with another through a jump), context sizes, and a callsite.
func TestMemProf(t *testing.T) {
	data := summaryModule(2, 12, func(w *bw.Writer) {
		w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 10, 0, 20, 0, 30, 1, 40) // 10, 20, 30, 1<<32|40
		// Context 0: [0, jump to index 5 (2)]; context 3: [1, 2].
		w.Unabbrev(uint64(llvmir.FS_CONTEXT_RADIX_TREE_ARRAY), 2, 0, 0xFFFFFFFD, 2, 1, 2)
		w.Unabbrev(uint64(llvmir.FS_ALLOC_CONTEXT_IDS), 0, 5, 0, 0, 0, 7) // 5, 0, 7
		// Two MIBs: cold at radix 0, notcold at radix 3; then the
		// sizes: one for the first, two for the second (context id 0
		// has none).
		w.Unabbrev(uint64(llvmir.FS_PERMODULE_ALLOC_INFO), 2, 2, 0, 1, 3, 1, 100, 2, 0, 300)
		fnSummary(w, 0)
		w.Unabbrev(uint64(llvmir.FS_PERMODULE_CALLSITE_INFO), 0, 3, 2)
		fnSummary(w, 1)
	})
	lines, skips, sum, err := summaryText(t, data)
	if err != nil || len(skips) != 0 {
		t.Fatalf("error %v, skips %q", err, skips)
	}
	if l := gvLine(lines, 0); !strings.Contains(l, ", insts: 1, allocs: ((versions: (none), memProf: ((type: cold, stackIds: (10, 30)), (type: notcold, stackIds: (20, 30)))))))) ; guid = ") {
		t.Errorf("f0: %s", l)
	}
	if l := gvLine(lines, 1); !strings.Contains(l, ", insts: 1, callsites: ((callee: "+slot(lines, 0)+", clones: (0), stackIds: (4294967336, 30)))))) ; guid = ") {
		t.Errorf("f1: %s", l)
	}
	var f0 *ir.GlobalSummary
	for _, v := range sum.Values {
		if v.Name == "f0" {
			f0 = v.Summaries[0]
		}
	}
	want := [][]ir.ContextTotalSize{{{FullStackID: 5, TotalSize: 100}}, {{FullStackID: 7, TotalSize: 300}}}
	if f0 == nil || len(f0.Allocs) != 1 || !reflect.DeepEqual(f0.Allocs[0].ContextSizes, want) {
		t.Errorf("f0 allocs: %+v", f0)
	}
}

// TestMemProfOld reads the MemProf records of summary version 9 (LLVM 16):
// 64-bit stack ids, no MIB count, each context a list of stack id indexes.
func TestMemProfOld(t *testing.T) {
	data := summaryModule(1, 9, func(w *bw.Writer) {
		w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 11, 22, 1<<63|33)
		w.Unabbrev(uint64(llvmir.FS_PERMODULE_ALLOC_INFO), 4, 2, 2, 1, 2, 1, 0)
		fnSummary(w, 0)
	})
	lines, skips, _, err := summaryText(t, data)
	if err != nil || len(skips) != 0 {
		t.Fatalf("error %v, skips %q", err, skips)
	}
	if l := gvLine(lines, 0); !strings.Contains(l, "allocs: ((versions: (none), memProf: ((type: hot, stackIds: (9223372036854775841, 22)), (type: cold, stackIds: (11)))))") {
		t.Errorf("f0: %s", l)
	}
}

// TestSummaryHostile gives the summary reader records it must refuse, or
// read and report.
func TestSummaryHostile(t *testing.T) {
	long := make([]uint64, 0, 1002)
	long = append(long, 1000)
	for range 1000 {
		long = append(long, 0)
	}
	mibs := []uint64{200}
	for range 200 {
		mibs = append(mibs, 1, 0)
	}
	for _, tc := range []struct {
		name    string
		version uint64
		body    func(w *bw.Writer)
		err     string // the error, "" for none
		skip    string // a skip, "" for none
	}{
		{"radix index past the tree", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 1)
			w.Unabbrev(uint64(llvmir.FS_CONTEXT_RADIX_TREE_ARRAY), 1, 0)
			w.Unabbrev(uint64(llvmir.FS_PERMODULE_ALLOC_INFO), 1, 1, 2)
			fnSummary(w, 0)
		}, "MemProf context at radix tree index 2 is out of the tree", ""},
		{"two jumps in a row", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 1)
			w.Unabbrev(uint64(llvmir.FS_CONTEXT_RADIX_TREE_ARRAY), 1, 0xFFFFFFFF, 0xFFFFFFFF)
			w.Unabbrev(uint64(llvmir.FS_PERMODULE_ALLOC_INFO), 1, 1, 0)
			fnSummary(w, 0)
		}, "MemProf context at radix tree index 0 is out of the tree", ""},
		{"more frames than entries", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 1)
			w.Unabbrev(uint64(llvmir.FS_CONTEXT_RADIX_TREE_ARRAY), 5, 0)
			w.Unabbrev(uint64(llvmir.FS_PERMODULE_ALLOC_INFO), 1, 1, 0)
			fnSummary(w, 0)
		}, "MemProf context at radix tree index 0 is out of the tree", ""},
		{"stack id index out of range", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 1)
			w.Unabbrev(uint64(llvmir.FS_PERMODULE_CALLSITE_INFO), 0, 1)
			fnSummary(w, 0)
		}, "MemProf record refers to stack id 1 of 1", ""},
		{"odd stack id halves", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 1, 2)
		}, "invalid summary record 30", ""},
		{"sizes without context ids", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 1)
			w.Unabbrev(uint64(llvmir.FS_PERMODULE_ALLOC_INFO), 1, 1, 1, 0, 1, 64)
			fnSummary(w, 0)
		}, "MemProf allocation sizes without their context ids", ""},
		{"more MIBs than operands", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_PERMODULE_ALLOC_INFO), 3, 1, 0)
		}, "invalid summary record 27", ""},
		{"contexts past the budget", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 1)
			w.Unabbrev(uint64(llvmir.FS_CONTEXT_RADIX_TREE_ARRAY), long...)
			w.Unabbrev(uint64(llvmir.FS_PERMODULE_ALLOC_INFO), mibs...)
			fnSummary(w, 0)
		}, "MemProf contexts expand to more than 2 stack ids per byte of the module", ""},
		{"unknown allocation type", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 1)
			w.Unabbrev(uint64(llvmir.FS_PERMODULE_ALLOC_INFO), 1, 3, 1, 0)
			fnSummary(w, 0)
		}, "", "MemProf allocation type 3 unknown to LLVM 22"},
		{"second stack ids", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 1)
			w.Unabbrev(uint64(llvmir.FS_STACK_IDS), 0, 2)
		}, "", "a second FS_STACK_IDS record"},
		{"records no function follows", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_TYPE_TESTS), 1, 2)
			w.Unabbrev(uint64(llvmir.FS_PARAM_ACCESS), 0, 0, 0, 0)
		}, "", "skipped 2 summary records that no function summary follows"},
		{"unknown record", 12, func(w *bw.Writer) {
			w.Unabbrev(99, 1)
		}, "", "skipped unknown summary record 99"},
		{"block in the summary", 12, func(w *bw.Writer) {
			w.EnterBlock(40, 3)
			w.EndBlock()
		}, "", "skipped unknown block 40 in GLOBALVAL_SUMMARY_BLOCK"},
		{"combined record", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_COMBINED_CALLSITE_INFO), 0, 0, 0)
		}, "", "skipped combined-index summary record 28 in a per-module summary"},
		{"linkage 12", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_PERMODULE), 0, 12, 1, 0, 0, 0, 0)
		}, "", "summary linkage 12 unknown to LLVM 22 (printed as external)"},
		{"hotness 5", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_PERMODULE_PROFILE), 0, 0, 1, 0, 0, 0, 0, 0, 5)
		}, "", "call hotness 5 unknown to LLVM 22"},
		{"alias before its aliasee", 12, func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_ALIAS), 0, 0, 1)
		}, "alias expects aliasee summary to be parsed", ""},
	} {
		_, skips, _, err := summaryText(t, summaryModule(2, tc.version, tc.body))
		var e *Error
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.err != "" && (!errors.As(err, &e) || e.Msg != tc.err):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
		if tc.skip != "" && !slices.Contains(skips, tc.skip) {
			t.Errorf("%s: skips %q, want %q", tc.name, skips, tc.skip)
		}
		if tc.skip == "" && tc.err == "" && len(skips) > 0 {
			t.Errorf("%s: skips %q", tc.name, skips)
		}
	}
}

// TestSummaryFields reads fields whose decoding once went wrong: parameter
// ranges (empty, full, wrapped), the relative block frequency and tail
// flag of FS_PERMODULE_RELBF calls, and vcall_visibility (2 bits).
func TestSummaryFields(t *testing.T) {
	data := summaryModule(3, 12, func(w *bw.Writer) {
		// param 0: [0, 0) empty; param 1: [-1, -1) full (sign rotated,
		// -1 is 3); param 2: [5, -3) wraps (10, 7), no calls.
		w.Unabbrev(uint64(llvmir.FS_PARAM_ACCESS), 0, 0, 0, 0, 1, 3, 3, 0, 2, 10, 7, 0)
		// calls f1 with relbf 300 and the tail flag (bit 28), f2 with
		// relbf 0: nothing printed.
		w.Unabbrev(uint64(llvmir.FS_PERMODULE_RELBF), 0, 0, 1, 0, 0, 0, 0, 1, 1<<28|300, 2, 0)
		// vcall visibility field 7 (3 bits set): LLVM keeps 2; one
		// virtual function at offset 8.
		w.Unabbrev(uint64(llvmir.FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS), 1, 0, 4|7<<3, 0, 2, 8)
		fnSummary(w, 2)
	})
	lines, skips, _, err := summaryText(t, data)
	if err != nil || len(skips) != 0 {
		t.Fatalf("error %v, skips %q", err, skips)
	}
	f0 := gvLine(lines, 0)
	for _, want := range []string{
		"calls: ((callee: " + slot(lines, 1) + ", relbf: 300, tail: 1), (callee: " + slot(lines, 2) + "))",
		"params: ((param: 0, offset: [0, -1]), (param: 1, offset: [-9223372036854775808, 9223372036854775807]), (param: 2, offset: [-9223372036854775808, 9223372036854775807]))",
	} {
		if !strings.Contains(f0, want) {
			t.Errorf("f0: %s\nwant %s", f0, want)
		}
	}
	if f1 := gvLine(lines, 1); !strings.Contains(f1, "varFlags: (readonly: 0, writeonly: 0, constant: 1, vcall_visibility: 3), vTableFuncs: ((virtFunc: "+slot(lines, 2)+", offset: 8))") {
		t.Errorf("f1: %s", f1)
	}
}

// TestParamRange checks the printed bounds of parameter ranges against
// ConstantRange's getSignedMin and getSignedMax, worked by hand.
func TestParamRange(t *testing.T) {
	const minInt, maxInt = -1 << 63, 1<<63 - 1
	for _, c := range []struct{ lo, hi, min, max int64 }{
		{0, 16, 0, 15},
		{-4, 0, -4, -1},
		{0, 0, 0, -1},            // empty
		{-1, -1, minInt, maxInt}, // full
		{5, 5, 5, 4},             // neither: what LLVM prints
		{5, -3, minInt, maxInt},  // wraps through the signed maximum
		{5, minInt, 5, maxInt},   // upper bound the signed minimum
		{minInt, maxInt, minInt, maxInt - 1},
	} {
		if min, max := paramRange(c.lo, c.hi); min != c.min || max != c.max {
			t.Errorf("paramRange(%d, %d) = [%d, %d], want [%d, %d]", c.lo, c.hi, min, max, c.min, c.max)
		}
	}
}

// TestCombined reads the combined indexes of testdata/ir/summary
// (summary-combined-*.bc) and compares their "^N = " lines with
// llvm-dis-22's (NAME.dis); ir/assembly's golden test compares the whole
// text.
func TestCombined(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/ir/summary/summary-combined-*.bc")
	if len(files) == 0 {
		t.Fatal("no combined index fixtures")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		golden, err := os.ReadFile(strings.TrimSuffix(file, ".bc") + ".dis")
		if err != nil {
			t.Fatal(err)
		}
		lines, skips, sum, err := summaryText(t, data)
		if err != nil || len(skips) > 0 {
			t.Errorf("%s: error %v, skips %q", file, err, skips)
			continue
		}
		if sum == nil || !sum.Combined {
			t.Errorf("%s: not read as a combined index", file)
		}
		var want []string
		for _, l := range strings.Split(string(golden), "\n") {
			if strings.HasPrefix(l, "^") {
				want = append(want, l)
			}
		}
		if !slices.Equal(lines, want) {
			for i := range max(len(lines), len(want)) {
				var g, w string
				if i < len(lines) {
					g = lines[i]
				}
				if i < len(want) {
					w = want[i]
				}
				if g != w {
					t.Errorf("%s: summary line %d:\n got: %s\nwant: %s", file, i+1, g, w)
					break
				}
			}
		}
	}
}

// combinedIndex returns a combined index: modules 0 "b.o" and 7 "a.o",
// value IDs 1 and 2 of GUIDs 100 and 200, then the records body writes.
func combinedIndex(body func(w *bw.Writer)) []byte {
	return strtabModule(nil, func(w *bw.Writer) {
		w.EnterBlock(19, 3)
		w.Unabbrev(uint64(llvmir.MST_CODE_ENTRY), 0, 'b', '.', 'o')
		w.Unabbrev(uint64(llvmir.MST_CODE_HASH), 1, 2, 3, 4, 5)
		w.Unabbrev(uint64(llvmir.MST_CODE_ENTRY), 7, 'a', '.', 'o')
		w.EndBlock()
		w.EnterBlock(20, 4)
		w.Unabbrev(uint64(llvmir.FS_VERSION), 12)
		w.Unabbrev(uint64(llvmir.FS_VALUE_GUID), 1, 0, 100)
		w.Unabbrev(uint64(llvmir.FS_VALUE_GUID), 2, 0, 200)
		body(w)
		w.EndBlock()
	}, "")
}

// TestCombinedHostile gives the reader combined index records it must
// refuse or report, and one it must read.
func TestCombinedHostile(t *testing.T) {
	// [valueid, modid, flags, instcount, fflags, entrycount, numrefs,
	// rorefcnt, worefcnt]
	fn := func(w *bw.Writer, id, mod uint64) {
		w.Unabbrev(uint64(llvmir.FS_COMBINED), id, mod, 0, 1, 0, 0, 0, 0, 0)
	}
	for _, tc := range []struct {
		name string
		body func(w *bw.Writer)
		err  string
		skip string
		line string // a summary line the output must hold
	}{
		{"modules in path order", func(w *bw.Writer) {
			fn(w, 1, 7)
			fn(w, 2, 0)
		}, "", "", `^1 = module: (path: "b.o", hash: (1, 2, 3, 4, 5))`},
		{"unknown module", func(w *bw.Writer) {
			fn(w, 1, 3)
		}, "summary refers to module ID 3, which the module table does not list", "", ""},
		{"original name first", func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_COMBINED_ORIGINAL_NAME), 5)
		}, "name attachment that does not follow a combined record", "", ""},
		{"original name twice", func(w *bw.Writer) {
			fn(w, 1, 7)
			w.Unabbrev(uint64(llvmir.FS_COMBINED_ORIGINAL_NAME), 5)
			w.Unabbrev(uint64(llvmir.FS_COMBINED_ORIGINAL_NAME), 5)
		}, "name attachment that does not follow a combined record", "", ""},
		{"per-module record", func(w *bw.Writer) {
			fnSummary(w, 1)
		}, "", "skipped per-module summary record 1 in a combined index", ""},
		{"short callsite", func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_COMBINED_CALLSITE_INFO), 1, 2, 1, 0)
		}, "invalid summary record 28", "", ""},
		{"alias of nothing known", func(w *bw.Writer) {
			w.Unabbrev(uint64(llvmir.FS_COMBINED_ALIAS), 1, 0, 0, 9)
		}, "", "", "aliasee: null"},
		{"alias of a summary of another module", func(w *bw.Writer) {
			fn(w, 2, 7)
			w.Unabbrev(uint64(llvmir.FS_COMBINED_ALIAS), 1, 0, 0, 2)
		}, "", "", "aliasee: null"},
	} {
		lines, skips, _, err := summaryText(t, combinedIndex(tc.body))
		var e *Error
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
			continue
		case tc.err != "" && (!errors.As(err, &e) || e.Msg != tc.err):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
		if tc.skip != "" && !slices.Contains(skips, tc.skip) || tc.skip == "" && len(skips) > 0 {
			t.Errorf("%s: skips %q, want %q", tc.name, skips, tc.skip)
		}
		if tc.line != "" && !strings.Contains(strings.Join(lines, "\n"), tc.line) {
			t.Errorf("%s: no %q in\n%s", tc.name, tc.line, strings.Join(lines, "\n"))
		}
	}
}
