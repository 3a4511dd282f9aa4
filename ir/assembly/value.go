package assembly

import (
	"math"
	"math/big"
	"strconv"

	"github.com/bcextract/bcextract/ir"
)

// maxDepth bounds the nesting of types and inline metadata that the
// printer follows, so that a cyclic model cannot exhaust the stack
// (constants nest without recursion, see composite).
const maxDepth = 2000

const hexDigits = "0123456789ABCDEF"

// appendEscaped appends s as LLVM's printEscapedString does: printable
// ASCII other than '"' and '\' as is, '\' as "\\", other bytes as \XX.
func appendEscaped[S string | []byte](b []byte, s S) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b = append(b, '\\', '\\')
		case c >= 0x20 && c <= 0x7e && c != '"':
			b = append(b, c)
		default:
			b = append(b, '\\', hexDigits[c>>4], hexDigits[c&15])
		}
	}
	return b
}

func (p *printer) escaped(s string) { p.b = appendEscaped(p.b, s) }

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// appendName appends an LLVM name with its prefix (0 for none), quoted
// when it is not made of [-a-zA-Z0-9._] or starts with a digit.
func appendName(b []byte, prefix byte, name string) []byte {
	if prefix != 0 {
		b = append(b, prefix)
	}
	quote := len(name) == 0 || name[0] >= '0' && name[0] <= '9'
	for i := 0; i < len(name) && !quote; i++ {
		c := name[i]
		if !isAlnum(c) && c != '-' && c != '.' && c != '_' {
			quote = true
		}
	}
	if !quote {
		return append(b, name...)
	}
	b = append(b, '"')
	b = appendEscaped(b, name)
	return append(b, '"')
}

func (p *printer) llvmName(prefix byte, name string) { p.b = appendName(p.b, prefix, name) }

func (p *printer) comdatName(name string) { p.b = appendName(p.b, '$', name) }

// appendMDIdentifier appends a metadata name (of named metadata or an
// attachment kind) as LLVM's printMetadataIdentifier does.
func appendMDIdentifier(b []byte, name string) []byte {
	if name == "" {
		return append(b, "<empty name> "...)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if isAlnum(c) && (i > 0 || c > '9') || c == '-' || c == '$' || c == '.' || c == '_' {
			b = append(b, c)
		} else {
			b = append(b, '\\', hexDigits[c>>4], hexDigits[c&15])
		}
	}
	return b
}

// typ writes a type as an operand type.
func (p *printer) typ(t *ir.Type) { p.typeDepth(t, 0) }

func (p *printer) typeDepth(t *ir.Type, depth int) {
	if t == nil {
		p.str("<null type>")
		return
	}
	if depth > maxDepth {
		p.limited("<recursive type>")
		return
	}
	switch t.Kind {
	case ir.FunctionType, ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType, ir.StructType, ir.TargetExtType:
		if t.Identified {
			break
		}
		if p.budget--; p.budget < 0 {
			p.limited("<type too large>")
			return
		}
	}
	switch t.Kind {
	case ir.VoidType:
		p.str("void")
	case ir.HalfType:
		p.str("half")
	case ir.BFloatType:
		p.str("bfloat")
	case ir.FloatType:
		p.str("float")
	case ir.DoubleType:
		p.str("double")
	case ir.X86FP80Type:
		p.str("x86_fp80")
	case ir.FP128Type:
		p.str("fp128")
	case ir.PPCFP128Type:
		p.str("ppc_fp128")
	case ir.LabelType:
		p.str("label")
	case ir.MetadataType:
		p.str("metadata")
	case ir.X86AMXType:
		p.str("x86_amx")
	case ir.X86MMXType:
		p.str("x86_mmx")
	case ir.TokenType:
		p.str("token")
	case ir.IntegerType:
		p.byte1('i')
		p.uint(uint64(t.BitWidth))
	case ir.FunctionType:
		p.typeDepth(t.Ret, depth+1)
		p.str(" (")
		for i, pt := range t.Params {
			if i > 0 {
				p.str(", ")
			}
			p.typeDepth(pt, depth+1)
		}
		if t.VarArg {
			if len(t.Params) > 0 {
				p.str(", ")
			}
			p.str("...")
		}
		p.byte1(')')
	case ir.StructType:
		if !t.Identified {
			p.structBodyDepth(t, depth)
			return
		}
		if t.Name != "" {
			p.llvmName('%', t.Name)
			return
		}
		if n, ok := p.typeNums[t]; ok {
			p.byte1('%')
			p.int(int64(n))
			return
		}
		p.str("%\"type <badref>\"")
	case ir.PointerType:
		p.str("ptr")
		if t.AddrSpace != 0 {
			p.str(" addrspace(")
			p.uint(uint64(t.AddrSpace))
			p.byte1(')')
		}
	case ir.ArrayType:
		p.byte1('[')
		p.uint(t.Len)
		p.str(" x ")
		p.typeDepth(t.Elem, depth+1)
		p.byte1(']')
	case ir.FixedVectorType, ir.ScalableVectorType:
		p.byte1('<')
		if t.Kind == ir.ScalableVectorType {
			p.str("vscale x ")
		}
		p.uint(t.Len)
		p.str(" x ")
		p.typeDepth(t.Elem, depth+1)
		p.byte1('>')
	case ir.TargetExtType:
		p.str("target(\"")
		p.escaped(t.Name)
		p.byte1('"')
		for _, tp := range t.TypeParams {
			p.str(", ")
			p.typeDepth(tp, depth+1)
		}
		for _, ip := range t.IntParams {
			p.str(", ")
			p.uint(uint64(ip))
		}
		p.byte1(')')
	default:
		p.str("<bad type>")
	}
}

// structBody writes the body of a struct type: { ... }, <{ ... }>, {} or
// opaque.
func (p *printer) structBody(t *ir.Type) { p.structBodyDepth(t, 0) }

func (p *printer) structBodyDepth(t *ir.Type, depth int) {
	if t.Opaque {
		p.str("opaque")
		return
	}
	if t.Packed {
		p.byte1('<')
	}
	if len(t.Fields) == 0 {
		p.str("{}")
	} else {
		p.str("{ ")
		for i, f := range t.Fields {
			if i > 0 {
				p.str(", ")
			}
			p.typeDepth(f, depth+1)
		}
		p.str(" }")
	}
	if t.Packed {
		p.byte1('>')
	}
}

// sameType reports whether two types are the same type: identical, or
// structurally equal when neither is an identified struct.
// The comparison gives up (false) after 1<<16 steps, as types that share
// parts could take exponential time.
func sameType(a, b *ir.Type) bool {
	if a == b {
		return true
	}
	steps := 1 << 16
	return sameTypeDepth(a, b, &steps)
}

func sameTypeDepth(a, b *ir.Type, steps *int) bool {
	if a == b {
		return true
	}
	if *steps--; *steps < 0 || a == nil || b == nil || a.Kind != b.Kind {
		return false
	}
	depth := steps
	switch a.Kind {
	case ir.IntegerType:
		return a.BitWidth == b.BitWidth
	case ir.PointerType:
		return a.AddrSpace == b.AddrSpace
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		return a.Len == b.Len && sameTypeDepth(a.Elem, b.Elem, depth)
	case ir.StructType:
		if a.Identified || b.Identified || a.Packed != b.Packed || len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if !sameTypeDepth(a.Fields[i], b.Fields[i], depth) {
				return false
			}
		}
		return true
	case ir.FunctionType:
		if a.VarArg != b.VarArg || len(a.Params) != len(b.Params) || !sameTypeDepth(a.Ret, b.Ret, depth) {
			return false
		}
		for i := range a.Params {
			if !sameTypeDepth(a.Params[i], b.Params[i], depth) {
				return false
			}
		}
		return true
	case ir.TargetExtType:
		if a.Name != b.Name || len(a.TypeParams) != len(b.TypeParams) || len(a.IntParams) != len(b.IntParams) {
			return false
		}
		for i := range a.TypeParams {
			if !sameTypeDepth(a.TypeParams[i], b.TypeParams[i], depth) {
				return false
			}
		}
		for i := range a.IntParams {
			if a.IntParams[i] != b.IntParams[i] {
				return false
			}
		}
		return true
	}
	return true
}

// isNilValue reports whether v is nil or a typed nil pointer.
func isNilValue(v ir.Value) bool {
	switch v := v.(type) {
	case nil:
		return true
	case *ir.Instruction:
		return v == nil
	case *ir.Argument:
		return v == nil
	case *ir.Block:
		return v == nil
	case *ir.GlobalVar:
		return v == nil
	case *ir.Function:
		return v == nil
	case *ir.Alias:
		return v == nil
	case *ir.IFunc:
		return v == nil
	case *ir.ConstInt:
		return v == nil
	case *ir.ConstFP:
		return v == nil
	case *ir.ConstNull:
		return v == nil
	case *ir.Undef:
		return v == nil
	case *ir.Poison:
		return v == nil
	case *ir.ConstData:
		return v == nil
	case *ir.ConstAggregate:
		return v == nil
	case *ir.ConstExpr:
		return v == nil
	case *ir.BlockAddress:
		return v == nil
	case *ir.DSOLocalEquivalent:
		return v == nil
	case *ir.NoCFI:
		return v == nil
	case *ir.PtrAuth:
		return v == nil
	case *ir.InlineAsm:
		return v == nil
	case *ir.MetadataValue:
		return v == nil
	}
	return false
}

// valueType returns v's type, nil for a nil value.
func valueType(v ir.Value) *ir.Type {
	if isNilValue(v) {
		return nil
	}
	return v.Type()
}

// operand writes a value as an operand, its type first when withType.
func (p *printer) operand(v ir.Value, withType bool) {
	if isNilValue(v) {
		p.str("<null operand!>")
		return
	}
	if withType {
		p.typ(v.Type())
		p.byte1(' ')
	}
	p.value(v, 0)
}

// value writes a value without its type.
func (p *printer) value(v ir.Value, depth int) {
	if isNilValue(v) {
		p.str("<null operand!>")
		return
	}
	switch v := v.(type) {
	case *ir.GlobalVar:
		p.globalRef(v, v.Name)
	case *ir.Function:
		p.globalRef(v, v.Name)
	case *ir.Alias:
		p.globalRef(v, v.Name)
	case *ir.IFunc:
		p.globalRef(v, v.Name)
	case *ir.Argument:
		p.localRef(v)
	case *ir.Block:
		p.blockRef(v)
	case *ir.Instruction:
		if v.Name != "" {
			p.llvmName('%', v.Name)
		} else if n, ok := p.islots[v]; ok {
			p.byte1('%')
			p.int(int64(n))
		} else {
			p.str("<badref>")
		}
	case *ir.InlineAsm:
		p.str("asm ")
		if v.SideEffect {
			p.str("sideeffect ")
		}
		if v.AlignStack {
			p.str("alignstack ")
		}
		if v.IntelDialect {
			p.str("inteldialect ")
		}
		if v.CanThrow {
			p.str("unwind ")
		}
		p.byte1('"')
		p.escaped(v.Asm)
		p.str("\", \"")
		p.escaped(v.Constraints)
		p.byte1('"')
	case *ir.MetadataValue:
		p.mdOperand(v.MD, depth)
	case ir.Constant:
		p.constant(v, depth)
	default:
		p.str("<badref>")
	}
}

func (p *printer) localRef(a *ir.Argument) {
	if a.Name != "" {
		p.llvmName('%', a.Name)
	} else if n, ok := p.aslots[a]; ok {
		p.byte1('%')
		p.int(int64(n))
	} else {
		p.str("<badref>")
	}
}

func (p *printer) blockRef(b *ir.Block) {
	if b == nil {
		p.str("<null operand!>")
		return
	}
	if b.Name != "" {
		p.llvmName('%', b.Name)
	} else if n, ok := p.bslots[b]; ok {
		p.byte1('%')
		p.int(int64(n))
	} else {
		p.str("<badref>")
	}
}

// isZero reports whether c is a null value (isNullValue in LLVM).
func isZero(c ir.Constant) bool {
	switch c := c.(type) {
	case *ir.ConstInt:
		if c == nil {
			return false
		}
		if c.Big != nil {
			return c.Big.Sign() == 0
		}
		return c.V == 0
	case *ir.ConstFP:
		return c != nil && c.Bits == [2]uint64{}
	case *ir.ConstNull:
		return c != nil
	}
	return false
}

// constant writes a constant that is not a global value; those made of
// other constants by composite, without recursion.
func (p *printer) constant(c ir.Constant, depth int) {
	if depth > maxDepth {
		p.limited("<recursive constant>")
		return
	}
	switch c := c.(type) {
	case *ir.ConstInt:
		t := c.Typ
		vec := t != nil && t.IsVector()
		if vec {
			p.str("splat (")
			p.typ(t.Elem)
			p.byte1(' ')
		}
		p.intValue(c)
		if vec {
			p.byte1(')')
		}
	case *ir.ConstFP:
		t := c.Typ
		vec := t != nil && t.IsVector()
		if vec {
			p.str("splat (")
			p.typ(t.Elem)
			p.byte1(' ')
			t = t.Elem
		}
		p.b = appendFP(p.b, t, c.Bits)
		if vec {
			p.byte1(')')
		}
	case *ir.ConstNull:
		switch {
		case c.Typ == nil:
			p.str("zeroinitializer")
		case c.Typ.Kind == ir.PointerType:
			p.str("null")
		case c.Typ.Kind == ir.TokenType:
			p.str("none")
		case c.Typ.Kind == ir.IntegerType:
			if c.Typ.BitWidth == 1 {
				p.str("false")
			} else {
				p.byte1('0')
			}
		case c.Typ.IsFloatingPoint():
			p.b = appendFP(p.b, c.Typ, [2]uint64{})
		default:
			p.str("zeroinitializer")
		}
	case *ir.Undef:
		p.str("undef")
	case *ir.Poison:
		p.str("poison")
	case *ir.ConstData:
		p.constData(c)
	case *ir.ConstAggregate, *ir.ConstExpr, *ir.PtrAuth, *ir.DSOLocalEquivalent, *ir.NoCFI:
		p.composite(c)
	case *ir.BlockAddress:
		p.str("blockaddress(")
		p.operand(c.Func, false)
		p.str(", ")
		p.blockAddressRef(c)
		p.byte1(')')
	default:
		p.str("<placeholder or erroneous Constant>")
	}
}

func (p *printer) intValue(c *ir.ConstInt) {
	t := c.Typ
	if t != nil && t.Scalar() != nil && t.Scalar().Kind == ir.IntegerType && t.Scalar().BitWidth == 1 {
		if c.Big != nil && c.Big.Sign() != 0 || c.Big == nil && c.V != 0 {
			p.str("true")
		} else {
			p.str("false")
		}
		return
	}
	if c.Big != nil {
		p.b = c.Big.Append(p.b, 10)
		return
	}
	p.int(c.V)
}

// signExtend interprets the low w bits of v as a signed integer.
func signExtend(v uint64, w uint32) int64 {
	if w == 0 || w >= 64 {
		return int64(v)
	}
	s := 64 - w
	return int64(v<<s) >> s
}

func (p *printer) constData(c *ir.ConstData) {
	t := c.Typ
	if t == nil || t.Elem == nil {
		p.str("<placeholder or erroneous Constant>")
		return
	}
	et := t.Elem
	if t.Kind == ir.ArrayType && et.Kind == ir.IntegerType && et.BitWidth == 8 {
		p.str("c\"")
		for _, e := range c.Elems {
			ch := byte(e)
			switch {
			case ch == '\\':
				p.b = append(p.b, '\\', '\\')
			case ch >= 0x20 && ch <= 0x7e && ch != '"':
				p.b = append(p.b, ch)
			default:
				p.b = append(p.b, '\\', hexDigits[ch>>4], hexDigits[ch&15])
			}
		}
		p.byte1('"')
		return
	}
	elem := func(e uint64) {
		if et.Kind == ir.IntegerType {
			if et.BitWidth == 1 {
				if e&1 != 0 {
					p.str("true")
				} else {
					p.str("false")
				}
				return
			}
			p.int(signExtend(e, et.BitWidth))
			return
		}
		p.b = appendFP(p.b, et, [2]uint64{e, 0})
	}
	open, close := byte('['), byte(']')
	if t.IsVector() {
		open, close = '<', '>'
		splat := len(c.Elems) > 0
		for i := 1; i < len(c.Elems); i++ {
			if c.Elems[i] != c.Elems[0] {
				splat = false
				break
			}
		}
		if splat {
			p.str("splat (")
			p.typ(et)
			p.byte1(' ')
			elem(c.Elems[0])
			p.byte1(')')
			return
		}
	}
	p.byte1(open)
	for i, e := range c.Elems {
		if i > 0 {
			p.str(", ")
		}
		p.typ(et)
		p.byte1(' ')
		elem(e)
	}
	p.byte1(close)
}

// sameScalar reports whether a and b are equal integer or floating-point
// constants.
func sameScalar(a, b ir.Constant) bool {
	switch a := a.(type) {
	case *ir.ConstInt:
		b, ok := b.(*ir.ConstInt)
		if !ok || a == nil || b == nil || !sameType(a.Typ, b.Typ) {
			return false
		}
		if a.Big != nil || b.Big != nil {
			ab, bb := a.Big, b.Big
			if ab == nil {
				ab = big.NewInt(a.V)
			}
			if bb == nil {
				bb = big.NewInt(b.V)
			}
			return ab.Cmp(bb) == 0
		}
		return a.V == b.V
	case *ir.ConstFP:
		b, ok := b.(*ir.ConstFP)
		return ok && a != nil && b != nil && sameType(a.Typ, b.Typ) && a.Bits == b.Bits
	}
	return false
}

// splatOf returns the element of a shufflevector constant expression that
// LLVM folds to a splat: shufflevector (insertelement (V, C, 0), W,
// zeroinitializer) with C an integer or floating-point constant.
func splatOf(c *ir.ConstExpr) ir.Constant {
	if c.Op != ir.ShuffleVector || len(c.Operands) != 3 || !isZero(c.Operands[2]) && !isZeroData(c.Operands[2]) {
		return nil
	}
	ins, ok := c.Operands[0].(*ir.ConstExpr)
	if !ok || ins == nil || ins.Op != ir.InsertElement || len(ins.Operands) != 3 || !isZero(ins.Operands[2]) {
		return nil
	}
	switch e := ins.Operands[1].(type) {
	case *ir.ConstInt:
		if e != nil {
			return e
		}
	case *ir.ConstFP:
		if e != nil {
			return e
		}
	}
	return nil
}

func isZeroData(c ir.Constant) bool {
	d, ok := c.(*ir.ConstData)
	if !ok || d == nil {
		return false
	}
	for _, e := range d.Elems {
		if e != 0 {
			return false
		}
	}
	return true
}

func (p *printer) bigSigned(v *big.Int) {
	if v == nil {
		p.byte1('0')
		return
	}
	p.b = v.Append(p.b, 10)
}

// blockAddressRef writes the block of a blockaddress, numbered within its
// function (which may have to be loaded for that).
func (p *printer) blockAddressRef(c *ir.BlockAddress) {
	f := c.Func
	if f == nil || c.Block < 0 {
		p.str("<badref>")
		return
	}
	if f == p.fn {
		if b := declaredBlock(f.Blocks, c.Block); b != nil {
			p.blockRef(b)
		} else {
			p.str("<badref>")
		}
		return
	}
	if refs, ok := p.blockRefs[f]; ok {
		if c.Block < len(refs) {
			p.str(refs[c.Block])
		} else {
			p.str("<badref>")
		}
		return
	}
	if p.bodies != nil {
		// The prefetcher may be loading f.
		p.bodies.lock()
		defer p.bodies.unlock()
		loaded, err := p.bodies.loadLocked(f)
		if err != nil {
			if p.err == nil {
				p.err = err
			}
			p.str("<badref>")
			return
		}
		if loaded {
			defer p.bodies.releaseLocked(f)
		}
	}
	refs := make([]string, 0, len(f.Blocks))
	next := 0
	for _, a := range f.Params {
		if a != nil && a.Name == "" {
			next++
		}
	}
	for _, b := range f.Blocks {
		if b == nil {
			refs = append(refs, "<badref>")
			continue
		}
		ref := ""
		if b.Name != "" {
			ref = string(appendName(nil, '%', b.Name))
		} else {
			ref = "%" + strconv.Itoa(next)
			next++
		}
		if !b.Added {
			refs = append(refs, ref)
		}
		for _, in := range b.Instrs {
			if in != nil && in.Name == "" && !isVoid(in.Typ) {
				next++
			}
		}
	}
	if p.blockRefs == nil {
		p.blockRefs = make(map[*ir.Function][]string)
	}
	p.blockRefs[f] = refs
	if c.Block < len(refs) {
		p.str(refs[c.Block])
	} else {
		p.str("<badref>")
	}
}

// declaredBlock returns the i'th of blocks that the bitcode declares
// (counting from 0, leaving out those the reader added), nil when there is
// none.
func declaredBlock(blocks []*ir.Block, i int) *ir.Block {
	for _, b := range blocks {
		if b != nil && b.Added {
			continue
		}
		if i == 0 {
			return b
		}
		i--
	}
	return nil
}

// appendFP appends a floating-point constant of type t as LLVM's
// WriteAPFloatInternal does.
func appendFP(b []byte, t *ir.Type, bits [2]uint64) []byte {
	kind := ir.DoubleType
	if t != nil {
		kind = t.Kind
	}
	switch kind {
	case ir.FloatType:
		u := uint32(bits[0])
		var d uint64
		if u>>23&0xff == 0xff {
			// Inf and NaN: widen by hand, keeping the payload (and a
			// signaling NaN signaling), as LLVM does.
			d = uint64(u>>31)<<63 | 0x7ff<<52 | uint64(u&0x7fffff)<<29
		} else {
			f := float64(math.Float32frombits(u))
			if s, ok := appendDecimal(b, f); ok {
				return s
			}
			d = math.Float64bits(f)
		}
		b = append(b, "0x"...)
		return appendHex(b, d, 0)
	case ir.DoubleType:
		if bits[0]>>52&0x7ff != 0x7ff {
			if s, ok := appendDecimal(b, math.Float64frombits(bits[0])); ok {
				return s
			}
		}
		b = append(b, "0x"...)
		return appendHex(b, bits[0], 0)
	case ir.HalfType:
		b = append(b, "0xH"...)
		return appendHex(b, bits[0]&0xffff, 4)
	case ir.BFloatType:
		b = append(b, "0xR"...)
		return appendHex(b, bits[0]&0xffff, 4)
	case ir.X86FP80Type:
		// LLVM prints the bits of the APFloat it read them into.
		bits = ir.X87Bits(bits)
		b = append(b, "0xK"...)
		b = appendHex(b, bits[1], 4)
		return appendHex(b, bits[0], 16)
	case ir.FP128Type:
		b = append(b, "0xL"...)
		b = appendHex(b, bits[0], 16)
		return appendHex(b, bits[1], 16)
	case ir.PPCFP128Type:
		b = append(b, "0xM"...)
		b = appendHex(b, bits[0], 16)
		return appendHex(b, bits[1], 16)
	}
	return append(b, "<bad float type>"...)
}

// appendHex appends v in uppercase hexadecimal, at least width digits.
func appendHex(b []byte, v uint64, width int) []byte {
	var tmp [16]byte
	i := len(tmp)
	for v != 0 || i == len(tmp) {
		i--
		tmp[i] = hexDigits[v&15]
		v >>= 4
	}
	for n := len(tmp) - i; n < width; n++ {
		b = append(b, '0')
	}
	return append(b, tmp[i:]...)
}
