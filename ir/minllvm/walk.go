package minllvm

import (
	"errors"
	"fmt"
	"slices"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/wrapper"
)

// Modules returns what each module of a bitcode stream needs, in order:
// data is a bitcode file (raw, or in a wrapper), which may hold several
// modules. A module's function bodies are read only while it can still
// need less than Latest. An error (an *Error) says what could not be
// read, and where; the needs of the modules before it are returned with it.
func Modules(data []byte) ([]Need, error) {
	var base int64 // where the stream starts in data
	if wrapper.IsWrapper(data) {
		h, inner, err := wrapper.Unwrap(data)
		if err != nil {
			var fe *wrapper.FormatError
			if errors.As(err, &fe) {
				return nil, &Error{Off: fe.Off, Err: errors.New(fe.Msg)}
			}
			return nil, &Error{Err: err}
		}
		data, base = inner, int64(h.Offset)
	}
	r := bitstream.NewReader(data)
	located := func(err error) error {
		var fe *bitstream.FormatError
		if errors.As(err, &fe) {
			return &Error{Off: base + int64(fe.BitPos/8), Err: errors.New(fe.Msg)}
		}
		return &Error{Off: base + int64(r.BitPos()/8), Err: err}
	}
	kind, err := bitstream.ReadMagic(r.Cursor())
	if err != nil {
		return nil, located(err)
	}
	if kind != bitstream.LLVMIRStream {
		return nil, &Error{Off: base, Err: errors.New("not LLVM IR bitcode")}
	}
	w := walker{r: r}
	var out []Need
	for !r.AtEnd() {
		if allZero(data[r.BitPos()/8:]) {
			break // the padding of a wrapped or embedded file
		}
		start := r.BitPos()
		e, err := r.Next()
		if err != nil {
			return out, located(err)
		}
		if e.Kind != bitstream.EntrySubBlock {
			return out, &Error{Off: base + int64(start/8), Err: errors.New("a record at the top level")}
		}
		switch llvmir.BlockID(e.ID) {
		case llvmir.BLOCKINFO_BLOCK_ID:
			bi, err := r.ReadBlockInfoBlock(false)
			if err != nil {
				return out, located(err)
			}
			r.SetBlockInfo(bi)
		case llvmir.MODULE_BLOCK_ID:
			w.need = Need{Version: Oldest}
			w.fpRMW = w.fpRMW[:0]
			w.types, w.i1, w.i1Align, w.vectors = 0, -1, i1Align{}, w.vectors[:0]
			w.cues.reset()
			w.flags.reset()
			w.module, w.bf, w.strtabNames = len(out), w.bf[:0], false
			if _, err := r.EnterBlock(e.ID); err != nil {
				return out, located(err)
			}
			if err := w.block(llvmir.MODULE_BLOCK_ID); err != nil {
				return out, located(err)
			}
			if w.need.Version < VectorFPAtomic && len(w.fpRMW) > 0 {
				w.need.FPAtomics = slices.Clone(w.fpRMW)
			}
			for _, c := range w.cues.checks {
				if c.Rule.Version() > w.need.Version {
					w.need.Checks = append(w.need.Checks, c)
				}
			}
			out = append(out, w.need)
		case llvmir.STRTAB_BLOCK_ID:
			if len(w.decls) == 0 {
				if err := r.SkipBlock(); err != nil {
					return out, located(err)
				}
			} else {
				if _, err := r.EnterBlock(e.ID); err != nil {
					return out, located(err)
				}
				w.out = out
				err := w.block(llvmir.STRTAB_BLOCK_ID)
				w.out, w.decls = nil, w.decls[:0]
				if err != nil {
					return out, located(err)
				}
			}
		default:
			if err := r.SkipBlock(); err != nil {
				return out, located(err)
			}
		}
	}
	return out, nil
}

// An Error is a problem Modules met in the bitcode: Off is the byte offset,
// in the data given to Modules, where it was found.
type Error struct {
	Off int64
	Err error
}

// Error returns "MSG at byte 0xOFF".
func (e *Error) Error() string { return fmt.Sprintf("%v at byte 0x%x", e.Err, e.Off) }

// Unwrap returns the problem without its offset.
func (e *Error) Unwrap() error { return e.Err }

// allZero reports whether b holds only zero bytes.
func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// A walker reads the records of one module, keeping the newest need.
type walker struct {
	r    *bitstream.Reader
	vals []uint64
	need Need
	// fpRMW are the bits of the module's atomicrmw records of a
	// floating-point operation, in order (Need.FPAtomics).
	fpRMW []uint64
	// i1 holds the type table's i1 (types numbered so far), and
	// i1Align what the module's data layout says of it (see i1Need).
	types   int
	i1      int
	i1Align i1Align
	// vectors are the IDs of the type table's vector types, in order,
	// and vector says whether the current type of the constants block
	// read (its SETTYPE) is one of them.
	vectors []uint64
	vector  bool
	// cues are the rules the records call for (Need.Checks), flags
	// follows the module flags' behaviours, and inFunction says
	// whether the block read is a function's (or in one).
	cues       cues
	flags      flagTracker
	inFunction bool
	// module is the index of the module read among those Modules
	// returns; bf says of each type whether it holds bfloat, and decls
	// are the function declarations, whose names the string table gives
	// (strtabNames: the module's records name functions by string table
	// offsets).
	module      int
	bf          []bool
	decls       []strtabName
	strtabNames bool
	// out are the needs of the modules read, while the string table
	// that names their declarations is read.
	out []Need
}

// block reads the block the reader has entered, of ID id, to its end.
func (w *walker) block(id llvmir.BlockID) error {
	r := w.r
	for {
		start := r.BitPos()
		e, err := r.Next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			return nil
		case bitstream.EntrySubBlock:
			sub := llvmir.BlockID(e.ID)
			switch {
			case sub == llvmir.BLOCKINFO_BLOCK_ID:
				bi, err := r.ReadBlockInfoBlock(false)
				if err != nil {
					return err
				}
				r.SetBlockInfo(bi)
			case w.need.Version >= Latest || !walked(sub):
				if err := r.SkipBlock(); err != nil {
					return err
				}
			default:
				if _, err := r.EnterBlock(e.ID); err != nil {
					return err
				}
				outer := w.inFunction
				w.inFunction = outer || sub == llvmir.FUNCTION_BLOCK_ID
				w.vector = false // a constants block starts at i32
				err := w.block(sub)
				w.inFunction = outer
				if err != nil {
					return err
				}
			}
		case bitstream.EntryDefineAbbrev:
			if _, err := r.DefineAbbrev(); err != nil {
				return err
			}
		default:
			rec, err := r.ReadRecord(e.ID, w.vals)
			if err != nil {
				return err
			}
			w.vals = rec.Ops
			if v, what := record(id, rec.Code, rec.Ops); v > w.need.Version {
				w.need = Need{Version: v, What: what, Bit: start}
			}
			w.cues.record(id, rec.Code, rec.Ops, start)
			if !w.inFunction && w.flags.record(id, rec.Code, rec.Ops) && MinFlag > w.need.Version {
				w.need = Need{Version: MinFlag, What: "module flag of behaviour Min (8)", Bit: start}
			}
			switch id {
			case llvmir.MODULE_BLOCK_ID:
				switch llvmir.ModuleCode(rec.Code) {
				case llvmir.MODULE_CODE_DATALAYOUT:
					w.i1Align = i1AlignOf(rec.Ops)
				case llvmir.MODULE_CODE_VERSION:
					w.strtabNames = len(rec.Ops) > 0 && rec.Ops[0] >= 2
				case llvmir.MODULE_CODE_FUNCTION:
					w.declaration(w.module, rec.Ops, start)
				}
			case llvmir.STRTAB_BLOCK_ID:
				if llvmir.StrtabCode(rec.Code) == llvmir.STRTAB_BLOB {
					w.declarationNames(rec.Blob)
				}
			case llvmir.TYPE_BLOCK_ID_NEW:
				w.typeEntry(llvmir.TypeCode(rec.Code), rec.Ops)
				w.bfloatType(llvmir.TypeCode(rec.Code), rec.Ops)
			case llvmir.CONSTANTS_BLOCK_ID:
				code := llvmir.ConstantsCode(rec.Code)
				if code == llvmir.CST_CODE_SETTYPE && len(rec.Ops) > 0 {
					_, w.vector = slices.BinarySearch(w.vectors, rec.Ops[0])
				}
				if v, what := splatNeed(code, w.vector); v > w.need.Version {
					w.need = Need{Version: v, What: what, Bit: start}
				}
			case llvmir.FUNCTION_BLOCK_ID:
				if fpRMW(llvmir.FunctionCode(rec.Code), rec.Ops) {
					w.fpRMW = append(w.fpRMW, start)
				}
				if v, what := w.i1Need(llvmir.FunctionCode(rec.Code), rec.Ops); v > w.need.Version {
					w.need = Need{Version: v, What: what, Bit: start}
				}
			}
		}
	}
}

// walked reports whether a block's records can need a newer reader.
func walked(id llvmir.BlockID) bool {
	switch id {
	case llvmir.PARAMATTR_BLOCK_ID, llvmir.PARAMATTR_GROUP_BLOCK_ID, llvmir.TYPE_BLOCK_ID_NEW, llvmir.CONSTANTS_BLOCK_ID,
		llvmir.FUNCTION_BLOCK_ID, llvmir.METADATA_BLOCK_ID, llvmir.GLOBALVAL_SUMMARY_BLOCK_ID,
		llvmir.FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID, llvmir.OPERAND_BUNDLE_TAGS_BLOCK_ID, llvmir.METADATA_KIND_BLOCK_ID,
		llvmir.METADATA_ATTACHMENT_ID:
		return true
	}
	return false
}

// record returns what a record of block id needs.
func record(id llvmir.BlockID, code uint32, ops []uint64) (int, string) {
	switch id {
	case llvmir.MODULE_BLOCK_ID:
		return moduleRecord(llvmir.ModuleCode(code), ops)
	case llvmir.PARAMATTR_BLOCK_ID:
		if llvmir.AttributeCode(code) == llvmir.PARAMATTR_CODE_ENTRY_OLD {
			return oldAttrRecord(ops)
		}
	case llvmir.PARAMATTR_GROUP_BLOCK_ID:
		if llvmir.AttributeCode(code) == llvmir.PARAMATTR_GRP_CODE_ENTRY {
			return attrGroupRecord(ops)
		}
	case llvmir.TYPE_BLOCK_ID_NEW:
		return typeRecord(llvmir.TypeCode(code), ops)
	case llvmir.CONSTANTS_BLOCK_ID:
		return constantsRecord(llvmir.ConstantsCode(code), ops)
	case llvmir.FUNCTION_BLOCK_ID:
		return functionRecord(llvmir.FunctionCode(code), ops)
	case llvmir.METADATA_BLOCK_ID:
		return metadataRecord(llvmir.MetadataCode(code), ops)
	case llvmir.GLOBALVAL_SUMMARY_BLOCK_ID, llvmir.FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID:
		if llvmir.SummaryCode(code) == llvmir.FS_VERSION && len(ops) > 0 {
			return summaryVersion(ops[0])
		}
	}
	return 0, ""
}

// summaryVersion returns what a summary of version v needs: LLVM 13 to
// 18 read versions 1 to 9, 19 up to 10, 21 up to 12.
func summaryVersion(v uint64) (int, string) {
	switch {
	case v <= 9:
		return 0, ""
	case v == 10:
		return 19, "module summary version 10"
	case v <= 12:
		return 21, "module summary version 11 or 12"
	}
	return Latest + 1, "module summary of an unknown version"
}
