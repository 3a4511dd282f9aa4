package bitcode

import (
	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
)

// BlockBits returns how many bits the module gives to its module-level
// metadata (its METADATA blocks) and to its function bodies (its
// FUNCTION_BLOCKs, with what they hold), from the blocks' length words
// (32 bits each, the headers not counted):
// the blocks are skipped, not read, and only the module's own records are
// read past. A caller that would read the bodies with several readers at
// once, each of which reads the module-level metadata again, can tell
// whether that pays. What the module holds before a fault in it is
// counted; it does not change r.
func (r *Reader) BlockBits() (metadata, bodies uint64) {
	br := bitstream.NewReader(r.stream)
	br.SetBlockInfo(r.bi)
	// modBit is where the module block's header starts, after its ID.
	if br.JumpToBit(r.modBit) != nil {
		return 0, 0
	}
	if _, err := br.EnterBlock(uint32(llvmir.MODULE_BLOCK_ID)); err != nil {
		return 0, 0
	}
	var vals []uint64
	for {
		e, err := br.Next()
		if err != nil {
			return metadata, bodies
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			return metadata, bodies
		case bitstream.EntryDefineAbbrev:
			if _, err := br.DefineAbbrev(); err != nil {
				return metadata, bodies
			}
		case bitstream.EntryRecord:
			rec, err := br.ReadRecord(e.ID, vals)
			if err != nil {
				return metadata, bodies
			}
			vals = rec.Ops[:0]
		case bitstream.EntrySubBlock:
			var total *uint64
			switch llvmir.BlockID(e.ID) {
			case llvmir.METADATA_BLOCK_ID:
				total = &metadata
			case llvmir.FUNCTION_BLOCK_ID:
				total = &bodies
			default:
				if br.SkipBlock() != nil {
					return metadata, bodies
				}
				continue
			}
			n, err := br.EnterBlock(e.ID)
			if err != nil || br.LeaveBlock() != nil {
				return metadata, bodies
			}
			*total += uint64(n) * 32
		}
	}
}
