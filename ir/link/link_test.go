package link

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bcwrite"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// readModule reads the one module of a bitcode file, bodies loaded.
func readModule(t testing.TB, data []byte) *ir.Module {
	t.Helper()
	f, err := bitcode.Options{}.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	r := f.Modules[0]
	m, err := r.Module()
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range m.Functions {
		if fn.HasBody {
			if err := r.LoadBody(fn); err != nil {
				t.Fatal(err)
			}
		}
	}
	return m
}

// linkFiles links the fixtures of names (testdata/NAME.bc), each named
// NAME.bc in messages.
func linkFiles(t testing.TB, names []string) (*Linker, error) {
	t.Helper()
	l := New()
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join("testdata", n+".bc"))
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Link(readModule(t, data), n+".bc", Flags{}); err != nil {
			return l, err
		}
	}
	return l, nil
}

// TestLinkFixtures links each case of testdata/regen.sh and compares the
// module, written and read back, as the printer prints it, with what
// llvm-dis-22 prints of llvm-link-22's (CASE.ll), or the error with
// llvm-link-22's (CASE.err).
func TestLinkFixtures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		inputs []string
	}{
		{"order", []string{"order-a", "order-b"}},
		{"lazy", []string{"lazy"}},
		{"lifo", []string{"lifo"}},
		{"types", []string{"types-a", "types-b"}},
		{"flags", []string{"flags-a", "flags-b"}},
		{"weak", []string{"weak-a", "weak-b"}},
		{"multi", []string{"multi-a", "multi-b"}},
		{"conflict", []string{"conflict-a", "conflict-b"}},
		{"odr", []string{"odr-a", "odr-b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := linkFiles(t, tc.inputs)
			if wantErr, rerr := os.ReadFile(filepath.Join("testdata", tc.name+".err")); rerr == nil {
				var le *Error
				if !errors.As(err, &le) || le.Msg+"\n" != string(wantErr) {
					t.Fatalf("error %v, want %q", err, wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			data, err := bcwrite.Write(l.Module(), bcwrite.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := assembly.Write(&got, readModule(t, data), assembly.Options{ModuleID: "linked.bc"}); err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", tc.name+".ll"))
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != string(want) {
				t.Errorf("got\n%s\nwant\n%s", got.String(), want)
			}
		})
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
