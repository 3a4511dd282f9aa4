package archive

import (
	"bytes"
	"fmt"
)

// specialKind classifies the members that Parse does not list.
type specialKind uint8

const (
	notSpecial specialKind = iota
	symTable               // "/", "/SYM64/", "/<ECSYMBOLS>/", "/<XFGHASHMAP>/"
	nameTab                // "//"
)

// special classifies a raw GNU name field. Like LLVM, it reads a name that
// starts with '/' up to the first space.
func special(raw []byte) specialKind {
	if raw[0] != '/' {
		return notSpecial
	}
	switch string(cutSpace(raw)) {
	case "/", "/SYM64/", "/<ECSYMBOLS>/", "/<XFGHASHMAP>/":
		return symTable
	case "//":
		return nameTab
	}
	return notSpecial
}

// isSymdef reports whether name is one of the BSD symbol table names. A short
// name is given as its raw field and read the BSD way.
func isSymdef(name []byte, short bool) bool {
	if short {
		name = shortName(name, BSD)
	}
	switch string(name) {
	case "__.SYMDEF", "__.SYMDEF SORTED", "__.SYMDEF_64", "__.SYMDEF_64 SORTED":
		return true
	}
	return false
}

// shortName returns the name held in the raw 16-byte name field b of a
// member whose name is stored in the header. GNU names end at a '/' (the
// field "foo.o/" holds "foo.o"); names without one end at trailing spaces.
// BSD names end at the first space, and lose a trailing '/' (as in LLVM).
// The result is a prefix of b.
func shortName(b []byte, k Kind) []byte {
	if k == BSD {
		b = cutSpace(b)
		if len(b) > 0 && b[len(b)-1] == '/' {
			b = b[:len(b)-1]
		}
		return b
	}
	if i := bytes.IndexByte(b, '/'); i >= 0 {
		return b[:i]
	}
	return trimSpace(b)
}

// indexStep is the granularity of a nameTable's terminator index.
const indexStep = 64

// A nameTable is the GNU long-name table ("//" member) data[off:end], or
// none if off < 0.
//
// Names in it end with "/\n" (GNU, thin archives), "\n" (tolerated, as by
// GNU binutils) or NUL (COFF, as written by llvm-lib and link.exe). Names
// that Parse returns are substrings of one string copy of the table, so a
// long name shared by many members costs its bytes once.
type nameTable struct {
	off, end int64
	s        string // string(data[off:end]), made by the first str
	// next[i] is the offset in the table of the first terminator at or
	// after i*indexStep, or the table's length if none. It bounds the
	// work per lookup: hostile headers may all point into one long
	// unterminated stretch of the table.
	next []int64
}

// lookup resolves the long-name reference in the raw name field of the
// header at hdrOff and returns the name's byte range in data.
func (t *nameTable) lookup(data, raw []byte, hdrOff int64) (lo, hi int64, err error) {
	ref := cutSpace(raw)
	v, ok := parseDecimal(ref[1:])
	if !ok {
		return 0, 0, &FormatError{hdrOff, fmt.Sprintf("invalid long name reference %q", ref)}
	}
	if t.off < 0 {
		return 0, 0, &FormatError{hdrOff, fmt.Sprintf("long name reference %q without a \"//\" name table", ref)}
	}
	tab := data[t.off:t.end]
	if v >= int64(len(tab)) {
		return 0, 0, &FormatError{hdrOff, fmt.Sprintf("long name offset %d past end of name table (%d bytes)", v, len(tab))}
	}
	e := t.terminator(tab, v)
	if e == int64(len(tab)) {
		return 0, 0, &FormatError{hdrOff, fmt.Sprintf("long name at offset %d of name table not terminated", v)}
	}
	if tab[e] == '\n' && e > v && tab[e-1] == '/' {
		e--
	}
	return t.off + v, t.off + e, nil
}

// terminator returns the offset of the first '\n' or NUL in tab at or after
// v, or len(tab) if there is none.
func (t *nameTable) terminator(tab []byte, v int64) int64 {
	n := int64(len(tab))
	stop := min((v/indexStep+1)*indexStep, n)
	if i := termIndex(tab[v:stop]); i >= 0 {
		return v + int64(i)
	}
	if stop == n {
		return n
	}
	if t.next == nil {
		t.next = make([]int64, (n+indexStep-1)/indexStep)
		next := n
		for b := int64(len(t.next)) - 1; b >= 0; b-- {
			lo := b * indexStep
			if i := termIndex(tab[lo:min(lo+indexStep, n)]); i >= 0 {
				next = lo + int64(i)
			}
			t.next[b] = next
		}
	}
	return t.next[stop/indexStep]
}

func termIndex(b []byte) int {
	for i, c := range b {
		if c == '\n' || c == 0 {
			return i
		}
	}
	return -1
}

// str returns data[lo:hi] as a string, as a substring of the table's copy
// when the range lies in the table.
func (t *nameTable) str(data []byte, lo, hi int64) string {
	if t.off >= 0 && lo >= t.off && hi <= t.end {
		if t.s == "" {
			t.s = string(data[t.off:t.end])
		}
		return t.s[lo-t.off : hi-t.off]
	}
	return string(data[lo:hi])
}
