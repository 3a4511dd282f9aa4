//go:build unix

package scan

import (
	"errors"
	"io/fs"
	"syscall"
)

// readPrefix reads the start of the named regular file into buf and
// returns how many bytes it read and the file's size. It goes to the
// system calls directly (open, fstat, pread, close): for the many files a
// scan only glances at, an os.File's set-up is most of the cost. O_NONBLOCK
// keeps the open from blocking on a named pipe put in the file's place.
func readPrefix(name string, buf []byte) (n int, size int64, err error) {
	var fd int
	for {
		fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return 0, 0, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return 0, 0, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		// It was replaced after the walk listed it.
		return 0, 0, errors.New("not a regular file")
	}
	for n < len(buf) {
		m, err := syscall.Pread(fd, buf[n:], int64(n))
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return n, st.Size, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if m == 0 {
			break
		}
		n += m
	}
	return n, st.Size, nil
}
