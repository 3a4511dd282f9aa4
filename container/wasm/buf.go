package wasm

import (
	"fmt"
	"math"

	"github.com/bcextract/bcextract/internal/leb128"
)

// buf is a cursor over data[off:], in the manner of debug/dwarf's buf: the
// first read past the end, or the first bad value, records a *FormatError,
// and every read after it returns zero.
type buf struct {
	data []byte // ends where the section (or the file) ends
	off  int
	err  *FormatError
	// The section, named in errors: "section 3 header" while reading its
	// id and size, "section 3 (CUSTOM)" inside it. The name is formatted
	// only for an error, so that framing a section allocates nothing.
	index  int
	id     SectionID
	header bool
}

func (b *buf) fail(off int, format string, args ...any) {
	if b.err == nil {
		what := fmt.Sprintf("section %d (%s)", b.index, b.id)
		if b.header {
			what = fmt.Sprintf("section %d header", b.index)
		}
		b.err = &FormatError{int64(off), what + ": " + fmt.Sprintf(format, args...)}
	}
}

func (b *buf) u8() uint8 {
	if b.err != nil {
		return 0
	}
	if b.off >= len(b.data) {
		b.fail(b.off, "unexpected end")
		return 0
	}
	b.off++
	return b.data[b.off-1]
}

// uleb reads an unsigned LEB128 of any length whose value fits in 64 bits,
// as LLVM's reader accepts them.
func (b *buf) uleb() uint64 {
	if b.err != nil {
		return 0
	}
	v, n := leb128.Uint(b.data[b.off:])
	switch {
	case n == 0:
		b.fail(len(b.data), "unexpected end")
	case n < 0:
		b.fail(b.off, "LEB128 value does not fit in 64 bits")
	default:
		b.off += n
		return v
	}
	return 0
}

// uleb32 reads an unsigned LEB128 that must be at most 2^32-1.
func (b *buf) uleb32() uint64 {
	start := b.off
	v := b.uleb()
	if v > math.MaxUint32 {
		b.fail(start, "LEB128 value %d outside the 32-bit range", v)
		return 0
	}
	return v
}

// str reads a name: a LEB128 length and that many bytes.
func (b *buf) str() string {
	start := b.off
	n := b.uleb32()
	if b.err != nil {
		return ""
	}
	if n > uint64(len(b.data)-b.off) {
		b.fail(start, "name of %d bytes runs past the end (%d bytes left)", n, len(b.data)-b.off)
		return ""
	}
	b.off += int(n)
	return string(b.data[b.off-int(n) : b.off])
}

// Limits flags (WASM_LIMITS_FLAG_*).
const (
	limitsHasMax   = 0x1
	limitsIs64     = 0x4
	limitsPageSize = 0x8
)

// limits reads a memory's or table's limits and reports whether they are
// 64-bit.
func (b *buf) limits() bool {
	flags := b.uleb32()
	is64 := flags&limitsIs64 != 0
	n := 1
	if flags&limitsHasMax != 0 {
		n = 2
	}
	for range n {
		if is64 {
			b.uleb()
		} else {
			b.uleb32()
		}
	}
	if flags&limitsPageSize != 0 {
		b.uleb32()
	}
	return is64 && b.err == nil
}

// Import kinds.
const (
	externFunc   = 0
	externTable  = 1
	externMemory = 2
	externGlobal = 3
	externTag    = 4
)

// imports reads an import section and reports whether it imports a memory
// with 64-bit limits. Every entry takes at least three bytes, so a lying
// count ends at the end of the section.
func (b *buf) imports() bool {
	mem64 := false
	count := b.uleb32()
	for i := uint64(0); i < count && b.err == nil; i++ {
		start := b.off
		b.str()
		b.str()
		switch kind := b.u8(); {
		case b.err != nil:
		case kind == externFunc:
			b.uleb32()
		case kind == externTable:
			b.u8()
			b.limits()
		case kind == externMemory:
			mem64 = b.limits() || mem64
		case kind == externGlobal:
			b.u8()
			b.u8()
		case kind == externTag:
			b.u8()
			b.uleb32()
		default:
			b.fail(start, "import %d: invalid kind %d", i, kind)
		}
	}
	return mem64
}

// memories reads a memory section and reports whether a memory has 64-bit
// limits.
func (b *buf) memories() bool {
	mem64 := false
	count := b.uleb32()
	for i := uint64(0); i < count && b.err == nil; i++ {
		mem64 = b.limits() || mem64
	}
	return mem64
}
