// Package bitcopy copies a bitstream record by record, for the tools that
// make fixtures in record layouts no installed LLVM writes
// (testdata/ir/debuginfo/mkold, testdata/ir/legacy/mklegacy): a Copier
// walks the input's blocks and its hooks say which blocks to keep and how
// to write each record.
//
// The copy is unabbreviated: BLOCKINFO is read and left out, records are
// written without abbreviations, but for blob records, which get an
// abbreviation of their own ([code, vbr6..., blob]).
package bitcopy

import (
	"fmt"
	"os"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/bitwriter"
)

// An Action is what a Copier does with a block.
type Action int

// The actions.
const (
	// Copy copies the block: its END_BLOCK and what the hooks write.
	Copy Action = iota
	// Skip leaves the block out, unread.
	Skip
	// Read reads the block's records (the Record hook sees them) without
	// writing the block.
	Read
)

// blockInfoID is the BLOCKINFO block's ID, which every bitstream has.
const blockInfoID = 0

// firstLocal is the first abbreviation ID a block defines itself.
const firstLocal = 4

// A Copier copies the bitstream R reads into W.
type Copier struct {
	R *bitstream.Reader
	W *bitwriter.Writer
	// Enter says what to do with block id, inside the blocks ids
	// (outermost first); nil copies every block.
	Enter func(id uint32, ids []uint32) (Action, error)
	// Leave is called at the end of a block that was copied or read,
	// before its END_BLOCK is written, ids ending with it; nil does
	// nothing.
	Leave func(ids []uint32) error
	// Record writes rec, a record of the block ids end with (none at the
	// top level), by way of W and Copy; nil copies it.
	Record func(ids []uint32, rec bitstream.Record) error

	vals   []uint64
	locals []uint64 // the next local abbreviation ID of each open block
}

// New returns a Copier of the raw bitcode stream in, whose magic number it
// has written already.
func New(in []byte) (*Copier, error) {
	if len(in) < 4 || string(in[:4]) != "BC\xc0\xde" {
		return nil, fmt.Errorf("not a raw bitcode file")
	}
	c := &Copier{R: bitstream.NewReader(in), W: bitwriter.New()}
	if err := c.R.JumpToBit(32); err != nil {
		return nil, err
	}
	c.W.Raw(in[:4])
	return c, nil
}

// Run copies the whole stream and returns the copy.
func (c *Copier) Run() ([]byte, error) {
	c.locals = append(c.locals[:0], firstLocal)
	if err := c.block(nil, Copy); err != nil {
		return nil, err
	}
	return c.W.Bytes, nil
}

// block copies the entries of the current block (the top level when ids
// is empty) up to its end.
func (c *Copier) block(ids []uint32, act Action) error {
	for {
		if len(ids) == 0 && c.R.AtEnd() {
			return nil
		}
		e, err := c.R.Next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			if c.Leave != nil {
				if err := c.Leave(ids); err != nil {
					return err
				}
			}
			if act == Copy {
				c.W.EndBlock()
			}
			return nil
		case bitstream.EntrySubBlock:
			if e.ID == blockInfoID {
				bi, err := c.R.ReadBlockInfoBlock(false)
				if err != nil {
					return err
				}
				c.R.SetBlockInfo(bi)
				continue
			}
			sub := Copy
			if c.Enter != nil {
				if sub, err = c.Enter(e.ID, ids); err != nil {
					return err
				}
			}
			if sub == Skip {
				if err := c.R.SkipBlock(); err != nil {
					return err
				}
				continue
			}
			if _, err := c.R.EnterBlock(e.ID); err != nil {
				return err
			}
			if sub == Copy {
				c.W.EnterBlock(uint64(e.ID), c.R.CodeWidth())
			}
			c.locals = append(c.locals, firstLocal)
			err := c.block(append(ids, e.ID), sub)
			c.locals = c.locals[:len(c.locals)-1]
			if err != nil {
				return err
			}
		case bitstream.EntryDefineAbbrev:
			if _, err := c.R.DefineAbbrev(); err != nil {
				return err
			}
		case bitstream.EntryRecord:
			rec, err := c.R.ReadRecord(e.ID, c.vals)
			if err != nil {
				return err
			}
			c.vals = rec.Ops
			if c.Record == nil {
				c.Copy(rec)
			} else if err := c.Record(ids, rec); err != nil {
				return err
			}
		}
	}
}

// Copy writes rec as it is, into the block open in W.
func (c *Copier) Copy(rec bitstream.Record) {
	if !rec.HasBlob {
		c.W.Unabbrev(uint64(rec.Code), rec.Ops...)
		return
	}
	def := []bitwriter.Op{bitwriter.Lit(uint64(rec.Code))}
	for range rec.Ops {
		def = append(def, bitwriter.VBROp(6))
	}
	def = append(def, bitwriter.Blob)
	c.W.DefineAbbrev(def...)
	local := &c.locals[len(c.locals)-1]
	c.W.AbbrevRecord(*local, def, rec.Ops, rec.Blob)
	*local++
}

// Main is the command of a fixture tool named tool: it reads IN.bc (the
// first argument), writes rewrite's copy of it to OUT.bc (the second),
// and exits 2 on a usage error, 1 on any other.
func Main(tool string, rewrite func(in []byte) ([]byte, error)) {
	if len(os.Args) != 3 {
		fmt.Fprintf(os.Stderr, "usage: %s IN.bc OUT.bc\n", tool)
		os.Exit(2)
	}
	in, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out, err := rewrite(in)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
	if err := os.WriteFile(os.Args[2], out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
