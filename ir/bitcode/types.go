package bitcode

import (
	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// maxTypeDepth bounds how deeply types nest: a printer walks them
// recursively.
const maxTypeDepth = 512

// typeByID returns type id of the module's type table; a forward reference
// to a not yet defined entry makes an identified struct placeholder, as
// LLVM does. It returns nil for an ID out of range.
func (r *Reader) typeByID(id uint64) *ir.Type {
	if id >= uint64(len(r.types)) {
		return nil
	}
	if t := r.types[id]; t != nil {
		return t
	}
	t := &ir.Type{Kind: ir.StructType, Identified: true, Opaque: true}
	r.types[id] = t
	r.typeDepth[id] = 1
	return t
}

func (r *Reader) readTypes() error {
	if len(r.types) != 0 {
		return r.errorf("invalid multiple type blocks")
	}
	var name string
	hasName := false
	n := 0 // records that made a type
	tids := &typeIDs{}
	err := r.simpleBlock(uint32(llvmir.TYPE_BLOCK_ID_NEW), func(rec *bitstream.Record) error {
		ops := rec.Ops
		var t *ir.Type
		var depth uint32 = 1
		var cont []uint64 // the IDs of the types t contains
		// elems resolves type IDs, tracking depth.
		elems := func(ids []uint64) ([]*ir.Type, bool) {
			ts := make([]*ir.Type, len(ids))
			for i, id := range ids {
				ts[i] = r.typeByID(id)
				if ts[i] == nil {
					return nil, false
				}
				if id < uint64(len(r.typeDepth)) && r.typeDepth[id]+1 > depth {
					depth = r.typeDepth[id] + 1
				}
			}
			return ts, true
		}
		switch llvmir.TypeCode(rec.Code) {
		case llvmir.TYPE_CODE_NUMENTRY:
			if len(ops) < 1 {
				return r.errorf("invalid numentry record")
			}
			// Each type takes at least a few bits of the stream.
			if ops[0] > uint64(len(r.stream))*8/4+16 {
				return r.errorf("type table of %d entries, more than the stream holds", ops[0])
			}
			if len(r.types) < int(ops[0]) {
				r.types = append(r.types, make([]*ir.Type, int(ops[0])-len(r.types))...)
				r.typeDepth = append(r.typeDepth, make([]uint32, len(r.types)-len(r.typeDepth))...)
			}
			return nil
		case llvmir.TYPE_CODE_VOID:
			t = &ir.Type{Kind: ir.VoidType}
		case llvmir.TYPE_CODE_HALF:
			t = &ir.Type{Kind: ir.HalfType}
		case llvmir.TYPE_CODE_BFLOAT:
			t = &ir.Type{Kind: ir.BFloatType}
		case llvmir.TYPE_CODE_FLOAT:
			t = &ir.Type{Kind: ir.FloatType}
		case llvmir.TYPE_CODE_DOUBLE:
			t = &ir.Type{Kind: ir.DoubleType}
		case llvmir.TYPE_CODE_X86_FP80:
			t = &ir.Type{Kind: ir.X86FP80Type}
		case llvmir.TYPE_CODE_FP128:
			t = &ir.Type{Kind: ir.FP128Type}
		case llvmir.TYPE_CODE_PPC_FP128:
			t = &ir.Type{Kind: ir.PPCFP128Type}
		case llvmir.TYPE_CODE_LABEL:
			t = &ir.Type{Kind: ir.LabelType}
		case llvmir.TYPE_CODE_METADATA:
			t = &ir.Type{Kind: ir.MetadataType}
		case llvmir.TYPE_CODE_X86_MMX: // x86_mmx reads as <1 x i64>
			t = &ir.Type{Kind: ir.FixedVectorType, Len: 1, Elem: &ir.Type{Kind: ir.IntegerType, BitWidth: 64}}
			depth = 2
		case llvmir.TYPE_CODE_X86_AMX:
			t = &ir.Type{Kind: ir.X86AMXType}
		case llvmir.TYPE_CODE_TOKEN:
			t = &ir.Type{Kind: ir.TokenType}
		case llvmir.TYPE_CODE_INTEGER:
			if len(ops) < 1 || ops[0] < 1 || ops[0] > 1<<23 {
				return r.errorf("invalid integer type width")
			}
			t = &ir.Type{Kind: ir.IntegerType, BitWidth: uint32(ops[0])}
		case llvmir.TYPE_CODE_POINTER: // typed pointer
			r.typedPointers = true
			if len(ops) < 1 {
				return r.errorf("invalid pointer record")
			}
			as := uint64(0)
			if len(ops) == 2 {
				as = ops[1]
			}
			if as > 0xffffff {
				return r.errorf("invalid address space")
			}
			// LLVM 14 and older: read as opaque pointers; what
			// llvm-dis-22 then upgrades is in upgrade.go. The pointee
			// is kept for the records that name only the pointer.
			// LLVM looks it up all the same: a forward reference makes
			// the placeholder struct a later record of another kind
			// cannot fill.
			switch pt := r.typeByID(ops[0]); {
			case pt == nil:
				return r.errorf("invalid type: a pointer to type %d of %d", ops[0], len(r.types))
			case pt.Kind == ir.VoidType, pt.Kind == ir.LabelType, pt.Kind == ir.MetadataType,
				pt.Kind == ir.TokenType, pt.Kind == ir.X86AMXType:
				return r.errorf("invalid type: a pointer to void, label, metadata, token or x86_amx (type %d)", ops[0])
			}
			cont, tids.typed = ops[:1], true
			t = &ir.Type{Kind: ir.PointerType, AddrSpace: uint32(as)}
		case llvmir.TYPE_CODE_OPAQUE_POINTER:
			if len(ops) != 1 || ops[0] > 0xffffff {
				return r.errorf("invalid opaque pointer record")
			}
			t = &ir.Type{Kind: ir.PointerType, AddrSpace: uint32(ops[0])}
		case llvmir.TYPE_CODE_FUNCTION, llvmir.TYPE_CODE_FUNCTION_OLD: // [vararg, retty, paramty...]
			first := 1
			if rec.Code == uint32(llvmir.TYPE_CODE_FUNCTION_OLD) {
				first = 2
			}
			if len(ops) < first+1 {
				return r.errorf("invalid function record")
			}
			ts, ok := elems(ops[first:])
			if !ok {
				return r.errorf("invalid function type")
			}
			t = &ir.Type{Kind: ir.FunctionType, VarArg: ops[0] != 0, Ret: ts[0], Params: ts[1:]}
			cont = ops[first:]
		case llvmir.TYPE_CODE_STRUCT_ANON:
			if len(ops) < 1 {
				return r.errorf("invalid anon struct record")
			}
			ts, ok := elems(ops[1:])
			if !ok {
				return r.errorf("invalid struct type")
			}
			t = &ir.Type{Kind: ir.StructType, Packed: ops[0] != 0, Fields: ts}
			cont = ops[1:]
		case llvmir.TYPE_CODE_STRUCT_NAME:
			name, hasName = opsString(ops), true
			return nil
		case llvmir.TYPE_CODE_STRUCT_NAMED, llvmir.TYPE_CODE_OPAQUE:
			if len(ops) < 1 {
				return r.errorf("invalid named struct record")
			}
			if n >= len(r.types) {
				return r.errorf("invalid type table")
			}
			t = r.types[n]
			if t == nil {
				t = &ir.Type{Kind: ir.StructType, Identified: true, Opaque: true}
			}
			t.Name = name
			name, hasName = "", false
			if rec.Code == uint32(llvmir.TYPE_CODE_STRUCT_NAMED) {
				ts, ok := elems(ops[1:])
				if !ok {
					return r.errorf("invalid named struct record")
				}
				t.Fields, t.Packed, t.Opaque = ts, ops[0] != 0, false
				cont = ops[1:]
			}
			r.types[n] = nil // a forward reference is fine here
			r.m.Types = append(r.m.Types, t)
		case llvmir.TYPE_CODE_TARGET_TYPE:
			if len(ops) < 1 || ops[0] >= uint64(len(ops)) {
				return r.errorf("invalid target extension type record")
			}
			nt := int(ops[0])
			ts, ok := elems(ops[1 : 1+nt])
			if !ok {
				return r.errorf("invalid target extension type")
			}
			t = &ir.Type{Kind: ir.TargetExtType, Name: name, TypeParams: ts}
			cont = ops[1 : 1+nt]
			for _, v := range ops[1+nt:] {
				if v > 0xffffffff {
					return r.errorf("integer parameter too large")
				}
				t.IntParams = append(t.IntParams, uint32(v))
			}
			name, hasName = "", false
		case llvmir.TYPE_CODE_ARRAY:
			if len(ops) < 2 {
				return r.errorf("invalid array type record")
			}
			ts, ok := elems(ops[1:2])
			if !ok || !validElem(ts[0]) {
				return r.errorf("invalid array element type")
			}
			t = &ir.Type{Kind: ir.ArrayType, Len: ops[0], Elem: ts[0]}
			cont = ops[1:2]
		case llvmir.TYPE_CODE_VECTOR:
			if len(ops) < 2 || ops[0] == 0 || ops[0] > 1<<32 {
				return r.errorf("invalid vector type record")
			}
			ts, ok := elems(ops[1:2])
			if !ok || !validElem(ts[0]) {
				return r.errorf("invalid vector element type")
			}
			t = &ir.Type{Kind: ir.FixedVectorType, Len: ops[0], Elem: ts[0]}
			cont = ops[1:2]
			if len(ops) > 2 && ops[2] != 0 {
				t.Kind = ir.ScalableVectorType
			}
		default:
			r.skip("skipped unknown TYPE_BLOCK record %d", rec.Code)
			return r.errorf("unknown type record %d", rec.Code)
		}
		_ = hasName
		if t.Identified {
			depth = 1 // printed by name
		}
		if depth > maxTypeDepth {
			return r.errorf("types nested more than %d deep", maxTypeDepth)
		}
		if n >= len(r.types) {
			return r.errorf("invalid type table: more types than NUMENTRY")
		}
		if r.types[n] != nil {
			return r.errorf("invalid type table: only named structs can be forward referenced")
		}
		r.types[n] = t
		r.typeDepth[n] = depth
		tids.addType(cont...)
		n++
		return nil
	})
	if err != nil {
		return err
	}
	if tids.typed {
		r.tids = tids
		tids.ptrs = map[[2]uint32]uint32{}
		for id, t := range r.types {
			if t != nil && t.Kind == ir.PointerType {
				if e := tids.containedID(uint32(id), 0); e != noTypeID {
					k := [2]uint32{e, t.AddrSpace}
					if _, ok := tids.ptrs[k]; !ok {
						tids.ptrs[k] = uint32(id)
					}
				}
			}
		}
	}
	if n != len(r.types) {
		return r.errorf("malformed type table: %d of %d types", n, len(r.types))
	}
	return nil
}

func validElem(t *ir.Type) bool {
	switch t.Kind {
	case ir.VoidType, ir.LabelType, ir.MetadataType, ir.FunctionType, ir.TokenType, ir.X86AMXType:
		return false
	}
	return true
}
