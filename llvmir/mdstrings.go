package llvmir

import (
	"errors"

	"github.com/bcextract/bcextract/bitstream"
)

// MetadataStrings iterates over the strings of a METADATA_STRINGS record
// (METADATA_BLOCK code 35): [count, offset] with a blob whose first offset
// bytes are a bitstream of VBR6 string lengths, followed by the characters.
//
// It follows llvm-bcanalyzer: Next keeps reading while the count, decremented
// after each string, has not reached zero, so a count of zero reads until the
// lengths run out.
type MetadataStrings struct {
	// Count is the number of strings the record claims.
	Count   uint32
	left    uint32
	lengths bitstream.Cursor
	chars   []byte
	past    bool // the offset lies beyond the blob
}

// Errors of NewMetadataStrings and Next, in llvm-bcanalyzer's terms.
var (
	ErrEmptyStringsBlob   = errors.New("cannot decode empty METADATA_STRINGS blob")
	ErrStringsRecordShape = errors.New("decoding a METADATA_STRINGS blob needs a record of two operands")
	ErrStringsBadLength   = errors.New("METADATA_STRINGS: bad length")
	ErrStringsTruncated   = errors.New("METADATA_STRINGS: truncated chars")
)

// NewMetadataStrings prepares to decode the strings of a METADATA_STRINGS
// record with operands ops and blob blob.
func NewMetadataStrings(ops []uint64, blob []byte) (*MetadataStrings, error) {
	if len(blob) == 0 {
		return nil, ErrEmptyStringsBlob
	}
	if len(ops) != 2 {
		return nil, ErrStringsRecordShape
	}
	m := &MetadataStrings{Count: uint32(ops[0]), left: uint32(ops[0])}
	off := uint64(uint32(ops[1]))
	if off > uint64(len(blob)) {
		// LLVM reads past the blob here; the first Next reports the strings
		// as truncated instead.
		m.past = true
		return m, nil
	}
	m.lengths = bitstream.NewCursor(blob[:off])
	m.chars = blob[off:]
	return m, nil
}

// Next returns the next string, a sub-slice of the blob, or an error if the
// blob is malformed. Call it once, then again while More reports true.
func (m *MetadataStrings) Next() (s []byte, err error) {
	if m.past {
		return nil, ErrStringsTruncated
	}
	if m.lengths.AtEnd() {
		return nil, ErrStringsBadLength
	}
	n, err := m.lengths.ReadVBR(6)
	if err != nil {
		return nil, err
	}
	if uint64(len(m.chars)) < uint64(n) {
		return nil, ErrStringsTruncated
	}
	s, m.chars = m.chars[:n], m.chars[n:]
	m.left--
	return s, nil
}

// More reports whether Next should be called again.
func (m *MetadataStrings) More() bool { return m.left != 0 }
