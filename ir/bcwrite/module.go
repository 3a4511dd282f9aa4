package bcwrite

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// blockInfo writes the BLOCKINFO block of LLVM 22's writeBlockInfo: the
// value symbol table's, the constants' and the function blocks'
// abbreviations.
func (w *writer) blockInfo() {
	b := w.bs
	tb := fixed(log2Ceil(uint64(len(w.e.types)) + 1))
	b.EnterBlockInfo()
	vst := uint32(llvmir.VALUE_SYMTAB_BLOCK_ID)
	b.BlockInfoAbbrev(vst, bitstream.MakeAbbrev(fixed(3), vbr(8), array, fixed(8)))
	b.BlockInfoAbbrev(vst, bitstream.MakeAbbrev(lit(uint64(llvmir.VST_CODE_ENTRY)), vbr(8), array, fixed(7)))
	b.BlockInfoAbbrev(vst, bitstream.MakeAbbrev(lit(uint64(llvmir.VST_CODE_ENTRY)), vbr(8), array, char6))
	b.BlockInfoAbbrev(vst, bitstream.MakeAbbrev(lit(uint64(llvmir.VST_CODE_BBENTRY)), vbr(8), array, char6))
	cst := uint32(llvmir.CONSTANTS_BLOCK_ID)
	b.BlockInfoAbbrev(cst, bitstream.MakeAbbrev(lit(uint64(llvmir.CST_CODE_SETTYPE)), tb))
	b.BlockInfoAbbrev(cst, bitstream.MakeAbbrev(lit(uint64(llvmir.CST_CODE_INTEGER)), vbr(8)))
	b.BlockInfoAbbrev(cst, bitstream.MakeAbbrev(lit(uint64(llvmir.CST_CODE_CE_CAST)), fixed(4), tb, vbr(8)))
	b.BlockInfoAbbrev(cst, bitstream.MakeAbbrev(lit(uint64(llvmir.CST_CODE_NULL))))
	fn := uint32(llvmir.FUNCTION_BLOCK_ID)
	for _, ops := range [][]bitstream.AbbrevOp{
		{lit(uint64(llvmir.FUNC_CODE_INST_LOAD)), vbr(6), tb, vbr(4), fixed(1)},
		{lit(uint64(llvmir.FUNC_CODE_INST_STORE)), vbr(6), vbr(6), vbr(4), fixed(1)},
		{lit(uint64(llvmir.FUNC_CODE_INST_UNOP)), vbr(6), fixed(4)},
		{lit(uint64(llvmir.FUNC_CODE_INST_UNOP)), vbr(6), fixed(4), fixed(8)},
		{lit(uint64(llvmir.FUNC_CODE_INST_BINOP)), vbr(6), vbr(6), fixed(4)},
		{lit(uint64(llvmir.FUNC_CODE_INST_BINOP)), vbr(6), vbr(6), fixed(4), fixed(8)},
		{lit(uint64(llvmir.FUNC_CODE_INST_CAST)), vbr(6), tb, fixed(4)},
		{lit(uint64(llvmir.FUNC_CODE_INST_CAST)), vbr(6), tb, fixed(4), fixed(8)},
		{lit(uint64(llvmir.FUNC_CODE_INST_RET))},
		{lit(uint64(llvmir.FUNC_CODE_INST_RET)), vbr(6)},
		{lit(uint64(llvmir.FUNC_CODE_INST_BR)), vbr(6)},
		{lit(uint64(llvmir.FUNC_CODE_INST_BR)), vbr(6), vbr(6), vbr(6)},
		{lit(uint64(llvmir.FUNC_CODE_INST_UNREACHABLE))},
		{lit(uint64(llvmir.FUNC_CODE_INST_GEP)), fixed(3), tb, array, vbr(6)},
		{lit(uint64(llvmir.FUNC_CODE_INST_CMP2)), vbr(6), vbr(6), fixed(6)},
		{lit(uint64(llvmir.FUNC_CODE_INST_CMP2)), vbr(6), vbr(6), fixed(6), fixed(8)},
		{lit(uint64(llvmir.FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE)), vbr(7), vbr(7), vbr(7), vbr(6)},
		{lit(uint64(llvmir.FUNC_CODE_DEBUG_LOC)), vbr(6), vbr(8), vbr(6), vbr(6), fixed(1), vbr(6), vbr(3)},
	} {
		b.BlockInfoAbbrev(fn, bitstream.MakeAbbrev(ops...))
	}
	b.ExitBlock()
}

// linkageCode returns a linkage's code (getEncodedLinkage).
func linkageCode(l ir.Linkage) uint64 {
	switch l {
	case ir.ExternalLinkage:
		return uint64(llvmir.LINKAGE_EXTERNAL)
	case ir.WeakAnyLinkage:
		return uint64(llvmir.LINKAGE_WEAK_ANY)
	case ir.AppendingLinkage:
		return uint64(llvmir.LINKAGE_APPENDING)
	case ir.InternalLinkage:
		return uint64(llvmir.LINKAGE_INTERNAL)
	case ir.LinkOnceAnyLinkage:
		return uint64(llvmir.LINKAGE_LINKONCE_ANY)
	case ir.ExternalWeakLinkage:
		return uint64(llvmir.LINKAGE_EXTERN_WEAK)
	case ir.CommonLinkage:
		return uint64(llvmir.LINKAGE_COMMON)
	case ir.PrivateLinkage:
		return uint64(llvmir.LINKAGE_PRIVATE)
	case ir.WeakODRLinkage:
		return uint64(llvmir.LINKAGE_WEAK_ODR)
	case ir.LinkOnceODRLinkage:
		return uint64(llvmir.LINKAGE_LINKONCE_ODR)
	case ir.AvailableExternallyLinkage:
		return uint64(llvmir.LINKAGE_AVAILABLE_EXTERNALLY)
	}
	return 0
}

// alignCode returns an alignment in bytes as bitcode stores it: log2 + 1,
// 0 for none (getEncodedAlign).
func alignCode(a uint64) uint64 {
	if a == 0 {
		return 0
	}
	return uint64(bits.TrailingZeros64(a)) + 1
}

// moduleInfo writes the module's own records (writeModuleInfo): triple,
// data layout, sections, the global variables, functions, aliases and
// ifuncs, and the VSTOFFSET placeholder.
func (w *writer) moduleInfo() error {
	m, e, b := w.m, w.e, w.bs
	if m.Triple != "" {
		w.stringRecord(uint32(llvmir.MODULE_CODE_TRIPLE), m.Triple, 0)
	}
	if m.DataLayout != "" {
		w.stringRecord(uint32(llvmir.MODULE_CODE_DATALAYOUT), m.DataLayout, 0)
	}
	if asm := strings.Join(m.Asm, "\n"); asm != "" {
		// The lines were split at every newline.
		w.stringRecord(uint32(llvmir.MODULE_CODE_ASM), asm, 0)
	}
	sections := map[string]uint64{}
	var maxAlign, maxType uint64
	for _, g := range m.Globals {
		maxAlign = max(maxAlign, g.Align)
		maxType = max(maxType, uint64(e.typeID(g.ValueType)))
		if g.Section != "" {
			if _, ok := sections[g.Section]; !ok {
				w.stringRecord(uint32(llvmir.MODULE_CODE_SECTIONNAME), g.Section, 0)
				sections[g.Section] = uint64(len(sections)) + 1
			}
		}
	}
	gcs := map[string]uint64{}
	for _, f := range m.Functions {
		if f.Section != "" {
			if _, ok := sections[f.Section]; !ok {
				w.stringRecord(uint32(llvmir.MODULE_CODE_SECTIONNAME), f.Section, 0)
				sections[f.Section] = uint64(len(sections)) + 1
			}
		}
		if f.GC != "" {
			if _, ok := gcs[f.GC]; !ok {
				w.stringRecord(uint32(llvmir.MODULE_CODE_GCNAME), f.GC, 0)
				gcs[f.GC] = uint64(len(gcs)) + 1
			}
		}
	}
	var simpleGVar uint32
	if len(m.Globals) > 0 {
		alignOp, sectionOp := lit(0), lit(0)
		if maxAlign != 0 {
			alignOp = fixed(log2Ceil(alignCode(maxAlign) + 1))
		}
		if len(sections) > 0 {
			sectionOp = fixed(log2Ceil(uint64(len(sections)) + 1))
		}
		simpleGVar = b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.MODULE_CODE_GLOBALVAR)),
			vbr(8), vbr(8), fixed(log2Ceil(maxType+1)), vbr(6), vbr(6), fixed(5), alignOp, sectionOp))
	}
	// The source file name, with the narrowest encoding of its bytes.
	src := m.SourceFilename
	if m.NoSourceFilename {
		src = w.opts.ModuleID
	}
	elt := fixed(8)
	switch {
	case bitstream.IsChar6(src):
		elt = char6
	case isASCII(src):
		elt = fixed(7)
	}
	srcAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.MODULE_CODE_SOURCE_FILENAME)), array, elt))
	b.WriteAbbrevRecord(srcAbbrev, uint32(llvmir.MODULE_CODE_SOURCE_FILENAME), w.stringOps(src), nil)

	for _, g := range m.Globals {
		codeModel := g.CodeModel
		if codeModel != ir.NoCodeModel && !w.knows(19) {
			// The field LLVM 18 added, which an older reader skips:
			// not written.
			w.lose("global code_model (dropped)")
			codeModel = ir.NoCodeModel
		}
		sanitizer := g.Sanitizer
		if sanitizer != (ir.SanitizerMetadata{}) && !w.knows(15) {
			// The field LLVM 15 added, which an older reader skips.
			w.lose("global sanitizer metadata (dropped)")
			sanitizer = ir.SanitizerMetadata{}
		}
		init := uint64(0)
		if g.Init != nil {
			init = uint64(e.valueID(g.Init)) + 1
		}
		isConst := b2u(g.Constant)
		ops := []uint64{uint64(w.addName(g.Name)), uint64(len(g.Name)), uint64(e.typeID(g.ValueType)),
			uint64(g.Typ.AddrSpace)<<2 | 2 | isConst, init, linkageCode(g.Linkage), alignCode(g.Align), sections[g.Section]}
		if g.ThreadLocal != ir.NotThreadLocal || g.Visibility != ir.DefaultVisibility ||
			g.UnnamedAddr != ir.NoUnnamedAddr || g.ExternallyInitialized || g.DLLStorage != ir.DefaultStorage ||
			g.Comdat != nil || len(g.Attrs) > 0 || g.DSOLocal || g.Partition != "" ||
			sanitizer != (ir.SanitizerMetadata{}) || codeModel != ir.NoCodeModel {
			comdat := uint64(0)
			if g.Comdat != nil {
				comdat = uint64(e.comdatID[g.Comdat])
			}
			attrs := uint64(0)
			if len(g.Attrs) > 0 {
				attrs = e.listID(ir.AttrList{Fn: g.Attrs})
			}
			ops = append(ops, uint64(g.Visibility), uint64(g.ThreadLocal), unnamedAddrCode(g.UnnamedAddr),
				b2u(g.ExternallyInitialized), uint64(g.DLLStorage), comdat, attrs, b2u(g.DSOLocal),
				uint64(w.addName(g.Partition)), uint64(len(g.Partition)), sanitizerBits(sanitizer), uint64(codeModel))
			b.WriteRecord(uint32(llvmir.MODULE_CODE_GLOBALVAR), ops)
			continue
		}
		b.WriteAbbrevRecord(simpleGVar, uint32(llvmir.MODULE_CODE_GLOBALVAR), ops, nil)
	}
	for _, f := range m.Functions {
		comdat := uint64(0)
		if f.Comdat != nil {
			comdat = uint64(e.comdatID[f.Comdat])
		}
		ops := []uint64{uint64(w.addName(f.Name)), uint64(len(f.Name)), uint64(e.typeID(f.Sig)),
			uint64(f.CallConv), b2u(!f.HasBody), linkageCode(f.Linkage), e.listID(f.Attrs), alignCode(f.Align),
			sections[f.Section], uint64(f.Visibility), gcs[f.GC], unnamedAddrCode(f.UnnamedAddr), w.idPlusOne(f.Prologue),
			uint64(f.DLLStorage), comdat, w.idPlusOne(f.Prefix), w.idPlusOne(f.Personality), b2u(f.DSOLocal),
			uint64(f.Typ.AddrSpace), uint64(w.addName(f.Partition)), uint64(len(f.Partition))}
		b.WriteRecord(uint32(llvmir.MODULE_CODE_FUNCTION), ops)
	}
	for _, a := range m.Aliases {
		if a.Linkage == ir.AvailableExternallyLinkage && !w.knows(16) {
			// LLVM 16's verifier is the first to take one.
			w.lose("available_externally alias (written as an external declaration)")
			w.aliasDeclaration(a)
			continue
		}
		ops := []uint64{uint64(w.addName(a.Name)), uint64(len(a.Name)), uint64(e.typeID(a.ValueType)),
			uint64(a.Typ.AddrSpace), uint64(e.valueID(a.Aliasee)), linkageCode(a.Linkage), uint64(a.Visibility),
			uint64(a.DLLStorage), uint64(a.ThreadLocal), unnamedAddrCode(a.UnnamedAddr), b2u(a.DSOLocal),
			uint64(w.addName(a.Partition)), uint64(len(a.Partition))}
		b.WriteRecord(uint32(llvmir.MODULE_CODE_ALIAS), ops)
	}
	for _, i := range m.IFuncs {
		ops := []uint64{uint64(w.addName(i.Name)), uint64(len(i.Name)), uint64(e.typeID(i.ValueType)),
			uint64(i.Typ.AddrSpace), uint64(e.valueID(i.Resolver)), linkageCode(i.Linkage), uint64(i.Visibility),
			b2u(i.DSOLocal), uint64(w.addName(i.Partition)), uint64(len(i.Partition))}
		b.WriteRecord(uint32(llvmir.MODULE_CODE_IFUNC), ops)
	}
	// VSTOFFSET: a placeholder the module VST's offset is patched into.
	vst := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.MODULE_CODE_VSTOFFSET)), fixed(32)))
	b.WriteAbbrevRecord(vst, uint32(llvmir.MODULE_CODE_VSTOFFSET), []uint64{0}, nil)
	w.vstOffsetBit = b.BitPos() - 32
	return nil
}

// aliasDeclaration writes alias a as the external declaration LLVM
// makes of an available_externally alias when it drops the definitions
// of such values (convertToDeclaration): a function of the alias's value
// type when that is a function type, else a global variable of it with
// no initializer, of the alias's address space and thread-local mode.
// Written where the alias's record would be, it has the alias's value
// number (a reader numbers global values in the order of their records),
// so that every use of the alias is one of it.
func (w *writer) aliasDeclaration(a *ir.Alias) {
	e, b := w.e, w.bs
	name, size := uint64(w.addName(a.Name)), uint64(len(a.Name))
	if a.ValueType.Kind == ir.FunctionType {
		// [name, size, type, callingconv, isproto, linkage, paramattrs,
		// alignment, section, visibility, gc, unnamed_addr, prologue,
		// dllstorage, comdat, prefix, personality, dso_local, addrspace]
		ops := make([]uint64, 19)
		ops[0], ops[1], ops[2], ops[4], ops[18] = name, size, uint64(e.typeID(a.ValueType)), 1, uint64(a.Typ.AddrSpace)
		b.WriteRecord(uint32(llvmir.MODULE_CODE_FUNCTION), ops)
		return
	}
	// [name, size, type, explicit type | address space, initid (none),
	// linkage, alignment, section, visibility, threadlocal]
	ops := []uint64{name, size, uint64(e.typeID(a.ValueType)), uint64(a.Typ.AddrSpace)<<2 | 2, 0, linkageCode(ir.ExternalLinkage), 0, 0}
	if a.ThreadLocal != ir.NotThreadLocal {
		ops = append(ops, 0, uint64(a.ThreadLocal))
	}
	b.WriteRecord(uint32(llvmir.MODULE_CODE_GLOBALVAR), ops)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// unnamedAddrCode is getEncodedUnnamedAddr: 0 none, 1 global, 2 local.
func unnamedAddrCode(u ir.UnnamedAddr) uint64 {
	switch u {
	case ir.GlobalUnnamedAddr:
		return 1
	case ir.LocalUnnamedAddr:
		return 2
	}
	return 0
}

// sanitizerBits is serializeSanitizerMetadata.
func sanitizerBits(s ir.SanitizerMetadata) uint64 {
	return b2u(s.NoAddress) | b2u(s.NoHWAddress)<<1 | b2u(s.Memtag)<<2 | b2u(s.IsDynInit)<<3
}

// metadataKinds writes the METADATA_KIND block: the fixed kinds of LLVM
// 22's context.
func (w *writer) metadataKinds() {
	w.bs.EnterBlock(uint32(llvmir.METADATA_KIND_BLOCK_ID), 3)
	for id := 0; id < llvmir.NumFixedMetadataKinds; id++ {
		name := llvmir.MetadataKindID(id).String()
		ops := append([]uint64{uint64(id)}, w.signedCharOps(name)...)
		w.bs.WriteRecord(uint32(llvmir.METADATA_KIND), ops)
	}
	for i, name := range w.kinds {
		ops := append([]uint64{uint64(llvmir.NumFixedMetadataKinds + i)}, w.signedCharOps(name)...)
		w.bs.WriteRecord(uint32(llvmir.METADATA_KIND), ops)
	}
	w.bs.ExitBlock()
}

// bundleTags writes the OPERAND_BUNDLE_TAGS block: LLVM 22's fixed tags,
// then the module's.
func (w *writer) bundleTags() {
	w.bs.EnterBlock(uint32(llvmir.OPERAND_BUNDLE_TAGS_BLOCK_ID), 3)
	for _, t := range slices.Concat(llvmir.FixedOperandBundleTags, w.m.BundleTags) {
		w.bs.WriteRecord(uint32(llvmir.OPERAND_BUNDLE_TAG), w.signedCharOps(t))
	}
	w.bs.ExitBlock()
}

// syncScopes writes the SYNC_SCOPE_NAMES block: the context's scopes,
// "singlethread", the system scope "", then the module's.
func (w *writer) syncScopes() {
	w.bs.EnterBlock(uint32(llvmir.SYNC_SCOPE_NAMES_BLOCK_ID), 2)
	for _, s := range slices.Concat(llvmir.FixedSyncScopes, w.m.SyncScopes) {
		w.bs.WriteRecord(uint32(llvmir.SYNC_SCOPE_NAME), w.signedCharOps(s))
	}
	w.bs.ExitBlock()
}

// moduleVST writes the module's VALUE_SYMTAB: an FNENTRY for each
// function with a body (none yet), and patches its offset, in 32-bit
// words from the start of the stream, into VSTOFFSET.
func (w *writer) moduleVST(fnStart map[*ir.Function]uint64) {
	b := w.bs
	// Offsets are in 32-bit words from the magic number; blocks start
	// word aligned.
	start := b.BitPos()
	b.EnterBlock(uint32(llvmir.VALUE_SYMTAB_BLOCK_ID), 4)
	fn := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.VST_CODE_FNENTRY)), vbr(8), vbr(8)))
	for _, f := range w.m.Functions {
		if bit, ok := fnStart[f]; ok {
			b.WriteAbbrevRecord(fn, uint32(llvmir.VST_CODE_FNENTRY), []uint64{uint64(w.e.valueID(f)), bit / 32}, nil)
		}
	}
	b.ExitBlock()
	b.Patch32(w.vstOffsetBit, uint32(start/32))
}

// comdats writes a COMDAT record for each comdat, in the order the
// enumerator met them: [strtab offset, size, selection kind].
func (w *writer) comdats() {
	for _, c := range w.e.comdats {
		ops := []uint64{uint64(w.addName(c.Name)), uint64(len(c.Name)), comdatCode(c.Selection)}
		w.bs.WriteRecord(uint32(llvmir.MODULE_CODE_COMDAT), ops)
	}
}

// comdatCode is getEncodedComdatSelectionKind.
func comdatCode(s ir.ComdatSelection) uint64 {
	switch s {
	case ir.ComdatExactMatch:
		return uint64(llvmir.COMDAT_SELECTION_KIND_EXACT_MATCH)
	case ir.ComdatLargest:
		return uint64(llvmir.COMDAT_SELECTION_KIND_LARGEST)
	case ir.ComdatNoDeduplicate:
		return uint64(llvmir.COMDAT_SELECTION_KIND_NO_DUPLICATES)
	case ir.ComdatSameSize:
		return uint64(llvmir.COMDAT_SELECTION_KIND_SAME_SIZE)
	}
	return uint64(llvmir.COMDAT_SELECTION_KIND_ANY)
}

// useLists writes a USELIST block of the orders whose values are
// numbered: [shuffle..., value ID]. LLVM writes what it predicts from
// the uses in memory; a module read from bitcode has the orders its
// reader applied, which are what LLVM's writer would write again.
func (w *writer) useLists(orders []ir.UseListOrder) {
	first := true
	for _, o := range orders {
		id, ok := w.e.lookup(o.Value)
		if !ok {
			continue
		}
		if first {
			w.bs.EnterBlock(uint32(llvmir.USELIST_BLOCK_ID), 3)
			first = false
		}
		ops := append(append([]uint64(nil), o.Shuffle...), uint64(id))
		w.bs.WriteRecord(uint32(llvmir.USELIST_CODE_DEFAULT), ops)
	}
	if !first {
		w.bs.ExitBlock()
	}
}

// idPlusOne returns c's value number plus one, 0 for nil.
func (w *writer) idPlusOne(c ir.Constant) uint64 {
	if c == nil {
		return 0
	}
	return uint64(w.e.valueID(c)) + 1
}
