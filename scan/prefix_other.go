//go:build !unix

package scan

import (
	"errors"
	"io"
	"os"
)

// readPrefix reads the start of the named regular file into buf and
// returns how many bytes it read and the file's size.
func readPrefix(name string, buf []byte) (n int, size int64, err error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	if !fi.Mode().IsRegular() {
		// It was replaced after the walk listed it.
		return 0, 0, errors.New("not a regular file")
	}
	n, err = f.ReadAt(buf, 0)
	if err == io.EOF {
		err = nil
	}
	return n, fi.Size(), err
}
