package bitcode

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/wrapper"
)

// An InventoryError is a malformed bitcode file met by [ReadInventory]. Off is the
// byte offset, in the data given to ReadInventory, where the problem was found.
type InventoryError struct {
	Off int64
	Err error
}

// Error returns the cause's message, without the bit position a
// *bitstream.FormatError gives, followed by "at byte 0xOFF".
func (e *InventoryError) Error() string {
	msg := e.Err.Error()
	var fe *bitstream.FormatError
	if errors.As(e.Err, &fe) {
		msg = fe.Msg
	}
	return fmt.Sprintf("%s at byte 0x%x", msg, e.Off)
}

// Unwrap returns the underlying error.
func (e *InventoryError) Unwrap() error { return e.Err }

// maxNotes caps the notes of one file: a hostile file could otherwise ask
// for one per record.
const maxNotes = 32

// ReadInventory reads the inventory of a bitcode file, raw or wrapped: for each
// module its identification, target, globals, summary kind, llvm.ident and
// compile units, and the file's IR symbol table.
//
// It reads only what it needs. Function bodies, types, attributes and most
// constants are skipped by their block lengths, so the cost grows with the
// number of globals and module-level metadata records, not with the code.
// Blocks and records it does not know (from a newer LLVM) are skipped and
// noted in Inventory.Notes. On a malformed file it returns what it read before
// the problem together with an *InventoryError. Data that is not bitcode gives
// ErrNotBitcode, and a malformed wrapper header the *wrapper.FormatError of
// wrapper.Unwrap; the Inventory is then empty.
func ReadInventory(data []byte) (*Inventory, error) {
	f := &Inventory{}
	base := int64(0)
	if wrapper.IsWrapper(data) {
		h, inner, err := wrapper.Unwrap(data)
		if err != nil {
			return f, err
		}
		f.Wrapper = &h
		base = int64(h.Offset)
		data = inner
	}
	if !wrapper.IsRaw(data) {
		return f, ErrNotBitcode
	}
	fr := &fileReader{f: f, base: base, r: bitstream.NewReader(data), size: len(data)}
	if err := fr.read(); err != nil {
		var fe *bitstream.FormatError
		off := base + int64(fr.r.BitPos()/8)
		if errors.As(err, &fe) {
			off = base + int64(fe.BitPos/8)
		}
		return f, &InventoryError{Off: off, Err: err}
	}
	return f, nil
}

// fileReader holds the state of one ReadInventory.
type fileReader struct {
	f    *Inventory
	base int64
	r    *bitstream.Reader
	size int
	vals []uint64

	ident      ModuleInfo // an IDENTIFICATION block's, until its MODULE block
	symtabBlob []byte     // the first SYMTAB blob, until a STRTAB names it
	haveSymtab bool
	noted      map[noteKey]bool
}

// A noteKey identifies a note by its format and numbers, so that a note
// repeated once per record (an unknown record code) is recognized without
// formatting it or allocating.
type noteKey struct {
	format string
	n      [3]uint64
}

// note adds the note format, formatted with the numbers n (at most three),
// unless the file has it already or has maxNotes notes.
func (fr *fileReader) note(format string, n ...uint64) {
	if len(fr.f.Notes) >= maxNotes {
		return
	}
	k := noteKey{format: format}
	copy(k.n[:], n)
	if fr.noted[k] {
		return
	}
	if fr.noted == nil {
		fr.noted = map[noteKey]bool{}
	}
	fr.noted[k] = true
	args := make([]any, len(n))
	for i, v := range n {
		args[i] = v
	}
	fr.f.Notes = append(fr.f.Notes, fmt.Sprintf(format, args...))
}

// appendInventory is append for the inventory's slices that grow by one
// element per record or block: it doubles the capacity when it is full,
// from the first element on (appendDoubling, for the full reader's
// metadata, leaves small slices to append). Append's own steps of a
// quarter for large slices leave about four times the final array behind
// as garbage; doubling leaves at most one.
func appendInventory[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		t := make([]T, len(s), 2*len(s)+4)
		copy(t, s)
		s = t
	}
	return append(s, v)
}

// read walks the top level as LLVM's getBitcodeFileContents does.
func (fr *fileReader) read() error {
	r := fr.r
	if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
		return err
	}
	ident := &fr.ident // an IDENTIFICATION block waiting for its MODULE
	haveIdent := false
	for int(r.BitPos()/8)+8 < fr.size {
		start := r.BitPos()
		e, err := r.Next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case bitstream.EntryDefineAbbrev:
			if _, err := r.DefineAbbrev(); err != nil {
				return err
			}
			continue
		case bitstream.EntryRecord:
			if _, err := r.ReadRecord(e.ID, fr.vals); err != nil {
				return err
			}
			continue
		}
		switch llvmir.BlockID(e.ID) {
		case llvmir.IDENTIFICATION_BLOCK_ID:
			*ident, haveIdent = ModuleInfo{Off: fr.base + int64(start/8)}, true
			if err := fr.identification(ident); err != nil {
				return err
			}
			continue
		case llvmir.MODULE_BLOCK_ID:
			if !haveIdent {
				*ident = ModuleInfo{Off: fr.base + int64(start/8)}
			}
			haveIdent = false
			fr.f.Modules = appendInventory(fr.f.Modules, *ident)
			mod := &fr.f.Modules[len(fr.f.Modules)-1]
			if err := fr.module(mod); err != nil {
				return err
			}
		case llvmir.STRTAB_BLOCK_ID:
			blob, err := fr.blobBlock(e.ID)
			if err != nil {
				return err
			}
			fr.strtab(blob)
		case llvmir.SYMTAB_BLOCK_ID:
			blob, err := fr.blobBlock(e.ID)
			if err != nil {
				return err
			}
			if !fr.haveSymtab {
				fr.haveSymtab, fr.symtabBlob = true, blob
			}
		case bitstream.BLOCKINFO_BLOCK_ID:
			bi, err := r.ReadBlockInfoBlock(false)
			if err != nil {
				return err
			}
			r.SetBlockInfo(bi)
		default:
			fr.note("skipped unknown top-level block %d", uint64(e.ID))
			if err := r.SkipBlock(); err != nil {
				return err
			}
		}
		if haveIdent {
			return fmt.Errorf("IDENTIFICATION block not followed by a MODULE block at byte 0x%x", fr.base+int64(start/8))
		}
	}
	if fr.haveSymtab && fr.f.Symtab == nil {
		fr.note("the IR symbol table has no string table")
	}
	for i := range fr.f.Modules {
		if m := &fr.f.Modules[i]; m.Version >= 2 && !m.hasStrtab && len(m.Globals) > 0 {
			fr.note("module %d has no string table: its globals are unnamed", uint64(i+1))
		}
	}
	return nil
}

// blobBlock reads a STRTAB or SYMTAB block and returns the blob of its
// BLOB record, nil if it has none.
func (fr *fileReader) blobBlock(id uint32) ([]byte, error) {
	var blob []byte
	err := fr.records(id, func(rec *bitstream.Record) error {
		if rec.Code == uint32(llvmir.STRTAB_BLOB) && rec.HasBlob { // SYMTAB_BLOB is 1 too
			blob = rec.Blob
		}
		return nil
	}, nil)
	return blob, err
}

// strtab gives a STRTAB blob to every preceding module that has none, and
// to a pending symbol table.
//
// The blob is copied into one string, of which every name is a substring:
// names that share bytes (hostile files may make every global name the
// whole table) cost them once.
func (fr *fileReader) strtab(blob []byte) {
	str := string(blob)
	for i := len(fr.f.Modules) - 1; i >= 0; i-- {
		m := &fr.f.Modules[i]
		if m.hasStrtab {
			break
		}
		m.strtab, m.hasStrtab = str, true
		m.nameGlobals()
	}
	if fr.haveSymtab && fr.f.Symtab == nil {
		st, err := decodeSymtab(fr.symtabBlob, str)
		if err != nil {
			fr.note("IR symbol table: " + strings.ReplaceAll(err.Error(), "%", "%%"))
			fr.haveSymtab = false
			return
		}
		fr.f.Symtab = st
	}
}

// records reads block id with blockRecords.
func (fr *fileReader) records(id uint32, rec func(*bitstream.Record) error, sub func(id uint32) error) error {
	return blockRecords(fr.r, id, &fr.vals, nil, rec, sub)
}

// errStopBlock, returned by a blockRecords callback, leaves the rest of the
// block unread.
var errStopBlock = errors.New("stop reading the block")

// blockRecords enters block id and passes each record to rec; sub-blocks go
// to sub, or are skipped when sub is nil. vals is the operand buffer,
// reused from record to record; at, when not nil, is set to the bit where
// each entry starts, before it is read (for errors that name it). When rec
// returns errStopBlock the reader leaves the block there, by its length.
// It is the one loop over a block's entries of the package's readers.
func blockRecords(r *bitstream.Reader, id uint32, vals *[]uint64, at *uint64, rec func(*bitstream.Record) error, sub func(id uint32) error) error {
	if _, err := r.EnterBlock(id); err != nil {
		return err
	}
	// One record for the whole block: rec may keep its pointer, so a
	// Record declared in the loop would be allocated once per record.
	var rc bitstream.Record
	for {
		if at != nil {
			*at = r.BitPos()
		}
		e, err := r.Next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			return nil
		case bitstream.EntrySubBlock:
			if sub != nil {
				err = sub(e.ID)
			} else {
				err = r.SkipBlock()
			}
		case bitstream.EntryDefineAbbrev:
			_, err = r.DefineAbbrev()
		case bitstream.EntryRecord:
			rc, err = r.ReadRecord(e.ID, *vals)
			*vals = rc.Ops
			if err == nil {
				err = rec(&rc)
			}
		}
		if err == errStopBlock {
			return r.LeaveBlock()
		}
		if err != nil {
			return err
		}
	}
}

func (fr *fileReader) identification(m *ModuleInfo) error {
	return fr.records(uint32(llvmir.IDENTIFICATION_BLOCK_ID), func(rec *bitstream.Record) error {
		switch llvmir.IdentificationCode(rec.Code) {
		case llvmir.IDENTIFICATION_CODE_STRING:
			m.Producer = chars(rec.Ops)
		case llvmir.IDENTIFICATION_CODE_EPOCH:
			m.Epoch = op(rec.Ops, 0)
			if m.Epoch != 0 {
				fr.note("bitcode epoch %d (LLVM 22 reads epoch 0 only)", m.Epoch)
			}
		default:
			fr.note("skipped unknown IDENTIFICATION record %d", uint64(rec.Code))
		}
		return nil
	}, nil)
}

// op returns ops[i], or 0 when the record is too short: LLVM's writer drops
// trailing defaults from some records.
func op(ops []uint64, i int) uint64 {
	if i < len(ops) {
		return ops[i]
	}
	return 0
}

// moduleReader is the state of one MODULE block.
type moduleReader struct {
	*fileReader
	m *ModuleInfo
	// The section name table: the names' bytes back to back, the end of
	// each, and the globals that name one, resolved by finish from one
	// string. (A []string would cost 16 bytes per SECTIONNAME record, which
	// can be a few bits.)
	sectionChars []byte
	sectionEnds  []int
	sectionRefs  []sectionRef
	md           mdState

	consts    map[uint64]cexpr  // module constants that lead to objects
	nextConst uint64            // the value ID of the next constant
	aliasee   map[uint64]uint64 // alias/ifunc global index → aliasee value ID
}

// module reads a MODULE block into m.
func (fr *fileReader) module(m *ModuleInfo) error {
	mr := &moduleReader{fileReader: fr, m: m}
	err := fr.records(uint32(llvmir.MODULE_BLOCK_ID), mr.record, mr.subBlock)
	mr.finish()
	return err
}

func (mr *moduleReader) subBlock(id uint32) error {
	r := mr.r
	switch llvmir.BlockID(id) {
	case llvmir.BLOCKINFO_BLOCK_ID: // its abbreviations serve the blocks that follow
		bi, err := r.ReadBlockInfoBlock(false)
		if err != nil {
			return err
		}
		r.SetBlockInfo(bi)
		return nil
	case llvmir.CONSTANTS_BLOCK_ID:
		if len(mr.m.aliasBases) == 0 {
			return r.SkipBlock()
		}
		return mr.constants()
	case llvmir.METADATA_BLOCK_ID:
		return mr.metadata()
	case llvmir.VALUE_SYMTAB_BLOCK_ID:
		if mr.m.Version >= 2 {
			return r.SkipBlock()
		}
		return mr.valueSymtab()
	case llvmir.GLOBALVAL_SUMMARY_BLOCK_ID, llvmir.FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID:
		return mr.summary(id)
	case llvmir.PARAMATTR_BLOCK_ID, llvmir.PARAMATTR_GROUP_BLOCK_ID, llvmir.FUNCTION_BLOCK_ID,
		llvmir.TYPE_BLOCK_ID_NEW, llvmir.USELIST_BLOCK_ID, llvmir.MODULE_STRTAB_BLOCK_ID,
		llvmir.OPERAND_BUNDLE_TAGS_BLOCK_ID, llvmir.METADATA_KIND_BLOCK_ID,
		llvmir.SYNC_SCOPE_NAMES_BLOCK_ID, llvmir.METADATA_ATTACHMENT_ID:
		return r.SkipBlock()
	}
	mr.note("skipped unknown block %d in MODULE_BLOCK", uint64(id))
	return r.SkipBlock()
}

func (mr *moduleReader) record(rec *bitstream.Record) error {
	m := mr.m
	ops := rec.Ops
	switch llvmir.ModuleCode(rec.Code) {
	case llvmir.MODULE_CODE_VERSION:
		m.Version = op(ops, 0)
		if m.Version > 2 {
			mr.note("module version %d (LLVM 22 writes 2)", m.Version)
		}
	case llvmir.MODULE_CODE_TRIPLE:
		m.Triple = chars(ops)
	case llvmir.MODULE_CODE_DATALAYOUT:
		m.DataLayout = chars(ops)
	case llvmir.MODULE_CODE_SOURCE_FILENAME:
		m.SourceFileName = chars(ops)
	case llvmir.MODULE_CODE_ASM:
		m.AsmSize += len(ops)
	case llvmir.MODULE_CODE_SECTIONNAME:
		for _, v := range ops {
			mr.sectionChars = append(mr.sectionChars, byte(v))
		}
		mr.sectionEnds = appendInventory(mr.sectionEnds, len(mr.sectionChars))
	case llvmir.MODULE_CODE_HASH:
		if len(ops) != 5 { // as LLVM checks it
			mr.note("skipped a MODULE_BLOCK HASH record of %d words (LLVM needs 5 and rejects the file)", uint64(len(ops)))
			break
		}
		if len(m.Hash) != len(ops) { // a later HASH record overwrites it
			m.Hash = make([]uint32, len(ops))
		}
		for i, v := range ops {
			m.Hash[i] = uint32(v)
		}
	case llvmir.MODULE_CODE_GLOBALVAR:
		mr.globalVar(ops)
	case llvmir.MODULE_CODE_FUNCTION:
		mr.function(ops)
	case llvmir.MODULE_CODE_ALIAS, llvmir.MODULE_CODE_ALIAS_OLD, llvmir.MODULE_CODE_IFUNC:
		mr.indirect(llvmir.ModuleCode(rec.Code), ops)
	case llvmir.MODULE_CODE_DEPLIB, llvmir.MODULE_CODE_GCNAME, llvmir.MODULE_CODE_COMDAT,
		llvmir.MODULE_CODE_VSTOFFSET, llvmir.MODULE_CODE_METADATA_VALUES_UNUSED:
	default:
		mr.note("skipped unknown MODULE_BLOCK record %d", uint64(rec.Code))
	}
	return nil
}

// finish resolves what needed the whole block: names (if the STRTAB came
// before, which it never does in LLVM's files), aliasees and metadata.
func (mr *moduleReader) finish() {
	m := mr.m
	mr.resolveSections()
	if m.hasStrtab {
		m.nameGlobals()
	}
	mr.resolveAliases()
	mr.md.resolve(m)
}

// valueSymtab reads a module-level VALUE_SYMTAB (bitcode before version 2):
// ENTRY [valueid, namechar...] and FNENTRY [valueid, offset, namechar...].
func (mr *moduleReader) valueSymtab() error {
	gs := mr.m.Globals
	return mr.records(uint32(llvmir.VALUE_SYMTAB_BLOCK_ID), func(rec *bitstream.Record) error {
		var id uint64
		var name []uint64
		switch llvmir.ValueSymtabCode(rec.Code) {
		case llvmir.VST_CODE_ENTRY:
			if len(rec.Ops) < 1 {
				return nil
			}
			id, name = rec.Ops[0], rec.Ops[1:]
		case llvmir.VST_CODE_FNENTRY:
			if len(rec.Ops) < 2 {
				return nil
			}
			id, name = rec.Ops[0], rec.Ops[2:]
		default:
			return nil
		}
		if id < uint64(len(gs)) {
			gs[id].Name = chars(name)
		}
		return nil
	}, nil)
}

// summary reads the VERSION and FLAGS records at the start of a summary
// block and leaves the rest unread.
func (mr *moduleReader) summary(id uint32) error {
	s := &mr.m.Summary
	s.Kind = ThinLTOSummary
	if llvmir.BlockID(id) == llvmir.FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID {
		s.Kind = FullLTOSummary
	}
	return mr.records(id, func(rec *bitstream.Record) error {
		switch llvmir.SummaryCode(rec.Code) {
		case llvmir.FS_VERSION:
			s.Version = op(rec.Ops, 0)
			return nil
		case llvmir.FS_FLAGS:
			s.Flags = SummaryFlags(op(rec.Ops, 0))
		}
		// The version and flags come first; the rest is per-value
		// summaries nobody here needs.
		return errStopBlock
	}, nil)
}

// nameGlobals names the globals of a version-2 module from its STRTAB.
func (m *ModuleInfo) nameGlobals() {
	if m.Version < 2 {
		return
	}
	for i, ref := range m.nameRefs {
		if i >= len(m.Globals) {
			break
		}
		off, n := ref>>32, ref&0xffffffff
		if off+n <= uint64(len(m.strtab)) {
			m.Globals[i].Name = m.strtab[off : off+n]
		}
	}
}
