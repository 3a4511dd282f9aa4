package main

import (
	"errors"
	"runtime/debug"
	"unsafe"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/mmap"
)

// input is one opened input file.
type input struct {
	name string // as given on the command line ("-" for standard input)
	data []byte
	m    *mmap.Data
	// said holds the container paths of malformed payloads whose problem
	// a command reported itself (see walkInput).
	said []string
}

// openInput maps the named file, or reads it when it is not a regular file
// (a FIFO, a /dev/fd/N, a device), or reads standard input for "-", at
// most mmap.MaxRead bytes. Its error is a *container.Error naming the file:
// "FILE: open: no such file or directory".
func openInput(e *env, name string) (*input, error) {
	var m *mmap.Data
	var err error
	if name == "-" {
		m, err = mmap.Read(name, e.stdin, mmap.MaxRead)
	} else {
		m, err = mmap.Open(name)
	}
	if err != nil {
		ce := container.FileError(name, err)
		if errors.Is(err, mmap.ErrTooLarge) {
			ce.Off = mmap.MaxRead // the first byte not read
		}
		return nil, ce
	}
	if afterMap != nil && m.Mapped() {
		afterMap(name)
	}
	return &input{name: name, data: m.Bytes, m: m}, nil
}

// afterMap, when not nil, is called once an input is mapped; tests use it
// to truncate the file under the mapping.
var afterMap func(name string)

// errFault is the cause of the error for an input whose mapping faulted.
var errFault = errors.New("memory fault reading the mapped file (was it truncated while being read?)")

// guard runs fn, which reads the input, and turns a memory fault on its
// mapping into an error: a file truncated while mapped raises SIGBUS on
// the pages it lost, which would otherwise end the program. The error
// names the byte of the file that could not be read. Other panics go on.
func (in *input) guard(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		f, ok := r.(interface{ Addr() uintptr })
		if !ok {
			panic(r)
		}
		off := int64(-1)
		if len(in.data) > 0 {
			base := uintptr(unsafe.Pointer(unsafe.SliceData(in.data)))
			if a := f.Addr(); a >= base && a-base < uintptr(len(in.data)) {
				off = int64(a - base)
			}
		}
		err = &container.Error{Path: in.name, File: in.name, Off: off, Err: errFault}
	}()
	return fn()
}

func (in *input) close() { in.m.Close() }
