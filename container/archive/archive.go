// Package archive parses Unix ar archives held in memory: GNU and System V
// archives (including COFF import libraries), BSD and Darwin archives, and GNU
// thin archives. It only locates members; it never looks inside them.
//
// Parse works on a []byte, which the caller usually memory-maps, and copies
// nothing: each member's Data is a sub-slice of the input, and its offsets are
// absolute byte offsets in it.
//
// Member headers are returned as github.com/blakesmith/ar's Header, so that
// package stays the shared vocabulary for ar members, but its Reader is not
// used: it panics on the symbol table header that llvm-ar writes (mode field
// "0"), ignores the global header, GNU long names, BSD "#1/N" names and thin
// archives, and turns malformed numeric fields into zero. This package parses
// the 60-byte headers itself and rejects malformed ones with a *FormatError.
//
// What Parse accepts:
//
//   - The global header "!<arch>\n" or "!<thin>\n", then 60-byte member
//     headers (name[16] date[12] uid[6] gid[6] mode[8] size[10] "`\n"). The
//     size is decimal, the mode octal, the others decimal; numbers are
//     left-aligned and padded with spaces. Date, uid, gid and mode may be
//     blank (read as 0); the size may not.
//   - Member data follows its header and is padded to an even offset with one
//     byte, which may be missing after the last member. Any other byte after
//     the last member is an error: like LLVM's reader, Parse rejects trailing
//     bytes too short for a header, even newlines.
//   - Special members are not listed: the GNU symbol tables "/" (twice in
//     COFF import libraries), "/SYM64/", "/<ECSYMBOLS>/" and
//     "/<XFGHASHMAP>/", and the name table "//", wherever they appear; the
//     BSD symbol tables "__.SYMDEF", "__.SYMDEF SORTED", "__.SYMDEF_64" and
//     "__.SYMDEF_64 SORTED" only as the first member of a regular archive
//     (elsewhere they are ordinary file names), as in LLVM.
//   - Names are resolved as described on Member. A long name "/N" refers to
//     the most recent "//" table before it. Any other name starting with '/'
//     is an error, as in LLVM, and so is a BSD "#1/N" name in a thin archive.
//   - In a thin archive only the special members have their data in the
//     archive; each other header is followed directly by the next one.
//
// Darwin archives pad each member's data with newlines to a multiple of 8
// bytes and count the padding in the size; Data includes it, as it includes
// any padding the writer put inside the member.
package archive

import (
	"fmt"
	"time"

	"github.com/blakesmith/ar"
)

// Global headers.
const (
	Magic     = "!<arch>\n" // a regular archive
	ThinMagic = "!<thin>\n" // a GNU thin archive: member data lives in other files
)

// HeaderSize is the size of a member header in bytes.
const HeaderSize = 60

// A Kind is an archive's flavour.
type Kind uint8

// Archive kinds.
const (
	// GNU covers System V/GNU archives, COFF import libraries ("/" and "//"
	// members) and archives that have no special members at all.
	GNU Kind = iota
	// BSD covers BSD and Darwin archives: a "#1/N" name or a leading
	// __.SYMDEF member.
	BSD
	// Thin is a GNU thin archive ("!<thin>\n").
	Thin
)

// String returns "gnu", "bsd" or "thin".
func (k Kind) String() string {
	switch k {
	case GNU:
		return "gnu"
	case BSD:
		return "bsd"
	case Thin:
		return "thin"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// A Member is an archive member other than a symbol or name table.
type Member struct {
	// Header holds the decoded header fields. Name is resolved: a GNU long
	// name "/N" is read from the "//" table (up to "/\n", "\n" or NUL); a
	// BSD "#1/N" name is read from the first N bytes of the data, with
	// trailing NULs trimmed. A name stored in the header ends, in GNU and
	// thin archives, before its first '/' ("foo.o/" is "foo.o"), or if it
	// has none before its trailing spaces; in BSD archives it ends before
	// its first space and loses a trailing '/' (both as in LLVM).
	// ModTime is in UTC. Size is the size of the member's data: for a
	// "#1/N" name, the size recorded in the header minus N; for a thin
	// member, the size of the file it refers to.
	ar.Header
	Index     int    // position among the listed members, from 0
	HeaderOff int64  // offset of the member's 60-byte header
	Off       int64  // offset of the member's data (after a "#1/N" name); -1 in a thin archive
	Data      []byte // the member's data, aliasing the input; nil in a thin archive
}

// An Archive is a parsed ar archive.
type Archive struct {
	Kind Kind
	// Members lists the members in file order. Names may repeat; the
	// Index tells such members apart. In a thin archive a member's Name is
	// the path stored in the archive, relative to the archive's directory
	// unless absolute; the caller resolves and reads it (it may itself be
	// a thin archive).
	Members []Member
}

// A FormatError reports a malformed archive. Off is the byte offset in the
// data given to Parse of the header (or global header) that is at fault.
type FormatError struct {
	Off int64
	Msg string
}

// Error returns "MSG at byte 0xOFF".
func (e *FormatError) Error() string { return fmt.Sprintf("%s at byte 0x%x", e.Msg, e.Off) }

// IsArchive reports whether data starts with an ar global header, "!<arch>\n"
// or "!<thin>\n". (AIX big archives, "<bigaf>\n", are not supported.)
func IsArchive(data []byte) bool {
	if len(data) < len(Magic) {
		return false
	}
	m := string(data[:len(Magic)])
	return m == Magic || m == ThinMagic
}

// Parse parses the archive in data. On error it returns a *FormatError and,
// as llvm-ar lists the members before a bad header, an archive holding the
// members before the malformed one (none if the global header is bad).
func Parse(data []byte) (*Archive, error) {
	if !IsArchive(data) {
		return nil, &FormatError{0, fmt.Sprintf("not an ar archive: no %q or %q global header", Magic, ThinMagic)}
	}
	p := parser{data: data, thin: string(data[:len(Magic)]) == ThinMagic}
	// The first pass validates everything, counts the members and finds
	// the kind, which decides how short names are read; the second
	// fills a slice of exactly the right size, stopping at the same error.
	n, err := p.walk(nil)
	a := &Archive{Kind: GNU}
	switch {
	case p.thin:
		a.Kind = Thin
	case p.bsd:
		a.Kind = BSD
	}
	p.kind = a.Kind
	if n > 0 {
		a.Members = make([]Member, 0, n)
		if _, err2 := p.walk(&a.Members); (err2 == nil) != (err == nil) {
			panic("archive: the two passes disagree") // a bug, not bad input
		}
	}
	return a, err
}

// parser holds the state of one walk over the members.
type parser struct {
	data []byte
	thin bool
	bsd  bool // a "#1/N" name or a leading __.SYMDEF was seen
	kind Kind // set between the passes
	tab  nameTable
}

// header is a decoded member header.
type header struct {
	name                 []byte // the raw 16-byte field
	date, uid, gid, mode int64
	size                 int64
}

// walk visits every member. With out == nil it only validates and counts;
// otherwise it appends the members to *out. It returns the member count.
func (p *parser) walk(out *[]Member) (int, error) {
	data := p.data
	n := int64(len(data))
	p.tab = nameTable{off: -1}
	count := 0
	for off := int64(len(Magic)); off < n; {
		if n-off < HeaderSize {
			return count, &FormatError{off, fmt.Sprintf("truncated member header: %d of %d bytes", n-off, HeaderSize)}
		}
		h, err := parseHeader(data[off:off+HeaderSize], off)
		if err != nil {
			return count, err
		}
		dataOff := off + HeaderSize
		end := dataOff + h.size // no overflow: size < 1e10
		raw := h.name

		if s := special(raw); s != notSpecial {
			// Symbol and name tables are stored in the archive even
			// when it is thin.
			if end > n {
				return count, pastEnd(off, cutSpace(raw), h.size, n)
			}
			if s == nameTab {
				p.tab = nameTable{off: dataOff, end: end}
			}
			off = pad(end, n)
			continue
		}

		memOff, size := dataOff, h.size
		var lo, hi int64 // the name is data[lo:hi]
		short, bsdName := false, false
		switch {
		case hasPrefix(raw, "#1/"):
			if p.thin {
				return count, &FormatError{off, fmt.Sprintf("BSD long name %q in a thin archive", cutSpace(raw))}
			}
			p.bsd = true
			if end > n {
				return count, pastEnd(off, cutSpace(raw), h.size, n)
			}
			l, ok := parseDecimal(cutSpace(raw)[3:])
			if !ok {
				return count, &FormatError{off, fmt.Sprintf("invalid BSD long name length in name field %q", raw)}
			}
			if l > h.size {
				return count, &FormatError{off, fmt.Sprintf("BSD long name length %d exceeds member size %d", l, h.size)}
			}
			lo, hi, bsdName = dataOff, dataOff+l, true
			for hi > lo && data[hi-1] == 0 {
				hi--
			}
			memOff, size = dataOff+l, h.size-l
		case raw[0] == '/':
			lo, hi, err = p.tab.lookup(data, raw, off)
			if err != nil {
				return count, err
			}
		default:
			short = true
			lo, hi = off, off+16
		}

		symdef := off == int64(len(Magic)) && !p.thin && (short || bsdName) && isSymdef(data[lo:hi], short)
		if symdef {
			p.bsd = true
		}
		name := data[lo:hi]
		if short {
			k := p.kind // in the first pass, the kind as far as known (for messages)
			if out == nil && p.bsd {
				k = BSD
			}
			name = shortName(name, k)
		}
		if !p.thin && end > n {
			return count, pastEnd(off, name, h.size, n)
		}
		if symdef {
			off = pad(end, n)
			continue
		}

		next := pad(end, n)
		if p.thin {
			memOff, next = -1, dataOff
		}
		if out != nil {
			m := Member{
				Header: ar.Header{
					Name:    p.tab.str(data, lo, lo+int64(len(name))),
					ModTime: time.Unix(h.date, 0).UTC(),
					Uid:     int(h.uid),
					Gid:     int(h.gid),
					Mode:    h.mode,
					Size:    size,
				},
				Index:     count,
				HeaderOff: off,
				Off:       memOff,
			}
			if !p.thin {
				m.Data = data[memOff : memOff+size : memOff+size]
			}
			*out = append(*out, m)
		}
		count++
		off = next
	}
	return count, nil
}

// pad rounds the end of a member's data up to an even offset, unless the
// archive ends there.
func pad(end, n int64) int64 {
	if end&1 != 0 && end < n {
		end++
	}
	return end
}

func pastEnd(off int64, name []byte, size, n int64) error {
	return &FormatError{off, fmt.Sprintf("member %q: size %d extends past end of file (%d bytes)", name, size, n)}
}

// headerFields describes the numeric fields of a member header.
var headerFields = [...]struct {
	name   string
	lo, hi int
	base   int64
	blank  bool // an all-blank field reads as 0
}{
	{"date", 16, 28, 10, true},
	{"uid", 28, 34, 10, true},
	{"gid", 34, 40, 10, true},
	{"mode", 40, 48, 8, true},
	{"size", 48, 58, 10, false},
}

// parseHeader decodes and checks the 60-byte member header b found at off.
func parseHeader(b []byte, off int64) (header, error) {
	if b[58] != '`' || b[59] != '\n' {
		return header{}, &FormatError{off, fmt.Sprintf("invalid member header terminator %q", b[58:60])}
	}
	var v [len(headerFields)]int64
	for i, f := range headerFields {
		x, ok := parseNumber(b[f.lo:f.hi], f.base, f.blank)
		if !ok {
			return header{}, &FormatError{off, fmt.Sprintf("invalid %s field %q in member header", f.name, b[f.lo:f.hi])}
		}
		v[i] = x
	}
	return header{name: b[0:16], date: v[0], uid: v[1], gid: v[2], mode: v[3], size: v[4]}, nil
}

// parseNumber parses a left-aligned, space-padded unsigned number in the
// given base (8 or 10). A field that is all spaces is 0 if blank is set and
// invalid otherwise. The fields are at most 12 digits, so nothing overflows.
func parseNumber(b []byte, base int64, blank bool) (int64, bool) {
	b = trimSpace(b)
	if len(b) == 0 {
		return 0, blank
	}
	var v int64
	for _, c := range b {
		d := int64(c) - '0'
		if d < 0 || d >= base {
			return 0, false
		}
		v = v*base + d
	}
	return v, true
}

// parseDecimal parses a non-empty string of at most 18 decimal digits.
func parseDecimal(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	return parseNumber(b, 10, false)
}

// trimSpace removes trailing spaces.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return b
}

// cutSpace returns b up to its first space.
func cutSpace(b []byte) []byte {
	for i, c := range b {
		if c == ' ' {
			return b[:i]
		}
	}
	return b
}

func hasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}
