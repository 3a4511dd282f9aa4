package bitcode

import (
	"errors"
	"testing"

	"github.com/bcextract/bcextract/internal/bctest"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
)

// blobCollector gathers the blobs of the records the fuzz targets' seeds
// come from.
type blobCollector struct {
	symtab, strtab [][]byte
}

func (c *blobCollector) BlockInfoStart(int) error               { return nil }
func (c *blobCollector) EnterBlock(*bitstream.BlockEvent) error { return nil }
func (c *blobCollector) ExitBlock(*bitstream.BlockEvent) error  { return nil }
func (c *blobCollector) Record(b *bitstream.BlockEvent, r *bitstream.RecordEvent) error {
	if !r.HasBlob {
		return nil
	}
	switch {
	case b.ID == uint32(llvmir.SYMTAB_BLOCK_ID):
		c.symtab = append(c.symtab, r.Blob)
	case b.ID == uint32(llvmir.STRTAB_BLOCK_ID):
		c.strtab = append(c.strtab, r.Blob)
	}
	return nil
}

// collectBlobs walks every bitcode fixture of testdata/inspect.
func collectBlobs(f *testing.F) *blobCollector {
	var c blobCollector
	bctest.WalkFiles(f, "../../testdata/inspect/*.bc", &c)
	if len(c.symtab) == 0 || len(c.strtab) == 0 {
		f.Fatalf("seeds: %d SYMTAB, %d STRTAB blobs", len(c.symtab), len(c.strtab))
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
