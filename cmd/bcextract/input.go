package main

import (
	"errors"
	"runtime/debug"

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
	// cached is set on an input an inputCache holds open.
	cached bool
}

// openInput maps the named file, or reads it when it is not a regular file
// (a FIFO, a /dev/fd/N, a device), or reads standard input for "-", at
// most mmap.MaxRead bytes. Its error is a *container.Error naming the file:
// "FILE: open: no such file or directory".
//
// With e.inputs set, an input opened before is given again (see
// inputCache), its error too.
func openInput(e *env, name string) (*input, error) {
	if e.inputs != nil {
		return e.inputs.open(e, name)
	}
	return openFile(e, name)
}

// openFile is openInput without the cache.
func openFile(e *env, name string) (*input, error) {
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
		err = &container.Error{Path: in.name, File: in.name, Off: mmap.FaultOffset(in.data, f.Addr()), Err: mmap.ErrFault}
	}()
	return fn()
}

// close unmaps the input, unless an inputCache holds it.
func (in *input) close() {
	if !in.cached {
		in.m.Close()
	}
}

// maxCachedMaps is how many mapped inputs an inputCache keeps mapped: one
// mapping each, well below the 65,530 Linux allows a process by default.
const maxCachedMaps = 4096

// An inputCache opens each input once for a command that reads its inputs
// more than once (diff reads each side two or three times): a FIFO, a
// device or standard input can be read only once, and opening a FIFO
// again would wait mmap.FIFOWait for a writer that has come and gone. The
// inputs stay open, and the bytes of a regular file the same, until
// closeAll. Beyond maxCachedMaps mapped files, further regular files are
// mapped anew at each open.
type inputCache struct {
	opened map[string]cachedInput
	maps   int
}

// A cachedInput is an input opened once, or the error opening it gave.
type cachedInput struct {
	in  *input
	err error
}

func newInputCache() *inputCache { return &inputCache{opened: make(map[string]cachedInput)} }

// open returns the input named name, opened at its first open.
func (c *inputCache) open(e *env, name string) (*input, error) {
	if ci, ok := c.opened[name]; ok {
		if ci.in != nil {
			ci.in.said = nil // what a command said of it was said in another pass
		}
		return ci.in, ci.err
	}
	in, err := openFile(e, name)
	if in != nil && in.m.Mapped() {
		if c.maps >= maxCachedMaps {
			return in, nil
		}
		c.maps++
	}
	if in != nil {
		in.cached = true
	}
	c.opened[name] = cachedInput{in, err}
	return in, err
}

// closeAll closes the inputs of the cache and forgets them.
func (c *inputCache) closeAll() {
	for name, ci := range c.opened {
		if ci.in != nil {
			ci.in.m.Close()
		}
		delete(c.opened, name)
	}
	c.maps = 0
}
