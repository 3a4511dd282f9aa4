//go:build !unix

package mmap

import (
	"io/fs"
	"os"
	"syscall"
)

// open reads the named file: there is no mapping here, and no special
// files to tell apart.
func open(name string, readOthers bool, max int64) (*Data, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	switch {
	case fi.IsDir():
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EISDIR}
	case !fi.Mode().IsRegular() && !readOthers:
		return nil, &fs.PathError{Op: "open", Path: name, Err: ErrNotRegular}
	case !fi.Mode().IsRegular():
		return Read(name, f, max)
	}
	b := make([]byte, fi.Size())
	if _, err := f.ReadAt(b, 0); err != nil {
		return nil, err
	}
	return &Data{Bytes: b}, nil
}

func unmap([]byte) error { return nil }
