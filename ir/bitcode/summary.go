package bitcode

import (
	"cmp"
	"fmt"
	"slices"
	"sort"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

const (
	// maxSummaryBitcodeVersion is ModuleSummaryIndex::BitcodeSummaryVersion
	// of LLVM 22.
	maxSummaryBitcodeVersion = 12
)

type sumVal struct {
	guid uint64
	name string
}

// summaryReader builds an ir.Summary from a module's summary block. It
// reads only what Open set in r (the stream, its base and the string
// table), so that it can run beside the reading of the module.
type summaryReader struct {
	r       *Reader
	br      *bitstream.Reader
	recBit  uint64 // where the record being read starts
	skips   []Skip
	ops     []uint64
	sum     *ir.Summary
	version uint64
	vals    []sumVal          // by value ID
	extra   map[uint64]uint64 // value ID → GUID from FS_VALUE_GUID records
	byGUID  map[uint64]*ir.SummaryValue

	pendingTypeTests   []uint64
	pendingAssume      []ir.VFuncID
	pendingChecked     []ir.VFuncID
	pendingAssumeConst []ir.ConstVCall
	pendingCheckConst  []ir.ConstVCall
	pendingParams      []ir.ParamAccess
	// pendingRecords counts the records above, which belong to the next
	// function summary; pendingBit is where the first of them starts.
	pendingRecords int
	pendingBit     uint64

	// MemProf: the stack ids (FS_STACK_IDS), the context radix tree
	// (FS_CONTEXT_RADIX_TREE_ARRAY), the full context ids of the next
	// FS_PERMODULE_ALLOC_INFO's sizes (FS_ALLOC_CONTEXT_IDS), and the
	// callsite and allocation summaries of the next function summary.
	stackIDs         []uint64
	sawStackIDs      bool
	radix            []uint64
	pendingContexts  []uint64
	pendingCallsites []ir.CallsiteInfo
	pendingAllocs    []ir.AllocInfo

	// A combined index's module IDs, as indexes of Summary.Modules, and
	// whether a combined record came since the last
	// FS_COMBINED_ORIGINAL_NAME, which must follow one.
	modIndex     map[uint64]int
	lastCombined bool
	// lastSummary is the summary of the last combined record, which an
	// FS_COMBINED_ORIGINAL_NAME names.
	lastSummary *ir.GlobalSummary
	// stackBudget is how many more stack ids the MemProf summaries may
	// hold: contexts shared in the radix tree are expanded for each
	// allocation that names them, so that hostile input could otherwise
	// ask for memory quadratic in its size.
	stackBudget int
}

// stackIDsPerByte bounds the stack ids the MemProf summaries of a module
// may expand to, per byte of the module: 2 (16 bytes of ids per byte of
// input); real modules, whose !memprof metadata alone takes more room than
// their summaries, hold far fewer.
const stackIDsPerByte = 2

// readSummary reads the module's GLOBALVAL_SUMMARY_BLOCK (or
// FULL_LTO_GLOBALVAL_SUMMARY_BLOCK), if any: the summary, nil when there is
// none, and what was skipped. It walks the module block's records once
// more for the global value names and linkages, the source file name and
// the module hash, from the BLOCKINFO bi that comes before the module, and
// changes nothing in r: Module runs it beside readModule.
func (r *Reader) readSummary(bi *bitstream.BlockInfo) (*ir.Summary, []Skip, error) {
	br := bitstream.NewReader(r.stream)
	br.SetStrictLengths(true)
	br.SetBlockInfo(bi)
	s := &summaryReader{r: r, br: br, byGUID: map[uint64]*ir.SummaryValue{},
		stackBudget: max(stackIDsPerByte*len(r.stream), 1<<16)}
	sum, err := s.read(bi)
	if err != nil {
		return nil, s.skips, convertErr(err, r.base, s.br.BitPos())
	}
	return sum, s.skips, nil
}

func (s *summaryReader) read(bi *bitstream.BlockInfo) (*ir.Summary, error) {
	r, br := s.r, s.br
	if err := br.JumpToBit(r.modBit); err != nil {
		return nil, err
	}
	if _, err := br.EnterBlock(uint32(llvmir.MODULE_BLOCK_ID)); err != nil {
		return nil, err
	}

	var (
		srcFile  string
		hash     [5]uint32
		sumBit   uint64
		sumID    uint32
		hasSum   bool
		strtabV2 bool
	)
	type gv struct {
		name    string
		linkage ir.Linkage
	}
	var gvs []gv
	var vst moduleVST
	var sumBI *bitstream.BlockInfo // the BLOCKINFO in effect at the summary
	// A combined index has a MODULE_STRTAB_BLOCK: the paths and hashes of
	// the modules it summarizes, by module ID.
	var (
		combined bool
		mods     []combinedModule
	)
	for {
		s.recBit = br.BitPos()
		e, err := br.Next()
		if err != nil {
			return nil, err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			goto done
		case bitstream.EntryDefineAbbrev:
			if _, err := br.DefineAbbrev(); err != nil {
				return nil, err
			}
			continue
		case bitstream.EntrySubBlock:
			switch llvmir.BlockID(e.ID) {
			case llvmir.BLOCKINFO_BLOCK_ID:
				// As readModule reads it, into a BlockInfo of our own.
				if bi, err = br.ReadBlockInfoBlock(false); err != nil {
					return nil, err
				}
				br.SetBlockInfo(bi)
				continue
			case llvmir.GLOBALVAL_SUMMARY_BLOCK_ID, llvmir.FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID:
				if !hasSum {
					sumBit, sumID, sumBI, hasSum = br.BitPos(), e.ID, bi, true
				}
			case llvmir.MODULE_STRTAB_BLOCK_ID:
				combined = true
				if mods, err = s.readModuleStrtab(e.ID, mods); err != nil {
					return nil, err
				}
				continue
			case llvmir.VALUE_SYMTAB_BLOCK_ID:
				if !strtabV2 {
					// A module without a string table (LLVM 4) names
					// its global values here, by value ID.
					if err = s.readModuleVST(e.ID, &vst); err != nil {
						return nil, err
					}
					continue
				}
			}
			if err := br.SkipBlock(); err != nil {
				return nil, err
			}
			continue
		}
		rec, err := br.ReadRecord(e.ID, s.ops)
		if err != nil {
			return nil, err
		}
		s.ops = rec.Ops
		ops := rec.Ops
		switch llvmir.ModuleCode(rec.Code) {
		case llvmir.MODULE_CODE_VERSION:
			if len(ops) > 0 {
				strtabV2 = ops[0] >= 2
			}
		case llvmir.MODULE_CODE_SOURCE_FILENAME:
			srcFile = opsString(ops)
		case llvmir.MODULE_CODE_HASH:
			if len(ops) != 5 {
				return nil, s.errorf("invalid hash length %d", len(ops))
			}
			for i := range hash {
				hash[i] = uint32(ops[i])
			}
		case llvmir.MODULE_CODE_GLOBALVAR, llvmir.MODULE_CODE_FUNCTION, llvmir.MODULE_CODE_ALIAS:
			name := ""
			if strtabV2 && len(ops) >= 2 {
				name, _ = r.strtabString(ops[0], ops[1])
				ops = ops[2:]
			}
			var l ir.Linkage
			if len(ops) > 3 {
				l = decodeLinkage(ops[3])
			}
			gvs = append(gvs, gv{name, l})
		}
	}
done:
	if !hasSum {
		return nil, nil
	}
	if !strtabV2 {
		for i := range gvs {
			gvs[i].name = vst.names[uint64(i)]
		}
		if combined && len(vst.guids) > 0 {
			// The GUIDs by value ID an LLVM 4 combined index gives in
			// its VST, where later ones give them in FS_VALUE_GUID.
			s.extra = vst.guids
			ids := make([]uint64, 0, len(vst.guids))
			for id := range vst.guids {
				ids = append(ids, id)
			}
			slices.Sort(ids)
			for _, id := range ids {
				s.value(vst.guids[id], "").ValueID = id
			}
		}
	}
	s.sum = &ir.Summary{
		FullLTO: llvmir.BlockID(sumID) == llvmir.FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID,
		Modules: []ir.SummaryModule{{Hash: hash}},
	}
	if combined {
		s.combine(mods)
	}
	for _, g := range gvs {
		v := sumVal{guid: ir.GUID(g.name, g.linkage, srcFile), name: g.name}
		s.vals = append(s.vals, v)
		s.value(v.guid, v.name)
	}
	br.SetBlockInfo(sumBI)
	if err := br.JumpToBit(sumBit); err != nil {
		return nil, err
	}
	if _, err := br.EnterBlock(sumID); err != nil {
		return nil, err
	}
	if err := s.readBlock(); err != nil {
		return nil, err
	}
	if len(s.stackIDs) > 0 {
		s.sum.StackIDs = slices.Clone(s.stackIDs)
	}
	for _, names := range []*[]string{&s.sum.CFIFunctionDefs, &s.sum.CFIFunctionDecls} {
		slices.Sort(*names)
		*names = slices.Compact(*names)
	}
	for _, v := range s.byGUID {
		s.sum.Values = append(s.sum.Values, v)
	}
	sort.Slice(s.sum.Values, func(i, j int) bool { return s.sum.Values[i].GUID < s.sum.Values[j].GUID })
	sort.SliceStable(s.sum.TypeIDs, func(i, j int) bool { return s.sum.TypeIDs[i].GUID < s.sum.TypeIDs[j].GUID })
	sort.Slice(s.sum.TypeIDCompatibleVTables, func(i, j int) bool {
		return s.sum.TypeIDCompatibleVTables[i].Name < s.sum.TypeIDCompatibleVTables[j].Name
	})
	return s.sum, nil
}

// errorf returns an *Error at the summary record being read.
func (s *summaryReader) errorf(format string, args ...any) error {
	return &Error{Bit: s.r.base + s.recBit, Msg: fmt.Sprintf(format, args...)}
}

// skip notes something read past at the summary record being read, as
// Reader.skip does.
func (s *summaryReader) skip(format string, args ...any) {
	s.skips = addSkip(s.skips, Skip{Bit: s.r.base + s.recBit, Msg: fmt.Sprintf(format, args...)})
}

// value returns the value info of guid, making it if needed.
func (s *summaryReader) value(guid uint64, name string) *ir.SummaryValue {
	v := s.byGUID[guid]
	if v == nil {
		v = &ir.SummaryValue{GUID: guid, Name: name}
		s.byGUID[guid] = v
	}
	return v
}

// guid maps a value ID of the summary to its GUID.
func (s *summaryReader) guid(id uint64) (uint64, error) {
	if g, ok := s.extra[id]; ok {
		return g, nil
	}
	if id >= uint64(len(s.vals)) {
		return 0, s.errorf("summary refers to value ID %d of %d", id, len(s.vals))
	}
	return s.vals[id].guid, nil
}

func (s *summaryReader) refs(ids []uint64) ([]ir.SummaryRef, error) {
	refs := make([]ir.SummaryRef, 0, len(ids))
	for _, id := range ids {
		g, err := s.guid(id)
		if err != nil {
			return nil, err
		}
		refs = append(refs, ir.SummaryRef{GUID: g})
	}
	return refs, nil
}

func (s *summaryReader) readBlock() error {
	first := true
	for {
		s.recBit = s.br.BitPos()
		e, err := s.br.Next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			if s.pendingRecords > 0 {
				// LLVM drops them too; say so all the same.
				s.recBit = s.pendingBit
				s.skip("skipped %d summary records that no function summary follows", s.pendingRecords)
			}
			return nil
		case bitstream.EntryDefineAbbrev:
			if _, err := s.br.DefineAbbrev(); err != nil {
				return err
			}
			continue
		case bitstream.EntrySubBlock:
			s.skip("skipped unknown block %d in GLOBALVAL_SUMMARY_BLOCK", e.ID)
			if err := s.br.SkipBlock(); err != nil {
				return err
			}
			continue
		}
		rec, err := s.br.ReadRecord(e.ID, s.ops)
		if err != nil {
			return err
		}
		s.ops = rec.Ops
		if first {
			first = false
			if llvmir.SummaryCode(rec.Code) != llvmir.FS_VERSION || len(rec.Ops) < 1 {
				return s.errorf("invalid summary block: version expected")
			}
			s.version = rec.Ops[0]
			if s.version < 1 || s.version > maxSummaryBitcodeVersion {
				return s.errorf("invalid summary version %d", s.version)
			}
			s.sum.Version = s.version
			continue
		}
		if err := s.record(llvmir.SummaryCode(rec.Code), rec.Ops); err != nil {
			return err
		}
	}
}

func (s *summaryReader) decodeFlags(raw uint64) ir.GVSummaryFlags {
	if l := raw & 0xF; l > uint64(ir.CommonLinkage) {
		s.skip("summary linkage %d unknown to LLVM 22 (printed as external)", l)
	}
	if v := (raw >> 8) & 3; v == 3 {
		s.skip("summary visibility 3 unknown to LLVM 22 (printed as default)")
	}
	f := ir.GVSummaryFlags{
		Linkage:               ir.Linkage(raw & 0xF),
		Visibility:            ir.Visibility((raw >> 8) & 3),
		ImportTypeDeclaration: (raw>>10)&1 != 0,
	}
	raw >>= 4
	f.NotEligibleToImport = raw&1 != 0 || s.version < 3
	f.Live = raw&2 != 0 || s.version < 3
	f.DSOLocal = raw&4 != 0
	f.CanAutoHide = raw&8 != 0
	return f
}

func decodeFuncFlags(raw uint64) ir.FuncSummaryFlags {
	b := func(i uint) bool { return (raw>>i)&1 != 0 }
	return ir.FuncSummaryFlags{
		ReadNone: b(0), ReadOnly: b(1), NoRecurse: b(2), ReturnDoesNotAlias: b(3),
		NoInline: b(4), AlwaysInline: b(5), NoUnwind: b(6), MayThrow: b(7),
		HasUnknownCall: b(8), MustBeUnreachable: b(9),
	}
}

func decodeVarFlags(raw uint64) ir.VarSummaryFlags {
	return ir.VarSummaryFlags{
		ReadOnly: raw&1 != 0, WriteOnly: raw&2 != 0, Constant: raw&4 != 0,
		VCallVisibility: uint8(raw>>3) & 3, // a 2-bit field in LLVM
	}
}

func (s *summaryReader) add(valueID uint64, gs *ir.GlobalSummary) error {
	g, err := s.guid(valueID)
	if err != nil {
		return err
	}
	v := s.value(g, "")
	v.Summaries = append(v.Summaries, gs)
	if s.sum.Combined {
		s.sum.Order = append(s.sum.Order, gs)
		s.lastSummary = gs
	}
	return nil
}

func (s *summaryReader) record(code llvmir.SummaryCode, ops []uint64) error {
	bad := func() error { return s.errorf("invalid summary record %d", code) }
	if s.sum.Combined {
		switch code {
		case llvmir.FS_PERMODULE, llvmir.FS_PERMODULE_PROFILE, llvmir.FS_PERMODULE_RELBF, llvmir.FS_PERMODULE_GLOBALVAR_INIT_REFS,
			llvmir.FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS, llvmir.FS_ALIAS, llvmir.FS_PERMODULE_CALLSITE_INFO, llvmir.FS_PERMODULE_ALLOC_INFO:
			s.skip("skipped per-module summary record %d in a combined index", code)
			return nil
		}
	}
	switch code {
	case llvmir.FS_FLAGS:
		if len(ops) < 1 {
			return bad()
		}
		s.sum.Flags = ops[0]
	case llvmir.FS_BLOCK_COUNT:
		if len(ops) < 1 {
			return bad()
		}
		s.sum.BlockCount += ops[0]
	case llvmir.FS_VALUE_GUID:
		if len(ops) < 2 {
			return bad()
		}
		g := ops[1]
		if s.version >= 11 {
			if len(ops) < 3 {
				return bad()
			}
			g = ops[1]<<32 | ops[2] // unmasked, as LLVM joins them
		}
		if s.extra == nil {
			s.extra = map[uint64]uint64{}
		}
		s.extra[ops[0]] = g
		v := s.value(g, "")
		if s.sum.Combined {
			v.ValueID = ops[0]
		}
	case llvmir.FS_PERMODULE, llvmir.FS_PERMODULE_PROFILE, llvmir.FS_PERMODULE_RELBF:
		if len(ops) < 4 {
			return bad()
		}
		fs := &ir.GlobalSummary{Kind: ir.SummaryFunction, Flags: s.decodeFlags(ops[1]), Insts: ops[2]}
		numRefs, ro, wo, start := ops[3], uint64(0), uint64(0), 4
		if s.version >= 4 {
			if len(ops) < 5 {
				return bad()
			}
			fs.FuncFlags = decodeFuncFlags(ops[3])
			numRefs, start = ops[4], 5
			if s.version >= 5 {
				if len(ops) < 6 {
					return bad()
				}
				ro, start = ops[5], 6
				if s.version >= 7 {
					if len(ops) < 7 {
						return bad()
					}
					wo, start = ops[6], 7
				}
			}
		}
		if numRefs > uint64(len(ops)-start) || ro+wo > numRefs {
			return bad()
		}
		refs, err := s.refs(ops[start : start+int(numRefs)])
		if err != nil {
			return err
		}
		markRefs(refs, int(ro), int(wo))
		fs.Refs = refs
		if err := s.calls(fs, ops[start+int(numRefs):], code == llvmir.FS_PERMODULE_PROFILE, code == llvmir.FS_PERMODULE_RELBF); err != nil {
			return err
		}
		s.takePending(fs)
		return s.add(ops[0], fs)
	case llvmir.FS_ALIAS:
		if len(ops) < 3 {
			return bad()
		}
		as := &ir.GlobalSummary{Kind: ir.SummaryAlias, Flags: s.decodeFlags(ops[1])}
		g, err := s.guid(ops[2])
		if err != nil {
			return err
		}
		if v := s.byGUID[g]; v == nil || len(v.Summaries) == 0 {
			return s.errorf("alias expects aliasee summary to be parsed")
		}
		as.Aliasee, as.HasAliasee = g, true
		return s.add(ops[0], as)
	case llvmir.FS_PERMODULE_GLOBALVAR_INIT_REFS:
		if len(ops) < 2 {
			return bad()
		}
		vs := &ir.GlobalSummary{Kind: ir.SummaryVariable, Flags: s.decodeFlags(ops[1])}
		start := 2
		if s.version >= 5 {
			if len(ops) < 3 {
				return bad()
			}
			vs.VarFlags = decodeVarFlags(ops[2])
			start = 3
		}
		refs, err := s.refs(ops[start:])
		if err != nil {
			return err
		}
		vs.Refs = refs
		return s.add(ops[0], vs)
	case llvmir.FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS:
		if len(ops) < 4 {
			return bad()
		}
		vs := &ir.GlobalSummary{Kind: ir.SummaryVariable, Flags: s.decodeFlags(ops[1]), VarFlags: decodeVarFlags(ops[2])}
		n := ops[3]
		if n > uint64(len(ops)-4) {
			return bad()
		}
		refs, err := s.refs(ops[4 : 4+n])
		if err != nil {
			return err
		}
		vs.Refs = refs
		rest := ops[4+n:]
		if len(rest)%2 != 0 {
			return bad()
		}
		for i := 0; i+1 < len(rest); i += 2 {
			g, err := s.guid(rest[i])
			if err != nil {
				return err
			}
			vs.VTableFuncs = append(vs.VTableFuncs, ir.VTableFunc{Func: g, Offset: rest[i+1]})
		}
		return s.add(ops[0], vs)
	case llvmir.FS_TYPE_TESTS:
		s.pending()
		s.pendingTypeTests = append(s.pendingTypeTests, ops...)
	case llvmir.FS_TYPE_TEST_ASSUME_VCALLS, llvmir.FS_TYPE_CHECKED_LOAD_VCALLS:
		if len(ops)%2 != 0 {
			return bad()
		}
		s.pending()
		for i := 0; i+1 < len(ops); i += 2 {
			v := ir.VFuncID{GUID: ops[i], Offset: ops[i+1]}
			if code == llvmir.FS_TYPE_TEST_ASSUME_VCALLS {
				s.pendingAssume = append(s.pendingAssume, v)
			} else {
				s.pendingChecked = append(s.pendingChecked, v)
			}
		}
	case llvmir.FS_TYPE_TEST_ASSUME_CONST_VCALL, llvmir.FS_TYPE_CHECKED_LOAD_CONST_VCALL:
		if len(ops) < 2 {
			return bad()
		}
		s.pending()
		c := ir.ConstVCall{VFunc: ir.VFuncID{GUID: ops[0], Offset: ops[1]}, Args: append([]uint64(nil), ops[2:]...)}
		if code == llvmir.FS_TYPE_TEST_ASSUME_CONST_VCALL {
			s.pendingAssumeConst = append(s.pendingAssumeConst, c)
		} else {
			s.pendingCheckConst = append(s.pendingCheckConst, c)
		}
	case llvmir.FS_PARAM_ACCESS:
		s.pending()
		return s.paramAccesses(ops)
	case llvmir.FS_STACK_IDS:
		return s.readStackIDs(ops)
	case llvmir.FS_CONTEXT_RADIX_TREE_ARRAY:
		s.radix = append(s.radix[:0], ops...)
	case llvmir.FS_ALLOC_CONTEXT_IDS:
		if len(ops)%2 != 0 {
			return bad()
		}
		s.pending()
		s.pendingContexts = s.pendingContexts[:0]
		for i := 0; i < len(ops); i += 2 {
			s.pendingContexts = append(s.pendingContexts, ops[i]<<32|ops[i+1])
		}
	case llvmir.FS_PERMODULE_CALLSITE_INFO:
		return s.callsiteInfo(ops)
	case llvmir.FS_PERMODULE_ALLOC_INFO:
		return s.allocInfo(ops)
	case llvmir.FS_TYPE_ID_METADATA:
		if len(ops) < 2 {
			return bad()
		}
		name, ok := s.r.strtabString(ops[0], ops[1])
		if !ok {
			return bad()
		}
		var t *ir.SummaryTypeIDVTables
		for _, x := range s.sum.TypeIDCompatibleVTables {
			if x.Name == name {
				t = x
			}
		}
		if t == nil {
			t = &ir.SummaryTypeIDVTables{Name: name}
			s.sum.TypeIDCompatibleVTables = append(s.sum.TypeIDCompatibleVTables, t)
		}
		if len(ops)%2 != 0 {
			return bad()
		}
		for i := 2; i+1 < len(ops); i += 2 {
			g, err := s.guid(ops[i+1])
			if err != nil {
				return err
			}
			t.VTables = append(t.VTables, ir.VTableOffset{Offset: ops[i], VTable: g})
		}
	case llvmir.FS_COMBINED, llvmir.FS_COMBINED_PROFILE, llvmir.FS_COMBINED_GLOBALVAR_INIT_REFS, llvmir.FS_COMBINED_ALIAS, llvmir.FS_COMBINED_ORIGINAL_NAME,
		llvmir.FS_TYPE_ID, llvmir.FS_CFI_FUNCTION_DEFS, llvmir.FS_CFI_FUNCTION_DECLS,
		llvmir.FS_COMBINED_CALLSITE_INFO, llvmir.FS_COMBINED_ALLOC_INFO, llvmir.FS_COMBINED_ALLOC_INFO_NO_CONTEXT:
		return s.combinedRecord(code, ops)
	default:
		s.skip("skipped unknown summary record %d", code)
	}
	return nil
}

// pending notes a record that belongs to the next function summary.
func (s *summaryReader) pending() {
	if s.pendingRecords == 0 {
		s.pendingBit = s.recBit
	}
	s.pendingRecords++
}

func (s *summaryReader) calls(fs *ir.GlobalSummary, ops []uint64, profile, relBF bool) error {
	old := s.version == 1
	for i := 0; i < len(ops); i++ {
		g, err := s.guid(ops[i])
		if err != nil {
			return err
		}
		c := ir.SummaryCall{Callee: g}
		switch {
		case old:
			i++
			if profile {
				i++
			}
		case profile:
			i++
			if i >= len(ops) {
				return s.errorf("invalid summary call list")
			}
			c.Hotness = uint8(ops[i] & 7)
			c.Tail = ops[i]&8 != 0
			if c.Hotness > 4 {
				s.skip("call hotness %d unknown to LLVM 22", c.Hotness)
			}
		case relBF:
			// The relative block frequency in the low 28 bits
			// (CalleeInfo::RelBlockFreqBits), the tail call flag
			// above them.
			i++
			if i >= len(ops) {
				return s.errorf("invalid summary call list")
			}
			c.RelBF = uint32(ops[i] & (1<<28 - 1))
			c.Tail = ops[i]&(1<<28) != 0
		}
		fs.Calls = append(fs.Calls, c)
	}
	return nil
}

func (s *summaryReader) takePending(fs *ir.GlobalSummary) {
	if len(s.pendingTypeTests)+len(s.pendingAssume)+len(s.pendingChecked)+
		len(s.pendingAssumeConst)+len(s.pendingCheckConst) > 0 {
		fs.TypeIDInfo = &ir.TypeIDInfo{
			TypeTests:                  s.pendingTypeTests,
			TypeTestAssumeVCalls:       s.pendingAssume,
			TypeCheckedLoadVCalls:      s.pendingChecked,
			TypeTestAssumeConstVCalls:  s.pendingAssumeConst,
			TypeCheckedLoadConstVCalls: s.pendingCheckConst,
		}
	}
	fs.Params = s.pendingParams
	fs.Callsites, fs.Allocs = s.pendingCallsites, s.pendingAllocs
	s.pendingTypeTests, s.pendingAssume, s.pendingChecked = nil, nil, nil
	s.pendingAssumeConst, s.pendingCheckConst, s.pendingParams = nil, nil, nil
	s.pendingCallsites, s.pendingAllocs = nil, nil
	s.pendingRecords = 0
}

// signRotated decodes a sign-rotated VBR value.
func signRotated(v uint64) int64 {
	if v&1 == 0 {
		return int64(v >> 1)
	}
	if v != 1 {
		return -int64(v >> 1)
	}
	return -1 << 63
}

// paramRange turns a [lower, upper) range of 64-bit values into the
// signed minimum and maximum llvm-dis prints (ConstantRange's
// getSignedMin and getSignedMax): lower == upper is the empty set when 0,
// printed [0, -1], and the full set when all ones (LLVM writes neither
// the full set nor a range whose upper bound wraps, but reads them).
func paramRange(lo, hi int64) (int64, int64) {
	const minInt, maxInt = -1 << 63, 1<<63 - 1
	full := lo == hi && lo == -1
	upperWrapped := lo > hi
	min, max := lo, hi-1
	if full || upperWrapped && hi != minInt {
		min = minInt
	}
	if full || upperWrapped {
		max = maxInt
	}
	return min, max
}

func (s *summaryReader) paramAccesses(ops []uint64) error {
	bad := s.errorf("invalid FS_PARAM_ACCESS record")
	var out []ir.ParamAccess
	for len(ops) > 0 {
		if len(ops) < 4 {
			return bad
		}
		var p ir.ParamAccess
		p.Param = ops[0]
		p.Lo, p.Hi = paramRange(signRotated(ops[1]), signRotated(ops[2]))
		n := ops[3]
		ops = ops[4:]
		if n > uint64(len(ops))/4 {
			return bad
		}
		for j := uint64(0); j < n; j++ {
			g, err := s.guid(ops[1])
			if err != nil {
				return err
			}
			c := ir.ParamCall{Param: ops[0], Callee: g}
			c.Lo, c.Hi = paramRange(signRotated(ops[2]), signRotated(ops[3]))
			p.Calls = append(p.Calls, c)
			ops = ops[4:]
		}
		out = append(out, p)
	}
	s.pendingParams = out
	return nil
}

// readStackIDs reads FS_STACK_IDS: the stack ids the MemProf records name
// by index, 64-bit values up to summary version 11, pairs of 32-bit
// halves (the high one first) from version 12.
//
// A summary has one. Given a second, LLVM replaces the first (up to
// version 11) or appends to it (from 12), as is done here, but the ids it
// looked up before keep their old values there: a second one is reported.
func (s *summaryReader) readStackIDs(ops []uint64) error {
	if s.sawStackIDs {
		s.skip("a second FS_STACK_IDS record")
	}
	s.sawStackIDs = true
	if s.version <= 11 {
		s.stackIDs = append(s.stackIDs[:0], ops...)
		return nil
	}
	if len(ops)%2 != 0 {
		return s.errorf("invalid summary record %d", llvmir.FS_STACK_IDS)
	}
	for i := 0; i < len(ops); i += 2 {
		s.stackIDs = append(s.stackIDs, ops[i]<<32|ops[i+1])
	}
	return nil
}

// stackID returns the stack id at index i of FS_STACK_IDS, spending one
// of the budget.
func (s *summaryReader) stackID(i uint64) (uint64, error) {
	if i >= uint64(len(s.stackIDs)) {
		return 0, s.errorf("MemProf record refers to stack id %d of %d", i, len(s.stackIDs))
	}
	if s.stackBudget--; s.stackBudget < 0 {
		return 0, s.errorf("MemProf contexts expand to more than %d stack ids per byte of the module", stackIDsPerByte)
	}
	return s.stackIDs[i], nil
}

// callsiteInfo reads FS_PERMODULE_CALLSITE_INFO: [valueid, n x stack id
// index], the summary of a call of the next function summary.
func (s *summaryReader) callsiteInfo(ops []uint64) error {
	if len(ops) < 1 {
		return s.errorf("invalid summary record %d", llvmir.FS_PERMODULE_CALLSITE_INFO)
	}
	g, err := s.guid(ops[0])
	if err != nil {
		return err
	}
	ci := ir.CallsiteInfo{Callee: g, HasCallee: true, Clones: []uint32{0}, StackIDs: make([]uint64, 0, len(ops)-1)}
	for _, i := range ops[1:] {
		id, err := s.stackID(i)
		if err != nil {
			return err
		}
		ci.StackIDs = append(ci.StackIDs, id)
	}
	s.pending()
	s.pendingCallsites = append(s.pendingCallsites, ci)
	return nil
}

// allocInfo reads FS_PERMODULE_ALLOC_INFO: [nummib (from version 10),
// nummib x (alloc type, context), then, when sizes were recorded, nummib x
// (n, n x total size)], the summary of an allocation call of the next
// function summary. A context is a radix tree index when the summary has
// an FS_CONTEXT_RADIX_TREE_ARRAY, else [n, n x stack id index]; the sizes
// go with the full context ids of the FS_ALLOC_CONTEXT_IDS before it.
func (s *summaryReader) allocInfo(ops []uint64) error {
	bad := func() error { return s.errorf("invalid summary record %d", llvmir.FS_PERMODULE_ALLOC_INFO) }
	i := 0
	var n uint64
	if s.version >= 10 {
		if len(ops) < 1 {
			return bad()
		}
		n, i = ops[0], 1
		if n > uint64(len(ops)-1)/2 {
			return bad()
		}
	}
	ai := ir.AllocInfo{Versions: []uint8{ir.AllocNone}}
	for read := uint64(0); s.version >= 10 && read < n || s.version < 10 && i < len(ops); read++ {
		if len(ops)-i < 2 {
			return bad()
		}
		// LLVM keeps the low 8 bits (AllocationType is a uint8_t).
		mib := ir.MIBInfo{AllocType: uint8(ops[i])}
		s.checkAllocType(mib.AllocType)
		i++
		var err error
		if mib.StackIDs, i, err = s.allocContext(ops, i); err != nil {
			return err
		}
		ai.MIBs = append(ai.MIBs, mib)
	}
	if i < len(ops) {
		// The total sizes of the full contexts behind each MIB, paired
		// in order with the context ids of FS_ALLOC_CONTEXT_IDS; a zero
		// context id (a context without sizes) has a zero size, left out.
		ctx := 0
		for range ai.MIBs {
			if i >= len(ops) {
				return bad()
			}
			m := ops[i]
			i++
			if m > uint64(len(ops)-i) {
				return bad()
			}
			var sizes []ir.ContextTotalSize
			for range m {
				if ctx >= len(s.pendingContexts) {
					return s.errorf("MemProf allocation sizes without their context ids")
				}
				if id := s.pendingContexts[ctx]; id != 0 {
					sizes = append(sizes, ir.ContextTotalSize{FullStackID: id, TotalSize: ops[i]})
				}
				ctx++
				i++
			}
			ai.ContextSizes = append(ai.ContextSizes, sizes)
		}
		if i != len(ops) {
			return bad()
		}
		s.pendingContexts = s.pendingContexts[:0]
	}
	s.pending()
	s.pendingAllocs = append(s.pendingAllocs, ai)
	return nil
}

// allocContext reads the context of an MIB at ops[i]: its stack ids and
// the index after it.
func (s *summaryReader) allocContext(ops []uint64, i int) ([]uint64, int, error) {
	if len(s.radix) == 0 {
		n := ops[i]
		i++
		if n > uint64(len(ops)-i) {
			return nil, 0, s.errorf("invalid summary record %d", llvmir.FS_PERMODULE_ALLOC_INFO)
		}
		ids := make([]uint64, 0, n)
		for _, x := range ops[i : i+int(n)] {
			id, err := s.stackID(x)
			if err != nil {
				return nil, 0, err
			}
			ids = append(ids, id)
		}
		return ids, i + int(n), nil
	}
	// The radix tree array (CallStackRadixTreeBuilder): at the context's
	// index, its number of frames, then its stack id indexes, the
	// caller's first, where a negative entry (as a 32-bit value) jumps
	// that far ahead to the rest, which a context shares with one before
	// it. LLVM reads the entries as 32-bit values.
	bad := s.errorf("MemProf context at radix tree index %d is out of the tree", uint32(ops[i]))
	x := uint32(ops[i])
	i++
	if uint64(x) >= uint64(len(s.radix)) {
		return nil, 0, bad
	}
	n := uint32(s.radix[x])
	x++
	// Every frame takes at least one entry, and jumps only go ahead.
	if uint64(n) > uint64(len(s.radix))-uint64(x) {
		return nil, 0, bad
	}
	ids := make([]uint64, 0, n)
	for range n {
		if uint64(x) >= uint64(len(s.radix)) {
			return nil, 0, bad
		}
		e := uint32(s.radix[x])
		if int32(e) < 0 {
			x -= e // forward: e is negative
			if uint64(x) >= uint64(len(s.radix)) {
				return nil, 0, bad
			}
			if e = uint32(s.radix[x]); int32(e) < 0 {
				return nil, 0, bad
			}
		}
		x++
		id, err := s.stackID(uint64(e))
		if err != nil {
			return nil, 0, err
		}
		ids = append(ids, id)
	}
	return ids, i, nil
}

// A combinedModule is an entry of a combined index's MODULE_STRTAB_BLOCK.
type combinedModule struct {
	id   uint64
	path string
	hash [5]uint32
}

// readModuleStrtab reads a combined index's MODULE_STRTAB_BLOCK (block id)
// into mods.
// A moduleVST is what the module-level VALUE_SYMTAB of a module without a
// string table (LLVM 4) says: the names of the global values by value ID
// (VST_CODE_ENTRY, VST_CODE_FNENTRY) or, in a combined index, their GUIDs
// (VST_CODE_COMBINED_ENTRY).
type moduleVST struct {
	names map[uint64]string
	guids map[uint64]uint64
}

// readModuleVST reads the VALUE_SYMTAB block id into vst.
func (s *summaryReader) readModuleVST(id uint32, vst *moduleVST) error {
	br := s.br
	if _, err := br.EnterBlock(id); err != nil {
		return err
	}
	for {
		s.recBit = br.BitPos()
		e, err := br.Next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			return nil
		case bitstream.EntryDefineAbbrev:
			if _, err := br.DefineAbbrev(); err != nil {
				return err
			}
			continue
		case bitstream.EntrySubBlock:
			if err := br.SkipBlock(); err != nil {
				return err
			}
			continue
		}
		rec, err := br.ReadRecord(e.ID, s.ops)
		if err != nil {
			return err
		}
		s.ops = rec.Ops
		ops := rec.Ops
		if vst.names == nil {
			vst.names, vst.guids = map[uint64]string{}, map[uint64]uint64{}
		}
		switch llvmir.ValueSymtabCode(rec.Code) {
		case llvmir.VST_CODE_ENTRY:
			if len(ops) >= 1 {
				vst.names[ops[0]] = opsString(ops[1:])
			}
		case llvmir.VST_CODE_FNENTRY:
			if len(ops) >= 2 {
				vst.names[ops[0]] = opsString(ops[2:])
			}
		case llvmir.VST_CODE_COMBINED_ENTRY:
			if len(ops) >= 2 {
				vst.guids[ops[0]] = ops[1]
			}
		}
	}
}

func (s *summaryReader) readModuleStrtab(id uint32, mods []combinedModule) ([]combinedModule, error) {
	br := s.br
	if _, err := br.EnterBlock(id); err != nil {
		return nil, err
	}
	for {
		s.recBit = br.BitPos()
		e, err := br.Next()
		if err != nil {
			return nil, err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			return mods, nil
		case bitstream.EntryDefineAbbrev:
			if _, err := br.DefineAbbrev(); err != nil {
				return nil, err
			}
			continue
		case bitstream.EntrySubBlock:
			s.skip("skipped unknown block %d in MODULE_STRTAB_BLOCK", e.ID)
			if err := br.SkipBlock(); err != nil {
				return nil, err
			}
			continue
		}
		rec, err := br.ReadRecord(e.ID, s.ops)
		if err != nil {
			return nil, err
		}
		s.ops = rec.Ops
		switch llvmir.ModulePathSymtabCode(rec.Code) {
		case llvmir.MST_CODE_ENTRY:
			if len(rec.Ops) < 1 {
				return nil, s.errorf("invalid code_entry record")
			}
			mods = append(mods, combinedModule{id: rec.Ops[0], path: opsString(rec.Ops[1:])})
		case llvmir.MST_CODE_HASH:
			if len(rec.Ops) != 5 {
				return nil, s.errorf("invalid hash length %d", len(rec.Ops))
			}
			if len(mods) == 0 {
				return nil, s.errorf("invalid hash that does not follow a module path")
			}
			// LLVM keeps one entry per path: the hash goes to the
			// path's entry, wherever it first came.
			last := mods[len(mods)-1].path
			for i := range mods {
				if mods[i].path == last {
					for j, v := range rec.Ops {
						mods[i].hash[j] = uint32(v)
					}
				}
			}
		default:
			s.skip("skipped unknown MODULE_STRTAB_BLOCK record %d", rec.Code)
		}
	}
}

// combine makes s.sum the summary of a combined index: its modules are
// those of mods, one per path, in path order (as llvm-dis numbers them),
// and s.modIndex maps the module IDs of the records to them.
func (s *summaryReader) combine(mods []combinedModule) {
	s.sum.Combined = true
	s.sum.Modules = s.sum.Modules[:0]
	byPath := map[string]int{}
	for _, m := range mods {
		if _, ok := byPath[m.path]; !ok {
			byPath[m.path] = len(s.sum.Modules)
			s.sum.Modules = append(s.sum.Modules, ir.SummaryModule{Path: m.path, Hash: m.hash})
		} else {
			s.sum.Modules[byPath[m.path]].Hash = m.hash
		}
	}
	sort.Slice(s.sum.Modules, func(i, j int) bool { return s.sum.Modules[i].Path < s.sum.Modules[j].Path })
	for i, m := range s.sum.Modules {
		byPath[m.Path] = i
	}
	s.modIndex = map[uint64]int{}
	for _, m := range mods {
		s.modIndex[m.id] = byPath[m.path]
	}
}

// module returns the index in Summary.Modules of a combined record's
// module ID.
func (s *summaryReader) module(id uint64) (int, error) {
	i, ok := s.modIndex[id]
	if !ok {
		return 0, s.errorf("summary refers to module ID %d, which the module table does not list", id)
	}
	return i, nil
}

// guidOK maps a value ID to its GUID, false when it has none (which a
// combined index allows for an alias's aliasee and a callsite's callee).
func (s *summaryReader) guidOK(id uint64) (uint64, bool) {
	if g, ok := s.extra[id]; ok {
		return g, true
	}
	if id < uint64(len(s.vals)) {
		return s.vals[id].guid, true
	}
	return 0, false
}

// combinedRecord reads a record of a combined index.
func (s *summaryReader) combinedRecord(code llvmir.SummaryCode, ops []uint64) error {
	if !s.sum.Combined {
		s.skip("skipped combined-index summary record %d in a per-module summary", code)
		return nil
	}
	bad := func() error { return s.errorf("invalid summary record %d", code) }
	switch code {
	case llvmir.FS_COMBINED, llvmir.FS_COMBINED_PROFILE:
		// [valueid, modid, flags, instcount, fflags, numrefs,
		// rorefcnt, worefcnt, refs, calls], the fields after instcount
		// depending on the version.
		if len(ops) < 5 {
			return bad()
		}
		mod, err := s.module(ops[1])
		if err != nil {
			return err
		}
		fs := &ir.GlobalSummary{Kind: ir.SummaryFunction, Module: mod, Flags: s.decodeFlags(ops[2]), Insts: ops[3]}
		numRefs, start, ro, wo := ops[4], 5, uint64(0), uint64(0)
		if s.version >= 4 {
			if len(ops) < 6 {
				return bad()
			}
			fs.FuncFlags = decodeFuncFlags(ops[4])
			start = 6
			numRefsAt, roBack := 5, 0
			if s.version >= 5 {
				start, roBack = 7, 1
				if s.version >= 6 {
					numRefsAt, start = 6, 8
					if s.version >= 7 {
						start, roBack = 9, 2
					}
				}
			}
			if len(ops) < start {
				return bad()
			}
			if s.version >= 7 {
				wo = ops[8]
			}
			if roBack > 0 {
				ro = ops[start-roBack]
			}
			numRefs = ops[numRefsAt]
		}
		if numRefs > uint64(len(ops)-start) || ro+wo > numRefs {
			return bad()
		}
		refs, err := s.refs(ops[start : start+int(numRefs)])
		if err != nil {
			return err
		}
		markRefs(refs, int(ro), int(wo))
		fs.Refs = refs
		if err := s.calls(fs, ops[start+int(numRefs):], code == llvmir.FS_COMBINED_PROFILE, false); err != nil {
			return err
		}
		s.takePending(fs)
		s.lastCombined = true
		return s.add(ops[0], fs)
	case llvmir.FS_COMBINED_GLOBALVAR_INIT_REFS:
		// [valueid, modid, flags, varflags (from version 5), refs]
		if len(ops) < 3 {
			return bad()
		}
		mod, err := s.module(ops[1])
		if err != nil {
			return err
		}
		vs := &ir.GlobalSummary{Kind: ir.SummaryVariable, Module: mod, Flags: s.decodeFlags(ops[2])}
		start := 3
		if s.version >= 5 {
			if len(ops) < 4 {
				return bad()
			}
			vs.VarFlags = decodeVarFlags(ops[3])
			start = 4
		}
		if vs.Refs, err = s.refs(ops[start:]); err != nil {
			return err
		}
		s.lastCombined = true
		return s.add(ops[0], vs)
	case llvmir.FS_COMBINED_ALIAS:
		// [valueid, modid, flags, aliasee valueid]: an aliasee without
		// a summary in the alias's module is printed as null.
		if len(ops) < 4 {
			return bad()
		}
		mod, err := s.module(ops[1])
		if err != nil {
			return err
		}
		as := &ir.GlobalSummary{Kind: ir.SummaryAlias, Module: mod, Flags: s.decodeFlags(ops[2])}
		if g, ok := s.guidOK(ops[3]); ok {
			s.value(g, "")
			for _, x := range s.byGUID[g].Summaries {
				if x.Module == mod {
					as.Aliasee, as.HasAliasee = g, true
					break
				}
			}
		}
		s.lastCombined = true
		return s.add(ops[0], as)
	case llvmir.FS_COMBINED_ORIGINAL_NAME:
		// [original name hash] of the summary before it: not printed.
		if len(ops) < 1 {
			return bad()
		}
		if !s.lastCombined {
			return s.errorf("name attachment that does not follow a combined record")
		}
		s.lastCombined = false
		if s.lastSummary != nil {
			s.lastSummary.OriginalName, s.lastSummary.HasOriginalName = ops[0], true
		}
	case llvmir.FS_CFI_FUNCTION_DEFS, llvmir.FS_CFI_FUNCTION_DECLS:
		// Names of functions with CFI jump tables, (strtab offset, size)
		// pairs: llvm-dis reads them into the index but does not print
		// them.
		return s.cfiFunctions(code, ops)
	case llvmir.FS_TYPE_ID:
		return s.typeID(ops)
	case llvmir.FS_COMBINED_CALLSITE_INFO:
		// [valueid, numstackindices, numver, stack id indexes, versions]
		if len(ops) < 3 {
			return bad()
		}
		ns, nv := ops[1], ops[2]
		if ns > uint64(len(ops)-3) || nv > uint64(len(ops)-3)-ns {
			return bad()
		}
		if extra := uint64(len(ops)-3) - ns - nv; extra > 0 {
			s.skip("skipped %d extra operands of a COMBINED_CALLSITE_INFO record", extra)
		}
		ci := ir.CallsiteInfo{StackIDs: make([]uint64, 0, ns), Clones: make([]uint32, 0, nv)}
		ci.Callee, ci.HasCallee = s.guidOK(ops[0])
		if ci.HasCallee {
			s.value(ci.Callee, "")
		}
		for _, x := range ops[3 : 3+ns] {
			id, err := s.stackID(x)
			if err != nil {
				return err
			}
			ci.StackIDs = append(ci.StackIDs, id)
		}
		for _, v := range ops[3+ns : 3+ns+nv] {
			ci.Clones = append(ci.Clones, uint32(v)) // unsigned in LLVM
		}
		s.pending()
		s.pendingCallsites = append(s.pendingCallsites, ci)
	case llvmir.FS_COMBINED_ALLOC_INFO, llvmir.FS_COMBINED_ALLOC_INFO_NO_CONTEXT:
		// [nummib, numver, nummib x (alloc type, context) or (alloc
		// type) without context, numver x version]
		if len(ops) < 2 {
			return bad()
		}
		n, nv := ops[0], ops[1]
		per := uint64(2)
		if code == llvmir.FS_COMBINED_ALLOC_INFO_NO_CONTEXT {
			per = 1
		}
		if n > uint64(len(ops)-2)/per {
			return bad()
		}
		var ai ir.AllocInfo
		i := 2
		for range n {
			if len(ops)-i < int(per) {
				return bad()
			}
			mib := ir.MIBInfo{AllocType: uint8(ops[i])}
			s.checkAllocType(mib.AllocType)
			i++
			if code == llvmir.FS_COMBINED_ALLOC_INFO {
				var err error
				if mib.StackIDs, i, err = s.allocContext(ops, i); err != nil {
					return err
				}
			}
			ai.MIBs = append(ai.MIBs, mib)
		}
		if nv > uint64(len(ops)-i) {
			return bad()
		}
		for _, v := range ops[i : i+int(nv)] {
			ai.Versions = append(ai.Versions, uint8(v))
			s.checkAllocType(uint8(v))
		}
		if i+int(nv) != len(ops) {
			s.skip("skipped %d extra operands of a COMBINED_ALLOC_INFO record", len(ops)-i-int(nv))
		}
		if code == llvmir.FS_COMBINED_ALLOC_INFO {
			s.sum.AllocContexts = true
		}
		s.pending()
		s.pendingAllocs = append(s.pendingAllocs, ai)
	}
	return nil
}

// cfiFunctions reads FS_CFI_FUNCTION_DEFS or FS_CFI_FUNCTION_DECLS:
// [n x (name strtab offset, size)]. LLVM keeps the names in a set: they
// are sorted and made unique once the block is read.
func (s *summaryReader) cfiFunctions(code llvmir.SummaryCode, ops []uint64) error {
	if len(ops)%2 != 0 {
		return s.errorf("invalid summary record %d", code)
	}
	names := &s.sum.CFIFunctionDefs
	if code == llvmir.FS_CFI_FUNCTION_DECLS {
		names = &s.sum.CFIFunctionDecls
	}
	for i := 0; i < len(ops); i += 2 {
		name, ok := s.r.strtabString(ops[i], ops[i+1])
		if !ok {
			return s.errorf("invalid summary record %d", code)
		}
		*names = append(*names, name)
	}
	return nil
}

// checkAllocType reports a MemProf allocation type LLVM 22 does not know.
func (s *summaryReader) checkAllocType(t uint8) {
	switch t {
	case ir.AllocNone, ir.AllocNotCold, ir.AllocCold, ir.AllocHot:
	default:
		s.skip("MemProf allocation type %d unknown to LLVM 22", t)
	}
}

// markRefs marks the last wo refs writeonly and the ro before them
// readonly, as the records count them.
func markRefs(refs []ir.SummaryRef, ro, wo int) {
	firstWO := len(refs) - wo
	for i := firstWO - ro; i < len(refs); i++ {
		if i < firstWO {
			refs[i].ReadOnly = true
		} else {
			refs[i].WriteOnly = true
		}
	}
}

// typeID reads FS_TYPE_ID: [typeid name (strtab offset, size), kind,
// sizeM1BitWidth, alignLog2, sizeM1, bitMask, inlineBits, then any number
// of (offset, kind, single implementation name (strtab offset, size),
// numrba, numrba x (numarg, numarg x arg, kind, info, byte, bit))]. LLVM
// keeps one type id per name, its resolutions by offset and those by
// arguments in order: a record for a name seen before changes its entry.
func (s *summaryReader) typeID(ops []uint64) error {
	bad := s.errorf("invalid summary record %d", llvmir.FS_TYPE_ID)
	if len(ops) < 8 {
		return bad
	}
	name, ok := s.r.strtabString(ops[0], ops[1])
	if !ok {
		return bad
	}
	g := ir.GUID(name, ir.ExternalLinkage, "")
	var t *ir.SummaryTypeID
	for _, x := range s.sum.TypeIDs {
		if x.GUID == g && x.Name == name {
			t = x
		}
	}
	if t == nil {
		t = &ir.SummaryTypeID{GUID: g, Name: name}
		s.sum.TypeIDs = append(s.sum.TypeIDs, t)
	}
	if ops[2] > 5 {
		s.skip("type test resolution kind %d unknown to LLVM 22", ops[2])
	}
	t.Kind = uint8(ops[2])
	t.SizeM1BitWidth = uint64(uint32(ops[3])) // unsigned in LLVM
	t.AlignLog2, t.SizeM1 = ops[4], ops[5]
	t.BitMask = uint64(uint8(ops[6])) // uint8_t in LLVM
	t.InlineBits = ops[7]
	for i := 8; i < len(ops); {
		if len(ops)-i < 5 {
			return bad
		}
		off, kind := ops[i], ops[i+1]
		if kind > 2 {
			s.skip("devirtualization resolution kind %d unknown to LLVM 22", kind)
		}
		impl, ok := s.r.strtabString(ops[i+2], ops[i+3])
		if !ok {
			return bad
		}
		nrba := ops[i+4]
		i += 5
		var w *ir.WPDResolution
		for k := range t.WPDRes {
			if t.WPDRes[k].Offset == off {
				w = &t.WPDRes[k]
			}
		}
		if w == nil {
			t.WPDRes = append(t.WPDRes, ir.WPDResolution{Offset: off})
			w = &t.WPDRes[len(t.WPDRes)-1]
		}
		w.Kind, w.SingleImplName = uint8(kind), impl
		for range nrba {
			if i >= len(ops) {
				return bad
			}
			na := ops[i]
			i++
			if na > uint64(len(ops)-i) || len(ops)-i-int(na) < 4 {
				return bad
			}
			args := ops[i : i+int(na)]
			i += int(na)
			if ops[i] > 3 {
				s.skip("devirtualization by-argument kind %d unknown to LLVM 22", ops[i])
			}
			var b *ir.WPDByArg
			for k := range w.ResByArg {
				if slices.Equal(w.ResByArg[k].Args, args) {
					b = &w.ResByArg[k]
				}
			}
			if b == nil {
				w.ResByArg = append(w.ResByArg, ir.WPDByArg{Args: append([]uint64{}, args...)})
				b = &w.ResByArg[len(w.ResByArg)-1]
			}
			b.Kind, b.Info = uint8(ops[i]), ops[i+1]
			b.Byte, b.Bit = uint64(uint32(ops[i+2])), uint64(uint32(ops[i+3])) // uint32_t in LLVM
			i += 4
		}
		slices.SortFunc(w.ResByArg, func(a, b ir.WPDByArg) int { return slices.Compare(a.Args, b.Args) })
	}
	slices.SortFunc(t.WPDRes, func(a, b ir.WPDResolution) int { return cmp.Compare(a.Offset, b.Offset) })
	return nil
}
