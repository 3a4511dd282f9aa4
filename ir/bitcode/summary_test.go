package bitcode

import (
	"errors"
	"os"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
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
			if code != fsVersion || n != 1 {
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
