package bitstream

// BLOCKINFO record codes.
const (
	BLOCKINFO_CODE_SETBID        = 1
	BLOCKINFO_CODE_BLOCKNAME     = 2
	BLOCKINFO_CODE_SETRECORDNAME = 3
)

// BlockInfo is what a BLOCKINFO block (block ID 0) says about other blocks:
// abbreviations every instance of a block starts with, and optional names for
// blocks and record codes. It belongs to one stream.
type BlockInfo struct {
	blocks map[uint32]*BlockInfoEntry
	order  []uint32 // block IDs in the order of their first definition
}

// A BlockInfoEntry holds what BLOCKINFO defines for one block ID.
type BlockInfoEntry struct {
	ID      uint32
	Abbrevs []*Abbrev
	// Name is set by BLOCKNAME (the last one wins); HasName tells an empty
	// name from no name.
	Name    string
	HasName bool
	// RecordNames maps a record code to the first name SETRECORDNAME gave it.
	RecordNames map[uint32]string
}

// Entry returns what BLOCKINFO defines for block id, or nil.
func (bi *BlockInfo) Entry(id uint32) *BlockInfoEntry {
	if bi == nil {
		return nil
	}
	return bi.blocks[id]
}

// IDs returns the block IDs BLOCKINFO defines something for (an
// abbreviation or a name), in the order of their first definition.
func (bi *BlockInfo) IDs() []uint32 {
	if bi == nil {
		return nil
	}
	return bi.order
}

func (bi *BlockInfo) entry(id uint32) *BlockInfoEntry {
	if bi.blocks == nil {
		bi.blocks = make(map[uint32]*BlockInfoEntry)
	}
	e := bi.blocks[id]
	if e == nil {
		e = &BlockInfoEntry{ID: id}
		bi.blocks[id] = e
		bi.order = append(bi.order, id)
	}
	return e
}

// BlockName returns the name BLOCKINFO gives block id, if it gives a
// non-empty one (LLVM ignores empty block names).
func (bi *BlockInfo) BlockName(id uint32) (string, bool) {
	e := bi.Entry(id)
	if e == nil || e.Name == "" {
		return "", false
	}
	return e.Name, true
}

// RecordName returns the name BLOCKINFO gives record code in block, if any.
// An empty name counts: LLVM prints it as given.
func (bi *BlockInfo) RecordName(block, code uint32) (string, bool) {
	e := bi.Entry(block)
	if e == nil || e.RecordNames == nil {
		return "", false
	}
	n, ok := e.RecordNames[code]
	return n, ok
}

// opsString turns record operands into a string the way LLVM does: each
// operand truncated to its low 8 bits.
func opsString(ops []uint64) string {
	b := make([]byte, len(ops))
	for i, v := range ops {
		b[i] = byte(v)
	}
	return string(b)
}
