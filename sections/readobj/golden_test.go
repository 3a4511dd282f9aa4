package readobj

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bcextract/bcextract/container/elf"
	"github.com/blakesmith/ar"
)

// dumpFile dumps every object file of the file at path as the sections
// command does, as text or as a JSON array, and returns the output, the
// warnings (one "warning: 'FILE': MSG" line each) and the errors of the
// files that could not be dumped.
func dumpFile(t testing.TB, path string, o Options, asJSON bool) (out, warnings string, errs []error) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var warn strings.Builder
	o.Warn = func(file, msg string) { warn.WriteString("warning: '" + file + "': " + msg + "\n") }
	files, err := Files(path, data)
	if err != nil {
		errs = append(errs, err)
	}
	o.Budget = elf.NewBudget(elf.DefaultBudget(len(data)))
	var buf bytes.Buffer
	var docs []Object
	for _, f := range files {
		if asJSON {
			doc, err := JSON(f, o)
			if err != nil {
				errs = append(errs, err)
			}
			docs = append(docs, doc)
			continue
		}
		if err := Text(&buf, f, o); err != nil {
			errs = append(errs, err)
		}
	}
	if asJSON {
		b, err := json.Marshal(docs)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(b)
	}
	return buf.String(), warn.String(), errs
}

// goldenOptions are the flag sets of testdata/sections/gen.sh's goldens,
// as Options.
var goldenOptions = map[string]Options{
	"bb":         {BBAddrMap: true},
	"bbpretty":   {BBAddrMap: true, PrettyPGO: true},
	"cg":         {CGProfile: true},
	"addrsig":    {Addrsig: true},
	"deplibs":    {DependentLibraries: true},
	"linkeropts": {LinkerOptions: true},
	"all":        {DependentLibraries: true, LinkerOptions: true, CGProfile: true, BBAddrMap: true, Addrsig: true},
	"bbC":        {Demangle: true, BBAddrMap: true},
	"cgC":        {Demangle: true, CGProfile: true},
	"addrsigC":   {Demangle: true, Addrsig: true},
	"allC":       {Demangle: true, DependentLibraries: true, LinkerOptions: true, CGProfile: true, BBAddrMap: true, Addrsig: true},
}

// goldenExceptions are goldens where llvm-readobj-22 is wrong and Text
// deliberately differs. Each says why.
var goldenExceptions = map[string]string{
	// llvm-readobj-22 cannot read REL relocations for a BB address map
	// ("has invalid sh_entsize: expected 12, but got 8") and prints an
	// empty map; Text takes the implicit addends from the section.
	"bbmap-i686.o.bb":       "REL relocations",
	"bbmap-i686.o.bbpretty": "REL relocations",
	"bbmap-i686.o.all":      "REL relocations",
	"bbmap-i686.o.allC":     "REL relocations",
	// llvm-readobj-22 decompresses a compressed BB address map, but reads
	// a compressed SHT_LLVM_ADDRSIG, SHT_LLVM_CALL_GRAPH_PROFILE,
	// SHT_LLVM_DEPENDENT_LIBRARIES or SHT_LLVM_LINKER_OPTIONS as stored,
	// compression header and all; Text decompresses them and prints what
	// it prints for the original (cmd/bcextract's TestSectionsCompressed).
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

// TestGolden dumps every fixture of testdata/sections with every flag set
// and compares the text and the warnings with llvm-readobj-22's (all of
// them exit 0); the JSON form of the same must parse.
func TestGolden(t *testing.T) {
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
		o, ok := goldenOptions[set]
		if !ok {
			t.Errorf("%s: unknown flag set %q", base, set)
			continue
		}
		if why, ok := goldenExceptions[base]; ok {
			t.Logf("%s: skipped, llvm-readobj-22 is wrong here: %s", base, why)
			continue
		}
		if _, err := os.Stat("golden/" + base + ".exit"); err == nil {
			t.Errorf("%s: an exit status other than 0 is not compared here", base)
		}
		n++
		want, _ := os.ReadFile("golden/" + base)
		wantErr, _ := os.ReadFile("golden/" + base + ".stderr")
		out, warnings, errs := dumpFile(t, file, o, false)
		warnings = strings.ReplaceAll(warnings, "warning: ", "llvm-readobj-22: warning: ")
		if out != string(want) || errs != nil || warnings != string(wantErr) {
			t.Errorf("%s: errors %v\nout:\n%s\nwant:\n%s\nwarnings:\n%s\nwant:\n%s", base, errs, out, want, warnings, wantErr)
		}
		out, _, _ = dumpFile(t, file, o, true)
		var doc []map[string]any
		if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc) != 1 || doc[0]["FileSummary"] == nil {
			t.Errorf("%s JSON: %v\n%s", base, err, out)
		}
	}
	if n == 0 {
		t.Error("no golden compared")
	}
}

// A Mach-O call-graph profile, against llvm-readobj-22 --cg-profile.
func TestMachOCGProfile(t *testing.T) {
	want, err := os.ReadFile("../../container/macho/testdata/cgprofile-macho.o.readobj")
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if err := os.Chdir("../../container/macho/testdata"); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	out, warnings, errs := dumpFile(t, "cgprofile-macho.o", Options{CGProfile: true}, false)
	if errs != nil || warnings != "" || out != string(want) {
		t.Errorf("errors %v, warnings %q, out:\n%s\nwant:\n%s", errs, warnings, out, want)
	}
}

// An archive dumps one block per member, "File: lib.a(member.o)", as
// llvm-readobj-22 does; the archive is written with blakesmith/ar.
func TestArchive(t *testing.T) {
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
	out, warnings, errs := dumpFile(t, filepath.Join(dir, "lib.a"), Options{CGProfile: true}, false)
	if errs != nil || warnings != "" || out != want.String() {
		t.Errorf("errors %v, warnings %q, out:\n%s\nwant:\n%s", errs, warnings, out, want.String())
	}
}
