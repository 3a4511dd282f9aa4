package bitcode

import (
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// Target intrinsics of older LLVMs that LLVM 22 rewrites: NVVM's
// barriers and atomics, AMDGPU's atomics. Each plan checks the old
// signature; one it does not know is left to checkIntrinsicDecls.

// isInt reports whether t is an integer type of bits bits.
func isInt(t *ir.Type, bits uint32) bool {
	return t != nil && t.Kind == ir.IntegerType && t.BitWidth == bits
}

// sigIs reports whether sig returns ret and takes params, each checked
// by a predicate.
func sigIs(sig *ir.Type, ret func(*ir.Type) bool, params ...func(*ir.Type) bool) bool {
	if !ret(sig.Ret) || len(sig.Params) != len(params) {
		return false
	}
	for i, p := range params {
		if !p(sig.Params[i]) {
			return false
		}
	}
	return true
}

func isVoid(t *ir.Type) bool { return t.Kind == ir.VoidType }
func isI1(t *ir.Type) bool   { return isInt(t, 1) }
func isI32(t *ir.Type) bool  { return isInt(t, 32) }
func isPtr(t *ir.Type) bool  { return t.Kind == ir.PointerType }

// nvvmBarriers are NVVM's old barriers that became the
// llvm.nvvm.barrier.cta.* intrinsics in LLVM 21: the new name and
// whether the call gets a barrier number 0 before its operands.
var nvvmBarriers = map[string]struct {
	to    string
	zero  bool
	nargs int
}{
	"barrier0":         {"barrier.cta.sync.aligned.all", true, 0},
	"barrier.n":        {"barrier.cta.sync.aligned.all", false, 1},
	"bar.sync":         {"barrier.cta.sync.aligned.all", false, 1},
	"barrier":          {"barrier.cta.sync.aligned.count", false, 2},
	"barrier.sync":     {"barrier.cta.sync.all", false, 1},
	"barrier.sync.cnt": {"barrier.cta.sync.count", false, 2},
}

// planNVVM plans the NVVM upgrades; name is f's name without
// "llvm.nvvm.".
func (r *Reader) planNVVM(f *ir.Function, name string) *oldIntrinsic {
	sig := f.Sig
	u := &oldIntrinsic{f: f, oldSig: sig, lazyDecl: true}
	if b, ok := nvvmBarriers[name]; ok {
		if !isVoid(sig.Ret) || len(sig.Params) != b.nargs {
			return nil
		}
		for _, p := range sig.Params {
			if !isI32(p) {
				return nil
			}
		}
		i32 := r.intType(32)
		params := []*ir.Type{i32}
		if b.nargs == 2 {
			params = append(params, i32)
		}
		u.newName, u.newSig = "llvm.nvvm."+b.to, r.fnType(sig.Ret, params...)
		u.rewrite = rewriteNVVMBarrier
		if b.zero {
			u.op = 1
		}
		return u
	}
	switch name {
	case "barrier0.and", "barrier0.or", "barrier0.popc":
		if !sigIs(sig, isI32, isI32) {
			return nil
		}
		op := name[len("barrier0."):]
		ret := r.i1()
		if op == "popc" {
			ret = sig.Ret
		}
		u.newName = "llvm.nvvm.barrier.cta.red." + op + ".aligned.all"
		u.newSig = r.fnType(ret, r.intType(32), r.i1())
		u.rewrite = rewriteNVVMBarrierRed
		return u
	}
	if u := r.planNVVMIntBF16(f, name); u != nil {
		return u
	}
	if to, ok := nvvmRenamedMath[name]; ok {
		if len(sig.Params) != 1 || sig.Params[0] != sig.Ret || !sig.Ret.Scalar().IsFloatingPoint() {
			return nil
		}
		want, ok := ir.IntrinsicMangledName(to, sig)
		if !ok {
			return nil
		}
		u.newName, u.newSig, u.rewrite = want, sig, rewriteRebuildUnnamed
		return u
	}
	switch name {
	case "mapa.shared.cluster":
		// It returns a pointer to the cluster's shared memory, address
		// space 7 since LLVM 21 (3 before): the call, renamed to the new
		// declaration, is cast back to 3.
		if !sigIs(sig, isPtr, isPtr, isI32) || sig.Ret.AddrSpace != nvvmShared || sig.Params[0].AddrSpace != nvvmShared {
			return nil
		}
		u.newName, u.newSig = "llvm.nvvm.mapa.shared.cluster", r.fnType(r.ptrType(nvvmSharedCluster), sig.Params...)
		if _, ok := ir.IntrinsicAttrs(u.newName, u.newSig); !ok {
			return nil
		}
		u.lazyDecl, u.rewrite = false, rewriteNVVMMapa
		return u
	case "bitcast.f2i", "bitcast.i2f", "bitcast.d2ll", "bitcast.ll2d":
		if len(sig.Params) != 1 || storeBits(sig.Params[0]) != storeBits(sig.Ret) || storeBits(sig.Ret) == 0 {
			return nil
		}
		u.lazyDecl, u.rewrite = false, rewriteNVVMBitcast
		return u
	case "rotate.b32", "rotate.b64", "rotate.right.b64", "swap.lo.hi.b64":
		bits := uint32(64)
		if name == "rotate.b32" {
			bits = 32
		}
		ok := sigIs(sig, func(t *ir.Type) bool { return isInt(t, bits) }, func(t *ir.Type) bool { return isInt(t, bits) }, isI32)
		if name == "swap.lo.hi.b64" {
			ok = sigIs(sig, func(t *ir.Type) bool { return isInt(t, 64) }, func(t *ir.Type) bool { return isInt(t, 64) })
		}
		if !ok {
			return nil
		}
		fsh := "llvm.fshl"
		if name == "rotate.right.b64" {
			fsh = "llvm.fshr"
		}
		t := sig.Ret
		u.newSig = r.fnType(t, t, t, t)
		u.newName, _ = ir.IntrinsicMangledName(fsh, u.newSig)
		u.rewrite = rewriteNVVMRotate
		return u
	}
	if strings.HasPrefix(name, "ldg.global.i.") || strings.HasPrefix(name, "ldg.global.f.") ||
		strings.HasPrefix(name, "ldg.global.p.") {
		if !sigIs(sig, func(t *ir.Type) bool { return t.Kind != ir.VoidType }, isPtr, isI32) {
			return nil
		}
		u.lazyDecl, u.rewrite = false, rewriteNVVMLdg
		return u
	}
	if as, ok := nvvmPtrCast(name); ok {
		if len(sig.Params) != 1 || !isPtr(sig.Params[0]) || !isPtr(sig.Ret) || sig.Ret.AddrSpace != as {
			return nil
		}
		u.lazyDecl, u.rewrite = false, rewriteNVVMPtrCast
		return u
	}
	rmw := ir.RMWOp(0)
	switch {
	case strings.HasPrefix(name, "atomic.load.inc.32."):
		rmw = ir.RMWUIncWrap
	case strings.HasPrefix(name, "atomic.load.dec.32."):
		rmw = ir.RMWUDecWrap
	case strings.HasPrefix(name, "atomic.load.add.f32.p"), strings.HasPrefix(name, "atomic.load.add.f64.p"):
		rmw = ir.RMWFAdd
	default:
		return nil
	}
	if len(sig.Params) != 2 || !isPtr(sig.Params[0]) || sig.Params[1] != sig.Ret {
		return nil
	}
	if (rmw == ir.RMWFAdd) != sig.Ret.IsFloatingPoint() || rmw != ir.RMWFAdd && !isI32(sig.Ret) {
		return nil
	}
	u.op = int(rmw)
	u.rewrite = rewriteNVVMAtomic
	u.lazyDecl = false
	return u
}

func rewriteNVVMBarrier(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if u.op == 1 {
		ops = []ir.Value{&ir.ConstInt{Typ: r.intType(32), V: 0}}
	}
	rebuildCall(in, r.target(u), ops)
	in.Name = ""
	return out, true
}

// rewriteNVVMBarrierRed: barrier0.and(p) becomes
// zext(barrier.cta.red.and.aligned.all(0, p != 0)), popc the call itself.
func rewriteNVVMBarrierRed(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	i32 := r.intType(32)
	var pred ir.Value
	switch p := in.Operands[0].(type) {
	case *ir.ConstInt:
		// IRBuilder folds the comparison.
		v := int64(0)
		if p.Big != nil && p.Big.Sign() != 0 || p.Big == nil && p.V != 0 {
			v = -1
		}
		pred = &ir.ConstInt{Typ: r.i1(), V: v}
	case ir.Constant:
		return out, false
	default:
		cmp := r.newInst(in, ir.ICmp, r.i1(), p, &ir.ConstInt{Typ: i32, V: 0})
		cmp.Pred = ir.ICmpNE
		out = append(out, cmp)
		pred = cmp
	}
	decl := r.target(u)
	ops := []ir.Value{&ir.ConstInt{Typ: i32, V: 0}, pred}
	if isI32(decl.Sig.Ret) {
		rebuildCall(in, decl, ops)
		in.Name = ""
		return out, true
	}
	call := r.newCall(in, decl, ops...)
	out = append(out, call)
	becomeInst(in, ir.ZExt, u.oldSig.Ret, call)
	return out, true
}

// rewriteNVVMAtomic: the NVVM atomics became atomicrmw, sequentially
// consistent, aligned to the value's size (IRBuilder's Align of the store
// size: llvmAlign).
func rewriteNVVMAtomic(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	align, ok := storeSize(u.oldSig.Ret)
	if !ok {
		return out, false
	}
	becomeInst(in, ir.AtomicRMW, u.oldSig.Ret, in.Operands[0], in.Operands[1])
	in.RMW, in.Ordering, in.Align = ir.RMWOp(u.op), ir.SequentiallyConsistent, llvmAlign(align)
	return out, true
}

// storeSize returns the bytes a value of scalar type t takes in memory,
// as IRBuilder aligns an atomicrmw it makes.
func storeSize(t *ir.Type) (uint64, bool) {
	switch t.Kind {
	case ir.IntegerType:
		return uint64(t.BitWidth+7) / 8, true
	case ir.HalfType, ir.BFloatType:
		return 2, true
	case ir.FloatType:
		return 4, true
	case ir.DoubleType:
		return 8, true
	}
	return 0, false
}

// amdgcnAtomics are the AMDGPU atomics that LLVM 20 made atomicrmw
// instructions: the operation, and whether the call also takes an
// ordering, a scope and a volatile flag (ptr, value, i32, i32, i1) rather
// than (ptr, value) alone.
var amdgcnAtomics = []struct {
	prefix  string
	op      ir.RMWOp
	ordered bool
}{
	{"atomic.inc.", ir.RMWUIncWrap, true},
	{"atomic.dec.", ir.RMWUDecWrap, true},
	{"ds.fadd.", ir.RMWFAdd, true},
	{"ds.fmin.", ir.RMWFMin, true},
	{"ds.fmax.", ir.RMWFMax, true},
	{"global.atomic.fadd.", ir.RMWFAdd, false},
	{"global.atomic.fmin.", ir.RMWFMin, false},
	{"global.atomic.fmax.", ir.RMWFMax, false},
	{"flat.atomic.fadd.", ir.RMWFAdd, false},
	{"flat.atomic.fmin.", ir.RMWFMin, false},
	{"flat.atomic.fmax.", ir.RMWFMax, false},
	{"atomic.cond.sub.u32.", ir.RMWUSubCond, false},
}

// planAMDGCN plans the AMDGPU upgrades; name is f's name without
// "llvm.amdgcn.".
func (r *Reader) planAMDGCN(f *ir.Function, name string) *oldIntrinsic {
	if _, ok := ir.IntrinsicName(f.Name); ok {
		// One of LLVM 22's: llvm.amdgcn.global.atomic.fmax.num is no
		// old llvm.amdgcn.global.atomic.fmax. (None of the old atomics
		// is an intrinsic of LLVM 22.)
		return nil
	}
	sig := f.Sig
	if strings.HasPrefix(name, "global.atomic.fadd.v2bf16") || strings.HasPrefix(name, "flat.atomic.fadd.v2bf16") {
		v2i16 := func(t *ir.Type) bool { return t.Kind == ir.FixedVectorType && t.Len == 2 && isInt(t.Elem, 16) }
		if !sigIs(sig, v2i16, isPtr, func(t *ir.Type) bool { return t == sig.Ret }) {
			return nil
		}
		return &oldIntrinsic{f: f, oldSig: sig, rewrite: rewriteAMDGCNAtomicBF16}
	}
	for _, a := range amdgcnAtomics {
		if !strings.HasPrefix(name, a.prefix) || strings.HasPrefix(name[len(a.prefix):], "v2bf16") {
			continue
		}
		same := func(t *ir.Type) bool { return t == sig.Ret }
		var ok bool
		if a.ordered {
			ok = sigIs(sig, atomicValue, isPtr, same, isI32, isI32, isI1)
		} else {
			ok = sigIs(sig, atomicValue, isPtr, same)
		}
		if !ok {
			return nil
		}
		u := &oldIntrinsic{f: f, oldSig: sig, op: int(a.op), rewrite: rewriteAMDGCNAtomic}
		if a.ordered {
			u.rewrite = rewriteAMDGCNOrderedAtomic
		}
		return u
	}
	return nil
}

// atomicValue reports whether t is a type the AMDGPU atomics upgrade:
// an integer or floating-point scalar, or a vector of two halves.
func atomicValue(t *ir.Type) bool {
	if t.Kind == ir.FixedVectorType {
		return t.Len == 2 && t.Elem.Kind == ir.HalfType
	}
	_, ok := storeSize(t)
	return ok
}

// The AMDGPU address spaces the atomic upgrades look at.
const (
	amdgpuFlat    = 0
	amdgpuLocal   = 3
	amdgpuPrivate = 5
)

// rewriteAMDGCNOrderedAtomic: llvm.amdgcn.atomic.inc/dec and ds.fadd/
// fmin/fmax(ptr, value, ordering, scope, volatile) became atomicrmw at
// agent scope; an ordering that is not one of monotonic, acquire,
// release, acq_rel and seq_cst becomes seq_cst, the scope is dropped.
func rewriteAMDGCNOrderedAtomic(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	order, ok1 := in.Operands[2].(*ir.ConstInt)
	vol, ok2 := in.Operands[4].(*ir.ConstInt)
	if !ok1 || !ok2 || order.Big != nil {
		return out, false
	}
	ord := ir.SequentiallyConsistent
	switch o := ir.AtomicOrdering(order.V); {
	case order.V < 0 || order.V > 7:
	case o == ir.Monotonic, o == ir.Acquire, o == ir.Release, o == ir.AcquireRelease:
		ord = o
	}
	out, ok := rewriteAMDGCNAtomic(r, u, in, out)
	in.Ordering = ord
	if vol.V != 0 {
		in.Flags |= ir.Volatile
	}
	return out, ok
}

// rewriteAMDGCNAtomic: the AMDGPU atomics (ptr, value) became atomicrmw
// at agent scope, sequentially consistent, aligned to the value's size.
// Outside LDS the atomicrmw gets !amdgpu.no.fine.grained.memory, on a
// flat pointer also !noalias.addrspace (not private), a float fadd of
// global or flat memory also !amdgpu.ignore.denormal.mode.
func rewriteAMDGCNAtomic(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	t := u.oldSig.Ret
	align, ok := storeSize(t)
	if !ok && t.Kind == ir.FixedVectorType {
		align, ok = 4, true // <2 x half>
	}
	if !ok {
		return out, false
	}
	ptr, val := in.Operands[0], in.Operands[1]
	ordered := len(in.Operands) == 5
	becomeInst(in, ir.AtomicRMW, t, ptr, val)
	r.amdgcnRMW(in, ir.RMWOp(u.op), llvmAlign(align), ordered)
	return out, true
}

// amdgcnRMW makes in, an atomicrmw of its operands, the one of op that
// rewriteAMDGCNAtomic describes.
func (r *Reader) amdgcnRMW(in *ir.Instruction, op ir.RMWOp, align uint64, ordered bool) {
	t, as := in.Typ, in.Operands[0].Type().AddrSpace
	in.RMW, in.Ordering, in.Align = op, ir.SequentiallyConsistent, align
	extraOf(in).SyncScope = "agent"
	if !slices.Contains(r.m.SyncScopes, "agent") {
		// LLVM registers the scope as it makes the instruction
		// (getOrInsertSyncScopeID), and its writer lists it.
		r.m.SyncScopes = append(r.m.SyncScopes, "agent")
	}
	// Each kind is registered as LLVM sets the first attachment of it
	// (an atomic of LDS only, or a fadd of no float, registers none).
	const fine, denormal = "amdgpu.no.fine.grained.memory", "amdgpu.ignore.denormal.mode"
	if as == amdgpuFlat {
		in.Metadata = append(in.Metadata, ir.Attachment{Kind: "noalias.addrspace", Node: r.privateRangeNode()})
	}
	if as != amdgpuLocal {
		r.rankOf(fine)
		in.Metadata = append(in.Metadata, ir.Attachment{Kind: fine, Node: r.emptyNode()})
	}
	if in.RMW == ir.RMWFAdd && t.Kind == ir.FloatType && !ordered {
		r.rankOf(denormal)
		in.Metadata = append(in.Metadata, ir.Attachment{Kind: denormal, Node: r.emptyNode()})
	}
	r.sortAttachments(in.Metadata)
}

// rewriteAMDGCNAtomicBF16: llvm.amdgcn.global/flat.atomic.fadd.v2bf16,
// declared of <2 x i16>, became an atomicrmw fadd of <2 x bfloat> (as
// rewriteAMDGCNAtomic), the value bitcast to it and the result back,
// unnamed.
func rewriteAMDGCNAtomicBF16(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ptr, val := in.Operands[0], in.Operands[1]
	if _, ok := val.(ir.Constant); ok {
		return out, false // IRBuilder folds a constant's bitcast
	}
	bf := r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: 2, Elem: r.shape(ir.Type{Kind: ir.BFloatType})})
	cast := r.newInst(in, ir.BitCast, bf, val)
	rmw := r.newInst(in, ir.AtomicRMW, bf, ptr, cast)
	r.amdgcnRMW(rmw, ir.RMWFAdd, 4, false)
	out = append(out, cast, rmw)
	becomeInst(in, ir.BitCast, u.oldSig.Ret, rmw)
	return out, true
}

// nvvmRenamedMath are NVVM math intrinsics that became overloaded ones
// (their calls rebuilt, unnamed).
var nvvmRenamedMath = map[string]string{
	"fabs.f": "llvm.nvvm.fabs", "fabs.ftz.f": "llvm.nvvm.fabs.ftz", "fabs.d": "llvm.nvvm.fabs",
	"ex2.approx.f": "llvm.nvvm.ex2.approx", "ex2.approx.ftz.f": "llvm.nvvm.ex2.approx.ftz",
	"ex2.approx.d": "llvm.nvvm.ex2.approx",
	// LLVM 19's, of bfloat and half vectors (LLVM 14-16 declared the
	// bfloat ones of i16: those are left to be reported).
	"abs.bf16": "llvm.nvvm.fabs", "abs.bf16x2": "llvm.nvvm.fabs", "ex2.approx.f16x2": "llvm.nvvm.ex2.approx",
}

// nvvmPtrCast reports whether name (without "llvm.nvvm.") is one of the
// address-space conversions that became addrspacecast, and the address
// space it converts to.
func nvvmPtrCast(name string) (uint32, bool) {
	spaces := map[string]uint32{"global": 1, "shared": 3, "constant": 4, "local": 5, "param": 101}
	rest, ok := strings.CutPrefix(name, "ptr.")
	if !ok {
		return 0, false
	}
	if to, ok := strings.CutPrefix(rest, "gen.to."); ok {
		sp, _, _ := strings.Cut(to, ".")
		as, ok := spaces[sp]
		return as, ok
	}
	sp, to, ok := strings.Cut(rest, ".to.gen")
	if !ok || to != "" && to[0] != '.' {
		return 0, false
	}
	_, ok = spaces[sp]
	return 0, ok
}

// storeBits returns the bits of a scalar type, 0 for another.
func storeBits(t *ir.Type) uint32 {
	switch t.Kind {
	case ir.IntegerType:
		return t.BitWidth
	case ir.FloatType:
		return 32
	case ir.DoubleType:
		return 64
	}
	return 0
}

// planNVVMIntBF16: the bfloat intrinsics LLVM 14 to 16 declared of
// integers (i16 for bf16, i32 for bf16x2; nvvmBF16Name, abs) take bfloat
// and <2 x bfloat> in LLVM 22, abs being nvvm.fabs. Each call becomes the
// bitcasts of its operands, an unnamed call of the new declaration
// (declared at its first call, at the end) and the bitcast of its result
// back, all unnamed.
func (r *Reader) planNVVMIntBF16(f *ir.Function, name string) *oldIntrinsic {
	abs := name == "abs.bf16" || name == "abs.bf16x2"
	if !abs && !nvvmBF16Name(name) {
		return nil
	}
	sig := f.Sig
	bits := uint32(16)
	bf := r.shape(ir.Type{Kind: ir.BFloatType})
	if strings.HasSuffix(name, "x2") {
		bits, bf = 32, r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: 2, Elem: bf})
	}
	if !isInt(sig.Ret, bits) || len(sig.Params) == 0 {
		return nil
	}
	params := make([]*ir.Type, len(sig.Params))
	for i, p := range sig.Params {
		if !isInt(p, bits) {
			return nil
		}
		params[i] = bf
	}
	newSig := r.fnType(bf, params...)
	newName := f.Name
	if abs {
		var ok bool
		if newName, ok = ir.IntrinsicMangledName("llvm.nvvm.fabs", newSig); !ok {
			return nil
		}
	}
	if _, ok := ir.IntrinsicAttrs(newName, newSig); !ok {
		return nil
	}
	return &oldIntrinsic{f: f, oldSig: sig, newName: newName, newSig: newSig, lazyDecl: true, rewrite: rewriteNVVMIntBF16}
}

// rewriteNVVMIntBF16 is planNVVMIntBF16's rewrite. IRBuilder folds the
// bitcast of a constant: an integer becomes the bfloat of its bits,
// undef and poison stay; another constant is left to be reported.
func rewriteNVVMIntBF16(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	bf := u.newSig.Ret
	ops := make([]ir.Value, len(in.Operands))
	var casts []*ir.Instruction
	for i, op := range in.Operands {
		switch c := op.(type) {
		case *ir.ConstInt:
			if bf.Kind != ir.BFloatType || c.Big != nil {
				return out, false
			}
			ops[i] = &ir.ConstFP{Typ: bf, Bits: [2]uint64{uint64(c.V) & 0xffff}}
		case *ir.Undef:
			ops[i] = &ir.Undef{Typ: bf}
		case *ir.Poison:
			ops[i] = &ir.Poison{Typ: bf}
		case ir.Constant:
			return out, false
		default:
			cast := r.newInst(in, ir.BitCast, bf, op)
			casts = append(casts, cast)
			ops[i] = cast
		}
	}
	call := r.newCall(in, r.target(u), ops...)
	out = append(out, casts...)
	out = append(out, call)
	becomeInst(in, ir.BitCast, u.oldSig.Ret, call)
	return out, true
}

// The NVPTX address spaces of shared memory: the CTA's, and the
// cluster's (LLVM 21).
const (
	nvvmShared        = 3
	nvvmSharedCluster = 7
)

// rewriteNVVMMapa: a plain call of the new declaration, which takes the
// old one's name, cast back to the old address space.
func rewriteNVVMMapa(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	if len(in.Operands) != 2 {
		return out, false
	}
	call := r.newCall(in, r.target(u), in.Operands...)
	call.Name = in.Name
	out = append(out, call)
	becomeInst(in, ir.AddrSpaceCast, u.oldSig.Ret, call)
	return out, true
}

// rewriteRebuildUnnamed rebuilds the call for the new declaration with
// the same operands; the new call does not take the old one's name.
func rewriteRebuildUnnamed(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	rebuildCall(in, r.target(u), in.Operands)
	in.Name = ""
	return out, true
}

// rewriteNVVMBitcast: the NVVM bitcasts became bitcast instructions.
func rewriteNVVMBitcast(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	if _, ok := in.Operands[0].(ir.Constant); ok {
		// LLVM folds it into a constant that replaces the call's uses.
		return out, false
	}
	becomeInst(in, ir.BitCast, u.oldSig.Ret, in.Operands[0])
	return out, true
}

// rewriteNVVMRotate: the NVVM rotates became funnel shifts of a value by
// itself, the amount zero-extended to the value's width; swap.lo.hi.b64
// is a rotate by 32.
func rewriteNVVMRotate(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	t := u.oldSig.Ret
	x := in.Operands[0]
	var amt ir.Value
	switch {
	case len(in.Operands) == 1:
		amt = &ir.ConstInt{Typ: t, V: 32}
	case isInt(t, 32):
		amt = in.Operands[1]
	default:
		if c, ok := in.Operands[1].(*ir.ConstInt); ok {
			if c.Big != nil {
				return out, false
			}
			amt = &ir.ConstInt{Typ: t, V: int64(uint32(c.V))}
		} else if _, ok := in.Operands[1].(ir.Constant); ok {
			return out, false
		} else {
			z := r.newInst(in, ir.ZExt, t, in.Operands[1])
			out = append(out, z)
			amt = z
		}
	}
	rebuildCall(in, r.target(u), []ir.Value{x, x, amt})
	in.Name = ""
	return out, true
}

// rewriteNVVMLdg: ldg.global loads became loads from the global address
// space (an addrspacecast first when the pointer is another one),
// aligned as the call's second operand says, marked !invariant.load.
func rewriteNVVMLdg(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	align, ok := in.Operands[1].(*ir.ConstInt)
	if !ok || align.Big != nil || align.V <= 0 || align.V&(align.V-1) != 0 {
		return out, false
	}
	ptr := in.Operands[0]
	if ptr.Type().AddrSpace != 1 {
		g := r.ptrType(1)
		if c, ok := ptr.(ir.Constant); ok {
			ptr = &ir.ConstExpr{Typ: g, Op: ir.AddrSpaceCast, Operands: []ir.Constant{c}}
		} else {
			cast := r.newInst(in, ir.AddrSpaceCast, g, ptr)
			out = append(out, cast)
			ptr = cast
		}
	}
	becomeInst(in, ir.Load, u.oldSig.Ret, ptr)
	in.Align = uint64(align.V)
	in.Metadata = []ir.Attachment{{Kind: "invariant.load", Node: r.emptyNode()}}
	return out, true
}

// rewriteNVVMPtrCast: the NVVM address-space conversions became
// addrspacecast instructions.
func rewriteNVVMPtrCast(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	if c, ok := in.Operands[0].(ir.Constant); ok {
		// IRBuilder folds it into a constant (expression) that
		// replaces the call's uses.
		folded := foldAddrSpaceCast(c, u.oldSig.Ret)
		if folded == nil {
			return out, false
		}
		if r.up.replaced == nil {
			r.up.replaced = map[*ir.Instruction]ir.Constant{}
		}
		r.up.replaced[in] = folded
		return out, true
	}
	becomeInst(in, ir.AddrSpaceCast, u.oldSig.Ret, in.Operands[0])
	return out, true
}

// nvvmUpgradedByName reports whether LLVM 22 upgrades a declaration of
// llvm.nvvm.<rest> of type sig by its name: the NVVM rules of
// AutoUpgrade's upgradeIntrinsicFunction1, in LLVM 22.1.8 (one argument:
// brev32/64, clz.i, popc.i; two: max/min.*; the bf16 names of a function
// not returning bfloat; mapa.shared.cluster and cp.async.bulk into shared
// memory; the old TMA g2s copies; the names expanded at each call). A
// name that no rule takes and that is no intrinsic of LLVM 22 is left as
// it is. Where LLVM's rule would read a type that is not there (an
// address space of what is no pointer), it says true: not known to be
// left.
func nvvmUpgradedByName(rest string, sig *ir.Type) bool {
	n := len(sig.Params)
	switch {
	case n == 1 && (rest == "brev32" || rest == "brev64" || rest == "clz.i" || rest == "popc.i"):
		return true
	case n == 2:
		switch rest {
		case "max.s", "max.i", "max.ll", "max.us", "max.ui", "max.ull",
			"min.s", "min.i", "min.ll", "min.us", "min.ui", "min.ull":
			return true
		}
	}
	if sig.Ret.Scalar().Kind != ir.BFloatType && nvvmBF16Name(rest) {
		return true
	}
	addrSpace := func(t *ir.Type) (uint32, bool) {
		if t.Kind != ir.PointerType {
			return 0, false
		}
		return t.AddrSpace, true
	}
	// The shared-cluster rule, on a copy of the name (a mapa prefix
	// whose pointer is elsewhere leaves the rest to the next check).
	if name, ok := strings.CutPrefix(rest, "mapa.shared.cluster"); ok {
		as, isPtr := addrSpace(sig.Ret)
		if !isPtr || as == 3 {
			return true
		}
		rest2 := name
		if r, ok := strings.CutPrefix(rest2, "cp.async.bulk."); ok && (r == "global.to.shared.cluster" || r == "shared.cta.to.cluster") {
			return true
		}
	} else if r, ok := strings.CutPrefix(rest, "cp.async.bulk."); ok && (r == "global.to.shared.cluster" || r == "shared.cta.to.cluster") {
		if n == 0 {
			return true
		}
		if as, isPtr := addrSpace(sig.Params[0]); !isPtr || as == 3 {
			return true
		}
	}
	if r, ok := strings.CutPrefix(rest, "cp.async.bulk.tensor.g2s."); ok {
		switch r {
		case "im2col.3d", "im2col.4d", "im2col.5d", "tile.1d", "tile.2d", "tile.3d", "tile.4d", "tile.5d":
			if n < 3 {
				return true
			}
			if as, isPtr := addrSpace(sig.Params[0]); !isPtr || as == 3 {
				return true
			}
			if !isInt(sig.Params[n-3], 1) {
				return true
			}
		}
	}
	oneOf := func(s string, names ...string) bool {
		for _, x := range names {
			if s == x {
				return true
			}
		}
		return false
	}
	prefixOf := func(s string, prefixes ...string) (string, bool) {
		for _, p := range prefixes {
			if r, ok := strings.CutPrefix(s, p); ok {
				return r, true
			}
		}
		return s, false
	}
	addrSpaces := []string{"local", "shared", "global", "constant", "param"}
	if r, ok := strings.CutPrefix(rest, "abs."); ok {
		return oneOf(r, "i", "ll", "bf16", "bf16x2")
	} else if r, ok := strings.CutPrefix(rest, "fabs."); ok {
		return oneOf(r, "f", "ftz.f", "d")
	} else if r, ok := strings.CutPrefix(rest, "ex2.approx."); ok {
		return oneOf(r, "f", "ftz.f", "d", "f16x2")
	} else if r, ok := strings.CutPrefix(rest, "atomic.load."); ok {
		_, ok := prefixOf(r, "add.f32.p", "add.f64.p", "inc.32.p", "dec.32.p")
		return ok
	} else if r, ok := strings.CutPrefix(rest, "bitcast."); ok {
		return oneOf(r, "f2i", "i2f", "ll2d", "d2ll")
	} else if r, ok := strings.CutPrefix(rest, "rotate."); ok {
		return oneOf(r, "b32", "b64", "right.b64")
	} else if r, ok := strings.CutPrefix(rest, "ptr.gen.to."); ok {
		_, ok := prefixOf(r, addrSpaces...)
		return ok
	} else if r, ok := strings.CutPrefix(rest, "ptr."); ok {
		r, ok := prefixOf(r, addrSpaces...)
		return ok && strings.HasPrefix(r, ".to.gen")
	} else if r, ok := strings.CutPrefix(rest, "ldg.global."); ok {
		_, ok := prefixOf(r, "i.", "f.", "p.")
		return ok
	}
	return oneOf(rest, "barrier0", "barrier.n", "barrier.sync.cnt", "barrier.sync", "barrier", "bar.sync",
		"barrier0.popc", "barrier0.and", "barrier0.or", "clz.ll", "popc.ll", "h2f", "swap.lo.hi.b64", "tanh.approx.f32")
}

// nvvmBF16Name reports whether rest (after "llvm.nvvm.") is one of the
// 50 bf16 intrinsics whose integer forms LLVM 22 upgrades
// (shouldUpgradeNVPTXBF16Intrinsic): fma.rn.*, fmax.*, fmin.*, neg.*.
func nvvmBF16Name(rest string) bool {
	minmax := func(s string) bool {
		s, ok := strings.CutSuffix(s, "bf16x2")
		if !ok {
			if s, ok = strings.CutSuffix(s, "bf16"); !ok {
				return false
			}
		}
		switch s {
		case "", "ftz.", "ftz.nan.", "ftz.nan.xorsign.abs.", "ftz.xorsign.abs.", "nan.", "nan.xorsign.abs.", "xorsign.abs.":
			return true
		}
		return false
	}
	if r, ok := strings.CutPrefix(rest, "fma.rn."); ok {
		s, ok := strings.CutSuffix(r, "bf16x2")
		if !ok {
			if s, ok = strings.CutSuffix(r, "bf16"); !ok {
				return false
			}
		}
		switch s {
		case "", "ftz.", "ftz.relu.", "ftz.sat.", "relu.", "sat.":
			return true
		}
		return false
	} else if r, ok := strings.CutPrefix(rest, "fmax."); ok {
		return minmax(r)
	} else if r, ok := strings.CutPrefix(rest, "fmin."); ok {
		return minmax(r)
	} else if r, ok := strings.CutPrefix(rest, "neg."); ok {
		return r == "bf16" || r == "bf16x2"
	}
	return false
}

// foldAddrSpaceCast returns what LLVM's constant folder makes of an
// addrspacecast of pointer c to pointer type t (ConstantExpr::
// getAddrSpaceCast, ConstantFoldCastInstruction): poison and undef of t
// for poison and undef; for an addrspacecast of x, x itself when x is of
// type t (the pair is a no-op bitcast), else the addrspacecast of x
// (isEliminableCastPair); else the constant expression. Nil for a
// bitcast expression (none in LLVM 22's pointers), not judged.
func foldAddrSpaceCast(c ir.Constant, t *ir.Type) ir.Constant {
	for steps := 0; steps < 1<<10; steps++ {
		switch x := c.(type) {
		case *ir.Poison:
			return &ir.Poison{Typ: t}
		case *ir.Undef:
			return &ir.Undef{Typ: t}
		case *ir.ConstExpr:
			switch x.Op {
			case ir.AddrSpaceCast:
				if len(x.Operands) != 1 {
					return nil
				}
				c = x.Operands[0]
				if xt := c.Type(); xt.Kind == ir.PointerType && xt.AddrSpace == t.AddrSpace {
					return c
				}
				continue
			case ir.BitCast:
				return nil
			}
		}
		return &ir.ConstExpr{Typ: t, Op: ir.AddrSpaceCast, Operands: []ir.Constant{c}}
	}
	return nil
}
