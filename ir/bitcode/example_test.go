package bitcode_test

import (
	"fmt"
	"os"

	"github.com/bcextract/bcextract/ir/bitcode"
)

// Open a bitcode file, read its module, then load each function body in
// turn.
func Example() {
	data, err := os.ReadFile("../../testdata/ir/switch-O2.bc")
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := bitcode.Open(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := f.Modules[0]
	m, err := r.Module()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Triple)
	for _, fn := range m.Functions {
		if !fn.HasBody {
			continue
		}
		if err := r.LoadBody(fn); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("@%s: %d blocks\n", fn.Name, len(fn.Blocks))
	}
	// Output:
	// x86_64-unknown-linux-gnu
	// @classify: 7 blocks
	// @state_machine: 18 blocks
	// @dispatch: 16 blocks
	// @computed_goto: 5 blocks
}
