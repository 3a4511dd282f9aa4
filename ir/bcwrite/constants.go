package bcwrite

import (
	"fmt"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/ircodes"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// checkConst returns what in constant c, met at the module level, this
// writer cannot write yet.
func checkConst(c ir.Constant) error { return checkConstIn(c, nil) }

// checkConstIn returns what in constant c, met in the body of function
// in (nil at the module level), this writer cannot write yet. The block
// of a blockaddress is checked against the body of its function when that
// is in, or at the module level: another function's body may be loading
// or released on the writer's body feed meanwhile.
func checkConstIn(c ir.Constant, in *ir.Function) error {
	switch c := c.(type) {
	case *ir.ConstInt, *ir.ConstFP, *ir.ConstNull, *ir.Undef, *ir.Poison, *ir.ConstData,
		*ir.GlobalVar, *ir.Function:
		return nil
	case *ir.ConstAggregate:
		for _, o := range c.Elems {
			if err := checkConstIn(o, in); err != nil {
				return err
			}
		}
		return nil
	case *ir.ConstExpr:
		_, cast := castCode(c.Op)
		switch {
		case c.HasInRange && (c.InRangeBits == 0 || c.InRangeLo == nil || c.InRangeHi == nil),
			!cast && c.Op != ir.GetElementPtr && !binaryConstOp(c) &&
				c.Op != ir.ExtractElement && c.Op != ir.InsertElement && !(c.Op == ir.ShuffleVector && len(c.Operands) == 3):
			return &UnsupportedError{What: fmt.Sprintf("constant expressions of opcode %v", c.Op)}
		}
		for _, o := range c.Operands {
			if err := checkConstIn(o, in); err != nil {
				return err
			}
		}
		return nil
	case *ir.Alias, *ir.IFunc:
		return nil
	case *ir.PtrAuth:
		for _, o := range ptrAuthOperands(c) {
			if o == nil {
				return &UnsupportedError{What: "a ptrauth constant without its operands"}
			}
			if err := checkConstIn(o, in); err != nil {
				return err
			}
		}
		return nil
	case *ir.DSOLocalEquivalent:
		return checkConstIn(c.Global, in)
	case *ir.NoCFI:
		return checkConstIn(c.Global, in)
	case *ir.BlockAddress:
		if c.Func == nil || c.Block < 0 || (in == nil || c.Func == in) && c.Block >= len(c.Func.Blocks) && len(c.Func.Blocks) > 0 {
			return &UnsupportedError{What: "a blockaddress of a block that is not there"}
		}
		return nil
	}
	return &UnsupportedError{What: fmt.Sprintf("constants of kind %T", c)}
}

// constantsBlock writes the CONSTANTS block of values[first:last]; the
// module's defines the abbreviations of writeModuleConstants, a
// function's none.
func (w *writer) constantsBlock(first, last int, module bool) {
	if first == last {
		return
	}
	e, b := w.e, w.bs
	b.EnterBlock(uint32(llvmir.CONSTANTS_BLOCK_ID), 4)
	var aggregate, string8, cstring7, cstring6 uint32
	if module {
		aggregate = b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.CST_CODE_AGGREGATE)), array, fixed(log2Ceil(uint64(last)+1))))
		string8 = b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.CST_CODE_STRING)), array, fixed(8)))
		cstring7 = b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.CST_CODE_CSTRING)), array, fixed(7)))
		cstring6 = b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.CST_CODE_CSTRING)), array, char6))
	}
	var lastType string
	for _, v := range e.values[first:last] {
		if k := e.typeKey(v.Type()); k != lastType {
			lastType = k
			b.WriteAbbrevRecord(constSetTypeAbbrev, uint32(llvmir.CST_CODE_SETTYPE), []uint64{uint64(e.typeID(v.Type()))}, nil)
		}
		var code llvmir.ConstantsCode
		var ops []uint64
		abbrev := uint32(0)
		switch c := v.(type) {
		case *ir.InlineAsm:
			// [function type, flags, length, asm..., length,
			// constraints...], the chars signed.
			code = llvmir.CST_CODE_INLINEASM
			flags := b2u(c.SideEffect) | b2u(c.AlignStack)<<1 | b2u(c.IntelDialect)<<2 | b2u(c.CanThrow)<<3
			if w.knows(14) {
				ops = append(ops, uint64(e.typeID(c.FuncType)))
			} else {
				// LLVM 13: the function type is the pointee of the
				// constant's (typed) pointer type.
				code = llvmir.CST_CODE_INLINEASM_OLD3
			}
			ops = append(ops, flags, uint64(len(c.Asm)))
			ops = append(ops, w.signedCharOps(c.Asm)...)
			ops = append(ops, uint64(len(c.Constraints)))
			ops = append(ops, w.signedCharOps(c.Constraints)...)
		case *ir.ConstInt:
			if isNull(c) {
				code = llvmir.CST_CODE_NULL
				break
			}
			if c.Typ.BitWidth <= 64 {
				code, abbrev = llvmir.CST_CODE_INTEGER, constIntegerAbbrev
				ops = append(ops, signed(c.V))
			} else {
				code = llvmir.CST_CODE_WIDE_INTEGER
				ops = wideWords(bigOf(c), c.Typ.BitWidth)
			}
		case *ir.ConstFP:
			if isNull(c) {
				code = llvmir.CST_CODE_NULL
				break
			}
			code = llvmir.CST_CODE_FLOAT
			switch c.Typ.Kind {
			case ir.X86FP80Type:
				// The 80 bits as [sign/exponent+top 48 mantissa bits, low 16].
				x := ir.X87Bits(c.Bits)
				lo, hi := x[0], x[1]
				ops = append(ops, hi<<48|lo>>16, lo&0xffff)
			case ir.FP128Type, ir.PPCFP128Type:
				ops = append(ops, c.Bits[0], c.Bits[1])
			default:
				ops = append(ops, c.Bits[0])
			}
		case *ir.ConstNull:
			code = llvmir.CST_CODE_NULL
		case *ir.Poison:
			code = llvmir.CST_CODE_POISON
		case *ir.Undef:
			code = llvmir.CST_CODE_UNDEF
		case *ir.ConstData:
			t := c.Typ
			if t.Kind == ir.ArrayType && t.Elem.Kind == ir.IntegerType && t.Elem.BitWidth == 8 {
				n := len(c.Elems)
				code, abbrev = llvmir.CST_CODE_STRING, string8
				if n > 0 && c.Elems[n-1] == 0 && !hasZero(c.Elems[:n-1]) {
					code = llvmir.CST_CODE_CSTRING
					n--
				}
				ops = append(ops, c.Elems[:n]...)
				if code == llvmir.CST_CODE_CSTRING {
					is6, is7 := true, true
					for _, x := range ops {
						if _, ok := bitstream.EncodeChar6(x); !ok {
							is6 = false
						}
						if x >= 0x80 {
							is7 = false
						}
					}
					switch {
					case is6:
						abbrev = cstring6
					case is7:
						abbrev = cstring7
					default:
						abbrev = 0
					}
				}
				break
			}
			code = llvmir.CST_CODE_DATA
			ops = append(ops, c.Elems...)
		case *ir.ConstAggregate:
			code, abbrev = llvmir.CST_CODE_AGGREGATE, aggregate
			for _, o := range c.Elems {
				ops = append(ops, uint64(e.valueID(o)))
			}
		case *ir.PtrAuth:
			// [pointer, key, discriminator, address discriminator,
			// deactivation symbol].
			if !w.knows(19) {
				// Before LLVM 19 a ptrauth constant is read as undef:
				// its pointer, unsigned, as a bitcast to its own type
				// (the reader folds it to the pointer; for 14 and
				// older, i8*, a bitcast indeed).
				w.lose("ptrauth constant (written as its pointer, unsigned)")
				code, abbrev, ops = selfCast(e, ops, c.Ptr)
				break
			}
			code = llvmir.CST_CODE_PTRAUTH2
			pa := ptrAuthOperands(c)
			if w.older() {
				// LLVM 19 reads the PTRAUTH of four operands alone.
				code = llvmir.CST_CODE_PTRAUTH
				if c.DeactivationSymbol != nil && !isNull(c.DeactivationSymbol) {
					w.lose("ptrauth deactivation symbol (dropped)")
				}
				pa = pa[:4]
			}
			for _, o := range pa {
				ops = append(ops, uint64(e.valueID(o)))
			}
		case *ir.DSOLocalEquivalent:
			// [global's type, global].
			code = llvmir.CST_CODE_DSO_LOCAL_EQUIVALENT
			ops = append(ops, uint64(e.typeID(c.Global.Type())), uint64(e.valueID(c.Global)))
		case *ir.NoCFI:
			if !w.knows(14) {
				// LLVM 13 reads an unknown constant as undef, and has no
				// no_cfi: the function itself, as a bitcast to its own
				// type, which its reader folds to the function.
				w.lose("no_cfi (written as the function itself: under CFI, the address of its jump table entry)")
				code, abbrev, ops = selfCast(e, ops, c.Global)
				break
			}
			code = llvmir.CST_CODE_NO_CFI_VALUE
			ops = append(ops, uint64(e.typeID(c.Global.Type())), uint64(e.valueID(c.Global)))
		case *ir.BlockAddress:
			// [function type, function, block index].
			code = llvmir.CST_CODE_BLOCKADDRESS
			ops = append(ops, uint64(e.typeID(c.Func.Type())), uint64(e.valueID(c.Func)), uint64(c.Block))
		case *ir.ConstExpr:
			if cc, ok := w.castCode(c.Op); ok {
				code, abbrev = llvmir.CST_CODE_CE_CAST, constCastAbbrev
				o := c.Operands[0]
				ops = append(ops, uint64(cc), uint64(e.typeID(o.Type())), uint64(e.valueID(o)))
				break
			}
			switch {
			case binaryConstOp(c):
				// [opcode, lhs, rhs, flags if any].
				code = llvmir.CST_CODE_CE_BINOP
				ops = append(ops, binopCode(c.Op), uint64(e.valueID(c.Operands[0])), uint64(e.valueID(c.Operands[1])))
				if f := optFlags(&ir.Instruction{Op: c.Op, Flags: c.Flags}); f != 0 {
					ops = append(ops, f)
				}
			case c.Op == ir.ExtractElement:
				// [vector type, vector, index type, index].
				code = llvmir.CST_CODE_CE_EXTRACTELT
				v, i := c.Operands[0], c.Operands[1]
				ops = append(ops, uint64(e.typeID(v.Type())), uint64(e.valueID(v)), uint64(e.typeID(i.Type())), uint64(e.valueID(i)))
			case c.Op == ir.InsertElement:
				// [vector, element, index type, index].
				code = llvmir.CST_CODE_CE_INSERTELT
				i := c.Operands[2]
				ops = append(ops, uint64(e.valueID(c.Operands[0])), uint64(e.valueID(c.Operands[1])), uint64(e.typeID(i.Type())), uint64(e.valueID(i)))
			case c.Op == ir.ShuffleVector:
				// [vectors' type if not the result's, vector, vector,
				// mask]: the mask is the constant LLVM's writer makes
				// of it, as the bitcode held it.
				code = llvmir.CST_CODE_CE_SHUFFLEVEC
				if v := c.Operands[0]; e.typeID(v.Type()) != e.typeID(c.Typ) {
					code = llvmir.CST_CODE_CE_SHUFVEC_EX
					ops = append(ops, uint64(e.typeID(v.Type())))
				}
				for _, o := range c.Operands {
					ops = append(ops, uint64(e.valueID(o)))
				}
			default:
				// getelementptr: [source type, flags, (range width,
				// range,) (type, value)...].
				code = llvmir.CST_CODE_CE_GEP
				ops = append(ops, uint64(e.typeID(c.SrcElem)), gepFlags(c.Flags))
				if !w.knows(19) {
					// Before LLVM 19: [source type, (type, value)...]
					// of CE_GEP_OLD or CE_INBOUNDS_GEP, which an older
					// reader reads CE_GEP as undef in place of.
					code, ops = llvmir.CST_CODE_CE_GEP_OLD, ops[:1]
					if c.Flags&ir.InBounds != 0 {
						code = llvmir.CST_CODE_CE_INBOUNDS_GEP
					}
					w.loseGEPFlags(c.Flags)
					if c.HasInRange {
						w.lose("getelementptr inrange (dropped)")
					}
				} else if c.HasInRange {
					code = llvmir.CST_CODE_CE_GEP_WITH_INRANGE
					ops = append(ops, uint64(c.InRangeBits))
					ops = appendRange(ops, ir.ConstantRange{BitWidth: c.InRangeBits, Lo: c.InRangeLo, Hi: c.InRangeHi})
				}
				for _, o := range c.Operands {
					ops = append(ops, uint64(e.typeID(o.Type())), uint64(e.valueID(o)))
				}
			}
		}
		if code == 0 && w.unsupported == nil {
			// No record for it: a reader would take one of code 0 for
			// undef.
			w.unsupported = &UnsupportedError{What: fmt.Sprintf("a constant %T among the constants", v)}
		}
		if abbrev != 0 {
			b.WriteAbbrevRecord(abbrev, uint32(code), ops, nil)
		} else {
			b.WriteRecord(uint32(code), ops)
		}
	}
	b.ExitBlock()
}

func hasZero(xs []uint64) bool {
	for _, x := range xs {
		if x == 0 {
			return true
		}
	}
	return false
}

// castCode returns the bitcode encoding of a cast opcode.
func castCode(op ir.Opcode) (llvmir.CastOpcode, bool) { return ircodes.CastCode(op) }

// gepFlags encodes a getelementptr's flags: inbounds bit 0, nusw (which
// inbounds implies) bit 1, nuw bit 2.
func gepFlags(f ir.Flags) uint64 {
	var v uint64
	if f&ir.InBounds != 0 {
		v |= 1 | 2
	}
	if f&ir.NUSW != 0 {
		v |= 2
	}
	if f&ir.NUW != 0 {
		v |= 4
	}
	return v
}

// binaryConstOp reports whether c is a binary operator expression (add,
// sub, xor, ...: CST_CODE_CE_BINOP).
func binaryConstOp(c *ir.ConstExpr) bool {
	switch c.Op {
	case ir.Add, ir.Sub, ir.Mul, ir.Shl, ir.Xor, ir.And, ir.Or, ir.LShr, ir.AShr:
		return len(c.Operands) == 2
	}
	return false
}

// selfCast appends to ops the CE_CAST record of a bitcast of v to its own
// type, which an older reader folds to v itself: how a constant it would
// read as undef (no_cfi, ptrauth) is written as the value it wraps. It
// returns the record's code and abbreviation with ops.
func selfCast(e *enumerator, ops []uint64, v ir.Constant) (llvmir.ConstantsCode, uint32, []uint64) {
	t := uint64(e.typeID(v.Type()))
	return llvmir.CST_CODE_CE_CAST, constCastAbbrev, append(ops, uint64(llvmir.CAST_BITCAST), t, uint64(e.valueID(v)))
}

// ptrAuthOperands returns a ptrauth constant's operands in LLVM 22's
// order: its deactivation symbol, when it has none, the null pointer
// LLVM's constant holds.
func ptrAuthOperands(c *ir.PtrAuth) []ir.Constant {
	d := c.DeactivationSymbol
	if d == nil {
		d = &ir.ConstNull{Typ: &ir.Type{Kind: ir.PointerType}}
	}
	return []ir.Constant{c.Ptr, c.Key, c.Disc, c.AddrDisc, d}
}
