package llvmir

import (
	"testing"

	"github.com/bcextract/bcextract/internal/bctest"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/alloctest"
)

// mdStringsCollector gathers the METADATA_STRINGS records of the fixtures,
// the fuzz target's seeds.
type mdStringsCollector struct {
	ops   [][]uint64
	blobs [][]byte
}

func (c *mdStringsCollector) BlockInfoStart(int) error               { return nil }
func (c *mdStringsCollector) EnterBlock(*bitstream.BlockEvent) error { return nil }
func (c *mdStringsCollector) ExitBlock(*bitstream.BlockEvent) error  { return nil }
func (c *mdStringsCollector) Record(b *bitstream.BlockEvent, r *bitstream.RecordEvent) error {
	if r.HasBlob && b.ID == uint32(METADATA_BLOCK_ID) && r.Code == uint32(METADATA_STRINGS) {
		c.ops = append(c.ops, append([]uint64(nil), r.Ops...))
		c.blobs = append(c.blobs, r.Blob)
	}
	return nil
}

// collectMDStrings walks every bitcode fixture of testdata/inspect.
func collectMDStrings(f *testing.F) *mdStringsCollector {
	var c mdStringsCollector
	bctest.WalkFiles(f, "../testdata/inspect/*.bc", &c)
	if len(c.blobs) == 0 {
		f.Fatal("no METADATA_STRINGS seeds")
	}
	return &c
}

// FuzzNewMetadataStrings decodes arbitrary METADATA_STRINGS records: the
// strings come out of the blob, and there are never more than the record
// claims (a count of zero, as in llvm-bcanalyzer, reads until the lengths
// run out) or than the blob has lengths for (6 bits each at least).
func FuzzNewMetadataStrings(f *testing.F) {
	c := collectMDStrings(f)
	for i, b := range c.blobs {
		ops := c.ops[i]
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

// METADATA_STRINGS counts and offsets that claim more than the blob are
// errors after at most one pass over the blob's lengths, with nothing
// allocated.
func TestMetadataStringsClaims(t *testing.T) {
	blob := make([]byte, 4096) // 4 KiB of zero lengths: 5461 empty strings
	for _, ops := range [][]uint64{{1<<32 - 1, 4000}, {1<<32 - 1, 1<<32 - 1}, {1<<32 - 1, 1<<63 + 4}, {0, 4096}} {
		var err error
		var n int
		got := alloctest.Min(3, func() {
			n = 0
			m, e := NewMetadataStrings(ops, blob)
			if e != nil {
				err = e
				return
			}
			for {
				if _, err = m.Next(); err != nil || !m.More() {
					return
				}
				n++
			}
		})
		if err == nil {
			t.Errorf("ops %v: no error after %d strings", ops, n)
		}
		if n > len(blob)*8/6 {
			t.Errorf("ops %v: %d strings from a %d-byte blob", ops, n, len(blob))
		}
		if got > 1024 { // the iterator and an error
			t.Errorf("ops %v: %d bytes allocated", ops, got)
		}
	}
}
