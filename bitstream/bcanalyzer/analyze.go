package bcanalyzer

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/wrapper"
)

// Options are the output options of llvm-bcanalyzer's that Text and JSON
// honour, named after its flags.
type Options struct {
	// Dump prints every block and record of the stream before the summary
	// (-dump); without it only the summary is printed.
	Dump bool
	// DumpBlockinfo prints the contents of BLOCKINFO blocks (-dump-blockinfo).
	DumpBlockinfo bool
	// NonSymbolic prints block and record IDs beside their names
	// (-non-symbolic).
	NonSymbolic bool
	// ShowBinaryBlobs prints every blob, escaping non-printable bytes
	// (-show-binary-blobs).
	ShowBinaryBlobs bool
	// NoHistogram leaves the per-code histograms out of the summary
	// (-disable-histogram).
	NoHistogram bool
}

// Text writes to w what llvm-bcanalyzer-22 prints for the bitstream file
// data (LLVM bitcode, wrapped or not, Clang PCH and serialized
// diagnostics, LLVM remarks, any other bitstream) named name, with the
// flags o stands for: the dump when o.Dump, then the summary. On malformed
// input it stops where llvm-bcanalyzer stops; what was written stays
// written, and the error names the file and the bit offset (a
// *bitstream.FormatError, when it is one, is in its chain).
func Text(w io.Writer, name string, data []byte, o Options) error {
	return buffered(w, func(bw *bufio.Writer) error { return analyzeText(bw, name, data, o) })
}

// JSON writes to w the same information as Text, as one JSON document
// ending in a newline:
//
//	{"file": ..., "wrapper": {...} or null, "stream_type": ...,
//	 "blocks": [block...],            (o.Dump only)
//	 "summary": {...} or null,        (null when the walk failed)
//	 "error": {"message", "bit_offset", "stream_byte_offset"} or null}
//
// where a block is {"kind": "block", "id", "name", "abbrev_width",
// "num_words", "bit_offset", "entries": [block or record...]} and a record
// is {"kind": "record", "code", "name", "abbrev_id", "bit_offset",
// "bit_size", "ops": [...], "blob": base64 (only with a blob), "strings":
// [...] (only for METADATA_STRINGS)}. Names are null when unknown;
// abbrev_id is null for unabbreviated records. The document is complete
// and valid also when the stream is malformed; the error is returned too.
func JSON(w io.Writer, name string, data []byte, o Options) error {
	return buffered(w, func(bw *bufio.Writer) error { return analyzeJSON(bw, name, data, o) })
}

// buffered runs f with w as a *bufio.Writer, flushing it after when it is
// one made here. A write error wins over f's.
func buffered(w io.Writer, f func(*bufio.Writer) error) error {
	bw, ok := w.(*bufio.Writer)
	if !ok {
		bw = bufio.NewWriterSize(w, 64<<10)
	}
	err := f(bw)
	if !ok {
		if ferr := bw.Flush(); ferr != nil {
			return ferr
		}
	}
	return err
}

// streamError places a bitstream error in its file: the stream may start
// after a wrapper header.
type streamError struct {
	file string
	base uint64 // byte offset of the stream in the file
	err  error
}

func (e *streamError) Error() string {
	var fe *bitstream.FormatError
	if errors.As(e.err, &fe) && e.base != 0 {
		return fmt.Sprintf("%s: %v (the stream starts at byte 0x%x of the file)", e.file, e.err, e.base)
	}
	return fmt.Sprintf("%s: %v", e.file, e.err)
}

func (e *streamError) Unwrap() error { return e.err }

// openStream does what llvm-bcanalyzer does before reading blocks: checks the
// length, strips a wrapper header, and reads the magic number. onWrapper, if
// not nil, sees the header before the wrapper's range is checked.
func openStream(name string, data []byte, onWrapper func(wrapper.Header)) (*bitstream.Reader, bitstream.StreamKind, uint64, error) {
	if len(data)%4 != 0 {
		// Where the data ends, as every error of data cut short.
		return nil, 0, 0, fmt.Errorf("%s: bitstream length %d is not a multiple of 4 bytes (%d bytes after byte 0x%x) at byte 0x%x",
			name, len(data), len(data)%4, len(data)&^3, len(data))
	}
	stream, base := data, uint64(0)
	if wrapper.IsWrapper(data) {
		h, err := wrapper.ParseHeader(data)
		if err != nil {
			return nil, 0, 0, fmt.Errorf("%s: %w", name, err)
		}
		if onWrapper != nil {
			onWrapper(h)
		}
		if _, stream, err = wrapper.Unwrap(data); err != nil {
			return nil, 0, 0, fmt.Errorf("%s: %w", name, err)
		}
		base = uint64(h.Offset)
	}
	r := bitstream.NewReader(stream)
	kind, err := bitstream.ReadMagic(r.Cursor())
	if err != nil {
		return nil, 0, base, &streamError{name, base, err}
	}
	return r, kind, base, nil
}

func analyzeText(w *bufio.Writer, name string, data []byte, o Options) error {
	var p *textPrinter
	var onWrapper func(wrapper.Header)
	if o.Dump {
		p = &textPrinter{w: w, o: o}
		onWrapper = p.wrapperHeader
	}
	r, kind, base, err := openStream(name, data, onWrapper)
	if err != nil {
		return err
	}
	var v bitstream.Visitor
	if p != nil {
		p.r, p.kind = r, kind
		v = p
	}
	stats, err := bitstream.Walk(r, v)
	if err != nil {
		return &streamError{name, base, err}
	}
	if o.Dump {
		w.WriteString("\n\n")
	}
	writeSummary(w, name, kind, r.BlockInfo(), stats, o)
	return nil
}
