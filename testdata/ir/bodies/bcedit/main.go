// Command bcedit rewrites an LLVM bitcode file into records no installed
// LLVM writes, for the fixtures of testdata/ir/bodies: every record
// unabbreviated (blobs excepted), no BLOCKINFO, no module-level symbol
// table or VSTOFFSET (readers then find function bodies in order), no
// metadata index, and the edits asked for:
//
//	-align0    loads, stores, allocas, cmpxchg and atomicrmw lose their
//	           alignment (0: the reader takes it from the data layout), as
//	           Zig's own bitcode writer leaves them
//	-atomicalign0
//	           atomic loads and stores lose their alignment (which LLVM
//	           refuses)
//	-dupnames  a name ending in __dupN (global names in the string table,
//	           local names in function symbol tables) loses that ending,
//	           so that several values get the same name
//
// Usage (from the module root): go run ./testdata/ir/bodies/bcedit [-align0] [-atomicalign0] [-dupnames] IN.bc OUT.bc
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/bitwriter"
)

// Block and record IDs of LLVM's bitcode.
const (
	blockInfoID   = 0
	moduleID      = 8
	metadataID    = 15
	functionID    = 12
	vstID         = 14
	strtabID      = 23
	codeVSTOffset = 13
	codeMDIndex   = 38
	codeMDOffset  = 39
	codeGlobalVar = 7
	codeFunction  = 8
	codeAlias     = 14
	codeIFunc     = 15
	fcAlloca      = 19
	fcLoad        = 20
	fcLoadAtomic  = 41
	fcStoreAtomic = 45
	fcStore       = 44
	fcCmpXchg     = 46
	fcAtomicRMW   = 59
	vstEntry      = 1
	vstBBEntry    = 2
)

var dupSuffix = regexp.MustCompile(`__dup[0-9]*$`)

type editor struct {
	align0, atomicAlign0, dupnames bool
	strtab                         []byte
}

func main() {
	var ed editor
	flag.BoolVar(&ed.align0, "align0", false, "drop the alignment of memory instructions")
	flag.BoolVar(&ed.atomicAlign0, "atomicalign0", false, "drop the alignment of atomic loads and stores")
	flag.BoolVar(&ed.dupnames, "dupnames", false, "strip __dupN from names")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: bcedit [-align0] [-atomicalign0] [-dupnames] IN.bc OUT.bc")
		os.Exit(2)
	}
	in, err := os.ReadFile(flag.Arg(0))
	if err == nil {
		var out []byte
		if out, err = ed.rewrite(in); err == nil {
			err = os.WriteFile(flag.Arg(1), out, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bcedit:", err)
		os.Exit(1)
	}
}

func (ed *editor) rewrite(in []byte) ([]byte, error) {
	if !bytes.HasPrefix(in, []byte{'B', 'C', 0xC0, 0xDE}) {
		return nil, errors.New("not a raw bitcode file")
	}
	if err := ed.findStrtab(in); err != nil {
		return nil, err
	}
	r := bitstream.NewReader(in)
	if err := r.JumpToBit(32); err != nil {
		return nil, err
	}
	w := bitwriter.New()
	w.Magic([4]byte{'B', 'C', 0xC0, 0xDE})
	for !r.AtEnd() {
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		if e.Kind != bitstream.EntrySubBlock {
			return nil, fmt.Errorf("top level: unexpected entry %v", e.Kind)
		}
		if err := ed.copyBlock(r, w, e.ID, 0); err != nil {
			return nil, err
		}
	}
	return w.Bytes, nil
}

// findStrtab keeps the string table's blob, which -dupnames reads.
func (ed *editor) findStrtab(in []byte) error {
	r := bitstream.NewReader(in)
	if err := r.JumpToBit(32); err != nil {
		return err
	}
	for !r.AtEnd() {
		e, err := r.Next()
		if err != nil {
			return err
		}
		if e.ID != strtabID {
			if err := r.SkipBlock(); err != nil {
				return err
			}
			continue
		}
		if _, err := r.EnterBlock(e.ID); err != nil {
			return err
		}
		for {
			e, err := r.Next()
			if err != nil {
				return err
			}
			switch e.Kind {
			case bitstream.EntryEndBlock:
				return nil
			case bitstream.EntryDefineAbbrev:
				if _, err := r.DefineAbbrev(); err != nil {
					return err
				}
			case bitstream.EntryRecord:
				rec, err := r.ReadRecord(e.ID, nil)
				if err != nil {
					return err
				}
				ed.strtab = append([]byte(nil), rec.Blob...)
			default:
				if err := r.SkipBlock(); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (ed *editor) copyBlock(r *bitstream.Reader, w *bitwriter.Writer, id uint32, parent uint32) error {
	if id == blockInfoID {
		bi, err := r.ReadBlockInfoBlock(false)
		if err != nil {
			return err
		}
		r.SetBlockInfo(bi)
		return nil
	}
	if id == vstID && parent == moduleID {
		return r.SkipBlock()
	}
	if _, err := r.EnterBlock(id); err != nil {
		return err
	}
	w.EnterBlock(uint64(id), 5)
	next := uint64(4) // the next abbreviation ID of this block
	for {
		e, err := r.Next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			w.EndBlock()
			return nil
		case bitstream.EntrySubBlock:
			if err := ed.copyBlock(r, w, e.ID, id); err != nil {
				return err
			}
		case bitstream.EntryDefineAbbrev:
			if _, err := r.DefineAbbrev(); err != nil {
				return err
			}
		case bitstream.EntryRecord:
			rec, err := r.ReadRecord(e.ID, nil)
			if err != nil {
				return err
			}
			ops, keep := ed.edit(id, parent, rec.Code, append([]uint64(nil), rec.Ops...))
			if !keep {
				continue
			}
			if !rec.HasBlob {
				w.Unabbrev(uint64(rec.Code), ops...)
				continue
			}
			// A blob needs an abbreviation: the code, each operand as
			// VBR6, the blob.
			abbrev := []bitwriter.Op{bitwriter.Lit(uint64(rec.Code))}
			for range ops {
				abbrev = append(abbrev, bitwriter.VBROp(6))
			}
			abbrev = append(abbrev, bitwriter.Blob)
			w.DefineAbbrev(abbrev...)
			w.AbbrevRecord(next, abbrev, ops, rec.Blob)
			next++
		}
	}
}

// edit returns the operands a record of block id (inside block parent)
// gets, false to leave the record out.
func (ed *editor) edit(id, parent, code uint32, ops []uint64) ([]uint64, bool) {
	switch {
	case id == moduleID && code == codeVSTOffset:
		return nil, false
	case id == metadataID && (code == codeMDIndex || code == codeMDOffset):
		return nil, false
	case id == moduleID && ed.dupnames && len(ops) >= 2 &&
		(code == codeGlobalVar || code == codeFunction || code == codeAlias || code == codeIFunc):
		if off, n := ops[0], ops[1]; off+n <= uint64(len(ed.strtab)) {
			name := ed.strtab[off : off+n]
			if loc := dupSuffix.FindIndex(name); loc != nil {
				ops[1] = uint64(loc[0])
			}
		}
	case id == vstID && parent == functionID && ed.dupnames && (code == vstEntry || code == vstBBEntry) && len(ops) > 1:
		name := make([]byte, len(ops)-1)
		for i, c := range ops[1:] {
			name[i] = byte(c)
		}
		if loc := dupSuffix.FindIndex(name); loc != nil {
			ops = ops[:1+loc[0]]
		}
	case id == functionID && ed.atomicAlign0 && (code == fcLoadAtomic || code == fcStoreAtomic) && len(ops) >= 4:
		ops[len(ops)-4] = 0
	case id == functionID && ed.align0:
		switch code {
		case fcLoad, fcStore:
			if len(ops) >= 2 {
				ops[len(ops)-2] = 0
			}
		case fcAlloca:
			if len(ops) >= 4 {
				ops[3] &^= 31 | 7<<8
			}
		case fcCmpXchg, fcAtomicRMW:
			ops[len(ops)-1] = 0
		}
	}
	return ops, true
}
