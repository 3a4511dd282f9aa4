package bcwrite

import (
	"debug/dwarf"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// This file gives debug-info records the layouts of LLVM 19's and 16's
// writers (their writeDI* functions), which their readers check the sizes
// of (LLVM 16's as 19's, but DERIVED_TYPE without ptrauth): sizes
// and offsets of types are numbers there, not metadata; later fields are
// not written (and recorded as lost when set).

// olderDIRecord returns code and ops, the LLVM 22 record of node n
// (diRecord), as the record the older reader written for knows, in its
// layout.
func (w *writer) olderDIRecord(n *ir.SpecializedNode, code llvmir.MetadataCode, ops []uint64) (llvmir.MetadataCode, []uint64) {
	distinct := ops[0] & 1
	set := func(name fn, what string) {
		if intField(n, name) != 0 || mdField(n, name) != nil {
			w.lose(n.Kind + " " + what + " (dropped)")
		}
	}
	switch code {
	case llvmir.METADATA_BASIC_TYPE:
		// [distinct, tag, name, size, align, encoding, flags]
		set(fNumExtraInhabitants, "num_extra_inhabitants")
		set(fDataSize, "dataSize")
		ops[0], ops[3] = distinct, w.olderBits(n, fSize)
		ops = ops[:7]
	case llvmir.METADATA_STRING_TYPE:
		ops[0], ops[6] = distinct, w.olderBits(n, fSize)
	case llvmir.METADATA_DERIVED_TYPE:
		ops[0], ops[7], ops[9] = distinct, w.olderBits(n, fSize), w.olderBits(n, fOffset)
		if !w.knows(19) {
			// A static data member is a DW_TAG_variable from LLVM 18
			// on; an older verifier wants a DW_TAG_member (and drops
			// all debug info else).
			if ops[1] == uint64(dwarf.TagVariable) && intField(n, fFlags)&diFlagStaticMember != 0 {
				ops[1] = uint64(dwarf.TagMember)
				w.lose("DIDerivedType static member DW_TAG_variable (written as DW_TAG_member)")
			}
			// 14 operands, to annotations: the pointer
			// authentication ones are LLVM 19's.
			if ops[14] != 0 {
				w.lose("DIDerivedType ptrauth fields (dropped)")
			}
			ops = ops[:14]
		}
	case llvmir.METADATA_COMPOSITE_TYPE:
		// 22 operands, to annotations.
		set(fNumExtraInhabitants, "num_extra_inhabitants")
		set(fSpecification, "specification")
		set(fBitStride, "bitStride")
		if hasField(n, fEnumKind) {
			w.lose("DICompositeType enumKind (dropped)")
		}
		ops[0], ops[7], ops[9] = distinct|2, w.olderBits(n, fSize), w.olderBits(n, fOffset)
		ops = ops[:22]
	case llvmir.METADATA_SUBPROGRAM:
		set(fKeyInstructions, "keyInstructions")
		ops = ops[:20]
	case llvmir.METADATA_COMPILE_UNIT:
		if hasField(n, fSourceLanguageName) {
			w.lose("DICompileUnit sourceLanguageName (written as language 0)")
			ops[1] = intField(n, fLanguage)
		}
		ops = ops[:22]
	case llvmir.METADATA_LABEL:
		// [distinct, scope, name, file, line]
		set(fColumn, "column")
		set(fIsArtificial, "isArtificial")
		if hasField(n, fCoroSuspendIdx) {
			w.lose("DILabel coroSuspendIdx (dropped)")
		}
		ops[0] = distinct
		ops = ops[:5]
	case llvmir.METADATA_FIXED_POINT_TYPE:
		// LLVM 21 added fixed-point types: an older reader is given
		// the basic type they refine ([distinct, tag, name, size,
		// align, encoding, flags]: DW_ATE_signed_fixed or
		// unsigned_fixed), without their kind and scale.
		w.lose("DIFixedPointType kind, factor and rational scale (written as a DIBasicType)")
		code = llvmir.METADATA_BASIC_TYPE
		ops = []uint64{distinct, ops[1], ops[2], w.olderBits(n, fSize), ops[4], ops[5], ops[6]}
	case llvmir.METADATA_SUBRANGE_TYPE:
		w.cannot(n.Kind)
	case llvmir.METADATA_EXPRESSION:
		// Those of debug records were given kill locations
		// (olderDbgExprs), those of global variables' expressions
		// emptied (olderGlobalExprs); one of a bound, ... cannot be.
		if op, bad := w.exprUnknownOp(n); bad {
			w.cannot("a DIExpression with " + op.String() + " outside debug records and global variable expressions")
		}
	}
	if !w.knows(15) {
		ops = w.before15DIRecord(n, code, ops)
	}
	return code, ops
}

// before15DIRecord trims record ops of node n (in LLVM 15's layout) to
// the layout of LLVM 14's writer, or 13's: LLVM 15 added DISubprogram's
// targetFuncName, LLVM 14 the annotations of types, subprograms and
// variables, DIStringType's stringLocationExpression and
// DIImportedEntity's elements. Their readers
// refuse longer records (13: a DIDerivedType of 14 operands) or take
// the extra operand for another field.
func (w *writer) before15DIRecord(n *ir.SpecializedNode, code llvmir.MetadataCode, ops []uint64) []uint64 {
	trim := func(at int, what string) {
		if len(ops) > at {
			for _, v := range ops[at:] {
				if v != 0 {
					w.lose(n.Kind + " " + what + " (dropped)")
					break
				}
			}
			ops = ops[:at]
		}
	}
	if code == llvmir.METADATA_SUBPROGRAM {
		trim(19, "targetFuncName")
	}
	if w.knows(14) {
		return ops
	}
	if (code == llvmir.METADATA_DERIVED_TYPE || code == llvmir.METADATA_COMPOSITE_TYPE) &&
		(ops[1] == dwTagImmutableType || ops[1] == dwTagNamelist) {
		// LLVM 13's verifier refuses these tags (and drops the
		// module's debug info).
		w.cannot(n.Kind + " of tag " + dwarf.Tag(ops[1]).String())
	}
	switch code {
	case llvmir.METADATA_DERIVED_TYPE:
		trim(13, "annotations")
	case llvmir.METADATA_COMPOSITE_TYPE:
		trim(21, "annotations")
	case llvmir.METADATA_SUBPROGRAM:
		trim(18, "annotations")
	case llvmir.METADATA_GLOBAL_VAR:
		trim(12, "annotations")
	case llvmir.METADATA_LOCAL_VAR:
		trim(9, "annotations")
	case llvmir.METADATA_IMPORTED_ENTITY:
		trim(7, "elements")
	case llvmir.METADATA_STRING_TYPE:
		// [distinct, tag, name, stringLength, stringLengthExpression,
		// stringLocationExpression, size, align, encoding]
		if len(ops) == 9 {
			if ops[5] != 0 {
				w.lose(n.Kind + " stringLocationExpression (dropped)")
			}
			ops = append(ops[:5], ops[6:]...)
		}
	}
	return ops
}

// olderBits returns the size or offset field name of type node n as the
// number an older reader takes: LLVM 22 keeps it as metadata, which is a
// constant but for some Fortran and Ada types (a variable or an
// expression: lost, written as 0).
func (w *writer) olderBits(n *ir.SpecializedNode, name fn) uint64 {
	f := field(n, name)
	switch {
	case f == nil:
		return 0
	case f.MD == nil:
		return uint64(f.Int)
	}
	if v, ok := f.MD.(*ir.ValueAsMetadata); ok {
		if c, ok := v.Value.(*ir.ConstInt); ok && c.Big == nil {
			return uint64(c.V)
		}
	}
	w.lose(n.Kind + " " + name.String() + " that is not a constant (written as 0)")
	return 0
}

// DW_TAG_immutable_type (DWARF 5) and DW_TAG_namelist, which LLVM 14
// added to its verifier's tags.
const (
	dwTagImmutableType = 0x4b
	dwTagNamelist      = 0x2b
)

// diFlagStaticMember is DINode::FlagStaticMember.
const diFlagStaticMember = 1 << 12
