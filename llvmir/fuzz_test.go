package llvmir

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/wrapper"
)

// blobCollector gathers the blobs of the records the fuzz targets' seeds
// come from.
type blobCollector struct {
	symtab, strtab [][]byte
	mdOps          [][]uint64
	mdBlobs        [][]byte
}

func (c *blobCollector) BlockInfoStart(int) error               { return nil }
func (c *blobCollector) EnterBlock(*bitstream.BlockEvent) error { return nil }
func (c *blobCollector) ExitBlock(*bitstream.BlockEvent) error  { return nil }
func (c *blobCollector) Record(b *bitstream.BlockEvent, r *bitstream.RecordEvent) error {
	if !r.HasBlob {
		return nil
	}
	switch {
	case b.ID == uint32(SYMTAB_BLOCK_ID):
		c.symtab = append(c.symtab, r.Blob)
	case b.ID == uint32(STRTAB_BLOCK_ID):
		c.strtab = append(c.strtab, r.Blob)
	case b.ID == uint32(METADATA_BLOCK_ID) && r.Code == uint32(METADATA_STRINGS):
		c.mdOps = append(c.mdOps, append([]uint64(nil), r.Ops...))
		c.mdBlobs = append(c.mdBlobs, r.Blob)
	}
	return nil
}

// collectBlobs walks every bitcode fixture of testdata/inspect.
func collectBlobs(f *testing.F) *blobCollector {
	var c blobCollector
	names, _ := filepath.Glob("../testdata/inspect/*.bc")
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		if wrapper.IsWrapper(data) {
			if _, data, err = wrapper.Unwrap(data); err != nil {
				f.Fatal(err)
			}
		}
		r := bitstream.NewReader(data)
		if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
			f.Fatal(err)
		}
		if _, err := bitstream.Walk(r, &c); err != nil {
			f.Fatalf("%s: %v", n, err)
		}
	}
	if len(c.symtab) == 0 || len(c.strtab) == 0 || len(c.mdBlobs) == 0 {
		f.Fatalf("seeds: %d SYMTAB, %d STRTAB, %d METADATA_STRINGS blobs", len(c.symtab), len(c.strtab), len(c.mdBlobs))
	}
	return &c
}

// FuzzDecodeSymtab decodes arbitrary SYMTAB and STRTAB blobs: every error
// is a SymtabError inside the blob, and every name lies in the tables.
func FuzzDecodeSymtab(f *testing.F) {
	c := collectBlobs(f)
	for i, b := range c.symtab {
		f.Add(b, c.strtab[min(i, len(c.strtab)-1)])
	}
	f.Fuzz(func(t *testing.T, blob, strtab []byte) {
		st, err := DecodeSymtab(blob, strtab)
		if err != nil {
			var se *SymtabError
			if !errors.As(err, &se) || se.Off < 0 || se.Off > len(blob) {
				t.Fatalf("error %v is not a SymtabError inside the %d-byte blob", err, len(blob))
			}
			return
		}
		for _, s := range st.Symbols {
			if len(s.Name) > len(strtab) || len(s.IRName) > len(strtab) {
				t.Fatalf("symbol name longer than the string table: %q", s.Name)
			}
		}
	})
}

// FuzzNewMetadataStrings decodes arbitrary METADATA_STRINGS records: the
// strings come out of the blob, and there are never more than the record
// claims (a count of zero, as in llvm-bcanalyzer, reads until the lengths
// run out) or than the blob has lengths for (6 bits each at least).
func FuzzNewMetadataStrings(f *testing.F) {
	c := collectBlobs(f)
	for i, b := range c.mdBlobs {
		ops := c.mdOps[i]
		if len(ops) >= 2 {
			f.Add(ops[0], ops[1], b)
		}
	}
	f.Fuzz(func(t *testing.T, count, offset uint64, blob []byte) {
		m, err := NewMetadataStrings([]uint64{count, offset}, blob)
		if err != nil {
			return
		}
		total, n := 0, 0
		for {
			s, err := m.Next()
			if err != nil {
				break
			}
			total += len(s)
			n++
			if total > len(blob) {
				t.Fatalf("strings hold %d bytes, more than the %d-byte blob", total, len(blob))
			}
			if !m.More() {
				break
			}
		}
		if m.Count != 0 && uint64(n) > uint64(m.Count) {
			t.Fatalf("%d strings, the record claims %d", n, m.Count)
		}
		if uint64(n) > uint64(len(blob))*8/6 {
			t.Fatalf("%d strings, more than a %d-byte blob has lengths for", n, len(blob))
		}
	})
}
