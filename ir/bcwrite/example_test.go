package bcwrite_test

import (
	"fmt"
	"log"
	"os"

	"github.com/bcextract/bcextract/ir/bcwrite"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// Read a module, rename a function, write the module, and read the names
// back from what was written.
func Example() {
	data, err := os.ReadFile("testdata/decl/gc.bc")
	if err != nil {
		log.Fatal(err)
	}
	f, err := bitcode.Options{}.Open(data)
	if err != nil {
		log.Fatal(err)
	}
	r := f.Modules[0]
	m, err := r.Module()
	if err != nil {
		log.Fatal(err)
	}
	for _, fn := range m.Functions {
		if fn.Name == "f" {
			fn.Name = "collect"
		}
	}
	out, err := bcwrite.Write(m, bcwrite.Options{Loader: r})
	if err != nil {
		log.Fatal(err)
	}
	back, err := bitcode.Options{}.Open(out)
	if err != nil {
		log.Fatal(err)
	}
	m2, err := back.Modules[0].Module()
	if err != nil {
		log.Fatal(err)
	}
	for _, fn := range m2.Functions {
		fmt.Println(fn.Name, fn.GC)
	}
	// Output:
	// collect statepoint-example
	// g shadow-stack
	// h statepoint-example
}

// Write a module into a file as it is made, rather than into memory
// first: the bytes are those Write returns.
func ExampleWriteTo() {
	data, err := os.ReadFile("testdata/decl/gc.bc")
	if err != nil {
		log.Fatal(err)
	}
	f, err := bitcode.Options{}.Open(data)
	if err != nil {
		log.Fatal(err)
	}
	r := f.Modules[0]
	m, err := r.Module()
	if err != nil {
		log.Fatal(err)
	}
	out, err := os.CreateTemp("", "gc-*.bc")
	if err != nil {
		log.Fatal(err)
	}
	defer os.Remove(out.Name())
	defer out.Close()
	n, err := bcwrite.WriteTo(m, bcwrite.Options{Loader: r}, out)
	if err != nil {
		log.Fatal(err)
	}
	// opt-22 writes the same bytes: the fixture is its output.
	fmt.Println(n, n == int64(len(data)))
	// Output:
	// 1624 true
}
