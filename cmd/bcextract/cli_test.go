package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

func TestExitCodes(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stdout string // substring
		stderr string // substring
	}{
		{nil, exitUsage, "", "Commands:"},
		{[]string{"help"}, exitOK, "Commands:", ""},
		{[]string{"help", "dump"}, exitOK, "usage: bcextract dump", ""},
		{[]string{"dump", "--help"}, exitOK, "Examples:", ""},
		{[]string{"help", "version"}, exitOK, "usage: bcextract version", ""},
		{[]string{"version", "--help"}, exitOK, "usage: bcextract version", ""},
		{[]string{"version", "x"}, exitUsage, "", "no arguments expected"},
		{[]string{"help", "completion"}, exitOK, "usage: bcextract completion bash|zsh|fish", ""},
		{[]string{"frobnicate"}, exitUsage, "", `unknown command "frobnicate"`},
		{[]string{"dump"}, exitUsage, "", "missing FILE"},
		{[]string{"stats", "--bogus", "x"}, exitUsage, "", "unknown flag: --bogus"},
		{[]string{"dump", "/nonexistent/x.bc"}, exitFailure, "", "/nonexistent/x.bc"},
		// One bad input does not stop the others; the status says one failed.
		{[]string{"stats", "--disable-histogram", "../../testdata/bc/bad-empty.bc", "../../testdata/bc/plain.bc"}, exitFailure, "Summary of ../../testdata/bc/plain.bc:", "bad-empty.bc"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, tt.args)
		if code != tt.code || !strings.Contains(stdout.String(), tt.stdout) || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("bcextract %q: exit %d, stdout %.80q, stderr %.200q; want exit %d, %q, %q",
				tt.args, code, stdout.String(), stderr.String(), tt.code, tt.stdout, tt.stderr)
		}
	}
}

// "-" reads standard input; the summary names it "-", as llvm-bcanalyzer does.
func TestStdin(t *testing.T) {
	data, err := os.ReadFile("../../testdata/bc/debug.bc")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../testdata/golden/debug.bc.dump")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(&env{stdin: bytes.NewReader(data), stdout: &stdout, stderr: &stderr}, []string{"dump", "-"})
	got := strings.Replace(stdout.String(), "Summary of -:", "Summary of bc/debug.bc:", 1)
	if code != 0 || got != string(want) {
		t.Errorf("dump - : exit %d, stderr %q, output equal to the golden: %v", code, stderr.String(), got == string(want))
	}
}

// Every flag that takes a value names it in --help ("--jobs N", not
// "--jobs int"): its usage has the name in backquotes (pflag.UnquoteUsage).
func TestFlagPlaceholders(t *testing.T) {
	for _, c := range commands() {
		c.Flags.VisitAll(func(f *pflag.Flag) {
			if f.NoOptDefVal != "" { // a switch
				return
			}
			name, _ := pflag.UnquoteUsage(f)
			if !strings.Contains(f.Usage, "`") {
				t.Errorf("%s --%s: the value shows as %q in --help; name it in backquotes in the usage", c.Name, f.Name, name)
			}
		})
	}
}

// Each command is listed under its own name, once, so that lookup finds
// the command help lists.
func TestCommandTable(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range commandTable() {
		if c := e.build(); c.Name != e.name || seen[e.name] {
			t.Errorf("commandTable: %q builds %q (listed before: %v)", e.name, c.Name, seen[e.name])
		}
		seen[e.name] = true
		if c := lookup(e.name); c == nil || c.Name != e.name {
			t.Errorf("lookup(%q) = %v", e.name, c)
		}
	}
	if c := lookup("nope"); c != nil {
		t.Errorf("lookup(nope) = %q, want nil", c.Name)
	}
}
