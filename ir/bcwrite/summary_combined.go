package bcwrite

import (
	"fmt"
	"slices"
	"sort"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// A combined summary index (the thin link's, llvm::writeIndexToFile) as
// LLVM 22's IndexBitcodeWriter lays it out:
//
//   - the magic, then a MODULE_BLOCK (no IDENTIFICATION block before it)
//     of VERSION 2, a MODULE_STRTAB_BLOCK and a GLOBALVAL_SUMMARY_BLOCK,
//     then a STRTAB_BLOCK (no SYMTAB_BLOCK);
//   - MODULE_STRTAB_BLOCK: abbreviations for MST_CODE_ENTRY with Fixed(8),
//     Fixed(7) and Char6 characters and for MST_CODE_HASH (five
//     Fixed(32)); per module, by path, ENTRY [module ID, path] (the IDs
//     0, 1, ... in that order) and HASH when the hash is not all zeros;
//   - GLOBALVAL_SUMMARY_BLOCK: FS_VERSION 12, FS_FLAGS, FS_VALUE_GUID
//     [value ID, GUID high, low] by GUID, FS_STACK_IDS, the abbreviations
//     of the summary records, the context radix tree (when the
//     allocations carry their contexts), per function or variable
//     summary its records (a function's type test, virtual call and
//     parameter access records, its MemProf callsite and allocation
//     records, FS_COMBINED_PROFILE; FS_COMBINED_GLOBALVAR_INIT_REFS;
//     FS_COMBINED_ORIGINAL_NAME after either), then the aliases
//     (FS_COMBINED_ALIAS), FS_CFI_FUNCTION_DEFS and _DECLS, FS_TYPE_ID for
//     each type id a function summary names, by GUID, and FS_BLOCK_COUNT.
//
// What LLVM's writer takes from hash maps (the value IDs and the order of
// the summaries in an index for a distributed backend) is written as read
// (SummaryValue.ValueID, Summary.Order); without it, as LLVM writes a
// whole index: by GUID, each summary numbered in turn.

// WriteIndex returns the combined summary index s (Summary.Combined, as
// read from a .thinlto.bc file) written as LLVM 22's writer writes one.
// An older producer's index is written in LLVM 22's layout. What the
// layout has no room for (a per-module summary, virtual function tables
// of variables, type id compatible vtables) is refused with an
// UnsupportedError.
func WriteIndex(s *ir.Summary) ([]byte, error) {
	if err := checkIndex(s); err != nil {
		return nil, err
	}
	w := &indexWriter{sum: s, bs: bitstream.NewWriter(make([]byte, 0, 1024))}
	w.order = indexOrder(s)
	w.number()
	w.stackTable()
	w.bs.WriteMagic(bitstream.LLVMIRStream)
	w.bs.EnterBlock(uint32(llvmir.MODULE_BLOCK_ID), 3)
	w.bs.WriteRecord(uint32(llvmir.MODULE_CODE_VERSION), []uint64{2})
	w.modStrings()
	if err := w.summaries(); err != nil {
		return nil, err
	}
	w.bs.ExitBlock()
	w.bs.EnterBlock(uint32(llvmir.STRTAB_BLOCK_ID), 3)
	a := w.bs.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.STRTAB_BLOB)), blob))
	buf := w.st.buf
	if buf == nil {
		buf = []byte{}
	}
	w.bs.WriteAbbrevRecord(a, uint32(llvmir.STRTAB_BLOB), nil, buf)
	w.bs.ExitBlock()
	if err := w.bs.Err(); err != nil {
		return nil, fmt.Errorf("bcwrite: %w", err)
	}
	return w.bs.Bytes(), nil
}

// checkIndex returns what in the combined index s WriteIndex cannot
// write.
func checkIndex(s *ir.Summary) error {
	unsupported := func(format string, args ...any) error {
		return &UnsupportedError{What: fmt.Sprintf(format, args...)}
	}
	switch {
	case s == nil || !s.Combined:
		return unsupported("a per-module summary as a combined index")
	case s.FullLTO:
		return unsupported("a combined index in a FULL_LTO_GLOBALVAL_SUMMARY_BLOCK")
	case len(s.TypeIDCompatibleVTables) > 0:
		return unsupported("type id compatible vtables in a combined index (LLVM writes none there)")
	}
	for i := 1; i < len(s.Modules); i++ {
		if s.Modules[i-1].Path == s.Modules[i].Path {
			return unsupported("a combined index listing module %q twice", s.Modules[i].Path)
		}
	}
	byID := map[uint64]uint64{}
	for _, v := range s.Values {
		if v.ValueID != 0 {
			if g, ok := byID[v.ValueID]; ok {
				return unsupported("a combined index naming values %d and %d by one value ID", g, v.GUID)
			}
			byID[v.ValueID] = v.GUID
		}
		for _, gs := range v.Summaries {
			if err := checkCombinedSummary(s, gs); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkCombinedSummary returns what in gs, a summary of the combined
// index s, WriteIndex cannot write.
func checkCombinedSummary(s *ir.Summary, gs *ir.GlobalSummary) error {
	unsupported := func(what string) error { return &UnsupportedError{What: what} }
	if gs.Module < 0 || gs.Module >= len(s.Modules) {
		return unsupported(fmt.Sprintf("a summary of module %d of a combined index of %d", gs.Module, len(s.Modules)))
	}
	if gs.Kind > ir.SummaryVariable {
		return unsupported(fmt.Sprintf("a summary of kind %d", gs.Kind))
	}
	if len(gs.VTableFuncs) > 0 {
		return unsupported("virtual functions of a variable summary in a combined index (LLVM writes none there)")
	}
	for _, c := range gs.Calls {
		if c.RelBF != 0 {
			return unsupported("a relative block frequency in a combined index (LLVM writes the hotness there)")
		}
	}
	for _, a := range gs.Allocs {
		if len(a.ContextSizes) > 0 {
			return unsupported("MemProf context sizes in a combined index (LLVM writes none there)")
		}
		if s.AllocContexts {
			continue
		}
		for _, m := range a.MIBs {
			if len(m.StackIDs) > 0 {
				return unsupported("a MemProf allocation context in a combined index written without them (Summary.AllocContexts)")
			}
		}
	}
	return nil
}

// indexOrder returns the summaries of s in the order their records are
// written: Summary.Order when it lists each summary once, else by GUID.
func indexOrder(s *ir.Summary) []*ir.GlobalSummary {
	var all []*ir.GlobalSummary
	for _, v := range s.Values {
		all = append(all, v.Summaries...)
	}
	if len(s.Order) == len(all) {
		seen := make(map[*ir.GlobalSummary]bool, len(all))
		for _, gs := range all {
			seen[gs] = true
		}
		ok := true
		for _, gs := range s.Order {
			if !seen[gs] {
				ok = false
				break
			}
			delete(seen, gs)
		}
		if ok {
			return s.Order
		}
	}
	return all
}

// An indexWriter writes a combined summary index.
type indexWriter struct {
	sum *ir.Summary
	bs  *bitstream.Writer
	st  strtab
	// order is the summaries in the order they are written; guidOf
	// gives each one's GUID.
	order  []*ir.GlobalSummary
	guidOf map[*ir.GlobalSummary]uint64
	// ids maps GUIDs to value IDs; modID gives the module ID of each
	// index of Summary.Modules.
	ids   map[uint64]uint64
	modID []uint64
	// The stack id table; pos the radix tree index of each allocation
	// context, in the order they are written, next the next one's.
	stackIDTable
	pos  []uint32
	next int
	ops  []uint64
}

// number gives each value written its value ID and each module its
// module ID. Value IDs as read are kept; when the index has none, they
// are given as LLVM gives them to a whole index (one per summary in
// turn, then one per callee of its callsites without stack ids, a GUID
// numbered twice keeping the second); otherwise the values that lack one
// are numbered after the others, in the order they are written.
func (w *indexWriter) number() {
	s := w.sum
	w.guidOf = map[*ir.GlobalSummary]uint64{}
	w.ids = map[uint64]uint64{}
	var last uint64
	for _, v := range s.Values {
		for _, gs := range v.Summaries {
			w.guidOf[gs] = v.GUID
		}
		if v.ValueID != 0 {
			w.ids[v.GUID] = v.ValueID
			last = max(last, v.ValueID)
		}
	}
	fresh := len(w.ids) == 0
	assign := func(g uint64) {
		if _, ok := w.ids[g]; ok && !fresh {
			return
		}
		last++
		w.ids[g] = last
	}
	for _, gs := range w.order {
		assign(w.guidOf[gs])
		for _, c := range gs.Callsites {
			if len(c.StackIDs) == 0 && c.HasCallee {
				assign(c.Callee)
			}
		}
	}
	// Module IDs follow the paths' order, which the reader's
	// Summary.Modules already has.
	paths := make([]int, len(s.Modules))
	for i := range paths {
		paths[i] = i
	}
	sort.SliceStable(paths, func(a, b int) bool { return s.Modules[paths[a]].Path < s.Modules[paths[b]].Path })
	w.modID = make([]uint64, len(s.Modules))
	for id, i := range paths {
		w.modID[i] = uint64(id)
	}
}

// stackTable makes the stack id table: the one read (Summary.StackIDs),
// each id at its first index, then the ids the records name that it
// lacks, in the order LLVM's writer meets them (per summary written, its
// callsites', then, with contexts, its allocations').
func (w *indexWriter) stackTable() {
	w.start(w.sum.StackIDs)
	for _, gs := range w.order {
		for _, c := range gs.Callsites {
			w.add(c.StackIDs)
		}
		for _, a := range gs.Allocs {
			for _, m := range a.MIBs {
				w.add(m.StackIDs)
			}
		}
	}
}

// modStrings writes the MODULE_STRTAB_BLOCK (writeModStrings).
func (w *indexWriter) modStrings() {
	b := w.bs
	b.EnterBlock(uint32(llvmir.MODULE_STRTAB_BLOCK_ID), 3)
	entry := func(chars bitstream.AbbrevOp) uint32 {
		return b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.MST_CODE_ENTRY)), vbr(8), array, chars))
	}
	abbrev8, abbrev7, abbrev6 := entry(fixed(8)), entry(fixed(7)), entry(char6)
	hashAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.MST_CODE_HASH)),
		fixed(32), fixed(32), fixed(32), fixed(32), fixed(32)))
	mods := make([]int, len(w.sum.Modules))
	for i := range mods {
		mods[w.modID[i]] = i
	}
	for id, i := range mods {
		m := w.sum.Modules[i]
		abbrev := abbrev8
		switch stringEncoding(m.Path) {
		case 6:
			abbrev = abbrev6
		case 7:
			abbrev = abbrev7
		}
		ops := append(w.ops[:0], uint64(id))
		for i := 0; i < len(m.Path); i++ {
			ops = append(ops, uint64(m.Path[i]))
		}
		b.WriteAbbrevRecord(abbrev, uint32(llvmir.MST_CODE_ENTRY), ops, nil)
		if m.Hash != [5]uint32{} {
			ops = ops[:0]
			for _, h := range m.Hash {
				ops = append(ops, uint64(h))
			}
			b.WriteAbbrevRecord(hashAbbrev, uint32(llvmir.MST_CODE_HASH), ops, nil)
		}
		w.ops = ops
	}
	b.ExitBlock()
}

// The abbreviations of the combined summary records.
type indexAbbrevs struct {
	profile, varRefs, alias, callsite, alloc uint32
}

// summaries writes the GLOBALVAL_SUMMARY_BLOCK
// (writeCombinedGlobalValueSummary).
func (w *indexWriter) summaries() error {
	b, s := w.bs, w.sum
	b.EnterBlock(uint32(llvmir.GLOBALVAL_SUMMARY_BLOCK_ID), 4)
	b.WriteRecord(uint32(llvmir.FS_VERSION), []uint64{summaryVersion})
	b.WriteRecord(uint32(llvmir.FS_FLAGS), []uint64{s.Flags})
	w.valueGUIDs()
	if len(w.table) > 0 {
		abbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.FS_STACK_IDS)), array, fixed(32)))
		ops := make([]uint64, 0, 2*len(w.table))
		for _, id := range w.table {
			ops = append(ops, id>>32, id&0xFFFFFFFF)
		}
		b.WriteAbbrevRecord(abbrev, uint32(llvmir.FS_STACK_IDS), ops, nil)
	}
	ab := w.abbrevs()
	if s.AllocContexts {
		radix := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.FS_CONTEXT_RADIX_TREE_ARRAY)), array, vbr(8)))
		w.radixTree(radix)
	}
	types := map[uint64]bool{}
	var aliases []*ir.GlobalSummary
	for _, gs := range w.order {
		var err error
		switch gs.Kind {
		case ir.SummaryAlias:
			aliases = append(aliases, gs)
		case ir.SummaryVariable:
			w.variable(gs, ab)
		default:
			referencedTypeIDs(gs, types)
			err = w.function(gs, ab)
		}
		if err != nil {
			return err
		}
	}
	for _, as := range aliases {
		w.alias(as, ab, types)
	}
	w.cfiFunctions(llvmir.FS_CFI_FUNCTION_DEFS, s.CFIFunctionDefs)
	w.cfiFunctions(llvmir.FS_CFI_FUNCTION_DECLS, s.CFIFunctionDecls)
	w.typeIDs(types)
	if s.BlockCount != 0 {
		b.WriteRecord(uint32(llvmir.FS_BLOCK_COUNT), []uint64{s.BlockCount})
	}
	b.ExitBlock()
	return nil
}

// valueGUIDs writes FS_VALUE_GUID [value ID, GUID high 32 bits, low 32
// bits] for each value numbered, by GUID.
func (w *indexWriter) valueGUIDs() {
	writeValueGUIDs(w.bs, w.ids)
}

// abbrevs defines the abbreviations of the summary records, in LLVM's
// order.
func (w *indexWriter) abbrevs() indexAbbrevs {
	b := w.bs
	allocCode := llvmir.FS_COMBINED_ALLOC_INFO_NO_CONTEXT
	if w.sum.AllocContexts {
		allocCode = llvmir.FS_COMBINED_ALLOC_INFO
	}
	// The last operand of each but the alias's is an array of VBR(8).
	var ab indexAbbrevs
	arr := func(code llvmir.SummaryCode, scalars ...uint64) uint32 {
		ops := []bitstream.AbbrevOp{lit(uint64(code))}
		for _, v := range scalars {
			ops = append(ops, vbr(v))
		}
		return b.DefineAbbrev(bitstream.MakeAbbrev(append(ops, array, vbr(8))...))
	}
	ab.profile = arr(llvmir.FS_COMBINED_PROFILE, 8, 8, 6, 8, 4, 8, 4, 4, 4)
	ab.varRefs = arr(llvmir.FS_COMBINED_GLOBALVAR_INIT_REFS, 8, 8, 6)
	ab.alias = b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.FS_COMBINED_ALIAS)), vbr(8), vbr(8), vbr(6), vbr(8)))
	ab.callsite = arr(llvmir.FS_COMBINED_CALLSITE_INFO, 8, 4, 4)
	ab.alloc = arr(allocCode, 4, 4)
	return ab
}

// radixTree writes FS_CONTEXT_RADIX_TREE_ARRAY for the allocation
// contexts of the function summaries, in the order they are written, if
// there are any, and keeps their positions.
func (w *indexWriter) radixTree(abbrev uint32) {
	w.pos = writeContexts(w.bs, abbrev, w.index, w.order)
}

// header returns the operands a combined record starts with: the value
// ID, module ID and flags of gs.
func (w *indexWriter) header(dst []uint64, gs *ir.GlobalSummary) []uint64 {
	return append(dst, w.ids[w.guidOf[gs]], w.modID[gs.Module], encodeGVFlags(gs.Flags))
}

// originalName writes FS_COMBINED_ORIGINAL_NAME after the records of gs
// when it has one.
func (w *indexWriter) originalName(gs *ir.GlobalSummary) {
	if gs.HasOriginalName {
		w.bs.WriteRecord(uint32(llvmir.FS_COMBINED_ORIGINAL_NAME), []uint64{gs.OriginalName})
	}
}

// variable writes FS_COMBINED_GLOBALVAR_INIT_REFS [value ID, module ID,
// flags, varflags, refs]; references to values without a value ID are
// left out, as LLVM leaves them.
func (w *indexWriter) variable(gs *ir.GlobalSummary, ab indexAbbrevs) {
	ops := append(w.header(w.ops[:0], gs), encodeVarFlags(gs.VarFlags))
	for _, r := range gs.Refs {
		if id, ok := w.ids[r.GUID]; ok {
			ops = append(ops, id)
		}
	}
	w.ops = ops
	w.bs.WriteAbbrevRecord(ab.varRefs, uint32(llvmir.FS_COMBINED_GLOBALVAR_INIT_REFS), ops, nil)
	w.originalName(gs)
}

// function writes a function summary: its type test, virtual call and
// parameter access records, its MemProf records, then
// FS_COMBINED_PROFILE [value ID, module ID, flags, instcount, fflags,
// entrycount (0), numrefs, rorefcnt, worefcnt, refs, (callee, hotness +
// tail call flag) pairs] (LLVM 22 writes the MemProf records before the
// summary record they belong to, which its reader gives them to).
// References and calls to values without a value ID are left out.
func (w *indexWriter) function(gs *ir.GlobalSummary, ab indexAbbrevs) error {
	b := w.bs
	w.ops = typeMetadataRecords(b, w.ops, gs.TypeIDInfo)
	w.ops = paramAccessRecord(b, w.ops, gs.Params, w.valueID)
	if err := w.memprof(gs, ab); err != nil {
		return err
	}
	ops := append(w.header(w.ops[:0], gs), gs.Insts, encodeFuncFlags(gs.FuncFlags), 0, 0, 0, 0)
	var n, ro, wo uint64
	for _, r := range gs.Refs {
		id, ok := w.ids[r.GUID]
		if !ok {
			continue
		}
		ops = append(ops, id)
		n++
		if r.ReadOnly {
			ro++
		} else if r.WriteOnly {
			wo++
		}
	}
	ops[6], ops[7], ops[8] = n, ro, wo
	for _, c := range gs.Calls {
		id, ok := w.ids[c.Callee]
		if !ok {
			continue
		}
		info := uint64(c.Hotness & 7)
		if c.Tail {
			info |= 8
		}
		ops = append(ops, id, info)
	}
	w.ops = ops
	b.WriteAbbrevRecord(ab.profile, uint32(llvmir.FS_COMBINED_PROFILE), ops, nil)
	w.originalName(gs)
	return nil
}

// valueID returns the value ID of the value whose GUID is g, and whether
// it has one.
func (w *indexWriter) valueID(g uint64) (uint64, bool) {
	id, ok := w.ids[g]
	return id, ok
}

// memprof writes the MemProf records of the function summary gs:
// FS_COMBINED_CALLSITE_INFO [callee value ID (0 unknown), numstackids,
// numversions, stack id indexes, versions] per callsite, then per
// allocation FS_COMBINED_ALLOC_INFO [numMIBs, numversions, (alloc type,
// radix tree index) per MIB, versions] or, without contexts,
// FS_COMBINED_ALLOC_INFO_NO_CONTEXT [numMIBs, numversions, alloc types,
// versions].
func (w *indexWriter) memprof(gs *ir.GlobalSummary, ab indexAbbrevs) error {
	b := w.bs
	ops := w.ops[:0]
	for _, c := range gs.Callsites {
		var callee uint64
		if c.HasCallee {
			callee = w.ids[c.Callee]
		}
		ops = append(ops[:0], callee, uint64(len(c.StackIDs)), uint64(len(c.Clones)))
		for _, id := range c.StackIDs {
			ops = append(ops, uint64(w.index[id]))
		}
		for _, v := range c.Clones {
			ops = append(ops, uint64(v))
		}
		b.WriteAbbrevRecord(ab.callsite, uint32(llvmir.FS_COMBINED_CALLSITE_INFO), ops, nil)
	}
	code := llvmir.FS_COMBINED_ALLOC_INFO_NO_CONTEXT
	if w.sum.AllocContexts {
		code = llvmir.FS_COMBINED_ALLOC_INFO
	}
	for _, a := range gs.Allocs {
		ops = append(ops[:0], uint64(len(a.MIBs)), uint64(len(a.Versions)))
		for _, m := range a.MIBs {
			ops = append(ops, uint64(m.AllocType))
			if w.sum.AllocContexts {
				if w.next >= len(w.pos) {
					return fmt.Errorf("bcwrite: MemProf context %d of %d in the radix tree", w.next, len(w.pos))
				}
				ops = append(ops, uint64(w.pos[w.next]))
				w.next++
			}
		}
		for _, v := range a.Versions {
			ops = append(ops, uint64(v))
		}
		b.WriteAbbrevRecord(ab.alloc, uint32(code), ops, nil)
	}
	w.ops = ops
	return nil
}

// alias writes FS_COMBINED_ALIAS [value ID, module ID, flags, aliasee
// value ID (0 when the aliasee has no summary in the alias's module)],
// and adds the type ids the aliasee's function summary names to types.
func (w *indexWriter) alias(as *ir.GlobalSummary, ab indexAbbrevs, types map[uint64]bool) {
	var aliasee uint64
	var target *ir.GlobalSummary
	if as.HasAliasee {
		aliasee = w.ids[as.Aliasee]
		target = w.summaryIn(as.Aliasee, as.Module)
	}
	ops := append(w.header(w.ops[:0], as), aliasee)
	w.ops = ops
	w.bs.WriteAbbrevRecord(ab.alias, uint32(llvmir.FS_COMBINED_ALIAS), ops, nil)
	w.originalName(as)
	if target != nil && target.Kind == ir.SummaryFunction {
		referencedTypeIDs(target, types)
	}
}

// summaryIn returns the summary of the value whose GUID is g in module
// mod, nil when it has none.
func (w *indexWriter) summaryIn(g uint64, mod int) *ir.GlobalSummary {
	i, ok := slices.BinarySearchFunc(w.sum.Values, g, func(v *ir.SummaryValue, g uint64) int {
		switch {
		case v.GUID < g:
			return -1
		case v.GUID > g:
			return 1
		}
		return 0
	})
	if !ok {
		return nil
	}
	for _, gs := range w.sum.Values[i].Summaries {
		if gs.Module == mod {
			return gs
		}
	}
	return nil
}

// cfiFunctions writes FS_CFI_FUNCTION_DEFS or _DECLS [n x (name strtab
// offset, size)] for the names, sorted, each once, unless there are
// none.
func (w *indexWriter) cfiFunctions(code llvmir.SummaryCode, names []string) {
	if len(names) == 0 {
		return
	}
	sorted := slices.Compact(slices.Sorted(slices.Values(names)))
	ops := w.ops[:0]
	for _, n := range sorted {
		ops = append(ops, uint64(w.st.add(n)), uint64(len(n)))
	}
	w.ops = ops
	w.bs.WriteRecord(uint32(code), ops)
}

// typeIDs writes FS_TYPE_ID for the type ids whose GUID is in types, by
// GUID (those of one GUID in the index's order).
func (w *indexWriter) typeIDs(types map[uint64]bool) {
	for _, t := range w.sum.TypeIDs {
		if !types[t.GUID] {
			continue
		}
		w.ops = typeIDRecord(w.ops[:0], &w.st, t)
		w.bs.WriteRecord(uint32(llvmir.FS_TYPE_ID), w.ops)
	}
}

// typeIDRecord appends to ops the operands of t's FS_TYPE_ID record
// (writeTypeIdSummaryRecord): [name (strtab offset, size), kind,
// sizeM1BitWidth, alignLog2, sizeM1, bitMask, inlineBits, then per
// resolution (offset, kind, single implementation name (strtab offset,
// size), numrba, per argument list (numarg, args, kind, info, byte,
// bit))], adding the names to st.
func typeIDRecord(ops []uint64, st *strtab, t *ir.SummaryTypeID) []uint64 {
	ops = append(ops, uint64(st.add(t.Name)), uint64(len(t.Name)),
		uint64(t.Kind), t.SizeM1BitWidth, t.AlignLog2, t.SizeM1, t.BitMask, t.InlineBits)
	for _, r := range t.WPDRes {
		ops = append(ops, r.Offset, uint64(r.Kind), uint64(st.add(r.SingleImplName)), uint64(len(r.SingleImplName)), uint64(len(r.ResByArg)))
		for _, a := range r.ResByArg {
			ops = append(ops, uint64(len(a.Args)))
			ops = append(ops, a.Args...)
			ops = append(ops, uint64(a.Kind), a.Info, a.Byte, a.Bit)
		}
	}
	return ops
}

// referencedTypeIDs adds to types the GUIDs of the type ids the function
// summary gs names: its type tests' and its virtual calls'.
func referencedTypeIDs(gs *ir.GlobalSummary, types map[uint64]bool) {
	t := gs.TypeIDInfo
	if t == nil {
		return
	}
	for _, g := range t.TypeTests {
		types[g] = true
	}
	for _, vs := range [][]ir.VFuncID{t.TypeTestAssumeVCalls, t.TypeCheckedLoadVCalls} {
		for _, v := range vs {
			types[v.GUID] = true
		}
	}
	for _, vs := range [][]ir.ConstVCall{t.TypeTestAssumeConstVCalls, t.TypeCheckedLoadConstVCalls} {
		for _, v := range vs {
			types[v.VFunc.GUID] = true
		}
	}
}
