package link

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/irtest"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bcwrite"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// readModule reads the one module of a bitcode file, bodies loaded.
func readModule(t testing.TB, data []byte) *ir.Module {
	t.Helper()
	r, m, err := irtest.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	return loadBodies(t, r, m)
}

// loadBodies loads every body of m, read by r, and fails t on what r
// reports.
func loadBodies(t testing.TB, r *bitcode.Reader, m *ir.Module) *ir.Module {
	t.Helper()
	for _, fn := range m.Functions {
		if fn.HasBody {
			if err := r.LoadBody(fn); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s := r.Skipped(); len(s) > 0 {
		t.Fatalf("reported %v", s)
	}
	return m
}

// readFixture reads testdata/NAME.bc as the link command reads its
// inputs.
func readFixture(t testing.TB, name string) *ir.Module {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name+".bc"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := bitcode.Options{DropSummary: true, DebugTypeODRUniquing: true, LinkerTBAA: true}.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	r := f.Modules[0]
	m, err := r.Module()
	if err != nil {
		t.Fatal(err)
	}
	return loadBodies(t, r, m)
}

// linkCase links what llvm-link-22 is given in a case of
// testdata/cases.txt, as llvm-link-22 links it: NAME is testdata/NAME.bc
// (named NAME.bc in messages), A+B an archive (its members linked into a
// module of their own first), the flags llvm-link's, --only-needed and
// --internalize applied from the second input on, the --override inputs
// last.
func linkCase(t testing.TB, args []string) (*Linker, error) {
	t.Helper()
	var files, overrides []string
	var onlyNeeded, internalize bool
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "--only-needed":
			onlyNeeded = true
		case "--internalize":
			internalize = true
		case "--override":
			i++
			overrides = append(overrides, args[i])
		default:
			files = append(files, a)
		}
	}
	l := New()
	for _, group := range []struct {
		files    []string
		override bool
	}{{files, false}, {overrides, true}} {
		for i, f := range group.files {
			flags := Flags{OverrideFromSrc: group.override}
			if i > 0 {
				flags.OnlyNeeded, flags.Internalize = onlyNeeded, internalize
			}
			var m *ir.Module
			name := f + ".bc"
			if members := strings.Split(f, "+"); len(members) > 1 {
				ar := l.Nested()
				for _, mem := range members {
					if err := ar.Link(readFixture(t, mem), mem+".bc", Flags{}); err != nil {
						return l, err
					}
				}
				m, name = ar.Module(), ArchiveName
			} else {
				m = readFixture(t, f)
			}
			if err := l.Link(m, name, flags); err != nil {
				return l, err
			}
		}
	}
	return l, l.Broken()
}

// TestLinkFixtures links each case of testdata/cases.txt and compares the
// module, written and read back, as the printer prints it, with what
// llvm-dis-22 prints of llvm-link-22's (CASE.ll), or the error with
// llvm-link-22's (CASE.err).
func TestLinkFixtures(t *testing.T) {
	cases, err := os.ReadFile("testdata/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(cases), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		n++
		name, args := fields[0], fields[1:]
		t.Run(name, func(t *testing.T) {
			l, err := linkCase(t, args)
			if wantErr, rerr := os.ReadFile(filepath.Join("testdata", name+".err")); rerr == nil {
				var le *Error
				if !errors.As(err, &le) || le.Msg+"\n" != string(wantErr) {
					t.Fatalf("error %v, want %q", err, wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// Written as `bcextract link` writes it.
			data, err := bcwrite.Write(l.Module(), bcwrite.Options{NoAsmParser: true, UseListsAsGiven: true})
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := assembly.Write(&got, readModule(t, data), assembly.Options{ModuleID: "linked.bc"}); err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", name+".ll"))
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != string(want) {
				t.Errorf("got\n%s\nwant\n%s", got.String(), want)
			}
		})
	}
	if n < 15 {
		t.Fatalf("%d cases in testdata/cases.txt", n)
	}
}

// TestResolutions checks what the link says of each definition, worked
// by hand from weak-a.ll and weak-b.ll, then nest's archive.
func TestResolutions(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []Resolution
	}{
		{[]string{"weak-a", "weak-b"}, []Resolution{
			// weak-a.ll: @w weak (replaced by b's strong one), @c
			// common i32 (replaced by b's larger common), @wf weak
			// (replaced), @lo linkonce_odr (replaced by b's weak_odr),
			// @user.
			{Input: "weak-a.bc", Name: "c", Kind: VariableKind, Result: Replaced, By: "weak-b.bc"},
			{Input: "weak-a.bc", Name: "w", Kind: VariableKind, Result: Replaced, By: "weak-b.bc"},
			{Input: "weak-a.bc", Name: "wf", Kind: FunctionKind, Result: Replaced, By: "weak-b.bc"},
			{Input: "weak-a.bc", Name: "lo", Kind: FunctionKind, Result: Replaced, By: "weak-b.bc"},
			{Input: "weak-a.bc", Name: "user", Kind: FunctionKind, Result: Linked, As: "user"},
			{Input: "weak-b.bc", Name: "c", Kind: VariableKind, Result: Linked, As: "c"},
			{Input: "weak-b.bc", Name: "w", Kind: VariableKind, Result: Linked, As: "w"},
			{Input: "weak-b.bc", Name: "wf", Kind: FunctionKind, Result: Linked, As: "wf"},
			{Input: "weak-b.bc", Name: "lo", Kind: FunctionKind, Result: Linked, As: "lo"},
			{Input: "weak-b.bc", Name: "later", Kind: FunctionKind, Result: Linked, As: "later"},
		}},
		{[]string{"nest-main", "nest-c+nest-b"}, []Resolution{
			// The archive's members are named as such. The archive's
			// module takes nest-c's @lo only when something uses it:
			// nothing does until nest-b's @gb, whose module brings its
			// own. The locals of nest-main nothing uses are dropped.
			{Input: "nest-main.bc", Name: "vx", Kind: VariableKind, Result: Unused},
			{Input: "nest-main.bc", Name: "main", Kind: FunctionKind, Result: Linked, As: "main"},
			{Input: "nest-main.bc", Name: "loc", Kind: FunctionKind, Result: Unused},
			{Input: "nest-c.bc", Name: "vx", Kind: VariableKind, Result: Linked, As: "vx"},
			{Input: "nest-c.bc", Name: "lo", Kind: FunctionKind, Result: Superseded, By: "nest-b.bc"},
			{Input: "nest-c.bc", Name: "loc", Kind: FunctionKind, Result: Linked, As: "loc"},
			{Input: "nest-c.bc", Name: "usec", Kind: FunctionKind, Result: Linked, As: "usec"},
			{Input: "nest-b.bc", Name: "vb", Kind: VariableKind, Result: Linked, As: "vb"},
			{Input: "nest-b.bc", Name: "lo", Kind: FunctionKind, Result: Linked, As: "lo"},
			{Input: "nest-b.bc", Name: "gb", Kind: FunctionKind, Result: Linked, As: "gb"},
			{Input: "nest-b.bc", Name: "loc", Kind: FunctionKind, Result: Unused},
		}},
	} {
		l, err := linkCase(t, tc.args)
		if err != nil {
			t.Fatal(err)
		}
		l.Module()
		got := l.Resolutions()
		if len(got) != len(tc.want) {
			t.Fatalf("%v: %d resolutions, want %d: %+v", tc.args, len(got), len(tc.want), got)
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%v: resolution %d = %+v, want %+v", tc.args, i, got[i], tc.want[i])
			}
		}
	}
}

// TestLinkNeedsBodies checks that a module whose bodies are not loaded is
// refused, naming the function.
func TestLinkNeedsBodies(t *testing.T) {
	data, err := os.ReadFile("testdata/lazy.bc")
	if err != nil {
		t.Fatal(err)
	}
	f, err := bitcode.Options{}.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := f.Modules[0].Module()
	if err != nil {
		t.Fatal(err)
	}
	err = New().Link(m, "lazy.bc", Flags{})
	if err == nil || !strings.Contains(err.Error(), "the body of @h1 is not loaded") {
		t.Fatalf("err = %v", err)
	}
}

// TestTypeNamePrefix checks getTypeNamePrefix's rule: a trailing .N
// (digits after the last dot) goes.
func TestTypeNamePrefix(t *testing.T) {
	for in, want := range map[string]string{
		"struct.S.0": "struct.S", "struct.S": "struct.S", "struct.S.": "struct.S.",
		"a.1x": "a", ".5": ".5", "x.y": "x.y", "struct.S.12": "struct.S",
	} {
		if got := typeNamePrefix(in); got != want {
			t.Errorf("typeNamePrefix(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNoDeduplicateFunction: a function of a nodeduplicate comdat two
// modules have is an error, in llvm-link-22's words (llvm-link-22 says it
// and writes a module all the same, exit status 0: see
// cloneNoDeduplicate).
func TestNoDeduplicateFunction(t *testing.T) {
	_, err := linkCase(t, []string{"nodedup-c", "nodedup-c"})
	var le *Error
	if !errors.As(err, &le) || le.Msg != "linking 'f': non-variables in comdat nodeduplicate are not handled" {
		t.Fatalf("err = %v", err)
	}
}
