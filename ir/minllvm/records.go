package minllvm

import "github.com/bcextract/bcextract/llvmir"

// This file holds the rules of the module, type, constants and function
// blocks: for one record (its code and operands, abbreviations expanded)
// the oldest LLVM from which every reader up to LLVM 22 reads it as LLVM
// 22 does, and what in it needs that LLVM. Each rule names the readers
// that refuse the record or misread it, as their sources show
// (BitcodeReader.cpp of LLVM 13 to 19 and 21, LLVMBitCodes.h, and the
// IR headers that decide which instructions take which flags). LLVM 20's
// reader is not among the sources: what LLVM 21 reads and 19 does not is
// said to need 21.
//
// The rules see one record. Where the meaning of an operand depends on
// what they do not see (a type, the value numbering of the function), a
// rule decides as said at it: value operands are taken as relative value
// IDs (module VERSION 1 or 2, what every writer since LLVM 3.3 writes)
// and module records as of VERSION 2 (strtab offset and size first,
// every writer since LLVM 5).

// Flag bits of the optional flags operand of an instruction or a
// constant expression (bit numbers of LLVMBitCodes.h).
const (
	flagDisjoint = 1 << llvmir.PDI_DISJOINT
	flagNonNeg   = 1 << llvmir.PNNI_NON_NEG
	flagTruncNUW = 1 << llvmir.TIO_NO_UNSIGNED_WRAP
	flagTruncNSW = 1 << llvmir.TIO_NO_SIGNED_WRAP
	gepInBounds  = 1 << 0 // GEP_INBOUNDS
	gepNUSW      = 1 << 1 // GEP_NUSW
	gepNUW       = 1 << 2 // GEP_NUW
)

// maxAlignCode13 is the highest encoded alignment (log2 of the alignment,
// plus one) LLVM 13 takes: its MaxAlignmentExponent is 29, so an
// alignment of 2^30 to 2^32 (codes 31 to 33), which LLVM 14 and later
// take (exponent 32), is "Invalid alignment value" to it.
const maxAlignCode13 = 30

// alignNeed returns what an encoded alignment needs.
func alignNeed(code uint64) (int, string) {
	if code > maxAlignCode13 {
		return 14, "alignment above 2^29"
	}
	return 0, ""
}

// fwdRef reports whether value operand op, a relative value ID, refers
// to a value not defined yet (a forward reference), which readers take
// with a type operand after it where the operand is a value-and-type
// pair: relative ID 0 (the instruction's own number) or one that wraps
// below zero in 32 bits. A relative ID in between can only be a
// reference to a value more than 2^31 ahead, which no writer writes.
func fwdRef(op uint64) bool {
	r := uint32(op)
	return r == 0 || r >= 1<<31
}

// valueTypeEnd returns the index after the value-and-type pair at ops[i]
// (getValueTypePair: the value, and its type when it is a forward
// reference), or len(ops)+1 when ops end before it.
func valueTypeEnd(ops []uint64, i int) int {
	if i >= len(ops) {
		return len(ops) + 1
	}
	if fwdRef(ops[i]) {
		return i + 2
	}
	return i + 1
}

// moduleRecord returns what a MODULE_BLOCK record needs: the oldest LLVM
// from which every reader up to LLVM 22 reads the record (code, ops) as
// LLVM 22 does, and what in it needs that LLVM; 0, "" when LLVM 13's
// reader and every newer one do.
//
// The layouts of GLOBALVAR, FUNCTION, ALIAS, IFUNC and COMDAT are the
// same from LLVM 13's writer to 22's: LLVM 22 writes no operand that 13
// does not read, and every reader 13 to 22 takes VERSION 0 to 2, the
// strings (TRIPLE, ASM, SECTIONNAME, GCNAME, SOURCE_FILENAME), VSTOFFSET
// and HASH alike. What needs a newer reader is in the values: a global's
// sanitizer metadata and code model (fields LLVM 15 and 18 added, which
// older readers skip: the global is misread), an alignment above 2^29,
// and a data layout string with specifications older parsers refuse.
func moduleRecord(code llvmir.ModuleCode, ops []uint64) (int, string) {
	switch code {
	case llvmir.MODULE_CODE_GLOBALVAR:
		// [strtab offset, strtab size, type, flags, init, linkage,
		// alignment, section, visibility, tls, unnamed_addr,
		// externally_initialized, dllstorageclass, comdat, attributes,
		// dso_local, partition offset, partition size, sanitizer,
		// code_model]: field i of LLVM's v1 layout is ops[2+i].
		const align, sanitizer, codeModel = 2 + 4, 2 + 16, 2 + 17
		if len(ops) > codeModel && ops[codeModel] != 0 {
			// LLVM 18 reads field 17 (getDecodedCodeModel); 13 to 17
			// stop at field 16 and leave the global in the default
			// code model.
			return needs(18, "global code_model (MODULE_CODE_GLOBALVAR field 17)")
		}
		if len(ops) > sanitizer && ops[sanitizer] != 0 {
			// LLVM 15 reads field 16 (no_sanitize_address,
			// no_sanitize_hwaddress, sanitize_memtag,
			// sanitize_address_dyninit); 13 and 14 stop at 15.
			return needs(15, "global sanitizer metadata (no_sanitize_address, sanitize_memtag, ...)")
		}
		if len(ops) > align {
			return alignNeed(ops[align])
		}
	case llvmir.MODULE_CODE_FUNCTION:
		// [strtab offset, strtab size, type, cc, isproto, linkage,
		// paramattrs, alignment, ...]: LLVM 13 to 22 read the same 19
		// fields; a calling convention is kept as its number by every
		// reader (below 1024, else refused by all).
		const align = 2 + 5
		if len(ops) > align {
			return alignNeed(ops[align])
		}
	case llvmir.MODULE_CODE_DATALAYOUT:
		return dataLayoutNeed(ops)
	}
	return 0, ""
}

// dataLayoutNeed returns what the data layout string of a DATALAYOUT
// record (its characters, one an operand) needs: each reader parses it
// and refuses a specification it does not know (LLVM 13 with a fatal
// error). Since LLVM 14 "m:l" (GOFF mangling); only LLVM 22 takes flags
// before a pointer specification's address space ("pe1:...", "pu1:...":
// external state, unstable representation) and address space names
// ("p1(name):..."). Everything else LLVM 22 parses, LLVM 13 does too.
func dataLayoutNeed(ops []uint64) (int, string) {
	v, what := 0, ""
	start := 0
	for i := 0; i <= len(ops); i++ {
		if i < len(ops) && ops[i] != '-' {
			continue
		}
		spec := ops[start:i]
		start = i + 1
		if len(spec) == 0 {
			continue
		}
		switch spec[0] {
		case 'm':
			if len(spec) == 3 && spec[1] == ':' && spec[2] == 'l' && v < 14 {
				v, what = 14, "data layout mangling mode m:l (GOFF)"
			}
		case 'p':
			for _, c := range spec[1:] {
				if c == ':' {
					break
				}
				if c == 'e' || c == 'u' || c == '(' {
					return needs(22, "data layout pointer specification with flags or an address space name")
				}
			}
		}
	}
	return needs(v, what)
}

// typeRecord returns what a TYPE_BLOCK_ID_NEW record needs (see
// moduleRecord).
//
// Every reader 13 to 22 refuses a type code it does not know ("Invalid
// value"); the codes LLVM 13 knows it reads as 22 does, but for the
// opaque pointer and the target extension type. A type code LLVM 22 does
// not know either is read by no reader (Latest+1).
func typeRecord(code llvmir.TypeCode, ops []uint64) (int, string) {
	switch code {
	case llvmir.TYPE_CODE_OPAQUE_POINTER:
		// LLVM 13 takes the record but builds typed pointers around
		// it; 14 refuses it ("Opaque pointers are only supported in
		// -opaque-pointers mode"); 15 switches to opaque pointers at
		// the first one, 16 and later use nothing else.
		return needs(15, "opaque pointer type (ptr)")
	case llvmir.TYPE_CODE_TARGET_TYPE:
		// LLVM 16's; 13 to 15 refuse the code. The type's name is in
		// the STRUCT_NAME record before it, which this rule does not
		// see: a name an older reader knows no properties of (one
		// newer than it) is taken as a type without them.
		return needs(16, "target extension type (target(...))")
	case llvmir.TYPE_CODE_NUMENTRY, llvmir.TYPE_CODE_VOID, llvmir.TYPE_CODE_FLOAT,
		llvmir.TYPE_CODE_DOUBLE, llvmir.TYPE_CODE_LABEL, llvmir.TYPE_CODE_OPAQUE,
		llvmir.TYPE_CODE_INTEGER, llvmir.TYPE_CODE_POINTER, llvmir.TYPE_CODE_FUNCTION_OLD,
		llvmir.TYPE_CODE_HALF, llvmir.TYPE_CODE_ARRAY, llvmir.TYPE_CODE_VECTOR,
		llvmir.TYPE_CODE_X86_FP80, llvmir.TYPE_CODE_FP128, llvmir.TYPE_CODE_PPC_FP128,
		llvmir.TYPE_CODE_METADATA, llvmir.TYPE_CODE_X86_MMX, llvmir.TYPE_CODE_STRUCT_ANON,
		llvmir.TYPE_CODE_STRUCT_NAME, llvmir.TYPE_CODE_STRUCT_NAMED, llvmir.TYPE_CODE_FUNCTION,
		llvmir.TYPE_CODE_TOKEN, llvmir.TYPE_CODE_BFLOAT, llvmir.TYPE_CODE_X86_AMX:
		// Known to LLVM 13 (bfloat, x86_amx and scalable vectors
		// included). A typed POINTER, which LLVM 22 does not write,
		// is an opaque pointer to 17 and later, and x86_mmx <1 x i64>
		// to 20 and later: upgrades, the same for every newer reader.
		return 0, ""
	}
	return Latest + 1, "type record of an unknown code"
}

// constantsRecord returns what a CONSTANTS_BLOCK record needs (see
// moduleRecord).
//
// Every reader takes a constants code it does not know for undef (13 to
// 18) or poison (19 and later) of the current type: the record is
// misread, not refused. A rule that depends on the current type (the
// SETTYPE before the record), which it does not see, is said at it.
func constantsRecord(code llvmir.ConstantsCode, ops []uint64) (int, string) {
	switch code {
	case llvmir.CST_CODE_CE_GEP, llvmir.CST_CODE_CE_GEP_WITH_INRANGE:
		// LLVM 19's codes (32, and 31 for an inrange range), which
		// LLVM 22 writes for every constant getelementptr: 13 to 18
		// know 12, 20 and 24 only and read these as undef.
		return needs(19, "constant getelementptr (CST_CODE_CE_GEP)")
	case llvmir.CST_CODE_CE_CAST:
		// [opcode, operand type, operand]: cast code 13, ptrtoaddr, is
		// LLVM 22's; 13 to 21 read an unknown cast as undef/poison.
		if len(ops) > 0 && ops[0] == uint64(llvmir.CAST_PTRTOADDR) {
			return needs(22, "ptrtoaddr constant expression")
		}
	case llvmir.CST_CODE_INLINEASM:
		// Code 30, with the function type first, is LLVM 14's; to 13
		// code 30 is unknown (undef), its own inline asm was code 28
		// (INLINEASM_OLD3 now), which every reader reads alike.
		return inlineAsmNeed(ops)
	case llvmir.CST_CODE_NO_CFI_VALUE:
		// LLVM 14's; 13 reads it as undef.
		return needs(14, "no_cfi constant")
	case llvmir.CST_CODE_PTRAUTH:
		// [ptr, key, disc, addrdisc]: LLVM 19's; 13 to 18 read undef.
		return needs(19, "ptrauth constant")
	case llvmir.CST_CODE_PTRAUTH2:
		// [ptr, key, disc, addrdisc, deactivation symbol]: what LLVM
		// 22 writes for every ptrauth constant; 19 to 21 know code 33
		// only and read this one as undef/poison.
		return needs(22, "ptrauth constant with a deactivation symbol operand (CST_CODE_PTRAUTH2)")
	}
	// INTEGER, WIDE_INTEGER and FLOAT of a vector type (a splat, which
	// LLVM 22 writes so only under -use-constant-int/fp-for-*-splat)
	// need LLVM 18 (older readers refuse a vector type there); NULL of a
	// target extension type without a zero value is refused from LLVM
	// 18 on, by 22 too. Both depend on the SETTYPE before, not seen
	// here: the walker gives the first (splatNeed).
	return 0, ""
}

// inlineAsmNeed returns what an INLINEASM record (code 30: [function
// type, flags, asm length, asm..., constraints length, constraints...])
// needs: LLVM 14, and 15 when a constraint is a label ("!i"), the form
// of a callbr's indirect destinations since LLVM 15. LLVM 13 and 14 take
// '!' for a constraint code of an input, so the inline asm has more
// inputs than the callbr has arguments.
func inlineAsmNeed(ops []uint64) (int, string) {
	if len(ops) < 3 {
		return needs(14, "inline asm constant with its function type (CST_CODE_INLINEASM)")
	}
	n := ops[2]
	if n > uint64(len(ops)) || 3+n >= uint64(len(ops)) {
		return needs(14, "inline asm constant with its function type (CST_CODE_INLINEASM)")
	}
	cons := ops[3+n+1:]
	if m := ops[3+n]; m < uint64(len(cons)) {
		cons = cons[:m]
	}
	// A label constraint is '!' at the start of a constraint ("!i").
	atStart := true
	for _, c := range cons {
		if c == '!' && atStart {
			return needs(15, "callbr label constraint in inline asm (\"!i\")")
		}
		atStart = c == ','
	}
	return needs(14, "inline asm constant with its function type (CST_CODE_INLINEASM)")
}

// splatNeed returns what a constant record of code code needs when the
// current type (the SETTYPE before it) is a vector, for a caller that
// knows it: INTEGER, WIDE_INTEGER and FLOAT of a vector type are splats,
// which LLVM 18's reader takes (llvm/llvm-project#74502, December 2023,
// gave ConstantInt and ConstantFP vector types) and 13 to 17 refuse (they
// take an integer or floating-point type only: LLVM 16's "Invalid integer
// const record").
func splatNeed(code llvmir.ConstantsCode, vector bool) (int, string) {
	if !vector {
		return 0, ""
	}
	switch code {
	case llvmir.CST_CODE_INTEGER, llvmir.CST_CODE_WIDE_INTEGER, llvmir.CST_CODE_FLOAT:
		return needs(18, "vector splat constant (splat (...))")
	}
	return 0, ""
}

// bundleAttachedCall is the tag number of "clang.arc.attachedcall": every
// context of LLVM 13 on numbers its fixed operand bundle tags alike, this
// one the seventh.
const bundleAttachedCall = 6

// functionRecord returns what a FUNCTION_BLOCK record needs (see
// moduleRecord).
//
// Every reader refuses an instruction code it does not know ("Invalid
// value"). A record LLVM 22 does not know either is read by no reader
// (Latest+1).
//
// Not seen here, as they depend on types: fast-math flags on a phi,
// select or call of a literal struct of floating-point values (LLVM 21;
// older readers refuse the phi and the call, drop the select's),
// floating-point atomicrmw of a vector (LLVM 19: Need.FPAtomics says
// where to look), and a bundle tag's
// meaning (OPERAND_BUNDLE's tag is an index into the tags block).
func functionRecord(code llvmir.FunctionCode, ops []uint64) (int, string) {
	switch code {
	case llvmir.FUNC_CODE_INST_BINOP:
		// [lhs (+type), rhs, opcode, flags?]
		i := valueTypeEnd(ops, 0) + 1
		if i+1 < len(ops) && ops[i] == uint64(llvmir.BINOP_OR) && ops[i+1]&flagDisjoint != 0 {
			// LLVM 18 reads or's flags; 13 to 17 skip them.
			return needs(18, "or disjoint flag")
		}
	case llvmir.FUNC_CODE_INST_CAST:
		return castNeed(ops)
	case llvmir.FUNC_CODE_INST_GEP:
		// [flags, source type, base (+type), indices...]: 13 to 18
		// take a non-zero flags operand for inbounds, 19 reads
		// inbounds (which implies nusw), nusw and nuw.
		if len(ops) > 0 {
			f := ops[0]
			if f&gepNUW != 0 || f&gepNUSW != 0 && f&gepInBounds == 0 {
				return needs(19, "getelementptr nusw/nuw flags")
			}
		}
	case llvmir.FUNC_CODE_INST_CMP2:
		// [lhs (+type), rhs, predicate, flags?]: an icmp (predicate
		// 32 to 41) with a flags operand (samesign) is LLVM 20's; 13
		// to 19 refuse an icmp with one more operand.
		i := valueTypeEnd(ops, 0) + 1
		if i+1 < len(ops) && ops[i] >= 32 {
			return needs(21, "icmp samesign flag")
		}
	case llvmir.FUNC_CODE_INST_ALLOCA:
		return allocaNeed(ops)
	case llvmir.FUNC_CODE_INST_LOAD, llvmir.FUNC_CODE_INST_STORE, llvmir.FUNC_CODE_INST_STORE_OLD:
		// [..., align, volatile]
		if len(ops) >= 2 {
			return alignNeed(ops[len(ops)-2])
		}
	case llvmir.FUNC_CODE_INST_LOADATOMIC, llvmir.FUNC_CODE_INST_STOREATOMIC, llvmir.FUNC_CODE_INST_STOREATOMIC_OLD:
		// [..., align, volatile, ordering, syncscope]
		if len(ops) >= 4 {
			return alignNeed(ops[len(ops)-4])
		}
	case llvmir.FUNC_CODE_INST_CMPXCHG:
		// [ptr (+type), cmp (+type), new, volatile, success ordering,
		// syncscope, failure ordering, weak, align?]
		i := valueTypeEnd(ops, valueTypeEnd(ops, 0)) + 1
		if len(ops) == i+6 {
			return alignNeed(ops[i+5])
		}
	case llvmir.FUNC_CODE_INST_ATOMICRMW, llvmir.FUNC_CODE_INST_ATOMICRMW_OLD:
		i, ok := rmwOpIndex(code, ops)
		if !ok {
			return 0, ""
		}
		if v, what := rmwNeed(ops[i]); v != 0 {
			return v, what
		}
		if len(ops) == i+5 {
			return alignNeed(ops[i+4])
		}
	case llvmir.FUNC_CODE_DEBUG_LOC:
		// [line, column, scope, inlinedAt, implicitCode?, atomGroup?,
		// atomRank?]: 13 to 19 read implicitCode only from a record of
		// exactly 5 operands and no atoms; LLVM 21 reads all 7 (LLVM
		// 22 writes 7 always).
		if len(ops) >= 7 && (ops[5] != 0 || ops[6] != 0) {
			return needs(21, "DILocation key-instruction atoms (FUNC_CODE_DEBUG_LOC)")
		}
		if len(ops) > 5 && ops[4] != 0 {
			return needs(21, "implicit-code DILocation in a FUNC_CODE_DEBUG_LOC of more than 5 operands")
		}
	case llvmir.FUNC_CODE_OPERAND_BUNDLE:
		// [tag, values...]: a metadata operand is OB_METADATA then the
		// metadata's number, LLVM 20's; 13 to 19 take the marker for a
		// forward-referenced value.
		if len(ops) == 1 && ops[0] == bundleAttachedCall {
			// LLVM 13's "clang.arc.attachedcall"() without its
			// function: 14's verifier refuses it, 15 upgrades it.
			return needs(15, `"clang.arc.attachedcall" operand bundle without its function`)
		}
		for _, op := range ops[min(1, len(ops)):] {
			if op == uint64(llvmir.OB_METADATA) {
				return needs(21, "metadata operand in an operand bundle")
			}
		}
	case llvmir.FUNC_CODE_BLOCKADDR_USERS:
		// LLVM 15's; 13 and 14 refuse the code.
		return needs(15, "blockaddress users record (FUNC_CODE_BLOCKADDR_USERS)")
	case llvmir.FUNC_CODE_DEBUG_RECORD_VALUE, llvmir.FUNC_CODE_DEBUG_RECORD_DECLARE,
		llvmir.FUNC_CODE_DEBUG_RECORD_ASSIGN, llvmir.FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE,
		llvmir.FUNC_CODE_DEBUG_RECORD_LABEL:
		// LLVM 19's; 13 to 18 refuse the codes.
		return needs(19, "debug records (#dbg_value, #dbg_declare, #dbg_assign, #dbg_label)")
	case llvmir.FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE:
		// LLVM 22's; 19 and 21 refuse the code.
		return needs(22, "#dbg_declare_value record")
	case llvmir.FUNC_CODE_DECLAREBLOCKS, llvmir.FUNC_CODE_INST_GEP_OLD, llvmir.FUNC_CODE_INST_SELECT,
		llvmir.FUNC_CODE_INST_EXTRACTELT, llvmir.FUNC_CODE_INST_INSERTELT, llvmir.FUNC_CODE_INST_SHUFFLEVEC,
		llvmir.FUNC_CODE_INST_CMP, llvmir.FUNC_CODE_INST_RET, llvmir.FUNC_CODE_INST_BR,
		llvmir.FUNC_CODE_INST_SWITCH, llvmir.FUNC_CODE_INST_INVOKE, llvmir.FUNC_CODE_INST_UNREACHABLE,
		llvmir.FUNC_CODE_INST_PHI, llvmir.FUNC_CODE_INST_VAARG, llvmir.FUNC_CODE_INST_EXTRACTVAL,
		llvmir.FUNC_CODE_INST_INSERTVAL, llvmir.FUNC_CODE_INST_VSELECT, llvmir.FUNC_CODE_INST_INBOUNDS_GEP_OLD,
		llvmir.FUNC_CODE_INST_INDIRECTBR, llvmir.FUNC_CODE_DEBUG_LOC_AGAIN, llvmir.FUNC_CODE_INST_CALL,
		llvmir.FUNC_CODE_INST_FENCE, llvmir.FUNC_CODE_INST_CMPXCHG_OLD, llvmir.FUNC_CODE_INST_RESUME,
		llvmir.FUNC_CODE_INST_LANDINGPAD_OLD, llvmir.FUNC_CODE_INST_LANDINGPAD, llvmir.FUNC_CODE_INST_CLEANUPRET,
		llvmir.FUNC_CODE_INST_CATCHRET, llvmir.FUNC_CODE_INST_CATCHPAD, llvmir.FUNC_CODE_INST_CLEANUPPAD,
		llvmir.FUNC_CODE_INST_CATCHSWITCH, llvmir.FUNC_CODE_INST_UNOP, llvmir.FUNC_CODE_INST_CALLBR,
		llvmir.FUNC_CODE_INST_FREEZE:
		// Layouts and flags unchanged from LLVM 13's reader to 22's
		// (the call markers, fast-math flags, phi's flags operand,
		// cmpxchg's alignment operand included).
		return 0, ""
	default:
		return Latest + 1, "instruction record of an unknown code"
	}
	return 0, ""
}

// castNeed returns what a CAST record ([operand (+type), destination
// type, opcode, flags?]) needs.
func castNeed(ops []uint64) (int, string) {
	i := valueTypeEnd(ops, 0) + 1 // the opcode
	if i >= len(ops) {
		return 0, ""
	}
	op := llvmir.CastOpcode(ops[i])
	if op == llvmir.CAST_PTRTOADDR {
		// LLVM 22's; 13 to 21 refuse an unknown cast.
		return needs(22, "ptrtoaddr instruction")
	}
	if i+1 >= len(ops) {
		return 0, ""
	}
	// A flags operand: 13 to 17 take exactly the opcode last and refuse
	// the record; 18 reads zext's nneg; 19 uitofp's nneg and trunc's
	// nuw/nsw; 21 (LLVM 20's) the fast-math flags of fptrunc and fpext.
	f := ops[i+1]
	switch op {
	case llvmir.CAST_TRUNC:
		if f&(flagTruncNUW|flagTruncNSW) != 0 {
			return needs(19, "trunc nuw/nsw flags")
		}
	case llvmir.CAST_UITOFP:
		if f&flagNonNeg != 0 {
			return needs(19, "uitofp nneg flag")
		}
	case llvmir.CAST_FPTRUNC, llvmir.CAST_FPEXT:
		if f != 0 {
			return needs(21, "fast-math flags on fptrunc/fpext")
		}
	case llvmir.CAST_ZEXT:
		if f&flagNonNeg != 0 {
			return needs(18, "zext nneg flag")
		}
	}
	return needs(18, "cast with a flags operand")
}

// allocaNeed returns what an ALLOCA record ([allocated type, size type,
// size, packed alignment and flags, address space?]) needs.
func allocaNeed(ops []uint64) (int, string) {
	if len(ops) == 5 {
		// The address space operand is LLVM 15's; 13 and 14 take
		// exactly 4 operands.
		return needs(15, "alloca in a non-default address space (FUNC_CODE_INST_ALLOCA of 5 operands)")
	}
	if len(ops) < 4 {
		return 0, ""
	}
	// Bits 0-4 the low bits of the encoded alignment, 8-10 the high ones
	// (LLVM 14's AllocaPackedValues; 13 ignores them).
	p := ops[3]
	code := p&31 | (p>>8&7)<<5
	if p>>8&7 != 0 || code > maxAlignCode13 {
		return needs(14, "alloca alignment above 2^29")
	}
	return 0, ""
}

// rmwOpIndex returns the index of the operation code in the operands of
// an ATOMICRMW or ATOMICRMW_OLD record: [ptr (+type), value (+type;
// ATOMICRMW_OLD: value alone), op, volatile, ordering, syncscope,
// align?].
func rmwOpIndex(code llvmir.FunctionCode, ops []uint64) (int, bool) {
	i := valueTypeEnd(ops, 0)
	if code == llvmir.FUNC_CODE_INST_ATOMICRMW {
		i = valueTypeEnd(ops, i)
	} else {
		i++
	}
	return i, i < len(ops)
}

// fpRMW reports whether a FUNCTION_BLOCK record is an atomicrmw of a
// floating-point operation (fadd, fsub, fmax, fmin, fmaximum, fminimum),
// whose value may be a vector (Need.FPAtomics).
func fpRMW(code llvmir.FunctionCode, ops []uint64) bool {
	if code != llvmir.FUNC_CODE_INST_ATOMICRMW && code != llvmir.FUNC_CODE_INST_ATOMICRMW_OLD {
		return false
	}
	i, ok := rmwOpIndex(code, ops)
	if !ok {
		return false
	}
	switch llvmir.RMWOperation(ops[i]) {
	case llvmir.RMW_FADD, llvmir.RMW_FSUB, llvmir.RMW_FMAX, llvmir.RMW_FMIN, llvmir.RMW_FMAXIMUM, llvmir.RMW_FMINIMUM:
		return true
	}
	return false
}

// rmwNeed returns what an atomicrmw operation code needs: 13 and 14 know
// xchg to fsub (0 to 12), 15 fmax and fmin, 16 uinc_wrap and udec_wrap;
// LLVM 20's usub_cond and usub_sat and 21's fmaximum and fminimum are
// read by 21. A reader refuses an operation it does not know.
func rmwNeed(op uint64) (int, string) {
	switch {
	case op <= uint64(llvmir.RMW_FSUB):
		return 0, ""
	case op <= uint64(llvmir.RMW_FMIN):
		return needs(15, "atomicrmw fmax/fmin")
	case op <= uint64(llvmir.RMW_UDEC_WRAP):
		return needs(16, "atomicrmw uinc_wrap/udec_wrap")
	case op <= uint64(llvmir.RMW_USUB_SAT):
		return needs(21, "atomicrmw usub_cond/usub_sat")
	case op <= uint64(llvmir.RMW_FMINIMUM):
		return needs(21, "atomicrmw fmaximum/fminimum")
	}
	return Latest + 1, "atomicrmw of an unknown operation"
}
