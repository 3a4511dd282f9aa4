package main

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
	"github.com/klauspost/compress/zstd"
)

// Tests of compressed ELF sections (SHF_COMPRESSED) through the commands,
// on the fixtures llvm-objcopy-22 --compress-sections made from others.

// TestSectionsCompressed: every view of sections prints, for an object
// whose sections are compressed, what it prints for the original, but for
// the file's name; stderr and the exit status too. (llvm-readobj-22 does so
// only for BB address maps: readobjExceptions.)
func TestSectionsCompressed(t *testing.T) {
	tests := []struct{ dir, file, orig string }{
		{"../../testdata/sections", "bbmap-zstd.o", "bbmap-x86_64.o"},
		{"../../testdata/sections", "bbmap-pgo-zlib.o", "bbmap-pgo.o"},
		{"../../testdata/sections", "cgprofile-zlib.o", "cgprofile.o"},
		{"../../testdata/sections", "deplibs-zstd.o", "deplibs.o"},
		{"../../testdata/sections", "linkeropts-zlib.o", "linkeropts.o"},
		{"../../testdata/containers", "elf-ext-zstd.o", "elf-ext.o"},
		{"../../testdata/containers", "elf-x86_64-zstd.o", "elf-x86_64.o"},
		{"../../testdata/containers", "prog-zlib", "prog"},
		{"../../testdata/containers", "elf-mips32be-zlib.o", "elf-mips32be.o"},
	}
	views := [][]string{
		{"--all"}, {"--all", "--json"}, {"--bb-addr-map", "--pretty-pgo-analysis-map"},
		{"--cmdline"}, {"--sympart"}, {"--offloading"},
	}
	for _, tt := range tests {
		for _, v := range views {
			run := func(name string) (int, string, string) {
				args := append(append([]string{"sections"}, v...), filepath.Join(tt.dir, name))
				code, out, stderr := runCmd(t, args...)
				return code, strings.ReplaceAll(out, name, "FILE"), strings.ReplaceAll(stderr, name, "FILE")
			}
			code, out, stderr := run(tt.file)
			wcode, wout, wstderr := run(tt.orig)
			if code != wcode || out != wout || stderr != wstderr {
				t.Errorf("sections %s %s: exit %d, stdout:\n%s\nstderr:\n%s\nwant (as %s) exit %d, stdout:\n%s\nstderr:\n%s",
					strings.Join(v, " "), tt.file, code, out, stderr, tt.orig, wcode, wout, wstderr)
			}
		}
	}
}

// decompressedGolden reads testdata/containers/decompressed.golden:
// container path -> "size sha256" of the section llvm-objcopy-22 leaves
// decompressed (--compress-sections NAME=none).
func decompressedGolden(t *testing.T) map[string]string {
	f, err := os.Open(containers + "decompressed.golden")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g := make(map[string]string)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if path, rest, ok := strings.Cut(sc.Text(), " "); ok {
			g[path] = rest
		}
	}
	return g
}

// TestExtractCompressed: extract writes a compressed section's payload
// decompressed, exactly the bytes llvm-objcopy-22 --dump-section gives once
// --compress-sections NAME=none has decompressed it (decompressed.golden).
// A linked .llvmbc's modules are the original's, one file each.
func TestExtractCompressed(t *testing.T) {
	golden := decompressedGolden(t)
	for _, tt := range []struct {
		file, kind, section string
	}{
		{"elf-x86_64-zstd.o", "bitcode", ".llvmbc"},
		{"elf-x86_64-zstd.o", "cmdline", ".llvmcmd"},
		{"elf-i686-zlib.o", "bitcode", ".llvmbc"},
		{"elf-i686-zlib.o", "cmdline", ".llvmcmd"},
		{"elf-ppc64be-zstd.o", "bitcode", ".llvmbc"},
		{"elf-ppc64be-zstd.o", "cmdline", ".llvmcmd"},
		{"elf-mips32be-zlib.o", "bitcode", ".llvmbc"},
		{"elf-mips32be-zlib.o", "cmdline", ".llvmcmd"},
	} {
		code, out, stderr := runCmd(t, "extract", "--kind", tt.kind, "-o", "-", containers+tt.file)
		want := golden[tt.file+":"+tt.section]
		if got := strings.Join([]string{itoa(len(out)), sha([]byte(out))}, " "); code != 0 || got != want {
			t.Errorf("extract --kind %s %s: exit %d (%s), %s; want %s", tt.kind, tt.file, code, stderr, got, want)
		}
	}
	// prog-zlib: three modules and command lines, as prog's.
	dir := t.TempDir()
	for _, f := range []string{"prog-zlib", "prog"} {
		if code, _, stderr := runCmd(t, "extract", "--kind", "all", "-d", filepath.Join(dir, f), containers+f); code != 0 {
			t.Fatalf("extract %s: exit %d: %s", f, code, stderr)
		}
	}
	n := 0
	for _, suffix := range []string{".llvmbc#1.bc", ".llvmbc#2.bc", ".llvmbc#3.bc", ".llvmcmd#1.cmd", ".llvmcmd#2.cmd", ".llvmcmd#3.cmd"} {
		got, err1 := os.ReadFile(filepath.Join(dir, "prog-zlib", "prog-zlib_"+suffix))
		want, err2 := os.ReadFile(filepath.Join(dir, "prog", "prog_"+suffix))
		if err1 != nil || err2 != nil || string(got) != string(want) || len(got) == 0 {
			t.Errorf("%s: %d bytes (%v), prog's %d (%v)", suffix, len(got), err1, len(want), err2)
		}
		n++
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "prog-zlib")); len(entries) != n {
		t.Errorf("%d files extracted from prog-zlib, want %d", len(entries), n)
	}
}

// TestListCompressed: list --json gives a compressed section's payloads
// "compressed" and "decompressed_size", and offset/size of the stored
// section (llvm-readelf-22 -S); the table's SIZE is the stored size.
func TestListCompressed(t *testing.T) {
	code, out, stderr := runCmd(t, "list", "--json", containers+"elf-x86_64-zstd.o", containers+"prog-zlib", containers+"elf-x86_64.o")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Payloads []map[string]any `json:"payloads"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	type row struct {
		path       string
		offset     float64
		size       float64
		compressed any
		dsize      any
		producer   any
	}
	want := []row{
		{"elf-x86_64-zstd.o:.llvmbc#1", 0x80, 2269, "zstd", 2608.0, "LLVM22.1.8"},
		{"elf-x86_64-zstd.o:.llvmcmd#1", 0x960, 146, "zlib", 162.0, nil},
		{"prog-zlib:.llvmbc#1", 0x180, 2994, "zlib", 2812.0, "LLVM22.1.8"},
		{"prog-zlib:.llvmbc#2", 0x180, 2994, "zlib", 2504.0, "LLVM22.1.8"},
		{"prog-zlib:.llvmbc#3", 0x180, 2994, "zlib", 2532.0, "LLVM22.1.8"},
		{"prog-zlib:.llvmcmd#1", 0xd38, 154, "zlib", 162.0, nil},
		{"prog-zlib:.llvmcmd#2", 0xd38, 154, "zlib", 162.0, nil},
		{"prog-zlib:.llvmcmd#3", 0xd38, 154, "zlib", 162.0, nil},
		{"elf-x86_64.o:.llvmbc#1", 0x7c, 2608, nil, nil, "LLVM22.1.8"},
		{"elf-x86_64.o:.llvmcmd#1", 0xaac, 162, nil, nil, nil},
	}
	if len(doc.Payloads) != len(want) {
		t.Fatalf("%d payloads, want %d", len(doc.Payloads), len(want))
	}
	for i, p := range doc.Payloads {
		got := row{strings.TrimPrefix(p["path"].(string), containers), p["offset"].(float64), p["size"].(float64), p["compressed"], p["decompressed_size"], p["producer"]}
		if got != want[i] {
			t.Errorf("payload %d: %+v, want %+v", i, got, want[i])
		}
		if p["section_offset"] != p["offset"] && want[i].compressed != nil {
			t.Errorf("%s: section_offset %v, offset %v", got.path, p["section_offset"], p["offset"])
		}
		if want[i].compressed != nil && want[i].producer != nil && len(p["cmdline"].([]any)) != 11 {
			t.Errorf("%s: cmdline %v, want the paired 11 arguments", got.path, p["cmdline"])
		}
	}
	code, out, _ = runCmd(t, "list", containers+"prog-zlib")
	if code != 0 || !strings.Contains(out, "prog-zlib:.llvmbc#2   bitcode  .llvmbc   0x180   2994  LLVM22.1.8  x86_64-unknown-linux-gnu\n") {
		t.Errorf("list: exit %d\n%s", code, out)
	}
}

// TestReadCompressed: dump, stats, inspect and scan read a compressed
// section's modules decompressed: the same output as for the original
// (but for the file's name), and scan the same hashes and sizes.
func TestReadCompressed(t *testing.T) {
	for _, tt := range []struct{ file, orig string }{
		{"prog-zlib", "prog"},
		{"elf-ppc64be-zstd.o", "elf-ppc64be.o"},
		{"elf-ext-zstd.o", "elf-ext.o"},
	} {
		for _, args := range [][]string{
			{"dump"}, {"stats"}, {"inspect"}, {"inspect", "--json"}, {"inspect", "--symbols"},
			{"scan", "--sorted", "--kind", "all", "--json"},
		} {
			run := func(name string) (int, string) {
				code, out, stderr := runCmd(t, append(append([]string{}, args...), containers+name)...)
				if code != 0 {
					t.Errorf("%s %s: exit %d: %s", strings.Join(args, " "), name, code, stderr)
				}
				return code, strings.ReplaceAll(out, name, "FILE")
			}
			_, got := run(tt.file)
			_, want := run(tt.orig)
			if args[0] == "scan" {
				// Offsets are the stored section's; every payload says how
				// it is stored.
				for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
					if !strings.Contains(l, `"compressed":"zlib"`) && !strings.Contains(l, `"compressed":"zstd"`) {
						t.Errorf("scan %s: no compressed key in %s", tt.file, l)
					}
				}
				got, want = dropKeys(t, got, "offset", "compressed"), dropKeys(t, want, "offset")
			}
			if args[0] == "inspect" && len(args) > 1 && args[1] == "--json" {
				// Offsets and sizes are the stored section's.
				got, want = dropKeys(t, got, "offset", "size"), dropKeys(t, want, "offset", "size")
			}
			if got != want || got == "" {
				t.Errorf("%s %s:\n%s\nwant (as %s):\n%s", strings.Join(args, " "), tt.file, got, tt.orig, want)
			}
		}
	}
}

// dropKeys removes the keys from every object of the JSON documents (one
// per line, or one in all) in s, and prints them back compactly.
func dropKeys(t *testing.T, s string, keys ...string) string {
	t.Helper()
	var out []string
	dec := json.NewDecoder(strings.NewReader(s))
	for dec.More() {
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%v in %s", err, s)
		}
		var drop func(any)
		drop = func(v any) {
			switch v := v.(type) {
			case map[string]any:
				for _, k := range keys {
					delete(v, k)
				}
				for _, x := range v {
					drop(x)
				}
			case []any:
				for _, x := range v {
					drop(x)
				}
			}
		}
		drop(v)
		b, _ := json.Marshal(v)
		out = append(out, string(b))
	}
	return strings.Join(out, "\n")
}

// bombELF returns a little-endian ELF64 executable whose one section, a
// BB address map stored compressed, decompresses to n zero bytes from a
// zstd frame of a few hundred bytes.
func bombELF(t *testing.T, n int) []byte {
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	le := binary.LittleEndian
	contents := make([]byte, 24)
	le.PutUint32(contents, 2) // ELFCOMPRESS_ZSTD
	le.PutUint64(contents[8:], uint64(n))
	le.PutUint64(contents[16:], 1)
	contents = enc.EncodeAll(make([]byte, n), contents)
	shstr := "\x00.llvm_bb_addr_map\x00.shstrtab\x00"
	b := make([]byte, 64)
	copy(b, "\x7fELF\x02\x01\x01")
	le.PutUint16(b[16:], 2) // ET_EXEC
	le.PutUint16(b[18:], 62)
	le.PutUint32(b[20:], 1)
	b = append(b, contents...)
	strOff := len(b)
	b = append(b, shstr...)
	shoff := len(b)
	b = append(b, make([]byte, 64)...)
	hdr := func(name, typ uint32, flags uint64, off, size int) {
		h := make([]byte, 64)
		le.PutUint32(h, name)
		le.PutUint32(h[4:], typ)
		le.PutUint64(h[8:], flags)
		le.PutUint64(h[24:], uint64(off))
		le.PutUint64(h[32:], uint64(size))
		b = append(b, h...)
	}
	hdr(1, 0x6fff4c0a, 0x800, 64, len(contents)) // SHT_LLVM_BB_ADDR_MAP, SHF_COMPRESSED
	hdr(19, 3, 0, strOff, len(shstr))
	le.PutUint64(b[40:], uint64(shoff))
	le.PutUint16(b[58:], 64)
	le.PutUint16(b[60:], 3)
	le.PutUint16(b[62:], 2)
	return b
}

// The members of an archive share one budget for decompressing (16 times
// the archive plus 8 MiB), not one each: 64 members whose map decompresses
// to 4 MiB each cost what 2 do, the others being warnings.
func TestSectionsCompressedBudget(t *testing.T) {
	obj := bombELF(t, 4<<20)
	names := make([]string, 64)
	for i := range names {
		names[i] = fmt.Sprintf("m%d.o", i)
	}
	lib := filepath.Join(t.TempDir(), "bombs.a")
	data := gnuArchive(names, obj)
	if err := os.WriteFile(lib, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr string
	got := alloctest.Bytes(func() { _, _, stderr = runCmd(t, "sections", "--bb-addr-map", lib) })
	decoded := strings.Count(stderr, "unsupported SHT_LLVM_BB_ADDR_MAP version: 0")
	refused := strings.Count(stderr, "is more than the file's compressed sections may decompress to")
	budget := uint64(16*len(data) + 8<<20)
	t.Logf("%d-byte archive: %d maps decompressed, %d refused; %d bytes allocated (budget %d)", len(data), decoded, refused, got, budget)
	if decoded+refused != 64 || decoded == 0 || decoded > 2 {
		t.Errorf("%d decompressed, %d refused:\n%s", decoded, refused, stderr)
	}
	if got > budget+4<<20 {
		t.Errorf("%d bytes allocated, more than the budget %d", got, budget)
	}
}
