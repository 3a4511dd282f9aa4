package bitcode

import "github.com/bcextract/bcextract/ir"

// The decoders of files, units and scopes: DIFile, DICompileUnit,
// DISubprogram, DILexicalBlock, DILexicalBlockFile, DINamespace, DIModule,
// DICommonBlock.

func (b *diBuilder) file() {
	b.n.Refs = b.r.refScratch()
	b.str("filename", 1)
	b.str("directory", 2)
	if kind := b.at(3); kind != 0 && b.at(4) != 0 {
		b.enum("checksumkind", kind, ir.EnumChecksumKind)
		b.optStr("checksum", 4)
	}
	if b.has(5) {
		b.str("source", 5)
	}
}

func (b *diBuilder) compileUnit() {
	if id := b.at(cuSubprograms); id != 0 && b.lookup(id) != nil {
		// LLVM 3.8 and older listed the subprograms here; once the
		// block is read, each gets the unit (upgradeCUSubprograms). A
		// list not read yet is ignored, as LLVM 22 ignores it
		// (getMDOrNullWithoutPlaceholders).
		b.r.cuSubprograms = append(b.r.cuSubprograms, cuList{cu: b.n, id: id})
	}
	b.n.Distinct = true
	b.ref(cuFile)
	b.nilRefs(3)
	b.refs(cuEnums, cuRetainedTypes, cuGlobals, cuImports, cuMacros)
	if lang := b.at(cuLanguage); lang&(1<<63) != 0 {
		// A versioned language name (DW_LNAME_*).
		b.optEnum("sourceLanguageName", lang&^(1<<63), ir.EnumDWLName)
		b.uint("sourceLanguageVersion", b.at(cuSourceLanguageVersion))
	} else {
		b.enum("language", lang, ir.EnumDWLang)
	}
	b.md("file", cuFile)
	b.str("producer", cuProducer)
	b.bool("isOptimized", b.at(cuIsOptimized) != 0)
	b.str("flags", cuFlags)
	b.uint("runtimeVersion", b.at(cuRuntimeVersion))
	b.str("splitDebugFilename", cuSplitDebugFilename)
	b.enum("emissionKind", b.at(cuEmissionKind), ir.EnumEmissionKind)
	b.md("enums", cuEnums)
	b.md("retainedTypes", cuRetainedTypes)
	b.md("globals", cuGlobals)
	b.md("imports", cuImports)
	b.md("macros", cuMacros)
	b.uint("dwoId", b.at(cuDWOID))
	b.bool("splitDebugInlining", !b.has(cuSplitDebugInlining) || b.at(cuSplitDebugInlining) != 0)
	b.bool("debugInfoForProfiling", b.at(cuDebugInfoForProfiling) != 0)
	b.enum("nameTableKind", b.at(cuNameTableKind), ir.EnumNameTableKind)
	b.bool("rangesBaseAddress", b.at(cuRangesBaseAddress) != 0)
	b.str("sysroot", cuSysroot)
	b.str("sdk", cuSDK)
}

// spLayout is where a DISubprogram record keeps its operands, which moved
// between versions: a is the shift of those from scopeLine to
// virtualIndex, o of those from the unit on; unit is -1 when the record
// has none.
type spLayout struct {
	a, o, unit                   int
	thisAdj, thrown, annotations bool
	targetName, keyInstructions  bool
	// fn says operand 15 names the function (version 1, LLVM 3.8).
	fn bool
}

// subprogramFlags returns the DIFlags and DISPFlags of a DISubprogram
// record, the latter made from the separate operands of a record older
// than LLVM 8 (hasSPFlags clear), with the old DIFlagMainSubprogram bit
// moved to DISPFlagMainSubprogram.
func (b *diBuilder) subprogramFlags(hasSPFlags bool) (flags, sp uint64) {
	if hasSPFlags {
		flags, sp = b.at(11), b.at(9)
	} else {
		flags = b.at(13)
	}
	const oldMain = 1 << 21
	oldMainFlag := flags&oldMain != 0
	flags &^= oldMain
	if !hasSPFlags {
		if b.at(7) != 0 {
			sp |= 1 << 2
		}
		if b.at(8) != 0 {
			sp |= 1 << 3
		}
		if b.at(14) != 0 {
			sp |= 1 << 4
		}
		sp |= b.at(11) & 3
	}
	if oldMainFlag {
		sp |= 1 << 8
	}
	return flags, sp
}

// subprogramLayout returns the layout of a DISubprogram record.
func (b *diBuilder) subprogramLayout(hasSPFlags, hasUnit bool) spLayout {
	l := spLayout{thisAdj: true, thrown: true}
	if !hasSPFlags {
		l.a, l.o = 2, 2
		if b.count() >= 19 {
			l.o++
			l.fn = !hasUnit
		}
		l.thisAdj = b.count() >= 20
		l.thrown = b.count() >= 21
	} else {
		l.annotations = b.count() >= 19
		l.targetName = b.count() >= 20
		l.keyInstructions = b.count() >= 21 && b.at(20) != 0
	}
	l.unit = 12 + l.o
	if !hasUnit {
		l.unit = -1
	}
	return l
}

func (b *diBuilder) subprogram() {
	if b.r.noDebug {
		// Only what DropDebugInfo promises: the file and the line.
		b.ref(4)
		b.md("file", 4)
		b.uint("line", b.at(5))
		return
	}
	hasSPFlags := b.at(0)&4 != 0
	hasUnit := b.at(0)&2 != 0
	flags, sp := b.subprogramFlags(hasSPFlags)
	b.n.Distinct = b.at(0)&1 != 0 || sp&(1<<3) != 0
	if !hasSPFlags && hasUnit && b.count() < 19 || hasSPFlags && !hasUnit {
		b.fail(b.r.errorf("invalid DISubprogram record"))
		return
	}
	l := b.subprogramLayout(hasSPFlags, hasUnit)
	a, o := l.a, l.o
	b.ref(4)
	b.ref(1)
	b.nilRefs(2)
	b.ref(6)
	if l.unit >= 0 {
		b.ref(l.unit)
	} else {
		b.nilRefs(1)
	}
	b.refs(14+o, 15+o, 8+a, 13+o)
	if l.thrown {
		b.ref(17 + o)
	}
	if l.annotations {
		b.ref(18 + o)
	}
	b.str("name", 2)
	b.str("linkageName", 3)
	b.md("scope", 1)
	b.md("file", 4)
	b.uint("line", b.at(5))
	b.md("type", 6)
	b.uint("scopeLine", b.at(7+a))
	b.md("containingType", 8+a)
	b.uint("virtualIndex", uint64(uint32(b.at(10+a))))
	if l.thisAdj {
		b.int("thisAdjustment", int64(int32(b.at(16+o))))
	}
	b.flags("flags", flags)
	b.spFlags(sp)
	if l.unit >= 0 {
		b.md("unit", l.unit)
	}
	b.md("templateParams", 13+o)
	b.md("declaration", 14+o)
	b.md("retainedNodes", 15+o)
	if l.thrown {
		b.md("thrownTypes", 17+o)
	}
	if l.annotations {
		b.md("annotations", 18+o)
	}
	if l.targetName {
		b.str("targetFuncName", 19+o)
	}
	b.bool("keyInstructions", l.keyInstructions)
	if l.fn {
		b.functionSubprogram(b.at(15))
	}
}

// functionSubprogram notes the function a DISubprogram of version 1 (LLVM
// 3.7 and 3.8) names by operand 15 (a metadata ID plus one): LLVM 22
// makes the subprogram the function's !dbg when it loads its body
// (FunctionsWithSPs), whatever the body attached.
func (b *diBuilder) functionSubprogram(id uint64) {
	if id == 0 {
		return
	}
	v, ok := b.lookup(id).(*ir.ValueAsMetadata)
	if !ok {
		return
	}
	f, ok := v.Value.(*ir.Function)
	if !ok || !f.HasBody {
		return
	}
	if b.r.fnSubprograms == nil {
		b.r.fnSubprograms = map[*ir.Function]*ir.SpecializedNode{}
	}
	b.r.fnSubprograms[f] = b.n
}

func (b *diBuilder) lexicalBlock() {
	b.ref(2)
	b.ref(1)
	b.md("scope", 1)
	b.md("file", 2)
	b.uint("line", b.at(3))
	b.uint("column", b.at(4))
}

func (b *diBuilder) lexicalBlockFile() {
	b.ref(2)
	b.ref(1)
	b.md("scope", 1)
	b.md("file", 2)
	b.uint("discriminator", b.at(3))
}

func (b *diBuilder) commonBlock() {
	b.refs(1, 2, 4)
	b.md("scope", 1)
	b.md("declaration", 2)
	b.str("name", 3)
	b.md("file", 4)
	b.uint("line", b.at(5))
}

func (b *diBuilder) namespace() {
	name := 2
	if b.count() == 5 {
		name = 3
	} else if b.count() != 3 {
		b.fail(b.r.errorf("invalid DINamespace record"))
		return
	}
	b.nilRefs(1)
	b.ref(1)
	b.str("name", name)
	b.md("scope", 1)
	b.bool("exportSymbols", b.at(0)&2 != 0)
}

func (b *diBuilder) module() {
	off := 1
	hasFile := b.count() >= 8
	if hasFile {
		off = 2
		b.ref(1)
	} else {
		b.nilRefs(1)
	}
	b.ref(off)
	b.md("scope", off)
	b.str("name", off+1)
	b.str("configMacros", off+2)
	b.str("includePath", off+3)
	b.str("apinotes", off+4)
	if hasFile {
		b.md("file", 1)
	}
	b.uint("line", b.at(7))
	b.bool("isDecl", b.at(8) != 0)
}
