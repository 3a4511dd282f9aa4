//go:build !unix

package scantest

import "testing"

// mkfifo does nothing where there are no named pipes.
func mkfifo(testing.TB, string) {}
