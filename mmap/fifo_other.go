//go:build unix && !linux

package mmap

// hasWait reports whether waitWriter waits for a writer.
const hasWait = false

// waitWriter does not wait: elsewhere than on Linux a FIFO with no writer
// reads as empty.
func waitWriter(fd int) error { return nil }
