package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTokenizeGNU splits response files as LLVM's
// cl::TokenizeGNUCommandLine does (the cases worked from its rules).
func TestTokenizeGNU(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"", nil},
		{"a.bc b.bc\n\tc.bc\r\n", []string{"a.bc", "b.bc", "c.bc"}},
		{`"a b.bc" 'c d.bc'`, []string{"a b.bc", "c d.bc"}},
		{`a\ b.bc`, []string{"a b.bc"}},
		{`x"y z"w`, []string{"xy zw"}},            // quotes inside a token
		{`"a\"b" 'c\'d'`, []string{`a"b`, `c'd`}}, // a backslash escapes in quotes
		{`"" '' x`, []string{"x"}},                // empty tokens are dropped
		{`--force -o "out dir/x.bc"`, []string{"--force", "-o", "out dir/x.bc"}},
		{`trailing\`, []string{`trailing\`}}, // a last backslash is itself
		{`"unterminated quote`, []string{"unterminated quote"}},
	}
	for _, tc := range tests {
		if got := tokenizeGNU(tc.src); !slices.Equal(got, tc.want) {
			t.Errorf("tokenizeGNU(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestExpandResponseFiles: @FILE arguments expanded in place, nested ones
// too (relative to the working directory, as LLVM's tools take them); a
// missing file left as it is; a file including itself an error.
func TestExpandResponseFiles(t *testing.T) {
	files := map[string]string{
		"list":     "a.bc \"b c.bc\"\n@sub/more\n",
		"sub/more": "\xef\xbb\xbfd.bc --force\n",
		"loop1":    "x @loop2",
		"loop2":    "@loop1",
	}
	read := func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	takes := func(a string) bool { return a == "-o" || a == "--function" }
	got, err := expandResponseFiles([]string{"-o", "@list", "@list", "e.bc", "@missing", "@", "--function", "@list"}, takes, read)
	want := []string{"-o", "@list", "a.bc", "b c.bc", "d.bc", "--force", "e.bc", "@missing", "@", "--function", "@list"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("got %q, %v, want %q", got, err, want)
	}
	_, err = expandResponseFiles([]string{"@loop1"}, takes, read)
	if err == nil || !strings.Contains(err.Error(), "response file @loop1 includes itself (loop1 -> loop2 -> loop1)") {
		t.Errorf("loop: %v", err)
	}
}

// TestFlagTakesValue: which arguments are flags whose value is the next.
func TestFlagTakesValue(t *testing.T) {
	takes := flagTakesValue(linkCommand().Flags)
	for a, want := range map[string]bool{
		"-o": true, "--output": true, "--override": true, "--llvm": true,
		"--output=x": false, "-ox": false, "--force": false, "--json": false,
		"x.bc": false, "-": false, "--": false, "-q": false,
	} {
		if got := takes(a); got != want {
			t.Errorf("%q: %v, want %v", a, got, want)
		}
	}
	if !flagTakesValue(disCommand().Flags)("--function") {
		t.Errorf("dis --function takes no value")
	}
}

// TestLinkResponseFile links inputs a response file lists, as llvm-link
// takes them: the same module as from the command line.
func TestLinkResponseFile(t *testing.T) {
	dir := "../../ir/link/testdata"
	tmp := t.TempDir()
	list := filepath.Join(tmp, "inputs.rsp")
	if err := os.WriteFile(list, []byte(filepath.Join(dir, "order-a.bc")+"\n"+filepath.Join(dir, "order-b.bc")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "linked.bc")
	code, stdout, stderr := runCmd(t, "link", "-o", out, "@"+list)
	if code != exitOK || stderr != "" || stdout != "2 modules -> "+out+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	wantLinked(t, out, filepath.Join(dir, "order.ll"))
	// Reading /dev/zero as a response file stops at its bound.
	if _, err := os.Stat("/dev/zero"); err == nil {
		defer func(n int) { maxResponseSize = n }(maxResponseSize)
		maxResponseSize = 1 << 20
		if code, _, stderr := runCmd(t, "link", "-o", out, "@/dev/zero"); code != exitUsage || !strings.Contains(stderr, "response file @/dev/zero: more than 1048576 bytes") {
			t.Errorf("@/dev/zero: exit %d, stderr %q", code, stderr)
		}
	}
	// A response file that includes itself is a usage error.
	loop := filepath.Join(tmp, "loop.rsp")
	os.WriteFile(loop, []byte("@"+loop), 0o644)
	if code, _, stderr := runCmd(t, "link", "-o", out, "@"+loop); code != exitUsage || !strings.Contains(stderr, "includes itself") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// FuzzTokenizeGNU: any response file splits without a panic into
// non-empty arguments, which, each written back with every byte escaped,
// split again into themselves.
func FuzzTokenizeGNU(f *testing.F) {
	for _, s := range []string{"a b", `"a b" 'c' d\ e`, "x\"y", `\`, "'\\'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		toks := tokenizeGNU(src)
		var b strings.Builder
		for _, tok := range toks {
			if tok == "" {
				t.Fatalf("an empty argument of %q", src)
			}
			for i := 0; i < len(tok); i++ {
				b.WriteByte('\\')
				b.WriteByte(tok[i])
			}
			b.WriteByte(' ')
		}
		if again := tokenizeGNU(b.String()); !slices.Equal(again, toks) {
			t.Fatalf("%q: %q, written back %q", src, toks, again)
		}
	})
}
