//go:build unix

package main

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// openOutputStream opens the character device or FIFO name for writing without
// waiting in open(2): a FIFO that no process has open for reading is
// tried again, for at most outputFIFOWait, and then given up with
// errNoReader, as an input FIFO without a writer is (see mmap.Open). What
// was opened must still be a device or a FIFO: a name replaced by a
// regular file meanwhile is not written into.
func openOutputStream(name string) (*os.File, error) {
	deadline := time.Now().Add(outputFIFOWait)
	pause := time.Millisecond
	for {
		fd, err := syscall.Open(name, syscall.O_WRONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.ENXIO:
			// A FIFO with no reader (POSIX): wait, but not forever.
			left := time.Until(deadline)
			if left <= 0 {
				return nil, &errNoReader{outputFIFOWait}
			}
			time.Sleep(min(pause, left))
			pause = min(2*pause, 50*time.Millisecond)
			continue
		case err != nil:
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		var st syscall.Stat_t
		if err := syscall.Fstat(fd, &st); err != nil {
			syscall.Close(fd)
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		if m := uint32(st.Mode) & syscall.S_IFMT; m != syscall.S_IFIFO && m != syscall.S_IFCHR {
			syscall.Close(fd)
			return nil, errors.New("changed while being opened: no longer a device or a FIFO")
		}
		// Writes wait for the reader, as they would have without
		// O_NONBLOCK.
		if err := syscall.SetNonblock(fd, false); err != nil {
			syscall.Close(fd)
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return os.NewFile(uintptr(fd), name), nil
	}
}
