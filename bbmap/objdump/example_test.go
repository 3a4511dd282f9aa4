package objdump_test

import (
	"fmt"
	"os"

	"github.com/bcextract/bcextract/bbmap/objdump"
	"github.com/bcextract/bcextract/disasm"
)

// Example prints the blocks and instructions of one function of an
// executable, as `bcextract bbmap --disasm --function sq FILE` does.
func Example() {
	data, err := os.ReadFile("../../testdata/sections/bbmap-x86_64")
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := &objdump.Options{Function: "sq", Disasm: true, Syntax: disasm.GNU}
	problems, err := objdump.Write(os.Stdout, "bbmap-x86_64", data, opts)
	fmt.Println(problems, err)
	// Output:
	// sq at 0x2011c0 (.text): 1 block in 1 range
	//   BB  ADDRESS   SIZE  FLAGS
	//    0  0x2011c0     6  R
	//       2011c0: 89 f8                          mov %edi,%eax
	//       2011c2: 0f af c7                       imul %edi,%eax
	//       2011c5: c3                             retq
	// [] <nil>
}
