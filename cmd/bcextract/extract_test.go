package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const containers = "../../testdata/containers/"

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

func TestList(t *testing.T) {
	code, out, stderr := runCmd(t, "list", containers+"prog", containers+"macho-marker.o")
	want := strings.ReplaceAll(`PATH                                                   KIND     SECTION           OFFSET  SIZE  PRODUCER    TRIPLE
D/prog:.llvmbc#1                         bitcode  .llvmbc           0x179   2812  LLVM22.1.8  x86_64-unknown-linux-gnu
D/prog:.llvmbc#2                         bitcode  .llvmbc           0xc75   2504  LLVM22.1.8  x86_64-unknown-linux-gnu
D/prog:.llvmbc#3                         bitcode  .llvmbc           0x163d  2532  LLVM22.1.8  x86_64-unknown-linux-gnu
D/prog:.llvmcmd#1                        cmdline  .llvmcmd          0x2021  162   -           -
D/prog:.llvmcmd#2                        cmdline  .llvmcmd          0x20c3  162   -           -
D/prog:.llvmcmd#3                        cmdline  .llvmcmd          0x2165  162   -           -
D/macho-marker.o:__LLVM,__bitcode        marker   __LLVM,__bitcode  0x21a   1     -           -
D/macho-marker.o:__LLVM,__cmdline#1      cmdline  __LLVM,__cmdline  0x21b   831   -           -
`, "D/", containers)
	if code != 0 || stderr != "" || fields(out) != fields(want) || !strings.HasPrefix(out, "PATH  ") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, out, want)
	}
}

// fields normalises the column spacing of a table.
func fields(s string) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		lines = append(lines, strings.Join(strings.Fields(l), " "))
	}
	return strings.Join(lines, "\n")
}

func TestListJSON(t *testing.T) {
	code, out, stderr := runCmd(t, "list", "--json", containers+"lib-gnu.a", containers+"bad-ar-size.a")
	if code != exitFailure || !strings.Contains(stderr, `bad-ar-size.a: invalid size field "12x       " in member header at byte 0xdfc`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	var doc jsonListDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(doc.Payloads) != 11 || len(doc.Errors) != 1 { // 9 + good.o of bad-ar-size.a
		t.Fatalf("%d payloads, %d errors; want 11, 1", len(doc.Payloads), len(doc.Errors))
	}
	p := doc.Payloads[2] // dup.o@1's module
	if p.Path != containers+"lib-gnu.a(dup.o@1):.llvmbc#1" || p.Kind != "bitcode" || p.Format != "elf" || p.Arch != "x86_64" ||
		p.Offset != 0xf10 || p.Size != 2452 || p.Module != 1 || p.Triple != "x86_64-unknown-linux-gnu" ||
		len(p.Cmdline) < 3 || p.Cmdline[0] != "-cc1" || p.Cmdline[1] != "-triple" || p.Cmdline[2] != "x86_64-unknown-linux-gnu" {
		t.Errorf("payload 2 = %+v", p)
	}
	e := doc.Errors[0]
	if e.Offset == nil || *e.Offset != 0xdfc || e.Path != containers+"bad-ar-size.a" {
		t.Errorf("error = %+v", e)
	}
}

func sha(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func TestExtractStdout(t *testing.T) {
	tests := []struct {
		args []string
		size int
		sum  string // from sections.golden (llvm-objcopy-22 --dump-section)
	}{
		{[]string{"elf-x86_64.o"}, 2608, "goldens"},
		{[]string{"--kind", "cmdline", "coff-i386.obj"}, 165, "b66868ea7c5e2f103fac37f8b745faefc31eab7ab1856e59d484ae232b0fcd65"},
		{[]string{"fatlto-thin.o"}, 2744, "632567f65f228a2baf9b48ccc4de2e84dbbc9495fc6a091d609665dc70d9e649"},
	}
	golden, err := os.ReadFile(containers + "sections.golden")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		if tt.sum == "goldens" {
			for _, l := range strings.Split(string(golden), "\n") {
				if f := strings.Fields(l); len(f) == 3 && f[0] == tt.args[0]+":.llvmbc" {
					tt.sum = f[2]
				}
			}
		}
		args := append([]string{"extract", "-o", "-"}, tt.args[:len(tt.args)-1]...)
		args = append(args, containers+tt.args[len(tt.args)-1])
		code, out, stderr := runCmd(t, args...)
		if code != 0 || len(out) != tt.size || sha([]byte(out)) != tt.sum {
			t.Errorf("%q: exit %d, stderr %q, %d bytes, sha256 %s; want %d bytes, %s", args, code, stderr, len(out), sha([]byte(out)), tt.size, tt.sum)
		}
	}
}

func TestExtractUnwrap(t *testing.T) {
	code, out, _ := runCmd(t, "extract", "-o", "-", containers+"macho-arm64.o")
	if code != 0 || !strings.HasPrefix(out, "\xde\xc0\x17\x0b") {
		t.Fatalf("exit %d, starts %q; want the wrapper magic", code, out[:min(4, len(out))])
	}
	code, inner, _ := runCmd(t, "extract", "--unwrap", "-o", "-", containers+"macho-arm64.o")
	if code != 0 || !strings.HasPrefix(inner, "BC\xc0\xde") || !strings.Contains(out, inner) || len(inner) >= len(out) {
		t.Errorf("--unwrap: exit %d, %d bytes, not the wrapped stream", code, len(inner))
	}
}

func TestExtractErrors(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"extract", "-o", "-", containers + "prog"}, exitFailure,
			"-o needs exactly one payload, but 3 match (use -d DIR, or narrow with --kind):\n\t" + containers + "prog:.llvmbc#1\n"},
		{[]string{"extract", "-o", "-", containers + "elf-marker.o"}, exitFailure, "elf-marker.o: no payload of kind bitcode, lto\n"},
		{[]string{"extract", "--kind", "bogus", containers + "prog"}, exitUsage, `unknown kind "bogus"`},
		{[]string{"extract", "-o", "x", "-d", "y", containers + "prog"}, exitUsage, "-o and -d cannot be used together"},
		{[]string{"extract", "--force", "-o", containers + "elf-x86_64.o", containers + "elf-x86_64.o"}, exitFailure, "refusing to overwrite an input file"},
		{[]string{"extract", "-o", "-", containers + "bad-elf-secoff.o"}, exitFailure, "at byte 0xcb8\n"},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}

// Member names that climb out of a directory, absolute names and repeated
// names all land inside DIR, under distinct names; nothing is replaced
// without --force.
func TestExtractDir(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	code, _, stderr := runCmd(t, "extract", "--kind", "all", "-d", out, containers+"evil.a")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			got = append(got, rel)
		}
		return nil
	})
	sort.Strings(got)
	want := []string{
		"out/evil.a_.._.._escape.o__.llvmbc#1.bc",
		"out/evil.a_.._.._escape.o__.llvmcmd#1.cmd",
		"out/evil.a_..__.llvmbc#1.bc",
		"out/evil.a_..__.llvmcmd#1.cmd",
		"out/evil.a__etc_abs.o__.llvmbc#1.bc",
		"out/evil.a__etc_abs.o__.llvmcmd#1.cmd",
		"out/evil.a_a_.._.._b.o__.llvmbc#1.bc",
		"out/evil.a_a_.._.._b.o__.llvmcmd#1.cmd",
		"out/evil.a_same.o@1__.llvmbc#1.bc",
		"out/evil.a_same.o@1__.llvmcmd#1.cmd",
		"out/evil.a_same.o@2__.llvmbc#1.bc",
		"out/evil.a_same.o@2__.llvmcmd#1.cmd",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("files:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Again: every file exists.
	code, _, stderr = runCmd(t, "extract", "--kind", "all", "-d", out, containers+"evil.a")
	if code != exitFailure || strings.Count(stderr, "exists (use --force to replace it)") != 12 {
		t.Errorf("second run: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = runCmd(t, "extract", "--kind", "all", "--force", "-d", out, containers+"evil.a")
	if code != 0 {
		t.Errorf("--force: exit %d, stderr %q", code, stderr)
	}
	// No temporary files are left behind.
	if m, _ := filepath.Glob(filepath.Join(out, ".bcextract-*")); len(m) != 0 {
		t.Errorf("left behind: %v", m)
	}
}

// Two inputs whose payloads would get the same name are kept apart.
func TestExtractCollisions(t *testing.T) {
	out := t.TempDir()
	code, _, stderr := runCmd(t, "extract", "-d", out, containers+"elf-x86_64.o", containers+"elf-x86_64.o")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, name := range []string{"elf-x86_64.o_.llvmbc#1.bc", "elf-x86_64.o_.llvmbc#1~2.bc"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Error(err)
		}
	}
}

func TestSafeName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a.o", "a.o"},
		{"..", "_."},
		{".hidden", "_hidden"},
		{"/etc/passwd", "_etc_passwd"},
		{"lib.a(x.o)[arm64]:__LLVM,__bitcode#1", "lib.a_x.o__arm64____LLVM,__bitcode#1"},
		{"a\x00b\nc", "a_b_c"},
		{"", "_"},
		{strings.Repeat("x", 300), strings.Repeat("x", 183) + "-" + sha([]byte(strings.Repeat("x", 300)))[:16]},
	}
	for _, tt := range tests {
		if got := safeName(tt.in); got != tt.want {
			t.Errorf("safeName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDumpContainer(t *testing.T) {
	code, out, stderr := runCmd(t, "stats", "--disable-histogram", containers+"prog")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for i, m := range []string{"1", "2", "3"} {
		p := containers + "prog:.llvmbc#" + m
		head := "==> " + p + " <==\n"
		if i > 0 {
			head = "\n" + head
		}
		if !strings.Contains(out, head+"Summary of "+p+":\n") {
			t.Errorf("no summary of module %s in:\n%s", m, out)
		}
	}
	code, _, stderr = runCmd(t, "dump", containers+"elf-marker.o")
	if code != exitFailure || !strings.Contains(stderr, "elf-marker.o: no bitcode module found") {
		t.Errorf("elf-marker.o: exit %d, stderr %q", code, stderr)
	}
}

// list --kind lists only the kinds asked for; a FILE with none of them is
// an error of that FILE.
func TestListKind(t *testing.T) {
	code, out, stderr := runCmd(t, "list", "--kind", "cmdline,section", containers+"prog", containers+"elf-ext.o", "../../testdata/bc/plain.bc")
	var paths []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		f := strings.Fields(l)
		paths = append(paths, strings.TrimPrefix(f[0], containers)+" "+f[1])
	}
	want := []string{
		"prog:.llvmcmd#1 cmdline", "prog:.llvmcmd#2 cmdline", "prog:.llvmcmd#3 cmdline",
		"elf-ext.o:.llvm_bb_addr_map extension", "elf-ext.o:.linker-options extension", "elf-ext.o:.deplibs extension",
		"elf-ext.o:.llvm_sympart extension", "elf-ext.o:.llvm.call-graph-profile extension", "elf-ext.o:.llvm_addrsig extension",
	}
	if code != exitFailure || strings.Join(paths, "\n") != strings.Join(want, "\n") ||
		stderr != "bcextract: ../../testdata/bc/plain.bc: no payload of kind cmdline, extension\n" {
		t.Errorf("exit %d, stderr %q, payloads:\n%s\nwant:\n%s", code, stderr, strings.Join(paths, "\n"), strings.Join(want, "\n"))
	}
	if code, _, stderr := runCmd(t, "list", "--kind", "elf", containers+"prog"); code != exitUsage || !strings.Contains(stderr, `unknown kind "elf"`) {
		t.Errorf("--kind elf: exit %d, stderr %q", code, stderr)
	}
}

// The modules of a section of ten or more are written under names whose
// module number is zero-padded, so that a glob lists them in order; their
// container paths are not. Each file written is said on stdout, or with
// --json in one document.
func TestExtractNumbering(t *testing.T) {
	plain, err := os.ReadFile("../../testdata/bc/plain.bc")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "twelve.bc") // 12 files back to back
	if err := os.WriteFile(in, bytes.Repeat(plain, 12), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCmd(t, "extract", "-d", out, in)
	var want strings.Builder
	for m := 1; m <= 12; m++ {
		fmt.Fprintf(&want, "%s#%d -> %s\n", in, m, filepath.Join(out, fmt.Sprintf("twelve.bc#%02d.bc", m)))
	}
	if code != exitOK || stderr != "" || stdout != want.String() {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, stdout, want.String())
	}
	files, _ := filepath.Glob(filepath.Join(out, "twelve.bc#*.bc"))
	for i, f := range files {
		if want := filepath.Join(out, fmt.Sprintf("twelve.bc#%02d.bc", i+1)); f != want {
			t.Errorf("glob: %s at %d, want %s", f, i, want)
		}
	}
	if len(files) != 12 {
		t.Errorf("%d files: %q", len(files), files)
	}
	// list keeps the container paths.
	if _, list, _ := runCmd(t, "list", in); !strings.Contains(list, in+"#1 ") || !strings.Contains(list, in+"#12 ") {
		t.Errorf("list:\n%s", list)
	}

	// --json: what was written, and what was not.
	code, stdout, stderr = runCmd(t, "extract", "--json", "-d", out, in, "../../testdata/containers/prog")
	var doc jsonExtractDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if code != exitFailure || len(doc.Files) != 3 || len(doc.Errors) != 12 || strings.Count(stderr, "\n") != 12 {
		t.Fatalf("exit %d, %d files, %d errors, stderr %q", code, len(doc.Files), len(doc.Errors), stderr)
	}
	if f := doc.Files[2]; f != (extracted{"../../testdata/containers/prog:.llvmbc#3", "bitcode", filepath.Join(out, "prog_.llvmbc#3.bc"), 2532}) {
		t.Errorf("files[2] = %+v", f)
	}
	if e := doc.Errors[11]; e.Path != in+"#12" || e.Error != filepath.Join(out, "twelve.bc#12.bc")+": exists (use --force to replace it)" {
		t.Errorf("errors[11] = %+v", e)
	}
	// -o -: the payload on stdout, nothing else; --json with it is a usage error.
	if code, stdout, _ := runCmd(t, "extract", "-o", "-", "../../testdata/bc/plain.bc"); code != exitOK || stdout != string(plain) {
		t.Errorf("-o -: exit %d, %d bytes", code, len(stdout))
	}
	if code, _, _ := runCmd(t, "extract", "--json", "-o", "-", "../../testdata/bc/plain.bc"); code != exitUsage {
		t.Errorf("--json -o -: exit %d", code)
	}
}
