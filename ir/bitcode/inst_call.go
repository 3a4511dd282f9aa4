package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// The calls: call, invoke and callbr, and the operand bundles the record
// before them gives.

// decodeCall reads INST_CALL, INST_INVOKE and INST_CALLBR: [attrs, cc,
// (normal, unwind) or (default, n, indirect x n) or fmf?, fnty?, callee,
// args...].
func (r *Reader) decodeCall(c *opCursor, fs *funcState, in *ir.Instruction) error {
	c.rec = "call record"
	if n := len(c.v); n < 3 {
		c.invalid("%d operands, fewer than 3", n)
		return c.err
	}
	in.Attrs = r.attrList(c.u64("attributes"))
	cc := c.u64("calling convention")
	var normal, unwind, def *ir.Block
	var indirect []*ir.Block
	explicit := cc>>llvmir.CALL_EXPLICIT_TYPE&1 != 0
	switch c.code {
	case llvmir.FUNC_CODE_INST_INVOKE:
		normal = c.block("normal destination")
		unwind = c.block("unwind destination")
		explicit = cc>>llvmir.INVOKE_EXPLICIT_TYPE&1 != 0
		in.Op, in.CallConv = ir.Invoke, ir.CallingConv(cc&1023)
	case llvmir.FUNC_CODE_INST_CALLBR:
		def = c.block("default destination")
		n := c.u64("indirect destination count")
		if c.err == nil && n > uint64(c.left()) {
			c.invalid("%d indirect destinations, more than the %d operands left", n, c.left())
		}
		for ; n > 0 && c.ok(); n-- {
			indirect = append(indirect, c.block("indirect destination"))
		}
		in.Op, in.CallConv = ir.CallBr, ir.CallingConv((cc&0x7ff)>>llvmir.CALL_CCONV)
	default:
		in.Op, in.CallConv = ir.Call, ir.CallingConv((cc&0x7ff)>>llvmir.CALL_CCONV)
		switch {
		case cc&(1<<llvmir.CALL_NOTAIL) != 0:
			in.Tail = ir.NotTail
		case cc&(1<<llvmir.CALL_MUSTTAIL) != 0:
			in.Tail = ir.MustTail
		case cc&(1<<llvmir.CALL_TAIL) != 0:
			in.Tail = ir.Tail
		}
		if cc>>llvmir.CALL_FMF&1 != 0 {
			in.FMF = decodeFMF(c.u64("fast-math flags"))
		}
	}
	var ft *ir.Type
	var ftID uint64
	if explicit {
		ft, ftID = c.typID("function type")
		if c.err == nil && ft.Kind != ir.FunctionType {
			return r.errorf("explicit call type is not a function type")
		}
	}
	callee := c.pair("callee")
	if c.err != nil {
		return c.err
	}
	if callee.Type().Kind != ir.PointerType {
		return r.errorf("callee is not a pointer")
	}
	if ft == nil {
		// LLVM 3.6 and older: the callee's pointee.
		var id uint32
		var ok bool
		if ft, id, ok = r.pointee(uint64(c.opTypeID(0))); !ok || ft.Kind != ir.FunctionType {
			return r.errorf("callee is not of pointer to function type")
		}
		ftID = uint64(id)
	}
	if r.tids != nil {
		c.setResult(r.tids.containedID(uint32(min(ftID, uint64(noTypeID))), 0))
	}
	if c.left() < len(ft.Params) {
		return r.errorf("insufficient operands to call")
	}
	if f, ok := callee.(*ir.Function); !ok || !strings.HasPrefix(f.Name, "llvm.") {
		for _, pt := range ft.Params {
			// LLVM's verifier fails the module.
			switch pt.Kind {
			case ir.MetadataType:
				return r.errorf("a call with a metadata parameter of what is not an intrinsic")
			case ir.TokenType:
				return r.errorf("a call with a token parameter of what is not an intrinsic")
			}
		}
	}
	for _, pt := range ft.Params {
		if pt.Kind == ir.LabelType {
			in.Operands = append(in.Operands, c.block("label argument"))
		} else {
			in.Operands = append(in.Operands, c.value(pt, "argument"))
		}
		if c.err != nil {
			return c.err
		}
	}
	if !ft.VarArg {
		c.end()
	}
	va := r.vaTypeIDs[:0]
	for c.more() {
		in.Operands = append(in.Operands, c.pair("variadic argument"))
		if r.tids != nil {
			va = append(va, c.lastTypeID())
		}
	}
	r.vaTypeIDs = va
	if c.err != nil {
		return c.err
	}
	in.Callee, in.FuncType, in.Typ = upgradeAsmMarker(callee), ft, ft.Ret
	if c.code == llvmir.FUNC_CODE_INST_CALLBR {
		if err := r.upgradeOldCallBr(fs, in, indirect); err != nil {
			return err
		}
		ft = in.FuncType
	}
	// propagateAttributeTypes: an argument's type is its parameter's, but
	// for the variadic ones: their own. In a module of opaque pointers
	// too, where an attribute without its type is an error.
	var err error
	if in.Attrs, err = r.typedParamAttrs(in.Attrs, ftID, 0, va); err != nil {
		return err
	}
	if in.Attrs, err = r.elementTypeAttrs(in.Attrs, in.Callee, ftID, va); err != nil {
		return err
	}
	// LLVM 22 drops the attributes incompatible with their argument's
	// type after it gave byval, sret and inalloca their type (an error
	// for one on an argument that is no pointer): materialize.
	in.Attrs = dropIncompatibleList(in.Attrs, ft, in.Operands)
	if bs := upgradeBundles(fs.bundles); len(bs) > 0 {
		extraOf(in).Bundles = bs
	}
	fs.bundles = nil
	switch c.code {
	case llvmir.FUNC_CODE_INST_INVOKE:
		in.Succs = append(in.Succs[:0], normal, unwind)
		fs.useBlocks(normal, unwind)
	case llvmir.FUNC_CODE_INST_CALLBR:
		in.Succs = append(append(in.Succs[:0], def), indirect...)
		fs.useBlocks(in.Succs...)
	}
	if in.FMF != 0 && !fpMath(ft.Ret) {
		return r.errorf("fast-math flags on a call without a floating-point result")
	}
	return nil
}

// operandBundle reads OPERAND_BUNDLE: [tag, value...], a bundle of the
// call that follows it.
func (r *Reader) operandBundle(fs *funcState, rec *bitstream.Record) error {
	ops := rec.Ops
	if len(ops) < 1 || ops[0] >= uint64(len(r.bundleTags)) {
		return r.errorf("invalid operand bundle record")
	}
	b := ir.OperandBundle{Tag: r.bundleTags[ops[0]]}
	c := opCursor{r: r, fs: fs, v: ops, i: 1, code: llvmir.FUNC_CODE_OPERAND_BUNDLE, rec: "operand bundle record"}
	for c.more() {
		if c.v[c.i] == uint64(llvmir.OB_METADATA) {
			c.i++
			id := c.u64("metadata")
			if c.err != nil {
				return c.err
			}
			m, err := r.mdAt(uint64(uint32(fs.next - id)))
			if err != nil {
				return err
			}
			b.Inputs = append(b.Inputs, &ir.MetadataValue{Typ: r.findType(&ir.Type{Kind: ir.MetadataType}), MD: m})
			continue
		}
		if v := c.pair("input"); v != nil {
			b.Inputs = append(b.Inputs, v)
		}
	}
	if c.err != nil {
		return c.err
	}
	fs.bundles = append(fs.bundles, b)
	return nil
}

// upgradeOldCallBr is LLVM 22's reading of a callbr of inline assembly
// without label constraints (LLVM 13 and older): its last arguments, the
// blockaddresses of its indirect destinations in order, go, and the
// constraints of those arguments become label constraints ("!i"); the
// assembly's function type loses their parameters.
func (r *Reader) upgradeOldCallBr(fs *funcState, in *ir.Instruction, indirect []*ir.Block) error {
	asm, ok := in.Callee.(*ir.InlineAsm)
	if !ok {
		return nil
	}
	cons := splitConstraints(asm.Constraints)
	for _, k := range cons {
		if strings.HasPrefix(k, "!") {
			return nil
		}
	}
	first := len(in.Operands) - len(indirect)
	if first < 0 {
		return r.errorf("callbr argument does not match indirect dest")
	}
	for i := first; i < len(in.Operands); i++ {
		ba, ok := in.Operands[i].(*ir.BlockAddress)
		if !ok || ba.Func != fs.f || ba.Block < 0 || ba.Block >= len(fs.blocks) || fs.blocks[ba.Block] != indirect[i-first] {
			return r.errorf("callbr argument does not match indirect dest")
		}
	}
	in.Operands = in.Operands[:first]
	ft := in.FuncType
	params := make([]*ir.Type, first)
	for i, a := range in.Operands {
		params[i] = a.Type()
	}
	nft := r.findType(&ir.Type{Kind: ir.FunctionType, Ret: ft.Ret, Params: params, VarArg: ft.VarArg})
	arg := 0
	for i, k := range cons {
		if ir.ConstraintTakesArg(k) {
			if arg >= first {
				cons[i] = "!" + k
			}
			arg++
		}
	}
	na := *asm
	na.FuncType, na.Constraints = nft, strings.Join(cons, ",")
	in.Callee, in.FuncType = &na, nft
	return nil
}

// splitConstraints splits inline assembly constraints at their commas.
func splitConstraints(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
