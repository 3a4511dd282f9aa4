package container

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/container/archive"
	"github.com/bcextract/bcextract/container/coff"
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/container/macho"
	"github.com/bcextract/bcextract/container/wasm"
	"github.com/bcextract/bcextract/container/xar"
	"github.com/bcextract/bcextract/sections"
	"github.com/bcextract/bcextract/wrapper"
)

// ErrUnknownFormat is the cause of the Error reported for a file (not an
// archive member) whose format Detect does not recognize.
var ErrUnknownFormat = errors.New("unrecognized file format (not LLVM bitcode, ELF, Mach-O, COFF, PE, WebAssembly or an ar archive)")

// ErrTooDeep is the cause of the Error reported for containers nested more
// deeply than the Walker's MaxDepth.
var ErrTooDeep = errors.New("containers nested too deeply")

// ErrOverlap is the cause of the Error reported for a bitcode or
// command-line section left whole, not split into modules, because the
// object's sections together hold more than twice its size plus 1 MiB:
// they overlap, and splitting each would read the same bytes over and over.
var ErrOverlap = errors.New("sections overlap too much to split them all; reported whole")

// ErrNoModule is the cause of the Error reported for a bitcode section or
// file that holds nothing but zero padding; it is reported whole.
var ErrNoModule = errors.New("no bitcode module, only zero bytes")

// ErrZeroTail is the cause of the Error reported for zero bytes after the
// last top-level block of a bare bitcode file (not a section), or more than
// 4096 of them between two of the files it holds back to back: LLVM's
// readers read a zero there as an invalid top-level record
// (llvm-bcanalyzer-22: "Invalid record at top-level"). The Error is at the
// first zero byte; the bytes before it are reported as usual.
var ErrZeroTail = errors.New("zero bytes where a top-level block should start: invalid record at top level (a bitcode file is not padded)")

// ErrBundleData is the cause of the Error reported for a bitcode bundle, or
// a file of one, left unread because the bundles of the walked file, nested
// ones included, and its compressed sections (see ErrCompressedData) have
// already taken more data than 16 times the file plus 8 MiB (see
// xar.File.Cost): their files overlap, or decode to much more than they
// hold, and reading each would read the same bytes over and over.
var ErrBundleData = errors.New("bitcode bundles hold more data than the file can: not read")

// ErrCompressedData is the cause of the Error reported for an ELF section
// stored compressed (SHF_COMPRESSED) that is not decompressed because its
// ch_size does not fit in what is left of the walk's budget for decoded
// data, which it shares with bitcode bundles (see ErrBundleData): 16 times
// the file plus 8 MiB, each ELF file's decoders (elf.DecoderCost) included.
var ErrCompressedData = errors.New("compressed sections decompress to more data than the file can justify: not decompressed")

// ErrPathBudget is the cause of the Error reported, once, when the
// container paths of a walk's payloads have added up to more than 32 times
// the walked file plus 1 MiB: containers nested under long names hold so
// many payloads that their paths would take the product of the two. The
// walk reports nothing after it.
var ErrPathBudget = errors.New("container paths add up to more than the file can justify: the walk stops here")

// ErrNestedThin is the cause of the Error reported for a thin archive found
// inside a thin archive's member file, which is not followed.
var ErrNestedThin = errors.New("thin archive inside a thin archive's member: not followed")

// An Error is a malformed container or payload met during a walk.
type Error struct {
	// Path is the container path of what is malformed.
	Path string
	// File is the file in which Off lies: the walked file, or a thin
	// archive member's file.
	File string
	// Off is the byte offset in File of the malformed structure, or -1.
	Off int64
	// Err is the cause, whose message does not repeat the location that
	// Path and Off give: one of this package's sentinels, or an error
	// wrapping the format package's (*elf.FormatError, ...), which
	// errors.As finds, with its message alone.
	Err error
}

// Error returns "PATH: MSG at byte 0xOFF" (without the offset when Off is
// -1): the one line the command-line tool prints for it.
func (e *Error) Error() string {
	if e.Off < 0 {
		return e.Path + ": " + e.Msg()
	}
	return fmt.Sprintf("%s: %s at byte 0x%x", e.Path, e.Msg(), e.Off)
}

// Msg returns the cause's message without the path and offset, which the
// Error's fields hold.
func (e *Error) Msg() string {
	if c, ok := e.Err.(*cause); ok {
		return c.msg
	}
	if _, m, ok := located(e.Err); ok {
		return m
	}
	return e.Err.Error()
}

// FileError returns the Error for err, met opening or reading the file
// named path itself rather than in its contents: Off is -1, and an
// *fs.PathError about path gives its operation and cause alone ("open: no
// such file or directory"), the Error's Path naming the file.
func FileError(path string, err error) *Error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		err = fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return &Error{Path: path, File: path, Off: -1, Err: err}
}

// NewError returns the Error for err, met in the container at path whose
// bytes start at byte base of file: Off is base plus the offset that err,
// one of the format packages' errors, names, or -1 when it names none.
func NewError(path, file string, base int64, err error) *Error {
	off := int64(-1)
	if rel, msg, ok := located(err); ok {
		off, err = base+rel, &cause{msg, err}
	}
	return &Error{Path: path, File: file, Off: off, Err: err}
}

// PayloadError returns the Error for err, met while decoding the bytes of
// payload p: located at the byte err names (a bitstream.FormatError's bit
// position counts from the bitcode stream, after any wrapper header; a
// wrapper.FormatError's offset from the payload's start), or at the
// payload's first byte when it names none. When p's Data is decoded (see
// Payload.Decoded), that byte is not in the file: the Error is at p's
// first byte, and its message says where in the decoded bytes. what, if
// not empty, prefixes the cause's message.
func PayloadError(p *Payload, what string, err error) *Error {
	msg := err.Error()
	rel, found := int64(0), false // the offset err names in p.Data
	var (
		fe *bitstream.FormatError
		we *wrapper.FormatError
	)
	switch {
	case errors.As(err, &fe):
		if h, herr := wrapper.ParseHeader(p.Data); herr == nil && wrapper.IsWrapper(p.Data) {
			rel += int64(h.Offset)
		}
		rel += int64(fe.BitPos / 8)
		msg, found = fe.Msg, true
	case errors.As(err, &we):
		rel, msg, found = we.Off, we.Msg, true
	}
	if what != "" {
		msg = what + ": " + msg
	}
	return DataError(p, rel, found, &cause{msg, err})
}

// DataError returns the Error for err, met at byte rel of p's Data (at p's
// first byte if !found): at File's byte p.Off+rel, or, when Data is
// decoded, at p.Off with "(at byte 0xREL of the decompressed data)" added
// to the message.
func DataError(p *Payload, rel int64, found bool, err error) *Error {
	switch {
	case !found:
		return &Error{Path: p.Path, File: p.File, Off: p.Off, Err: err}
	case p.Decoded():
		return &Error{Path: p.Path, File: p.File, Off: p.Off, Err: &decodedError{msg: causeMsg(err), off: rel, err: err}}
	}
	return &Error{Path: p.Path, File: p.File, Off: p.Off + rel, Err: err}
}

// causeMsg is err's message as an Error's Msg gives it.
func causeMsg(err error) string {
	return (&Error{Err: err}).Msg()
}

// A cause is the Err of an Error whose location is in the Error's fields:
// the message without it, and the error it comes from.
type cause struct {
	msg string
	err error
}

func (c *cause) Error() string { return c.msg }
func (c *cause) Unwrap() error { return c.err }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// offsetError is err, met at byte off of a container's data.
type offsetError struct {
	off int64
	err error
}

func (e *offsetError) Error() string { return e.err.Error() }
func (e *offsetError) Unwrap() error { return e.err }

// decodedError is err, met at byte off of a payload's decoded bytes (a
// compressed section decompressed, a bundle's file decoded), which are not
// bytes of the file: it is located at the payload's stored bytes, and its
// message says where in the decoded ones.
type decodedError struct {
	msg string // the cause's message, without its offset
	off int64  // in the decoded bytes
	err error
}

func (e *decodedError) Error() string {
	return fmt.Sprintf("%s (at byte 0x%x of the decompressed data)", e.msg, e.off)
}
func (e *decodedError) Unwrap() error { return e.err }

// inDecoded returns err, met in the decoded bytes of a payload, as a
// decodedError: its offset (that located finds) moves into the message.
func inDecoded(err error) error {
	off, msg, ok := located(err)
	if !ok {
		return err
	}
	return &decodedError{msg: msg, off: off, err: err}
}

// located extracts the offset and message of the format packages' errors,
// whose offsets are relative to the data they were given.
func located(err error) (off int64, msg string, ok bool) {
	var (
		oe  *offsetError
		de2 *decodedError
		ae  *archive.FormatError
		ee  *elf.FormatError
		me  *macho.FormatError
		ce  *coff.FormatError
		se  *wasm.FormatError
		xe  *xar.FormatError
		we  *wrapper.FormatError
		de  *sections.DecodeError
	)
	switch {
	case errors.As(err, &de2):
		return 0, de2.Error(), true
	case errors.As(err, &oe):
		return oe.off, oe.err.Error(), true
	case errors.As(err, &ae):
		return ae.Off, ae.Msg, true
	case errors.As(err, &ee):
		return ee.Off, ee.Msg, true
	case errors.As(err, &me):
		return me.Off, me.Msg, true
	case errors.As(err, &ce):
		return ce.Off, ce.Msg, true
	case errors.As(err, &se):
		return se.Off, se.Msg, true
	case errors.As(err, &xe):
		return xe.Off, xe.Msg, true
	case errors.As(err, &we):
		return we.Off, we.Msg, true
	case errors.As(err, &de):
		return de.Off, de.Msg, true
	}
	return 0, "", false
}
