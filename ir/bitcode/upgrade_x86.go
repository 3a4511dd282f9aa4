package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// X86 intrinsics whose operand or result types changed and whose calls
// LLVM 22 rebuilds with bitcasts: the VNNI dot products took vectors of
// i32 where they take i8 or i16 vectors now (LLVM 21), the AVX512 BF16
// conversions returned i16 vectors where they return bfloat ones (LLVM
// 17). The declaration keeps its name, with the new type (made when the
// module is read); each operand of the old type is bitcast to the new one
// before the call, which keeps the old call's name; a result of the old
// type is bitcast back after it, and that replaces the call.
//
// The rest of the x86 upgrades (the SSE/AVX intrinsics LLVM replaced by
// IR long ago) are left to checkIntrinsicDecls, which reports them.

// planX86 plans the retyping of an x86 intrinsic; name is f's name
// without "llvm.x86.".
func (r *Reader) planX86(f *ir.Function, name string) *oldIntrinsic {
	sig := f.Sig
	vec := func(n uint64, elem *ir.Type) *ir.Type {
		return r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: n, Elem: elem})
	}
	isVec := func(t *ir.Type, elem ir.TypeKind, bits uint32) bool {
		return t.Kind == ir.FixedVectorType && t.Elem.Kind == elem && (elem != ir.IntegerType || t.Elem.BitWidth == bits)
	}
	var newSig *ir.Type
	switch {
	case (name == "xop.vfrcz.ss" || name == "xop.vfrcz.sd") && len(sig.Params) == 2 && sig.Params[1] == sig.Ret:
		// LLVM 3.4 and older took a pass-through first operand; the
		// call is rebuilt with the second alone.
		newSig = r.fnType(sig.Ret, sig.Params[1])
		if _, ok := ir.IntrinsicAttrs(f.Name, newSig); !ok {
			return nil
		}
		return &oldIntrinsic{f: f, oldSig: sig, newName: f.Name, newSig: newSig, rewrite: rewriteVfrcz}
	case name == "seh.recoverfp":
		// Renamed llvm.eh.recoverfp in LLVM 6; the calls are kept.
		if _, ok := ir.IntrinsicAttrs("llvm.eh.recoverfp", sig); !ok {
			return nil
		}
		return &oldIntrinsic{f: f, oldSig: sig, newName: "llvm.eh.recoverfp", newSig: sig, rewrite: rewriteRedirect}
	case name == "rdtscp" && len(sig.Params) == 1 && isInt(sig.Ret, 64) && sig.Params[0].Kind == ir.PointerType:
		// LLVM 7 and older: i64 (ptr) storing TSC_AUX through the
		// pointer; LLVM 8 returns both.
		ret := r.findType(&ir.Type{Kind: ir.StructType, Fields: []*ir.Type{sig.Ret, r.intType(32)}})
		newSig = r.fnType(ret)
		if _, ok := ir.IntrinsicAttrs(f.Name, newSig); !ok {
			return nil
		}
		return &oldIntrinsic{f: f, oldSig: sig, newName: f.Name, newSig: newSig, rewrite: rewriteRdtscp}
	case (name == "sse41.ptestc" || name == "sse41.ptestz" || name == "sse41.ptestnzc") && len(sig.Params) == 2 &&
		isVec(sig.Params[0], ir.FloatType, 32) && sig.Params[0].Len == 4 && sig.Params[1] == sig.Params[0]:
		// LLVM 3.2 and older took <4 x float>.
		v := vec(2, r.intType(64))
		newSig = r.fnType(sig.Ret, v, v)
		if _, ok := ir.IntrinsicAttrs(f.Name, newSig); !ok {
			return nil
		}
		return &oldIntrinsic{f: f, oldSig: sig, newName: f.Name, newSig: newSig, rewrite: rewritePtest}
	case imm8Retyped(name) && len(sig.Params) > 0 && isInt(sig.Params[len(sig.Params)-1], 32):
		// LLVM 3.6 and older took the immediate as an i32.
		params := append([]*ir.Type(nil), sig.Params...)
		params[len(params)-1] = r.intType(8)
		newSig = r.fnType(sig.Ret, params...)
		if _, ok := ir.IntrinsicAttrs(f.Name, newSig); !ok {
			return nil
		}
		return &oldIntrinsic{f: f, oldSig: sig, newName: f.Name, newSig: newSig, rewrite: rewriteImm8}
	case vnniDot(name) != 0:
		per := uint64(vnniDot(name)) // narrow elements per i32
		if len(sig.Params) != 3 || !isVec(sig.Ret, ir.IntegerType, 32) || sig.Params[0] != sig.Ret ||
			sig.Params[1] != sig.Ret || sig.Params[2] != sig.Ret {
			return nil
		}
		narrow := r.intType(uint32(32 / per))
		v := vec(sig.Ret.Len*per, narrow)
		newSig = r.fnType(sig.Ret, sig.Ret, v, v)
	case strings.HasPrefix(name, "avx512bf16.dpbf16ps."):
		if len(sig.Params) != 3 || !isVec(sig.Params[1], ir.IntegerType, 32) || sig.Params[2] != sig.Params[1] {
			return nil
		}
		v := vec(sig.Params[1].Len*2, r.shape(ir.Type{Kind: ir.BFloatType}))
		newSig = r.fnType(sig.Ret, sig.Params[0], v, v)
	case strings.HasPrefix(name, "avx512bf16.cvtne2ps2bf16."), strings.HasPrefix(name, "avx512bf16.cvtneps2bf16."),
		name == "avx512bf16.mask.cvtneps2bf16.128":
		if !isVec(sig.Ret, ir.IntegerType, 16) {
			return nil
		}
		ret := vec(sig.Ret.Len, r.shape(ir.Type{Kind: ir.BFloatType}))
		params := append([]*ir.Type(nil), sig.Params...)
		if strings.HasPrefix(name, "avx512bf16.mask.") {
			if len(params) != 3 || params[1] != sig.Ret {
				return nil
			}
			params[1] = ret
		}
		newSig = r.fnType(ret, params...)
	default:
		return r.planX86IR(f, name)
	}
	if _, ok := ir.IntrinsicAttrs(f.Name, newSig); !ok {
		return nil
	}
	return &oldIntrinsic{f: f, oldSig: sig, newName: f.Name, newSig: newSig, rewrite: rewriteRetyped}
}

// rewriteRdtscp rebuilds a call of the old rdtscp as LLVM 22 does: the
// new call, named as the old one; TSC_AUX (its field 1) stored through
// the old pointer operand, align 1; the TSC (field 0) replaces the call.
func rewriteRdtscp(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	decl := r.target(u)
	ptr := in.Operands[0]
	call := r.newCall(in, decl)
	call.Name = in.Name
	aux := r.newInst(in, ir.ExtractValue, decl.Sig.Ret.Fields[1], call)
	extraOf(aux).Indices = []uint32{1}
	store := r.newInst(in, ir.Store, r.findType(&ir.Type{Kind: ir.VoidType}), aux, ptr)
	store.Align = 1
	out = append(out, call, aux, store)
	becomeInst(in, ir.ExtractValue, decl.Sig.Ret.Fields[0], call)
	extraOf(in).Indices = []uint32{0}
	return out, true
}

// imm8Retyped reports whether name (without "llvm.x86.") is one of the
// intrinsics whose last operand, an 8-bit immediate, was an i32 until
// LLVM 3.6.
func imm8Retyped(name string) bool {
	switch name {
	case "sse41.insertps", "sse41.dppd", "sse41.dpps", "sse41.mpsadbw", "avx.dp.ps.256", "avx2.mpsadbw":
		return true
	}
	return false
}

// rewritePtest rebuilds a call of an old ptest as LLVM 22 does: both
// operands bitcast to <2 x i64> (instructions named "cast", a null
// constant folded), the call named as the old one.
func rewritePtest(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	decl := r.target(u)
	start := len(out)
	ops := make([]ir.Value, 2)
	for i, v := range in.Operands {
		want := decl.Sig.Params[i]
		switch {
		case isNullConst(v):
			ops[i] = &ir.ConstNull{Typ: want}
		default:
			if _, ok := v.(ir.Constant); ok {
				return out[:start], false // LLVM folds it: not done
			}
			c := r.newInst(in, ir.BitCast, want, v)
			c.Name = r.fs.claim("cast")
			out = append(out, c)
			ops[i] = c
		}
	}
	rebuildCall(in, decl, ops)
	return out, true
}

// rewriteImm8 rebuilds a call whose last operand LLVM 22 takes as an i8:
// that operand truncated (an instruction named "trunc", a constant
// folded), the call named as the old one.
func rewriteImm8(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	decl := r.target(u)
	ops := append([]ir.Value(nil), in.Operands...)
	last := len(ops) - 1
	i8 := decl.Sig.Params[last]
	switch c := ops[last].(type) {
	case *ir.ConstInt:
		if c.Big != nil {
			return out, false
		}
		ops[last] = &ir.ConstInt{Typ: i8, V: int64(int8(c.V))}
	case ir.Constant:
		return out, false // undef, poison, expressions: LLVM folds them
	default:
		t := r.newInst(in, ir.Trunc, i8, ops[last])
		t.Name = r.fs.claim("trunc")
		out = append(out, t)
		ops[last] = t
	}
	rebuildCall(in, decl, ops)
	return out, true
}

// x86Retyped reports whether name (without "llvm.x86.") is an intrinsic
// LLVM 22 still has but upgrades when declared with an older type
// (upgradeX86IntrinsicFunction's retypes: LLVM 3.2 to 9's types).
func x86Retyped(name string) bool {
	switch name {
	case "rdtscp", "sse41.ptestc", "sse41.ptestz", "sse41.ptestnzc", "sse41.insertps", "sse41.dppd",
		"sse41.dpps", "sse41.mpsadbw", "avx.dp.ps.256", "avx2.mpsadbw", "avx512.mask.cmp.pd.128",
		"avx512.mask.cmp.pd.256", "avx512.mask.cmp.pd.512", "avx512.mask.cmp.ps.128", "avx512.mask.cmp.ps.256",
		"avx512.mask.cmp.ps.512", "xop.vfrcz.ss", "xop.vfrcz.sd":
		return true
	}
	return strings.HasPrefix(name, "xop.vpermil2") || strings.HasPrefix(name, "avx512bf16.") ||
		vnniDot(name) != 0
}

// vnniDot returns how many narrow elements an i32 lane of VNNI dot
// product name takes (4 bytes or 2 words), 0 if name is none.
func vnniDot(name string) int {
	for _, p := range [...]string{"avx512.vpdpbusd.", "avx512.vpdpbusds.", "avx2.vpdpbssd.", "avx2.vpdpbssds.",
		"avx2.vpdpbsud.", "avx2.vpdpbsuds.", "avx2.vpdpbuud.", "avx2.vpdpbuuds."} {
		if strings.HasPrefix(name, p) {
			return 4
		}
	}
	for _, p := range [...]string{"avx512.vpdpwssd.", "avx512.vpdpwssds.", "avx2.vpdpwsud.", "avx2.vpdpwsuds.",
		"avx2.vpdpwusd.", "avx2.vpdpwusds.", "avx2.vpdpwuud.", "avx2.vpdpwuuds."} {
		if strings.HasPrefix(name, p) {
			return 2
		}
	}
	return 0
}

// rewriteRetyped rebuilds a call for a declaration whose operand or
// result types changed: bitcasts of the operands before, the call named
// as the old one, a bitcast of the result after (which replaces the old
// call).
func rewriteRetyped(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	decl := r.target(u)
	ops := make([]ir.Value, len(in.Operands))
	start := len(out)
	for i, v := range in.Operands {
		want := decl.Sig.Params[i]
		switch {
		case v.Type() == want:
			ops[i] = v
		case isNullConst(v):
			// IRBuilder folds a bitcast of a null constant.
			ops[i] = &ir.ConstNull{Typ: want}
		default:
			if _, ok := v.(ir.Constant); ok {
				return out[:start], false
			}
			c := r.newInst(in, ir.BitCast, want, v)
			out = append(out, c)
			ops[i] = c
		}
	}
	if decl.Sig.Ret == u.oldSig.Ret {
		rebuildCall(in, decl, ops)
		return out, true
	}
	call := r.newCall(in, decl, ops...)
	call.Name = in.Name
	out = append(out, call)
	becomeInst(in, ir.BitCast, u.oldSig.Ret, call)
	return out, true
}

// isNullConst reports whether v is the zero value of its type.
func isNullConst(v ir.Value) bool {
	switch c := v.(type) {
	case *ir.ConstNull:
		return true
	case *ir.ConstInt:
		return c.Big == nil && c.V == 0 || c.Big != nil && c.Big.Sign() == 0
	}
	return false
}

func rewriteVfrcz(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	rebuildCall(in, r.target(u), []ir.Value{in.Operands[1]})
	return out, true
}
