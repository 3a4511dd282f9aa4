package elf

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// A CompressionType is the ch_type of a compression header: how the bytes
// after it are compressed.
type CompressionType uint32

// Compression types LLVM 22 reads and writes.
const (
	ELFCOMPRESS_ZLIB CompressionType = 1 // a zlib stream (RFC 1950)
	ELFCOMPRESS_ZSTD CompressionType = 2 // Zstandard frames (RFC 8878)
)

var compressionNames = [...]string{
	ELFCOMPRESS_ZLIB: "ELFCOMPRESS_ZLIB",
	ELFCOMPRESS_ZSTD: "ELFCOMPRESS_ZSTD",
}

// String returns the constant's name, or the number for another value.
func (t CompressionType) String() string {
	if int64(t) < int64(len(compressionNames)) && compressionNames[t] != "" {
		return compressionNames[t]
	}
	return strconv.FormatUint(uint64(t), 10)
}

// A Chdr is the compression header at the start of an SHF_COMPRESSED
// section's contents: an Elf32_Chdr (12 bytes: ch_type, ch_size,
// ch_addralign) or an Elf64_Chdr (24 bytes: ch_type, ch_reserved, ch_size,
// ch_addralign), in the file's byte order.
type Chdr struct {
	Type      CompressionType // ch_type
	Size      uint64          // ch_size: the contents' size once decompressed
	AddrAlign uint64          // ch_addralign
	// HdrSize is the size of the header: the compressed stream is the
	// section's bytes after it.
	HdrSize int64
}

// DecoderCost is what a File's decoders cost besides their output, charged
// to its budget once, when Decompress first needs them: a zlib reader's
// window and tables (some 45 KiB) and a Zstandard decoder's block buffers
// (some 280 KiB for a frame of 128 KiB blocks, in low-memory mode).
const DecoderCost = zlibCost + zstdCost

const zlibCost, zstdCost = 64 << 10, 320 << 10

// sizeAt returns the offset of ch_size in a header of hdrSize bytes.
func sizeAt(hdrSize int64) int64 {
	if hdrSize == 24 {
		return 8
	}
	return 4
}

// Compressed reports whether s has contents stored compressed: it occupies
// file space and has the SHF_COMPRESSED flag.
func (s *Section) Compressed() bool { return s.Flags&SHF_COMPRESSED != 0 && !s.NoBits }

// contents returns s's bytes in data, or an error if data is not the data
// f was read from.
func (s *Section) contents(data []byte) ([]byte, error) {
	if s.NoBits {
		return nil, nil
	}
	if s.Off < 0 || s.Size < 0 || s.Off > int64(len(data)) || s.Size > int64(len(data))-s.Off {
		return nil, &FormatError{Off: s.Off, Msg: fmt.Sprintf("section %q (index %d) lies outside the data (%d bytes)", s.Name, s.Index, len(data))}
	}
	return data[s.Off : s.Off+s.Size], nil
}

// CompressionHeader reads the compression header of s, a compressed section
// of f, which data holds (the data given to NewFile). The errors are
// LLVM's: a header that does not fit in the section is "corrupted", a
// ch_type other than zlib or zstd "unsupported"; both are located at the
// section's first byte.
func (f *File) CompressionHeader(data []byte, s *Section) (Chdr, error) {
	if !s.Compressed() {
		return Chdr{}, &FormatError{Off: s.Off, Msg: fmt.Sprintf("section %q (index %d) is not compressed", s.Name, s.Index)}
	}
	b, err := s.contents(data)
	if err != nil {
		return Chdr{}, err
	}
	bo := f.byteOrder()
	var h Chdr
	if f.is64() {
		h.HdrSize = 24
		if len(b) >= 24 {
			h.Type, h.Size, h.AddrAlign = CompressionType(bo.Uint32(b)), bo.Uint64(b[8:]), bo.Uint64(b[16:])
		}
	} else {
		h.HdrSize = 12
		if len(b) >= 12 {
			h.Type, h.Size, h.AddrAlign = CompressionType(bo.Uint32(b)), uint64(bo.Uint32(b[4:])), uint64(bo.Uint32(b[8:]))
		}
	}
	if int64(len(b)) < h.HdrSize {
		return Chdr{}, &FormatError{Off: s.Off, Msg: "corrupted compressed section header"}
	}
	if h.Type != ELFCOMPRESS_ZLIB && h.Type != ELFCOMPRESS_ZSTD {
		return Chdr{}, &FormatError{Off: s.Off, Msg: fmt.Sprintf("unsupported compression type (%d)", uint32(h.Type))}
	}
	return h, nil
}

// The decompressed bytes each File allows its sections in all: 16 times the
// data given to NewFile, plus 8 MiB, the walker's budget for bitcode
// bundles.
const budgetFactor, budgetSlack = 16, 8 << 20

// DefaultBudget returns the bytes the compressed sections of a file of size
// bytes may decompress to in all (see Decompress): 16 times its size plus
// 8 MiB.
func DefaultBudget(size int) int64 { return budgetFactor*int64(size) + budgetSlack }

// A Budget is what Decompress may still take, which several Files may
// share: the members of one archive, whose own budgets would add up to
// 8 MiB per member. It is safe for concurrent use.
type Budget struct{ left atomic.Int64 }

// NewBudget returns a Budget of n bytes.
func NewBudget(n int64) *Budget {
	b := new(Budget)
	b.left.Store(n)
	return b
}

// SetBudget makes f's Decompress draw on b instead of the budget NewFile
// gave f (DefaultBudget of its data). Call it before Decompress.
func (f *File) SetBudget(b *Budget) { f.budget = b }

// Decompress returns the contents of s, a compressed section of f, which
// data holds (the data given to NewFile), decompressed: a new slice of
// exactly ch_size bytes. A stream that is corrupt, truncated, or yields more
// or fewer bytes than ch_size is an error; so is a header CompressionHeader
// rejects. Errors are *FormatError values at the byte of data they concern:
// the section's first byte for its header, the ch_size field for a size
// that does not match, the byte of the stream at fault for a corrupt zlib
// stream, the stream's first byte for a corrupt Zstandard one.
//
// Memory is bounded whatever ch_size claims: a ch_size more than the stream
// could yield (1032 bytes per byte for zlib, 32768 for Zstandard, whose
// blocks hold at most 128 KiB each) or more than what is left of the File's
// budget (the sections of one File decompress to at most 16 times len(data)
// plus 8 MiB in all, the decoders' state, DecoderCost, included, unless
// SetBudget gave it a Budget shared with other Files) is
// rejected before anything is allocated; no more than ch_size+1 bytes are
// ever decompressed. Each File makes one zlib reader and one Zstandard
// decoder (single-threaded, in low-memory mode, windows capped at 128 MiB,
// libzstd's default limit) and reuses them for all its sections. Decompress
// is safe for concurrent use; calls on one File run one at a time.
func (f *File) Decompress(data []byte, s *Section) ([]byte, error) {
	h, err := f.CompressionHeader(data, s)
	if err != nil {
		return nil, err
	}
	stream := data[s.Off+h.HdrSize : s.Off+s.Size]
	sizeOff := s.Off + sizeAt(h.HdrSize)
	ratio := uint64(1032) // deflate: 258 bytes per 2-bit match at best
	if h.Type == ELFCOMPRESS_ZSTD {
		ratio = 32768 // a 4-byte RLE block of 128 KiB
	}
	if h.Size > uint64(len(stream))*ratio+1024 {
		return nil, &FormatError{Off: sizeOff, Msg: fmt.Sprintf("ch_size %d is more than a %d-byte %s stream can hold", h.Size, len(stream), h.Type.name())}
	}
	if h.Size > math.MaxInt64 || !f.spend(int64(h.Size)) {
		return nil, &FormatError{Off: sizeOff, Msg: fmt.Sprintf("ch_size %d is more than the file's compressed sections may decompress to (%d times the file plus %d MiB in all)",
			h.Size, budgetFactor, budgetSlack>>20)}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if h.Type == ELFCOMPRESS_ZLIB && !f.zlibMade || h.Type == ELFCOMPRESS_ZSTD && f.zstd == nil {
		cost := int64(zlibCost)
		if h.Type == ELFCOMPRESS_ZSTD {
			cost = zstdCost
		}
		if !f.spend(cost) {
			return nil, &FormatError{Off: s.Off, Msg: fmt.Sprintf("the file's compressed sections take more than %d times the file plus %d MiB to decompress", budgetFactor, budgetSlack>>20)}
		}
	}
	out := make([]byte, 0, h.Size) // checked against the budget above
	var stop int64                 // stream bytes read when an error stopped the decoder (zlib)
	if h.Type == ELFCOMPRESS_ZLIB {
		f.zlibMade = true
		out, stop, err = f.inflate(stream, out)
	} else {
		out, err = f.unzstd(stream, out)
	}
	switch {
	case errors.Is(err, errTooLong):
		return nil, &FormatError{Off: sizeOff, Msg: fmt.Sprintf("%s stream yields more than ch_size (%d bytes)", h.Type.name(), h.Size)}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, &FormatError{Off: s.Off + s.Size, Msg: fmt.Sprintf("truncated %s stream", h.Type.name())}
	case err != nil:
		return nil, &FormatError{Off: s.Off + h.HdrSize + stop, Msg: fmt.Sprintf("bad %s stream: %s", h.Type.name(), streamMsg(err))}
	case uint64(len(out)) != h.Size:
		return nil, &FormatError{Off: sizeOff, Msg: fmt.Sprintf("%s stream yields %d bytes, ch_size says %d", h.Type.name(), len(out), h.Size)}
	}
	return out, nil
}

// streamMsg words a decoder's error without its package prefix and, for
// deflate, without the decoder's own offset (the FormatError has the file's).
func streamMsg(err error) string {
	var ce flate.CorruptInputError
	if errors.As(err, &ce) {
		return "corrupt deflate data"
	}
	return strings.TrimPrefix(err.Error(), "zlib: ")
}

// name is the compression's common name: "zlib", "zstd".
func (t CompressionType) name() string {
	switch t {
	case ELFCOMPRESS_ZLIB:
		return "zlib"
	case ELFCOMPRESS_ZSTD:
		return "zstd"
	}
	return t.String()
}

// spend takes n bytes from f's decompression budget, if it has them.
func (f *File) spend(n int64) bool {
	for {
		left := f.budget.left.Load()
		if n > left {
			return false
		}
		if f.budget.left.CompareAndSwap(left, left-n) {
			return true
		}
	}
}

// errTooLong reports a stream that yields more than its buffer holds.
var errTooLong = errors.New("stream yields more than ch_size")

// inflate decompresses the zlib stream into out, with f's reader, up to cap(out) bytes, and
// checks that it ends there (its Adler-32 checksum included); bytes after
// the stream's end are ignored, as zlib's uncompress ignores them. A stream
// that ends early is not an error here: out is shorter. On error, stop is
// the offset in stream of the byte at fault: the last one the decoder read,
// or the checksum's first.
func (f *File) inflate(stream, out []byte) (_ []byte, stop int64, err error) {
	br := bytes.NewReader(stream) // an io.ByteReader: read byte by byte, unbuffered
	var zr io.Reader
	if f.zlib != nil {
		err = f.zlib.(zlib.Resetter).Reset(br, nil)
		zr = f.zlib
	} else if f.zlib, err = zlib.NewReader(br); err == nil {
		zr = f.zlib
	}
	if err != nil {
		return nil, 0, err
	}
	fail := func(err error) int64 {
		last := max(int64(len(stream)-br.Len())-1, 0)
		if errors.Is(err, zlib.ErrChecksum) {
			last = max(last-3, 0)
		}
		return last
	}
	buf := out[:cap(out)]
	n := 0
	// Each Read returns data or an error (flate's reader loops until it
	// has either), so a loop of len(buf)+2 Reads is never cut short.
	for range len(buf) + 2 {
		if n == len(buf) {
			// Full: the stream must end here.
			var one [1]byte
			m, err := zr.Read(one[:])
			switch {
			case m > 0:
				return out[:n], 0, errTooLong
			case err == io.EOF:
				return out[:n], 0, nil
			case err != nil:
				return out[:n], fail(err), err
			}
			continue
		}
		m, err := zr.Read(buf[n:])
		n += m
		switch {
		case err == io.EOF:
			return out[:n], 0, nil
		case err != nil:
			return out[:n], fail(err), err
		}
	}
	return out[:n], fail(nil), io.ErrNoProgress
}

// maxWindow is the largest window a Zstandard frame may declare: 128 MiB,
// libzstd's default limit (ZSTD_WINDOWLOG_LIMIT_DEFAULT). Decoding into one
// buffer, as DecodeAll does, allocates nothing by the window.
const maxWindow = 1 << 27

// unzstd decompresses the Zstandard frames of stream into out with f's
// decoder, failing with errTooLong rather than decoding more than cap(out)
// bytes.
func (f *File) unzstd(stream, out []byte) ([]byte, error) {
	if f.zstd == nil {
		d, err := zstd.NewReader(nil, // no goroutines without a reader: nothing to close
			zstd.WithDecoderConcurrency(1),
			zstd.WithDecoderLowmem(true),
			// The output is bounded by cap(out); these bound the window
			// a frame may declare (a smaller maximum memory would lower it).
			zstd.WithDecodeAllCapLimit(true),
			zstd.WithDecoderMaxMemory(1<<62),
			zstd.WithDecoderMaxWindow(maxWindow))
		if err != nil {
			return nil, err
		}
		f.zstd = d
	}
	out, err := f.zstd.DecodeAll(stream, out)
	if errors.Is(err, zstd.ErrDecoderSizeExceeded) {
		return out, errTooLong
	}
	return out, err
}

// Contents returns the contents of s, a section of f, whose bytes are data
// (NewFile checked the section's range): a slice of data, nil for an
// SHT_NOBITS section, or, for a section stored compressed (SHF_COMPRESSED),
// its contents decompressed as Decompress decompresses them.
func (f *File) Contents(data []byte, s *Section) ([]byte, error) {
	if s.Compressed() {
		return f.Decompress(data, s)
	}
	if s.NoBits {
		return nil, nil
	}
	return data[s.Off : s.Off+s.Size], nil
}
