package bitcode

import (
	"errors"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/wrapper"
)

// An Ident is what a bitcode module says about where it comes from.
type Ident struct {
	// Producer is the IDENTIFICATION block's producer string, such as
	// "LLVM22.1.8", or "" when the module has no IDENTIFICATION block.
	Producer string
	// Triple is the module's target triple (MODULE_CODE_TRIPLE), or "".
	Triple string
	// SourceFilename is the module's source file name
	// (MODULE_CODE_SOURCE_FILENAME, "src/main.c"), or "" when the module
	// records none (LLVM before 3.9 did not write it).
	SourceFilename string
}

// errIdentDone stops ReadIdent's reading of the MODULE block where it is.
var errIdentDone = errors.New("ident read")

// ReadIdent reads the producer, target triple and source file name of the
// first module of a bitcode file, raw or wrapped. It reads only the
// IDENTIFICATION block and the records at the start of the MODULE block,
// skipping sub-blocks (types, attributes, ...) by their lengths: LLVM
// writes the triple, data layout, module asm, section and GC names and then
// SOURCE_FILENAME before the first global variable or function, so reading
// stops at SOURCE_FILENAME, at the first GLOBALVAR, FUNCTION or VSTOFFSET
// record, or at the end of the block, whichever comes first.
//
// On a malformed module ReadIdent returns the error together with what it
// had read before it.
func ReadIdent(data []byte) (Ident, error) {
	var id Ident
	if wrapper.IsWrapper(data) {
		_, inner, err := wrapper.Unwrap(data)
		if err != nil {
			return id, err
		}
		data = inner
	}
	if !wrapper.IsRaw(data) {
		return id, ErrNotBitcode
	}
	r := bitstream.NewReader(data)
	if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
		return id, err
	}
	var vals []uint64
	for !r.AtEnd() {
		e, err := r.Next()
		if err != nil {
			return id, err
		}
		if e.Kind != bitstream.EntrySubBlock {
			// Top-level records and abbreviations are malformed; so is
			// END_BLOCK, which Next reports as an error.
			return id, errors.New("bitcode: expected a block at the top level")
		}
		switch llvmir.BlockID(e.ID) {
		case llvmir.IDENTIFICATION_BLOCK_ID:
			if err = blockRecords(r, e.ID, &vals, nil, func(rec *bitstream.Record) error {
				if rec.Code == uint32(llvmir.IDENTIFICATION_CODE_STRING) {
					id.Producer = chars(rec.Ops)
				}
				return nil
			}, nil); err != nil {
				return id, err
			}
		case llvmir.MODULE_BLOCK_ID:
			err = blockRecords(r, e.ID, &vals, nil, func(rec *bitstream.Record) error {
				switch llvmir.ModuleCode(rec.Code) {
				case llvmir.MODULE_CODE_TRIPLE:
					id.Triple = chars(rec.Ops)
				case llvmir.MODULE_CODE_SOURCE_FILENAME:
					id.SourceFilename = chars(rec.Ops)
					return errIdentDone
				case llvmir.MODULE_CODE_GLOBALVAR, llvmir.MODULE_CODE_FUNCTION, llvmir.MODULE_CODE_VSTOFFSET:
					return errIdentDone
				}
				return nil
			}, nil)
			if err == errIdentDone {
				// Done: whatever follows is not ReadIdent's business.
				err = nil
			}
			return id, err
		default:
			if err := r.SkipBlock(); err != nil {
				return id, err
			}
		}
	}
	return id, nil
}

// chars turns the operands of a string record into a string.
func chars(ops []uint64) string {
	b := make([]byte, len(ops))
	for i, v := range ops {
		b[i] = byte(v)
	}
	return string(b)
}
