package minllvm

import (
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// This file holds the rules of the METADATA_BLOCK records, which the
// module's metadata block and each function's share: what MetadataLoader's
// parseOneMetadata of LLVM 13 to 21 does with each (refuses its size,
// skips a record code it does not know, ignores an operand it does not
// know, takes an operand for something else), and what the verifier that
// a reader runs on the debug info it loads refuses (it drops all the
// debug info of the module then, with "ignoring invalid debug info").
//
// Two misreadings recur. A record code a reader does not know is skipped
// without a word, but it does not number the node, so every later
// metadata ID of the block names the node after the one meant. And from
// LLVM 21 on a type's size and offset may be metadata (a constant, or a
// variable of a Fortran or Ada type), which a flag in operand 0 says;
// LLVM 19 and older take the operand for a number, so they read the
// metadata ID as the size (and most of them operand 0 whole for
// "distinct", so the flag makes the node distinct).

// metadataRecord returns the oldest LLVM version from which every reader
// up to LLVM 22 reads the METADATA_BLOCK record (code, ops) correctly, and
// what in it needs that version; 0, "" when LLVM 13's and every newer
// reader does.
//
// A record no reader of LLVM 13 to 22 reads (a size every one refuses, a
// DIExpression version none knows) needs nothing here: it is not a
// record any LLVM writes. ops are the record's operands, abbreviations
// expanded, without the blob of METADATA_STRINGS.
func metadataRecord(code llvmir.MetadataCode, ops []uint64) (int, string) {
	n := len(ops)
	switch code {
	case llvmir.METADATA_LOCATION:
		// [distinct, line, column, scope, inlinedAt, isImplicit,
		// atomGroup, atomRank]. LLVM 13-19 take 5 or 6 operands, 21
		// 5, 6 or 8; LLVM 22 writes 8, the key-instruction atoms
		// zero or not.
		if n == 8 {
			return needs(21, "DILocation key-instruction atoms (METADATA_LOCATION of 8 operands)")
		}

	case llvmir.METADATA_BASIC_TYPE:
		// [distinct | sizeIsMetadata<<1, tag, name, size, align,
		// encoding, flags, num_extra_inhabitants, dataSize]. LLVM 13-19
		// take 6 or 7 operands and operand 0 whole for "distinct", 21
		// 6 to 8 with the size-is-metadata flag; LLVM 22 writes 9 (the
		// flag set) and 21 refuses them.
		switch {
		case n > 8:
			return needs(22, "DIBasicType dataSize (METADATA_BASIC_TYPE of 9 operands)")
		case mdAt(ops, 0)&2 != 0:
			return needs(21, "DIBasicType size as metadata (METADATA_BASIC_TYPE flag 2)")
		case n == 8:
			return needs(21, "DIBasicType num_extra_inhabitants (METADATA_BASIC_TYPE of 8 operands)")
		}

	case llvmir.METADATA_FIXED_POINT_TYPE:
		// LLVM 21's: 13-19 skip the record code, so the IDs after it
		// are off by one.
		return needs(21, "DIFixedPointType (METADATA_FIXED_POINT_TYPE)")

	case llvmir.METADATA_SUBRANGE_TYPE:
		// LLVM 21's: 13-19 skip the record code.
		return needs(21, "DISubrangeType (METADATA_SUBRANGE_TYPE)")

	case llvmir.METADATA_STRING_TYPE:
		// [distinct | sizeIsMetadata<<1, tag, name, stringLength,
		// stringLengthExpression, stringLocationExpression, size,
		// align, encoding]. LLVM 13 takes only 8 operands (no
		// stringLocationExpression), 14 8 or 9; 19 and older take
		// operand 0 whole for "distinct" and the size for a number.
		switch {
		case mdAt(ops, 0)&2 != 0:
			return needs(21, "DIStringType size as metadata (METADATA_STRING_TYPE flag 2)")
		case n == 9:
			return needs(14, "DIStringType stringLocationExpression (METADATA_STRING_TYPE of 9 operands)")
		}

	case llvmir.METADATA_DERIVED_TYPE:
		return mdDerivedType(ops)

	case llvmir.METADATA_COMPOSITE_TYPE:
		// [distinct | notUsedInTypeRef<<1 | sizeIsMetadata<<2, tag,
		// name, file, line, scope, baseType, size, align, offset, flags,
		// elements, runtimeLang, vtableHolder, templateParams,
		// identifier, discriminator, dataLocation, associated,
		// allocated, rank, annotations, num_extra_inhabitants,
		// specification, enumKind, bitStride]. LLVM 13 takes 16 to 21
		// operands, 14-19 16 to 22, 21 16 to 26 (LLVM 22 writes 26);
		// 19 and older take the size and offset for numbers.
		switch {
		case n > 22:
			return needs(21, "DICompositeType num_extra_inhabitants, specification, enumKind or bitStride (METADATA_COMPOSITE_TYPE of more than 22 operands)")
		case mdAt(ops, 0)&4 != 0:
			return needs(21, "DICompositeType size or offset as metadata (METADATA_COMPOSITE_TYPE flag 4)")
		case n == 22:
			return needs(14, "DICompositeType annotations (METADATA_COMPOSITE_TYPE of 22 operands)")
		}

	case llvmir.METADATA_COMPILE_UNIT:
		// [distinct, language, file, producer, isOptimized, flags,
		// runtimeVersion, splitDebugFilename, emissionKind, enums,
		// retainedTypes, subprograms, globals, imports, dwoId, macros,
		// splitDebugInlining, debugInfoForProfiling, nameTableKind,
		// rangesBaseAddress, sysroot, sdk, sourceLanguageVersion].
		// LLVM 13-21 take 14 to 22 operands (sysroot and sdk read by
		// all); LLVM 22 writes 23, and a language with bit 63 set is a
		// DW_LNAME_* name, which 21 and older take for a DW_LANG_*.
		switch {
		case n > 22:
			return needs(22, "DICompileUnit sourceLanguageVersion (METADATA_COMPILE_UNIT of 23 operands)")
		case mdAt(ops, 1)&(1<<63) != 0:
			return needs(22, "DICompileUnit sourceLanguageName (a DW_LNAME_* language)")
		case n > 18 && ops[18] == mdNameTableKindApple:
			// LLVM 13-16 have no Apple kind (llvm-dis-16 prints
			// "nameTableKind: " for it); 19 has. 17 and 18 are not
			// known here.
			return needs(19, "DICompileUnit nameTableKind: Apple")
		}

	case llvmir.METADATA_SUBPROGRAM:
		return mdSubprogram(ops)

	case llvmir.METADATA_GLOBAL_VAR:
		// Version 2 ([distinct | 2<<1, ...]) of 13 operands: LLVM 13
		// takes 11 to 13 operands but ignores operand 12, annotations.
		if mdAt(ops, 0)>>1 == 2 && n == 13 && ops[12] != 0 {
			return needs(14, "DIGlobalVariable annotations (METADATA_GLOBAL_VAR of 13 operands)")
		}

	case llvmir.METADATA_LOCAL_VAR:
		// With alignment (flag 2), [distinct | 2, scope, name, file,
		// line, type, arg, flags, align, annotations]: LLVM 13 takes 8
		// to 10 operands but ignores operand 9, annotations.
		if mdAt(ops, 0)&2 != 0 && n == 10 && ops[9] != 0 {
			return needs(14, "DILocalVariable annotations (METADATA_LOCAL_VAR of 10 operands)")
		}

	case llvmir.METADATA_LABEL:
		// [distinct | isArtificial<<1, scope, name, file, line, column,
		// coroSuspendIdx]. LLVM 13-19 take 5 operands only, and
		// operand 0 whole for "distinct"; 21 takes 5 to 7. LLVM 22
		// writes 7.
		switch {
		case n == 6 || n == 7:
			return needs(21, "DILabel column and coroSuspendIdx (METADATA_LABEL of 6 or 7 operands)")
		case n == 5 && ops[0] > 1:
			return needs(21, "DILabel isArtificial (METADATA_LABEL flag 2)")
		}

	case llvmir.METADATA_ASSIGN_ID:
		// LLVM 16's: 13-15 skip the record code, so the IDs after it
		// are off by one.
		return needs(16, "DIAssignID (METADATA_ASSIGN_ID)")

	case llvmir.METADATA_EXPRESSION:
		return mdExpression(ops)

	case llvmir.METADATA_IMPORTED_ENTITY:
		// [distinct, tag, scope, entity, line, name, file, elements].
		// LLVM 13 takes 6 or 7 operands; 14 any number (its check is
		// never true), 15-21 6 to 8.
		if n == 8 {
			return needs(14, "DIImportedEntity elements (METADATA_IMPORTED_ENTITY of 8 operands)")
		}
	}
	// Every reader of 13 to 21 reads the rest as LLVM 22 does:
	// GENERIC_DEBUG, SUBRANGE (versions 0 to 2), GENERIC_SUBRANGE,
	// ENUMERATOR (wide values included), SUBROUTINE_TYPE, FILE (with
	// checksum and source), MODULE (5 to 9 operands), LEXICAL_BLOCK(_FILE),
	// NAMESPACE, MACRO(_FILE), TEMPLATE_TYPE/VALUE (defaulted included),
	// GLOBAL_VAR_EXPR, OBJC_PROPERTY, COMMON_BLOCK, ARG_LIST, and the
	// records that are not debug info (STRINGS, INDEX_OFFSET, INDEX,
	// NODE, DISTINCT_NODE, VALUE, NAME, NAMED_NODE, KIND,
	// GLOBAL_DECL_ATTACHMENT and the old forms of before LLVM 4).
	return 0, ""
}

// mdNameTableKindApple is DICompileUnit::DebugNameTableKind::Apple.
const mdNameTableKindApple = 3

// mdDerivedType is the rule of METADATA_DERIVED_TYPE: [distinct |
// sizeIsMetadata<<1, tag, name, file, line, scope, baseType, size, align,
// offset, flags, extraData, dwarfAddressSpace, annotations, ptrAuthData].
func mdDerivedType(ops []uint64) (int, string) {
	n := len(ops)
	tag := dwarf.Tag(mdAt(ops, 1))
	switch {
	case mdAt(ops, 0)&2 != 0:
		// LLVM 19 and older take operand 0 whole for "distinct" and
		// the size and offset for numbers.
		return needs(21, "DIDerivedType size or offset as metadata (METADATA_DERIVED_TYPE flag 2)")
	case n == 15:
		// LLVM 13 takes 12 or 13 operands, 14-18 12 to 14, 19 12 to
		// 15.
		return needs(19, "DIDerivedType ptrauth fields (METADATA_DERIVED_TYPE of 15 operands)")
	case tag == dwarf.TagTemplateAlias:
		// The verifier of LLVM 13-16 refuses the tag (and drops the
		// module's debug info); 19's accepts it.
		return needs(19, "DIDerivedType DW_TAG_template_alias")
	case tag == dwarf.TagVariable:
		// A static data member is a DW_TAG_variable from LLVM 18 on;
		// the verifier of 17 and older wants a DW_TAG_member.
		return needs(18, "DIDerivedType static member as DW_TAG_variable")
	case n == 14:
		return needs(14, "DIDerivedType annotations (METADATA_DERIVED_TYPE of 14 operands)")
	}
	return 0, ""
}

// mdSubprogram is the rule of METADATA_SUBPROGRAM in the layout of LLVM 8
// on (flag 4, the DISPFlags): [distinct | hasUnit<<1 | hasSPFlags<<2,
// scope, name, linkageName, file, line, type, scopeLine, containingType,
// spFlags, virtualIndex, flags, unit, templateParams, declaration,
// retainedNodes, thisAdjustment, thrownTypes, annotations,
// targetFuncName, keyInstructions]. LLVM 13-19 take 18 to 21 operands,
// 21 18 to 22. LLVM 13 ignores operand 18, 14 operand 19, 19 operand 20.
// The older layouts read the same in every reader.
func mdSubprogram(ops []uint64) (int, string) {
	n := len(ops)
	if mdAt(ops, 0)&4 == 0 {
		return 0, ""
	}
	switch {
	case n > 21:
		return needs(21, "DISubprogram of 22 operands (METADATA_SUBPROGRAM)")
	case n > 20 && ops[20] != 0:
		return needs(21, "DISubprogram keyInstructions (METADATA_SUBPROGRAM operand 20)")
	case n > 19 && ops[19] != 0:
		return needs(15, "DISubprogram targetFuncName (METADATA_SUBPROGRAM operand 19)")
	case n > 18 && ops[18] != 0:
		return needs(14, "DISubprogram annotations (METADATA_SUBPROGRAM operand 18)")
	}
	return 0, ""
}

// mdExpression is the rule of METADATA_EXPRESSION: [distinct | version<<1,
// elements...]. Every reader of 13 to 22 knows versions 0 to 3 and
// upgrades 0 to 2 alike; what differs is the operations the verifier of
// each accepts in a version 3 expression (an expression it refuses makes
// it drop the module's debug info). Older versions, which only writers
// before LLVM 6 wrote, hold none of the newer operations.
func mdExpression(ops []uint64) (int, string) {
	if mdAt(ops, 0)>>1 != 3 {
		return 0, ""
	}
	v, what := 0, ""
	for i := 1; i < len(ops); {
		op := dwarf.Op(ops[i])
		if since := op.ExprSince(); since > v {
			// llvm-dis of a release before since drops the debug
			// info; 17 and 18 are not known here.
			v, what = since, exprOpsSince[since]
		}
		i += op.ExprSize()
	}
	return needs(v, what)
}

// exprOpsSince names the DIExpression operations of each release
// (dwarf.Op.ExprSince).
var exprOpsSince = map[int]string{
	19: "DIExpression comparison (DW_OP_eq, ne, lt, le, gt or ge) or DW_OP_LLVM_extract_bits_sext/zext",
	22: "DIExpression DW_OP_abs, DW_OP_neg or DW_OP_rot",
}

// mdAt returns ops[i], 0 when the record has fewer operands.
func mdAt(ops []uint64, i int) uint64 {
	if i < len(ops) {
		return ops[i]
	}
	return 0
}
