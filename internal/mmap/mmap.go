// Package mmap maps files read-only into memory, so that inputs are sliced,
// not read whole. Where mapping is not available it falls back to reading.
package mmap

import (
	"fmt"
	"os"
)

// Data is a read-only view of a file's contents.
type Data struct {
	// Bytes is the file's contents. It must not be written to, and must not
	// be used after Close.
	Bytes  []byte
	mapped bool
}

// Open maps the named file. Empty files and files that cannot be mapped
// (pipes, some special files) are read instead.
func Open(name string) (*Data, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	size := fi.Size()
	if size == 0 {
		return &Data{}, nil
	}
	if int64(int(size)) != size {
		return nil, fmt.Errorf("%s: file too large to map (%d bytes)", name, size)
	}
	if b, err := mapFile(f, int(size)); err == nil {
		return &Data{Bytes: b, mapped: true}, nil
	}
	b := make([]byte, size)
	if _, err := f.ReadAt(b, 0); err != nil {
		return nil, err
	}
	return &Data{Bytes: b}, nil
}

// Close unmaps the file.
func (d *Data) Close() error {
	if d == nil || !d.mapped {
		return nil
	}
	b := d.Bytes
	d.Bytes, d.mapped = nil, false
	return unmap(b)
}
