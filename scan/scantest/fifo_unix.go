//go:build unix

package scantest

import (
	"syscall"
	"testing"
)

// mkfifo makes a named pipe, which a scan must pass over without opening
// it (opening one blocks).
func mkfifo(t testing.TB, name string) {
	t.Helper()
	if err := syscall.Mkfifo(name, 0o644); err != nil {
		t.Fatal(err)
	}
}
