package llvmir

// minGlobalOps returns the minimum operand count of a global value record,
// without the [strtab offset, strtab size] prefix of version 2: LLVM's
// reader rejects a file with a shorter record ("Invalid record").
func minGlobalOps(code ModuleCode) int {
	switch code {
	case MODULE_CODE_GLOBALVAR:
		return 6
	case MODULE_CODE_FUNCTION:
		return 8
	case MODULE_CODE_ALIAS, MODULE_CODE_IFUNC:
		return 4
	}
	return 3 // MODULE_CODE_ALIAS_OLD
}

// globalOps takes the [strtab offset, strtab size] prefix of a version-2
// global record off ops, and notes the name reference for the global the
// record defines. A record shorter than LLVM accepts defines nothing: it is
// noted and ok is false. (Each global then costs its record at least three
// operands, each a bit of the stream or a literal, which the bitstream
// reader limits to one per bit.)
func (mr *moduleReader) globalOps(code ModuleCode, ops []uint64) (rest []uint64, ok bool) {
	var ref uint64
	rest = ops
	if mr.m.Version >= 2 && code != MODULE_CODE_ALIAS_OLD {
		ref = op(ops, 0)<<32 | op(ops, 1)&0xffffffff
		rest = nil
		if len(ops) >= 2 {
			rest = ops[2:]
		}
	}
	if len(rest) < minGlobalOps(code) {
		mr.note("skipped a MODULE_BLOCK record %d with %d operands (LLVM needs %d and rejects the file)", uint64(code), uint64(len(rest)), uint64(minGlobalOps(code)))
		return nil, false
	}
	mr.m.nameRefs = appendDoubling(mr.m.nameRefs, ref)
	return rest, true
}

// A sectionRef is a global that names a section: indexes in Globals and in
// the section name table.
type sectionRef struct{ global, section int }

// setSection notes that the global about to be appended names section v
// (1-based, 0 for none), if the table has that many names so far.
func (mr *moduleReader) setSection(v uint64) {
	if v != 0 && v <= uint64(len(mr.sectionEnds)) {
		mr.sectionRefs = appendDoubling(mr.sectionRefs, sectionRef{len(mr.m.Globals), int(v - 1)})
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

// globalVar decodes GLOBALVAR: [type, isconst|explicitType<<1, initid,
// linkage, alignment, section, visibility, threadlocal, unnamed_addr,
// externally_initialized, dllstorageclass, ...].
func (mr *moduleReader) globalVar(ops []uint64) {
	ops, ok := mr.globalOps(MODULE_CODE_GLOBALVAR, ops)
	if !ok {
		return
	}
	g := Global{Kind: GlobalVariable, Constant: op(ops, 1)&1 != 0, Defined: op(ops, 2) != 0}
	g.Linkage, g.DLLStorage = decodeLinkage(op(ops, 3))
	mr.setSection(op(ops, 5))
	if !g.Linkage.IsLocal() {
		g.Visibility = Visibility(op(ops, 6))
	}
	g.ThreadLocal = ThreadLocalMode(op(ops, 7))
	if len(ops) > 10 {
		g.DLLStorage = DLLStorage(op(ops, 10))
	}
	mr.m.Globals = appendDoubling(mr.m.Globals, g)
}

// function decodes FUNCTION: [type, callingconv, isproto, linkage,
// paramattrs, alignment, section, visibility, gc, unnamed_addr,
// prologuedata, dllstorageclass, ...].
func (mr *moduleReader) function(ops []uint64) {
	ops, ok := mr.globalOps(MODULE_CODE_FUNCTION, ops)
	if !ok {
		return
	}
	g := Global{Kind: Function, CallingConv: op(ops, 1), Defined: op(ops, 2) == 0, Executable: true}
	g.Linkage, g.DLLStorage = decodeLinkage(op(ops, 3))
	mr.setSection(op(ops, 6))
	if !g.Linkage.IsLocal() {
		g.Visibility = Visibility(op(ops, 7))
	}
	if len(ops) > 11 {
		g.DLLStorage = DLLStorage(op(ops, 11))
	}
	mr.m.Globals = appendDoubling(mr.m.Globals, g)
}

// indirect decodes ALIAS: [type, addrspace, aliasee, linkage, visibility,
// dllstorageclass, threadlocal, ...], ALIAS_OLD: [pointer type, aliasee,
// linkage, visibility, dllstorageclass, threadlocal, ...] and IFUNC: [type,
// addrspace, resolver, linkage, visibility, ...].
func (mr *moduleReader) indirect(code ModuleCode, ops []uint64) {
	ops, ok := mr.globalOps(code, ops)
	if !ok {
		return
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
	mr.m.Globals = appendDoubling(mr.m.Globals, g)
	mr.m.aliasBases = appendDoubling(mr.m.aliasBases, uint64(len(mr.m.Globals)-1)<<32|op(ops, i)&0xffffffff)
}
