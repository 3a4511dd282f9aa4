package container

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container/xar"
	"github.com/bcextract/bcextract/container/xar/xartest"
	"github.com/bcextract/bcextract/sections"
)

// TestBundlesGolden checks every bundle member listed in bundles.golden:
// its data is the bitcode file gen.sh put into the bundle, byte for byte.
func TestBundlesGolden(t *testing.T) {
	f, err := os.Open(fixtures + "bundles.golden")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := make(map[string]string)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		path, rest, _ := strings.Cut(sc.Text(), " ")
		want[path] = rest
	}
	if len(want) < 10 {
		t.Fatalf("only %d members in bundles.golden", len(want))
	}
	seen := make(map[string]bool)
	for path := range want {
		fixture := path[:strings.IndexAny(path, "[:")]
		if seen[fixture] {
			continue
		}
		seen[fixture] = true
		ps, err := walkFixture(t, fixture)
		if err != nil && !strings.HasPrefix(fixture, "bad-") {
			t.Errorf("%s: %v", fixture, err)
		}
		for _, p := range ps {
			s := sha256.Sum256(p.Data)
			got := fmt.Sprintf("%d %s", len(p.Data), hex.EncodeToString(s[:]))
			if w, ok := want[p.Path]; ok {
				if got != w {
					t.Errorf("%s: %s, want %s", p.Path, got, w)
				}
				checkModule(t, &p)
				delete(want, p.Path)
			}
		}
	}
	for path := range want {
		t.Errorf("%s: not found", path)
	}
}

// TestBundleInfo checks what the payloads of app's arm64 bundle say about
// the link and the members (as gen.sh gave them to mk/xargen).
func TestBundleInfo(t *testing.T) {
	ps, err := walkFixture(t, "app")
	if err != nil {
		t.Fatal(err)
	}
	link := BundleInfo{Version: "1.0", Arch: "arm64", Platform: "macOS", SDKVersion: "11.0.0",
		Dylibs:      []string{"{SDKPATH}/usr/lib/libSystem.B.dylib"},
		LinkOptions: []string{"-execute", "-platform_version", "macOS", "11.0.0", "11.0.0", "-e", "_main", "-executable_path", "app"}}
	tests := []struct {
		path   string
		member *BundleMember
		cmd    string // the first three arguments
	}{
		{"app[arm64]:__LLVM,__bundle", nil, ""},
		{"app[arm64]:__LLVM,__bundle/1", &BundleMember{Name: "1", FileType: "Bitcode", Encoding: xar.EncodingNone, Tool: "clang", Size: 3472}, "-cc1 -triple arm64-apple-macosx11.0.0"},
		{"app[arm64]:__LLVM,__bundle/2", &BundleMember{Name: "2", FileType: "Bitcode", Encoding: xar.EncodingNone, Tool: "clang", Size: 2832}, "-cc1 -triple arm64-apple-macosx11.0.0"},
	}
	for _, tt := range tests {
		var p *Payload
		for i := range ps {
			if ps[i].Path == tt.path {
				p = &ps[i]
			}
		}
		if p == nil || p.Bundle == nil {
			t.Fatalf("%s: no payload with bundle info", tt.path)
		}
		want := link
		want.Member = tt.member
		if !reflect.DeepEqual(*p.Bundle, want) {
			t.Errorf("%s: %+v %+v,\nwant %+v %+v", tt.path, *p.Bundle, p.Bundle.Member, want, want.Member)
		}
		var cmd string
		if cl := sections.DecodeCmdlines(p.Cmdline); len(cl) == 1 && len(cl[0]) > 3 {
			cmd = strings.Join(cl[0][:3], " ")
		}
		if cmd != tt.cmd || p.Arch != "arm64" || p.Format != MachO || p.Section != "__LLVM,__bundle" || p.Decoded() {
			t.Errorf("%s: cmdline %q, arch %s, format %v, section %s, decoded %v", tt.path, cmd, p.Arch, p.Format, p.Section, p.Decoded())
		}
	}
}

// A bad member of a bundle is an error naming it; the bundle and the other
// members are still reported.
func TestBundlePartial(t *testing.T) {
	tests := []struct {
		file     string
		checksum bool // errors.Is(err, xar.ErrChecksum)
	}{
		{"bad-xar-cksum.o", true},
		{"bad-xar-trunc.o", false},
		{"bad-xar-offset.o", false},
	}
	for _, tt := range tests {
		ps, err := walkFixture(t, tt.file)
		var ce *Error
		if !errors.As(err, &ce) || ce.Path != tt.file+":__LLVM,__bundle/2" || ce.File != tt.file || errors.Is(err, xar.ErrChecksum) != tt.checksum {
			t.Errorf("%s: %v", tt.file, err)
		}
		if got := rows(ps); len(got) != 2 || got[0].kind != KindBundle || got[1].path != tt.file+":__LLVM,__bundle/1" {
			t.Errorf("%s: %+v", tt.file, got)
		}
	}
}

// A bundle inside a bundle is followed when stored as is; an object stored
// in a bundle is walked; other files are not payloads.
func TestNestedBundle(t *testing.T) {
	elf, err := os.ReadFile(fixtures + "elf-x86_64.o")
	if err != nil {
		t.Fatal(err)
	}
	bc := []byte("BC\xc0\xde\x35\x14\x00\x00\x05\x00\x00\x00\x62\x0c\x30\x24")
	inner := (&xartest.Bundle{Members: []xartest.Member{{Name: "1", FileType: "Bitcode", Data: bc}}}).Bytes()
	outer := (&xartest.Bundle{
		Ld: &xar.Ld{Platform: "iOS"},
		Members: []xartest.Member{
			{Name: "1", FileType: "Bundle", Data: inner},
			{Name: "2", FileType: "Bundle", Data: inner, Encoding: xartest.Zlib},
			{Name: "3", FileType: "Object", Data: elf},
			{Name: "exports.exp", FileType: "Exports", Data: []byte("_main\n"), Encoding: xartest.Zlib},
			{Name: "4", FileType: "Bitcode", Data: []byte{0}},
		},
	}).Bytes()
	var w Walker
	var got []string
	whole := Payload{Path: "b", Kind: KindBundle, Format: MachO, Data: outer, Size: int64(len(outer))}
	s := &walk{w: &w, max: DefaultMaxDepth, decodeBudget: 1 << 20, pathBudget: 1 << 20, fn: func(p *Payload) error {
		info := ""
		if p.Bundle != nil {
			info = p.Bundle.Platform
			if m := p.Bundle.Member; m != nil {
				info += " " + m.Name + " " + m.FileType
			}
		}
		got = append(got, fmt.Sprintf("%s %s %v [%s]", p.Path, p.Kind, p.Decoded(), info))
		return nil
	}}
	s.bundle(node{file: "b", path: "b"}, &whole)
	want := []string{
		"b bundle false [iOS]",
		"b/1 bundle false [ 1 Bundle]",
		"b/1/1 bitcode false [ 1 Bitcode]",
		"b/2 bundle true [iOS 2 Bundle]",
		"b/3:.llvmbc#1 bitcode false []",
		"b/3:.llvmcmd#1 cmdline false []",
		"b/4 marker false [iOS 4 Bitcode]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || len(s.errs) != 0 {
		t.Errorf("%v\n%s\nwant:\n%s", s.errs, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Bundles whose files all name the same nested bundle, nested again and
// again, are read within the walk's budget: 16 copies at each of 6 levels
// would otherwise be 16^6 bundles.
func TestBundleOverlap(t *testing.T) {
	data := []byte("BC\xc0\xde\x35\x14\x00\x00\x05\x00\x00\x00\x62\x0c\x30\x24")
	ft := "Bitcode"
	for range 6 {
		toc, heap := (&xartest.Bundle{Members: []xartest.Member{{Name: "x", FileType: ft, Data: data}}}).TOC()
		i := strings.Index(string(toc), "<file ")
		j := strings.LastIndex(string(toc), "</file>") + len("</file>")
		file := string(toc[i:j])
		toc = []byte(string(toc[:i]) + strings.Repeat(file, 16) + string(toc[j:]))
		data, ft = xartest.Archive(toc, heap), "Bundle"
	}
	var w Walker
	n := 0
	whole := Payload{Path: "b", Kind: KindBundle, Data: data, Size: int64(len(data))}
	s := &walk{w: &w, max: DefaultMaxDepth, decodeBudget: 16*int64(len(data)) + 1<<20, pathBudget: 1 << 20, fn: func(*Payload) error { n++; return nil }}
	s.bundle(node{file: "b", path: "b"}, &whole)
	if !errors.Is(errors.Join(s.errs...), ErrBundleData) || n > 20000 {
		t.Errorf("%d payloads, %d errors, first %v", n, len(s.errs), s.errs[0])
	}
}
