package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// variants maps golden file suffixes (testdata/gen.sh) to our command lines.
var variants = []struct {
	suffix string
	args   []string
}{
	{"dump", []string{"dump"}},
	{"stats", []string{"stats"}},
	{"dump-nonsym", []string{"dump", "--non-symbolic"}},
	{"dump-blobs", []string{"dump", "--show-binary-blobs"}},
	{"dump-blockinfo", []string{"dump", "--dump-blockinfo"}},
	{"dump-nohist", []string{"dump", "--disable-histogram"}},
	{"stats-nohist", []string{"stats", "--disable-histogram"}},
}

// runIn runs bcextract with args in dir and returns stdout, stderr and the
// exit code.
func runIn(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var stdout, stderr bytes.Buffer
	code := run(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, args)
	return stdout.String(), stderr.String(), code
}

// TestGolden compares dump and stats with llvm-bcanalyzer-22's output on
// every fixture, byte for byte, including the partial output and the exit
// status of inputs it rejects.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/bc/*")
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata/bc")
	}
	for _, f := range files {
		name := filepath.Base(f)
		for _, v := range variants {
			golden := filepath.Join("../../testdata/golden", name+"."+v.suffix)
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			wantCode := 0
			if b, err := os.ReadFile(golden + ".exit"); err == nil {
				wantCode = 1
				if strings.TrimSpace(string(b)) == "0" {
					wantCode = 0
				}
			}
			args := append(append([]string(nil), v.args...), "bc/"+name)
			got, stderr, code := runIn(t, "../../testdata", args...)
			if got != string(want) {
				t.Errorf("%s %s: output differs from %s\n%s", strings.Join(v.args, " "), name, golden, firstDiff(got, string(want)))
			}
			if code != wantCode {
				t.Errorf("%s %s: exit %d; want %d (stderr %q)", strings.Join(v.args, " "), name, code, wantCode, stderr)
			}
			if code != 0 && (strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "bc/"+name)) {
				t.Errorf("%s %s: stderr %q; want one line naming the file", strings.Join(v.args, " "), name, stderr)
			}
		}
	}
}

func firstDiff(got, want string) string {
	g, w := strings.SplitAfter(got, "\n"), strings.SplitAfter(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + itoa(i+1) + ":\n got " + quoteLine(gl) + "\nwant " + quoteLine(wl)
		}
	}
	return "(no line differs)"
}

func quoteLine(s string) string {
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return strings.TrimRight(s, "\n")
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// TestJSON checks that --json gives one valid document per file, with the
// summary figures of the text output.
func TestJSON(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/bc/*")
	for _, f := range files {
		name := filepath.Base(f)
		for _, cmd := range []string{"dump", "stats"} {
			out, _, code := runIn(t, "../../testdata", cmd, "--json", "bc/"+name)
			if name == "bad-empty.bc" || name == "bad-not-mult4.bc" {
				if code != 1 {
					t.Errorf("%s %s --json: exit %d; want 1", cmd, name, code)
				}
				continue
			}
			var doc struct {
				File       string
				StreamType *string `json:"stream_type"`
				Summary    *struct {
					TotalBits uint64 `json:"total_bits"`
				}
				Error *struct {
					Message   string
					BitOffset *uint64 `json:"bit_offset"`
				}
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Errorf("%s --json %s: invalid JSON: %v", cmd, name, err)
				continue
			}
			if doc.File != "bc/"+name {
				t.Errorf("%s --json %s: file = %q", cmd, name, doc.File)
			}
			if (code != 0) != (doc.Error != nil) {
				t.Errorf("%s --json %s: exit %d but error = %+v", cmd, name, code, doc.Error)
			}
			if code == 0 && (doc.Summary == nil || doc.Summary.TotalBits == 0) {
				t.Errorf("%s --json %s: no summary", cmd, name)
			}
		}
	}
}
