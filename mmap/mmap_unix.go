//go:build unix

package mmap

import (
	"io/fs"
	"os"
	"syscall"
)

func open(name string, readOthers bool, max int64) (*Data, error) {
	// O_NONBLOCK so that opening a FIFO nobody writes to returns at once.
	var fd int
	var err error
	for {
		fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	mode := uint32(st.Mode) & syscall.S_IFMT
	switch {
	case mode == syscall.S_IFREG:
		return mapFD(fd, name, st.Size)
	case mode == syscall.S_IFDIR:
		syscall.Close(fd)
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EISDIR}
	case readOthers && (mode == syscall.S_IFIFO || mode == syscall.S_IFCHR || mode == syscall.S_IFBLK):
		if mode == syscall.S_IFIFO {
			if err := waitWriter(fd); err != nil {
				syscall.Close(fd)
				return nil, &fs.PathError{Op: "open", Path: name, Err: err}
			}
		}
		if err := syscall.SetNonblock(fd, false); err != nil {
			syscall.Close(fd)
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		f := os.NewFile(uintptr(fd), name)
		defer f.Close()
		return Read(name, f, max)
	}
	syscall.Close(fd)
	return nil, &fs.PathError{Op: "open", Path: name, Err: ErrNotRegular}
}

// mapFD maps the regular file open as fd, of size bytes, and closes fd.
// Where the file cannot be mapped it is read.
func mapFD(fd int, name string, size int64) (*Data, error) {
	f := os.NewFile(uintptr(fd), name)
	defer f.Close()
	if size == 0 {
		return &Data{}, nil
	}
	if int64(int(size)) != size {
		return nil, &fs.PathError{Op: "mmap", Path: name, Err: syscall.EFBIG}
	}
	if b, err := syscall.Mmap(fd, 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED); err == nil {
		return &Data{Bytes: b, mapped: true}, nil
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	b := make([]byte, size)
	if _, err := f.ReadAt(b, 0); err != nil {
		return nil, err // an *fs.PathError already
	}
	return &Data{Bytes: b}, nil
}

func unmap(b []byte) error { return syscall.Munmap(b) }
