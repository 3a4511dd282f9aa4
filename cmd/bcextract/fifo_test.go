//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mkfifo makes a FIFO in a new temporary directory, or skips the test.
func mkfifo(t *testing.T) string {
	t.Helper()
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	return fifo
}

// runBounded is runCmd with a deadline: a command still running after
// limit fails the test instead of hanging it. unblock, if not nil, is
// called then to let the command's goroutine go.
func runBounded(t *testing.T, limit time.Duration, unblock func(), args ...string) (code int, stdout, stderr string) {
	t.Helper()
	type result struct {
		code        int
		out, errout string
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, args)
		done <- result{code, out.String(), errb.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.errout
	case <-time.After(limit):
		if unblock != nil {
			unblock()
		}
		t.Fatalf("%q still running after %v", args, limit)
	}
	return
}

// -o naming a FIFO that no process reads is given up after
// outputFIFOWait, as an input FIFO without a writer is, instead of
// blocking in open(2) forever; a reader that comes within the wait gets
// the payload.
func TestOutputFIFONoReader(t *testing.T) {
	defer func(w time.Duration) { outputFIFOWait = w }(outputFIFOWait)
	outputFIFOWait = 300 * time.Millisecond
	fifo := mkfifo(t)
	unblock := func() {
		// Let a writer blocked in open(2) go, so the test binary can end.
		if f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			defer f.Close()
			time.Sleep(100 * time.Millisecond)
		}
	}
	for _, cmd := range [][]string{
		{"extract", "-o", fifo, "../../testdata/bc/plain.bc"},
		{"dis", "-o", fifo, "../../testdata/bc/plain.bc"},
	} {
		start := time.Now()
		code, _, stderr := runBounded(t, 10*time.Second, unblock, cmd...)
		if d := time.Since(start); d < outputFIFOWait {
			t.Errorf("%s -o FIFO without a reader: gave up after %v, before %v", cmd[0], d, outputFIFOWait)
		}
		if code != exitFailure || !strings.Contains(stderr, "fifo: no process opened the FIFO for reading within 300ms") {
			t.Errorf("%s -o FIFO without a reader: exit %d, stderr %q", cmd[0], code, stderr)
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%s -o FIFO without a reader: the FIFO was replaced", cmd[0])
		}
	}

	// A reader that comes late, within the wait.
	outputFIFOWait = 5 * time.Second
	want, err := os.ReadFile("../../testdata/bc/plain.bc")
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte)
	go func() {
		time.Sleep(200 * time.Millisecond)
		b, _ := os.ReadFile(fifo)
		got <- b
	}()
	code, _, stderr := runBounded(t, 10*time.Second, unblock, "extract", "-o", fifo, "../../testdata/bc/plain.bc")
	if b := <-got; code != exitOK || !bytes.Equal(b, want) {
		t.Errorf("-o FIFO, reader after 200ms: exit %d, stderr %q, read %d bytes", code, stderr, len(b))
	}
}

// diff opens each input once: a FIFO (or standard input) can be read only
// once, so a second pass opening it again would wait for a writer that has
// come and gone. "diff FIFO FILE" and "diff FIFO FIFO" read the FIFO's one
// write and compare as the regular file does.
func TestDiffFIFOOpenedOnce(t *testing.T) {
	const d = "../../testdata/irdiff/"
	for _, c := range []struct {
		src  string // what the FIFO holds
		args func(fifo string) []string
	}{
		{d + "addrm-old.bc", func(fifo string) []string { return []string{"diff", fifo, d + "addrm-new.bc"} }},
		{d + "addrm-old.bc", func(fifo string) []string { return []string{"diff", fifo, fifo} }},
		{d + "constant-old.bc", func(fifo string) []string { return []string{"diff", "-U", "1", fifo, d + "constant-new.bc"} }},
		{d + "constant-new.bc", func(fifo string) []string { return []string{"diff", "--json", d + "constant-old.bc", fifo} }},
	} {
		data, err := os.ReadFile(c.src)
		if err != nil {
			t.Fatal(err)
		}
		fifo := mkfifo(t)
		a := c.args(fifo)
		wrote := make(chan error, 1)
		go func() {
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err == nil {
				_, err = f.Write(data)
				f.Close()
			}
			wrote <- err
		}()
		unblock := func() {
			if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
		}
		// A second open of the FIFO would wait mmap.FIFOWait (10 s) for a
		// writer, and then fail.
		start := time.Now()
		code, out, stderr := runBounded(t, 30*time.Second, unblock, a...)
		if err := <-wrote; err != nil {
			t.Fatal(err)
		}
		// What the same diff of the regular file gives.
		b := make([]string, len(a))
		for i, x := range a {
			b[i] = strings.ReplaceAll(x, fifo, c.src)
		}
		wantCode, wantOut, _ := runCmd(t, b...)
		wantOut = strings.ReplaceAll(wantOut, c.src, fifo)
		if d := time.Since(start); d > 5*time.Second || code != wantCode || stderr != "" || out != wantOut {
			t.Errorf("%q: %v, exit %d, stderr %q, stdout:\n%s\nwant exit %d, stdout:\n%s", a, d, code, stderr, out, wantCode, wantOut)
		}
	}
}

// diff - FILE reads standard input once, for every pass.
func TestDiffStdin(t *testing.T) {
	const d = "../../testdata/irdiff/"
	data, err := os.ReadFile(d + "constant-old.bc")
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := run(&env{stdin: bytes.NewReader(data), stdout: &out, stderr: &errb}, []string{"diff", "-U", "0", "-", d + "constant-new.bc"})
	_, want, _ := runCmd(t, "diff", "-U", "0", d+"constant-old.bc", d+"constant-new.bc")
	want = strings.ReplaceAll(want, d+"constant-old.bc", "-")
	if code != exitFailure || errb.Len() != 0 || out.String() != want {
		t.Errorf("diff - FILE: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errb.String(), out.String(), want)
	}
}
