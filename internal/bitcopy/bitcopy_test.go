package bitcopy

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
)

// records lists the blocks and records of a bitstream, BLOCKINFO left out,
// as "[id" / "]" / "code ops blob" lines: what a copy must keep.
func records(t *testing.T, data []byte) []string {
	t.Helper()
	out, ok := tryRecords(data)
	if !ok {
		t.Fatal("the stream does not read")
	}
	return out
}

// TestCopy copies fixtures with no hooks: the copy holds the same blocks
// and records, unabbreviated; and with hooks that skip a block, read one
// without writing it and rewrite a record.
func TestCopy(t *testing.T) {
	for _, name := range []string{"../../testdata/ir/attrs.bc", "../../testdata/ir/metadata.bc"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		c, err := New(data)
		if err != nil {
			t.Fatal(err)
		}
		out, err := c.Run()
		if err != nil {
			t.Fatal(err)
		}
		want, got := records(t, data), records(t, out)
		if !slices.Equal(got, want) {
			t.Errorf("%s: the copy has %d entries, want the input's %d", name, len(got), len(want))
		}
	}

	data, err := os.ReadFile("../../testdata/ir/attrs.bc")
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(data)
	if err != nil {
		t.Fatal(err)
	}
	module, typeBlock, strtab := uint32(llvmir.MODULE_BLOCK_ID), uint32(llvmir.TYPE_BLOCK_ID_NEW), uint32(llvmir.STRTAB_BLOCK_ID)
	version := uint32(llvmir.MODULE_CODE_VERSION)
	read := 0
	c.Enter = func(id uint32, _ []uint32) (Action, error) {
		switch id {
		case strtab:
			return Skip, nil
		case typeBlock:
			return Read, nil
		}
		return Copy, nil
	}
	c.Record = func(ids []uint32, rec bitstream.Record) error {
		switch {
		case len(ids) > 0 && ids[len(ids)-1] == typeBlock:
			read++ // read, not written
		case len(ids) == 1 && ids[0] == module && rec.Code == version:
			c.W.Unabbrev(uint64(version), 7)
		default:
			c.Copy(rec)
		}
		return nil
	}
	out, err := c.Run()
	if err != nil {
		t.Fatal(err)
	}
	got := records(t, out)
	if read == 0 || slices.Contains(got, fmt.Sprintf("[%d", typeBlock)) || slices.Contains(got, fmt.Sprintf("[%d", strtab)) || !slices.Contains(got, `1 [7] ""`) {
		t.Errorf("hooks not applied (%d type records read):\n%.400s", read, strings.Join(got, "\n"))
	}
}

// FuzzCopy copies any input: no panic, and a copy that is made reads back
// as the same blocks and records.
func FuzzCopy(f *testing.F) {
	for _, name := range []string{"../../testdata/ir/attrs.bc", "../../testdata/ir/legacy/legacy-bodies.bc"} {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := New(data)
		if err != nil {
			return
		}
		out, err := c.Run()
		if err != nil {
			return
		}
		want, ok := tryRecords(data)
		if !ok {
			return // a stream the copier read but the walk below cannot
		}
		got, ok := tryRecords(out)
		if !ok || !slices.Equal(got, want) {
			t.Fatalf("the copy reads back as %d entries (ok %v), want %d", len(got), ok, len(want))
		}
	})
}

// tryRecords is records without a test: false when the stream does not
// read.
func tryRecords(data []byte) (out []string, ok bool) {
	r := bitstream.NewReader(data)
	if r.JumpToBit(32) != nil {
		return nil, false
	}
	for !r.AtEnd() || r.Depth() > 0 {
		e, err := r.Next()
		if err != nil {
			return nil, false
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			out = append(out, "]")
		case bitstream.EntrySubBlock:
			if e.ID == blockInfoID {
				bi, err := r.ReadBlockInfoBlock(false)
				if err != nil {
					return nil, false
				}
				r.SetBlockInfo(bi)
				continue
			}
			if _, err := r.EnterBlock(e.ID); err != nil {
				return nil, false
			}
			out = append(out, fmt.Sprintf("[%d", e.ID))
		case bitstream.EntryDefineAbbrev:
			if _, err := r.DefineAbbrev(); err != nil {
				return nil, false
			}
		case bitstream.EntryRecord:
			rec, err := r.ReadRecord(e.ID, nil)
			if err != nil {
				return nil, false
			}
			out = append(out, fmt.Sprintf("%d %v %q", rec.Code, rec.Ops, rec.Blob))
		}
	}
	return out, true
}
