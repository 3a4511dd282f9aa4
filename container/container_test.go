package container

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/bcextract/bcextract/internal/elftest"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/wrapper"
)

const fixtures = "../testdata/containers/"

// walkFixture walks a fixture named relative to testdata/containers, from
// that directory, so that container paths match the goldens.
func walkFixture(t testing.TB, name string) ([]Payload, error) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(fixtures); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var w Walker
	defer w.Close()
	var ps []Payload
	err = w.Walk(name, data, func(p *Payload) error {
		q := *p
		q.Data = append([]byte(nil), p.Data...) // outlives the walker
		q.Cmdline = append([]byte(nil), p.Cmdline...)
		ps = append(ps, q)
		return nil
	})
	return ps, err
}

var moduleSuffix = regexp.MustCompile(`#[0-9]+$`)

// TestSectionsGolden checks every section of sections.golden (made with
// llvm-objcopy-22 --dump-section): the payloads of that section, put back
// together with the zero padding between them, are the section byte for
// byte, and each bitcode module is a whole bitstream.
func TestSectionsGolden(t *testing.T) {
	f, err := os.Open(fixtures + "sections.golden")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type section struct {
		size int64
		sum  string
	}
	golden := make(map[string]map[string]section) // fixture -> section path -> want
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 {
			t.Fatalf("bad golden line %q", sc.Text())
		}
		path := fields[0]
		fixture := path[:strings.IndexAny(path, "([:")]
		size, _ := strconv.ParseInt(fields[1], 10, 64)
		if golden[fixture] == nil {
			golden[fixture] = make(map[string]section)
		}
		golden[fixture][path] = section{size, fields[2]}
	}
	if len(golden) < 20 {
		t.Fatalf("only %d fixtures in sections.golden", len(golden))
	}
	for fixture, sections := range golden {
		ps, err := walkFixture(t, fixture)
		if err != nil {
			t.Errorf("%s: %v", fixture, err)
			continue
		}
		bySection := make(map[string][]Payload)
		for _, p := range ps {
			key := moduleSuffix.ReplaceAllString(p.Path, "")
			bySection[key] = append(bySection[key], p)
		}
		data, err := os.ReadFile(fixtures + fixture)
		if err != nil {
			t.Fatal(err)
		}
		for path, want := range sections {
			got := bySection[path]
			if len(got) == 0 {
				t.Errorf("%s: not found", path)
				continue
			}
			file := data
			if got[0].File != fixture {
				if file, err = os.ReadFile(fixtures + got[0].File); err != nil {
					t.Fatal(err)
				}
			}
			checkSection(t, path, file, got, want.size, want.sum)
		}
	}
}

func checkSection(t *testing.T, path string, file []byte, ps []Payload, size int64, sum string) {
	t.Helper()
	sort.Slice(ps, func(i, j int) bool { return ps[i].Off < ps[j].Off })
	start := ps[0].SectionOff
	if ps[0].SectionSize != size {
		t.Errorf("%s: section size %d, want %d", path, ps[0].SectionSize, size)
	}
	// Offload images sit among the binaries' headers; what lies between
	// split modules and command lines is zero padding.
	padded := ps[0].Kind != KindOffload && ps[0].Format != Offload && ps[0].Section != ".llvm.offloading"
	if start+size > int64(len(file)) {
		t.Errorf("%s: section [0x%x,+%d) past the file", path, start, size)
		return
	}
	sec := file[start : start+size]
	if h := sha256.Sum256(sec); hex.EncodeToString(h[:]) != sum {
		t.Errorf("%s: bytes at 0x%x (%d) differ from llvm-objcopy's section", path, start, size)
	}
	if ps[0].Compression != CompressNone {
		// The payloads of a compressed section all locate it whole
		// (TestCompressedGolden checks their bytes).
		for _, p := range ps {
			if p.Off != start || p.Size != size || !p.Decoded() || p.Compression != ps[0].Compression {
				t.Errorf("%s: at [0x%x,+%d), %v, want the section [0x%x,+%d)", p.Path, p.Off, p.Size, p.Compression, start, size)
			}
		}
		return
	}
	pos := start
	for i, p := range ps {
		if p.Off < pos || p.Off+p.Size > start+size || int64(len(p.Data)) != p.Size {
			t.Errorf("%s: payload %d at [0x%x,+%d) outside the section or overlapping", path, i, p.Off, p.Size)
			return
		}
		if !bytes.Equal(p.Data, file[p.Off:p.Off+p.Size]) {
			t.Errorf("%s: payload %d data is not the file's bytes at its offset", p.Path, i)
		}
		if padded && !allZero(file[pos:p.Off]) {
			t.Errorf("%s: non-zero bytes before payload %d", path, i)
		}
		pos = p.Off + p.Size
		if p.Kind.IsModule() {
			checkModule(t, &p)
		}
	}
	if padded && !allZero(file[pos:start+size]) {
		t.Errorf("%s: non-zero bytes after the last payload", path)
	}
}

// TestCompressedGolden checks the payloads of every compressed section of
// decompressed.golden (what llvm-objcopy-22 --compress-sections NAME=none
// leaves) against those of the same section of the uncompressed original,
// which the golden shows to be the same bytes: the same kinds, modules,
// bytes and command lines, in the same order; and each located at the
// whole stored section, flagged zlib or zstd as llvm-readelf-22 shows it.
func TestCompressedGolden(t *testing.T) {
	f, err := os.Open(fixtures + "decompressed.golden")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	original := func(fixture string) string {
		if i := strings.Index(fixture, "-z"); i >= 0 && strings.HasSuffix(fixture, ".o") {
			return fixture[:i] + ".o"
		}
		return strings.TrimSuffix(fixture, "-zlib")
	}
	zstdSections := map[string]bool{ // from llvm-objcopy-22's arguments in gen.sh
		"elf-x86_64-zstd.o:.llvmbc": true, "elf-ppc64be-zstd.o:.llvmbc": true, "elf-ppc64be-zstd.o:.llvmcmd": true,
	}
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		path, size, sum := fields[0], fields[1], fields[2]
		fixture, sec, _ := strings.Cut(path, ":")
		orig := original(fixture)
		ps, err := walkFixture(t, fixture)
		if err != nil {
			t.Errorf("%s: %v", fixture, err)
			continue
		}
		ops, err := walkFixture(t, orig)
		if err != nil {
			t.Fatal(err)
		}
		of := func(ps []Payload, prefix string) []Payload {
			var out []Payload
			for _, p := range ps {
				if moduleSuffix.ReplaceAllString(p.Path, "") == prefix+":"+sec {
					out = append(out, p)
				}
			}
			return out
		}
		got, want := of(ps, fixture), of(ops, orig)
		if len(got) == 0 || len(got) != len(want) {
			t.Errorf("%s: %d payloads, %s has %d", path, len(got), orig, len(want))
			continue
		}
		// The original's section is the golden's bytes.
		data, err := os.ReadFile(fixtures + orig)
		if err != nil {
			t.Fatal(err)
		}
		w := want[0]
		h := sha256.Sum256(data[w.SectionOff : w.SectionOff+w.SectionSize])
		if strconv.FormatInt(w.SectionSize, 10) != size || hex.EncodeToString(h[:]) != sum {
			t.Errorf("%s: %s's section is not the decompressed golden", path, orig)
		}
		comp := CompressZlib
		if zstdSections[path] || strings.HasPrefix(fixture, "elf-ext-zstd") && sec != ".linker-options" {
			comp = CompressZstd
		}
		for i := range got {
			g, w := &got[i], &want[i]
			if g.Kind != w.Kind || g.Module != w.Module || !bytes.Equal(g.Data, w.Data) || !bytes.Equal(g.Cmdline, w.Cmdline) ||
				g.Triple != w.Triple || g.Path != fixture+strings.TrimPrefix(w.Path, orig) {
				t.Errorf("%s: payload %d %s (%v, module %d, %d bytes) differs from %s (%v, module %d, %d bytes)",
					path, i, g.Path, g.Kind, g.Module, len(g.Data), w.Path, w.Kind, w.Module, len(w.Data))
			}
			if g.Compression != comp || !g.Decoded() || g.Off != g.SectionOff || g.Size != g.SectionSize {
				t.Errorf("%s: %v at [0x%x,+%d), want %v at the section [0x%x,+%d)", g.Path, g.Compression, g.Off, g.Size, comp, g.SectionOff, g.SectionSize)
			}
			if g.Kind.IsModule() {
				checkModule(t, g)
			}
		}
		n++
	}
	if n < 15 {
		t.Errorf("only %d sections in decompressed.golden", n)
	}
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// checkModule reads a bitcode module to its end with the bitstream reader.
func checkModule(t *testing.T, p *Payload) {
	t.Helper()
	data := p.Data
	if wrapper.IsWrapper(data) {
		var err error
		if _, data, err = wrapper.Unwrap(data); err != nil {
			t.Errorf("%s: %v", p.Path, err)
			return
		}
	}
	r := bitstream.NewReader(data)
	if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
		t.Errorf("%s: %v", p.Path, err)
		return
	}
	if _, err := bitstream.Walk(r, nil); err != nil {
		t.Errorf("%s: %v", p.Path, err)
	}
}

// A row is the part of a payload the table below checks.
type row struct {
	path    string
	kind    Kind
	off     int64
	size    int64
	cmdline bool // paired with a command line
}

func rows(ps []Payload) []row {
	var rs []row
	for _, p := range ps {
		rs = append(rs, row{p.Path, p.Kind, p.Off, p.Size, p.Cmdline != nil})
	}
	return rs
}

// TestWalk lists the payloads of fixtures in full. Offsets and sizes are
// llvm-readobj-22's (sections; a WebAssembly custom section's contents start
// after its name, 8 bytes for ".llvmbc" and 9 for ".llvmcmd", past the offset
// llvm-readobj prints) and llvm-bcanalyzer-22's (the modules of a linked
// .llvmbc are files of their own sizes, back to back). The files of a bundle
// are where mk/xargen put them: the section's offset, plus the 28-byte xar
// header and the compressed TOC, plus the heap offset the TOC gives.
func TestWalk(t *testing.T) {
	tests := []struct {
		file string
		want []row
	}{
		{"elf-x86_64.o", []row{
			{"elf-x86_64.o:.llvmbc#1", KindBitcode, 0x7c, 2608, true},
			{"elf-x86_64.o:.llvmcmd#1", KindCmdline, 0xaac, 162, false},
		}},
		{"elf-marker.o", []row{
			{"elf-marker.o:.llvmbc", KindMarker, 0x7c, 0, false},
			{"elf-marker.o:.llvmcmd#1", KindCmdline, 0x7c, 613, false},
			{"elf-marker.o:.llvm_addrsig", KindExtension, 0x348, 0, false},
		}},
		{"elf-ext.o", []row{
			{"elf-ext.o:.llvm_bb_addr_map", KindExtension, 0x5c, 32, false},
			{"elf-ext.o:.llvm.offloading#1", KindBitcode, 0x118, 2280, false},
			{"elf-ext.o:.linker-options", KindExtension, 0xa00, 14, false},
			{"elf-ext.o:.deplibs", KindExtension, 0xa0e, 2, false},
			{"elf-ext.o:.llvm_sympart", KindExtension, 0xa10, 14, false},
			{"elf-ext.o:.llvm.call-graph-profile", KindExtension, 0xa1e, 8, false},
			{"elf-ext.o:.llvm_addrsig", KindExtension, 0xb38, 1, false},
		}},
		{"prog", []row{
			{"prog:.llvmbc#1", KindBitcode, 0x179, 2812, true},
			{"prog:.llvmbc#2", KindBitcode, 0xc75, 2504, true},
			{"prog:.llvmbc#3", KindBitcode, 0x163d, 2532, true},
			{"prog:.llvmcmd#1", KindCmdline, 0x2021, 162, false},
			{"prog:.llvmcmd#2", KindCmdline, 0x20c3, 162, false},
			{"prog:.llvmcmd#3", KindCmdline, 0x2165, 162, false},
		}},
		// Compressed sections (llvm-objcopy-22 --compress-sections): every
		// payload is at the whole stored section, as llvm-readelf-22 -S
		// gives it; modules and command lines are still split and paired.
		{"prog-zlib", []row{
			{"prog-zlib:.llvmbc#1", KindBitcode, 0x180, 2994, true},
			{"prog-zlib:.llvmbc#2", KindBitcode, 0x180, 2994, true},
			{"prog-zlib:.llvmbc#3", KindBitcode, 0x180, 2994, true},
			{"prog-zlib:.llvmcmd#1", KindCmdline, 0xd38, 154, false},
			{"prog-zlib:.llvmcmd#2", KindCmdline, 0xd38, 154, false},
			{"prog-zlib:.llvmcmd#3", KindCmdline, 0xd38, 154, false},
		}},
		{"elf-x86_64-zstd.o", []row{
			{"elf-x86_64-zstd.o:.llvmbc#1", KindBitcode, 0x80, 2269, true},
			{"elf-x86_64-zstd.o:.llvmcmd#1", KindCmdline, 0x960, 146, false},
		}},
		{"elf-ext-zstd.o", []row{
			{"elf-ext-zstd.o:.llvm_bb_addr_map", KindExtension, 0x60, 50, false},
			{"elf-ext-zstd.o:.llvm.offloading#1", KindBitcode, 0xa0, 2069, false},
			{"elf-ext-zstd.o:.linker-options", KindExtension, 0x8b8, 46, false},
			{"elf-ext-zstd.o:.deplibs", KindExtension, 0x8e8, 35, false},
			{"elf-ext-zstd.o:.llvm_sympart", KindExtension, 0x910, 47, false},
			{"elf-ext-zstd.o:.llvm.call-graph-profile", KindExtension, 0x940, 41, false},
			{"elf-ext-zstd.o:.llvm_addrsig", KindExtension, 0xa80, 34, false},
		}},
		{"universal.o", []row{
			{"universal.o[x86_64]:__LLVM,__bitcode#1", KindBitcode, 0x24a, 2736, true},
			{"universal.o[x86_64]:__LLVM,__cmdline#1", KindCmdline, 0xcfa, 306, false},
			{"universal.o[arm64]:__LLVM,__bitcode#1", KindBitcode, 0x10d4, 2928, true},
			{"universal.o[arm64]:__LLVM,__cmdline#1", KindCmdline, 0x1c44, 327, false},
		}},
		{"libuniversal.a", []row{
			{"libuniversal.a[x86_64](m.o):__LLVM,__bitcode#1", KindBitcode, 0x302, 2736, true},
			{"libuniversal.a[x86_64](m.o):__LLVM,__cmdline#1", KindCmdline, 0xdb2, 306, false},
			{"libuniversal.a[arm64](m.o):__LLVM,__bitcode#1", KindBitcode, 0x123c, 2928, true},
			{"libuniversal.a[arm64](m.o):__LLVM,__cmdline#1", KindCmdline, 0x1dac, 327, false},
		}},
		{"lib-gnu.a", []row{
			{"lib-gnu.a(a_very_long_member_name_for_gnu.o):.llvmbc#1", KindBitcode, 0x1ad, 2504, true},
			{"lib-gnu.a(a_very_long_member_name_for_gnu.o):.llvmcmd#1", KindCmdline, 0xb75, 162, false},
			{"lib-gnu.a(dup.o@1):.llvmbc#1", KindBitcode, 0xf10, 2452, true},
			{"lib-gnu.a(dup.o@1):.llvmcmd#1", KindCmdline, 0x18a4, 162, false},
			{"lib-gnu.a(dup.o@2):.llvmbc#1", KindBitcode, 0x1c34, 2548, true},
			{"lib-gnu.a(dup.o@2):.llvmcmd#1", KindCmdline, 0x2628, 162, false},
			{"lib-gnu.a(raw.bc)#1", KindBitcode, 0x2984, 2608, false},
			{"lib-gnu.a(math.o):.llvmbc#1", KindBitcode, 0x3449, 2532, true},
			{"lib-gnu.a(math.o):.llvmcmd#1", KindCmdline, 0x3e2d, 162, false},
		}},
		{"thin/lib-thin.a", []row{
			{"thin/lib-thin.a(objs/t1.o):.llvmbc#1", KindBitcode, 0x55, 2504, true},
			{"thin/lib-thin.a(objs/t1.o):.llvmcmd#1", KindCmdline, 0xa1d, 162, false},
			{"thin/lib-thin.a(objs/t2.o):.llvmbc#1", KindBitcode, 0x59, 2532, true},
			{"thin/lib-thin.a(objs/t2.o):.llvmcmd#1", KindCmdline, 0xa3d, 162, false},
		}},
		{"coff-x86_64.obj", []row{
			{"coff-x86_64.obj:.llvmbc#1", KindBitcode, 0x140, 2620, true},
			{"coff-x86_64.obj:.llvmcmd#1", KindCmdline, 0xb7c, 167, false},
		}},
		{"pe-x86_64.exe", []row{
			{"pe-x86_64.exe:.llvmbc#1", KindBitcode, 0x800, 2824, true},
			{"pe-x86_64.exe:.llvmbc#2", KindBitcode, 0x1308, 2520, true},
			{"pe-x86_64.exe:.llvmbc#3", KindBitcode, 0x1ce0, 2548, true},
			{"pe-x86_64.exe:.llvmcmd#1", KindCmdline, 0x2800, 167, false},
			{"pe-x86_64.exe:.llvmcmd#2", KindCmdline, 0x28a7, 167, false},
			{"pe-x86_64.exe:.llvmcmd#3", KindCmdline, 0x294e, 167, false},
		}},
		{"fatlto-full.o", []row{
			{"fatlto-full.o:.llvm.lto#1", KindLTO, 0x7c, 2728, false},
			{"fatlto-full.o:.llvm_addrsig", KindExtension, 0xb88, 0, false},
		}},
		{"app", []row{
			{"app[x86_64]:__LLVM,__bundle", KindBundle, 0x21b, 6468, false},
			{"app[x86_64]:__LLVM,__bundle/1", KindBitcode, 0x54f, 3024, true},
			{"app[x86_64]:__LLVM,__bundle/2", KindBitcode, 0x111f, 2624, true},
			{"app[arm64]:__LLVM,__bundle", KindBundle, 0x1dac, 7143, false},
			{"app[arm64]:__LLVM,__bundle/1", KindBitcode, 0x20f3, 3472, true},
			{"app[arm64]:__LLVM,__bundle/2", KindBitcode, 0x2e83, 2832, true},
		}},
		// Members 2 and 3 are compressed: their sizes are the archived ones.
		// exports.exp is not a payload.
		{"bundle-gzip.o", []row{
			{"bundle-gzip.o:__LLVM,__bundle", KindBundle, 0x1ec, 9319, false},
			{"bundle-gzip.o:__LLVM,__bundle/1", KindBitcode, 0x620, 3472, true},
			{"bundle-gzip.o:__LLVM,__bundle/2", KindBitcode, 0x13b0, 2360, true},
			{"bundle-gzip.o:__LLVM,__bundle/3", KindBitcode, 0x1ce8, 2382, true},
		}},
		{"bundle-marker.o", []row{
			{"bundle-marker.o:__LLVM,__bundle", KindMarker, 0x1eb, 1, false},
		}},
		{"wasm32.o", []row{
			{"wasm32.o:.llvmbc#1", KindBitcode, 153 + 8, 2624, true},
			{"wasm32.o:.llvmcmd#1", KindCmdline, 2791 + 9, 147, false},
		}},
		{"wasm-marker.o", []row{
			{"wasm-marker.o:.llvmbc", KindMarker, 153 + 8, 0, false},
			{"wasm-marker.o:.llvmcmd#1", KindCmdline, 167 + 9, 569, false},
		}},
		{"lib-wasm.a", []row{
			{"lib-wasm.a(util.o):.llvmbc#1", KindBitcode, 0x119, 2520, true},
			{"lib-wasm.a(util.o):.llvmcmd#1", KindCmdline, 0xb00, 147, false},
			{"lib-wasm.a(math.o):.llvmbc#1", KindBitcode, 0xcfb, 2548, true},
			{"lib-wasm.a(math.o):.llvmcmd#1", KindCmdline, 0x16fe, 147, false},
		}},
		{"macho-marker.o", []row{
			{"macho-marker.o:__LLVM,__bitcode", KindMarker, 0x21a, 1, false},
			{"macho-marker.o:__LLVM,__cmdline#1", KindCmdline, 0x21b, 831, false},
		}},
	}
	for _, tt := range tests {
		ps, err := walkFixture(t, tt.file)
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		got := rows(ps)
		if len(got) != len(tt.want) {
			t.Errorf("%s: got %d payloads %+v, want %+v", tt.file, len(got), got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: payload %d = %+v, want %+v", tt.file, i, got[i], tt.want[i])
			}
		}
	}
}

// TestMalformed checks that malformed containers are errors naming the
// container path and the offset of the bad structure.
func TestMalformed(t *testing.T) {
	tests := []struct {
		file string
		want string // the error text
	}{
		{"bad-elf-secoff.o", `bad-elf-secoff.o: section ".llvmbc" (index 3): contents at offset 0x10000000, size 2608, lie outside the file (3512 bytes) at byte 0xcb8`},
		{"bad-elf-trunc.o", `bad-elf-trunc.o: section header table at 0xbf8 (7 entries of 64 bytes) extends past the end of the file (1756 bytes) at byte 0x28`},
		{"bad-macho-secoff.o", `bad-macho-secoff.o: section __LLVM,__bitcode [0x10000000, 0x10000ab0) runs past the end of the data (0xe78 bytes) at byte 0xb8`},
		{"bad-fat-off.o", `bad-fat-off.o: slice 1 (arm64) [0x10000000, 0x10000f98) runs past the end of the data (0x1e48 bytes) at byte 0x24`},
		{"bad-fat-count.o", `bad-fat-count.o: slice 0 (x86_64) at 0x30 overlaps the universal header, which ends at 0x198 at byte 0x10`},
		{"bad-coff-secoff.obj", `bad-coff-secoff.obj: section 4 (.llvmbc) [0x10000000, 0x10000a3c) runs past the end of the data (0xd8d bytes) at byte 0x8c`},
		{"bad-ar-size.a", `bad-ar-size.a: invalid size field "12x       " in member header at byte 0xdfc`},
		{"bad-ar-trunc.a", `bad-ar-trunc.a: member "trunc.o": size 3512 extends past end of file (4640 bytes) at byte 0xdfc`},
		{"bad-ar-longname.a", `bad-ar-longname.a: long name offset 500 past end of name table (27 bytes) at byte 0xe54`},
		{"bad-ar-header.a", `bad-ar-header.a: invalid member header terminator "XY" at byte 0xdfc`},
		{"bad-wasm-size.o", `bad-wasm-size.o: section 4 (CUSTOM): size 4294967295 runs past the end of the file (2985 bytes left) at byte 0x93`},
		{"bad-wasm-trunc.o", `bad-wasm-trunc.o: section 4 (CUSTOM): size 2632 runs past the end of the file (847 bytes left) at byte 0x93`},
		// The bad bundles' member 1 is still listed (TestBundlePartial).
		{"bad-xar-magic.o", `bad-xar-magic.o:__LLVM,__bundle: not a xar archive: no "xar!" magic at byte 0x21a`},
		{"bad-xar-cksum.o", `bad-xar-cksum.o:__LLVM,__bundle/2: file 2 ("2"): archived sha1 checksum mismatch: data has a4e64a80076d201cf1faefc02e8cb523122368c1, TOC says f74127145c06c7b5e08b59ba9ebf3cafde51aa7a at byte 0x12c3`},
		// The data starts inside the archive, at 0x1ec + 0x1133 (header and TOC) + 0xda4.
		{"bad-xar-trunc.o", `bad-xar-trunc.o:__LLVM,__bundle/2: file 2 ("2"): data at heap offset 0xda4, 2832 bytes, runs past the end of the heap (6224 bytes) at byte 0x12c3`},
		// The data starts outside: the error points at the TOC, 28 bytes into the section.
		{"bad-xar-offset.o", `bad-xar-offset.o:__LLVM,__bundle/2: file 2 ("2"): data at heap offset 0x10000000, 2832 bytes, runs past the end of the heap (6324 bytes) at byte 0x208`},
	}
	for _, tt := range tests {
		_, err := walkFixture(t, tt.file)
		var ce *Error
		if !errors.As(err, &ce) {
			t.Errorf("%s: %v, want a *container.Error", tt.file, err)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("%s: %q, want %q", tt.file, err, tt.want)
		}
	}
}

// A compressed section that cannot be decompressed is an error at the
// byte at fault, and is not a payload; the object's other sections are.
// An error in the decompressed bytes is located at the stored section and
// says where in the decompressed ones.
func TestCompressedMalformed(t *testing.T) {
	orig, err := os.ReadFile(fixtures + "elf-x86_64-zstd.o")
	if err != nil {
		t.Fatal(err)
	}
	const bc, cmd = 0x80, 0x960 // .llvmbc (zstd, 2608 bytes) and .llvmcmd (zlib, 162)
	patch := func(off int, b ...byte) []byte {
		d := bytes.Clone(orig)
		copy(d[off:], b)
		return d
	}
	tests := []struct {
		name  string
		data  []byte
		want  string
		paths []string // the payloads still reported
	}{
		{"unknown ch_type", patch(bc, 7), "x.o:.llvmbc: unsupported compression type (7) at byte 0x80",
			[]string{"x.o:.llvmcmd#1"}},
		{"ch_size one short", patch(bc+8, 0x2f, 0x0a), "x.o:.llvmbc: zstd stream yields more than ch_size (2607 bytes) at byte 0x88",
			[]string{"x.o:.llvmcmd#1"}},
		{"zlib corrupt", patch(cmd+24+2, 0xff, 0xff), "x.o:.llvmcmd: bad zlib stream: corrupt deflate data at byte 0x97a",
			[]string{"x.o:.llvmbc#1"}},
		// Decompressed, 8 zero bytes and then no bitcode: the section is
		// reported whole, and the error says where in the decompressed
		// bytes, at the stored section.
		{"bad decompressed bytes", elftest.Build(elftest.Section{Type: 1, Name: ".llvmbc", Flags: 0x800,
			Data: elftest.Chdr64(1, 11, zlibBytes(append(make([]byte, 8), "xyz"...)))}),
			"x.o:.llvmbc: neither a bitcode file nor zero padding: the data ends 3 bytes into the 32-bit word at byte 0x8 (at byte 0xb of the decompressed data) at byte 0x40",
			[]string{"x.o:.llvmbc"}},
	}
	for _, tt := range tests {
		var w Walker
		var got []string
		err := w.Walk("x.o", tt.data, func(p *Payload) error { got = append(got, p.Path); return nil })
		if err == nil || err.Error() != tt.want || strings.Join(got, " ") != strings.Join(tt.paths, " ") {
			t.Errorf("%s: %v, payloads %q; want %q, %q", tt.name, err, got, tt.want, tt.paths)
		}
	}
}

// Member names that try to leave a directory are kept as they are in the
// container path; making file names of them is the extractor's business.
func TestEvilNames(t *testing.T) {
	ps, err := walkFixture(t, "evil.a")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.Path)
	}
	want := []string{
		"evil.a(../../escape.o):.llvmbc#1", "evil.a(../../escape.o):.llvmcmd#1",
		"evil.a(/etc/abs.o):.llvmbc#1", "evil.a(/etc/abs.o):.llvmcmd#1",
		"evil.a(..):.llvmbc#1", "evil.a(..):.llvmcmd#1",
		"evil.a(a/../../b.o):.llvmbc#1", "evil.a(a/../../b.o):.llvmcmd#1",
		"evil.a(same.o@1):.llvmbc#1", "evil.a(same.o@1):.llvmcmd#1",
		"evil.a(same.o@2):.llvmbc#1", "evil.a(same.o@2):.llvmcmd#1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("paths:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestTooDeep(t *testing.T) {
	data, err := os.ReadFile(fixtures + "lib-gnu.a")
	if err != nil {
		t.Fatal(err)
	}
	w := Walker{MaxDepth: 1}
	err = w.Walk("lib-gnu.a", data, func(*Payload) error { return nil })
	if !errors.Is(err, ErrTooDeep) {
		t.Errorf("MaxDepth 1: %v, want ErrTooDeep", err)
	}
}

func TestUnknown(t *testing.T) {
	var w Walker
	err := w.Walk("x.txt", []byte("hello, world\n"), func(*Payload) error { return nil })
	if !errors.Is(err, ErrUnknownFormat) || err.Error() != "x.txt: "+ErrUnknownFormat.Error()+" at byte 0x0" {
		t.Errorf("got %v", err)
	}
}

// The callback's error stops the walk and is returned as it is.
func TestStop(t *testing.T) {
	data, err := os.ReadFile(fixtures + "prog")
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	n := 0
	var w Walker
	err = w.Walk("prog", data, func(*Payload) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("got %v after %d payloads", err, n)
	}
}

func FuzzWalk(f *testing.F) {
	seeds, _ := filepath.Glob(fixtures + "*")
	gllvm, _ := filepath.Glob("../testdata/gllvm/prog*")
	seeds = append(seeds, gllvm...)
	for _, s := range seeds {
		if data, err := os.ReadFile(s); err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		w := Walker{OpenFile: func(string) ([]byte, io.Closer, error) { return nil, nil, os.ErrNotExist }}
		w.Walk("fuzz", data, func(p *Payload) error {
			if p.Off < 0 || p.Size < 0 || p.Off+p.Size > int64(len(data)) {
				t.Fatalf("%s: [0x%x,+%d) is not a range of the %d-byte input", p.Path, p.Off, p.Size, len(data))
			}
			if p.Decoded() {
				// A decoded bundle file: at most 16 times its bundle, plus 8 MiB.
				if len(p.Data) > 16*len(data)+8<<20 {
					t.Fatalf("%s: %d bytes decoded from a %d-byte input", p.Path, len(p.Data), len(data))
				}
				return nil
			}
			if p.Size != int64(len(p.Data)) || !bytes.Equal(data[p.Off:p.Off+p.Size], p.Data) {
				t.Fatalf("%s: data is not the input's bytes at [0x%x,+%d)", p.Path, p.Off, p.Size)
			}
			return nil
		})
	})
}

func BenchmarkWalk(b *testing.B) {
	for _, name := range []string{"lib-gnu.a", "prog", "libuniversal.a"} {
		data, err := os.ReadFile(fixtures + name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var w Walker
				n := 0
				if err := w.Walk(name, data, func(*Payload) error { n++; return nil }); err != nil || n == 0 {
					b.Fatalf("%d payloads, %v", n, err)
				}
			}
		})
	}
}

// An ELF whose section table points many .llvmbc sections at the same
// bytes is split within a bounded amount of work.
func TestOverlappingSections(t *testing.T) {
	data, err := os.ReadFile(fixtures + "elf-x86_64.o")
	if err != nil {
		t.Fatal(err)
	}
	// Append 2000 copies of the .llvmbc section header (index 3) and point
	// the header at them.
	shoff := int64(uint64(data[40]) | uint64(data[41])<<8 | uint64(data[42])<<16 | uint64(data[43])<<24)
	shnum := int(data[60]) | int(data[61])<<8
	hdrs := append([]byte(nil), data[shoff:shoff+int64(shnum)*64]...)
	llvmbc := hdrs[3*64 : 4*64]
	// Make the section cover the whole file: zeros and all.
	big := make([]byte, 1<<20)
	file := append(append([]byte(nil), data...), big...)
	binaryLE64 := func(b []byte, v uint64) {
		for i := 0; i < 8; i++ {
			b[i] = byte(v >> (8 * i))
		}
	}
	sec := append([]byte(nil), llvmbc...)
	binaryLE64(sec[24:], uint64(len(data))) // sh_offset: the zeros
	binaryLE64(sec[32:], uint64(len(big)))  // sh_size
	newShoff := len(file)
	file = append(file, hdrs...)
	const copies = 2000
	for i := 0; i < copies; i++ {
		file = append(file, sec...)
	}
	binaryLE64(file[40:], uint64(newShoff))
	n := shnum + copies
	file[60], file[61] = byte(n), byte(n>>8)
	var w Walker
	count := 0
	err = w.Walk("overlap.o", file, func(*Payload) error { count++; return nil })
	if !errors.Is(err, ErrOverlap) {
		t.Errorf("got %v, want ErrOverlap", err)
	}
	if count < copies {
		t.Errorf("%d payloads, want every section reported", count)
	}
}

// A thin archive whose members name the archive itself is walked once, not
// followed again and again.
func TestThinSelfReference(t *testing.T) {
	dir := t.TempDir()
	var b bytes.Buffer
	b.WriteString("!<thin>\n")
	// Ten members, all "self.a": short GNU names ending in "/".
	for i := 0; i < 10; i++ {
		fmt.Fprintf(&b, "%-16s%-12d%-6d%-6d%-8o%-10d`\n", "self.a/", 0, 0, 0, 0o644, 1000)
	}
	name := filepath.Join(dir, "self.a")
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var w Walker
	defer w.Close()
	err := w.Walk(name, b.Bytes(), func(*Payload) error { return nil })
	if got := len(flattenErrs(err)); got != 10 || !errors.Is(err, ErrNestedThin) {
		t.Errorf("%d errors (%v), want 10 ErrNestedThin", got, err)
	}
	if len(w.closers) != 10 {
		t.Errorf("%d files opened, want 10", len(w.closers))
	}
}

func flattenErrs(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	if err == nil {
		return nil
	}
	return []error{err}
}

func TestBitcodeFiles(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile("../testdata/bc/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	plain := read("plain.bc")
	tests := []struct {
		name string
		data []byte
		want []row
	}{
		// llvm-cat -b: several MODULE blocks sharing one string table.
		{"multi.bc", read("multi.bc"), []row{{"multi.bc#1", KindBitcode, 0, 7236, false}}},
		// A wrapped file is its whole range, trailing bytes included.
		{"wrapped-odd.bc", read("wrapped-odd.bc"), []row{{"wrapped-odd.bc#1", KindBitcode, 0, 96, false}}},
		// Files back to back, with padding between them.
		{"two.bc", append(append(append([]byte(nil), plain...), 0, 0, 0, 0), plain...), []row{
			{"two.bc#1", KindBitcode, 0, 3360, false},
			{"two.bc#2", KindBitcode, 3364, 3360, false},
		}},
	}
	for _, tt := range tests {
		var w Walker
		var ps []Payload
		err := w.Walk(tt.name, tt.data, func(p *Payload) error { ps = append(ps, *p); return nil })
		got := rows(ps)
		if err != nil || len(got) != len(tt.want) {
			t.Errorf("%s: %+v, %v; want %+v", tt.name, got, err, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] || ps[i].Format != Bitcode {
				t.Errorf("%s: %+v (%v), want %+v", tt.name, got[i], ps[i].Format, tt.want[i])
			}
		}
	}
}

// The members before a malformed member header are still walked.
func TestArchivePartial(t *testing.T) {
	ps, err := walkFixture(t, "bad-ar-trunc.a")
	if err == nil || len(ps) != 2 || ps[0].Path != "bad-ar-trunc.a(good.o):.llvmbc#1" || ps[1].Path != "bad-ar-trunc.a(good.o):.llvmcmd#1" {
		t.Errorf("got %+v, %v", rows(ps), err)
	}
}

// An offload package's images are payloads: bitcode images as bitcode
// (values from llvm-objdump-22 --offloading and the package's headers).
func TestOffloadPackage(t *testing.T) {
	data, err := os.ReadFile("../sections/testdata/offload/pkg.out")
	if err != nil {
		t.Fatal(err)
	}
	if Detect(data) != Offload {
		t.Fatalf("Detect = %v", Detect(data))
	}
	var w Walker
	var got []string
	err = w.Walk("pkg.out", data, func(p *Payload) error {
		got = append(got, fmt.Sprintf("%s %s 0x%x %d %s %s", p.Path, p.Kind, p.Off, p.Size, p.Triple, p.OffloadArch))
		return nil
	})
	want := []string{
		"pkg.out#1 bitcode 0x90 2368 nvptx64-nvidia-cuda sm_70",
		"pkg.out#2 offload 0xa60 2016 amdgcn-amd-amdhsa gfx90a",
		"pkg.out#3 offload 0x12f0 480 nvptx64-nvidia-cuda sm_70",
	}
	if err != nil || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%v\n%s\nwant:\n%s", err, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// An error in a payload's bytes is at the byte of the file it names; in a
// decompressed payload's, at the payload's stored bytes, with the offset in
// the decompressed ones in the message.
func TestPayloadError(t *testing.T) {
	cause := &bitstream.FormatError{BitPos: 8 * 0x10, Msg: "unexpected end of stream"}
	tests := []struct {
		p    Payload
		want string
	}{
		{Payload{Path: "x.o:.llvmbc#1", File: "x.o", Off: 0x80, Data: []byte("BC\xc0\xde")},
			"x.o:.llvmbc#1: reading: unexpected end of stream at byte 0x90"},
		{Payload{Path: "x.o:.llvmbc#2", File: "x.o", Off: 0x80, Data: []byte("BC\xc0\xde"), Compression: CompressZstd},
			"x.o:.llvmbc#2: reading: unexpected end of stream (at byte 0x10 of the decompressed data) at byte 0x80"},
		{Payload{Path: "x.o:.llvmbc#2", File: "x.o", Off: 0x80, Compression: CompressZlib},
			"x.o:.llvmbc#2: other at byte 0x80"},
	}
	for i, tt := range tests {
		var err error = cause
		what := "reading"
		if i == 2 {
			err, what = errors.New("other"), ""
		}
		e := PayloadError(&tt.p, what, err)
		if e.Error() != tt.want || !errors.Is(e, err) || e.File != "x.o" {
			t.Errorf("%q, want %q", e.Error(), tt.want)
		}
	}
}

// TestKeepPayloads keeps every payload of multi-payload inputs past the
// callback, as Clone, and checks each; the *Payload itself, kept, shows an
// empty Payload once its callback has returned, not another payload.
func TestKeepPayloads(t *testing.T) {
	plain, err := os.ReadFile("../testdata/bc/plain.bc")
	if err != nil {
		t.Fatal(err)
	}
	two := append(append(append([]byte(nil), plain...), 0, 0, 0, 0), plain...)
	var w Walker
	var kept, raw []*Payload
	if err := w.Walk("two.bc", two, func(p *Payload) error {
		kept, raw = append(kept, p.Clone()), append(raw, p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := []row{{"two.bc#1", KindBitcode, 0, 3360, false}, {"two.bc#2", KindBitcode, 3364, 3360, false}}
	if len(kept) != len(want) {
		t.Fatalf("%d payloads, want %d", len(kept), len(want))
	}
	for i, p := range kept {
		if got := rows([]Payload{*p})[0]; got != want[i] || p.Module != i+1 || p.Modules != 2 || !bytes.Equal(p.Data, plain) {
			t.Errorf("payload %d: %+v module %d of %d, want %+v", i, got, p.Module, p.Modules, want[i])
		}
		if raw[i].Path != "" || raw[i].Data != nil {
			t.Errorf("payload %d: the kept *Payload still shows %q", i, raw[i].Path)
		}
	}

	// An archive of objects with several sections each.
	data, err := os.ReadFile(fixtures + "lib-gnu.a")
	if err != nil {
		t.Fatal(err)
	}
	var copies []Payload
	kept = kept[:0]
	if err := w.Walk("lib-gnu.a", data, func(p *Payload) error {
		kept, copies = append(kept, p.Clone()), append(copies, *p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(kept) < 4 {
		t.Fatalf("%d payloads", len(kept))
	}
	seen := map[string]bool{}
	for i, p := range kept {
		if seen[p.Path] || p.Path != copies[i].Path || p.Off != copies[i].Off || p.Size != copies[i].Size ||
			!bytes.Equal(p.Data, data[p.Off:p.Off+p.Size]) {
			t.Errorf("payload %d: %s [0x%x,+%d), kept as %s [0x%x,+%d)", i, copies[i].Path, copies[i].Off, copies[i].Size, p.Path, p.Off, p.Size)
		}
		seen[p.Path] = true
	}
}

// TestBitcodePaths: gllvm's .llvm_bc section is one payload per line that
// is not empty, each the path without its newline, at its own offset.
func TestBitcodePaths(t *testing.T) {
	data := elftest.Build(elftest.Section{Type: 1, Name: ".llvm_bc", Data: []byte("/b/a.bc\n\n/b/long/c.bc\n/d.bc")})
	var w Walker
	type got struct {
		path, data string
		off, size  int64
		m, n       int
	}
	var ps []got
	err := w.Walk("x.o", data, func(p *Payload) error {
		if p.Kind != KindBitcodePath {
			t.Errorf("%s: kind %v", p.Path, p.Kind)
		}
		ps = append(ps, got{p.Path, string(p.Data), p.Off, p.Size, p.Module, p.Modules})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The section's contents start at 0x40, after the ELF header.
	want := []got{
		{"x.o:.llvm_bc#1", "/b/a.bc", 0x40, 7, 1, 3},
		{"x.o:.llvm_bc#2", "/b/long/c.bc", 0x49, 12, 2, 3},
		{"x.o:.llvm_bc#3", "/d.bc", 0x56, 5, 3, 3},
	}
	if fmt.Sprint(ps) != fmt.Sprint(want) {
		t.Errorf("got %v\nwant %v", ps, want)
	}
	if k, ok := ParseKind("bcpath"); !ok || k != KindBitcodePath || NumKinds != int(KindBitcodePath)+1 {
		t.Errorf("ParseKind(bcpath) = %v, %v", k, ok)
	}
}
