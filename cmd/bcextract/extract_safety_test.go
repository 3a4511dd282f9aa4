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
	"syscall"
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
// will take is never followed and never replaced, with or without --force:
// the payload is not written, and the link and its target stay as they are.
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
	for _, target := range []string{victim, filepath.Join(dir, "missing"), "/dev/null"} {
		link := filepath.Join(out, name)
		os.Remove(link)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		for _, force := range []bool{false, true} {
			args := []string{"extract", "-d", out, "../../testdata/bc/plain.bc"}
			if force {
				args = append(args, "--force")
			}
			code, _, stderr := runCmd(t, args...)
			if code != exitFailure || !strings.Contains(stderr, name+": is a symbolic link: neither replaced nor written through") {
				t.Errorf("link to %s, --force %v: exit %d, stderr %q", target, force, code, stderr)
			}
			if got, err := os.Readlink(link); err != nil || got != target {
				t.Errorf("link to %s, --force %v: link now %q, %v", target, force, got, err)
			}
			if got, _ := os.ReadFile(victim); string(got) != "precious" {
				t.Errorf("the link's target was written: %q", got)
			}
			if _, err := os.Stat(filepath.Join(dir, "missing")); err == nil {
				t.Errorf("the dangling link's target was created")
			}
		}
	}
}

// -o naming a character device or a FIFO writes into it, as clang -o
// /dev/null does, with or without --force; a device node is never replaced
// by a regular file. -o /dev/stdout is standard output. --force replaces
// only a regular file; a symbolic link is written through only to a device
// or a FIFO (/dev/fd/N), and never replaced.
func TestExtractOutputKinds(t *testing.T) {
	dir := t.TempDir()
	want, err := os.ReadFile("../../testdata/bc/plain.bc")
	if err != nil {
		t.Fatal(err)
	}
	extract := func(args ...string) (int, string, string) {
		return runCmd(t, append(append([]string{"extract"}, args...), "../../testdata/bc/plain.bc")...)
	}
	for _, force := range [][]string{nil, {"--force"}} {
		// /dev/null is a character device on every Unix.
		if code, _, stderr := extract(append(force, "-o", os.DevNull)...); code != exitOK {
			t.Errorf("-o %s %v: exit %d, stderr %q", os.DevNull, force, code, stderr)
		}
		if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("%s is no longer a character device: %v", os.DevNull, err)
		}
		// A node of our own, where this may make one (root, CAP_MKNOD).
		node := filepath.Join(dir, "fakenull")
		if err := syscall.Mknod(node, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
			code, _, stderr := extract(append(force, "-o", node)...)
			fi, err := os.Lstat(node)
			if code != exitOK || err != nil || fi.Mode()&os.ModeCharDevice == 0 {
				t.Errorf("-o %s %v: exit %d, stderr %q; node now %v", node, force, code, stderr, fi.Mode())
			}
			os.Remove(node)
		}
		// A FIFO, read by another goroutine.
		fifo := filepath.Join(dir, "fifo")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		got := make(chan []byte)
		go func() { b, _ := os.ReadFile(fifo); got <- b }()
		code, _, stderr := extract(append(force, "-o", fifo)...)
		if b := <-got; code != exitOK || !bytes.Equal(b, want) {
			t.Errorf("-o FIFO %v: exit %d, stderr %q, read %d bytes", force, code, stderr, len(b))
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("-o FIFO %v: the FIFO was replaced", force)
		}
		os.Remove(fifo)
	}
	// Standard output, by its names.
	for _, name := range []string{"-", "/dev/stdout"} {
		code, out, stderr := extract("-o", name)
		if code != exitOK || out != string(want) {
			t.Errorf("-o %s: exit %d, stderr %q, %d bytes out", name, code, stderr, len(out))
		}
	}
	// A symbolic link to a FIFO is written through; to a file, refused.
	fifo := filepath.Join(dir, "fifo")
	syscall.Mkfifo(fifo, 0o600)
	toFIFO := filepath.Join(dir, "to-fifo")
	os.Symlink(fifo, toFIFO)
	got := make(chan []byte)
	go func() { b, _ := os.ReadFile(fifo); got <- b }()
	if code, _, stderr := extract("-o", toFIFO); code != exitOK || !bytes.Equal(<-got, want) {
		t.Errorf("-o link to a FIFO: exit %d, stderr %q", code, stderr)
	}
	file := filepath.Join(dir, "file.bc")
	os.WriteFile(file, []byte("old"), 0o644)
	toFile := filepath.Join(dir, "to-file")
	os.Symlink(file, toFile)
	for _, force := range [][]string{nil, {"--force"}} {
		code, _, stderr := extract(append(force, "-o", toFile)...)
		if b, _ := os.ReadFile(file); code != exitFailure || string(b) != "old" || !strings.Contains(stderr, "to-file: is a symbolic link: neither replaced nor written through") {
			t.Errorf("-o link to a file %v: exit %d, stderr %q, file holds %q", force, code, stderr, b)
		}
	}
	// A regular file: kept without --force, replaced with it.
	code, _, stderr := extract("-o", file)
	if b, _ := os.ReadFile(file); code != exitFailure || string(b) != "old" || !strings.Contains(stderr, "file.bc: exists (use --force to replace it)") {
		t.Errorf("-o existing file: exit %d, stderr %q, file holds %q", code, stderr, b)
	}
	code, _, stderr = extract("--force", "-o", file)
	if b, _ := os.ReadFile(file); code != exitOK || !bytes.Equal(b, want) {
		t.Errorf("--force -o existing file: exit %d, stderr %q, file holds %d bytes", code, stderr, len(b))
	}
	// A directory is never replaced.
	code, _, stderr = extract("--force", "-o", dir)
	if code != exitFailure || !strings.Contains(stderr, dir+": is a directory") {
		t.Errorf("--force -o DIR: exit %d, stderr %q", code, stderr)
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
