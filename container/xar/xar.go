// Package xar reads xar archives held in memory, as Apple's linker (ld64)
// writes them into the __LLVM,__bundle section of a Mach-O image linked with
// -bitcode_bundle: one member per linked object, holding its bitcode, and a
// table of contents that records the link (an "Ld" subdocument with the
// platform, SDK version, dylibs and linker options) and each member's clang
// command line.
//
// A xar archive is three parts:
//
//   - a big-endian header of at least 28 bytes: the magic "xar!", the header
//     size (where the table of contents starts), the version (1), the
//     compressed and uncompressed sizes of the table of contents, and the
//     checksum algorithm (0 none, 1 SHA-1, 2 MD5, 3 named in the 36 bytes
//     after the fixed fields);
//   - the table of contents (TOC): XML compressed with zlib;
//   - the heap, from the end of the compressed TOC to the end of the archive.
//     Offsets in the TOC are relative to the heap's start. The TOC's own
//     checksum (of its compressed bytes) is in the heap, at the place its
//     <checksum> element names, usually offset 0.
//
// Each <file> of the TOC with a <data> element names the archived bytes in
// the heap (<offset>, <length>), the size once decoded (<size>), the encoding
// (application/octet-stream for bytes stored as they are, application/x-gzip
// for a zlib stream, application/x-bzip2) and checksums of the archived and
// the extracted bytes.
//
// NewReader works on a []byte and copies nothing but the table of contents,
// which it must decompress: the archived bytes of a File are a sub-slice of
// the input, and so is a stored member's data. A decoded member is a new
// slice. Every size read from the archive is checked against the input before
// anything is allocated; the decompressed TOC is limited to 8 times the
// archive plus 64 KiB, and the data the files declare (see File.Cost), all
// files together, to 16 times the archive plus 8 MiB.
//
// Errors about the input are *[FormatError] values, whose Off is a byte offset
// from the start of the archive; [ErrNotXar] is returned for data without
// the magic, and a checksum mismatch has [ErrChecksum] as its Err. Package
// container walks the bitcode bundles of Mach-O images with this package.
package xar

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Magic starts every xar archive.
const Magic = "xar!"

// MinHeaderSize is the size of the fixed header fields; a header may be
// longer (it is 64 bytes with a named checksum algorithm).
const MinHeaderSize = 28

// A ChecksumAlg is the header's checksum algorithm, which checksums the
// compressed table of contents.
type ChecksumAlg uint32

// Checksum algorithms, as in xar.h.
const (
	XAR_CKSUM_NONE  ChecksumAlg = 0
	XAR_CKSUM_SHA1  ChecksumAlg = 1
	XAR_CKSUM_MD5   ChecksumAlg = 2
	XAR_CKSUM_OTHER ChecksumAlg = 3 // named by Header.ChecksumName
)

var checksumNames = [...]string{
	XAR_CKSUM_NONE:  "none",
	XAR_CKSUM_SHA1:  "sha1",
	XAR_CKSUM_MD5:   "md5",
	XAR_CKSUM_OTHER: "other",
}

// String returns "none", "sha1", "md5" or "other".
func (a ChecksumAlg) String() string {
	if int(a) < len(checksumNames) {
		return checksumNames[a]
	}
	return fmt.Sprintf("ChecksumAlg(%d)", uint32(a))
}

// Header is the decoded fixed header of an archive.
type Header struct {
	HeaderSize uint16 // in bytes: the table of contents starts here
	Version    uint16
	// TOCCompressedSize and TOCSize are the lengths of the table of
	// contents as stored (zlib) and as XML.
	TOCCompressedSize, TOCSize uint64
	ChecksumAlg                ChecksumAlg
	// ChecksumName is the algorithm's name for XAR_CKSUM_OTHER ("sha256",
	// "sha512"), and that of ChecksumAlg otherwise.
	ChecksumName string
}

// A FormatError reports a malformed archive. Off is the byte offset, from the
// start of the archive, of what was rejected: a header field; the start of
// the table of contents for a TOC that cannot be read or that names bytes
// outside the archive (unless they start inside it); the start of a file's
// archived bytes for a file whose bytes do not decode or do not match their
// checksum. Offsets in Msg are heap offsets, as the TOC gives them.
type FormatError struct {
	Off int64
	Msg string
	// Err is a sentinel (ErrChecksum) or the cause (a decompressor's
	// error); its text is already in Msg.
	Err error
}

// Error returns "MSG at byte 0xOFF".
func (e *FormatError) Error() string { return fmt.Sprintf("%s at byte 0x%x", e.Msg, e.Off) }

// Unwrap returns Err.
func (e *FormatError) Unwrap() error { return e.Err }

// ErrNotXar is returned by ReadHeader and NewReader for data that does not
// start with Magic. Compare with ==.
var ErrNotXar = &FormatError{0, "not a xar archive: no \"xar!\" magic", nil}

// ErrChecksum is the Err of a FormatError for bytes that do not match their
// checksum.
var ErrChecksum = errors.New("checksum mismatch")

// Limits on what an archive may make this package allocate.
const (
	tocFactor, tocSlack   = 8, 64 << 10
	dataFactor, dataSlack = 16, 8 << 20 // the slack holds two bzip2 decoders
	maxDirDepth           = 64          // nesting of <file> elements
)

// IsXar reports whether data starts with the xar magic.
func IsXar(data []byte) bool { return bytes.HasPrefix(data, []byte(Magic)) }

// A Reader is an archive's header and table of contents, and gives access
// to its files' data.
type Reader struct {
	Header
	// TOCOff is where the compressed table of contents starts (HeaderSize),
	// HeapOff where the heap starts, both in bytes from the start of the
	// archive.
	TOCOff, HeapOff int64
	// CreationTime is the TOC's <creation-time>, as written.
	CreationTime string
	// Ld is the "Ld" subdocument ld64 writes, nil if there is none.
	Ld *Ld
	// Files are the TOC's <file> elements, depth first in TOC order
	// (a directory before the files inside it).
	Files []*File

	data []byte
}

// NewReader reads the header and the table of contents of the archive in
// data, checks the TOC's checksum, and locates every file's data. A file
// whose data lies outside the heap, or that would take the data declared so
// far past the limit, is still listed: its Data and Open methods return the
// error.
func NewReader(data []byte) (*Reader, error) {
	h, err := ReadHeader(data)
	if err != nil {
		return nil, err
	}
	r := &Reader{Header: h, data: data, TOCOff: int64(h.HeaderSize)}
	r.HeapOff = r.TOCOff + int64(h.TOCCompressedSize)
	ztoc := data[r.TOCOff:r.HeapOff]
	tocXML, err := inflateTOC(ztoc, h.TOCSize)
	if err != nil {
		return nil, &FormatError{r.TOCOff, "table of contents: " + err.Error(), err}
	}
	doc, err := parseTOC(tocXML, len(data))
	if err != nil {
		return nil, &FormatError{r.TOCOff, "table of contents: " + err.Error(), err}
	}
	if err := r.checkTOCSum(doc.TOC.Checksum, ztoc); err != nil {
		return nil, err
	}
	r.CreationTime = doc.TOC.CreationTime
	r.Ld = doc.ld()
	pathBudget := len(tocXML)
	if err := r.addFiles(doc.TOC.Files, "", 0, &pathBudget); err != nil {
		return nil, err
	}
	r.locate()
	return r, nil
}

// ReadHeader reads and checks the header of the archive in data: the sizes
// it gives must fit the data (the compressed TOC) or be plausible for it (the
// uncompressed TOC, at most 8 times the archive plus 64 KiB). It reads
// nothing past the header, so a caller can weigh the work NewReader will do.
func ReadHeader(data []byte) (Header, error) {
	var h Header
	if !IsXar(data) {
		return h, ErrNotXar
	}
	if len(data) < MinHeaderSize {
		return h, &FormatError{0, fmt.Sprintf("truncated xar header: %d of %d bytes", len(data), MinHeaderSize), nil}
	}
	be := binary.BigEndian
	h.HeaderSize = be.Uint16(data[4:])
	h.Version = be.Uint16(data[6:])
	h.TOCCompressedSize = be.Uint64(data[8:])
	h.TOCSize = be.Uint64(data[16:])
	h.ChecksumAlg = ChecksumAlg(be.Uint32(data[24:]))
	switch {
	case h.HeaderSize < MinHeaderSize || int(h.HeaderSize) > len(data):
		return h, &FormatError{4, fmt.Sprintf("header size %d outside [%d, %d]", h.HeaderSize, MinHeaderSize, len(data)), nil}
	case h.Version != 1:
		return h, &FormatError{6, fmt.Sprintf("unsupported xar version %d", h.Version), nil}
	case h.TOCCompressedSize > uint64(len(data)-int(h.HeaderSize)):
		return h, &FormatError{8, fmt.Sprintf("compressed table of contents (%d bytes) runs past the end of the archive (%d bytes after the header)",
			h.TOCCompressedSize, len(data)-int(h.HeaderSize)), nil}
	case h.TOCSize > tocFactor*uint64(len(data))+tocSlack:
		return h, &FormatError{16, fmt.Sprintf("table of contents of %d bytes is implausible in an archive of %d bytes", h.TOCSize, len(data)), nil}
	case h.ChecksumAlg > XAR_CKSUM_OTHER:
		return h, &FormatError{24, fmt.Sprintf("unknown checksum algorithm %d", uint32(h.ChecksumAlg)), nil}
	}
	h.ChecksumName = h.ChecksumAlg.String()
	if h.ChecksumAlg == XAR_CKSUM_OTHER {
		name := data[MinHeaderSize:h.HeaderSize]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		h.ChecksumName = string(name)
	}
	return h, nil
}

// inflateTOC decompresses the table of contents, which must be exactly size
// bytes. The result is allocated once, at that size, which has been checked
// against the archive's size; the stream must end there, with its checksum.
func inflateTOC(ztoc []byte, size uint64) ([]byte, error) {
	zr, err := zlib.NewReader(bytes.NewReader(ztoc))
	if err != nil {
		return nil, fmt.Errorf("decompressing: %w", err)
	}
	defer zr.Close()
	buf := make([]byte, size)
	for n := 0; n < len(buf); {
		m, err := zr.Read(buf[n:])
		n += m
		switch {
		case err == io.EOF && n < len(buf):
			return nil, fmt.Errorf("inflates to %d bytes, header says %d", n, size)
		case err != nil && err != io.EOF:
			return nil, fmt.Errorf("decompressing: %w", err)
		}
	}
	// Reading on checks the stream's own checksum.
	var more [1]byte
	for {
		m, err := zr.Read(more[:])
		switch {
		case m > 0:
			return nil, fmt.Errorf("inflates to more than the %d bytes the header says", size)
		case err == io.EOF:
			return buf, nil
		case err != nil:
			return nil, fmt.Errorf("decompressing: %w", err)
		}
	}
}

// checkTOCSum checks the checksum of the compressed table of contents
// against the one stored in the heap where the TOC's <checksum> says.
func (r *Reader) checkTOCSum(c *xmlChecksum, ztoc []byte) error {
	if r.ChecksumAlg == XAR_CKSUM_NONE {
		return nil
	}
	if c == nil {
		return &FormatError{r.TOCOff, fmt.Sprintf("table of contents has no <checksum> (header says %s)", r.ChecksumName), nil}
	}
	h, ok := newHash(r.ChecksumName)
	if !ok {
		return &FormatError{24, fmt.Sprintf("unsupported checksum algorithm %q", r.ChecksumName), nil}
	}
	off, err1 := parseNum(c.Offset)
	size, err2 := parseNum(c.Size)
	if err := errors.Join(err1, err2); err != nil {
		return &FormatError{r.TOCOff, "table of contents: <checksum>: " + err.Error(), err}
	}
	heap := uint64(len(r.data)) - uint64(r.HeapOff)
	if size != uint64(h.Size()) || off > heap || size > heap-off {
		return &FormatError{r.TOCOff, fmt.Sprintf("TOC checksum at heap offset 0x%x, %d bytes: not a %s checksum inside the heap (%d bytes)",
			off, size, r.ChecksumName, heap), nil}
	}
	at := r.HeapOff + int64(off)
	h.Write(ztoc)
	if !bytes.Equal(h.Sum(nil), r.data[at:at+int64(size)]) {
		return &FormatError{at, fmt.Sprintf("table of contents does not match its %s checksum", r.ChecksumName), ErrChecksum}
	}
	return nil
}

// locate checks every file's data range against the heap, and the data the
// files declare against the archive's size.
func (r *Reader) locate() {
	heap := uint64(len(r.data)) - uint64(r.HeapOff)
	budget := uint64(dataFactor)*uint64(len(r.data)) + dataSlack
	for _, f := range r.Files {
		if !f.HasData || f.err != nil {
			continue
		}
		if f.off > heap || f.length > heap-f.off {
			at := r.TOCOff
			if f.off < heap {
				at = r.HeapOff + int64(f.off)
			}
			f.err = &FormatError{at, fmt.Sprintf("%s: data at heap offset 0x%x, %d bytes, runs past the end of the heap (%d bytes)",
				f.label(), f.off, f.length, heap), nil}
			continue
		}
		f.Off = r.HeapOff + int64(f.off)
		cost := uint64(f.Cost())
		if cost > budget {
			f.err = &FormatError{f.Off, fmt.Sprintf("%s: files declare more data than an archive of %d bytes can hold", f.label(), len(r.data)), nil}
			budget = 0
			continue
		}
		budget -= cost
	}
}
