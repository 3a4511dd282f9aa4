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
	"os"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/bitwriter"
)

const (
	metadataBlock     = 15
	mdSubrange        = 13
	mdEnumerator      = 14
	mdStrings         = 35
	mdIndexOffset     = 38
	mdIndex           = 39
	blockInfoID       = 0
	functionBlock     = 12
	moduleVSTOffset   = 13
	moduleBlock       = 8
	firstAbbrevLocals = 4
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

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: mkold IN.bc OUT.bc")
		os.Exit(2)
	}
	in, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out, err := rewrite(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkold:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(os.Args[2], out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

type copier struct {
	r          *bitstream.Reader
	w          *bitwriter.Writer
	vals       []uint64
	nSub, nEnu int
}

func rewrite(in []byte) ([]byte, error) {
	if len(in) < 4 || string(in[:4]) != "BC\xc0\xde" {
		return nil, fmt.Errorf("not a raw bitcode file")
	}
	c := &copier{r: bitstream.NewReader(in), w: bitwriter.New()}
	c.r.Cursor().JumpToBit(32)
	c.w.Raw(in[:4])
	if err := c.block(nil); err != nil {
		return nil, err
	}
	if c.nSub != len(subranges) || c.nEnu != len(enumerators) {
		return nil, fmt.Errorf("rewrote %d DISubrange and %d DIEnumerator records, want %d and %d",
			c.nSub, len(subranges), c.nEnu, len(enumerators))
	}
	return c.w.Bytes, nil
}

// block copies the entries of the current block (the top level when ids
// is empty) up to its end.
func (c *copier) block(ids []uint32) error {
	local := uint64(firstAbbrevLocals)
	for {
		if len(ids) == 0 && c.r.AtEnd() {
			return nil
		}
		e, err := c.r.Next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			c.w.EndBlock()
			return nil
		case bitstream.EntrySubBlock:
			if e.ID == blockInfoID {
				bi, err := c.r.ReadBlockInfoBlock(false)
				if err != nil {
					return err
				}
				c.r.SetBlockInfo(bi)
				continue
			}
			if e.ID == functionBlock {
				return fmt.Errorf("the input has a function body")
			}
			if _, err := c.r.EnterBlock(e.ID); err != nil {
				return err
			}
			c.w.EnterBlock(uint64(e.ID), c.r.CodeWidth())
			if err := c.block(append(ids, e.ID)); err != nil {
				return err
			}
		case bitstream.EntryDefineAbbrev:
			if _, err := c.r.DefineAbbrev(); err != nil {
				return err
			}
		case bitstream.EntryRecord:
			rec, err := c.r.ReadRecord(e.ID, c.vals)
			if err != nil {
				return err
			}
			c.vals = rec.Ops
			in := uint32(0)
			if len(ids) > 0 {
				in = ids[len(ids)-1]
			}
			if err := c.record(in, rec, &local); err != nil {
				return err
			}
		}
	}
}

// record writes rec of block in, rewritten when it is one of ours.
func (c *copier) record(in uint32, rec bitstream.Record, local *uint64) error {
	ops := rec.Ops
	if in == moduleBlock && rec.Code == moduleVSTOffset {
		return nil // points past the blocks' old sizes; the VST is read inline
	}
	if in == metadataBlock {
		switch rec.Code {
		case mdIndexOffset, mdIndex:
			return nil
		case mdSubrange:
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
			c.w.Unabbrev(mdSubrange, flags, count, s.lower)
			return nil
		case mdEnumerator:
			if c.nEnu >= len(enumerators) || len(ops) < 4 || ops[0]&4 == 0 {
				return fmt.Errorf("unexpected DIEnumerator record %v", ops)
			}
			en := enumerators[c.nEnu]
			c.nEnu++
			flags := ops[0] & 1
			if en.unsigned {
				flags |= 2
			}
			c.w.Unabbrev(mdEnumerator, flags, en.value, ops[2])
			return nil
		}
	}
	if !rec.HasBlob {
		c.w.Unabbrev(uint64(rec.Code), ops...)
		return nil
	}
	// A blob record: an abbreviation of its own, [code, vbr6..., blob].
	def := []bitwriter.Op{bitwriter.Lit(uint64(rec.Code))}
	for range ops {
		def = append(def, bitwriter.VBROp(6))
	}
	def = append(def, bitwriter.Blob)
	c.w.DefineAbbrev(def...)
	c.w.AbbrevRecord(*local, def, ops, rec.Blob)
	*local++
	return nil
}
