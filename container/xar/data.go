package xar

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"compress/zlib"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"strings"
)

// newHash returns a hash for a checksum style of the TOC or the header.
func newHash(style string) (hash.Hash, bool) {
	switch strings.ToLower(style) {
	case "sha1":
		return sha1.New(), true
	case "md5":
		return md5.New(), true
	case "sha224":
		return sha256.New224(), true
	case "sha256":
		return sha256.New(), true
	case "sha384":
		return sha512.New384(), true
	case "sha512":
		return sha512.New(), true
	}
	return nil, false
}

// bzip2BlockCost is the working memory of a bzip2 reader per level of the
// block size its header names ('1' to '9'): four bytes per byte of block,
// up to 3.6 MB however short the stream. (A flate reader's 40 KB or so is
// left out: that much per file of a few bytes is garbage soon collected,
// while 3.6 MB per file would make many small files slow to read.)
const bzip2BlockCost = 4 * 100000

// Cost returns the bytes that reading the file's contents takes: its
// archived bytes and, for an encoded file, twice its size (the buffer Data
// grows to it), plus a bzip2 decoder's block table. Callers that read many
// files can weigh them with it before reading any.
func (f *File) Cost() int64 {
	if !f.HasData {
		return 0
	}
	c := uint64(f.length) // < 2^63, as is f.size
	if f.Encoding != EncodingNone {
		c += min(f.size, 1<<61) * 2 // < 2^63 + 2^62: no overflow
		if f.Encoding == EncodingBzip2 {
			level := uint64(9)
			if b, err := f.Archived(); err == nil && len(b) >= 4 && string(b[:3]) == "BZh" && b[3] >= '1' && b[3] <= '9' {
				level = uint64(b[3] - '0')
			}
			c += level * bzip2BlockCost
		}
	}
	return int64(min(c, 1<<63-1))
}

// Archived returns the file's archived bytes, as they are in the heap (a
// sub-slice of the archive), unchecked. A file without data has none.
func (f *File) Archived() ([]byte, error) {
	if f.err != nil {
		return nil, f.err
	}
	if !f.HasData {
		return nil, nil
	}
	return f.r.data[f.Off : f.Off+f.Length : f.Off+f.Length], nil
}

// Data returns the file's contents: its archived bytes, decoded. It checks
// the archived bytes against their checksum, then the decoded ones against
// theirs and against the size the TOC gives; a mismatch is a *FormatError
// whose Err is ErrChecksum. The contents of a stored file (EncodingNone) are
// its archived bytes, a sub-slice of the archive; those of an encoded file
// are a new slice, never longer than its Size.
func (f *File) Data() ([]byte, error) {
	b, err := f.Archived()
	if err != nil || !f.HasData {
		return b, err
	}
	if err := f.check("archived", f.ArchivedChecksum, b); err != nil {
		return nil, err
	}
	if f.Encoding == EncodingNone {
		if err := f.checkStored(); err != nil {
			return nil, err
		}
		if f.ExtractedChecksum != f.ArchivedChecksum {
			if err := f.check("extracted", f.ExtractedChecksum, b); err != nil {
				return nil, err
			}
		}
		return b, nil
	}
	rd, err := f.open(b)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Grow(int(min(f.size, 4*f.length+4096)))
	if _, err := buf.ReadFrom(rd); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Open returns a reader of the file's decoded contents. The archived bytes
// are checked against their checksum before Open returns; the size and the
// checksum of the decoded bytes when the reader reaches their end, where it
// returns a *FormatError instead of io.EOF if they are wrong. The reader
// never returns more than Size bytes.
func (f *File) Open() (io.Reader, error) {
	b, err := f.Archived()
	if err != nil {
		return nil, err
	}
	if err := f.check("archived", f.ArchivedChecksum, b); err != nil {
		return nil, err
	}
	return f.open(b)
}

// checkStored checks that a stored file's size is its length.
func (f *File) checkStored() error {
	if f.length != f.size {
		return f.errorf(nil, "stored data of %d bytes, but size %d", f.length, f.size)
	}
	return nil
}

func (f *File) open(b []byte) (io.Reader, error) {
	var dec io.Reader
	var err error
	switch f.Encoding {
	case EncodingNone:
		if err := f.checkStored(); err != nil {
			return nil, err
		}
		dec = bytes.NewReader(b)
	case EncodingGzip:
		// libxar writes a zlib stream under this name; gzip is accepted
		// too.
		if len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b {
			dec, err = gzip.NewReader(bytes.NewReader(b))
		} else {
			dec, err = zlib.NewReader(bytes.NewReader(b))
		}
	case EncodingBzip2:
		dec = bzip2.NewReader(bytes.NewReader(b))
	default:
		return nil, f.errorf(nil, "unsupported encoding %q", f.Encoding)
	}
	if err != nil {
		return nil, f.errorf(err, "decoding %s: %v", f.Encoding, err)
	}
	c := &checkReader{f: f, r: io.LimitReader(dec, int64(f.size)+1)}
	if s := f.ExtractedChecksum; s.Style != "" && !strings.EqualFold(s.Style, "none") {
		var ok bool
		if c.h, ok = newHash(s.Style); !ok {
			return nil, f.errorf(nil, "unsupported extracted checksum style %q", s.Style)
		}
	}
	return c, nil
}

// check checks b against the checksum c, unless c has no style or "none".
func (f *File) check(what string, c Checksum, b []byte) error {
	if c.Style == "" || strings.EqualFold(c.Style, "none") {
		return nil
	}
	h, ok := newHash(c.Style)
	if !ok {
		return f.errorf(nil, "unsupported %s checksum style %q", what, c.Style)
	}
	h.Write(b)
	return f.compare(what, c, h)
}

// compare compares the sum in h with the checksum c.
func (f *File) compare(what string, c Checksum, h hash.Hash) error {
	want, err := hex.DecodeString(c.Hex)
	if err != nil || len(want) != h.Size() {
		return f.errorf(nil, "%s checksum %q is not a %s value", what, c.Hex, c.Style)
	}
	if got := h.Sum(nil); !bytes.Equal(got, want) {
		return f.errorf(ErrChecksum, "%s %s checksum mismatch: data has %x, TOC says %s", what, c.Style, got, c.Hex)
	}
	return nil
}

func (f *File) errorf(err error, format string, args ...any) error {
	return &FormatError{f.Off, f.label() + ": " + fmt.Sprintf(format, args...), err}
}

// checkReader passes on a file's decoded bytes, and checks their size and
// checksum at the end.
type checkReader struct {
	f   *File
	r   io.Reader // the decoder, limited to one byte more than the size
	h   hash.Hash // nil: no checksum
	n   uint64
	err error // sticky
}

func (c *checkReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.r.Read(p)
	c.n += uint64(n)
	if c.n > c.f.size {
		n -= int(c.n - c.f.size)
		c.n = c.f.size
		err = c.f.errorf(nil, "decodes to more than its size, %d bytes", c.f.size)
	}
	if c.h != nil {
		c.h.Write(p[:n])
	}
	switch {
	case err == io.EOF && c.n < c.f.size:
		err = c.f.errorf(nil, "decodes to %d bytes, but size %d", c.n, c.f.size)
	case err == io.EOF && c.h != nil:
		if e := c.f.compare("extracted", c.f.ExtractedChecksum, c.h); e != nil {
			err = e
		}
	case err != nil && err != io.EOF:
		if _, ok := err.(*FormatError); !ok {
			err = c.f.errorf(err, "decoding %s: %v", c.f.Encoding, err)
		}
	}
	c.err = err
	return n, err
}
