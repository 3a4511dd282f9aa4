package scan

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bcextract/bcextract/container"
)

// TestPrinter prints one result as a table and as JSON Lines, and checks
// every byte of the table and every key of the JSON.
func TestPrinter(t *testing.T) {
	r := &Result{
		Payloads: []Payload{{
			File: "a.o", Path: "a.o:.llvmbc#1", Kind: container.KindBitcode, Format: container.ELF, Arch: "x86_64",
			Section: ".llvmbc", Off: 0x40, Size: 3360, SHA256: [32]byte{0xab, 0xcd, 0xef, 0x01, 0x23, 0x45, 0x67},
			Producer: "LLVM22.1.0", Triple: "x86_64-pc-linux-gnu", SourceFilename: "a.c",
		}},
		Errors: []*container.Error{{Path: "a.o", File: "a.o", Off: -1, Err: errors.New("broken")}},
	}
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	var got []error
	p := NewPrinter(w, false, func(err error) { got = append(got, err) })
	p.Result(r)
	w.Flush()
	want := "KIND           SIZE  SHA256        TRIPLE                     PRODUCER                       PATH\n" +
		"bitcode        3360  abcdef012345  x86_64-pc-linux-gnu        LLVM22.1.0                     a.o:.llvmbc#1\n"
	if out.String() != want || p.Err() != nil {
		t.Errorf("table:\n%s\nwant:\n%s", out.String(), want)
	}
	if len(got) != 1 || got[0] != error(r.Errors[0]) {
		t.Errorf("errors passed on: %v", got)
	}

	out.Reset()
	p = NewPrinter(w, true, func(err error) { p.Encode(map[string]string{"error": err.Error()}) })
	p.Result(r)
	w.Flush()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || lines[1] != `{"error":"`+r.Errors[0].Error()+`"}` {
		t.Fatalf("JSON lines:\n%s", out.String())
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]any{"file": "a.o", "path": "a.o:.llvmbc#1", "kind": "bitcode", "format": "elf", "arch": "x86_64",
		"section": ".llvmbc", "offset": 64.0, "size": 3360.0, "producer": "LLVM22.1.0", "triple": "x86_64-pc-linux-gnu",
		"source_filename": "a.c", "sha256": "abcdef01234567" + strings.Repeat("0", 50)} {
		if m[k] != v {
			t.Errorf("%s: %v, want %v", k, m[k], v)
		}
	}
	if c, ok := m["cmdline"].([]any); !ok || len(c) != 0 {
		t.Errorf("cmdline %v, want []", m["cmdline"])
	}
}

func TestWriteSummary(t *testing.T) {
	st := Stats{Files: 3, Bytes: 2e6, Objects: 2, Skipped: 1, PayloadBytes: 5e5, Errors: 1, Failed: 1, Symlinks: 2}
	st.Payloads[container.KindBitcode] = 4
	st.Payloads[container.KindCmdline] = 1
	var b strings.Builder
	WriteSummary(&b, &st, &Stored{Dir: "out", Written: 3, Kept: 1}, 2*time.Second)
	want := `bcextract scan: 3 files, 2.0 MB, in 2.00s (2 files/s, 1.0 MB/s)
  objects:  2 walked, 1 skipped (no object, archive or bitcode magic)
  payloads: 5 (4 bitcode, 1 cmdline), 0.5 MB
  stored:   4 distinct payloads in out (3 written, 1 already there)
  errors:   1, in 1 file or directory
  passed over: 2 symbolic links
`
	if b.String() != want {
		t.Errorf("summary:\n%s\nwant:\n%s", b.String(), want)
	}
}
