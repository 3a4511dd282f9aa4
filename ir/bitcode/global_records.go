package bitcode

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// The module-level global value records (GLOBALVAR, FUNCTION, ALIAS,
// ALIAS_OLD, IFUNC) have one decoder each here, used by both readers: the
// full one (Reader.globalVarRecord, functionRecord, indirectRecord), which
// resolves the IDs and validates them, and the inventory (ReadInventory),
// which keeps what inspect and nm need. A decoder takes the record's
// operands after the [strtab offset, strtab size] prefix of version-2
// bitcode, reports a record shorter than LLVM accepts, and maps the
// encoded enumerations as LLVM's BitcodeReader does; it resolves no ID.
// Optional trailing fields carry a has-flag where absent and zero differ.

// globalVarFields are the fields of a GLOBALVAR record: [type,
// isconst|explicittype<<1|addrspace<<2, initid, linkage, alignment,
// section, visibility, threadlocal, unnamed_addr, externally_initialized,
// dllstorageclass, comdat, attributes, preemptionspecifier, partition
// offset, partition size, sanitizer, code model].
type globalVarFields struct {
	typ          uint64
	isConst      bool
	explicitType bool   // false: a typed-pointer record (before LLVM 15's opaque pointers)
	addrSpace    uint64 // unchecked
	initID       uint64 // the initializer's value ID + 1, 0 for a declaration
	rawLinkage   uint64 // as encoded, for the upgrades that read it
	linkage      ir.Linkage
	align        uint64 // log2(alignment) + 1, 0 for none
	section      uint64 // 1-based index in the SECTIONNAME records, 0 for none
	visibility   ir.Visibility
	tls          ir.ThreadLocalMode
	unnamedAddr  ir.UnnamedAddr
	extInit      bool
	dll          ir.DLLStorage // upgraded from the linkage when the record has none
	hasComdat    bool          // false: an implicit comdat may apply (see hasImplicitComdat)
	comdat       uint64        // 1-based comdat index, 0 for none
	hasAttrs     bool
	attrs        uint64
	dsoLocal     bool
	hasPartition bool
	partOff      uint64
	partSize     uint64
	sanitizer    uint64
	codeModel    uint64
	extra        int // operands past the last field LLVM 22 knows
}

// decodeGlobalVar decodes a GLOBALVAR record; ok is false when it is
// shorter than LLVM's reader accepts (6 operands).
func decodeGlobalVar(ops []uint64) (f globalVarFields, ok bool) {
	if len(ops) < 6 {
		return f, false
	}
	f.typ = ops[0]
	f.isConst = ops[1]&1 != 0
	f.explicitType = ops[1]&2 != 0
	f.addrSpace = ops[1] >> 2
	f.initID = ops[2]
	f.rawLinkage = ops[3]
	f.linkage = decodeLinkage(ops[3])
	f.align = ops[4]
	f.section = ops[5]
	local := f.linkage.IsLocal()
	if len(ops) > 6 && !local {
		f.visibility = decodeVisibility(ops[6])
	}
	if len(ops) > 7 {
		f.tls = decodeTLS(ops[7])
	}
	if len(ops) > 8 {
		f.unnamedAddr = decodeUnnamedAddr(ops[8])
	}
	if len(ops) > 9 {
		f.extInit = ops[9] != 0
	}
	f.dll = recordDLL(ops, 10, f.linkage, f.rawLinkage)
	if len(ops) > 11 {
		f.hasComdat, f.comdat = true, ops[11]
	}
	if len(ops) > 12 {
		f.hasAttrs, f.attrs = true, ops[12]
	}
	if len(ops) > 13 {
		f.dsoLocal = ops[13] == 1
	}
	if len(ops) > 15 {
		f.hasPartition, f.partOff, f.partSize = true, ops[14], ops[15]
	}
	if len(ops) > 16 {
		f.sanitizer = ops[16]
	}
	if len(ops) > 17 {
		f.codeModel = ops[17]
	}
	if len(ops) > 18 {
		f.extra = len(ops) - 18
	}
	return f, true
}

// functionFields are the fields of a FUNCTION record: [type, callingconv,
// isproto, linkage, paramattrs, alignment, section, visibility, gc,
// unnamed_addr, prologuedata, dllstorageclass, comdat, prefixdata,
// personalityfn, preemptionspecifier, addrspace, partition offset,
// partition size, preferred alignment].
type functionFields struct {
	typ          uint64
	callingConv  uint64 // unchecked
	isProto      bool   // a declaration: no body follows
	rawLinkage   uint64
	linkage      ir.Linkage
	attrs        uint64
	align        uint64 // log2(alignment) + 1, 0 for none
	section      uint64 // 1-based, 0 for none
	visibility   ir.Visibility
	gc           uint64 // 1-based GCNAME index, 0 for none
	unnamedAddr  ir.UnnamedAddr
	prologue     uint64 // value ID + 1, 0 for none
	dll          ir.DLLStorage
	hasComdat    bool
	comdat       uint64
	prefix       uint64 // value ID + 1, 0 for none
	personality  uint64 // value ID + 1, 0 for none
	dsoLocal     bool
	hasAddrSpace bool // false: the data layout's program address space
	addrSpace    uint64
	hasPartition bool
	partOff      uint64
	partSize     uint64
	hasPrefAlign bool
	prefAlign    uint64 // log2(alignment) + 1
	extra        int
}

// decodeFunction decodes a FUNCTION record; ok is false when it is shorter
// than LLVM's reader accepts (8 operands).
func decodeFunction(ops []uint64) (f functionFields, ok bool) {
	if len(ops) < 8 {
		return f, false
	}
	f.typ = ops[0]
	f.callingConv = ops[1]
	f.isProto = ops[2] != 0
	f.rawLinkage = ops[3]
	f.linkage = decodeLinkage(ops[3])
	f.attrs = ops[4]
	f.align = ops[5]
	f.section = ops[6]
	if !f.linkage.IsLocal() {
		f.visibility = decodeVisibility(ops[7])
	}
	if len(ops) > 8 {
		f.gc = ops[8]
	}
	if len(ops) > 9 {
		f.unnamedAddr = decodeUnnamedAddr(ops[9])
	}
	if len(ops) > 10 {
		f.prologue = ops[10]
	}
	f.dll = recordDLL(ops, 11, f.linkage, f.rawLinkage)
	if len(ops) > 12 {
		f.hasComdat, f.comdat = true, ops[12]
	}
	if len(ops) > 13 {
		f.prefix = ops[13]
	}
	if len(ops) > 14 {
		f.personality = ops[14]
	}
	if len(ops) > 15 {
		f.dsoLocal = ops[15] == 1
	}
	if len(ops) > 16 {
		f.hasAddrSpace, f.addrSpace = true, ops[16]
	}
	if len(ops) > 18 {
		f.hasPartition, f.partOff, f.partSize = true, ops[17], ops[18]
	}
	if len(ops) > 19 {
		f.hasPrefAlign, f.prefAlign = true, ops[19]
	}
	if len(ops) > 20 {
		f.extra = len(ops) - 20
	}
	return f, true
}

// indirectFields are the fields of an ALIAS record: [type, addrspace,
// aliasee, linkage, visibility, dllstorageclass, threadlocal,
// unnamed_addr, preemptionspecifier, partition offset, partition size], of
// an IFUNC record, which has no dllstorageclass, threadlocal and
// unnamed_addr, and of an ALIAS_OLD record (before LLVM 3.9), which has
// the pointer type and no addrspace.
type indirectFields struct {
	typ          uint64
	addrSpace    uint64 // unchecked; 0 for ALIAS_OLD
	aliasee      uint64 // value ID of the aliasee or resolver
	rawLinkage   uint64
	linkage      ir.Linkage
	visibility   ir.Visibility
	dll          ir.DLLStorage
	tls          ir.ThreadLocalMode
	unnamedAddr  ir.UnnamedAddr
	dsoLocal     bool
	hasPartition bool
	partOff      uint64
	partSize     uint64
}

// minIndirectOps is the operand count LLVM's reader needs of an ALIAS or
// IFUNC record, and of an ALIAS_OLD one.
const minIndirectOps, minAliasOldOps = 4, 3

// decodeIndirect decodes an ALIAS, ALIAS_OLD or IFUNC record (code); ok is
// false when it is shorter than LLVM's reader accepts.
func decodeIndirect(code llvmir.ModuleCode, ops []uint64) (f indirectFields, ok bool) {
	i := 2 // index of the aliasee
	if code == llvmir.MODULE_CODE_ALIAS_OLD {
		i = 1
		if len(ops) < minAliasOldOps {
			return f, false
		}
	} else {
		if len(ops) < minIndirectOps {
			return f, false
		}
		f.addrSpace = ops[1]
	}
	f.typ = ops[0]
	f.aliasee = ops[i]
	f.rawLinkage = ops[i+1]
	f.linkage = decodeLinkage(f.rawLinkage)
	local := f.linkage.IsLocal()
	i += 2
	if i < len(ops) {
		if !local {
			f.visibility = decodeVisibility(ops[i])
		}
		i++
	}
	if code != llvmir.MODULE_CODE_IFUNC {
		f.dll = recordDLL(ops, i, f.linkage, f.rawLinkage)
		if i < len(ops) {
			i++
		}
		if i < len(ops) {
			f.tls = decodeTLS(ops[i])
			i++
		}
		if i < len(ops) {
			f.unnamedAddr = decodeUnnamedAddr(ops[i])
			i++
		}
	}
	if i < len(ops) {
		f.dsoLocal = ops[i] == 1
		i++
	}
	if i+1 < len(ops) {
		f.hasPartition, f.partOff, f.partSize = true, ops[i], ops[i+1]
	}
	return f, true
}

// recordDLL returns the DLL storage class of a global whose record has it
// at operand i, if the record is that long, or that an old linkage code
// (LINKAGE_DLLIMPORT_OLD, LINKAGE_DLLEXPORT_OLD) implies otherwise. A local global has none.
func recordDLL(ops []uint64, i int, l ir.Linkage, rawLinkage uint64) ir.DLLStorage {
	if l.IsLocal() {
		return ir.DefaultStorage
	}
	if i < len(ops) {
		return decodeDLL(ops[i])
	}
	switch llvmir.LinkageCode(enum32(rawLinkage)) {
	case llvmir.LINKAGE_DLLIMPORT_OLD:
		return ir.DLLImport
	case llvmir.LINKAGE_DLLEXPORT_OLD:
		return ir.DLLExport
	}
	return ir.DefaultStorage
}
