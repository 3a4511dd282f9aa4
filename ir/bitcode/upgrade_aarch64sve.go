package bitcode

import (
	"regexp"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// The SVE intrinsics of clang 13 to 16 that LLVM 17 replaced and LLVM 22
// rewrites (upgradeArmOrAarch64IntrinsicFunction and the call-site cases
// of UpgradeIntrinsicCall):
//
//   - rev (of a scalable vector) is llvm.vector.reverse, its calls kept;
//   - addqv of floating point (LLVM 18) is faddqv, its calls kept;
//   - bfdot.lane, bfmlalb.lane, bfmlalt.lane took the lane as an i64: the
//     ".v2" intrinsics take an i32, the call rebuilt with it;
//   - tuple.get and tuple.set became llvm.vector.extract and
//     llvm.vector.insert at the element index (the tuple index times the
//     part's elements, an i64);
//   - tuple.create2 to 4 became a chain of llvm.vector.insert into poison;
//   - ld2 to ld4, which returned one wide vector, became ld2.sret to
//     ld4.sret, which return a struct of the parts, each part inserted
//     into the wide vector (llvm.vector.insert, declared at its first use).
//
// The new declarations come at once, in the order of the old ones, but
// tuple.set's: LLVM 22 declares it under a name mangled with a third type
// (llvm.vector.insert.nxv8i32.nxv4i32.i32), which the walk over the
// functions later remangles, at the end (oldIntrinsic.chained). Each call
// keeps its name (on the last instruction of a chain).

var (
	sveCreate = regexp.MustCompile(`^create[234](.nxv[a-z0-9]+|$)`)
	sveLoad   = regexp.MustCompile(`^[234](.nxv[a-z0-9]+|$)`)
)

// planSVE plans those rewrites of f, nil for another declaration or one
// of other types.
func (r *Reader) planSVE(f *ir.Function) *oldIntrinsic {
	name, ok := strings.CutPrefix(f.Name, "llvm.aarch64.sve.")
	if !ok {
		return nil
	}
	sig := f.Sig
	ps := sig.Params
	scalable := func(t *ir.Type) bool { return t != nil && t.Kind == ir.ScalableVectorType && t.Len > 0 }
	i64 := r.intType(64)
	u := &oldIntrinsic{f: f, oldSig: sig}
	switch {
	case strings.HasPrefix(name, "rev.") && scalable(sig.Ret) && !isIntrinsic22(f.Name):
		// LLVM 22 renames it llvm.vector.reverse, its calls kept (one of
		// a fixed vector it leaves, as the probe saw).
		if len(ps) != 1 || ps[0] != sig.Ret {
			return nil
		}
		u.newSig, u.rewrite = sig, rewriteRedirect
		u.newName, ok = intrinsicFor("llvm.vector.reverse", sig)
	case strings.HasPrefix(name, "addqv") && isFPOrFPVector(sig.Ret):
		// LLVM 18's addqv of floating point is LLVM 19's faddqv,
		// overloaded on the result and the vector operand; the calls
		// kept.
		if len(ps) != 2 {
			return nil
		}
		u.newSig, u.rewrite = sig, rewriteRedirect
		u.newName, ok = intrinsicFor("llvm.aarch64.sve.faddqv", sig)
	case name == "bfdot.lane", name == "bfmlalb.lane", name == "bfmlalt.lane":
		if len(ps) != 4 || !isInt(ps[3], 64) {
			return nil
		}
		u.newName, u.newSig = f.Name+".v2", r.fnType(sig.Ret, ps[0], ps[1], ps[2], r.intType(32))
		u.rewrite = rewriteSVELane
	case strings.HasPrefix(name, "tuple.get"):
		if len(ps) != 2 || !scalable(sig.Ret) || !scalable(ps[0]) || ps[1].Kind != ir.IntegerType {
			return nil
		}
		u.newSig = r.fnType(sig.Ret, ps[0], i64)
		u.newName, ok = intrinsicFor("llvm.vector.extract", u.newSig)
		u.rewrite = rewriteSVETupleGet
	case strings.HasPrefix(name, "tuple.set"):
		if len(ps) != 3 || !scalable(sig.Ret) || ps[0] != sig.Ret || ps[1].Kind != ir.IntegerType || !scalable(ps[2]) {
			return nil
		}
		u.newSig = r.fnType(sig.Ret, sig.Ret, ps[2], i64)
		u.newName, ok = intrinsicFor("llvm.vector.insert", u.newSig)
		u.rewrite, u.chained = rewriteSVETupleSet, true
	case strings.HasPrefix(name, "tuple.") && sveCreate.MatchString(name[len("tuple."):]):
		n := int(name[len("tuple.create")] - '0')
		if len(ps) != n || !scalable(sig.Ret) || !scalable(ps[0]) || sig.Ret.Len != uint64(n)*ps[0].Len {
			return nil
		}
		for _, p := range ps {
			if p != ps[0] {
				return nil
			}
		}
		u.newSig = r.fnType(sig.Ret, sig.Ret, ps[0], i64)
		u.newName, ok = intrinsicFor("llvm.vector.insert", u.newSig)
		u.rewrite, u.op = rewriteSVETupleCreate, n
	case strings.HasPrefix(name, "ld") && sveLoad.MatchString(name[len("ld"):]):
		n := int(name[len("ld")] - '0')
		if len(ps) == 0 || !scalable(sig.Ret) || !scalable(ps[0]) || sig.Ret.Len%uint64(n) != 0 {
			return nil
		}
		part := r.findType(&ir.Type{Kind: ir.ScalableVectorType, Len: ps[0].Len, Elem: sig.Ret.Elem})
		if part.Len*uint64(n) != sig.Ret.Len {
			return nil
		}
		fields := make([]*ir.Type, n)
		for i := range fields {
			fields[i] = part
		}
		ret := r.findType(&ir.Type{Kind: ir.StructType, Fields: fields})
		u.newSig = r.fnType(ret, ps...)
		u.newName, ok = ir.IntrinsicMangledName("llvm.aarch64.sve.ld"+name[2:3]+".sret", u.newSig)
		if !ok || !setAlt(u, "llvm.vector.insert", r.fnType(sig.Ret, sig.Ret, part, i64)) {
			return nil
		}
		u.rewrite, u.op, u.lazyAlt = rewriteSVELoad, n, true
	default:
		return nil
	}
	if !ok {
		return nil
	}
	if _, ok := ir.IntrinsicAttrs(u.newName, u.newSig); !ok {
		return nil
	}
	return u
}

// constIndex returns the constant integer operand v, false when it is
// none (LLVM 22 casts it and fails).
func constIndex(v ir.Value) (int64, bool) {
	c, ok := v.(*ir.ConstInt)
	if !ok || c.Big != nil {
		return 0, false
	}
	return c.V, true
}

// rewriteSVELane: the ".v2" intrinsic with the lane as an i32.
func rewriteSVELane(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	lane, ok := constIndex(ops[3])
	if !ok {
		return out, false
	}
	rebuildCall(in, r.target(u), []ir.Value{ops[0], ops[1], ops[2], &ir.ConstInt{Typ: r.intType(32), V: int64(uint32(lane))}})
	return out, true
}

// rewriteSVETupleGet: llvm.vector.extract at the part's first element.
func rewriteSVETupleGet(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	i, ok := constIndex(ops[1])
	if !ok {
		return out, false
	}
	at := &ir.ConstInt{Typ: r.intType(64), V: int64(uint32(i)) * int64(u.oldSig.Ret.Len)}
	rebuildCall(in, r.target(u), []ir.Value{ops[0], at})
	return out, true
}

// rewriteSVETupleSet: llvm.vector.insert of the part at its first
// element.
func rewriteSVETupleSet(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	i, ok := constIndex(ops[1])
	if !ok {
		return out, false
	}
	at := &ir.ConstInt{Typ: r.intType(64), V: int64(uint32(i)) * int64(ops[2].Type().Len)}
	rebuildCall(in, r.target(u), []ir.Value{ops[0], ops[2], at})
	return out, true
}

// rewriteSVETupleCreate: the parts inserted one by one into poison
// (llvm.vector.insert); the last insert is the call.
func rewriteSVETupleCreate(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := append([]ir.Value(nil), in.Operands...)
	t := u.oldSig.Ret
	decl := r.target(u)
	var v ir.Value = &ir.Poison{Typ: t}
	for i, part := range ops {
		at := &ir.ConstInt{Typ: r.intType(64), V: int64(i) * int64(part.Type().Len)}
		if i == len(ops)-1 {
			rebuildCall(in, decl, []ir.Value{v, part, at})
			break
		}
		c := r.newCall(in, decl, v, part, at)
		out = append(out, c)
		v = c
	}
	return out, true
}

// rewriteSVELoad: the ld*.sret call, then each part of its result
// (extractvalue) inserted into poison (llvm.vector.insert); the last
// insert is the call.
func rewriteSVELoad(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := append([]ir.Value(nil), in.Operands...)
	t := u.oldSig.Ret
	ld := r.newCall(in, r.target(u), ops...)
	out = append(out, ld)
	ins := r.altTarget(u)
	part := ld.Typ.Fields[0]
	var v ir.Value = &ir.Poison{Typ: t}
	for i := range u.op {
		ev := r.newInst(in, ir.ExtractValue, part, ld)
		extraOf(ev).Indices = []uint32{uint32(i)}
		out = append(out, ev)
		at := &ir.ConstInt{Typ: r.intType(64), V: int64(i) * int64(part.Len)}
		if i == u.op-1 {
			rebuildCall(in, ins, []ir.Value{v, ev, at})
			break
		}
		c := r.newCall(in, ins, v, ev, at)
		out = append(out, c)
		v = c
	}
	return out, true
}

// isIntrinsic22 reports whether name is an intrinsic of LLVM 22 (rev.b16
// is one, rev.nxv16i8 is not).
func isIntrinsic22(name string) bool {
	_, ok := ir.IntrinsicName(name)
	return ok
}
