package bcwrite

import (
	"fmt"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// typeTable writes the TYPE_BLOCK_ID_NEW block (writeTypeTable).
func (w *writer) typeTable() {
	b := w.bs
	e := w.e
	b.EnterBlock(uint32(llvmir.TYPE_BLOCK_ID_NEW), 4)
	tb := fixed(log2Ceil(uint64(len(e.types)) + 1))
	ptrAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.TYPE_CODE_OPAQUE_POINTER)), lit(0)))
	typedAbbrev := uint32(0)
	if w.typed() {
		// LLVM 14's writer defines both.
		typedAbbrev = b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.TYPE_CODE_POINTER)), tb, lit(0)))
	}
	fnAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.TYPE_CODE_FUNCTION)), fixed(1), array, tb))
	anonAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.TYPE_CODE_STRUCT_ANON)), fixed(1), array, tb))
	nameAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.TYPE_CODE_STRUCT_NAME)), array, char6))
	namedAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.TYPE_CODE_STRUCT_NAMED)), fixed(1), array, tb))
	arrayAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.TYPE_CODE_ARRAY)), vbr(8), tb))
	b.WriteRecord(uint32(llvmir.TYPE_CODE_NUMENTRY), []uint64{uint64(len(e.types))})
	var ops []uint64
	for _, t := range e.types {
		ops = ops[:0]
		var code llvmir.TypeCode
		abbrev := uint32(0)
		switch t.Kind {
		case ir.VoidType:
			code = llvmir.TYPE_CODE_VOID
		case ir.HalfType:
			code = llvmir.TYPE_CODE_HALF
		case ir.BFloatType:
			code = llvmir.TYPE_CODE_BFLOAT
		case ir.FloatType:
			code = llvmir.TYPE_CODE_FLOAT
		case ir.DoubleType:
			code = llvmir.TYPE_CODE_DOUBLE
		case ir.X86FP80Type:
			code = llvmir.TYPE_CODE_X86_FP80
		case ir.FP128Type:
			code = llvmir.TYPE_CODE_FP128
		case ir.PPCFP128Type:
			code = llvmir.TYPE_CODE_PPC_FP128
		case ir.LabelType:
			code = llvmir.TYPE_CODE_LABEL
		case ir.MetadataType:
			code = llvmir.TYPE_CODE_METADATA
		case ir.X86AMXType:
			code = llvmir.TYPE_CODE_X86_AMX
		case ir.TokenType:
			code = llvmir.TYPE_CODE_TOKEN
		case ir.IntegerType:
			code = llvmir.TYPE_CODE_INTEGER
			ops = append(ops, uint64(t.BitWidth))
		case ir.PointerType:
			if t.Pointee != nil {
				code = llvmir.TYPE_CODE_POINTER
				ops = append(ops, uint64(e.typeID(t.Pointee)), uint64(t.AddrSpace))
				if t.AddrSpace == 0 && typedAbbrev != 0 {
					abbrev = typedAbbrev
				}
				break
			}
			if w.typed() {
				w.cannot("an opaque pointer (ptr)")
			}
			code = llvmir.TYPE_CODE_OPAQUE_POINTER
			ops = append(ops, uint64(t.AddrSpace))
			if t.AddrSpace == 0 {
				abbrev = ptrAbbrev
			}
		case ir.FunctionType:
			code = llvmir.TYPE_CODE_FUNCTION
			ops = append(ops, b2u(t.VarArg), uint64(e.typeID(t.Ret)))
			for _, p := range t.Params {
				ops = append(ops, uint64(e.typeID(p)))
			}
			abbrev = fnAbbrev
		case ir.StructType:
			ops = append(ops, b2u(t.Packed))
			for _, f := range t.Fields {
				ops = append(ops, uint64(e.typeID(f)))
			}
			switch {
			case !t.Identified:
				code, abbrev = llvmir.TYPE_CODE_STRUCT_ANON, anonAbbrev
			default:
				if t.Name != "" {
					w.stringRecord(uint32(llvmir.TYPE_CODE_STRUCT_NAME), t.Name, nameAbbrev)
				}
				if t.Opaque {
					code, ops = llvmir.TYPE_CODE_OPAQUE, append(ops[:0], 0)
				} else {
					code, abbrev = llvmir.TYPE_CODE_STRUCT_NAMED, namedAbbrev
				}
			}
		case ir.ArrayType:
			code, abbrev = llvmir.TYPE_CODE_ARRAY, arrayAbbrev
			ops = append(ops, t.Len, uint64(e.typeID(t.Elem)))
		case ir.FixedVectorType, ir.ScalableVectorType:
			code = llvmir.TYPE_CODE_VECTOR
			ops = append(ops, t.Len, uint64(e.typeID(t.Elem)))
			if t.Kind == ir.ScalableVectorType {
				ops = append(ops, 1)
			}
		case ir.TargetExtType:
			w.stringRecord(uint32(llvmir.TYPE_CODE_STRUCT_NAME), t.Name, nameAbbrev)
			code = llvmir.TYPE_CODE_TARGET_TYPE
			if !w.knows(16) {
				w.cannot("a target extension type")
			}
			ops = append(ops, uint64(len(t.TypeParams)))
			for _, p := range t.TypeParams {
				ops = append(ops, uint64(e.typeID(p)))
			}
			for _, p := range t.IntParams {
				ops = append(ops, uint64(p))
			}
		default:
			if w.unsupported == nil {
				w.unsupported = &UnsupportedError{What: fmt.Sprintf("types of kind %d", t.Kind)}
			}
			continue
		}
		if abbrev != 0 {
			b.WriteAbbrevRecord(abbrev, uint32(code), ops, nil)
		} else {
			b.WriteRecord(uint32(code), ops)
		}
	}
	b.ExitBlock()
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
