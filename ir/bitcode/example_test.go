package bitcode_test

import (
	"errors"
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

// Read a module as llvm-dis-22 reads it when a function body shows a
// !tbaa tag LLVM's TBAA verifier rejects: LLVM drops every !tbaa of the
// module, so the module is read again without them.
func ExampleReadAgain() {
	data, err := os.ReadFile("../../testdata/ir/upgrade/strip/tbaa-invalid-llvm14.bc")
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := bitcode.Options{Reread: true}.Open(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	tags := 0
	r, err := bitcode.ReadAgain(f.Modules[0], func(r *bitcode.Reader) error {
		m, err := r.Module()
		if err != nil {
			return err
		}
		tags = 0
		for _, fn := range m.Functions {
			if !fn.HasBody {
				continue
			}
			if err := r.LoadBody(fn); err != nil {
				var re *bitcode.RereadError
				if errors.As(err, &re) {
					fmt.Println("read again without", re.Strip)
				}
				return err
			}
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					for _, a := range in.Metadata {
						if a.Kind == "tbaa" {
							tags++
						}
					}
				}
			}
		}
		return nil
	})
	fmt.Println(err, len(r.Skipped()), "reported,", tags, "!tbaa left")
	// Output:
	// read again without tbaa
	// <nil> 0 reported, 0 !tbaa left
}
