// Package mmap gives read-only access to an input's bytes as one []byte, the
// form every bcextract decoder takes. A regular file is mapped into memory,
// not read: opening a 2 GB archive costs nothing until its pages are
// touched, and payloads are sub-slices of the mapping. Inputs that cannot
// be mapped (FIFOs, character devices, the /dev/fd/N of a shell's process
// substitution, standard input) are read, at most MaxRead bytes, so that an
// input that never ends is an error, not a hang.
//
// Call Open for a file named by a user, Map where only a regular file makes
// sense (a name read from an untrusted input, such as a thin archive's
// member), and Read for an io.Reader such as standard input:
//
//	d, err := mmap.Open(name)
//	if err != nil {
//		return err // an *fs.PathError: "open x.o: no such file or directory"
//	}
//	defer d.Close()
//	var w container.Walker
//	defer w.Close()
//	err = w.Walk(name, d.Bytes, func(p *container.Payload) error { ... })
//
// A mapped file that another process truncates while it is mapped faults
// (SIGBUS) on the pages it lost. A program that must survive that reads the
// bytes with runtime/debug.SetPanicOnFault set, and turns the fault into an
// error, as bcextract's command does.
package mmap

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"time"
	"unsafe"
)

// MaxRead is the most bytes Open and the bcextract command read from an
// input that is not a regular file. Regular files are mapped, whatever
// their size.
const MaxRead = 1 << 30

// FIFOWait is how long Open waits, on Linux, for a process to open a FIFO
// for writing before it gives up with ErrNoWriter.
const FIFOWait = 10 * time.Second

// fifoWait is FIFOWait; tests shorten it.
var fifoWait = FIFOWait

// ErrTooLarge is the cause of the error for an input that is not a regular
// file and holds more than the limit it is read with.
var ErrTooLarge = errors.New("more than 1 GiB, the limit for an input that is not a regular file (give a regular file: it is mapped, not read)")

// ErrNoWriter is the cause of the error for a FIFO that no process opened
// for writing within FIFOWait.
var ErrNoWriter = fmt.Errorf("no process opened the FIFO for writing within %v", FIFOWait)

// ErrNotRegular is the cause of the error Map returns for a file that is
// not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrFault is the cause of the error for a mapped file whose bytes could
// not be read: a file truncated while mapped faults on the pages it lost.
var ErrFault = errors.New("memory fault reading the mapped file (was it truncated while being read?)")

// FaultOffset returns the offset in b of addr, the address a memory fault
// names (the Addr method of what recover returns when
// runtime/debug.SetPanicOnFault is set), or -1 when addr is not in b.
func FaultOffset(b []byte, addr uintptr) int64 {
	if len(b) == 0 {
		return -1
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	if addr < base || addr-base >= uintptr(len(b)) {
		return -1
	}
	return int64(addr - base)
}

// Data is an input's contents.
type Data struct {
	// Bytes is the input's contents. It must not be written to, and must
	// not be used after Close.
	Bytes  []byte
	mapped bool
}

// Mapped reports whether Bytes is a mapping of the file (as opposed to a
// copy read into memory).
func (d *Data) Mapped() bool { return d != nil && d.mapped }

// Close unmaps the file. Closing a nil or read Data does nothing.
func (d *Data) Close() error {
	if d == nil || !d.mapped {
		return nil
	}
	b := d.Bytes
	d.Bytes, d.mapped = nil, false
	return unmap(b)
}

// Map maps the named regular file; an empty file gives an empty Data. Any
// other kind of file is an error whose cause is ErrNotRegular (or
// syscall.EISDIR for a directory), and opening it never blocks, even on a
// FIFO nobody writes to. Errors are *fs.PathError values.
func Map(name string) (*Data, error) {
	return open(name, false, 0)
}

// Open maps the named file if it is a regular file, and otherwise reads it
// to its end: a FIFO (on Linux, waiting at most FIFOWait for a writer to
// open it), a character or block device, a /dev/fd/N. More than MaxRead
// bytes is an error whose cause is ErrTooLarge. A directory is an error
// whose cause is syscall.EISDIR. Errors are *fs.PathError values whose Op is
// "open" or "read".
func Open(name string) (*Data, error) {
	return open(name, true, MaxRead)
}

// Read reads r to its end, at most max bytes: more is an error whose cause
// is ErrTooLarge, an *fs.PathError with Op "read" and Path name.
func Read(name string, r io.Reader, max int64) (*Data, error) {
	// In chunks, each filled before the next is made, then copied into one
	// slice of the input's size: an endless input costs max bytes, not
	// the garbage of a doubling buffer.
	var chunks [][]byte
	total := int64(0)
	size := int64(64 << 10)
	for {
		c := make([]byte, min(size, max+1-total))
		n, err := io.ReadFull(r, c)
		chunks = append(chunks, c[:n])
		total += int64(n)
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if total > max {
			return nil, &fs.PathError{Op: "read", Path: name, Err: tooLarge(max)}
		}
		size = min(2*size, 64<<20)
	}
	if len(chunks) == 1 {
		return &Data{Bytes: chunks[0]}, nil
	}
	b := make([]byte, 0, total)
	for _, c := range chunks {
		b = append(b, c...)
	}
	return &Data{Bytes: b}, nil
}

// tooLarge is ErrTooLarge for the limit max, with the limit in its message
// when it is not MaxRead.
func tooLarge(max int64) error {
	if max == MaxRead {
		return ErrTooLarge
	}
	return &limitError{max}
}

// A limitError is ErrTooLarge for a limit other than MaxRead.
type limitError struct{ max int64 }

func (e *limitError) Error() string {
	return fmt.Sprintf("more than %d bytes, the limit for an input that is not a regular file", e.max)
}

func (e *limitError) Is(target error) bool { return target == ErrTooLarge }
