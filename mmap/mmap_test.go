package mmap

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"
	"time"
	"unsafe"
)

func TestMapRegular(t *testing.T) {
	dir := t.TempDir()
	want := []byte("BC\xc0\xde some bytes")
	name := filepath.Join(dir, "x.bc")
	if err := os.WriteFile(name, want, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, open := range []func(string) (*Data, error){Map, Open} {
		d, err := open(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(d.Bytes, want) || !d.Mapped() {
			t.Errorf("got %q, mapped %v; want %q, mapped", d.Bytes, d.Mapped(), want)
		}
		if err := d.Close(); err != nil || d.Bytes != nil {
			t.Errorf("Close: %v, Bytes %v after", err, d.Bytes)
		}
	}
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, nil, 0o644)
	if d, err := Map(empty); err != nil || len(d.Bytes) != 0 {
		t.Errorf("empty file: %v, %d bytes", err, len(d.Bytes))
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	tests := []struct {
		name  string
		open  func(string) (*Data, error)
		file  string
		op    string
		cause error
	}{
		{"missing", Open, filepath.Join(dir, "nope"), "open", fs.ErrNotExist},
		{"Open directory", Open, dir, "open", syscall.EISDIR},
		{"Map directory", Map, dir, "open", syscall.EISDIR},
		{"Map FIFO", Map, fifo, "open", ErrNotRegular}, // and does not wait for a writer
		{"Map character device", Map, os.DevNull, "open", ErrNotRegular},
	}
	for _, tt := range tests {
		start := time.Now()
		_, err := tt.open(tt.file)
		var pe *fs.PathError
		if !errors.As(err, &pe) || pe.Op != tt.op || pe.Path != tt.file || !errors.Is(err, tt.cause) {
			t.Errorf("%s: got %v; want an *fs.PathError %s %s: %v", tt.name, err, tt.op, tt.file, tt.cause)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: took %v", tt.name, d)
		}
	}
}

func TestOpenSpecial(t *testing.T) {
	d, err := Open(os.DevNull)
	if err != nil || len(d.Bytes) != 0 || d.Mapped() {
		t.Errorf("%s: %v, %d bytes, mapped %v; want empty, read", os.DevNull, err, len(d.Bytes), d.Mapped())
	}
	// /dev/zero never ends: the limit stops it.
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := open("/dev/zero", true, 1<<20)
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "read /dev/zero: more than 1048576 bytes") {
			t.Errorf("/dev/zero: %v; want ErrTooLarge", err)
		}
	}
}

func TestRead(t *testing.T) {
	d, err := Read("-", strings.NewReader("0123456789"), 10)
	if err != nil || string(d.Bytes) != "0123456789" {
		t.Errorf("10 bytes, limit 10: %q, %v", d.Bytes, err)
	}
	_, err = Read("-", strings.NewReader("0123456789x"), 10)
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("11 bytes, limit 10: %v; want ErrTooLarge", err)
	}
	// Several chunks, from a reader that returns a little at a time.
	want := make([]byte, 1<<20+12345)
	for i := range want {
		want[i] = byte(i * 7)
	}
	d, err = Read("-", iotest.HalfReader(bytes.NewReader(want)), int64(len(want)))
	if err != nil || !bytes.Equal(d.Bytes, want) {
		t.Errorf("%d bytes in halves: %v, %d bytes read, equal %v", len(want), err, len(d.Bytes), bytes.Equal(d.Bytes, want))
	}
	if _, err = Read("-", bytes.NewReader(want), int64(len(want))-1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("%d bytes, limit one less: %v; want ErrTooLarge", len(want), err)
	}
	if !errors.Is(tooLarge(MaxRead), ErrTooLarge) || tooLarge(MaxRead).Error() != ErrTooLarge.Error() {
		t.Errorf("tooLarge(MaxRead) = %v", tooLarge(MaxRead))
	}
}

// TestOpenFIFO reads a FIFO whose writer comes before the reader, one
// that comes after it (a shell's "bcextract list p & cat x.o >p"), and, on
// Linux, gives up on one that never comes.
func TestOpenFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	want := bytes.Repeat([]byte("payload "), 100000) // more than a pipe's buffer
	for _, delay := range []time.Duration{0, 300 * time.Millisecond} {
		done := make(chan error, 1)
		go func() {
			time.Sleep(delay)
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0) // waits for the reader
			if err != nil {
				done <- err
				return
			}
			_, err = f.Write(want)
			f.Close()
			done <- err
		}()
		if delay == 0 {
			time.Sleep(100 * time.Millisecond) // let the writer block in open
		}
		d, err := Open(fifo)
		if err != nil {
			t.Fatalf("writer after %v: %v", delay, err)
		}
		if !bytes.Equal(d.Bytes, want) {
			t.Errorf("writer after %v: read %d bytes, want %d", delay, len(d.Bytes), len(want))
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if testing.Short() || !hasWait {
		return
	}
	defer func(w time.Duration) { fifoWait = w }(fifoWait)
	fifoWait = 200 * time.Millisecond
	start := time.Now()
	_, err := Open(fifo)
	if !errors.Is(err, ErrNoWriter) {
		t.Errorf("no writer: %v; want ErrNoWriter", err)
	}
	if d := time.Since(start); d < fifoWait {
		t.Errorf("no writer: gave up after %v, before %v", d, fifoWait)
	}
}

func TestFaultOffset(t *testing.T) {
	b := make([]byte, 100)
	base := uintptr(unsafe.Pointer(&b[0]))
	for _, tt := range []struct {
		b    []byte
		addr uintptr
		want int64
	}{
		{b, base, 0},
		{b, base + 99, 99},
		{b, base + 100, -1},
		{b, base - 1, -1},
		{b[10:], base + 10, 0},
		{nil, base, -1},
		{b[:0], base, -1},
	} {
		if got := FaultOffset(tt.b, tt.addr); got != tt.want {
			t.Errorf("FaultOffset(len %d, base%+d) = %d; want %d", len(tt.b), int64(tt.addr-base), got, tt.want)
		}
	}
}
