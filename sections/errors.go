package sections

import "fmt"

// A DecodeError reports malformed section contents. Msg is worded as LLVM
// 22's llvm-readobj words the same problem, so printers can repeat it.
type DecodeError struct {
	Section string // section name, e.g. ".llvm_bb_addr_map"
	Off     int64  // byte offset in the section
	Msg     string
}

// Error returns "SECTION: MSG (at byte 0xOFF of the section)".
func (e *DecodeError) Error() string {
	return fmt.Sprintf("%s: %s (at byte 0x%x of the section)", e.Section, e.Msg, e.Off)
}
