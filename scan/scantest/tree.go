// Package scantest builds the directory tree the tests of package scan and
// of 'bcextract scan' sweep: copies of the repository's container and
// bitcode fixtures (good and malformed), Rust rlibs when a Rust toolchain
// is installed, files that are not objects, and the entries a walk must
// pass over or survive: a symbolic link loop, a link to a fixture, a
// dangling link and a named pipe.
package scantest

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A Tree describes the tree Build made.
type Tree struct {
	// Root is the tree's directory.
	Root string
	// Rlibs counts the Rust rlibs copied into Root/rlib (0 without a
	// Rust toolchain).
	Rlibs int
	// Malformed are the paths below Root of fixtures that make a scan
	// report errors.
	Malformed []string
	// Link is the path below Root of a symbolic link to a fixture with
	// payloads, LoopDir that of a directory holding a link to itself.
	Link, LoopDir string
}

// Build makes the tree in a new temporary directory of t, copying from
// testdata, the repository's testdata directory.
func Build(t testing.TB, testdata string) *Tree {
	t.Helper()
	root := t.TempDir()
	tr := &Tree{Root: root, Link: "link-elf.o", LoopDir: "loop"}
	copyGlob(t, filepath.Join(testdata, "containers", "*"), filepath.Join(root, "containers"))
	copyGlob(t, filepath.Join(testdata, "containers", "thin", "*"), filepath.Join(root, "containers", "thin"))
	copyGlob(t, filepath.Join(testdata, "containers", "thin", "objs", "*"), filepath.Join(root, "containers", "thin", "objs"))
	copyGlob(t, filepath.Join(testdata, "bc", "*"), filepath.Join(root, "bc"))
	copyGlob(t, filepath.Join(testdata, "inspect", "*.bc"), filepath.Join(root, "inspect"))
	tr.Malformed = []string{"containers/bad-ar-size.a", "containers/bad-elf-trunc.o", "containers/bad-xar-cksum.o", "bc/bad-trunc-block.bc"}
	for _, rl := range rlibs() {
		copyFile(t, rl, filepath.Join(root, "rlib", filepath.Base(rl)))
		tr.Rlibs++
	}
	write(t, filepath.Join(root, "notes", "readme.txt"), "not an object\n")
	write(t, filepath.Join(root, "notes", "empty"), "")
	write(t, filepath.Join(root, "notes", "short"), "BC")
	mkdir(t, filepath.Join(root, "loop", "sub"))
	symlink(t, "..", filepath.Join(root, "loop", "sub", "up")) // loop/sub/up -> loop
	symlink(t, ".", filepath.Join(root, "loop", "self"))       // loop/self -> loop
	symlink(t, "containers/elf-x86_64.o", filepath.Join(root, tr.Link))
	symlink(t, "nowhere", filepath.Join(root, "dangling"))
	mkfifo(t, filepath.Join(root, "notes", "fifo"))
	return tr
}

// rlibs returns two small rlibs of the installed Rust toolchain, or none.
func rlibs() []string {
	rustc, err := exec.LookPath("rustc")
	if err != nil {
		home, _ := os.UserHomeDir()
		rustc = filepath.Join(home, ".cargo", "bin", "rustc")
	}
	out, err := exec.Command(rustc, "--print", "sysroot").Output()
	if err != nil {
		return nil
	}
	sysroot := strings.TrimSpace(string(out))
	var found []string
	for _, name := range []string{"libcfg_if-*.rlib", "librustc_std_workspace_core-*.rlib"} {
		m, _ := filepath.Glob(filepath.Join(sysroot, "lib", "rustlib", "*", "lib", name))
		if len(m) > 0 {
			found = append(found, m[0])
		}
	}
	return found
}

// copyGlob copies the regular files matching pattern into dir.
func copyGlob(t testing.TB, pattern, dir string) {
	t.Helper()
	m, err := filepath.Glob(pattern)
	if err != nil || len(m) == 0 {
		t.Fatalf("no fixture matches %s", pattern)
	}
	for _, src := range m {
		if fi, err := os.Lstat(src); err == nil && fi.Mode().IsRegular() {
			copyFile(t, src, filepath.Join(dir, filepath.Base(src)))
		}
	}
}

func copyFile(t testing.TB, src, dst string) {
	t.Helper()
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	mkdir(t, filepath.Dir(dst))
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

func write(t testing.TB, name, s string) {
	t.Helper()
	mkdir(t, filepath.Dir(name))
	if err := os.WriteFile(name, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mkdir(t testing.TB, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func symlink(t testing.TB, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}
