// Command mkold writes the old-layout debug-info records of
// testdata/ir/debuginfo that no installed LLVM writes any more: it copies a
// module that llvm-as-22 wrote, record by record, and rewrites its
// DISubrange and DIEnumerator records into the layouts older writers used
// (DISubrange versions 0 and 1, narrow DIEnumerators), with the sign
// rotation LLVM's old writer used and with the one other writers (Zig's)
// used. llvm-dis-22 then says what they mean.
//
// The copy is unabbreviated (BLOCKINFO dropped; blob records get an
// abbreviation of their own) and leaves out the records that hold bit
// offsets, which would be wrong (METADATA_INDEX_OFFSET, METADATA_INDEX,
// MODULE_CODE_VSTOFFSET): the input must have no function bodies, whose
// offsets the value symbol table holds.
//
// Usage (from the module root): go run ./testdata/ir/debuginfo/mkold IN.bc OUT.bc
package main

import (
	"fmt"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/bitcopy"
	"github.com/bcextract/bcextract/llvmir"
)

// rotOld is LLVM's old rotateSign: a negative v as ^(v<<1).
func rotOld(v int64) uint64 {
	if v < 0 {
		return ^(uint64(v) << 1)
	}
	return uint64(v) << 1
}

// rotZig is emitSignedInt64's rotation, -v<<1 | 1, as writers other than
// LLVM's old metadata writer use for these fields.
func rotZig(v int64) uint64 {
	if v < 0 {
		return uint64(-v)<<1 | 1
	}
	return uint64(v) << 1
}

// subranges are the new DISubrange records, in the order of the input's:
// count is the record's own count operand (a metadata ID plus one) where
// it says -1 and version is 1.
var subranges = []struct {
	version  uint64
	distinct bool
	count    int64 // version 0: the count itself
	lower    uint64
}{
	{0, false, 5, rotOld(-296)},
	{1, false, -1, rotOld(-296)},
	{1, false, -1, rotZig(-296)},
	{0, false, -1, rotOld(0)},
	{1, true, -1, rotOld(7)},
	{0, false, 3, rotOld(-1 << 63)},
	{0, false, 9, rotZig(-1)},
	{1, false, -1, rotZig(5)},
}

// enumerators are the new narrow DIEnumerator records: the value, rotated,
// and whether it is unsigned; the name is the input record's.
var enumerators = []struct {
	value    uint64
	unsigned bool
}{
	{rotOld(-5), false},
	{rotZig(-5), false},
	{rotOld(1 << 40), false},
	{rotOld(-1), true},
	{rotOld(-1 << 63), false},
	{rotOld(0), true},
}

func main() { bitcopy.Main("mkold", rewrite) }

type copier struct {
	*bitcopy.Copier
	nSub, nEnu int
}

func rewrite(in []byte) ([]byte, error) {
	bc, err := bitcopy.New(in)
	if err != nil {
		return nil, err
	}
	c := &copier{Copier: bc}
	bc.Enter = func(id uint32, _ []uint32) (bitcopy.Action, error) {
		if id == uint32(llvmir.FUNCTION_BLOCK_ID) {
			return 0, fmt.Errorf("the input has a function body")
		}
		return bitcopy.Copy, nil
	}
	bc.Record = func(ids []uint32, rec bitstream.Record) error {
		in := uint32(0)
		if len(ids) > 0 {
			in = ids[len(ids)-1]
		}
		return c.record(in, rec)
	}
	out, err := bc.Run()
	if err != nil {
		return nil, err
	}
	if c.nSub != len(subranges) || c.nEnu != len(enumerators) {
		return nil, fmt.Errorf("rewrote %d DISubrange and %d DIEnumerator records, want %d and %d",
			c.nSub, len(subranges), c.nEnu, len(enumerators))
	}
	return out, nil
}

// record writes rec of block in, rewritten when it is one of ours.
func (c *copier) record(in uint32, rec bitstream.Record) error {
	ops := rec.Ops
	if in == uint32(llvmir.MODULE_BLOCK_ID) && rec.Code == uint32(llvmir.MODULE_CODE_VSTOFFSET) {
		return nil // points past the blocks' old sizes; the VST is read inline
	}
	if in == uint32(llvmir.METADATA_BLOCK_ID) {
		switch rec.Code {
		case uint32(llvmir.METADATA_INDEX_OFFSET), uint32(llvmir.METADATA_INDEX):
			return nil
		case uint32(llvmir.METADATA_SUBRANGE):
			if c.nSub >= len(subranges) || len(ops) != 5 || ops[0]>>1 != 2 {
				return fmt.Errorf("unexpected DISubrange record %v", ops)
			}
			s := subranges[c.nSub]
			c.nSub++
			flags := s.version << 1
			if s.distinct {
				flags |= 1
			}
			count := uint64(s.count)
			if s.version == 1 {
				count = ops[1]
			}
			c.W.Unabbrev(uint64(llvmir.METADATA_SUBRANGE), flags, count, s.lower)
			return nil
		case uint32(llvmir.METADATA_ENUMERATOR):
			if c.nEnu >= len(enumerators) || len(ops) < 4 || ops[0]&4 == 0 {
				return fmt.Errorf("unexpected DIEnumerator record %v", ops)
			}
			en := enumerators[c.nEnu]
			c.nEnu++
			flags := ops[0] & 1
			if en.unsigned {
				flags |= 2
			}
			c.W.Unabbrev(uint64(llvmir.METADATA_ENUMERATOR), flags, en.value, ops[2])
			return nil
		}
	}
	c.Copy(rec)
	return nil
}
