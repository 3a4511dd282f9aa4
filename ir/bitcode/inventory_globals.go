package bitcode

import "github.com/bcextract/bcextract/llvmir"

// globalOps takes the [strtab offset, strtab size] prefix of a version-2
// global record off ops, and returns the rest with the name reference.
func (mr *moduleReader) globalOps(code llvmir.ModuleCode, ops []uint64) (rest []uint64, ref uint64) {
	rest = ops
	if mr.m.Version >= 2 && code != llvmir.MODULE_CODE_ALIAS_OLD {
		ref = op(ops, 0)<<32 | op(ops, 1)&0xffffffff
		rest = nil
		if len(ops) >= 2 {
			rest = ops[2:]
		}
	}
	return rest, ref
}

// shortRecord notes a global record shorter than LLVM accepts: it defines
// nothing. (Each global then costs its record at least three operands,
// each a bit of the stream or a literal, which the bitstream reader limits
// to one per bit.)
func (mr *moduleReader) shortRecord(code llvmir.ModuleCode, n, need int) {
	mr.note("skipped a MODULE_BLOCK record %d with %d operands (LLVM needs %d and rejects the file)", uint64(code), uint64(n), uint64(need))
}

// addGlobal appends g, named by the strtab reference ref.
func (mr *moduleReader) addGlobal(g GlobalInfo, ref uint64) {
	mr.m.nameRefs = appendInventory(mr.m.nameRefs, ref)
	mr.m.Globals = appendInventory(mr.m.Globals, g)
}

// A sectionRef is a global that names a section: indexes in Globals and in
// the section name table.
type sectionRef struct{ global, section int }

// setSection notes that the global about to be appended names section v
// (1-based, 0 for none), if the table has that many names so far.
func (mr *moduleReader) setSection(v uint64) {
	if v != 0 && v <= uint64(len(mr.sectionEnds)) {
		mr.sectionRefs = appendInventory(mr.sectionRefs, sectionRef{len(mr.m.Globals), int(v - 1)})
	}
}

// resolveSections sets the Section of the globals that name one.
func (mr *moduleReader) resolveSections() {
	if len(mr.sectionRefs) == 0 {
		return
	}
	names := string(mr.sectionChars)
	for _, r := range mr.sectionRefs {
		start := 0
		if r.section > 0 {
			start = mr.sectionEnds[r.section-1]
		}
		mr.m.Globals[r.global].Section = names[start:mr.sectionEnds[r.section]]
	}
}

// globalVar reads a GLOBALVAR record.
func (mr *moduleReader) globalVar(ops []uint64) {
	ops, ref := mr.globalOps(llvmir.MODULE_CODE_GLOBALVAR, ops)
	f, ok := decodeGlobalVar(ops)
	if !ok {
		mr.shortRecord(llvmir.MODULE_CODE_GLOBALVAR, len(ops), 6)
		return
	}
	mr.setSection(f.section)
	mr.addGlobal(GlobalInfo{Kind: GlobalVariable, Constant: f.isConst, Defined: f.initID != 0,
		Linkage: f.linkage, Visibility: f.visibility, DLLStorage: f.dll, ThreadLocal: f.tls}, ref)
}

// function reads a FUNCTION record.
func (mr *moduleReader) function(ops []uint64) {
	ops, ref := mr.globalOps(llvmir.MODULE_CODE_FUNCTION, ops)
	f, ok := decodeFunction(ops)
	if !ok {
		mr.shortRecord(llvmir.MODULE_CODE_FUNCTION, len(ops), 8)
		return
	}
	mr.setSection(f.section)
	mr.addGlobal(GlobalInfo{Kind: GlobalFunction, CallingConv: f.callingConv, Defined: !f.isProto, Executable: true,
		Linkage: f.linkage, Visibility: f.visibility, DLLStorage: f.dll}, ref)
}

// indirect reads an ALIAS, ALIAS_OLD or IFUNC record.
func (mr *moduleReader) indirect(code llvmir.ModuleCode, ops []uint64) {
	ops, ref := mr.globalOps(code, ops)
	f, ok := decodeIndirect(code, ops)
	if !ok {
		need := minIndirectOps
		if code == llvmir.MODULE_CODE_ALIAS_OLD {
			need = minAliasOldOps
		}
		mr.shortRecord(code, len(ops), need)
		return
	}
	g := GlobalInfo{Kind: GlobalAlias, Defined: true, Linkage: f.linkage, Visibility: f.visibility, DLLStorage: f.dll, ThreadLocal: f.tls}
	if code == llvmir.MODULE_CODE_IFUNC {
		g.Kind, g.Executable = GlobalIFunc, true
	}
	mr.addGlobal(g, ref)
	mr.m.aliasBases = appendInventory(mr.m.aliasBases, uint64(len(mr.m.Globals)-1)<<32|f.aliasee&0xffffffff)
}
