//go:build unix

package container

import (
	"errors"
	"runtime/debug"
	"syscall"
	"testing"
)

// The verdict on a bitcode file's zeros is reached without reading them
// all: "BC\xC0\xDE" and then zeros, of which only the first page may be
// read (the pages after it fault when touched), is an error at byte 4.
func TestBitcodeFileZerosCheap(t *testing.T) {
	page := syscall.Getpagesize()
	const pages = 64
	mem, err := syscall.Mmap(-1, 0, pages*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("no anonymous mappings:", err)
	}
	defer syscall.Munmap(mem)
	copy(mem, "BC\xc0\xde")
	// 4096 + 1 zero bytes may be read past the magic: 2 pages of 4 KiB.
	readable := 2 * page
	if err := syscall.Mprotect(mem[readable:], syscall.PROT_NONE); err != nil {
		t.Skip("no mprotect:", err)
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("the walk read the zeros past the first %d bytes: %v", readable, r)
		}
	}()
	var w Walker
	var sizes []int64
	err = w.Walk("zeros.bc", mem, func(p *Payload) error { sizes = append(sizes, p.Size); return nil })
	var ce *Error
	if errs := Errors(err); len(errs) != 1 || !errors.As(errs[0], &ce) || ce.Off != 4 || !errors.Is(ce, ErrZeroTail) || len(sizes) != 0 {
		t.Errorf("payload sizes %v, errors %v; want none, and ErrZeroTail at byte 0x4", sizes, errs)
	}
}
