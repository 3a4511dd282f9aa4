package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/blakesmith/ar"
)

// readobjFlags are the flag sets of testdata/sections/gen.sh's goldens.
var readobjFlags = map[string][]string{
	"bb":         {"--bb-addr-map"},
	"bbpretty":   {"--bb-addr-map", "--pretty-pgo-analysis-map"},
	"cg":         {"--cg-profile"},
	"addrsig":    {"--addrsig"},
	"deplibs":    {"--dependent-libraries"},
	"linkeropts": {"--elf-linker-options"},
	"all":        {"--dependent-libraries", "--elf-linker-options", "--cg-profile", "--bb-addr-map", "--addrsig"},
	"bbC":        {"-C", "--bb-addr-map"},
	"cgC":        {"-C", "--cg-profile"},
	"addrsigC":   {"-C", "--addrsig"},
	"allC":       {"-C", "--dependent-libraries", "--elf-linker-options", "--cg-profile", "--bb-addr-map", "--addrsig"},
}

// readobjExceptions are goldens where llvm-readobj-22 is wrong and
// bcextract deliberately differs. Each says why.
var readobjExceptions = map[string]string{
	// llvm-readobj-22 cannot read REL relocations for a BB address map
	// ("has invalid sh_entsize: expected 12, but got 8") and prints an
	// empty map; bcextract takes the implicit addends from the section.
	"bbmap-i686.o.bb":       "REL relocations",
	"bbmap-i686.o.bbpretty": "REL relocations",
	"bbmap-i686.o.all":      "REL relocations",
	"bbmap-i686.o.allC":     "REL relocations",
	// llvm-readobj-22 decompresses a compressed BB address map, but reads
	// a compressed SHT_LLVM_ADDRSIG, SHT_LLVM_CALL_GRAPH_PROFILE,
	// SHT_LLVM_DEPENDENT_LIBRARIES or SHT_LLVM_LINKER_OPTIONS as stored,
	// compression header and all; bcextract decompresses them and prints
	// what it prints for the original (TestSectionsCompressed).
	"bbmap-zstd.o.addrsig":         "compressed .llvm_addrsig",
	"bbmap-zstd.o.all":             "compressed .llvm_addrsig",
	"cgprofile-zlib.o.cg":          "compressed .llvm.call-graph-profile",
	"cgprofile-zlib.o.all":         "compressed .llvm.call-graph-profile",
	"deplibs-zstd.o.deplibs":       "compressed .deplibs",
	"deplibs-zstd.o.all":           "compressed .deplibs",
	"linkeropts-zlib.o.linkeropts": "compressed .linker-options",
	"linkeropts-zlib.o.all":        "compressed .linker-options",
	"bbmap-zstd.o.allC":            "compressed .llvm_addrsig",
	"cgprofile-zlib.o.allC":        "compressed .llvm.call-graph-profile",
	"deplibs-zstd.o.allC":          "compressed .deplibs",
	"linkeropts-zlib.o.allC":       "compressed .linker-options",
}

// TestSectionsGolden runs 'sections' on every fixture of testdata/sections
// with every flag set and compares stdout, the warnings and the exit
// status with llvm-readobj-22's.
func TestSectionsGolden(t *testing.T) {
	goldens, _ := filepath.Glob("../../testdata/sections/golden/*")
	if len(goldens) == 0 {
		t.Skip("no goldens in testdata/sections/golden")
	}
	wd, _ := os.Getwd()
	if err := os.Chdir("../../testdata/sections"); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	n := 0
	for _, g := range goldens {
		base := filepath.Base(g)
		if strings.HasSuffix(base, ".stderr") || strings.HasSuffix(base, ".exit") || strings.HasSuffix(base, ".json") ||
			strings.HasSuffix(base, ".objdump") || strings.HasSuffix(base, ".objdumpC") { // bbmap's goldens
			continue
		}
		dot := strings.LastIndexByte(base, '.')
		file, set := base[:dot], base[dot+1:]
		flags, ok := readobjFlags[set]
		if !ok {
			t.Errorf("%s: unknown flag set %q", base, set)
			continue
		}
		if why, ok := readobjExceptions[base]; ok {
			t.Logf("%s: skipped, llvm-readobj-22 is wrong here: %s", base, why)
			continue
		}
		n++
		want, _ := os.ReadFile("golden/" + base)
		wantErr, _ := os.ReadFile("golden/" + base + ".stderr")
		wantCode := 0
		if b, err := os.ReadFile("golden/" + base + ".exit"); err == nil {
			wantCode, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		}
		var stdout, stderr bytes.Buffer
		code := run(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, append(append([]string{"sections"}, flags...), file))
		gotErr := strings.ReplaceAll(stderr.String(), "bcextract: warning: ", "llvm-readobj-22: warning: ")
		if stdout.String() != string(want) || (code != 0) != (wantCode != 0) || gotErr != string(wantErr) {
			t.Errorf("%s: exit %d (want %d)\nstdout:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s", base, code, wantCode, stdout.String(), want, gotErr, wantErr)
		}
		// The same, in JSON, must parse.
		stdout.Reset()
		stderr.Reset()
		run(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, append(append([]string{"sections", "--json"}, flags...), file))
		var doc []map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil || len(doc) != 1 || doc[0]["FileSummary"] == nil {
			t.Errorf("%s --json: %v\n%s", base, err, stdout.String())
		}
	}
	if n == 0 {
		t.Error("no golden compared")
	}
}

// A Mach-O call-graph profile, against llvm-readobj-22 --cg-profile.
func TestSectionsMachOCGProfile(t *testing.T) {
	want, err := os.ReadFile("../../container/macho/testdata/cgprofile-macho.o.readobj")
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if err := os.Chdir("../../container/macho/testdata"); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var stdout, stderr bytes.Buffer
	code := run(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, []string{"sections", "--cg-profile", "cgprofile-macho.o"})
	if code != 0 || stdout.String() != string(want) {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr.String(), stdout.String(), want)
	}
}

// An archive prints one block per member, "File: lib.a(member.o)", as
// llvm-readobj-22 does; the archive is written with blakesmith/ar.
func TestSectionsArchive(t *testing.T) {
	dir := t.TempDir()
	var want bytes.Buffer
	f, err := os.Create(filepath.Join(dir, "lib.a"))
	if err != nil {
		t.Fatal(err)
	}
	w := ar.NewWriter(f)
	if err := w.WriteGlobalHeader(); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"cgprofile.o", "deplibs.o"} {
		data, err := os.ReadFile("../../testdata/sections/" + m)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteHeader(&ar.Header{Name: m, ModTime: time.Unix(0, 0), Mode: 0o644, Size: int64(len(data))}); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(data); err != nil {
			t.Fatal(err)
		}
		g, err := os.ReadFile("../../testdata/sections/golden/" + m + ".cg")
		if err != nil {
			t.Fatal(err)
		}
		want.Write(bytes.Replace(g, []byte("File: "+m+"\n"), []byte("File: "+filepath.Join(dir, "lib.a")+"("+m+")\n"), 1))
	}
	f.Close()
	var stdout, stderr bytes.Buffer
	code := run(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, []string{"sections", "--cg-profile", filepath.Join(dir, "lib.a")})
	if code != 0 || stdout.String() != want.String() {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr.String(), stdout.String(), want.String())
	}
}
