//go:build linux

package faults

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

var sink byte

// TestCatch reads a mapped page whose file was cut short on a goroutine of
// its own: with the mode of a caller that sets SetPanicOnFault, the fault
// must come back as a panic value with its address.
func TestCatch(t *testing.T) {
	name := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(name, make([]byte, 2*os.Getpagesize()), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := syscall.Mmap(int(f.Fd()), 0, 2*os.Getpagesize(), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(data)
	if err := os.Truncate(name, 0); err != nil {
		t.Fatal(err)
	}
	done := make(chan any)
	go func() {
		done <- Catch(true, func() { sink = data[os.Getpagesize()] })
	}()
	p := <-done
	fault, ok := p.(interface{ Addr() uintptr })
	if !ok {
		t.Fatalf("panicked with %v (%T), want a fault with its address", p, p)
	}
	if want := uintptr(0); fault.Addr() == want {
		t.Errorf("fault at address 0")
	}
	if Mode() {
		t.Error("Catch left the mode set")
	}
	if got := Catch(false, func() {}); got != nil {
		t.Errorf("Catch of a function that returns: %v", got)
	}
	if got := Catch(false, func() { panic("boom") }); got != "boom" {
		t.Errorf("Catch of panic(\"boom\"): %v", got)
	}
}
