package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/scan/scantest"
)

// jsonScanPayload is a payload's line of 'scan --json', as the tests read
// it (scan.Printer writes it).
type jsonScanPayload struct {
	File           string   `json:"file"`
	Path           string   `json:"path"`
	Kind           string   `json:"kind"`
	Format         string   `json:"format"`
	Arch           string   `json:"arch,omitempty"`
	Section        string   `json:"section,omitempty"`
	Offset         int64    `json:"offset"`
	Size           int64    `json:"size"`
	SHA256         string   `json:"sha256"`
	Producer       string   `json:"producer"`
	Triple         string   `json:"triple"`
	SourceFilename string   `json:"source_filename"`
	Cmdline        []string `json:"cmdline"`
	OffloadArch    string   `json:"offload_arch,omitempty"`
	Compressed     string   `json:"compressed,omitempty"`
	Stored         string   `json:"stored,omitempty"`
}

// jsonManifest is the document of 'scan --manifest', as the tests read it
// (scan.Index.Manifest writes it).
type jsonManifest struct {
	ExtractDir string `json:"extract_dir"`
	Payloads   []struct {
		SHA256         string `json:"sha256"`
		Kind           string `json:"kind"`
		Size           int64  `json:"size"`
		Stored         string `json:"stored"`
		Producer       string `json:"producer"`
		Triple         string `json:"triple"`
		SourceFilename string `json:"source_filename"`
		Origins        []struct {
			File string `json:"file"`
			Path string `json:"path"`
		} `json:"origins"`
	} `json:"payloads"`
}

// scanLine is a line of 'scan --json': a payload or an error. Offset
// takes the place of the payload's, which it hides.
type scanLine struct {
	jsonScanPayload
	Error  string `json:"error"`
	Offset *int64 `json:"offset"`
}

// scanJSON runs scan --json with args and decodes its lines.
func scanJSON(t *testing.T, args ...string) (code int, lines []scanLine, raw, stderr string) {
	t.Helper()
	code, raw, stderr = runCmd(t, append([]string{"scan", "--json"}, args...)...)
	for _, l := range strings.Split(strings.TrimSuffix(raw, "\n"), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not a JSON line: %v: %s", err, l)
		}
		if _, isErr := m["error"]; !isErr {
			for _, k := range []string{"file", "path", "kind", "size", "sha256", "producer", "triple", "source_filename", "cmdline"} {
				if _, ok := m[k]; !ok {
					t.Errorf("no %q in %s", k, l)
				}
			}
		}
		var sl scanLine
		if err := json.Unmarshal([]byte(l), &sl); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, sl)
	}
	return code, lines, raw, stderr
}

// regularFiles lists the regular files below root, no link followed.
func regularFiles(t *testing.T, root string) []string {
	var files []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, path)
		}
		return nil
	})
	return files
}

// TestScanJSONMatchesList checks that scan finds what list finds in the
// same files, one by one, and reports the malformed ones as error objects
// while still reporting everything else.
func TestScanJSONMatchesList(t *testing.T) {
	tr := scantest.Build(t, "../../testdata")
	code, lines, _, stderr := scanJSON(t, "--kind", "all", tr.Root)
	if code != exitFailure {
		t.Errorf("exit %d; want %d (malformed fixtures)", code, exitFailure)
	}
	var got, errs []string
	for _, l := range lines {
		if l.Error != "" {
			errs = append(errs, l.Path)
			if l.File == "" || l.Path == "" {
				t.Errorf("error object without file or path: %+v", l)
			}
			continue
		}
		if l.Offset == nil {
			t.Errorf("no offset: %+v", l)
			continue
		}
		got = append(got, fmt.Sprintf("%s|%s|%s|%d", l.File, l.Path, l.Kind, *l.Offset))
	}
	var objects []string
	for _, f := range regularFiles(t, tr.Root) {
		if b, err := os.ReadFile(f); err == nil && container.Detect(b) != container.Unknown {
			objects = append(objects, f)
		}
	}
	_, out, _ := runCmd(t, append([]string{"list", "--json"}, objects...)...)
	var doc jsonListDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range doc.Payloads {
		want = append(want, fmt.Sprintf("%s|%s|%s|%d", p.File, p.Path, p.Kind, p.Offset))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) || len(want) < 150 {
		t.Errorf("scan: %d payloads, list: %d", len(got), len(want))
		for _, g := range got {
			if !slices.Contains(want, g) {
				t.Logf("only in scan: %s", g)
			}
		}
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Logf("only in list: %s", w)
			}
		}
	}
	for _, m := range tr.Malformed {
		if !slices.ContainsFunc(errs, func(p string) bool { return strings.HasPrefix(p, filepath.Join(tr.Root, m)) }) {
			t.Errorf("no error object for %s", m)
		}
	}
	if !strings.Contains(stderr, "bcextract scan: ") || !strings.Contains(stderr, fmt.Sprintf("errors:   %d,", len(errs))) {
		t.Errorf("summary:\n%s", stderr)
	}
}

func TestScanSortedJobs(t *testing.T) {
	tr := scantest.Build(t, "../../testdata")
	for _, args := range [][]string{{"--json"}, {"--kind", "all"}} {
		_, one, _ := runCmd(t, append(append([]string{"scan", "--sorted", "--jobs", "1"}, args...), tr.Root)...)
		_, eight, _ := runCmd(t, append(append([]string{"scan", "--sorted", "--jobs", "8"}, args...), tr.Root)...)
		if one != eight || len(one) < 10000 {
			t.Errorf("scan --sorted %q: %d bytes with 1 job, %d with 8, equal: %v", args, len(one), len(eight), one == eight)
		}
	}
}

func TestScanShardsConcatenate(t *testing.T) {
	tr := scantest.Build(t, "../../testdata")
	_, _, whole, _ := scanJSON(t, tr.Root)
	want := strings.Split(whole, "\n")
	slices.Sort(want)
	for _, n := range []int{2, 3, 5} {
		var cat string
		for i := range n {
			_, _, out, _ := scanJSON(t, "--shard", fmt.Sprintf("%d/%d", i, n), tr.Root)
			cat += out
		}
		got := strings.Split(cat, "\n")
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%d shards concatenated: %d lines; unsharded %d", n, len(got), len(want))
		}
	}
}

func TestScanExtractManifest(t *testing.T) {
	tr := scantest.Build(t, "../../testdata")
	dir := filepath.Join(tr.Root, "out") // inside the scanned tree: not scanned
	manifest := filepath.Join(t.TempDir(), "manifest.json")
	code, lines, _, stderr := scanJSON(t, "--kind", "all", "--extract-dir", dir, "--manifest", manifest, tr.Root)
	if code != exitFailure {
		t.Errorf("exit %d", code)
	}
	distinct := map[string]bool{}
	origins := map[string]string{} // file|path -> stored
	for _, l := range lines {
		if l.Error != "" {
			continue
		}
		k, _ := container.ParseKind(l.Kind)
		name := l.SHA256 + extension(k)
		distinct[name] = true
		if l.Stored != name || strings.HasPrefix(l.File, dir) {
			t.Errorf("%s: stored %q; want %q", l.Path, l.Stored, name)
		}
		origins[l.File+"|"+l.Path] = l.Stored
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != len(distinct) || len(distinct) >= len(origins) {
		t.Errorf("%d files stored for %d distinct contents among %d payloads", len(ents), len(distinct), len(origins))
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if sum := sha256.Sum256(b); !strings.HasPrefix(e.Name(), hex.EncodeToString(sum[:])+".") {
			t.Errorf("%s holds content of SHA-256 %x", e.Name(), sum)
		}
	}
	if !strings.Contains(stderr, fmt.Sprintf("stored:   %d distinct payloads in %s (%d written, 0 already there)", len(ents), dir, len(ents))) {
		t.Errorf("summary:\n%s", stderr)
	}

	var doc jsonManifest
	b, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for i, p := range doc.Payloads {
		if i > 0 && doc.Payloads[i-1].SHA256 > p.SHA256 {
			t.Errorf("manifest not sorted at %d", i)
		}
		for _, o := range p.Origins {
			stored, ok := origins[o.File+"|"+o.Path]
			if !ok || stored != p.Stored {
				t.Errorf("manifest: %s|%s stored %q; the scan said %q (%v)", o.File, o.Path, p.Stored, stored, ok)
			}
			seen++
		}
	}
	if seen != len(origins) || doc.ExtractDir != dir {
		t.Errorf("manifest: %d origins for %d payloads, extract_dir %q", seen, len(origins), doc.ExtractDir)
	}

	// Again into the same directory: every file is there already. And a
	// manifest without --extract-dir stores nothing.
	_, _, stderr = runCmd(t, "scan", "--kind", "all", "--extract-dir", dir, tr.Root)
	if !strings.Contains(stderr, fmt.Sprintf("(0 written, %d already there)", len(ents))) {
		t.Errorf("second run:\n%s", stderr)
	}
	runCmd(t, "scan", "--manifest", manifest, filepath.Join(tr.Root, "containers", "prog"))
	b, _ = os.ReadFile(manifest)
	if err := json.Unmarshal(b, &doc); err != nil || len(doc.Payloads) != 4 || len(doc.Payloads[1].Origins)+len(doc.Payloads[2].Origins) != 4 || doc.Payloads[0].Stored != "" || doc.ExtractDir != "" {
		t.Errorf("manifest of prog without --extract-dir: %v\n%s", err, b)
	}
}

func TestScanTable(t *testing.T) {
	code, out, stderr := runCmd(t, "scan", "--sorted", "--kind", "bitcode,section", containers+"elf-ext.o", containers+"prog")
	want := strings.ReplaceAll(`KIND           SIZE  SHA256        TRIPLE                     PRODUCER                       PATH
extension        32  476d3cc78ad7  -                          -                              D/elf-ext.o:.llvm_bb_addr_map
bitcode        2280  a08c2b36fc96  nvptx64-nvidia-cuda        LLVM22.1.8                     D/elf-ext.o:.llvm.offloading#1
extension        14  8324dbdbc68d  -                          -                              D/elf-ext.o:.linker-options
extension         2  187355b101e4  -                          -                              D/elf-ext.o:.deplibs
extension        14  4e5ad2c08e50  -                          -                              D/elf-ext.o:.llvm_sympart
extension         8  ed049108bc18  -                          -                              D/elf-ext.o:.llvm.call-graph-profile
extension         1  084fed08b978  -                          -                              D/elf-ext.o:.llvm_addrsig
bitcode        2812  669ea7a3a3b8  x86_64-unknown-linux-gnu   LLVM22.1.8                     D/prog:.llvmbc#1
bitcode        2504  2e9a13765d9f  x86_64-unknown-linux-gnu   LLVM22.1.8                     D/prog:.llvmbc#2
bitcode        2532  107154819c5a  x86_64-unknown-linux-gnu   LLVM22.1.8                     D/prog:.llvmbc#3
`, "D/", containers)
	if code != 0 || out != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", code, out, want)
	}
	if !strings.Contains(stderr, "objects:  2 walked, 0 skipped") || !strings.Contains(stderr, "payloads: 10 (4 bitcode, 6 extension)") {
		t.Errorf("summary:\n%s", stderr)
	}
}

func TestScanUsage(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"scan"}, exitUsage, "missing PATH"},
		{[]string{"scan", "--shard", "3/3", "."}, exitUsage, `--shard "3/3": want I/N with 0 <= I < N`},
		{[]string{"scan", "--shard", "1", "."}, exitUsage, "want I/N"},
		{[]string{"scan", "--kind", "bogus", "."}, exitUsage, `unknown kind "bogus"`},
		{[]string{"scan", "--jobs", "0", "."}, exitUsage, "--jobs must be at least 1"},
		{[]string{"scan", "/nonexistent/x"}, exitFailure, "bcextract: /nonexistent/x: stat: no such file or directory"},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
	var b bytes.Buffer
	printCommandHelp(&b, scanCommand())
	if !strings.Contains(b.String(), "Examples:") || !strings.Contains(b.String(), "--shard I/N") {
		t.Errorf("help:\n%s", b.String())
	}
}

// "scan -" scans the paths read from standard input, one a line or
// NUL-terminated (find -print0), as if they were given as PATHs.
func TestScanStdinPaths(t *testing.T) {
	files := []string{containers + "elf-x86_64.o", containers + "thin", containers + "macho-arm64.o"}
	_, want, _ := runCmd(t, append([]string{"scan", "--sorted"}, files...)...)
	if !strings.Contains(want, "thin/objs/t1.o:.llvmbc#1") {
		t.Fatalf("scan of %q:\n%s", files, want)
	}
	for _, input := range []string{
		strings.Join(files, "\n") + "\n",
		strings.Join(files, "\r\n"),
		strings.Join(files, "\x00") + "\x00",
		"\n" + files[0] + "\n\n" + strings.Join(files[1:], "\n"),
	} {
		var stdout, stderr bytes.Buffer
		code := run(&env{stdin: strings.NewReader(input), stdout: &stdout, stderr: &stderr}, []string{"scan", "--sorted", "-"})
		if code != exitOK || stdout.String() != want {
			t.Errorf("paths %q: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", input, code, stderr.String(), stdout.String(), want)
		}
	}
	var stdout, stderr bytes.Buffer
	code := run(&env{stdin: strings.NewReader("\n\n"), stdout: &stdout, stderr: &stderr}, []string{"scan", "-"})
	if code != exitUsage || !strings.Contains(stderr.String(), "no PATH on standard input") {
		t.Errorf("no paths: exit %d, stderr %q", code, stderr.String())
	}
}

// An output scan cannot write is one error before the walk, not after it.
func TestScanOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--manifest", filepath.Join(dir, "no/such/dir/m.json")}, "bcextract: --manifest: cannot create " + filepath.Join(dir, "no/such/dir/m.json") + ": no directory " + filepath.Join(dir, "no/such/dir") + "\n"},
		{[]string{"--manifest", dir}, "bcextract: --manifest: " + dir + " is a directory\n"},
		{[]string{"--extract-dir", file}, "bcextract: --extract-dir: mkdir " + file + ": not a directory\n"},
		{[]string{"--extract-dir", filepath.Join(file, "sub")}, "bcextract: --extract-dir: mkdir " + file + ": not a directory\n"},
	} {
		code, out, stderr := runCmd(t, append(append([]string{"scan"}, tt.args...), containers)...)
		if code != exitFailure || out != "" || stderr != tt.want {
			t.Errorf("scan %q: exit %d, stdout %q, stderr %q; want exit 1 and only %q", tt.args, code, out, stderr, tt.want)
		}
	}
}
