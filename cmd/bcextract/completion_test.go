package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// completionScript returns the script "bcextract completion SHELL" prints,
// written to a file in dir.
func completionScript(t *testing.T, dir, shell string) string {
	t.Helper()
	code, out, stderr := runCmd(t, "completion", shell)
	if code != exitOK || stderr != "" {
		t.Fatalf("completion %s: exit %d, stderr %q", shell, code, stderr)
	}
	name := filepath.Join(dir, "bcextract."+shell)
	if err := os.WriteFile(name, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// Every script names every command and every flag of every command.
func TestCompletionCoversFlags(t *testing.T) {
	dir := t.TempDir()
	for _, shell := range completionShells {
		b, err := os.ReadFile(completionScript(t, dir, shell))
		if err != nil {
			t.Fatal(err)
		}
		script := string(b)
		for _, c := range commands() {
			if !strings.Contains(script, c.Name) {
				t.Errorf("%s: no command %s", shell, c.Name)
			}
			for _, f := range completedFlags(c) {
				long := "--" + f.name
				if shell == "fish" {
					long = "-l " + f.name
				}
				if !strings.Contains(script, long) {
					t.Errorf("%s: %s has no flag %s", shell, c.Name, long)
				}
			}
		}
	}
	for _, args := range [][]string{{"completion"}, {"completion", "tcsh"}, {"completion", "bash", "zsh"}} {
		if code, _, _ := runCmd(t, args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// completionCases are command lines, the word being completed last, and
// the completions each shell must offer, in a directory holding the files
// a.bc and b.o and the directory sub.
var completionCases = []struct {
	line []string
	want string // space-separated, sorted
}{
	{[]string{"li"}, "link list"},
	{[]string{"d"}, "diff dis dump"},
	{[]string{"help", "sc"}, "scan"},
	{[]string{"completion", ""}, "bash fish zsh"},
	{[]string{"extract", "--k"}, "--kind"},
	{[]string{"extract", "--kind", "bi"}, "bitcode"},
	{[]string{"scan", "--kind", ""}, "all bitcode bundle cmdline extension lto marker offload"},
	{[]string{"callgraph", "--format", ""}, "dot json"},
	{[]string{"bbmap", "--syntax", "g"}, "gnu go"},
	{[]string{"dis", "--o"}, "--output"},
	{[]string{"list", "a"}, "a.bc"},
	{[]string{"extract", "-o", "b"}, "b.o"},
}

// The scripts complete: run by bash and fish (when installed) in a
// directory of known files. (zsh's completion cannot be driven without a
// terminal: its script is only checked by zsh -n.)
func TestCompletionShells(t *testing.T) {
	dir := t.TempDir()
	work := filepath.Join(dir, "work")
	os.MkdirAll(filepath.Join(work, "sub"), 0o755)
	os.WriteFile(filepath.Join(work, "a.bc"), nil, 0o644)
	os.WriteFile(filepath.Join(work, "b.o"), nil, 0o644)
	// The completions of each line, without fish's descriptions.
	sorted := func(s string) string {
		var f []string
		for _, line := range strings.Split(s, "\n") {
			if w := strings.TrimSuffix(strings.SplitN(line, "\t", 2)[0], "/"); w != "" {
				f = append(f, w)
			}
		}
		slices.Sort(f)
		return strings.Join(slices.Compact(f), " ")
	}
	if sh, err := exec.LookPath("zsh"); err == nil {
		if out, err := exec.Command(sh, "-n", completionScript(t, dir, "zsh")).CombinedOutput(); err != nil {
			t.Errorf("zsh -n: %v\n%s", err, out)
		}
	}
	if sh, err := exec.LookPath("bash"); err == nil {
		script := completionScript(t, dir, "bash")
		for _, c := range completionCases {
			var words strings.Builder
			for _, w := range append([]string{"bcextract"}, c.line...) {
				words.WriteString(shellQuote(w) + " ")
			}
			prog := "source " + shellQuote(script) + "\nCOMP_WORDS=(" + words.String() + ")\nCOMP_CWORD=$((${#COMP_WORDS[@]}-1))\n_bcextract\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
			cmd := exec.Command(sh, "--norc", "--noprofile", "-c", prog)
			cmd.Dir = work
			out, err := cmd.CombinedOutput()
			if got := sorted(string(out)); err != nil || got != c.want {
				t.Errorf("bash %q: %q, %v; want %q", c.line, got, err, c.want)
			}
		}
		// -d completes directories alone.
		cmd := exec.Command(sh, "--norc", "--noprofile", "-c", "source "+shellQuote(script)+"\nCOMP_WORDS=(bcextract extract -d '')\nCOMP_CWORD=3\n_bcextract\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n")
		cmd.Dir = work
		if out, err := cmd.CombinedOutput(); err != nil || sorted(string(out)) != "sub" {
			t.Errorf("bash extract -d: %q, %v; want sub", out, err)
		}
	}
	if sh, err := exec.LookPath("fish"); err == nil {
		script := completionScript(t, dir, "fish")
		for _, c := range completionCases {
			line := "bcextract " + strings.Join(c.line, " ")
			cmd := exec.Command(sh, "--no-config", "-c", "source "+fishQuote(script)+"; complete -C "+fishQuote(line))
			cmd.Dir = work
			out, err := cmd.CombinedOutput()
			if got := sorted(string(out)); err != nil || got != c.want {
				t.Errorf("fish %q: %q, %v; want %q", line, got, err, c.want)
			}
		}
	}
}
