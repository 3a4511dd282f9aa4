package bcwrite

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/llvmir"
)

// TestWriteIndexFixtures writes the combined indexes of
// ../../testdata/ir/summary as read: those LLVM 22 wrote come out byte for
// byte as they were written (opt-22 drops a combined index, so the
// reference is the input itself); the one of LLVM 13 is written in LLVM
// 22's layout. Read back, each is the index read, but for its version.
func TestWriteIndexFixtures(t *testing.T) {
	files, err := filepath.Glob("../../testdata/ir/summary/summary-combined-*.bc")
	if err != nil || len(files) < 5 {
		t.Fatalf("fixtures: %v, %v", files, err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			in := readFile(t, path)
			m, _ := openModule(t, in)
			if m.Summary == nil || !m.Summary.Combined {
				t.Fatal("not read as a combined index")
			}
			out, err := WriteIndex(m.Summary)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(path, "llvm13") && !bytes.Equal(out, in) {
				i := 0
				for i < len(out) && i < len(in) && out[i] == in[i] {
					i++
				}
				t.Errorf("differs from the input from byte 0x%x: %d bytes, want %d", i, len(out), len(in))
			}
			if strings.HasSuffix(path, "-hand.bc") {
				// llvm-as-22 wrote a whole index: without its value IDs
				// and record order, numbered and ordered anew as LLVM
				// does, the bytes are the same.
				bare, _ := openModule(t, in)
				bare.Summary.Order = nil
				for _, v := range bare.Summary.Values {
					v.ValueID = 0
				}
				if again, err := WriteIndex(bare.Summary); err != nil || !bytes.Equal(again, in) {
					t.Errorf("without value IDs and order: %v, same bytes %v", err, bytes.Equal(again, in))
				}
			}
			m2, _ := openModule(t, out)
			want := *m.Summary
			want.Version = summaryVersion
			if !reflect.DeepEqual(&want, m2.Summary) {
				t.Errorf("the index read back is not the one read")
			}
		})
	}
}

// TestWriteIndexDis checks that llvm-dis-22 prints each combined index
// written as it prints the input (skipped without llvm-dis-22).
func TestWriteIndexDis(t *testing.T) {
	dis, err := exec.LookPath("llvm-dis-22")
	if err != nil {
		t.Skip("llvm-dis-22 is not installed")
	}
	files, _ := filepath.Glob("../../testdata/ir/summary/summary-combined-*.bc")
	tmp := t.TempDir()
	for _, path := range files {
		m, _ := openModule(t, readFile(t, path))
		out, err := WriteIndex(m.Summary)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		// The same base name, so that the ModuleID and source_filename
		// lines llvm-dis-22 derives from it are the same.
		ours := filepath.Join(tmp, filepath.Base(path))
		if err := os.WriteFile(ours, out, 0o644); err != nil {
			t.Fatal(err)
		}
		run := func(dir, file string) string {
			cmd := exec.Command(dis, file, "-o", "-")
			cmd.Dir = dir
			b, err := cmd.Output()
			if err != nil {
				t.Fatalf("llvm-dis-22 %s: %v", file, err)
			}
			return string(b)
		}
		if a, b := run(filepath.Dir(path), filepath.Base(path)), run(tmp, filepath.Base(path)); a != b {
			t.Errorf("%s: llvm-dis-22 prints\n%s\nfor the index written, want\n%s", path, b, a)
		}
	}
}

// TestWriteIndexRecords writes small combined indexes and reads the
// records back: what each field becomes, with values from the fixtures
// LLVM 22 wrote (llvm-bcanalyzer-22 -dump of summary-combined-hand.bc,
// -memprof.bc and -cfi.bc).
func TestWriteIndexRecords(t *testing.T) {
	flags := ir.GVSummaryFlags{Linkage: ir.ExternalLinkage, Live: true, DSOLocal: true}
	tests := []struct {
		name string
		sum  *ir.Summary
		// want: the summary records (code and operands, after FS_VERSION
		// and FS_FLAGS) and the string table.
		want   []rec
		strtab string
	}{
		{
			// ^4 of summary-combined-hand.bc: two summaries of GUID 2,
			// numbered as LLVM numbers a whole index: each summary in
			// turn, the GUID keeping the second one's (3; 2 is
			// unused), which both records name; flags 96 are live and
			// dsoLocal.
			name: "whole index numbering",
			sum: &ir.Summary{Combined: true, Flags: 1,
				Modules: []ir.SummaryModule{{Path: "a.o"}, {Path: "b.o", Hash: [5]uint32{1, 2, 3, 4, 5}}},
				Values: []*ir.SummaryValue{
					{GUID: 1, Summaries: []*ir.GlobalSummary{{Kind: ir.SummaryFunction, Module: 1, Flags: flags, Insts: 2,
						Calls: []ir.SummaryCall{{Callee: 2, Hotness: 3}}}}},
					{GUID: 2, Summaries: []*ir.GlobalSummary{
						{Kind: ir.SummaryFunction, Module: 0, Insts: 1},
						{Kind: ir.SummaryFunction, Module: 1, Flags: flags, Insts: 1}}},
				}},
			want: []rec{
				{llvmir.FS_VALUE_GUID, []uint64{1, 0, 1}},
				{llvmir.FS_VALUE_GUID, []uint64{3, 0, 2}},
				{llvmir.FS_COMBINED_PROFILE, []uint64{1, 1, 96, 2, 0, 0, 0, 0, 0, 3, 3}},
				{llvmir.FS_COMBINED_PROFILE, []uint64{3, 0, 0, 1, 0, 0, 0, 0, 0}},
				{llvmir.FS_COMBINED_PROFILE, []uint64{3, 1, 96, 1, 0, 0, 0, 0, 0}},
			},
		},
		{
			// The first allocation of summary-combined-memprof.bc, with
			// its value ID and order as read.
			name: "memprof without contexts",
			sum: &ir.Summary{Combined: true, Flags: 1377,
				Modules: []ir.SummaryModule{{Path: "memprof.o"}},
				Values: []*ir.SummaryValue{
					{GUID: 7360188569922110697, ValueID: 6, Summaries: []*ir.GlobalSummary{{Kind: ir.SummaryFunction, Insts: 2,
						Allocs: []ir.AllocInfo{{Versions: []uint8{ir.AllocNotCold, ir.AllocCold},
							MIBs: []ir.MIBInfo{{AllocType: ir.AllocCold}, {AllocType: ir.AllocNotCold}}}}}}},
					{GUID: 13378068909231102084, ValueID: 5, Summaries: []*ir.GlobalSummary{{Kind: ir.SummaryFunction, Insts: 2,
						Calls:     []ir.SummaryCall{{Callee: 7360188569922110697}},
						Callsites: []ir.CallsiteInfo{{Callee: 7360188569922110697, HasCallee: true, Clones: []uint32{0, 1}, StackIDs: []uint64{15240407404144242795}}}}}},
				}},
			want: []rec{
				{llvmir.FS_VALUE_GUID, []uint64{6, 1713677442, 639173865}},
				{llvmir.FS_VALUE_GUID, []uint64{5, 3114824394, 4218083460}},
				{llvmir.FS_STACK_IDS, []uint64{15240407404144242795 >> 32, 15240407404144242795 & 0xFFFFFFFF}},
				{llvmir.FS_COMBINED_ALLOC_INFO_NO_CONTEXT, []uint64{2, 2, 2, 1, 1, 2}},
				{llvmir.FS_COMBINED_PROFILE, []uint64{6, 0, 0, 2, 0, 0, 0, 0, 0}},
				{llvmir.FS_COMBINED_CALLSITE_INFO, []uint64{6, 1, 2, 0, 0, 1}},
				{llvmir.FS_COMBINED_PROFILE, []uint64{5, 0, 0, 2, 0, 0, 0, 0, 0, 6, 0}},
			},
		},
		{
			// summary-combined-cfi.bc: the CFI names sorted and first in
			// the string table, the type id named by a type test after
			// them; a local variable's original name (flags 7: internal
			// linkage); an alias last.
			name: "cfi, type ids, original names, aliases",
			sum: &ir.Summary{Combined: true,
				Modules:         []ir.SummaryModule{{Path: "cfi.o"}},
				CFIFunctionDefs: []string{"twice.8d9016efef767f505eaf9840d076631b", "thrice"},
				TypeIDs: []*ir.SummaryTypeID{
					{GUID: 5174074510188755522, Name: "_ZTSFiiE", Kind: 4, SizeM1BitWidth: 7},
					{GUID: 9, Name: "unreferenced"},
				},
				Values: []*ir.SummaryValue{
					{GUID: 10, ValueID: 3, Summaries: []*ir.GlobalSummary{{Kind: ir.SummaryAlias, Aliasee: 11, HasAliasee: true}}},
					{GUID: 11, ValueID: 1, Summaries: []*ir.GlobalSummary{{Kind: ir.SummaryFunction,
						TypeIDInfo: &ir.TypeIDInfo{TypeTests: []uint64{5174074510188755522}}}}},
					{GUID: 12, ValueID: 2, Summaries: []*ir.GlobalSummary{{Kind: ir.SummaryVariable,
						Flags: ir.GVSummaryFlags{Linkage: ir.InternalLinkage}, OriginalName: 42, HasOriginalName: true,
						VarFlags: ir.VarSummaryFlags{ReadOnly: true}, Refs: []ir.SummaryRef{{GUID: 11}}}}},
				}},
			want: []rec{
				{llvmir.FS_VALUE_GUID, []uint64{3, 0, 10}},
				{llvmir.FS_VALUE_GUID, []uint64{1, 0, 11}},
				{llvmir.FS_VALUE_GUID, []uint64{2, 0, 12}},
				{llvmir.FS_TYPE_TESTS, []uint64{5174074510188755522}},
				{llvmir.FS_COMBINED_PROFILE, []uint64{1, 0, 0, 0, 0, 0, 0, 0, 0}},
				{llvmir.FS_COMBINED_GLOBALVAR_INIT_REFS, []uint64{2, 0, 7, 1, 1}},
				{llvmir.FS_COMBINED_ORIGINAL_NAME, []uint64{42}},
				{llvmir.FS_COMBINED_ALIAS, []uint64{3, 0, 0, 1}},
				{llvmir.FS_CFI_FUNCTION_DEFS, []uint64{0, 6, 6, 38}},
				{llvmir.FS_TYPE_ID, []uint64{44, 8, 4, 7, 0, 0, 0, 0}},
			},
			strtab: "thricetwice.8d9016efef767f505eaf9840d076631b_ZTSFiiE",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := WriteIndex(tc.sum)
			if err != nil {
				t.Fatal(err)
			}
			got, strtab := indexRecords(t, out)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("records\n%v\nwant\n%v", got, tc.want)
			}
			if strtab != tc.strtab {
				t.Errorf("string table %q, want %q", strtab, tc.strtab)
			}
		})
	}
}

// TestWriteIndexRefused checks what WriteIndex refuses.
func TestWriteIndexRefused(t *testing.T) {
	tests := []struct {
		name string
		sum  *ir.Summary
	}{
		{"per-module", &ir.Summary{}},
		{"vtables", &ir.Summary{Combined: true, TypeIDCompatibleVTables: []*ir.SummaryTypeIDVTables{{Name: "t"}}}},
		{"module out of range", &ir.Summary{Combined: true, Values: []*ir.SummaryValue{{GUID: 1,
			Summaries: []*ir.GlobalSummary{{Kind: ir.SummaryFunction, Module: 1}}}}}},
		{"one value ID twice", &ir.Summary{Combined: true, Values: []*ir.SummaryValue{{GUID: 1, ValueID: 1}, {GUID: 2, ValueID: 1}}}},
		{"context without AllocContexts", &ir.Summary{Combined: true, Modules: []ir.SummaryModule{{}}, Values: []*ir.SummaryValue{{GUID: 1,
			Summaries: []*ir.GlobalSummary{{Kind: ir.SummaryFunction, Allocs: []ir.AllocInfo{{MIBs: []ir.MIBInfo{{StackIDs: []uint64{1}}}}}}}}}}},
	}
	for _, tc := range tests {
		_, err := WriteIndex(tc.sum)
		var ue *UnsupportedError
		if !errors.As(err, &ue) {
			t.Errorf("%s: %v, want an UnsupportedError", tc.name, err)
		}
	}
}

// A rec is a summary record: its code and operands.
type rec struct {
	code llvmir.SummaryCode
	ops  []uint64
}

// indexRecords returns the records of the GLOBALVAL_SUMMARY_BLOCK of the
// combined index data but FS_VERSION and FS_FLAGS, and its string table.
func indexRecords(t *testing.T, data []byte) ([]rec, string) {
	t.Helper()
	r := bitstream.NewReader(data)
	if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
		t.Fatal(err)
	}
	var recs []rec
	var strtab string
	var walk func(block uint32)
	walk = func(block uint32) {
		for {
			e, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			switch e.Kind {
			case bitstream.EntryEndBlock:
				return
			case bitstream.EntryDefineAbbrev:
				if _, err := r.DefineAbbrev(); err != nil {
					t.Fatal(err)
				}
				continue
			case bitstream.EntrySubBlock:
				if _, err := r.EnterBlock(e.ID); err != nil {
					t.Fatal(err)
				}
				walk(e.ID)
				continue
			}
			rc, err := r.ReadRecord(e.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case block == uint32(llvmir.STRTAB_BLOCK_ID):
				strtab = string(rc.Blob)
			case block == uint32(llvmir.GLOBALVAL_SUMMARY_BLOCK_ID):
				code := llvmir.SummaryCode(rc.Code)
				if code != llvmir.FS_VERSION && code != llvmir.FS_FLAGS {
					recs = append(recs, rec{code, append([]uint64{}, rc.Ops...)})
				}
			}
		}
	}
	for !r.AtEnd() {
		e, err := r.Next()
		if err != nil || e.Kind != bitstream.EntrySubBlock {
			break
		}
		if _, err := r.EnterBlock(e.ID); err != nil {
			t.Fatal(err)
		}
		walk(e.ID)
	}
	return recs, strtab
}

// What writeIndexDir found.
const (
	indexSame    = iota // byte for byte the input (LLVM 22's)
	indexOlder          // an older producer's, printed by llvm-dis-22 as the input
	indexDiffers        // otherwise
	indexFailed         // not written
)

// writeIndexDir writes the combined index sum read from data (the file
// at path) for TestWriteDirs. opt-22 FILE -o OUT drops a combined index,
// so the reference is the input itself: an index LLVM 22 wrote (summary
// version 12) must come out byte for byte as it was; an older one, in
// LLVM 22's layout, must be printed by llvm-dis-22 as the input is.
func writeIndexDir(t *testing.T, path string, data []byte, sum *ir.Summary, tmp string) int {
	got, err := WriteIndex(sum)
	if err != nil {
		t.Errorf("%s: WriteIndex: %v", path, err)
		return indexFailed
	}
	if bytes.Equal(got, data) {
		return indexSame
	}
	if sum.Version == summaryVersion {
		i := 0
		for i < len(got) && i < len(data) && got[i] == data[i] {
			i++
		}
		t.Errorf("%s: the combined index written differs from the input from byte 0x%x", path, i)
		return indexDiffers
	}
	ours := filepath.Join(tmp, "ours.bc")
	os.WriteFile(ours, got, 0o644)
	if a, b := indexText(t, path), indexText(t, ours); a != b {
		t.Errorf("%s: llvm-dis-22 prints the combined index written otherwise than the input", path)
		return indexDiffers
	}
	return indexOlder
}

// indexText returns what llvm-dis-22 prints for the combined index at
// path but the ModuleID and source_filename lines, which name the file.
func indexText(t *testing.T, path string) string {
	out, err := exec.Command("llvm-dis-22", path, "-o", "-").Output()
	if err != nil {
		t.Errorf("llvm-dis-22 %s: %v", path, err)
		return ""
	}
	var b strings.Builder
	for _, l := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(l, "; ModuleID") && !strings.HasPrefix(l, "source_filename") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// FuzzWriteIndex writes the combined index of whatever input the reader
// reads cleanly as one: never a panic; what WriteIndex writes must read
// back cleanly as a combined index, and written again come out the same.
func FuzzWriteIndex(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/ir/summary/summary-combined-*.bc")
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sum := readIndex(data)
		if sum == nil {
			return
		}
		out, err := WriteIndex(sum)
		if err != nil {
			return
		}
		sum2 := readIndex(out)
		if sum2 == nil {
			t.Fatal("the index written does not read back cleanly as one")
		}
		again, err := WriteIndex(sum2)
		if err != nil {
			t.Fatalf("the index read back is not written: %v", err)
		}
		if !bytes.Equal(again, out) {
			t.Fatal("the index read back is written otherwise")
		}
	})
}

// readIndex returns the combined index data holds, nil when it holds
// none or does not read cleanly.
func readIndex(data []byte) *ir.Summary {
	f, err := bitcode.Options{}.Open(data)
	if err != nil || len(f.Modules) != 1 {
		return nil
	}
	m, err := f.Modules[0].Module()
	if err != nil || len(f.Modules[0].Skipped()) > 0 || m.Summary == nil || !m.Summary.Combined {
		return nil
	}
	return m.Summary
}
