package assembly_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/irfixtures"

	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// readerGaps are the fixtures whose output differs from llvm-dis-22's for
// a reason in the reader, not in the printer; they are reported, not
// failed.
var readerGaps = map[string]string{
	"attrs": "align 4294967296 on a parameter is kept by the reader; llvm-dis-22 drops it",
}

// TestGolden prints every bitcode fixture of testdata/ir without debug
// info (summary-* included), read by package bitcode, and compares the
// text with llvm-dis-22's (the .dis files): once with the bodies loaded
// as they are printed, once loaded ahead (Options.Prefetch).
func TestGolden(t *testing.T) {
	for _, prefetch := range []int{0, 2} {
		t.Run(fmt.Sprintf("prefetch=%d", prefetch), func(t *testing.T) { testGolden(t, prefetch) })
	}
}

func testGolden(t *testing.T, prefetch int) {
	files := irfixtures.IR("../../testdata/ir")
	if len(files) == 0 {
		t.Skip("no fixtures")
	}
	for _, file := range files {
		base := strings.TrimSuffix(filepath.Base(file), ".bc")
		if base == "multi" {
			continue
		}
		name := base
		if dir := filepath.Base(filepath.Dir(file)); dir != "ir" {
			name = dir + "/" + base
		}
		want, err := os.ReadFile(strings.TrimSuffix(file, ".bc") + ".dis")
		if err != nil {
			continue
		}
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f, err := bitcode.Open(data)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Modules) != 1 {
				t.Skipf("%d modules", len(f.Modules))
			}
			r := f.Modules[0]
			m, err := r.Module()
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := assembly.Write(&buf, m, assembly.Options{ModuleID: base + ".bc", Loader: r, Prefetch: prefetch}); err != nil {
				t.Fatal(err)
			}
			got := buf.String()
			if s := r.Skipped(); len(s) > 0 {
				// dis would exit with 1 where llvm-dis-22 succeeds.
				t.Errorf("reported at bit %d: %s", s[0].Bit, s[0].Msg)
			}
			if got == string(want) {
				return
			}
			line, g, w := firstDifference(got, string(want))
			if why, ok := readerGaps[base]; ok {
				t.Logf("differs at line %d (%s):\n got: %s\nwant: %s", line, why, g, w)
				return
			}
			t.Errorf("differs at line %d:\n got: %s\nwant: %s", line, g, w)
		})
	}
}

// firstDifference returns the first line where a and b differ.
func firstDifference(a, b string) (int, string, string) {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; ; i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y || i >= len(al) || i >= len(bl) {
			return i + 1, x, y
		}
	}
}

// TestRefused reads every fixture of testdata/ir/refused, which llvm-dis-22
// refuses (NAME.err holds its message): reading or printing it must fail
// too, with the message of NAME.want when there is one.
func TestRefused(t *testing.T) {
	for _, file := range irfixtures.Refused("../../testdata/ir") {
		base := strings.TrimSuffix(file, ".bc")
		t.Run(filepath.Base(base), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			err = printAll(data)
			if err == nil {
				t.Fatalf("printed without error; llvm-dis-22 refuses it")
			}
			if want, rerr := os.ReadFile(base + ".want"); rerr == nil {
				if w := strings.TrimSpace(string(want)); !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// printAll reads and prints every module of data, returning the first
// error, or the first thing a reader read past (dis then exits with 1).
func printAll(data []byte) error {
	f, err := bitcode.Open(data)
	if err != nil {
		return err
	}
	for _, r := range f.Modules {
		m, err := r.Module()
		if err != nil {
			return err
		}
		if err := assembly.Write(io.Discard, m, assembly.Options{ModuleID: "refused.bc", Loader: r}); err != nil {
			return err
		}
		if s := r.Skipped(); len(s) > 0 {
			return fmt.Errorf("bit %d: %s", s[0].Bit, s[0].Msg)
		}
	}
	return nil
}

// TestGoldenStrip prints the modules of testdata/ir/upgrade/strip, each
// with a body whose debug info or !tbaa LLVM's verifiers reject, as dis
// does: read with bitcode.Options.Reread, the text so far dropped and the
// module read again (Reader.Reread) when a body shows it; the text must be
// llvm-dis-22's (NAME.dis), which strips it from the whole module.
func TestGoldenStrip(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/ir/upgrade/strip/*.bc")
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, prefetch := range []int{0, 2} {
		for _, file := range files {
			base := strings.TrimSuffix(filepath.Base(file), ".bc")
			t.Run(fmt.Sprintf("%s/prefetch=%d", base, prefetch), func(t *testing.T) {
				data, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				want, err := os.ReadFile(strings.TrimSuffix(file, ".bc") + ".dis")
				if err != nil {
					t.Fatal(err)
				}
				f, err := bitcode.Options{Reread: true}.Open(data)
				if err != nil {
					t.Fatal(err)
				}
				rereads := -1
				var buf bytes.Buffer
				r, err := bitcode.ReadAgain(f.Modules[0], func(r *bitcode.Reader) error {
					rereads++
					buf.Reset()
					m, err := r.Module()
					if err != nil {
						return err
					}
					return assembly.Write(&buf, m, assembly.Options{ModuleID: base + ".bc", Loader: r, Prefetch: prefetch})
				})
				if err != nil {
					t.Fatal(err)
				}
				if rereads != 1 {
					t.Errorf("read again %d times, want 1", rereads)
				}
				if s := r.Skipped(); len(s) > 0 {
					t.Errorf("reported at bit %d: %s", s[0].Bit, s[0].Msg)
				}
				if got := buf.String(); got != string(want) {
					line, g, w := firstDifference(got, string(want))
					t.Errorf("differs at line %d:\n got: %s\nwant: %s", line, g, w)
				}
			})
		}
	}
}
