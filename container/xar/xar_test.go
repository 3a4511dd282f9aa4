package xar_test

import (
	"bufio"
	"bytes"
	"crypto/md5"
	"crypto/sha256"
	"debug/macho"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container/xar"
	"github.com/bcextract/bcextract/container/xar/xartest"
)

const fixtures = "../../testdata/containers/"

// bundleSection returns the __LLVM,__bundle section of a Mach-O fixture, or
// of the slice arch of a universal one, read with debug/macho.
func bundleSection(t testing.TB, name, arch string) []byte {
	t.Helper()
	f, err := os.Open(fixtures + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var m *macho.File
	if arch != "" {
		fat, err := macho.NewFatFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range fat.Arches {
			if (a.Cpu == macho.CpuArm64) == (arch == "arm64") {
				m = a.File
			}
		}
	} else if m, err = macho.NewFile(f); err != nil {
		t.Fatal(err)
	}
	s := m.Section("__bundle")
	if s == nil || s.Seg != "__LLVM" {
		t.Fatalf("%s[%s]: no __LLVM,__bundle", name, arch)
	}
	data, err := s.Data()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// goldens reads bundles.golden: container path -> "size sha256" of the file
// the bundle member must equal.
func goldens(t testing.TB) map[string]string {
	f, err := os.Open(fixtures + "bundles.golden")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := make(map[string]string)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		path, rest, _ := strings.Cut(sc.Text(), " ")
		m[path] = rest
	}
	return m
}

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return fmt.Sprintf("%d %s", len(b), hex.EncodeToString(s[:]))
}

// A fileRow is what TestFixtures checks of a File.
type fileRow struct {
	path, fileType, encoding string
	off, length, size        int64
	firstCmd                 string // Cmd[0], Cmd[2] (the triple)
}

// TestFixtures reads the bundles of the fixtures made by gen.sh (through
// mk/xargen): the TOC as written, and each member's data as the file that
// went in (bundles.golden).
func TestFixtures(t *testing.T) {
	const libSystem = "{SDKPATH}/usr/lib/libSystem.B.dylib"
	opts := []string{"-execute", "-platform_version", "macOS", "11.0.0", "11.0.0", "-e", "_main", "-executable_path", "app"}
	tests := []struct {
		name, arch string
		tocSize    uint64
		heapOff    int64
		ld         xar.Ld
		files      []fileRow
	}{
		{"app", "arm64", 2805, 0x333,
			xar.Ld{Version: "1.0", Architecture: "arm64", Platform: "macOS", SDKVersion: "11.0.0", Dylibs: []string{libSystem}, LinkOptions: opts},
			[]fileRow{
				{"1", "Bitcode", xar.EncodingNone, 0x347, 3472, 3472, "-cc1 arm64-apple-macosx11.0.0"},
				{"2", "Bitcode", xar.EncodingNone, 0x10d7, 2832, 2832, "-cc1 arm64-apple-macosx11.0.0"},
			}},
		{"app", "x86_64", 2704, 0x320,
			xar.Ld{Version: "1.0", Architecture: "x86_64", Platform: "macOS", SDKVersion: "11.0.0", Dylibs: []string{libSystem}, LinkOptions: opts},
			[]fileRow{
				{"1", "Bitcode", xar.EncodingNone, 0x334, 3024, 3024, "-cc1 x86_64-apple-macosx11.0.0"},
				{"2", "Bitcode", xar.EncodingNone, 0xf04, 2624, 2624, "-cc1 x86_64-apple-macosx11.0.0"},
			}},
		{"bundle-gzip.o", "", 4356, 0x420,
			xar.Ld{Version: "1.0", Architecture: "arm64", Platform: "macOS", SDKVersion: "11.0.0", Dylibs: []string{libSystem},
				LinkOptions: append(opts[:len(opts):len(opts)], "-exported_symbols_list", "exports.exp")},
			[]fileRow{
				{"1", "Bitcode", xar.EncodingNone, 0x434, 3472, 3472, "-cc1 arm64-apple-macosx11.0.0"},
				{"2", "Bitcode", xar.EncodingGzip, 0x11c4, 2360, 2832, "-cc1 arm64-apple-macosx11.0.0"},
				{"3", "Bitcode", xar.EncodingGzip, 0x1afc, 2382, 2864, "-cc1 arm64-apple-macosx11.0.0"},
				{"exports.exp", "Exports", xar.EncodingGzip, 0x244a, 29, 17, ""},
			}},
	}
	golden := goldens(t)
	for _, tt := range tests {
		data := bundleSection(t, tt.name, tt.arch)
		r, err := xar.NewReader(data)
		if err != nil {
			t.Fatalf("%s[%s]: %v", tt.name, tt.arch, err)
		}
		h := xar.Header{HeaderSize: 28, Version: 1, TOCCompressedSize: uint64(tt.heapOff - 28), TOCSize: tt.tocSize,
			ChecksumAlg: xar.XAR_CKSUM_SHA1, ChecksumName: "sha1"}
		if r.Header != h || r.TOCOff != 28 || r.HeapOff != tt.heapOff || r.CreationTime != "2026-01-01T00:00:00" {
			t.Errorf("%s[%s]: header %+v, TOC at %d, heap at %#x, created %q", tt.name, tt.arch, r.Header, r.TOCOff, r.HeapOff, r.CreationTime)
		}
		if fmt.Sprint(*r.Ld) != fmt.Sprint(tt.ld) {
			t.Errorf("%s[%s]: Ld %+v, want %+v", tt.name, tt.arch, *r.Ld, tt.ld)
		}
		if len(r.Files) != len(tt.files) {
			t.Fatalf("%s[%s]: %d files, want %d", tt.name, tt.arch, len(r.Files), len(tt.files))
		}
		for i, f := range r.Files {
			cmd := ""
			if len(f.Cmd) > 2 {
				cmd = f.Cmd[0] + " " + f.Cmd[2]
			}
			got := fileRow{f.Path, f.FileType, f.Encoding, f.Off, f.Length, f.Size, cmd}
			if got != tt.files[i] || f.Type != "file" || f.ID != fmt.Sprint(i+1) || (cmd != "") != (f.Tool == "clang") {
				t.Errorf("%s[%s]: file %d = %+v (id %s, type %s, tool %s), want %+v", tt.name, tt.arch, i, got, f.ID, f.Type, f.Tool, tt.files[i])
			}
			b, err := f.Data()
			if err != nil {
				t.Errorf("%s[%s]: %s: %v", tt.name, tt.arch, f.Path, err)
				continue
			}
			path := tt.name
			if tt.arch != "" {
				path += "[" + tt.arch + "]"
			}
			path += ":__LLVM,__bundle/" + f.Path
			if want, ok := golden[path]; ok && sum(b) != want {
				t.Errorf("%s: %s, want %s", path, sum(b), want)
			} else if !ok && f.FileType == "Bitcode" {
				t.Errorf("%s: not in bundles.golden", path)
			}
			if f.Encoding == xar.EncodingNone && &b[0] != &data[f.Off] {
				t.Errorf("%s: stored data is a copy", path)
			}
		}
	}
}

// A small bundle to break: a stored member and a compressed one.
func small() *xartest.Bundle {
	return &xartest.Bundle{
		Ld:           &xar.Ld{Version: "1.0", Architecture: "arm64", Platform: "macOS", SDKVersion: "14.0.0", HideSymbols: true, WeakDylibs: []string{"libw.dylib"}},
		CreationTime: "2026-01-01T00:00:00",
		Members: []xartest.Member{
			{Name: "1", FileType: "Bitcode", Data: []byte("BC\xc0\xdestored member"), Cmd: []string{"-cc1", "-O2"}},
			{Name: "2", FileType: "Bitcode", Data: bytes.Repeat([]byte("compressed member "), 40), Encoding: xartest.Zlib},
		},
	}
}

// layout returns the heap's offset in an archive, and where member 1's and
// member 2's data are (both members as small() makes them).
func layout(a []byte) (heap, file1, file2 int64) {
	heap = 28 + int64(binary.BigEndian.Uint64(a[8:]))
	return heap, heap + 20, heap + 20 + int64(len(small().Members[0].Data))
}

func TestMalformed(t *testing.T) {
	type edit func(toc, heap []byte) ([]byte, []byte) // a change to the TOC XML and the heap
	replace := func(oldnew ...string) edit {          // old, new, old, new, …
		return func(toc, heap []byte) ([]byte, []byte) {
			for i := 0; i < len(oldnew); i += 2 {
				if !bytes.Contains(toc, []byte(oldnew[i])) {
					panic("no " + oldnew[i] + " in the TOC")
				}
				toc = bytes.Replace(toc, []byte(oldnew[i]), []byte(oldnew[i+1]), 1)
			}
			return toc, heap
		}
	}
	put := func(off int, b ...byte) func([]byte) { // a change to the archive's bytes
		return func(a []byte) { copy(a[off:], b) }
	}
	tests := []struct {
		name   string
		edit   edit
		patch  func([]byte)
		cut    int // bytes to drop from the end
		corrup int // member (1 or 2) to make xartest corrupt
		// The error, from NewReader or else from File(file-1).Data; at is
		// the offset: a number, or "heap", "file1", "file2".
		file int
		msg  string
		at   string
		sum  bool // errors.Is(err, xar.ErrChecksum)
	}{
		{name: "magic", patch: put(3, '?'), msg: `not a xar archive: no "xar!" magic`, at: "0"},
		{name: "header size", patch: put(4, 0, 12), msg: "header size 12 outside [28, %d]", at: "4"},
		{name: "version", patch: put(6, 0, 2), msg: "unsupported xar version 2", at: "6"},
		{name: "toc past end", patch: put(8, 0, 0, 0, 0, 0, 1, 0, 0), msg: "compressed table of contents (65536 bytes) runs past the end of the archive (%d bytes after the header)", at: "8"},
		{name: "toc bomb", patch: put(16, 0, 0, 1, 0, 0, 0, 0, 0), msg: "table of contents of 1099511627776 bytes is implausible in an archive of %d bytes", at: "0x10"},
		{name: "checksum alg", patch: put(24, 0, 0, 0, 7), msg: "unknown checksum algorithm 7", at: "0x18"},
		{name: "toc shorter", patch: func(a []byte) { binary.BigEndian.PutUint64(a[16:], binary.BigEndian.Uint64(a[16:])-1) },
			msg: "table of contents: inflates to more than the %d bytes the header says", at: "0x1c"},
		{name: "toc longer", patch: func(a []byte) { binary.BigEndian.PutUint64(a[16:], binary.BigEndian.Uint64(a[16:])+1) },
			msg: "table of contents: inflates to %d bytes, header says %d", at: "0x1c"},
		{name: "toc not zlib", patch: put(28, 0, 0), msg: "table of contents: decompressing: zlib: invalid header", at: "0x1c"},
		{name: "xml syntax", edit: replace("<toc>", "<toc"), msg: "table of contents: XML syntax error on line 14: expected attribute name in element", at: "0x1c"},
		{name: "xml root", edit: replace("<xar>", "<rax>"), msg: "table of contents: XML: expected element type <xar> but have <rax>", at: "0x1c"},
		{name: "toc checksum", patch: func(a []byte) { h, _, _ := layout(a); a[h] ^= 1 }, msg: "table of contents does not match its sha1 checksum", at: "heap", sum: true},
		{name: "toc checksum place", edit: replace("<offset>0</offset>", "<offset>99999</offset>"), msg: "TOC checksum at heap offset 0x1869f, 20 bytes: not a sha1 checksum inside the heap (%d bytes)", at: "0x1c"},
		{name: "no toc checksum", edit: replace(`<checksum style="sha1">`, `<sum>`, `</checksum>`, `</sum>`), msg: "table of contents has no <checksum> (header says sha1)", at: "0x1c"},
		{name: "bad number", edit: replace("<length>17</length>", "<length>17x</length>"), file: 1, msg: `file 1 ("1"): <data>: bad number "17x"`, at: "0x1c"},
		{name: "lying offset", edit: replace("<offset>20</offset>", "<offset>268435456</offset>"), file: 1,
			msg: `file 1 ("1"): data at heap offset 0x10000000, 17 bytes, runs past the end of the heap (%d bytes)`, at: "0x1c"},
		{name: "truncated heap", cut: 10, file: 2, msg: `file 2 ("2"): data at heap offset 0x25, %d bytes, runs past the end of the heap (%d bytes)`, at: "file2"},
		{name: "archived checksum", corrup: 1, file: 1, msg: `file 1 ("1"): archived sha1 checksum mismatch: data has %x, TOC says %s`, at: "file1", sum: true},
		{name: "extracted checksum", edit: replace(">fd785a4e", ">00fd785a4e"), file: 2,
			msg: `file 2 ("2"): extracted checksum "00%s" is not a sha1 value`, at: "file2"},
		{name: "stored size", edit: replace("<size>17</size>", "<size>18</size>"), file: 1, msg: `file 1 ("1"): stored data of 17 bytes, but size 18`, at: "file1"},
		{name: "decodes longer", edit: replace("<size>720</size>", "<size>719</size>"), file: 2, msg: `file 2 ("2"): decodes to more than its size, 719 bytes`, at: "file2"},
		{name: "decodes shorter", edit: replace("<size>720</size>", "<size>721</size>"), file: 2, msg: `file 2 ("2"): decodes to 720 bytes, but size 721`, at: "file2"},
		{name: "encoding", edit: replace("application/x-gzip", "application/x-lzma"), file: 2, msg: `file 2 ("2"): unsupported encoding "application/x-lzma"`, at: "file2"},
		{name: "checksum style", edit: replace(`<archived-checksum style="sha1">`, `<archived-checksum style="crc32">`), file: 1,
			msg: `file 1 ("1"): unsupported archived checksum style "crc32"`, at: "file1"},
		{name: "data budget", edit: replace("<size>720</size>", "<size>1099511627776</size>"), file: 2,
			msg: `file 2 ("2"): files declare more data than an archive of %d bytes can hold`, at: "file2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := small()
			if tt.corrup > 0 {
				b.Members[tt.corrup-1].Corrupt = true
			}
			toc, heap := b.TOC()
			if tt.edit != nil {
				toc, heap = tt.edit(toc, heap)
			}
			a := xartest.Archive(toc, heap)
			a = a[:len(a)-tt.cut]
			if tt.patch != nil {
				tt.patch(a)
			}
			heapOff, f1, f2 := layout(a)
			var err error
			r, rerr := xar.NewReader(a)
			switch {
			case tt.file == 0:
				err = rerr
			case rerr != nil:
				t.Fatalf("NewReader: %v", rerr)
			default:
				_, err = r.Files[tt.file-1].Data()
				// Open reports the same error, at once or at the end.
				if rd, oerr := r.Files[tt.file-1].Open(); oerr == nil {
					_, oerr = io.Copy(io.Discard, rd)
					if fmt.Sprint(oerr) != fmt.Sprint(err) {
						t.Errorf("Open: %v; Data: %v", oerr, err)
					}
				} else if fmt.Sprint(oerr) != fmt.Sprint(err) {
					t.Errorf("Open: %v; Data: %v", oerr, err)
				}
			}
			var fe *xar.FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, want a *FormatError", err)
			}
			at := map[string]int64{"heap": heapOff, "file1": f1, "file2": f2}
			off, ok := at[tt.at]
			if !ok {
				fmt.Sscan(tt.at, &off)
			}
			if fe.Off != off || !matches(fe.Msg, tt.msg) {
				t.Errorf("got %q at 0x%x, want %q at 0x%x", fe.Msg, fe.Off, tt.msg, off)
			}
			if errors.Is(err, xar.ErrChecksum) != tt.sum {
				t.Errorf("errors.Is(%v, ErrChecksum) = %v", err, !tt.sum)
			}
		})
	}
}

// matches reports whether msg is pattern with its verbs replaced by
// something.
func matches(msg, pattern string) bool {
	parts := strings.Split(strings.NewReplacer("%d", "\x00", "%x", "\x00", "%s", "\x00").Replace(pattern), "\x00")
	for i, p := range parts {
		j := strings.Index(msg, p)
		if j < 0 || i == 0 && j != 0 {
			return false
		}
		msg = msg[j+len(p):]
	}
	return msg == "" || parts[len(parts)-1] == ""
}

// TestEncodings reads members in every encoding, with every checksum style.
func TestEncodings(t *testing.T) {
	want := bytes.Repeat([]byte("member data "), 100)
	for _, enc := range []xartest.Encoding{xartest.Stored, xartest.Zlib, xartest.Gzip} {
		b := &xartest.Bundle{Members: []xartest.Member{{Name: "m", Data: want, Encoding: enc}}}
		toc, heap := b.TOC()
		for _, style := range []string{"sha1", "md5", "sha256", "none"} {
			// Recompute both checksums of the member in style.
			x := string(toc)
			if style != "sha1" {
				archived := heap[20:]
				x = replaceSum(x, "archived-checksum", style, archived)
				x = replaceSum(x, "extracted-checksum", style, want)
			}
			r, err := xar.NewReader(xartest.Archive([]byte(x), heap))
			if err != nil {
				t.Fatalf("%d/%s: %v", enc, style, err)
			}
			got, err := r.Files[0].Data()
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%d/%s: %d bytes, %v", enc, style, len(got), err)
			}
		}
	}
}

// replaceSum replaces the checksum element name in the TOC x by one of
// style over data.
func replaceSum(x, name, style string, data []byte) string {
	i := strings.Index(x, "<"+name)
	j := strings.Index(x[i:], "</"+name+">") + i
	var v string
	if style != "none" {
		h := map[string]func([]byte) []byte{
			"md5":    func(b []byte) []byte { s := md5.Sum(b); return s[:] },
			"sha256": func(b []byte) []byte { s := sha256.Sum256(b); return s[:] },
		}[style]
		v = hex.EncodeToString(h(data))
	}
	return x[:i] + fmt.Sprintf(`<%s style="%s">%s`, name, style, v) + x[j:]
}

// A bzip2 stream of "bzip2 member\n" (written by bzip2 1.0.8 -9).
var bzip2Member = []byte{
	0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x5c, 0x28, 0xb5, 0x84, 0x00, 0x00,
	0x02, 0x59, 0x80, 0x00, 0x10, 0x40, 0x00, 0x10, 0x00, 0x12, 0x22, 0x50, 0x10, 0x20, 0x00, 0x31,
	0x00, 0x30, 0x20, 0x03, 0xd2, 0x14, 0x17, 0x1a, 0x81, 0x4d, 0xf8, 0xbb, 0x92, 0x29, 0xc2, 0x84,
	0x82, 0xe1, 0x45, 0xac, 0x20,
}

func TestBzip2(t *testing.T) {
	b := &xartest.Bundle{Members: []xartest.Member{{Name: "b", Data: bzip2Member}}}
	toc, heap := b.TOC()
	x := strings.Replace(string(toc), xar.EncodingNone, xar.EncodingBzip2, 1)
	x = strings.Replace(x, "<size>53</size>", "<size>13</size>", 1)
	x = replaceSum(x, "extracted-checksum", "none", nil)
	r, err := xar.NewReader(xartest.Archive([]byte(x), heap))
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Files[0].Data()
	if string(got) != "bzip2 member\n" || err != nil {
		t.Errorf("got %q, %v", got, err)
	}
}

// TestTruncated reads every prefix of a small archive: each gives an error
// (from NewReader or from a file's data) at an offset inside the prefix.
func TestTruncated(t *testing.T) {
	full := small().Bytes()
	for n := range len(full) {
		a := full[:n]
		var errs []error
		r, err := xar.NewReader(a)
		if err != nil {
			errs = append(errs, err)
		} else {
			for _, f := range r.Files {
				if _, err := f.Data(); err != nil {
					errs = append(errs, err)
				}
			}
		}
		if len(errs) == 0 {
			t.Fatalf("%d of %d bytes: no error", n, len(full))
		}
		for _, err := range errs {
			var fe *xar.FormatError
			if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(n) {
				t.Fatalf("%d bytes: %v", n, err)
			}
		}
	}
}

// A member that decompresses to much more than the archive holds is cut off
// at its declared size, and the declared sizes are bounded by the archive's.
func TestBomb(t *testing.T) {
	b := &xartest.Bundle{Members: []xartest.Member{{Name: "bomb", Data: make([]byte, 16<<20), Encoding: xartest.Zlib}}}
	toc, heap := b.TOC()
	if len(heap) > 32<<10 {
		t.Fatalf("bomb of %d bytes", len(heap))
	}
	// The TOC declares 1000 bytes.
	x := strings.Replace(string(toc), fmt.Sprintf("<size>%d</size>", 16<<20), "<size>1000</size>", 1)
	r, err := xar.NewReader(xartest.Archive([]byte(x), heap))
	if err != nil {
		t.Fatal(err)
	}
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	_, err = r.Files[0].Data()
	runtime.ReadMemStats(&ms1)
	if err == nil || !strings.Contains(err.Error(), "decodes to more than its size, 1000 bytes") {
		t.Errorf("got %v", err)
	}
	if d := ms1.TotalAlloc - ms0.TotalAlloc; d > 4<<20 {
		t.Errorf("%d bytes allocated", d)
	}
	// Declaring the real size is over the budget.
	x = string(toc)
	r, err = xar.NewReader(xartest.Archive([]byte(x), heap))
	if err != nil {
		t.Fatal(err)
	}
	if _, err = r.Files[0].Data(); err == nil || !strings.Contains(err.Error(), "files declare more data than") {
		t.Errorf("got %v", err)
	}
}

// Directories nest files; their paths join the names.
func TestDirectories(t *testing.T) {
	b := small()
	toc, heap := b.TOC()
	x := strings.Replace(string(toc), "<file id=\"2\">", "<file id=\"9\"><name>dir</name><type>directory</type><file id=\"2\">", 1)
	x = strings.Replace(x, "</file>\n </toc>", "</file></file>\n </toc>", 1)
	r, err := xar.NewReader(xartest.Archive([]byte(x), heap))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range r.Files {
		got = append(got, f.ID+":"+f.Path+":"+f.Type)
	}
	if want := "1:1:file 9:dir:directory 2:dir/2:file"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
	// 65 levels are too many.
	deep := strings.Repeat("<file><name>d</name><type>directory</type>", 66) + strings.Repeat("</file>", 66)
	x = strings.Replace(string(toc), "</toc>", deep+"</toc>", 1)
	if _, err := xar.NewReader(xartest.Archive([]byte(x), heap)); err == nil || !strings.Contains(err.Error(), "nested more than 64 deep") {
		t.Errorf("got %v", err)
	}
}

func TestLd(t *testing.T) {
	r, err := xar.NewReader(small().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := xar.Ld{Version: "1.0", Architecture: "arm64", Platform: "macOS", SDKVersion: "14.0.0", HideSymbols: true, WeakDylibs: []string{"libw.dylib"}}
	if fmt.Sprint(*r.Ld) != fmt.Sprint(want) {
		t.Errorf("got %+v, want %+v", *r.Ld, want)
	}
	if f := r.Files[0]; f.Tool != "clang" || strings.Join(f.Cmd, " ") != "-cc1 -O2" {
		t.Errorf("tool %q, cmd %q", f.Tool, f.Cmd)
	}
	b := small()
	b.Ld = nil
	if r, err = xar.NewReader(b.Bytes()); err != nil || r.Ld != nil {
		t.Errorf("no subdoc: %v, %v", r.Ld, err)
	}
}

func TestChecksumAlgString(t *testing.T) {
	for a, want := range map[xar.ChecksumAlg]string{0: "none", 1: "sha1", 2: "md5", 3: "other", 9: "ChecksumAlg(9)"} {
		if a.String() != want {
			t.Errorf("%d: %q, want %q", a, a, want)
		}
	}
}
