package mmap_test

import (
	"fmt"
	"log"

	"github.com/bcextract/bcextract/mmap"
)

// Open maps a regular file: its bytes are the file's pages, read only when
// touched.
func ExampleOpen() {
	d, err := mmap.Open("../testdata/bc/plain.bc")
	if err != nil {
		log.Fatal(err)
	}
	defer d.Close()
	fmt.Printf("%d bytes, mapped %v, magic %q\n", len(d.Bytes), d.Mapped(), d.Bytes[:4])
	// Output: 3360 bytes, mapped true, magic "BC\xc0\xde"
}
