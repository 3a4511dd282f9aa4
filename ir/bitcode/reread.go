package bitcode

import (
	"errors"
	"fmt"
	"strings"
)

// What LLVM 22's reader drops from a whole module once one body shows part
// of it invalid. llvm-dis-22 and opt-22 read every body before they print
// or write anything: when the verifier finds the debug info a body reaches
// invalid, UpgradeDebugInfo strips the whole module's debug info ("ignoring
// invalid debug info"); when a !tbaa tag fails the TBAA verifier, the
// reader drops every !tbaa of the module (stripTBAA, and MetadataLoader's
// StripTBAA for the bodies read after). This reader hands the module out
// before it reads the bodies, so by the time a body shows it, the module
// and the bodies before may be printed or written as they were. A caller
// that can start again asks for it with Options.Reread: LoadBody then
// returns a *RereadError, and the module read again with Reader.Reread
// comes out stripped from the start, as LLVM's. Other callers get the
// report in Skipped, as for everything else not done.

// A Strip is a set of the parts of a module LLVM 22's reader drops as a
// whole when part of them is invalid.
type Strip uint8

const (
	// StripDebugInfo drops the module's debug info, as StripDebugInfo
	// does: the named metadata llvm.dbg.* and llvm.gcov, the !dbg of
	// globals and functions, and from each body its locations, debug
	// records and intrinsic calls, !heapallocsite and !DIAssignID.
	StripDebugInfo Strip = 1 << iota
	// StripTBAA drops the !tbaa attachment of every instruction.
	StripTBAA
)

// String returns the names of the parts in s, as "debug-info|tbaa".
func (s Strip) String() string {
	var parts []string
	if s&StripDebugInfo != 0 {
		parts = append(parts, "debug-info")
	}
	if s&StripTBAA != 0 {
		parts = append(parts, "tbaa")
	}
	if rest := s &^ (StripDebugInfo | StripTBAA); rest != 0 {
		parts = append(parts, fmt.Sprintf("Strip(%#x)", uint8(rest)))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "|")
}

// A RereadError says that a body showed part of the module invalid that
// LLVM 22 then drops from the whole module: the module handed out is not
// what LLVM reads. Reader.Reread(Strip) reads it as LLVM does.
type RereadError struct {
	Strip Strip  // what LLVM drops: all that the reads so far found
	Bit   uint64 // where the record that showed it starts, in the data given to Open
	Msg   string // what was found
}

func (e *RereadError) Error() string {
	return fmt.Sprintf("bit %d: %s: the module is to be read again without its %s", e.Bit, e.Msg, e.Strip)
}

// Reread returns a new Reader of r's module that drops s (and what r was
// told to drop) from the start, with r's options: for the Strip of a
// *RereadError that r returned. r is not changed; it may be dropped.
func (r *Reader) Reread(s Strip) *Reader {
	n := &Reader{stream: r.stream, base: r.base, modBit: r.modBit, bi: r.bi, producer: r.producer,
		strtab: r.strtab, symtab: r.symtab, symtabIndex: r.symtabIndex,
		noDebug: r.noDebug, noSummary: r.noSummary, shareStrings: r.shareStrings, reuse: r.reuse,
		rereads: r.rereads, odrTypes: r.odrTypes, linkerTBAA: r.linkerTBAA, strip: r.strip | s}
	n.md.dropNamed = r.md.dropNamed
	return n
}

// ReadAgain calls read with r and, each time it returns a *RereadError,
// once more with the Reader r.Reread gives for it (which strips what the
// reads so far found): at most twice, as there are two parts to strip. It
// returns the Reader read was given last and read's error. A Reader of
// Options.Reread is read through it.
func ReadAgain(r *Reader, read func(*Reader) error) (*Reader, error) {
	for tries := 0; ; tries++ {
		err := read(r)
		var re *RereadError
		if !errors.As(err, &re) || tries == 2 {
			return r, err
		}
		r = r.Reread(re.Strip)
	}
}

// stripOrSkip notes that LLVM drops s from the whole module, msg saying
// why, at the record being read (stripOrSkipAt).
func (r *Reader) stripOrSkip(s Strip, msg string) { r.stripOrSkipAt(r.base+r.recBit, s, msg) }

// stripOrSkipAt notes that LLVM drops s from the whole module, msg saying
// why, bit where it shows: for a caller that reads again (Options.Reread)
// LoadBody returns a *RereadError from now on; others get msg and
// "; not done" in Skipped.
func (r *Reader) stripOrSkipAt(bit uint64, s Strip, msg string) {
	if s&^r.strip == 0 {
		return // stripped already, or about to be
	}
	if !r.rereads {
		r.skips = addSkip(r.skips, Skip{Bit: bit, Msg: msg + "; not done"})
		return
	}
	if r.reread == nil {
		r.reread = &RereadError{Bit: bit, Msg: msg}
	}
	r.reread.Strip |= s | r.strip
}
