package demangle

import (
	"bufio"
	"os"
	"testing"
)

// TestNamesFile is the Go half of scripts/conformance_demangle.sh: with
// BCX_DEMANGLE_IN naming a file of names, one a line, it writes each name
// demangled by Name, one a line in the same order, to BCX_DEMANGLE_OUT.
// Without them it does nothing.
func TestNamesFile(t *testing.T) {
	in, out := os.Getenv("BCX_DEMANGLE_IN"), os.Getenv("BCX_DEMANGLE_OUT")
	if in == "" || out == "" {
		t.Skip("BCX_DEMANGLE_IN and BCX_DEMANGLE_OUT not set (scripts/conformance_demangle.sh sets them)")
	}
	r, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<24)
	n := 0
	for sc.Scan() {
		s, _ := Name(sc.Text())
		w.WriteString(s)
		w.WriteByte('\n')
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d names", n)
}
