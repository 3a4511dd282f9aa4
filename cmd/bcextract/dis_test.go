package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
)

const irdata = "../../testdata/ir/"

// readGolden returns the llvm-dis-22 golden of a fixture with its ModuleID
// line set to id.
func readGolden(t *testing.T, name, id string) string {
	t.Helper()
	b, err := os.ReadFile(irdata + name)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	_, rest, _ := strings.Cut(s, "\n")
	return "; ModuleID = '" + id + "'\n" + rest
}

// TestDisFixtures compares dis with llvm-dis-22 on every fixture, run as
// the goldens were: from testdata/ir, with the bare name.
func TestDisFixtures(t *testing.T) {
	bcs, err := filepath.Glob(irdata + "*.bc")
	if err != nil || len(bcs) < 40 {
		t.Fatalf("fixtures: %d, %v", len(bcs), err)
	}
	for _, bc := range bcs {
		name := filepath.Base(bc)
		if name == "multi.bc" { // see TestDisContainers
			continue
		}
		t.Run(name, func(t *testing.T) {
			out, stderr, code := runIn(t, irdata, "dis", name)
			want := readGolden(t, strings.TrimSuffix(name, ".bc")+".dis", name)
			if code != exitOK || stderr != "" || out != want {
				t.Errorf("exit %d, stderr %q; output differs from llvm-dis-22 at line %d", code, stderr, firstDiffLine(out, want))
			}
		})
	}
}

func firstDiffLine(a, b string) int {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return i + 1
		}
	}
	return min(len(al), len(bl)) + 1
}

// TestDisContainers checks the per-module headers and ModuleIDs of
// containers, of a file of two modules, and of standard input.
func TestDisContainers(t *testing.T) {
	code, out, stderr := runCmd(t, "dis", irdata+"embed-x86_64.o")
	path := irdata + "embed-x86_64.o:.llvmbc#1"
	want := "==> " + path + " <==\n" + readGolden(t, "embed-x86_64.o.1.dis", path)
	if code != exitOK || stderr != "" || out != want {
		t.Errorf("embed-x86_64.o: exit %d, stderr %q, output differs at line %d", code, stderr, firstDiffLine(out, want))
	}

	code, out, stderr = runCmd(t, "dis", irdata+"multi.bc")
	want = "==> " + irdata + "multi.bc (module 1 of 2) <==\n" + readGolden(t, "multi.0.dis", irdata+"multi.bc") +
		"==> " + irdata + "multi.bc (module 2 of 2) <==\n" + readGolden(t, "multi.1.dis", irdata+"multi.bc")
	if code != exitOK || stderr != "" || out != want {
		t.Errorf("multi.bc: exit %d, stderr %q, output differs at line %d", code, stderr, firstDiffLine(out, want))
	}

	data, err := os.ReadFile(irdata + "fp.bc")
	if err != nil {
		t.Fatal(err)
	}
	code, out, stderr = runCLI(string(data), "dis", "-")
	if want := readGolden(t, "fp.dis", "<stdin>"); code != exitOK || stderr != "" || out != want {
		t.Errorf("stdin: exit %d, stderr %q, output differs at line %d", code, stderr, firstDiffLine(out, want))
	}
}

// TestDisOutputFile checks -o: the file holds what stdout would; an
// existing file is kept, with an error, unless --force is given, which
// replaces it; no temporary file is left behind.
func TestDisOutputFile(t *testing.T) {
	dir := t.TempDir()
	dst := filepath.Join(dir, "fp.ll")
	want := readGolden(t, "fp.dis", "fp.bc")
	for _, c := range []struct {
		old   bool
		force bool
		code  int
		file  string // what dst holds after
	}{
		{false, false, exitOK, want},
		{true, false, exitFailure, "old"},
		{true, true, exitOK, want},
	} {
		if c.old {
			if err := os.WriteFile(dst, []byte("old"), 0o666); err != nil {
				t.Fatal(err)
			}
		} else {
			os.Remove(dst)
		}
		args := []string{"dis", "-o", dst, "fp.bc"}
		if c.force {
			args = append(args, "--force")
		}
		out, stderr, code := runIn(t, irdata, args...)
		got, err := os.ReadFile(dst)
		wantErr := ""
		if c.code != exitOK {
			wantErr = "bcextract: " + dst + ": exists (use --force to replace it)\n"
		}
		if code != c.code || stderr != wantErr || out != "" || err != nil || string(got) != c.file {
			t.Errorf("old file %v, --force %v: exit %d, stderr %q, stdout %q, %v; file holds %.20q", c.old, c.force, code, stderr, out, err, got)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".bcextract-*")); len(m) != 0 {
		t.Errorf("left behind: %v", m)
	}
}

// TestDisNewer reads what llvm-dis-22 refuses. hybrid_patchable (attribute
// kind 95) is written by llvm-as-22 but unknown to LLVM 22's reader: dis
// prints it as opt-22 -S prints the source. An attribute kind no LLVM
// knows is skipped and named on stderr with its bit offset, the rest is
// printed, and the exit status is 1.
func TestDisNewer(t *testing.T) {
	dir := irdata + "newer/"
	out, stderr, code := runIn(t, dir, "dis", "hybrid-patchable.bc")
	want, err := os.ReadFile(dir + "hybrid-patchable.dis")
	if err != nil {
		t.Fatal(err)
	}
	if code != exitOK || stderr != "" || out != string(want) {
		t.Errorf("hybrid-patchable.bc: exit %d, stderr %q, output differs at line %d", code, stderr, firstDiffLine(out, string(want)))
	}

	data, err := os.ReadFile(dir + "hybrid-patchable.bc")
	if err != nil {
		t.Fatal(err)
	}
	bit := attrKindBit(t, data, 95)
	// The kind is the VBR6 95: chunks 63 (31 and "more") and 2. A last
	// chunk of 7 makes it 31 + 7<<5 = 255.
	for k := range 6 {
		data[(bit+k)/8] &^= 1 << ((bit + k) % 8)
		data[(bit+k)/8] |= byte(7>>k&1) << ((bit + k) % 8)
	}
	newer := filepath.Join(t.TempDir(), "kind255.bc")
	if err := os.WriteFile(newer, data, 0o666); err != nil {
		t.Fatal(err)
	}
	code, got, stderr := runCmd(t, "dis", newer)
	wantErr := "bcextract: " + newer + ": skipped unknown attribute kind 255 at bit "
	if code != exitFailure || !strings.HasPrefix(stderr, wantErr) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("kind 255: exit %d, stderr %q; want exit 1 and one line %q...", code, stderr, wantErr)
	}
	if !strings.Contains(got, "\ndefine void @g() {\n  ret void\n}\n") || !strings.Contains(got, `attributes #0 = { "hybrid_patchable" }`) {
		t.Errorf("kind 255: the rest of the module is not printed:\n%s", got)
	}
}

// attrKindBit returns the bit offset, in data, of the last 6-bit chunk of
// the attribute kind of the unabbreviated attribute group record [2,
// 0xffffffff, 0, kind] of hybrid-patchable.bc.
func attrKindBit(t *testing.T, data []byte, kind uint64) int {
	t.Helper()
	r := bitstream.NewReader(data)
	if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
		t.Fatal(err)
	}
	var vals []uint64
	want := []uint64{2, 0xffffffff, 0, kind}
	for {
		start := r.BitPos()
		e, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		switch e.Kind {
		case bitstream.EntrySubBlock:
			if e.ID == uint32(llvmir.MODULE_BLOCK_ID) || e.ID == uint32(llvmir.PARAMATTR_GROUP_BLOCK_ID) {
				if _, err := r.EnterBlock(e.ID); err != nil {
					t.Fatal(err)
				}
			} else if err := r.SkipBlock(); err != nil {
				t.Fatal(err)
			}
		case bitstream.EntryDefineAbbrev:
			if _, err := r.DefineAbbrev(); err != nil {
				t.Fatal(err)
			}
		case bitstream.EntryRecord:
			rec, err := r.ReadRecord(e.ID, vals[:0])
			if err != nil {
				t.Fatal(err)
			}
			if e.ID == 3 && rec.Code == 3 && slices.Equal(rec.Ops, want) {
				// Abbreviation ID (3 bits), code and count (6 each), 2
				// (6), 0xffffffff (7 chunks of 6), 0 (6), then the
				// kind's first chunk (6).
				return int(start) + 3 + 6 + 6 + 6 + 42 + 6 + 6
			}
		case bitstream.EntryEndBlock:
			if r.Depth() == 0 {
				t.Fatal("no attribute group record of kind 95")
			}
		}
	}
}

// TestDisErrors checks that a truncated module is one error line naming
// the file and the offset, and that what was read is printed.
func TestDisErrors(t *testing.T) {
	data, err := os.ReadFile(irdata + "instr-control.bc")
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(t.TempDir(), "cut.bc")
	if err := os.WriteFile(cut, data[:len(data)*2/3&^3], 0o666); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCmd(t, "dis", cut)
	line := regexp.MustCompile(`^bcextract: ` + regexp.QuoteMeta(cut) + `: .* at byte 0x[0-9a-f]+\n$`)
	if code != exitFailure || !line.MatchString(stderr) {
		t.Errorf("exit %d, stderr %q; want exit 1 and one located line", code, stderr)
	}
	code, _, stderr = runCmd(t, "dis", irdata+"../containers/elf-marker.o")
	if code != exitFailure || !strings.HasSuffix(stderr, ": no bitcode module found\n") {
		t.Errorf("no module: exit %d, stderr %q", code, stderr)
	}
}

// TestDisStrip: a body whose debug info or !tbaa LLVM's verifiers reject
// makes llvm-dis-22 strip it from the whole module; dis prints the same
// text, exit 0, whether its output can be taken back (a file: the module
// is printed again, after the text of fp.bc before it stays) or not
// (standard output here: every body is read before printing).
func TestDisStrip(t *testing.T) {
	bcs, _ := filepath.Glob(irdata + "upgrade/strip/*.bc")
	if len(bcs) == 0 {
		t.Fatal("no fixtures in testdata/ir/upgrade/strip")
	}
	fp := readGolden(t, "fp.dis", "fp.bc")
	dst := filepath.Join(t.TempDir(), "out.ll")
	for _, bc := range bcs {
		name := "upgrade/strip/" + filepath.Base(bc)
		want := readGolden(t, strings.TrimSuffix(name, ".bc")+".dis", name)
		out, stderr, code := runIn(t, irdata, "dis", name)
		if code != exitOK || stderr != "" || out != want {
			t.Errorf("%s to standard output: exit %d, stderr %q; output differs from llvm-dis-22 at line %d", name, code, stderr, firstDiffLine(out, want))
		}
		out, stderr, code = runIn(t, irdata, "dis", "--force", "-o", dst, "fp.bc", name)
		got, err := os.ReadFile(dst)
		if code != exitOK || stderr != "" || out != "" || err != nil || string(got) != fp+want {
			t.Errorf("%s to a file after fp.bc: exit %d, stderr %q, %v; output differs from llvm-dis-22's at line %d", name, code, stderr, err, firstDiffLine(string(got), fp+want))
		}
	}
}

// TestDisOutputRewind: what dis printed of a module goes back to the mark,
// whether or not its buffer was written out in between; what came before
// the mark stays.
func TestDisOutputRewind(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	o := newDisOutput(f)
	if !o.rewinds() {
		t.Fatal("a regular file does not rewind")
	}
	o.WriteString(strings.Repeat("a", 100))
	mark, err := o.mark()
	if err != nil || mark != 100 {
		t.Fatalf("mark = %d, %v; want 100", mark, err)
	}
	for _, n := range []int{10, 200 << 10} { // buffered only; written out
		o.WriteString(strings.Repeat("b", n))
		if err := o.rewind(mark); err != nil {
			t.Fatal(err)
		}
	}
	o.WriteString("c")
	if err := o.Flush(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(f.Name())
	if want := strings.Repeat("a", 100) + "c"; err != nil || string(got) != want {
		t.Errorf("file holds %d bytes %.20q..., %v; want %q", len(got), got, err, want)
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	if !newDisOutput(null).rewinds() {
		t.Errorf("%s does not rewind", os.DevNull)
	}
}
