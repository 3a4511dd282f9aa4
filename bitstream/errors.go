package bitstream

import (
	"errors"
	"fmt"
)

// A FormatError reports malformed or truncated input. BitPos is the bit
// offset, from the start of the stream being read, where the problem was
// found.
type FormatError struct {
	BitPos uint64
	Msg    string
	Err    error // underlying cause, e.g. io.ErrUnexpectedEOF; may be nil
}

func newError(bit uint64, wrapped error, format string, args ...any) *FormatError {
	return &FormatError{BitPos: bit, Msg: fmt.Sprintf(format, args...), Err: wrapped}
}

// Error returns "MSG at bit N (byte 0xB)": the message, BitPos, and the
// byte holding that bit.
func (e *FormatError) Error() string {
	return fmt.Sprintf("%s at bit %d (byte 0x%x)", e.Msg, e.BitPos, e.BitPos/8)
}

// Unwrap returns the underlying cause.
func (e *FormatError) Unwrap() error { return e.Err }

// ErrMalformedBlockInfo is the cause of the FormatError returned when a
// BLOCKINFO block defines an abbreviation or a name before any SETBID, or
// ends before its END_BLOCK.
var ErrMalformedBlockInfo = errors.New("malformed BLOCKINFO block")

// ErrTooDeep is the cause of the FormatError returned when blocks nest deeper
// than MaxDepth.
var ErrTooDeep = errors.New("blocks nested too deeply")

// ErrLiteralBudget is the cause of the FormatError returned when records
// have drawn more operands from Literal abbreviation operands than
// LiteralSlack plus one per bit of the stream: the stream describes far more
// operands than it holds (see LiteralSlack).
var ErrLiteralBudget = errors.New("literal operands exceed the stream's budget")
