package archive

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
)

// Member sizes, name lengths and name-table offsets that claim more than
// the archive holds are errors at the offset of the header at fault, found
// before anything is allocated for them.
func TestClaims(t *testing.T) {
	one := newBuilder(Magic).member("a.o", "x").bytes() // a first member at 8
	next := int64(len(one))                             // the header after it
	tests := []struct {
		name string
		data []byte
		off  int64
	}{
		{"size 9999999999", []byte(Magic + hdr("a.o/", "0", "0", "0", "644", "9999999999") + "x"), 8},
		{"size 9999999999 after a member", append(bytes.Clone(one), hdr("b.o/", "0", "0", "0", "644", "9999999999")+"x"...), next},
		{"symbol table of 9999999999 bytes", []byte(Magic + hdr("/", "0", "0", "0", "0", "9999999999") + "x"), 8},
		{"name table of 9999999999 bytes", []byte(Magic + hdr("//", "0", "0", "0", "0", "9999999999") + "x"), 8},
		{"long name at offset 999999999999999", []byte(Magic + hdr("//", "0", "0", "0", "0", "4") + "a/\n\n" + hdr("/999999999999999", "0", "0", "0", "644", "0")), 8 + 60 + 4},
		{"long name without a table", []byte(Magic + hdr("/0", "0", "0", "0", "644", "0")), 8},
		{"long name unterminated in a 64 KiB table", []byte(Magic + hdr("//", "0", "0", "0", "0", "65536") + strings.Repeat("n", 65536) + hdr("/0", "0", "0", "0", "644", "0")), 8 + 60 + 65536},
		{"BSD name of 9999999 bytes", []byte(Magic + hdr("#1/9999999", "0", "0", "0", "644", "20") + strings.Repeat("x", 20)), 8},
		{"BSD name longer than its member", []byte(Magic + hdr("#1/21", "0", "0", "0", "644", "20") + strings.Repeat("x", 20)), 8},
		{"BSD name of 999999999999999999 bytes", []byte(Magic + hdr("#1/999999999999", "0", "0", "0", "644", "20") + strings.Repeat("x", 20)), 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			alloctest.CheckClaim(t, tt.data, alloctest.Limit{PerByte: 3, Fixed: 1024}, tt.off, formatOff,
				func() (err error) { _, err = Parse(tt.data); return })
		})
	}
}

// The densest valid archives: empty members (a 60-byte header each), with
// short names, one long name shared by all, or no data in a thin archive.
// A Member is 120 bytes: 2 bytes per header byte, allocated once (the
// first pass counts the members), plus its short name's copy.
func TestAmplification(t *testing.T) {
	const n = 20000
	empty := newBuilder(Magic)
	for i := range n {
		empty.raw("m"+itoa(i%10)+".o/", "", false)
	}
	shared := newBuilder(Magic).raw("//", strings.Repeat("long", 1<<12)+"/\n", true)
	for range n {
		shared.raw("/0", "", false)
	}
	thin := newBuilder(ThinMagic)
	for range n {
		thin.buf.WriteString(hdr("m.o/", "0", "0", "0", "644", "1000000"))
	}
	for _, c := range []struct {
		name string
		data []byte
		k    float64
	}{
		{"empty members", empty.bytes(), 2.1},
		{"empty members sharing a long name", shared.bytes(), 2.1},
		{"thin members", thin.bytes(), 2.1},
	} {
		var a *Archive
		var err error
		got := alloctest.Min(2, func() { a, err = Parse(c.data) })
		if err != nil || len(a.Members) != n {
			t.Fatalf("%s: %v", c.name, err)
		}
		k := float64(got) / float64(len(c.data))
		t.Logf("%s: %d bytes, %d allocated, %.2f per byte", c.name, len(c.data), got, k)
		if k > c.k {
			t.Errorf("%s: %.2f bytes allocated per byte, more than %v", c.name, k, c.k)
		}
	}
}

// Parse of n empty members, all of the same name, takes time linear in n.
func BenchmarkMembers(b *testing.B) {
	for _, n := range []int{1e3, 1e4, 1e5, 1e6} {
		bld := newBuilder(Magic)
		for range n {
			bld.raw("dup.o/", "", false)
		}
		data := bld.bytes()
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				a, err := Parse(data)
				if err != nil || len(a.Members) != n {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

// formatOff is the byte offset of a *FormatError, for alloctest.CheckClaim.
func formatOff(e *FormatError) int64 { return e.Off }
