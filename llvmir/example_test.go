package llvmir_test

import (
	"fmt"

	"github.com/bcextract/bcextract/llvmir"
)

// Name the blocks and records of an LLVM IR stream as llvm-bcanalyzer does.
func ExampleRecordName() {
	fmt.Println(llvmir.MODULE_BLOCK_ID, llvmir.IDENTIFICATION_BLOCK_ID, llvmir.BlockID(40))
	name, ok := llvmir.RecordName(uint32(llvmir.MODULE_BLOCK_ID), uint32(llvmir.MODULE_CODE_SOURCE_FILENAME))
	fmt.Println(name, ok)
	_, ok = llvmir.RecordName(uint32(llvmir.MODULE_BLOCK_ID), uint32(llvmir.MODULE_CODE_IFUNC))
	fmt.Println(ok)
	// Output:
	// MODULE_BLOCK IDENTIFICATION_BLOCK_ID UnknownBlock40
	// SOURCE_FILENAME true
	// false
}
