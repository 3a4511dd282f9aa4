package readobj_test

import (
	"encoding/json"
	"fmt"
	"log"
	"os"

	"github.com/bcextract/bcextract/sections/readobj"
)

// Dump an object's call-graph profile and address-significance table as
// llvm-readobj-22 --cg-profile --addrsig prints them.
func Example() {
	const name = "cgprofile.o"
	data, err := os.ReadFile("../../testdata/sections/" + name)
	if err != nil {
		log.Fatal(err)
	}
	files, err := readobj.Files(name, data)
	if err != nil {
		log.Fatal(err)
	}
	o := readobj.Options{
		CGProfile: true,
		Addrsig:   true,
		Warn:      func(file, msg string) { fmt.Fprintf(os.Stderr, "warning: '%s': %s\n", file, msg) },
	}
	for _, f := range files {
		if err := readobj.Text(os.Stdout, f, o); err != nil {
			log.Fatal(err)
		}
	}
	// Output:
	// File: cgprofile.o
	// Format: elf64-x86-64
	// Arch: x86_64
	// AddressSize: 64bit
	// LoadName: <Not found>
	// CGProfile [
	//   CGProfileEntry {
	//     From: main (6)
	//     To: is_prime (2)
	//     Weight: 1500
	//   }
	//   CGProfileEntry {
	//     From: main (6)
	//     To: collatz (3)
	//     Weight: 215
	//   }
	//   CGProfileEntry {
	//     From: main (6)
	//     To: mix (4)
	//     Weight: 499
	//   }
	// ]
	// Addrsig [
	//   Sym: sink (7)
	// ]
}

// The same dump as JSON: one object per file, keyed by the text's headings.
func ExampleJSON() {
	const name = "cgprofile.o"
	data, err := os.ReadFile("../../testdata/sections/" + name)
	if err != nil {
		log.Fatal(err)
	}
	files, err := readobj.Files(name, data)
	if err != nil {
		log.Fatal(err)
	}
	doc, err := readobj.JSON(files[0], readobj.Options{Addrsig: true})
	if err != nil {
		log.Fatal(err)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false) // "<Not found>", as bcextract sections --json prints it
	if err := enc.Encode(doc); err != nil {
		log.Fatal(err)
	}
	// Output:
	// {"FileSummary":{"File":"cgprofile.o","Format":"elf64-x86-64","Arch":"x86_64","AddressSize":"64bit","LoadName":"<Not found>"},"Addrsig":[{"Sym":{"Name":"sink","Value":7}}]}
}
