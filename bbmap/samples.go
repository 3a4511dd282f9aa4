package bbmap

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
)

// A SampleError reports a malformed line of a sample or address file.
type SampleError struct {
	Line int   // 1-based line number
	Off  int64 // byte offset of the line's start in the input
	Msg  string
	err  error // the error behind Msg, if any
}

// Error returns the message with the line number and byte offset.
func (e *SampleError) Error() string {
	return fmt.Sprintf("line %d: %s (at byte 0x%x)", e.Line, e.Msg, e.Off)
}

// Unwrap returns the error behind Msg: the callback's, if that is what
// stopped the reading.
func (e *SampleError) Unwrap() error { return e.err }

// MaxSampleLine is the longest line, in bytes without the newline, that
// ReadSamples and ReadAddresses accept.
const MaxSampleLine = 4096

// ReadSamples reads sample lines "ADDR COUNT" from r and calls f for each:
// ADDR and COUNT are unsigned 64-bit integers, hexadecimal with a 0x (or
// 0X) prefix or else decimal (as ParseAddress reads them), separated by
// spaces or tabs, with optional spaces or tabs around them. Empty lines and
// lines whose first non-blank character is '#' are skipped; a final line
// may lack its newline, and a "\r" before the newline is allowed. Anything
// else, a line longer than MaxSampleLine, or f returning an error stops the
// reading with a *SampleError naming the line, whose Unwrap returns f's
// error. Errors from r are returned as they are.
func ReadSamples(r io.Reader, f func(addr, count uint64) error) error {
	return readLines(r, func(b []byte) error {
		addrField, rest := field(b)
		countField, extra := field(rest)
		if len(countField) == 0 {
			return errors.New("want \"ADDR COUNT\", found one field")
		}
		if len(extra) > 0 {
			return errors.New("want \"ADDR COUNT\", found more than two fields")
		}
		addr, ok := parseUint(addrField)
		if !ok {
			return fmt.Errorf("bad address %q", addrField)
		}
		count, ok := parseUint(countField)
		if !ok {
			return fmt.Errorf("bad count %q", countField)
		}
		return f(addr, count)
	})
}

// ReadAddresses reads one address per line from r, as ParseAddress reads
// it, and calls f for each. Blanks, empty lines, comments and errors are as
// for ReadSamples.
func ReadAddresses(r io.Reader, f func(addr uint64) error) error {
	return readLines(r, func(b []byte) error {
		addrField, extra := field(b)
		if len(extra) > 0 {
			return errors.New("want one address, found more than one field")
		}
		addr, ok := parseUint(addrField)
		if !ok {
			return fmt.Errorf("bad address %q", addrField)
		}
		return f(addr)
	})
}

// ParseAddress parses an address (or a count) as the readers do: an
// unsigned 64-bit integer, hexadecimal after "0x" or "0X", else decimal.
func ParseAddress(s string) (uint64, error) {
	v, ok := parseUint([]byte(s))
	if !ok {
		return 0, fmt.Errorf("bad address %q: want 0x and hexadecimal digits, or decimal digits, at most 64 bits", s)
	}
	return v, nil
}

// readLines calls f with each line of r that is neither empty nor a
// comment, trimmed of blanks and not copied.
func readLines(r io.Reader, f func(line []byte) error) error {
	br := bufio.NewReaderSize(r, MaxSampleLine+2)
	var off int64
	for line := 1; ; line++ {
		b, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) || lineLen(b) > MaxSampleLine {
			return &SampleError{Line: line, Off: off, Msg: fmt.Sprintf("line longer than %d bytes", MaxSampleLine)}
		}
		if err != nil && err != io.EOF {
			return err
		}
		if t := trimBlank(b); len(t) > 0 && t[0] != '#' {
			if ferr := f(t); ferr != nil {
				return &SampleError{Line: line, Off: off, Msg: ferr.Error(), err: ferr}
			}
		}
		off += int64(len(b))
		if err == io.EOF {
			return nil
		}
	}
}

// lineLen is the length of line b without its "\n" or "\r\n".
func lineLen(b []byte) int {
	n := len(b)
	if n > 0 && b[n-1] == '\n' {
		n--
		if n > 0 && b[n-1] == '\r' {
			n--
		}
	}
	return n
}

// field splits the first blank-separated field off b, which is trimmed,
// and returns it and the rest, trimmed.
func field(b []byte) (f, rest []byte) {
	i := 0
	for i < len(b) && !isBlank(b[i]) {
		i++
	}
	return b[:i], trimBlank(b[i:])
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func trimBlank(b []byte) []byte {
	for len(b) > 0 && isBlank(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isBlank(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// parseUint parses a 64-bit unsigned number, "0x..." hexadecimal or
// decimal, without allocating.
func parseUint(b []byte) (uint64, bool) {
	base := uint64(10)
	if len(b) > 2 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X') {
		base, b = 16, b[2:]
	}
	if len(b) == 0 {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case base == 16 && c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		case base == 16 && c >= 'A' && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return 0, false
		}
		if v > (math.MaxUint64-d)/base {
			return 0, false
		}
		v = v*base + d
	}
	return v, true
}

// A Profile is a sample file summed per block and per function of an
// Index.
type Profile struct {
	Blocks  []uint64 // per block, indexed like Index.Block
	Funcs   []uint64 // per function, indexed like Index.Funcs
	Samples int      // number of sample lines
	Total   uint64   // sum of all counts
	Outside uint64   // sum of the counts at addresses outside every block
}

// Aggregate reads samples from r as ReadSamples does and adds each count to
// the block holding its address and to that block's function. An address
// in no block adds to Outside. In a relocatable object, whose address
// spaces are its sections, an address is looked up in each of them and
// its count added to every block holding it (profiles come from linked
// programs, which have one space). A total that would exceed 64 bits is an
// error naming the line.
func (x *Index) Aggregate(r io.Reader) (*Profile, error) {
	p := &Profile{Blocks: make([]uint64, len(x.blocks)), Funcs: make([]uint64, len(x.funcs))}
	err := ReadSamples(r, func(addr, count uint64) error {
		p.Samples++
		if p.Total+count < p.Total {
			return errors.New("counts add up to more than 2^64-1")
		}
		p.Total += count
		found := false
		for i := range x.spaces {
			loc, ok := x.LookupSection(x.spaces[i].section, addr)
			if !ok {
				continue
			}
			found = true
			// A block's sum is part of Total, so it cannot overflow once
			// Total did not; a function's may count an address once per
			// section holding it.
			p.Blocks[loc.Block] += count
			p.Funcs[loc.Func] = addSat(p.Funcs[loc.Func], count)
		}
		if !found {
			p.Outside += count
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// addSat adds without wrapping around.
func addSat(a, b uint64) uint64 {
	if a+b < a {
		return math.MaxUint64
	}
	return a + b
}
