package mmap

import (
	"syscall"
	"time"
	"unsafe"
)

// hasWait reports whether waitWriter waits for a writer.
const hasWait = true

// waitWriter waits, at most FIFOWait, until the FIFO open as fd (opened
// with O_NONBLOCK, so that the open did not wait) has data or a writer that
// came and went. Linux reports neither before a writer has opened it, so a
// FIFO nobody ever writes to is ErrNoWriter rather than an empty input or
// an endless wait.
func waitWriter(fd int) error {
	const pollIn = 0x1
	deadline := time.Now().Add(fifoWait)
	for {
		p := struct {
			fd              int32
			events, revents int16
		}{fd: int32(fd), events: pollIn}
		left := time.Until(deadline)
		if left <= 0 {
			return ErrNoWriter
		}
		ts := syscall.NsecToTimespec(int64(left))
		n, _, errno := syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&p)), 1, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
		switch {
		case errno == syscall.EINTR:
			continue
		case errno != 0:
			return errno
		case n == 0:
			return ErrNoWriter
		}
		// Data, a writer gone (POLLHUP), or an error the read will report.
		return nil
	}
}
