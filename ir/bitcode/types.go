package bitcode

import (
	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// maxTypeDepth bounds how deeply types nest: a printer walks them
// recursively.
const maxTypeDepth = 512

// Type table record codes missing from llvmir.
const (
	typeCodeOpaquePointer = 25
	typeCodeTargetType    = 26
	typeCodeX86AMX        = 24
	typeCodeFunctionOld   = 9
)

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
	err := r.simpleBlock(uint32(llvmir.TYPE_BLOCK_ID_NEW), func(rec *bitstream.Record) error {
		ops := rec.Ops
		var t *ir.Type
		var depth uint32 = 1
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
		switch rec.Code {
		case 1: // NUMENTRY
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
		case 2:
			t = &ir.Type{Kind: ir.VoidType}
		case 10:
			t = &ir.Type{Kind: ir.HalfType}
		case 23:
			t = &ir.Type{Kind: ir.BFloatType}
		case 3:
			t = &ir.Type{Kind: ir.FloatType}
		case 4:
			t = &ir.Type{Kind: ir.DoubleType}
		case 13:
			t = &ir.Type{Kind: ir.X86FP80Type}
		case 14:
			t = &ir.Type{Kind: ir.FP128Type}
		case 15:
			t = &ir.Type{Kind: ir.PPCFP128Type}
		case 5:
			t = &ir.Type{Kind: ir.LabelType}
		case 16:
			t = &ir.Type{Kind: ir.MetadataType}
		case 17: // x86_mmx reads as <1 x i64>
			t = &ir.Type{Kind: ir.FixedVectorType, Len: 1, Elem: &ir.Type{Kind: ir.IntegerType, BitWidth: 64}}
			depth = 2
		case typeCodeX86AMX:
			t = &ir.Type{Kind: ir.X86AMXType}
		case 22:
			t = &ir.Type{Kind: ir.TokenType}
		case 7: // INTEGER
			if len(ops) < 1 || ops[0] < 1 || ops[0] > 1<<23 {
				return r.errorf("invalid integer type width")
			}
			t = &ir.Type{Kind: ir.IntegerType, BitWidth: uint32(ops[0])}
		case 8: // POINTER (typed)
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
			// llvm-dis-22 then upgrades is in upgrade.go.
			t = &ir.Type{Kind: ir.PointerType, AddrSpace: uint32(as)}
		case typeCodeOpaquePointer:
			if len(ops) != 1 || ops[0] > 0xffffff {
				return r.errorf("invalid opaque pointer record")
			}
			t = &ir.Type{Kind: ir.PointerType, AddrSpace: uint32(ops[0])}
		case 21, typeCodeFunctionOld: // FUNCTION: [vararg, retty, paramty...]
			first := 1
			if rec.Code == typeCodeFunctionOld {
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
		case 18: // STRUCT_ANON
			if len(ops) < 1 {
				return r.errorf("invalid anon struct record")
			}
			ts, ok := elems(ops[1:])
			if !ok {
				return r.errorf("invalid struct type")
			}
			t = &ir.Type{Kind: ir.StructType, Packed: ops[0] != 0, Fields: ts}
		case 19: // STRUCT_NAME
			name, hasName = opsString(ops), true
			return nil
		case 20, 6: // STRUCT_NAMED, OPAQUE
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
			if rec.Code == 20 {
				ts, ok := elems(ops[1:])
				if !ok {
					return r.errorf("invalid named struct record")
				}
				t.Fields, t.Packed, t.Opaque = ts, ops[0] != 0, false
			}
			r.types[n] = nil // a forward reference is fine here
			r.m.Types = append(r.m.Types, t)
		case typeCodeTargetType:
			if len(ops) < 1 || ops[0] >= uint64(len(ops)) {
				return r.errorf("invalid target extension type record")
			}
			nt := int(ops[0])
			ts, ok := elems(ops[1 : 1+nt])
			if !ok {
				return r.errorf("invalid target extension type")
			}
			t = &ir.Type{Kind: ir.TargetExtType, Name: name, TypeParams: ts}
			for _, v := range ops[1+nt:] {
				if v > 0xffffffff {
					return r.errorf("integer parameter too large")
				}
				t.IntParams = append(t.IntParams, uint32(v))
			}
			name, hasName = "", false
		case 11: // ARRAY
			if len(ops) < 2 {
				return r.errorf("invalid array type record")
			}
			ts, ok := elems(ops[1:2])
			if !ok || !validElem(ts[0]) {
				return r.errorf("invalid array element type")
			}
			t = &ir.Type{Kind: ir.ArrayType, Len: ops[0], Elem: ts[0]}
		case 12: // VECTOR
			if len(ops) < 2 || ops[0] == 0 || ops[0] > 1<<32 {
				return r.errorf("invalid vector type record")
			}
			ts, ok := elems(ops[1:2])
			if !ok || !validElem(ts[0]) {
				return r.errorf("invalid vector element type")
			}
			t = &ir.Type{Kind: ir.FixedVectorType, Len: ops[0], Elem: ts[0]}
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
		n++
		return nil
	})
	if err != nil {
		return err
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
