package llvmir

import (
	"errors"
	"fmt"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/wrapper"
)

// A ReadError is a malformed bitcode file met by [ReadFile]. Off is the
// byte offset, in the data given to ReadFile, where the problem was found.
type ReadError struct {
	Off int64
	Err error
}

func (e *ReadError) Error() string { return fmt.Sprintf("%v (file byte 0x%x)", e.Err, e.Off) }

// Unwrap returns the underlying error.
func (e *ReadError) Unwrap() error { return e.Err }

// maxNotes caps the notes of one file: a hostile file could otherwise ask
// for one per record.
const maxNotes = 32

// ReadFile reads the inventory of a bitcode file, raw or wrapped: for each
// module its identification, target, globals, summary kind, llvm.ident and
// compile units, and the file's IR symbol table.
//
// It reads only what it needs. Function bodies, types, attributes and most
// constants are skipped by their block lengths, so the cost grows with the
// number of globals and module-level metadata records, not with the code.
// Blocks and records it does not know (from a newer LLVM) are skipped and
// noted in File.Notes. On a malformed file it returns what it read before
// the problem together with a *ReadError.
func ReadFile(data []byte) (*File, error) {
	f := &File{}
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
		return f, &ReadError{Off: off, Err: err}
	}
	return f, nil
}

// fileReader holds the state of one ReadFile.
type fileReader struct {
	f    *File
	base int64
	r    *bitstream.Reader
	size int
	vals []uint64

	symtabBlob []byte // the first SYMTAB blob, until a STRTAB names it
	haveSymtab bool
	noted      map[string]bool
}

func (fr *fileReader) note(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if fr.noted[msg] || len(fr.f.Notes) >= maxNotes {
		return
	}
	if fr.noted == nil {
		fr.noted = map[string]bool{}
	}
	fr.noted[msg] = true
	fr.f.Notes = append(fr.f.Notes, msg)
}

// read walks the top level as LLVM's getBitcodeFileContents does.
func (fr *fileReader) read() error {
	r := fr.r
	if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
		return err
	}
	var ident *Module // an IDENTIFICATION block waiting for its MODULE
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
		switch BlockID(e.ID) {
		case IDENTIFICATION_BLOCK_ID:
			ident = &Module{Off: fr.base + int64(start/8)}
			if err := fr.identification(ident); err != nil {
				return err
			}
			continue
		case MODULE_BLOCK_ID:
			m := ident
			if m == nil {
				m = &Module{Off: fr.base + int64(start/8)}
			}
			ident = nil
			fr.f.Modules = append(fr.f.Modules, *m)
			mod := &fr.f.Modules[len(fr.f.Modules)-1]
			if err := fr.module(mod); err != nil {
				return err
			}
		case STRTAB_BLOCK_ID:
			blob, err := fr.blobBlock(e.ID)
			if err != nil {
				return err
			}
			fr.strtab(blob)
		case SYMTAB_BLOCK_ID:
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
			fr.note("skipped unknown top-level block %d", e.ID)
			if err := r.SkipBlock(); err != nil {
				return err
			}
		}
		if ident != nil {
			return fmt.Errorf("IDENTIFICATION block not followed by a MODULE block at byte 0x%x", fr.base+int64(start/8))
		}
	}
	if fr.haveSymtab && fr.f.Symtab == nil {
		fr.note("the IR symbol table has no string table")
	}
	for i := range fr.f.Modules {
		if m := &fr.f.Modules[i]; m.Version >= 2 && !m.hasStrtab && len(m.Globals) > 0 {
			fr.note("module %d has no string table: its globals are unnamed", i+1)
		}
	}
	return nil
}

// blobBlock reads a STRTAB or SYMTAB block and returns the blob of its
// BLOB record (code 1), nil if it has none.
func (fr *fileReader) blobBlock(id uint32) ([]byte, error) {
	var blob []byte
	err := fr.records(id, func(rec *bitstream.Record) error {
		if rec.Code == 1 && rec.HasBlob {
			blob = rec.Blob
		}
		return nil
	}, nil)
	return blob, err
}

// strtab gives a STRTAB blob to every preceding module that has none, and
// to a pending symbol table.
func (fr *fileReader) strtab(blob []byte) {
	for i := len(fr.f.Modules) - 1; i >= 0; i-- {
		m := &fr.f.Modules[i]
		if m.hasStrtab {
			break
		}
		m.strtab, m.hasStrtab = blob, true
		m.nameGlobals()
	}
	if fr.haveSymtab && fr.f.Symtab == nil {
		st, err := DecodeSymtab(fr.symtabBlob, blob)
		if err != nil {
			fr.note("IR symbol table: %v", err)
			fr.haveSymtab = false
			return
		}
		fr.f.Symtab = st
	}
}

// records reads block id with blockRecords.
func (fr *fileReader) records(id uint32, rec func(*bitstream.Record) error, sub func(id uint32) error) error {
	return blockRecords(fr.r, id, &fr.vals, rec, sub)
}

// errStopBlock, returned by a blockRecords callback, leaves the rest of the
// block unread.
var errStopBlock = errors.New("stop reading the block")

// blockRecords enters block id and passes each record to rec; sub-blocks go
// to sub, or are skipped when sub is nil. vals is the operand buffer,
// reused from record to record. When rec returns errStopBlock the reader
// leaves the block there, by its length.
func blockRecords(r *bitstream.Reader, id uint32, vals *[]uint64, rec func(*bitstream.Record) error, sub func(id uint32) error) error {
	if _, err := r.EnterBlock(id); err != nil {
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
		case bitstream.EntrySubBlock:
			if sub != nil {
				err = sub(e.ID)
			} else {
				err = r.SkipBlock()
			}
		case bitstream.EntryDefineAbbrev:
			_, err = r.DefineAbbrev()
		case bitstream.EntryRecord:
			var rc bitstream.Record
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

func (fr *fileReader) identification(m *Module) error {
	return fr.records(uint32(IDENTIFICATION_BLOCK_ID), func(rec *bitstream.Record) error {
		switch IdentificationCode(rec.Code) {
		case IDENTIFICATION_CODE_STRING:
			m.Producer = chars(rec.Ops)
		case IDENTIFICATION_CODE_EPOCH:
			m.Epoch = op(rec.Ops, 0)
			if m.Epoch != 0 {
				fr.note("bitcode epoch %d (LLVM 22 reads epoch 0 only)", m.Epoch)
			}
		default:
			fr.note("skipped unknown IDENTIFICATION record %d", rec.Code)
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
	m        *Module
	sections []string
	md       mdState

	consts    map[uint64]cexpr  // module constants that lead to objects
	nextConst uint64            // the value ID of the next constant
	aliasee   map[uint64]uint64 // alias/ifunc global index → aliasee value ID
}

// module reads a MODULE block into m.
func (fr *fileReader) module(m *Module) error {
	mr := &moduleReader{fileReader: fr, m: m}
	err := fr.records(uint32(MODULE_BLOCK_ID), mr.record, mr.subBlock)
	mr.finish()
	return err
}

func (mr *moduleReader) subBlock(id uint32) error {
	r := mr.r
	switch BlockID(id) {
	case BLOCKINFO_BLOCK_ID: // its abbreviations serve the blocks that follow
		bi, err := r.ReadBlockInfoBlock(false)
		if err != nil {
			return err
		}
		r.SetBlockInfo(bi)
		return nil
	case CONSTANTS_BLOCK_ID:
		if len(mr.m.aliasBases) == 0 {
			return r.SkipBlock()
		}
		return mr.constants()
	case METADATA_BLOCK_ID:
		return mr.metadata()
	case VALUE_SYMTAB_BLOCK_ID:
		if mr.m.Version >= 2 {
			return r.SkipBlock()
		}
		return mr.valueSymtab()
	case GLOBALVAL_SUMMARY_BLOCK_ID, FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID:
		return mr.summary(id)
	case PARAMATTR_BLOCK_ID, PARAMATTR_GROUP_BLOCK_ID, FUNCTION_BLOCK_ID,
		TYPE_BLOCK_ID_NEW, USELIST_BLOCK_ID, MODULE_STRTAB_BLOCK_ID,
		OPERAND_BUNDLE_TAGS_BLOCK_ID, METADATA_KIND_BLOCK_ID,
		SYNC_SCOPE_NAMES_BLOCK_ID, METADATA_ATTACHMENT_ID:
		return r.SkipBlock()
	}
	mr.note("skipped unknown block %d in MODULE_BLOCK", id)
	return r.SkipBlock()
}

func (mr *moduleReader) record(rec *bitstream.Record) error {
	m := mr.m
	ops := rec.Ops
	switch ModuleCode(rec.Code) {
	case MODULE_CODE_VERSION:
		m.Version = op(ops, 0)
		if m.Version > 2 {
			mr.note("module version %d (LLVM 22 writes 2)", m.Version)
		}
	case MODULE_CODE_TRIPLE:
		m.Triple = chars(ops)
	case MODULE_CODE_DATALAYOUT:
		m.DataLayout = chars(ops)
	case MODULE_CODE_SOURCE_FILENAME:
		m.SourceFileName = chars(ops)
	case MODULE_CODE_ASM:
		m.AsmSize += len(ops)
	case MODULE_CODE_SECTIONNAME:
		mr.sections = append(mr.sections, chars(ops))
	case MODULE_CODE_HASH:
		m.Hash = make([]uint32, len(ops))
		for i, v := range ops {
			m.Hash[i] = uint32(v)
		}
	case MODULE_CODE_GLOBALVAR:
		mr.globalVar(ops)
	case MODULE_CODE_FUNCTION:
		mr.function(ops)
	case MODULE_CODE_ALIAS, MODULE_CODE_ALIAS_OLD, MODULE_CODE_IFUNC:
		mr.indirect(ModuleCode(rec.Code), ops)
	case MODULE_CODE_DEPLIB, MODULE_CODE_GCNAME, MODULE_CODE_COMDAT,
		MODULE_CODE_VSTOFFSET, MODULE_CODE_METADATA_VALUES_UNUSED:
	default:
		mr.note("skipped unknown MODULE_BLOCK record %d", rec.Code)
	}
	return nil
}

// nameFields takes the [strtab offset, strtab size] prefix of a version-2
// global record off ops.
func (mr *moduleReader) nameFields(ops []uint64) []uint64 {
	if mr.m.Version < 2 {
		mr.m.nameRefs = append(mr.m.nameRefs, 0)
		return ops
	}
	mr.m.nameRefs = append(mr.m.nameRefs, op(ops, 0)<<32|op(ops, 1)&0xffffffff)
	if len(ops) < 2 {
		return nil
	}
	return ops[2:]
}

func (mr *moduleReader) section(v uint64) string {
	if v == 0 || v > uint64(len(mr.sections)) {
		return ""
	}
	return mr.sections[v-1]
}

// globalVar decodes GLOBALVAR: [type, isconst|explicitType<<1, initid,
// linkage, alignment, section, visibility, threadlocal, unnamed_addr,
// externally_initialized, dllstorageclass, ...].
func (mr *moduleReader) globalVar(ops []uint64) {
	ops = mr.nameFields(ops)
	g := Global{Kind: GlobalVariable, Constant: op(ops, 1)&1 != 0, Defined: op(ops, 2) != 0}
	g.Linkage, g.DLLStorage = decodeLinkage(op(ops, 3))
	g.Section = mr.section(op(ops, 5))
	if !g.Linkage.IsLocal() {
		g.Visibility = Visibility(op(ops, 6))
	}
	g.ThreadLocal = ThreadLocalMode(op(ops, 7))
	if len(ops) > 10 {
		g.DLLStorage = DLLStorage(op(ops, 10))
	}
	mr.m.Globals = append(mr.m.Globals, g)
}

// function decodes FUNCTION: [type, callingconv, isproto, linkage,
// paramattrs, alignment, section, visibility, gc, unnamed_addr,
// prologuedata, dllstorageclass, ...].
func (mr *moduleReader) function(ops []uint64) {
	ops = mr.nameFields(ops)
	g := Global{Kind: Function, CallingConv: op(ops, 1), Defined: op(ops, 2) == 0, Executable: true}
	g.Linkage, g.DLLStorage = decodeLinkage(op(ops, 3))
	g.Section = mr.section(op(ops, 6))
	if !g.Linkage.IsLocal() {
		g.Visibility = Visibility(op(ops, 7))
	}
	if len(ops) > 11 {
		g.DLLStorage = DLLStorage(op(ops, 11))
	}
	mr.m.Globals = append(mr.m.Globals, g)
}

// indirect decodes ALIAS: [type, addrspace, aliasee, linkage, visibility,
// dllstorageclass, threadlocal, ...], ALIAS_OLD: [pointer type, aliasee,
// linkage, visibility, dllstorageclass, threadlocal, ...] and IFUNC: [type,
// addrspace, resolver, linkage, visibility, ...].
func (mr *moduleReader) indirect(code ModuleCode, ops []uint64) {
	if code != MODULE_CODE_ALIAS_OLD {
		ops = mr.nameFields(ops)
	} else {
		mr.m.nameRefs = append(mr.m.nameRefs, 0)
	}
	i := 2 // index of the aliasee
	if code == MODULE_CODE_ALIAS_OLD {
		i = 1
	}
	g := Global{Kind: Alias, Defined: true}
	if code == MODULE_CODE_IFUNC {
		g.Kind, g.Executable = IFunc, true
	}
	g.Linkage, g.DLLStorage = decodeLinkage(op(ops, i+1))
	if !g.Linkage.IsLocal() {
		g.Visibility = Visibility(op(ops, i+2))
	}
	if code != MODULE_CODE_IFUNC {
		if len(ops) > i+3 {
			g.DLLStorage = DLLStorage(op(ops, i+3))
		}
		g.ThreadLocal = ThreadLocalMode(op(ops, i+4))
	}
	mr.m.Globals = append(mr.m.Globals, g)
	mr.m.aliasBases = append(mr.m.aliasBases, uint64(len(mr.m.Globals)-1)<<32|op(ops, i)&0xffffffff)
}

// finish resolves what needed the whole block: names (if the STRTAB came
// before, which it never does in LLVM's files), aliasees and metadata.
func (mr *moduleReader) finish() {
	m := mr.m
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
	return mr.records(uint32(VALUE_SYMTAB_BLOCK_ID), func(rec *bitstream.Record) error {
		var id uint64
		var name []uint64
		switch rec.Code {
		case 1: // VST_CODE_ENTRY
			if len(rec.Ops) < 1 {
				return nil
			}
			id, name = rec.Ops[0], rec.Ops[1:]
		case 3: // VST_CODE_FNENTRY
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
	if BlockID(id) == FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID {
		s.Kind = FullLTOSummary
	}
	return mr.records(id, func(rec *bitstream.Record) error {
		switch rec.Code {
		case 10: // FS_VERSION
			s.Version = op(rec.Ops, 0)
			return nil
		case 20: // FS_FLAGS
			s.Flags = SummaryFlags(op(rec.Ops, 0))
		}
		// The version and flags come first; the rest is per-value
		// summaries nobody here needs.
		return errStopBlock
	}, nil)
}

// nameGlobals names the globals of a version-2 module from its STRTAB.
func (m *Module) nameGlobals() {
	if m.Version < 2 {
		return
	}
	for i, ref := range m.nameRefs {
		if i >= len(m.Globals) {
			break
		}
		off, n := ref>>32, ref&0xffffffff
		if off+n <= uint64(len(m.strtab)) {
			m.Globals[i].Name = string(m.strtab[off : off+n])
		}
	}
}
