package main

import (
	"fmt"
	"math/bits"

	"github.com/bcextract/bcextract/llvmir"
)

// rawAttrs gives the enum attributes LLVM 3.2's writer encoded as bits
// of a PARAMATTR_CODE_ENTRY_OLD value (encodeLLVMAttributesForBitcode):
// the attribute's bit in the bit set of those days, the bits from 21 up
// moved up by 11 (the alignment took bits 16-31).
var rawAttrs = map[uint64]uint64{
	uint64(llvmir.ATTR_KIND_Z_EXT):                1 << 0,
	uint64(llvmir.ATTR_KIND_S_EXT):                1 << 1,
	uint64(llvmir.ATTR_KIND_NO_RETURN):            1 << 2,
	uint64(llvmir.ATTR_KIND_IN_REG):               1 << 3,
	uint64(llvmir.ATTR_KIND_NO_UNWIND):            1 << 5,
	uint64(llvmir.ATTR_KIND_NO_ALIAS):             1 << 6,
	uint64(llvmir.ATTR_KIND_NEST):                 1 << 8,
	uint64(llvmir.ATTR_KIND_READ_NONE):            1 << 9,
	uint64(llvmir.ATTR_KIND_READ_ONLY):            1 << 10,
	uint64(llvmir.ATTR_KIND_NO_INLINE):            1 << 11,
	uint64(llvmir.ATTR_KIND_ALWAYS_INLINE):        1 << 12,
	uint64(llvmir.ATTR_KIND_OPTIMIZE_FOR_SIZE):    1 << 13,
	uint64(llvmir.ATTR_KIND_STACK_PROTECT):        1 << 14,
	uint64(llvmir.ATTR_KIND_STACK_PROTECT_REQ):    1 << 15,
	uint64(llvmir.ATTR_KIND_NO_CAPTURE):           1 << 32,
	uint64(llvmir.ATTR_KIND_NO_RED_ZONE):          1 << 33,
	uint64(llvmir.ATTR_KIND_NO_IMPLICIT_FLOAT):    1 << 34,
	uint64(llvmir.ATTR_KIND_NAKED):                1 << 35,
	uint64(llvmir.ATTR_KIND_INLINE_HINT):          1 << 36,
	uint64(llvmir.ATTR_KIND_RETURNS_TWICE):        1 << 40,
	uint64(llvmir.ATTR_KIND_UW_TABLE):             1 << 41,
	uint64(llvmir.ATTR_KIND_NON_LAZY_BIND):        1 << 42,
	uint64(llvmir.ATTR_KIND_SANITIZE_ADDRESS):     1 << 43,
	uint64(llvmir.ATTR_KIND_MIN_SIZE):             1 << 44,
	uint64(llvmir.ATTR_KIND_NO_DUPLICATE):         1 << 45,
	uint64(llvmir.ATTR_KIND_STACK_PROTECT_STRONG): 1 << 46,
	uint64(llvmir.ATTR_KIND_SANITIZE_THREAD):      1 << 47,
	uint64(llvmir.ATTR_KIND_SANITIZE_MEMORY):      1 << 48,
	uint64(llvmir.ATTR_KIND_NO_BUILTIN):           1 << 49,
	uint64(llvmir.ATTR_KIND_RETURNED):             1 << 50,
	uint64(llvmir.ATTR_KIND_COLD):                 1 << 51,
	// Type attributes (ATTR_ENC_TYPE, ATTR_ENC_TYPE_VALUE): the raw bit
	// has no type, which the reader takes from the parameter's pointee.
	uint64(llvmir.ATTR_KIND_STRUCT_RET): 1 << 4,
	uint64(llvmir.ATTR_KIND_BY_VAL):     1 << 7,
}

// rawIntAttr encodes an integer attribute: the alignment as its byte
// count in bits 16-31, the stack alignment as log2+1 in bits 37-39.
func rawIntAttr(kind, v uint64) (uint64, error) {
	switch llvmir.AttributeKindCode(kind) {
	case llvmir.ATTR_KIND_ALIGNMENT:
		if v == 0 || v > 0xffff || v&(v-1) != 0 {
			return 0, fmt.Errorf("alignment %d has no raw form", v)
		}
		return v << 16, nil
	case llvmir.ATTR_KIND_STACK_ALIGNMENT:
		s := uint64(bits.TrailingZeros64(v)) + 1
		if v == 0 || v&(v-1) != 0 || s > 7 {
			return 0, fmt.Errorf("stack alignment %d has no raw form", v)
		}
		return s << 37, nil
	case llvmir.ATTR_KIND_UW_TABLE:
		return 1 << 41, nil
	}
	return 0, fmt.Errorf("integer attribute kind %d has no raw form", kind)
}
