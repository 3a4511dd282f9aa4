package bitcode

import (
	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// The CONSTANTS block: one decoder per family of records (constants.go
// has the values they make and how pending ones are built).

// readConstants reads a CONSTANTS block, module-level or in a function.
func (r *Reader) readConstants() error {
	var cur *ir.Type
	for _, t := range r.types {
		if t != nil && t.Kind == ir.IntegerType && t.BitWidth == 32 {
			cur = t
			break
		}
	}
	if cur == nil {
		cur = &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	}
	curID := noTypeID
	r.cstCur = curID
	return r.simpleBlock(uint32(llvmir.CONSTANTS_BLOCK_ID), func(rec *bitstream.Record) error {
		ops := rec.Ops
		if len(r.values) >= maxConstantRecords {
			return r.errorf("too many values")
		}
		code := llvmir.ConstantsCode(rec.Code)
		if code == llvmir.CST_CODE_SETTYPE {
			if len(ops) < 1 {
				return r.errorf("invalid settype record")
			}
			t := r.typeByID(ops[0])
			if t == nil || t.Kind == ir.VoidType {
				return r.errorf("invalid constant type")
			}
			cur, curID = t, uint32(min(ops[0], uint64(noTypeID)))
			r.cstCur = curID
			return nil
		}
		v, p, err := r.constRecord(code, ops, cur)
		if err != nil {
			return err
		}
		if p != nil {
			r.pushPending(p)
		} else {
			r.pushValue(v)
		}
		r.setValueTypeID(curID)
		return nil
	})
}

// constRecord reads a CONSTANTS record but SETTYPE, of a constant of type
// cur, by the decoder of its family: a value made, or a pconst to make
// once its operands are read.
func (r *Reader) constRecord(code llvmir.ConstantsCode, ops []uint64, cur *ir.Type) (ir.Value, *pconst, error) {
	switch code {
	case llvmir.CST_CODE_NULL, llvmir.CST_CODE_UNDEF, llvmir.CST_CODE_POISON, llvmir.CST_CODE_INTEGER, llvmir.CST_CODE_WIDE_INTEGER, llvmir.CST_CODE_FLOAT:
		return r.constScalar(code, ops, cur)
	case llvmir.CST_CODE_AGGREGATE, llvmir.CST_CODE_STRING, llvmir.CST_CODE_CSTRING, llvmir.CST_CODE_DATA:
		return r.constData(code, ops, cur)
	case llvmir.CST_CODE_CE_UNOP, llvmir.CST_CODE_CE_BINOP, llvmir.CST_CODE_CE_CAST, llvmir.CST_CODE_CE_SELECT, llvmir.CST_CODE_CE_EXTRACTELT, llvmir.CST_CODE_CE_INSERTELT, llvmir.CST_CODE_CE_SHUFFLEVEC, llvmir.CST_CODE_CE_SHUFVEC_EX, llvmir.CST_CODE_CE_CMP:
		return r.constExpr(code, ops, cur)
	case llvmir.CST_CODE_CE_INBOUNDS_GEP, llvmir.CST_CODE_CE_GEP_OLD, llvmir.CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD, llvmir.CST_CODE_CE_GEP, llvmir.CST_CODE_CE_GEP_WITH_INRANGE:
		return r.constGEP(code, ops, cur)
	case llvmir.CST_CODE_INLINEASM, llvmir.CST_CODE_INLINEASM_OLD3, llvmir.CST_CODE_INLINEASM_OLD, llvmir.CST_CODE_INLINEASM_OLD2:
		return r.constInlineAsm(code, ops, cur)
	case llvmir.CST_CODE_BLOCKADDRESS, llvmir.CST_CODE_DSO_LOCAL_EQUIVALENT, llvmir.CST_CODE_NO_CFI_VALUE, llvmir.CST_CODE_PTRAUTH, llvmir.CST_CODE_PTRAUTH2:
		return r.constAddress(code, ops, cur)
	}
	// LLVM reads an unknown constant as undef.
	r.skip("read unknown CONSTANTS record %d as undef", uint32(code))
	return &ir.Undef{Typ: cur}, nil, nil
}

// constScalar reads the scalar constants: null, undef, poison, integers and floating-point numbers.
func (r *Reader) constScalar(code llvmir.ConstantsCode, ops []uint64, cur *ir.Type) (ir.Value, *pconst, error) {
	var v ir.Value
	var p *pconst
	switch code {
	case llvmir.CST_CODE_NULL:
		switch cur.Kind {
		case ir.VoidType, ir.FunctionType, ir.LabelType:
			return nil, nil, r.errorf("invalid type for a constant null value")
		}
		v = nullValue(cur)
	case llvmir.CST_CODE_UNDEF:
		v = &ir.Undef{Typ: cur}
	case llvmir.CST_CODE_POISON:
		v = &ir.Poison{Typ: cur}
	case llvmir.CST_CODE_INTEGER:
		if !isIntOrIntVector(cur) || len(ops) < 1 {
			return nil, nil, r.errorf("invalid integer constant record")
		}
		el := intConst(cur.Scalar(), decodeSigned(ops[0]))
		v = r.splat(cur, el)
	case llvmir.CST_CODE_WIDE_INTEGER:
		if !isIntOrIntVector(cur) || len(ops) < 1 {
			return nil, nil, r.errorf("invalid wide integer constant record")
		}
		st := cur.Scalar()
		x := wideInt(ops, uint64(st.BitWidth))
		var el *ir.ConstInt
		if st.BitWidth <= 64 {
			el = &ir.ConstInt{Typ: st, V: x.Int64()}
		} else {
			el = &ir.ConstInt{Typ: st, Big: x}
		}
		v = r.splat(cur, el)
	case llvmir.CST_CODE_FLOAT:
		if len(ops) < 1 {
			return nil, nil, r.errorf("invalid float constant record")
		}
		st := cur.Scalar()
		var bits [2]uint64
		switch st.Kind {
		case ir.HalfType, ir.BFloatType:
			bits[0] = ops[0] & 0xffff
		case ir.FloatType:
			bits[0] = ops[0] & 0xffffffff
		case ir.DoubleType:
			bits[0] = ops[0]
		case ir.X86FP80Type:
			if len(ops) < 2 {
				return nil, nil, r.errorf("invalid float constant record")
			}
			bits[0] = ops[1]&0xffff | ops[0]<<16
			bits[1] = ops[0] >> 48
		case ir.FP128Type, ir.PPCFP128Type:
			if len(ops) < 2 {
				return nil, nil, r.errorf("invalid float constant record")
			}
			bits[0], bits[1] = ops[0], ops[1]
		default:
			v = &ir.Poison{Typ: cur}
		}
		if v == nil {
			v = r.splat(cur, &ir.ConstFP{Typ: st, Bits: bits})
		}
	}
	return v, p, nil
}

// constData reads the aggregates and the data sequences: CE_AGGREGATE, STRING, CSTRING and DATA.
func (r *Reader) constData(code llvmir.ConstantsCode, ops []uint64, cur *ir.Type) (ir.Value, *pconst, error) {
	var v ir.Value
	var p *pconst
	switch code {
	case llvmir.CST_CODE_AGGREGATE:
		if len(ops) < 1 {
			return nil, nil, r.errorf("invalid aggregate record")
		}
		ids := append([]uint64(nil), ops...)
		switch cur.Kind {
		case ir.StructType:
			p = &pconst{typ: cur, kind: pcStruct, ids: ids}
		case ir.ArrayType:
			p = &pconst{typ: cur, kind: pcArray, ids: ids}
		case ir.FixedVectorType, ir.ScalableVectorType:
			p = &pconst{typ: cur, kind: pcVector, ids: ids}
		default:
			v = &ir.Poison{Typ: cur}
		}
	case llvmir.CST_CODE_STRING, llvmir.CST_CODE_CSTRING:
		if len(ops) < 1 {
			return nil, nil, r.errorf("invalid string record")
		}
		elems := append([]uint64(nil), ops...)
		for i := range elems {
			elems[i] &= 0xff
		}
		if code == llvmir.CST_CODE_CSTRING {
			elems = append(elems, 0)
		}
		// An array of i8 whatever the current type (LLVM's
		// ConstantDataArray::getString): an aggregate that holds it
		// where its type is another refuses it.
		t := cur
		if t.Kind != ir.ArrayType || t.Len != uint64(len(elems)) || t.Elem == nil || t.Elem.Kind != ir.IntegerType || t.Elem.BitWidth != 8 {
			t = r.shape(ir.Type{Kind: ir.ArrayType, Len: uint64(len(elems)), Elem: r.intType(8)})
		}
		v = dataConst(t, elems)
	case llvmir.CST_CODE_DATA:
		if len(ops) < 1 || cur.Elem == nil {
			return nil, nil, r.errorf("invalid data record")
		}
		w := dataElemBits(cur.Elem)
		if w == 0 {
			return nil, nil, r.errorf("invalid type for a data constant")
		}
		elems := append([]uint64(nil), ops...)
		if w < 64 {
			for i := range elems {
				elems[i] &= 1<<w - 1
			}
		}
		// As many elements as the record holds, whatever the current
		// type's length (LLVM's ConstantDataVector/Array::get of them):
		// a fixed vector for a vector type, an array for an array.
		t := cur
		if kind := dataKind(cur.Kind); t.Len != uint64(len(elems)) || t.Kind != kind {
			t = r.shape(ir.Type{Kind: kind, Len: uint64(len(elems)), Elem: cur.Elem})
		}
		v = dataConst(t, elems)
	}
	return v, p, nil
}

// dataKind is the kind of a data constant of current type kind k: an
// array, or a fixed vector.
func dataKind(k ir.TypeKind) ir.TypeKind {
	if k == ir.ArrayType {
		return ir.ArrayType
	}
	return ir.FixedVectorType
}

// constExpr reads the constant expressions but getelementptr.
func (r *Reader) constExpr(code llvmir.ConstantsCode, ops []uint64, cur *ir.Type) (ir.Value, *pconst, error) {
	var v ir.Value
	var p *pconst
	switch code {
	case llvmir.CST_CODE_CE_UNOP:
		if len(ops) < 2 {
			return nil, nil, r.errorf("invalid unary constant expression record")
		}
		if ops[0] != uint64(llvmir.UNOP_FNEG) || !isFPOrFPVector(cur) {
			v = &ir.Poison{Typ: cur}
			break
		}
		p = &pconst{typ: cur, kind: pcExpr, opcode: ir.FNeg, ids: []uint64{ops[1]}}
	case llvmir.CST_CODE_CE_BINOP:
		if len(ops) < 3 {
			return nil, nil, r.errorf("invalid binary constant expression record")
		}
		op, ok := decodeBinop(ops[0], cur)
		if !ok {
			v = &ir.Poison{Typ: cur}
			break
		}
		p = &pconst{typ: cur, kind: pcExpr, opcode: op, ids: []uint64{ops[1], ops[2]}}
		if len(ops) >= 4 && op != ir.Or {
			p.flags = binopFlags(op, ops[3])
		}
	case llvmir.CST_CODE_CE_CAST:
		if len(ops) < 3 {
			return nil, nil, r.errorf("invalid cast constant expression record")
		}
		op, ok := decodeCast(ops[0])
		if !ok {
			v = &ir.Poison{Typ: cur}
			break
		}
		if r.typeByID(ops[1]) == nil {
			return nil, nil, r.errorf("invalid cast constant expression record")
		}
		p = &pconst{typ: cur, kind: pcExpr, opcode: op, ids: []uint64{ops[2]}}
	case llvmir.CST_CODE_CE_SELECT:
		if len(ops) < 3 {
			return nil, nil, r.errorf("invalid select constant expression record")
		}
		p = &pconst{typ: cur, kind: pcExpr, opcode: ir.Select, ids: []uint64{ops[0], ops[1], ops[2]}}
	case llvmir.CST_CODE_CE_EXTRACTELT:
		// [opty, opval, idxty, idxval]: the operand's type a vector, the
		// index's a type of the table (LLVM checks no more here).
		if len(ops) < 3 {
			return nil, nil, r.errorf("invalid extractelement constant expression record")
		}
		if t := r.typeByID(ops[0]); t == nil || !t.IsVector() {
			return nil, nil, r.errorf("invalid extractelement constant expression record: operand type not a vector")
		}
		idx := ops[2]
		if len(ops) == 4 {
			if r.typeByID(ops[2]) == nil {
				return nil, nil, r.errorf("invalid extractelement constant expression record: invalid index type")
			}
			idx = ops[3]
		}
		p = &pconst{typ: cur, kind: pcExpr, opcode: ir.ExtractElement, ids: []uint64{ops[1], idx}}
	case llvmir.CST_CODE_CE_INSERTELT:
		if len(ops) < 3 || !cur.IsVector() {
			return nil, nil, r.errorf("invalid insertelement constant expression record")
		}
		idx := ops[2]
		if len(ops) == 4 {
			idx = ops[3]
		}
		p = &pconst{typ: cur, kind: pcExpr, opcode: ir.InsertElement, ids: []uint64{ops[0], ops[1], idx}}
	case llvmir.CST_CODE_CE_SHUFFLEVEC:
		if len(ops) < 3 || !cur.IsVector() {
			return nil, nil, r.errorf("invalid shufflevector constant expression record")
		}
		p = &pconst{typ: cur, kind: pcExpr, opcode: ir.ShuffleVector, ids: []uint64{ops[0], ops[1], ops[2]}}
	case llvmir.CST_CODE_CE_SHUFVEC_EX:
		if len(ops) < 4 || !cur.IsVector() {
			return nil, nil, r.errorf("invalid shufflevector constant expression record")
		}
		p = &pconst{typ: cur, kind: pcExpr, opcode: ir.ShuffleVector, ids: []uint64{ops[1], ops[2], ops[3]}}
	case llvmir.CST_CODE_CE_CMP:
		if len(ops) < 4 {
			return nil, nil, r.errorf("invalid cmp constant expression record")
		}
		t := r.typeByID(ops[0])
		if t == nil {
			return nil, nil, r.errorf("invalid cmp constant expression record")
		}
		op := ir.ICmp
		if isFPOrFPVector(t) {
			op = ir.FCmp
		}
		p = &pconst{typ: cur, kind: pcExpr, opcode: op, pred: ir.Predicate(ops[3]), ids: []uint64{ops[1], ops[2]}}
	}
	return v, p, nil
}

// constGEP reads the getelementptr constant expressions, of every version.
func (r *Reader) constGEP(code llvmir.ConstantsCode, ops []uint64, cur *ir.Type) (ir.Value, *pconst, error) {
	var v ir.Value
	var p *pconst
	switch code {
	case llvmir.CST_CODE_CE_INBOUNDS_GEP, llvmir.CST_CODE_CE_GEP_OLD, llvmir.CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD, llvmir.CST_CODE_CE_GEP, llvmir.CST_CODE_CE_GEP_WITH_INRANGE:
		if len(ops) < 2 {
			return nil, nil, r.errorf("constant GEP record must have at least two elements")
		}
		i := 0
		var src *ir.Type
		if code == llvmir.CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD || code == llvmir.CST_CODE_CE_GEP_WITH_INRANGE || code == llvmir.CST_CODE_CE_GEP || len(ops)%2 == 1 {
			src = r.typeByID(ops[0])
			i++
		}
		var flags uint64
		var inRange *ir.ConstantRange
		switch code {
		case llvmir.CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD:
			flags = ops[i] & (1 << llvmir.GEP_INBOUNDS)
			i++
		case llvmir.CST_CODE_CE_GEP_WITH_INRANGE:
			if i+1 >= len(ops) {
				return nil, nil, r.errorf("invalid constant GEP record")
			}
			flags = ops[i]
			i++
			bw := ops[i]
			i++
			cr, err := r.readRange(ops, &i, bw)
			if err != nil {
				return nil, nil, err
			}
			inRange = &cr
		case llvmir.CST_CODE_CE_GEP:
			flags = ops[i]
			i++
		case llvmir.CST_CODE_CE_INBOUNDS_GEP:
			flags = 1 << llvmir.GEP_INBOUNDS
		}
		first := i // the base's type
		var ids []uint64
		for i < len(ops) {
			if r.typeByID(ops[i]) == nil || i+1 >= len(ops) {
				return nil, nil, r.errorf("invalid getelementptr constant expression record")
			}
			ids = append(ids, ops[i+1])
			i += 2
		}
		if len(ids) < 1 {
			return nil, nil, r.errorf("invalid constant GEP with no operands")
		}
		if src == nil {
			// LLVM 3.6 and older: the pointee of the base's type (of
			// its elements' for a vector of pointers).
			base := uint32(min(ops[first], uint64(noTypeID)))
			if t := r.typeOfID(base); t != nil && t.IsVector() {
				base = r.tids.containedID(base, 0)
			}
			var ok bool
			if src, _, ok = r.pointee(uint64(base)); !ok {
				return nil, nil, r.errorf("missing element type for old-style constant GEP")
			}
		}
		p = &pconst{typ: cur, kind: pcExpr, opcode: ir.GetElementPtr, flags: gepFlags(flags), srcElem: src, inRange: inRange, ids: ids}
	}
	return v, p, nil
}

// constInlineAsm reads inline assembly.
func (r *Reader) constInlineAsm(code llvmir.ConstantsCode, ops []uint64, cur *ir.Type) (ir.Value, *pconst, error) {
	var v ir.Value
	var p *pconst
	switch code {
	case llvmir.CST_CODE_INLINEASM, llvmir.CST_CODE_INLINEASM_OLD3, llvmir.CST_CODE_INLINEASM_OLD2, llvmir.CST_CODE_INLINEASM_OLD:
		i := 0
		var ft *ir.Type
		// The flags each layout has: sideeffect, alignstack, then the
		// dialect (OLD2 on), then unwind (OLD3 on).
		flagMask := uint64(15)
		if code == llvmir.CST_CODE_INLINEASM {
			if len(ops) < 3 {
				return nil, nil, r.errorf("invalid inlineasm record")
			}
			ft = r.typeByID(ops[0])
			if ft == nil || ft.Kind != ir.FunctionType {
				return nil, nil, r.errorf("invalid inlineasm record")
			}
			i++
		} else {
			// The typed pointer to the function type (SETTYPE).
			var ok bool
			if ft, _, ok = r.pointee(uint64(r.cstCur)); !ok || ft.Kind != ir.FunctionType {
				return nil, nil, r.errorf("missing element type for old-style inlineasm")
			}
			if len(ops) < 2 {
				return nil, nil, r.errorf("invalid inlineasm record")
			}
			switch code {
			case llvmir.CST_CODE_INLINEASM_OLD:
				flagMask = 3
			case llvmir.CST_CODE_INLINEASM_OLD2:
				flagMask = 7
			}
		}
		flags := ops[i] & flagMask
		i++
		asmLen := ops[i]
		i++
		if asmLen >= uint64(len(ops)-i) {
			return nil, nil, r.errorf("invalid inlineasm record")
		}
		asm := opsString(ops[i : i+int(asmLen)])
		i += int(asmLen)
		cLen := ops[i]
		i++
		if cLen > uint64(len(ops)-i) {
			return nil, nil, r.errorf("invalid inlineasm record")
		}
		cons := opsString(ops[i : i+int(cLen)])
		v = &ir.InlineAsm{FuncType: ft, Typ: cur, Asm: asm, Constraints: cons,
			SideEffect: flags&1 != 0, AlignStack: flags>>1&1 != 0, IntelDialect: flags>>2&1 != 0, CanThrow: flags>>3&1 != 0}
	}
	return v, p, nil
}

// constAddress reads the constants that stand for a global value's address: blockaddress, dso_local_equivalent, no_cfi and ptrauth.
func (r *Reader) constAddress(code llvmir.ConstantsCode, ops []uint64, cur *ir.Type) (ir.Value, *pconst, error) {
	var v ir.Value
	var p *pconst
	switch code {
	case llvmir.CST_CODE_BLOCKADDRESS:
		if len(ops) < 3 || r.typeByID(ops[0]) == nil {
			return nil, nil, r.errorf("invalid blockaddress record")
		}
		p = &pconst{typ: cur, kind: pcBlockAddr, bb: ops[2], ids: []uint64{ops[1]}}
	case llvmir.CST_CODE_DSO_LOCAL_EQUIVALENT:
		if len(ops) < 2 || r.typeByID(ops[0]) == nil {
			return nil, nil, r.errorf("invalid dso_local_equivalent record")
		}
		p = &pconst{typ: cur, kind: pcDSOLocal, ids: []uint64{ops[1]}}
	case llvmir.CST_CODE_NO_CFI_VALUE:
		if len(ops) < 2 || r.typeByID(ops[0]) == nil {
			return nil, nil, r.errorf("invalid no_cfi record")
		}
		p = &pconst{typ: cur, kind: pcNoCFI, ids: []uint64{ops[1]}}
	case llvmir.CST_CODE_PTRAUTH:
		if len(ops) < 4 {
			return nil, nil, r.errorf("invalid ptrauth record")
		}
		p = &pconst{typ: cur, kind: pcPtrAuth, ids: append([]uint64(nil), ops[:4]...)}
	case llvmir.CST_CODE_PTRAUTH2:
		if len(ops) < 5 {
			return nil, nil, r.errorf("invalid ptrauth record")
		}
		p = &pconst{typ: cur, kind: pcPtrAuth, ids: append([]uint64(nil), ops[:5]...)}
	}
	return v, p, nil
}
