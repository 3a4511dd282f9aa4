package container

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/bcextract/bcextract/internal/elftest"
	"strconv"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container/xar/xartest"
	"github.com/bcextract/bcextract/internal/alloctest"
	"github.com/klauspost/compress/zstd"
)

// Resource limits of the walker: nesting stops at MaxDepth, container paths
// stay within a multiple of the file, and walking n items of one kind takes
// time linear in n.

// arHeader returns an ar member header.
func arHeader(name string, size int) string {
	h := fmt.Sprintf("%-16s%-12s%-6s%-6s%-8s%-10d`\n", name, "0", "0", "0", "644", size)
	if len(h) != 60 {
		panic("arHeader: " + name)
	}
	return h
}

// arArchive returns an archive of the given members (name, data).
func arArchive(members ...string) []byte {
	var b bytes.Buffer
	b.WriteString("!<arch>\n")
	for i := 0; i < len(members); i += 2 {
		b.WriteString(arHeader(members[i], len(members[i+1])))
		b.WriteString(members[i+1])
		if len(members[i+1])%2 != 0 {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// tinyModule is the smallest bitcode file: its magic alone.
const tinyModule = "BC\xc0\xde"

// walkAll walks data with a callback that keeps nothing, and returns the
// number of payloads and the error.
func walkAll(name string, data []byte) (int, error) {
	var w Walker
	defer w.Close()
	n := 0
	err := w.Walk(name, data, func(*Payload) error { n++; return nil })
	return n, err
}

// Containers nested far deeper than MaxDepth are reported with ErrTooDeep
// at the depth limit, without a deep recursion or memory beyond a few times
// the file: archives in archives, universal files in archives, bundles in
// bundles.
func TestDeepNesting(t *testing.T) {
	nest := func(levels int, wrap func(inner []byte, level int) []byte) []byte {
		data := []byte(tinyModule)
		for i := range levels {
			data = wrap(data, i)
		}
		return data
	}
	fat := func(inner []byte) []byte {
		// A universal file of one slice.
		b := binary.BigEndian.AppendUint32(nil, 0xcafebabe)
		b = binary.BigEndian.AppendUint32(b, 1)
		b = binary.BigEndian.AppendUint32(b, 0x0100000c) // arm64
		b = binary.BigEndian.AppendUint32(b, 0)
		b = binary.BigEndian.AppendUint32(b, 28)
		b = binary.BigEndian.AppendUint32(b, uint32(len(inner)))
		b = binary.BigEndian.AppendUint32(b, 0)
		return append(b, inner...)
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"archives 100 deep", nest(100, func(inner []byte, _ int) []byte { return arArchive("a.a/", string(inner)) })},
		{"universal files in archives 100 deep", nest(100, func(inner []byte, i int) []byte {
			if i%2 == 0 {
				return fat(inner)
			}
			return arArchive("u/", string(inner))
		})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			got := alloctest.Min(2, func() { _, err = walkAll("deep", tt.data) })
			if !errors.Is(err, ErrTooDeep) {
				t.Fatalf("Walk = %v; want ErrTooDeep", err)
			}
			if limit := uint64(len(tt.data))*40 + 1<<20; got > limit {
				t.Errorf("%d bytes allocated for %d bytes, more than %d", got, len(tt.data), limit)
			}
		})
	}

	// Bundles in bundles, 30 deep, stored: each the one file, of type
	// Bundle, of the next. (A bundle is a Mach-O section; the walk of one
	// starts at walk.bundle.)
	t.Run("bundles 30 deep", func(t *testing.T) {
		bundle := []byte(tinyModule)
		ft := "Bitcode"
		for range 30 {
			bundle = (&xartest.Bundle{Members: []xartest.Member{{Name: "b", FileType: ft, Data: bundle}}}).Bytes()
			ft = "Bundle"
		}
		var err error
		got := alloctest.Min(2, func() {
			s := newBundleWalk(bundle, func(*Payload) error { return nil })
			s.bundle(node{file: "b", path: "b"}, &Payload{Path: "b", Kind: KindBundle, Data: bundle, Size: int64(len(bundle))})
			err = errors.Join(s.errs...)
		})
		if !errors.Is(err, ErrTooDeep) {
			t.Fatalf("walk = %v; want ErrTooDeep", err)
		}
		if limit := uint64(len(bundle))*40 + 1<<20; got > limit {
			t.Errorf("%d bytes allocated for %d bytes, more than %d", got, len(bundle), limit)
		}
	})
}

// newBundleWalk returns the state of a walk of a file holding the bundle
// data, as Walk makes it.
func newBundleWalk(data []byte, fn func(*Payload) error) *walk {
	return &walk{w: &Walker{}, fn: fn, max: DefaultMaxDepth,
		decodeBudget: 16*int64(len(data)) + 8<<20, pathBudget: pathFactor*int64(len(data)) + pathSlack}
}

// Member names are cut at maxLabel bytes in container paths, so that many
// members sharing one long name of the GNU name table cost their paths a
// bounded length each; and the paths of a walk add up to at most 16 times
// the file plus 1 MiB, so that long names nested deep above many payloads
// stop with ErrPathBudget rather than build gigabytes of paths.
func TestLongNames(t *testing.T) {
	long := strings.Repeat("n", 64<<10)
	var b bytes.Buffer
	b.WriteString("!<arch>\n")
	b.WriteString(arHeader("//", len(long)+2) + long + "/\n")
	const members = 2000
	for range members {
		b.WriteString(arHeader("/0", len(tinyModule)) + tinyModule)
	}
	data := b.Bytes()
	var paths []string
	var w Walker
	got := alloctest.Min(2, func() {
		paths = paths[:0]
		if err := w.Walk("long.a", data, func(p *Payload) error { paths = append(paths, p.Path); return nil }); err != nil {
			t.Fatal(err)
		}
	})
	if len(paths) != members {
		t.Fatalf("%d payloads", len(paths))
	}
	want := "long.a(" + long[:maxLabel] + "...@" + strconv.Itoa(members) + ")#1"
	if paths[members-1] != want {
		t.Errorf("last path of %d bytes, want %d", len(paths[members-1]), len(want))
	}
	// Before, each path held the whole 64 KiB name: 2 × 128 MB. Now a
	// member costs its label and two paths of 1 KiB: the paths are held to
	// 32 times the file plus 1 MiB, the labels to 1 KiB per 60-byte header.
	if limit := uint64(len(data))*64 + 1<<20; got > limit {
		t.Errorf("%d bytes allocated for %d bytes, more than %d", got, len(data), limit)
	}

	// Archives 15 deep, each member named with 1000 bytes, around a
	// bitcode file of 200,000 modules: 15 KB of path for each of them.
	name := strings.Repeat("m", 1000)
	inner := strings.Repeat(tinyModule, 200000)
	for range 15 {
		var b bytes.Buffer
		b.WriteString("!<arch>\n")
		b.WriteString(arHeader("//", len(name)+2) + name + "/\n")
		b.WriteString(arHeader("/0", len(inner)) + inner)
		if len(inner)%2 != 0 {
			b.WriteByte('\n')
		}
		inner = b.String()
	}
	var n int
	var err error
	got = alloctest.Min(2, func() { n, err = walkAll("deep.a", []byte(inner)) })
	if !errors.Is(err, ErrPathBudget) {
		t.Errorf("Walk = %v; want ErrPathBudget", err)
	}
	if limit := uint64(len(inner))*64 + 1<<20; got > limit {
		t.Errorf("%d payloads: %d bytes allocated for %d bytes, more than %d", n, got, len(inner), limit)
	}
}

// The densest valid files of payloads, walked with a callback that keeps
// nothing, and the bytes the walker allocates per input byte: a payload's
// path is made as it is reported, in a Payload the walker reuses.
func TestAmplification(t *testing.T) {
	members := make([]string, 0, 20000)
	for range 10000 {
		members = append(members, "dup.o/", tinyModule)
	}
	for _, c := range []struct {
		name string
		data []byte
		k    float64
		why  string
	}{
		{"modules of one bitcode file", []byte(strings.Repeat(tinyModule, 100000)), 6,
			"a 16-byte path per 4-byte module; one Payload for all"},
		{"archive members of the same name", arArchive(members...), 16,
			"a 120-byte Member, its label, its path and a Payload per 64 bytes"},
	} {
		var n int
		var err error
		got := alloctest.Min(2, func() { n, err = walkAll("f", c.data) })
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		k := float64(got) / float64(len(c.data))
		t.Logf("%s: %d bytes, %d payloads, %d allocated, %.1f per byte (%s)", c.name, len(c.data), n, got, k, c.why)
		if k > c.k {
			t.Errorf("%s: %.1f bytes allocated per byte, more than %v (%s)", c.name, k, c.k, c.why)
		}
	}
}

// elfObject returns a little-endian ELF64 object with n sections named name
// of type typ, each holding data (the same bytes for all).
func elfObject(n int, name string, typ uint32, data []byte) []byte {
	le := binary.LittleEndian
	shstr := "\x00" + name + "\x00.shstrtab\x00"
	b := make([]byte, 64)
	copy(b, "\x7fELF\x02\x01\x01")
	le.PutUint16(b[16:], 1)
	le.PutUint16(b[18:], 62)
	le.PutUint32(b[20:], 1)
	dataOff := len(b)
	b = append(b, data...)
	strOff := len(b)
	b = append(b, shstr...)
	shoff := len(b)
	b = append(b, make([]byte, 64)...)
	hdr := func(nameOff, typ uint32, off, size int) {
		h := make([]byte, 64)
		le.PutUint32(h, nameOff)
		le.PutUint32(h[4:], typ)
		le.PutUint64(h[24:], uint64(off))
		le.PutUint64(h[32:], uint64(size))
		b = append(b, h...)
	}
	for range n {
		hdr(1, typ, dataOff, len(data))
	}
	hdr(uint32(2+len(name)), 3, strOff, len(shstr))
	le.PutUint64(b[40:], uint64(shoff))
	le.PutUint16(b[58:], 64)
	le.PutUint16(b[60:], uint16(n+2))
	le.PutUint16(b[62:], uint16(n+1))
	return b
}

// benchmarkWalk walks the file build makes for n = 1e3 to 1e5 (or 1e6)
// items; ns/item stays flat as n grows when the walk is linear.
func benchmarkWalk(b *testing.B, sizes []int, build func(n int) []byte) {
	for _, n := range sizes {
		data := build(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if got, err := walkAll("f", data); err != nil || got < n {
					b.Fatalf("%d payloads, %v", got, err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

// An archive of n members all named alike: each gets "@N" (uniqueLabels).
func BenchmarkWalkSameNameMembers(b *testing.B) {
	benchmarkWalk(b, []int{1e3, 1e4, 1e5, 1e6}, func(n int) []byte {
		members := make([]string, 0, 2*n)
		for range n {
			members = append(members, "dup.o/", tinyModule)
		}
		return arArchive(members...)
	})
}

// One bitcode file of n modules back to back, as a linker's .llvmbc holds
// them (wrapper.Spans and the walker's modules).
func BenchmarkWalkModules(b *testing.B) {
	benchmarkWalk(b, []int{1e3, 1e4, 1e5, 1e6}, func(n int) []byte {
		return []byte(strings.Repeat(tinyModule, n))
	})
}

// An ELF object of n .llvmbc sections of the same name: each gets "@I".
func BenchmarkWalkSameNameSections(b *testing.B) {
	benchmarkWalk(b, []int{1e3, 1e4, 6e4}, func(n int) []byte {
		return elfObject(n, ".llvmbc", 1, []byte(tinyModule))
	})
}

// A bundle of n files, walked from its section's payload (walk.bundle).
func BenchmarkWalkBundleFiles(b *testing.B) {
	for _, n := range []int{1e2, 1e3, 1e4} {
		var bl xartest.Bundle
		for i := range n {
			// 512 bytes of bitcode, distinct, as compilers write modules
			// of kilobytes: a bundle of tiny modules has a TOC too large
			// for it.
			data := append([]byte(tinyModule), bytes.Repeat([]byte(strconv.Itoa(i)), 512)[:508]...)
			bl.Members = append(bl.Members, xartest.Member{Name: strconv.Itoa(i % 10), FileType: "Bitcode", Data: data})
		}
		data := bl.Bytes()
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				got := 0
				s := newBundleWalk(data, func(*Payload) error { got++; return nil })
				s.bundle(node{file: "b", path: "b"}, &Payload{Path: "b", Kind: KindBundle, Data: data, Size: int64(len(data))})
				if got != n+1 || len(s.errs) > 0 {
					b.Fatalf("%d payloads, %v", got, s.errs)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

// Compressed sections share the walk's budget for decoded data with the
// bundles: an archive of 64 objects whose .llvmbc each decompresses, as it
// claims, to 4 MiB (of zeros, from a zstd stream of some 200 bytes) is
// decompressed until 16 times the file plus 8 MiB are spent, the others
// being ErrCompressedData; and a ch_size of 2^63 costs nothing.
func TestCompressedBudget(t *testing.T) {
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	bomb := enc.EncodeAll(make([]byte, 4<<20), nil)
	enc.Close()
	obj := elftest.Build(elftest.Section{Type: 1, Name: ".llvmbc", Flags: 0x800, Data: elftest.Chdr64(2, 4<<20, bomb)},
		elftest.Section{Type: 1, Name: ".llvmcmd", Data: []byte("-cc1\x00")})
	var members []string
	for i := range 64 {
		members = append(members, fmt.Sprintf("m%d.o/", i), string(obj))
	}
	data := arArchive(members...)
	var n int
	got := alloctest.Min(2, func() { n, err = walkAll("bombs.a", data) })
	var spent, over int
	for _, e := range Errors(err) {
		switch {
		case errors.Is(e, ErrCompressedData):
			over++
		case errors.Is(e, ErrNoModule):
			spent++ // decompressed: only zeros
		default:
			t.Errorf("unexpected error %v", e)
		}
	}
	budget := uint64(16*len(data) + 8<<20)
	t.Logf("%d-byte archive: %d sections decompressed, %d over budget, %d payloads; %d bytes allocated (budget %d)", len(data), spent, over, n, got, budget)
	if spent == 0 || over == 0 || spent+over != 64 || uint64(spent)*(4<<20) > budget {
		t.Errorf("%d sections decompressed, %d over budget", spent, over)
	}
	if limit := budget + 64*uint64(len(obj))*8; got > limit {
		t.Errorf("%d bytes allocated, more than %d", got, limit)
	}
	// The error is at the section, in the archive.
	var first *Error
	for _, e := range Errors(err) {
		if errors.Is(e, ErrCompressedData) && errors.As(e, &first) {
			break
		}
	}
	if first == nil || !strings.HasSuffix(first.Path, ".o):.llvmbc") || first.Off < 0 || int(first.Off) >= len(data) ||
		!bytes.Equal(data[first.Off:first.Off+24], obj[64:64+24]) {
		t.Errorf("ErrCompressedData at %+v, want the section's first byte", first)
	}

	liar := elftest.Build(elftest.Section{Type: 1, Name: ".llvmbc", Flags: 0x800, Data: elftest.Chdr64(2, 1<<63, bomb)})
	got = alloctest.Min(2, func() { _, err = walkAll("liar.o", liar) })
	if !errors.Is(err, ErrCompressedData) || err.Error() != "liar.o:.llvmbc: "+ErrCompressedData.Error()+" at byte 0x40" {
		t.Errorf("ch_size 2^63: %v", err)
	}
	if got > 16<<10 {
		t.Errorf("ch_size 2^63: %d bytes allocated", got)
	}
}

// zlibBytes returns b as a zlib stream.
func zlibBytes(b []byte) []byte {
	var buf bytes.Buffer
	w := zlib.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}
