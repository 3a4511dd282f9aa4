package xar_test

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container/xar"
	"github.com/bcextract/bcextract/container/xar/xartest"
	"github.com/bcextract/bcextract/internal/alloctest"
)

// Resource limits of NewReader and File.Data: whatever the header and the
// table of contents claim, they allocate at most a small multiple of the
// archive's size.

// tocArchive returns an archive of the table of contents toc (whose
// checksum is the first 20 bytes of the heap) and a heap of heapSize bytes.
func tocArchive(toc string, heapSize int) []byte {
	return xartest.Archive([]byte(`<?xml version="1.0" encoding="UTF-8"?>
<xar><toc><checksum style="sha1"><offset>0</offset><size>20</size></checksum>`+toc+`</toc></xar>`), make([]byte, max(heapSize, 20)))
}

// Header sizes, heap offsets and element counts that claim more than the
// archive holds are errors at the offset of the field at fault (the TOC's
// start for what the TOC says), found before anything is allocated for them.
func TestClaims(t *testing.T) {
	base := tocArchive("", 0)
	patch := func(f func(b []byte)) []byte {
		b := bytes.Clone(base)
		f(b)
		return b
	}
	be := binary.BigEndian
	// A TOC whose stream inflates to 16 MiB, past the size the header
	// gives (and the size the archive allows).
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 16<<20))
	zw.Close()
	tocBomb := make([]byte, 28, 28+z.Len()+20)
	copy(tocBomb, xar.Magic)
	be.PutUint16(tocBomb[4:], 28)
	be.PutUint16(tocBomb[6:], 1)
	be.PutUint64(tocBomb[8:], uint64(z.Len()))
	be.PutUint64(tocBomb[16:], 1000)
	tocBomb = append(append(tocBomb, z.Bytes()...), make([]byte, 20)...)

	file := func(n int, data string) string {
		return strings.Repeat(`<file id="1"><name>f</name><type>file</type><data>`+data+`</data></file>`, n)
	}
	tests := []struct {
		name string
		data []byte
		off  int64
	}{
		{"compressed TOC of 2^63 bytes", patch(func(b []byte) { be.PutUint64(b[8:], 1<<63) }), 8},
		{"compressed TOC of 2^64-1 bytes", patch(func(b []byte) { be.PutUint64(b[8:], 1<<64-1) }), 8},
		{"TOC of 2^63 bytes", patch(func(b []byte) { be.PutUint64(b[16:], 1<<63) }), 16},
		{"TOC of 2^32 bytes", patch(func(b []byte) { be.PutUint64(b[16:], 1<<32) }), 16},
		{"header size 0xffff", patch(func(b []byte) { be.PutUint16(b[4:], 0xffff) }), 4},
		{"TOC inflating to 16 MiB", tocBomb, 28},
		{"TOC checksum at heap offset 2^62", tocArchive("", 0)[:0:0], 28},
		{"elements past the budget", tocArchive(strings.Repeat("<a/>", 10000), 0), 28},
		{"files past the budget", tocArchive(file(300, ""), 0), 28},
		{"files 10,000 deep", tocArchive(strings.Repeat("<file>", 10000)+strings.Repeat("</file>", 10000), 64<<10), 28},
		{"files in directories of long names", tocArchive(strings.Repeat(`<file><name>`+strings.Repeat("d", 4000)+`</name>`, 60)+
			file(200, "")+strings.Repeat("</file>", 60), 64<<10), 28},
	}
	// The checksum's offset: replace it in the TOC.
	tests[6].data = xartest.Archive([]byte(`<xar><toc><checksum style="sha1"><offset>4611686018427387904</offset><size>20</size></checksum></toc></xar>`), make([]byte, 20))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The TOC (at most 8 times the archive plus 64 KiB) and its
			// elements (at most one per 16 bytes, plus 4096).
			alloctest.CheckClaim(t, tt.data, alloctest.Limit{PerByte: 40, Fixed: 2 << 20}, tt.off,
				func(e *xar.FormatError) int64 { return e.Off },
				func() (err error) { _, err = xar.NewReader(tt.data); return })
		})
	}
}

// bzip2Bomb is 64 MiB of zeros compressed by bzip2 -9: 79 bytes.
var bzip2Bomb, _ = hex.DecodeString("425a68393141592653590e09e2df015f8e4000c0000008200030804d4642a025a90a8097314159265359bc04b5c300a275c000c0000008200020a40836328a884d2a2a2138bb9229c2848500bb83e8")

// Files that decode to far more than their declared size stop at that
// size, with an error; the data they declare is held to 16 times the
// archive plus 8 MiB, counting a bzip2 decoder's block table.
func TestBombs(t *testing.T) {
	zeros := make([]byte, 16<<20)
	var zb, gb bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&zb, zlib.BestCompression)
	zw.Write(zeros)
	zw.Close()
	gw, _ := gzip.NewWriterLevel(&gb, gzip.BestCompression)
	gw.Write(zeros)
	gw.Close()
	for _, c := range []struct {
		name, encoding string
		archived       []byte
		limit          uint64 // bytes allocated, at most
	}{
		{"zlib", xar.EncodingGzip, zb.Bytes(), 256 << 10},
		{"gzip", xar.EncodingGzip, gb.Bytes(), 256 << 10},
		{"bzip2", xar.EncodingBzip2, bzip2Bomb, 4 << 20}, // the block table
	} {
		t.Run(c.name, func(t *testing.T) {
			toc := fmt.Sprintf(`<file id="1"><name>bomb</name><type>file</type><data><offset>20</offset><length>%d</length><size>1000</size>`+
				`<encoding style="%s"/></data></file>`, len(c.archived), c.encoding)
			a := tocArchive(toc, 0)
			a = append(a, c.archived...)
			r, err := xar.NewReader(a)
			if err != nil {
				t.Fatal(err)
			}
			got := alloctest.Min(2, func() { _, err = r.Files[0].Data() })
			var fe *xar.FormatError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), "decodes to more than its size, 1000 bytes") {
				t.Errorf("Data = %v; want it cut off at 1000 bytes", err)
			}
			if got > c.limit {
				t.Errorf("%d bytes allocated, more than %d", got, c.limit)
			}
		})
	}
	// Many bzip2 files: each costs its decoder's 3.6 MB, so that only a few
	// fit in an archive of a few KiB.
	toc := strings.Repeat(fmt.Sprintf(`<file id="1"><name>b</name><type>file</type><data><offset>20</offset><length>%d</length><size>1</size>`+
		`<encoding style="%s"/></data></file>`, len(bzip2Bomb), xar.EncodingBzip2), 50)
	a := append(tocArchive(toc, 0), bzip2Bomb...)
	r, err := xar.NewReader(a)
	if err != nil {
		t.Fatal(err)
	}
	readable := 0
	for _, f := range r.Files {
		if _, err := f.Archived(); err == nil {
			readable++
		}
	}
	if readable > 3 {
		t.Errorf("%d of 50 bzip2 files of a %d-byte archive may be decoded, at 3.6 MB each", readable, len(a))
	}
}

// The densest valid tables of contents, each at the limits an archive of
// its size allows, and the bytes NewReader allocates per archive byte: the
// inflated TOC (8 per byte at most), the XML decoder's tokens (about 250
// bytes per element, one element per 16 bytes at most) and the files (one
// per 64 bytes at most, 500 bytes each). Before the limits, a TOC of
// "<file/>" elements cost 1800 bytes per archive byte.
func TestAmplification(t *testing.T) {
	for _, unit := range []string{"<file/>", "<a/>", `<file id="1"><name>x</name><clang><cmd/><cmd/></clang></file>`, "<x:file/>"} {
		// The most units the archive's size allows: the TOC at most 8
		// times the heap, its elements (5 besides the units') and files
		// within their budgets.
		const size = 64 << 10
		n := 8 * size / len(unit)
		if e := strings.Count(unit, "<") - strings.Count(unit, "</"); e > 0 {
			n = min(n, (size/16+4096-5)/e)
		}
		if f := strings.Count(unit, "file") - strings.Count(unit, "</x:file") - strings.Count(unit, "</file"); f > 0 {
			n = min(n, (size/64+256)/f)
		}
		a := tocArchive(strings.Repeat(unit, n), size)
		var r *xar.Reader
		var err error
		got := alloctest.Min(2, func() { r, err = xar.NewReader(a) })
		if err != nil {
			t.Errorf("%s ×%d: %v", unit, n, err)
			continue
		}
		k := float64(got) / float64(len(a))
		t.Logf("%s ×%d in %d bytes: %d files, %d allocated, %.1f per byte", unit, n, len(a), len(r.Files), got, k)
		if k > 45 { // measured 19 to 38
			t.Errorf("%s ×%d: %.1f bytes allocated per archive byte, more than 45", unit, n, k)
		}
	}
}

// NewReader of n files takes time linear in n.
func BenchmarkFiles(b *testing.B) {
	for _, n := range []int{1e2, 1e3, 1e4} {
		var bl xartest.Bundle
		for i := range n {
			bl.Members = append(bl.Members, xartest.Member{Name: fmt.Sprint(i), FileType: "Bitcode", Data: make([]byte, 1024), Cmd: []string{"-cc1", "-O2"}})
		}
		data := bl.Bytes()
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				r, err := xar.NewReader(data)
				if err != nil || len(r.Files) != n {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

// Files whose data the TOC places outside the heap, or whose declared sizes
// exceed what the archive can back, are listed, and their Data is an error
// with nothing allocated for the claim.
func TestFileClaims(t *testing.T) {
	for _, data := range []string{
		"<offset>4611686018427387904</offset><length>10</length><size>10</size>",
		"<offset>20</offset><length>9223372036854775807</length><size>10</size>",
		`<offset>20</offset><length>4</length><size>9223372036854775807</size><encoding style="application/x-gzip"/>`,
		"<offset>18446744073709551615</offset><length>1</length><size>1</size>",
	} {
		a := tocArchive(`<file id="1"><name>f</name><type>file</type><data>`+data+`</data></file>`, 64)
		r, err := xar.NewReader(a)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		got := alloctest.Min(3, func() { _, err = r.Files[0].Data() })
		var fe *xar.FormatError
		if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(a)) {
			t.Errorf("%s: Data = %v; want a *FormatError inside the archive", data, err)
		}
		if got > 1024 {
			t.Errorf("%s: %d bytes allocated", data, got)
		}
	}
}
