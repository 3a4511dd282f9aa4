package bcwrite

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// summaryVersion is LLVM 22's ModuleSummaryIndex::BitcodeSummaryVersion.
const summaryVersion = 12

// The index flags a per-module summary keeps (FS_FLAGS): the split LTO
// unit and unified LTO bits; the others belong to a combined index.
const perModuleFlags = 0x8 | 0x200

// checkSummary returns what in m's summary this writer cannot write.
func checkSummary(s *ir.Summary) error {
	unsupported := func(what string) error { return &UnsupportedError{What: what} }
	if s.Combined {
		// WriteIndex writes one: a file of its own, without the
		// module.
		return unsupported("a combined summary index in a module (WriteIndex writes one)")
	}
	if s.NamedAnew {
		// Written back, those values' GUIDs would not be the
		// summary's.
		return unsupported("a summary of a module whose global values of one name were named anew on reading")
	}
	for _, v := range s.Values {
		for _, gs := range v.Summaries {
			if err := checkMemProf(gs); err != nil {
				return err
			}
		}
	}
	return nil
}

// A summaryWriter writes the per-module summary block: the summaries of
// the module's values, found by GUID, with the values named by this
// writer's value IDs (ModuleBitcodeWriterBase::
// writePerModuleGlobalValueSummary).
type summaryWriter struct {
	w   *writer
	sum *ir.Summary
	// ids maps the GUID of each global value to its value ID; extra those
	// of the values a summary names that the module does not hold (the
	// callees of indirect call profiles), numbered after the module-level
	// values as LLVM's writer numbers them.
	ids, extra map[uint64]uint64
	byGUID     map[uint64]*ir.SummaryValue
	// guids are the GUIDs of the module's global values.
	guids map[ir.Value]uint64
	// useRelBF is relBF's answer.
	useRelBF bool
	ops      []uint64
	// mp writes the MemProf records, with the abbreviations
	// callsiteAbbrev and allocAbbrev.
	mp                          *memprofWriter
	callsiteAbbrev, allocAbbrev uint32
}

// summary writes m.Summary; nModuleValues is the number of module-level
// values, after which the values only the summary names are numbered.
func (w *writer) summary(nModuleValues int) error {
	m := w.m
	s := &summaryWriter{w: w, sum: m.Summary, ids: map[uint64]uint64{}, byGUID: map[uint64]*ir.SummaryValue{}}
	src := m.SourceFilename
	if m.NoSourceFilename {
		src = w.opts.ModuleID
	}
	s.guids = map[ir.Value]uint64{}
	add := func(v ir.Value, h *ir.GlobalHeader) {
		g := ir.GUID(h.Name, h.Linkage, src)
		s.guids[v] = g
		s.ids[g] = uint64(w.e.valueID(v))
	}
	for _, g := range m.Globals {
		add(g, &g.GlobalHeader)
	}
	for _, f := range m.Functions {
		add(f, &f.GlobalHeader)
	}
	for _, a := range m.Aliases {
		add(a, &a.GlobalHeader)
	}
	for _, i := range m.IFuncs {
		add(i, &i.GlobalHeader)
	}
	for _, v := range s.sum.Values {
		s.byGUID[v.GUID] = v
		if _, ok := s.ids[v.GUID]; !ok && len(v.Summaries) > 0 {
			// LLVM writes the summaries of the module's values alone:
			// this one would be lost.
			return &UnsupportedError{What: fmt.Sprintf("a summary of a value the module does not hold (GUID %d; not a valid module summary)", v.GUID)}
		}
	}
	// Each callee and reference the module does not hold gets a new ID
	// each time a function summary names it, in GUID order, the calls of
	// a summary before its references (assignValueId); the last counts.
	next := uint64(nModuleValues)
	assign := func(g uint64) {
		if _, ok := s.ids[g]; ok {
			return
		}
		if s.extra == nil {
			s.extra = map[uint64]uint64{}
		}
		next++
		s.extra[g] = next
	}
	for _, v := range s.sum.Values {
		for _, gs := range v.Summaries {
			if gs.Kind != ir.SummaryFunction {
				continue
			}
			for _, c := range gs.Calls {
				assign(c.Callee)
			}
			for _, r := range gs.Refs {
				assign(r.GUID)
			}
		}
	}
	return s.write()
}

// id returns the value ID of the value whose GUID is g.
func (s *summaryWriter) id(g uint64) (uint64, error) {
	if id, ok := s.valueID(g); ok {
		return id, nil
	}
	return 0, &UnsupportedError{What: fmt.Sprintf("a summary naming a value that is neither in the module nor a profiled callee (GUID %d)", g)}
}

// valueID returns the value ID of the value whose GUID is g, and whether
// it has one (a value of the module or a profiled callee).
func (s *summaryWriter) valueID(g uint64) (uint64, bool) {
	if id, ok := s.ids[g]; ok {
		return id, true
	}
	id, ok := s.extra[g]
	return id, ok
}

// summaryOf returns the first summary of the value whose GUID is g when
// it is of kind k.
func (s *summaryWriter) summaryOf(g uint64, k ir.SummaryKind) (*ir.GlobalSummary, error) {
	v := s.byGUID[g]
	if v == nil || len(v.Summaries) == 0 {
		return nil, nil
	}
	if gs := v.Summaries[0]; gs.Kind == k {
		return gs, nil
	}
	return nil, &UnsupportedError{What: fmt.Sprintf("a summary of another kind than its value (GUID %d)", g)}
}

func (s *summaryWriter) write() error {
	w, b, sum := s.w, s.w.bs, s.sum
	id := llvmir.GLOBALVAL_SUMMARY_BLOCK_ID
	if sum.FullLTO {
		id = llvmir.FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID
	}
	b.EnterBlock(uint32(id), 4)
	b.WriteRecord(uint32(llvmir.FS_VERSION), []uint64{summaryVersion})
	b.WriteRecord(uint32(llvmir.FS_FLAGS), []uint64{sum.Flags & perModuleFlags})
	if len(sum.Values) == 0 {
		b.ExitBlock()
		return nil
	}
	writeValueGUIDs(b, s.extra)
	s.mp = newMemprofWriter(sum)
	s.mp.writeTable(b)
	arr := func(code llvmir.SummaryCode, scalars ...uint64) uint32 {
		ops := []bitstream.AbbrevOp{lit(uint64(code))}
		for _, v := range scalars {
			ops = append(ops, vbr(v))
		}
		return b.DefineAbbrev(bitstream.MakeAbbrev(append(ops, bitstream.AbbrevOp{Enc: bitstream.Array}, vbr(8))...))
	}
	// The abbreviations LLVM 22 defines, in its order; those of the
	// relative block frequency form (written only when LLVM is asked to)
	// and of the MemProf records (callsite, alloc, radix tree) are
	// defined even when unused.
	profileAbbrev := arr(llvmir.FS_PERMODULE_PROFILE, 8, 8, 8, 4, 4, 4, 4)
	relBFAbbrev := arr(llvmir.FS_PERMODULE_RELBF, 8, 6, 8, 4, 4, 4, 4)
	if s.useRelBF = s.relBF(); s.useRelBF {
		profileAbbrev = relBFAbbrev
	}
	refsAbbrev := arr(llvmir.FS_PERMODULE_GLOBALVAR_INIT_REFS, 8, 6)
	vtableRefsAbbrev := arr(llvmir.FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS, 8, 6, 4)
	aliasAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.FS_ALIAS)), vbr(8), vbr(6), vbr(8)))
	typeIDAbbrev := arr(llvmir.FS_TYPE_ID_METADATA, 8, 8)
	s.callsiteAbbrev = arr(llvmir.FS_PERMODULE_CALLSITE_INFO, 8)
	s.allocAbbrev = arr(llvmir.FS_PERMODULE_ALLOC_INFO, 4)
	radixAbbrev := arr(llvmir.FS_CONTEXT_RADIX_TREE_ARRAY)

	// The function summaries, in the module's order, whose allocation
	// contexts make the radix tree written before them.
	type funcSummary struct {
		f  *ir.Function
		gs *ir.GlobalSummary
	}
	var fns []funcSummary
	var fsums []*ir.GlobalSummary
	for _, f := range w.m.Functions {
		if f.Name == "" {
			return &UnsupportedError{What: "a summary of a module with an unnamed function"}
		}
		gs, err := s.summaryOf(s.guidOf(f), ir.SummaryFunction)
		if err != nil {
			return err
		}
		if gs != nil {
			fns = append(fns, funcSummary{f, gs})
			fsums = append(fsums, gs)
		}
	}
	s.mp.writeRadixTree(b, radixAbbrev, fsums)
	for _, fs := range fns {
		if err := s.function(uint64(w.e.valueID(fs.f)), fs.gs, profileAbbrev); err != nil {
			return err
		}
	}
	for _, g := range w.m.Globals {
		gs, err := s.summaryOf(s.guidOf(g), ir.SummaryVariable)
		if err != nil {
			return err
		}
		if gs == nil {
			continue
		}
		if err := s.variable(uint64(w.e.valueID(g)), gs, refsAbbrev, vtableRefsAbbrev); err != nil {
			return err
		}
	}
	for _, a := range w.m.Aliases {
		gs, err := s.summaryOf(s.guidOf(a), ir.SummaryAlias)
		if err != nil {
			return err
		}
		if gs == nil || !gs.HasAliasee {
			// LLVM writes none for an alias of an ifunc or of an unnamed
			// object, which have no summary.
			continue
		}
		aliasee, err := s.id(gs.Aliasee)
		if err != nil {
			return err
		}
		b.WriteAbbrevRecord(aliasAbbrev, uint32(llvmir.FS_ALIAS), []uint64{uint64(w.e.valueID(a)), encodeGVFlags(gs.Flags), aliasee}, nil)
	}
	for _, t := range sum.TypeIDCompatibleVTables {
		ops := append(s.ops[:0], uint64(w.st.add(t.Name)), uint64(len(t.Name)))
		for _, vt := range t.VTables {
			id, err := s.id(vt.VTable)
			if err != nil {
				return err
			}
			ops = append(ops, vt.Offset, id)
		}
		s.ops = ops
		b.WriteAbbrevRecord(typeIDAbbrev, uint32(llvmir.FS_TYPE_ID_METADATA), ops, nil)
	}
	if sum.BlockCount != 0 {
		b.WriteRecord(uint32(llvmir.FS_BLOCK_COUNT), []uint64{sum.BlockCount})
	}
	b.ExitBlock()
	return nil
}

// guidOf returns the GUID of a global value of the module.
func (s *summaryWriter) guidOf(v ir.Value) uint64 { return s.guids[v] }

// relBF reports whether a call of the summary has a relative block
// frequency: then its function summaries are written as
// FS_PERMODULE_RELBF records, which keep it (as LLVM's writer does when
// asked to), instead of FS_PERMODULE_PROFILE, which keeps the hotness.
func (s *summaryWriter) relBF() bool {
	for _, v := range s.sum.Values {
		for _, gs := range v.Summaries {
			for _, c := range gs.Calls {
				if c.RelBF != 0 {
					return true
				}
			}
		}
	}
	return false
}

// function writes a function's summary: its type test, parameter access
// and MemProf records, then FS_PERMODULE_PROFILE [valueid, flags, instcount,
// fflags, numrefs, rorefcnt, worefcnt, refs, (callee, hotness + tail
// call flag) pairs], or FS_PERMODULE_RELBF with (callee, relative block
// frequency + tail call flag) pairs.
func (s *summaryWriter) function(id uint64, gs *ir.GlobalSummary, abbrev uint32) error {
	b := s.w.bs
	s.ops = typeMetadataRecords(b, s.ops, gs.TypeIDInfo)
	s.ops = paramAccessRecord(b, s.ops, gs.Params, s.valueID)
	if err := s.mp.writeRecords(s, gs, s.callsiteAbbrev, s.allocAbbrev); err != nil {
		return err
	}
	var ro, wo uint64
	for _, r := range gs.Refs {
		if r.ReadOnly {
			ro++
		}
		if r.WriteOnly {
			wo++
		}
	}
	ops := append(s.ops[:0], id, encodeGVFlags(gs.Flags), gs.Insts, encodeFuncFlags(gs.FuncFlags), uint64(len(gs.Refs)), ro, wo)
	for _, r := range gs.Refs {
		id, err := s.id(r.GUID)
		if err != nil {
			return err
		}
		ops = append(ops, id)
	}
	code := llvmir.FS_PERMODULE_PROFILE
	if s.useRelBF {
		code = llvmir.FS_PERMODULE_RELBF
	}
	for _, c := range gs.Calls {
		id, err := s.id(c.Callee)
		if err != nil {
			return err
		}
		// The hotness in bits 0-2 and the tail call flag in bit 3; or
		// the relative block frequency in bits 0-27
		// (CalleeInfo::RelBlockFreqBits) and the tail call flag in 28.
		info, tail := uint64(c.Hotness&7), uint64(8)
		if code == llvmir.FS_PERMODULE_RELBF {
			info, tail = uint64(c.RelBF&(1<<28-1)), 1<<28
		}
		if c.Tail {
			info |= tail
		}
		ops = append(ops, id, info)
	}
	s.ops = ops
	b.WriteAbbrevRecord(abbrev, uint32(code), ops, nil)
	return nil
}

// variable writes a variable's summary: FS_PERMODULE_GLOBALVAR_INIT_REFS
// [valueid, flags, varflags, refs], or with virtual functions
// FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS [valueid, flags, varflags,
// numrefs, refs, (function, offset) pairs]; the references sorted by
// value ID.
func (s *summaryWriter) variable(id uint64, gs *ir.GlobalSummary, refsAbbrev, vtableAbbrev uint32) error {
	ops := append(s.ops[:0], id, encodeGVFlags(gs.Flags), encodeVarFlags(gs.VarFlags))
	if len(gs.VTableFuncs) > 0 {
		ops = append(ops, uint64(len(gs.Refs)))
	}
	first := len(ops)
	for _, r := range gs.Refs {
		id, ok := s.ids[r.GUID]
		if !ok {
			return &UnsupportedError{What: fmt.Sprintf("a variable summary referring to a value the module does not hold (GUID %d)", r.GUID)}
		}
		ops = append(ops, id)
	}
	slices.Sort(ops[first:])
	code, abbrev := llvmir.FS_PERMODULE_GLOBALVAR_INIT_REFS, refsAbbrev
	if len(gs.VTableFuncs) > 0 {
		code, abbrev = llvmir.FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS, vtableAbbrev
		for _, vf := range gs.VTableFuncs {
			id, ok := s.ids[vf.Func]
			if !ok {
				return &UnsupportedError{What: fmt.Sprintf("a virtual function the module does not hold (GUID %d)", vf.Func)}
			}
			ops = append(ops, id, vf.Offset)
		}
	}
	s.ops = ops
	s.w.bs.WriteAbbrevRecord(abbrev, uint32(code), ops, nil)
	return nil
}

// paramAccessRecord writes FS_PARAM_ACCESS [(param, use range, numcalls,
// (param, callee value ID, offset range) per call) per parameter] for the
// parameter accesses ps of a function summary, after its type metadata
// records, in a per-module summary and a combined index alike: a
// parameter passed to a value valueID gives no ID for is left out, as
// LLVM leaves it, and no record is written when none is left. ops is
// scratch space, returned for reuse.
func paramAccessRecord(b *bitstream.Writer, ops []uint64, ps []ir.ParamAccess, valueID func(guid uint64) (uint64, bool)) []uint64 {
	ops = ops[:0]
params:
	for _, p := range ps {
		undo := len(ops)
		lo, hi := paramBounds(p.Lo, p.Hi)
		ops = append(ops, p.Param, signed(lo), signed(hi), uint64(len(p.Calls)))
		for _, c := range p.Calls {
			id, ok := valueID(c.Callee)
			if !ok {
				ops = ops[:undo]
				continue params
			}
			lo, hi := paramBounds(c.Lo, c.Hi)
			ops = append(ops, c.Param, id, signed(lo), signed(hi))
		}
	}
	if len(ops) > 0 {
		b.WriteRecord(uint32(llvmir.FS_PARAM_ACCESS), ops)
	}
	return ops
}

// typeMetadataRecords writes the type test and virtual call records of a
// function summary whose type id info is t (nil for none), before its
// summary record: FS_TYPE_TESTS [GUIDs], FS_TYPE_TEST_ASSUME_VCALLS and
// FS_TYPE_CHECKED_LOAD_VCALLS [(GUID, offset) pairs], and one
// FS_TYPE_TEST_ASSUME_CONST_VCALL or FS_TYPE_CHECKED_LOAD_CONST_VCALL
// [GUID, offset, args] per call; ops is scratch space, returned for
// reuse.
func typeMetadataRecords(b *bitstream.Writer, ops []uint64, t *ir.TypeIDInfo) []uint64 {
	if t == nil {
		return ops
	}
	if len(t.TypeTests) > 0 {
		b.WriteRecord(uint32(llvmir.FS_TYPE_TESTS), t.TypeTests)
	}
	for _, vc := range []struct {
		code llvmir.SummaryCode
		vs   []ir.VFuncID
	}{{llvmir.FS_TYPE_TEST_ASSUME_VCALLS, t.TypeTestAssumeVCalls}, {llvmir.FS_TYPE_CHECKED_LOAD_VCALLS, t.TypeCheckedLoadVCalls}} {
		if len(vc.vs) == 0 {
			continue
		}
		ops = ops[:0]
		for _, v := range vc.vs {
			ops = append(ops, v.GUID, v.Offset)
		}
		b.WriteRecord(uint32(vc.code), ops)
	}
	for _, cc := range []struct {
		code llvmir.SummaryCode
		vs   []ir.ConstVCall
	}{{llvmir.FS_TYPE_TEST_ASSUME_CONST_VCALL, t.TypeTestAssumeConstVCalls}, {llvmir.FS_TYPE_CHECKED_LOAD_CONST_VCALL, t.TypeCheckedLoadConstVCalls}} {
		for _, v := range cc.vs {
			ops = append(append(ops[:0], v.VFunc.GUID, v.VFunc.Offset), v.Args...)
			b.WriteRecord(uint32(cc.code), ops)
		}
	}
	return ops
}

// paramBounds turns the signed minimum and maximum a parameter access is
// printed with back into the [lower, upper) bounds LLVM writes: the
// empty range [0, -1] is (0, 0) and the full one (-1, -1).
func paramBounds(min, max int64) (int64, int64) {
	const minInt, maxInt = -1 << 63, 1<<63 - 1
	switch {
	case min == 0 && max == -1:
		return 0, 0
	case min == minInt && max == maxInt:
		return -1, -1
	}
	return min, max + 1
}

// encodeGVFlags encodes a summary's global value flags
// (getEncodedGVSummaryFlags): the linkage in bits 0-3, the
// not-eligible-to-import, live, dso_local and can-auto-hide bits in 4-7,
// the visibility in 8-9 and the import type in 10.
func encodeGVFlags(f ir.GVSummaryFlags) uint64 {
	raw := uint64(f.Linkage) & 0xF
	for i, b := range []bool{f.NotEligibleToImport, f.Live, f.DSOLocal, f.CanAutoHide} {
		if b {
			raw |= 1 << (4 + i)
		}
	}
	raw |= uint64(f.Visibility&3) << 8
	if f.ImportTypeDeclaration {
		raw |= 1 << 10
	}
	return raw
}

// encodeFuncFlags encodes a function summary's flags (getEncodedFFlags),
// bit i for the i-th flag in LLVM's order.
func encodeFuncFlags(f ir.FuncSummaryFlags) uint64 {
	var raw uint64
	for i, b := range []bool{f.ReadNone, f.ReadOnly, f.NoRecurse, f.ReturnDoesNotAlias,
		f.NoInline, f.AlwaysInline, f.NoUnwind, f.MayThrow, f.HasUnknownCall, f.MustBeUnreachable} {
		if b {
			raw |= 1 << i
		}
	}
	return raw
}

// encodeVarFlags encodes a variable summary's flags (getEncodedGVarFlags).
func encodeVarFlags(f ir.VarSummaryFlags) uint64 {
	var raw uint64
	if f.ReadOnly {
		raw |= 1
	}
	if f.WriteOnly {
		raw |= 2
	}
	if f.Constant {
		raw |= 4
	}
	return raw | uint64(f.VCallVisibility&3)<<3
}

// moduleHash writes MODULE_CODE_HASH: the hash the summary carries, or,
// when Options.Rehash asks, the SHA-1 LLVM's writer computes: of the
// names addName added, then of the module block written so far (the
// whole 32-bit words after the block's header, start); its five
// big-endian words.
func (w *writer) moduleHash(start uint64) {
	h := w.m.Summary.Modules[0].Hash
	if w.hasher != nil {
		w.hasher.Write(w.bs.Bytes()[start/8 : w.bs.BitPos()/32*4])
		sum := w.hasher.Sum(nil)
		for i := range h {
			h[i] = binary.BigEndian.Uint32(sum[4*i:])
		}
	} else if h == [5]uint32{} {
		return
	}
	ops := make([]uint64, 5)
	for i, v := range h {
		ops[i] = uint64(v)
	}
	w.bs.WriteRecord(uint32(llvmir.MODULE_CODE_HASH), ops)
}

// writeValueGUIDs defines the abbreviation of FS_VALUE_GUID and writes
// one [value ID, GUID high 32 bits, low 32 bits] for each GUID of ids, by
// GUID.
func writeValueGUIDs(b *bitstream.Writer, ids map[uint64]uint64) {
	abbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.FS_VALUE_GUID)), vbr(6), fixed(32), fixed(32)))
	guids := make([]uint64, 0, len(ids))
	for g := range ids {
		guids = append(guids, g)
	}
	slices.Sort(guids)
	for _, g := range guids {
		b.WriteAbbrevRecord(abbrev, uint32(llvmir.FS_VALUE_GUID), []uint64{ids[g] & 0xFFFFFFFF, g >> 32, g & 0xFFFFFFFF}, nil)
	}
}
