package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// gnuArchive builds a GNU ar archive of the named members, every name in
// the "//" long-name table so that any byte may appear in it.
func gnuArchive(names []string, data []byte) []byte {
	var table bytes.Buffer
	offs := make([]int, len(names))
	for i, n := range names {
		offs[i] = table.Len()
		table.WriteString(n + "/\n")
	}
	var b bytes.Buffer
	b.WriteString("!<arch>\n")
	header := func(name string, size int) {
		fmt.Fprintf(&b, "%-16s%-12d%-6d%-6d%-8o%-10d`\n", name, 0, 0, 0, 0o644, size)
	}
	header("//", table.Len())
	b.Write(table.Bytes())
	if b.Len()%2 != 0 {
		b.WriteByte('\n')
	}
	for i := range names {
		header(fmt.Sprintf("/%d", offs[i]), len(data))
		b.Write(data)
		if b.Len()%2 != 0 {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// safeFile matches the names extract may create.
var safeFile = regexp.MustCompile(`^[A-Za-z0-9_+,@#=~-][A-Za-z0-9._+,@#=~-]*$`)

// Member names that try to leave the output directory, or that no file
// system (or only some) accepts, all become distinct, plain file names
// inside it.
func TestExtractHostileNames(t *testing.T) {
	bc, err := os.ReadFile("../../testdata/bc/plain.bc")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{
		"../../up.bc", "/etc/abs.bc", `..\..\win.bc`, `C:\Windows\drive.bc`, `\\server\share\unc.bc`,
		"ctl\x01\x1b[31m\r\t.bc", "nul\x00hidden.bc", "CON", "aux.bc", "COM1", "lpt9.x",
		strings.Repeat("long", 100) + ".bc", "same.bc", "same.bc", "SAME.bc", "-rf", ".", "..", "", " ",
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	if err := os.Mkdir(in, 0o755); err != nil {
		t.Fatal(err)
	}
	lib := filepath.Join(in, "hostile.a")
	if err := os.WriteFile(lib, gnuArchive(names, bc), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, _, stderr := runCmd(t, "extract", "-d", out, lib)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	ents, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != len(names) {
		t.Errorf("%d files for %d members", len(ents), len(names))
	}
	seen := map[string]bool{}
	for _, e := range ents {
		n := e.Name()
		if !e.Type().IsRegular() || !safeFile.MatchString(n) || len(n) > 255 || isReservedName([]byte(n)) {
			t.Errorf("unsafe output %q (%v)", n, e.Type())
		}
		if seen[strings.ToLower(n)] {
			t.Errorf("%q repeats (ignoring case)", n)
		}
		seen[strings.ToLower(n)] = true
		got, err := os.ReadFile(filepath.Join(out, n))
		if err != nil || !bytes.Equal(got, bc) {
			t.Errorf("%s: contents differ (%v)", n, err)
		}
	}
	// Nothing else appeared beside the input or the output directory.
	for _, d := range []string{dir, in} {
		ents, _ := os.ReadDir(d)
		if len(ents) != map[string]int{dir: 2, in: 1}[d] {
			t.Errorf("%s holds %v", d, ents)
		}
	}
}

func TestIsReservedName(t *testing.T) {
	for name, want := range map[string]bool{
		"CON": true, "con.bc": true, "Nul.x.y": true, "COM1": true, "lpt9.bc": true, "aux": true,
		"COM0": false, "COM10": false, "CONX": false, "_CON": false, "x.CON": false, "": false,
	} {
		if got := isReservedName([]byte(name)); got != want {
			t.Errorf("isReservedName(%q) = %v", name, got)
		}
	}
	if got := safeName("nul.bc#1"); got != "_nul.bc#1" {
		t.Errorf("safeName(nul.bc#1) = %q", got)
	}
}

// A symbolic link planted in the output directory under the name a payload
// will take is never followed: without --force the name is taken, with it
// the link itself is replaced, and its target is untouched either way.
func TestExtractPlantedSymlink(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	victim := filepath.Join(dir, "victim")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(victim, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	const name = "plain.bc#1.bc" // what extract names testdata/bc/plain.bc's module
	for _, target := range []string{victim, filepath.Join(dir, "missing")} {
		link := filepath.Join(out, name)
		os.Remove(link)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCmd(t, "extract", "-d", out, "../../testdata/bc/plain.bc")
		if code != exitFailure || !strings.Contains(stderr, name+": exists (use --force to replace it)") {
			t.Errorf("link to %s: exit %d, stderr %q", target, code, stderr)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("link to %s replaced without --force", target)
		}
		if _, err := os.Stat(filepath.Join(dir, "missing")); err == nil {
			t.Errorf("the dangling link's target was created")
		}
		code, _, stderr = runCmd(t, "extract", "--force", "-d", out, "../../testdata/bc/plain.bc")
		if code != exitOK {
			t.Errorf("--force: exit %d, stderr %q", code, stderr)
		}
		if fi, err := os.Lstat(link); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("--force: %s is not a regular file", link)
		}
		if got, _ := os.ReadFile(victim); string(got) != "precious" {
			t.Errorf("the link's target was written: %q", got)
		}
		if _, err := os.Stat(filepath.Join(dir, "missing")); err == nil {
			t.Errorf("the dangling link's target was created")
		}
	}
}

// An output directory in which nothing can be created is one clear error,
// before any payload is read. (Tests run as root, for whom permissions
// do not stop writes; /proc/self takes no new files from anyone.)
func TestExtractUnwritableDir(t *testing.T) {
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("no /proc")
	}
	dir := "/proc/self"
	if os.Geteuid() != 0 {
		dir = t.TempDir()
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
	}
	code, _, stderr := runCmd(t, "extract", "-d", dir, "../../testdata/bc/plain.bc", containers+"prog")
	if code != exitFailure || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "output directory "+dir+" is not writable: ") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = runCmd(t, "extract", "-o", filepath.Join(dir, "x.bc"), "../../testdata/bc/plain.bc")
	if code != exitFailure || !strings.Contains(stderr, "x.bc: cannot create a file in "+dir+": ") {
		t.Errorf("-o: exit %d, stderr %q", code, stderr)
	}
}

// A write that fails half-way leaves neither the output file nor its
// temporary file: the output name only ever holds a complete payload.
func TestExtractFailedWrite(t *testing.T) {
	saved := writeData
	defer func() { writeData = saved }()
	writeData = func(f *os.File, data []byte) error {
		f.Write(data[:len(data)/2])
		return errors.New("no space left on device (simulated)")
	}
	out := t.TempDir()
	code, _, stderr := runCmd(t, "extract", "-d", out, containers+"prog")
	if code != exitFailure || strings.Count(stderr, "no space left on device (simulated)\n") != 3 { // prog holds 3 modules
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if ents, _ := os.ReadDir(out); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
	// An existing file is kept as it was when --force's write fails.
	writeData = saved
	if code, _, stderr := runCmd(t, "extract", "-d", out, containers+"prog"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	before, _ := os.ReadDir(out)
	writeData = func(f *os.File, data []byte) error { return errors.New("simulated") }
	runCmd(t, "extract", "--force", "-d", out, containers+"prog")
	after, _ := os.ReadDir(out)
	if len(after) != len(before) {
		t.Errorf("files before %v, after %v", before, after)
	}
	for _, e := range after {
		if fi, _ := e.Info(); fi.Size() == 0 || strings.HasPrefix(e.Name(), ".bcextract-") {
			t.Errorf("%s: size %d after a failed --force", e.Name(), fi.Size())
		}
	}
}

// TestMain lets TestInterruptedExtract run this test binary as bcextract,
// with writes that stop half-way and wait to be interrupted.
func TestMain(m *testing.M) {
	if os.Getenv("BCEXTRACT_TEST_HANG_WRITES") == "1" {
		writeData = func(f *os.File, data []byte) error {
			f.Write(data[:len(data)/2])
			select {} // until a signal ends the program
		}
		os.Args[0] = "bcextract"
		main()
	}
	os.Exit(m.Run())
}

// An extraction interrupted by a signal while writing leaves nothing
// behind: the temporary file is removed and the exit status is 130.
func TestInterruptedExtract(t *testing.T) {
	out := t.TempDir()
	cmd := exec.Command(os.Args[0], "extract", "-d", out, containers+"prog")
	cmd.Env = append(os.Environ(), "BCEXTRACT_TEST_HANG_WRITES=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	for i := 0; ; i++ {
		if m, _ := filepath.Glob(filepath.Join(out, ".bcextract-*.tmp")); len(m) == 1 {
			break
		}
		if i == 1000 {
			t.Fatal("no temporary file after 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Errorf("exit: %v, want status 130", err)
	}
	if ents, _ := os.ReadDir(out); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
}

// A file truncated while it is mapped faults when its lost pages are read;
// every command reports that as an error of the file (exit 1) instead of
// dying of SIGBUS.
func TestTruncatedWhileMapped(t *testing.T) {
	src, err := os.ReadFile(containers + "lib-gnu.a") // 16 KiB: pages to lose
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "shrinking.a")
	defer func() { afterMap = nil }()
	afterMap = func(name string) {
		if err := os.Truncate(name, 0); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"list", in}, {"extract", "-d", t.TempDir(), in}, {"inspect", in}, {"dump", in},
		{"stats", in}, {"sections", "--all", in}, {"bbmap", in},
	} {
		if err := os.WriteFile(in, src, 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCmd(t, args...)
		if code != exitFailure || !strings.Contains(stderr, in+": memory fault reading the mapped file (was it truncated while being read?) at byte 0x") {
			t.Errorf("%s: exit %d, stderr %q", args[0], code, stderr)
		}
	}
}
