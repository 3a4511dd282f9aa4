//go:build !unix

package main

import "os"

// openOutputStream opens the device name for writing; there are no FIFOs here
// to wait for.
func openOutputStream(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_WRONLY, 0)
}
