package bitcode

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// Calls of intrinsics of older LLVMs that LLVM 22's reader rewrites
// (AutoUpgrade's UpgradeIntrinsicFunction and UpgradeIntrinsicCall), as
// llvm-dis-22 prints them:
//
//   - The old declaration disappears. A new one is declared at the end
//     of the function list: at once when the module is read (eager, as
//     for a remangled llvm.objectsize), or when the first call is
//     rewritten, functions being read in order (lazy, as for the NVVM
//     barriers); some rewrites call no intrinsic at all (atomicrmw).
//   - A call rebuilt for a new declaration keeps its name and !dbg
//     location only: no tail marker, attributes, operand bundles,
//     calling convention, fast-math flags or other metadata.
//   - A call replaced by other instructions (an atomicrmw, a comparison
//     and a call and an extension ...) loses its name too: the new
//     instructions are numbered.
//
// What LLVM 22 rewrites and this reader does not is reported (see
// checkIntrinsicDecls), never printed as written.

// A callRewriter rewrites call in, a call of old intrinsic u, into what
// LLVM 22 makes of it: in itself becomes the instruction that replaces
// the call's value, the instructions that go before it are appended to
// out. It returns false when it cannot (in is then left as it was).
type callRewriter func(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool)

// An oldIntrinsic is an old intrinsic declaration whose calls LLVM 22
// rewrites.
type oldIntrinsic struct {
	f       *ir.Function // the old declaration, gone from the module
	oldSig  *ir.Type
	rewrite callRewriter
	// newName and newSig are the declaration the rewritten calls call;
	// decl is it once declared.
	newName string
	newSig  *ir.Type
	decl    *ir.Function
	// op is a parameter of the rewrite (an atomicrmw operation ...).
	op int
	// alt is the name of a second declaration some calls call, altSig
	// its type when not newSig.
	alt    string
	altSig *ir.Type
	// elem is a type the rewrite needs (an elementtype attribute's).
	elem *ir.Type
	// erase says each call goes, with no value in its place
	// (llvm.stackprotectorcheck: a void call).
	erase bool
	// chained says the new declaration is made after the others made
	// when the module is read, as a remangled one (not lazy).
	chained bool
	// lazyAlt says the second declaration (alt) is made when the first
	// call that calls it is rewritten.
	lazyAlt bool
	// lazyDecl says the new declaration is made when the first call is
	// rewritten (UpgradeIntrinsicCall makes it) rather than when the
	// module is read (UpgradeIntrinsicFunction).
	lazyDecl bool
}

// lazy reports whether the new declaration is made at the first call.
func (u *oldIntrinsic) lazy() bool { return u.lazyDecl }

// target returns the declaration the rewritten calls call, declaring it
// if need be.
func (r *Reader) target(u *oldIntrinsic) *ir.Function {
	if u.decl == nil {
		u.decl = r.declare(u.newName, u.newSig)
	}
	return u.decl
}

// planCall returns how LLVM 22 rewrites the calls of old intrinsic
// declaration f, nil if this reader knows of no such rewrite.
func (r *Reader) planCall(f *ir.Function) *oldIntrinsic {
	sig := f.Sig
	if sig == nil || sig.Kind != ir.FunctionType || sig.VarArg || sig.Ret == nil {
		return nil
	}
	name := f.Name
	switch {
	case rebuiltOnRemangle[intrinsicBase(name)]:
		if u := r.planRemangleRebuild(f); u != nil {
			return u
		}
	case strings.HasPrefix(name, "llvm.objectsize."):
		return r.planObjectSize(f)
	case isMemAlignBase(intrinsicBase(name)) && len(sig.Params) == 5:
		return r.planMemAlign(f)
	case strings.HasPrefix(name, "llvm.ctlz."), strings.HasPrefix(name, "llvm.cttz."),
		strings.HasPrefix(name, "llvm.experimental.vector.reduce."), strings.HasPrefix(name, "llvm.var.annotation"),
		strings.HasPrefix(name, "llvm.ptr.annotation."):
		if u := r.planOldGeneric(f); u != nil {
			return u
		}
	case exclusiveAccess[exclusiveBase(name)] != 0:
		if u := r.planExclusive(f); u != nil {
			return u
		}
	case strings.HasPrefix(name, "llvm.vector.splice."), strings.HasPrefix(name, "llvm.experimental.vector.splice."):
		return r.planSplice(f)
	case strings.HasPrefix(name, "llvm.nvvm."):
		return r.planNVVM(f, name[len("llvm.nvvm."):])
	case strings.HasPrefix(name, "llvm.amdgcn."):
		if u := r.planAMDGCN(f, name[len("llvm.amdgcn."):]); u != nil {
			return u
		}
	case name == "llvm.stackprotectorcheck" && isVoid(sig.Ret):
		// LLVM 22 drops its calls and the declaration
		// (UpgradeIntrinsicFunction gives no new one).
		return &oldIntrinsic{f: f, oldSig: sig, erase: true}
	case strings.HasPrefix(name, "llvm.riscv."):
		return r.planRISCV(f, name[len("llvm.riscv."):])
	case strings.HasPrefix(name, "llvm.x86."):
		return r.planX86(f, name[len("llvm.x86."):])
	case strings.HasPrefix(name, "llvm.arm."), strings.HasPrefix(name, "llvm.aarch64."):
		if u := r.planBF16(f); u != nil {
			return u
		}
		if u := r.planAArch64BF16(f); u != nil {
			return u
		}
		if u := r.planSVE(f); u != nil {
			return u
		}
		if u := r.planMVE(f); u != nil {
			return u
		}
		if u := r.planOldARM(f); u != nil {
			return u
		}
	}
	if u := r.planStructReturn(f); u != nil {
		return u
	}
	return r.planRename(f)
}

// planBF16: the ARM and AArch64 NEON bf16 intrinsics of LLVM 11 took
// their bf16 operands as vectors of i8 (bfdot.v2f32.v8i8,
// bfdot.v4f32.v16i8, bfmmla/bfmlalb/bfmlalt.v4f32.v16i8); LLVM 12's take
// vectors of bfloat, bfdot overloaded on them, the others not. Each call
// becomes two unnamed bitcasts of those operands and a call of the new
// declaration that keeps the call's name (UpgradeIntrinsicFunction,
// UpgradeIntrinsicCall).
func (r *Reader) planBF16(f *ir.Function) *oldIntrinsic {
	arch, rest, _ := strings.Cut(strings.TrimPrefix(f.Name, "llvm."), ".neon.")
	sig := f.Sig
	if arch != "arm" && arch != "aarch64" || len(sig.Params) != 3 || sig.Ret.Kind != ir.FixedVectorType {
		return nil
	}
	var base string
	switch rest {
	case "bfdot.v2f32.v8i8", "bfdot.v4f32.v16i8":
		base = "bfdot"
	case "bfmmla.v4f32.v16i8", "bfmlalb.v4f32.v16i8", "bfmlalt.v4f32.v16i8":
		base, _, _ = strings.Cut(rest, ".")
	default:
		return nil
	}
	bits := vectorBits(sig.Ret)
	if bits != 64 && bits != 128 {
		return nil
	}
	bf := r.shape(ir.Type{Kind: ir.FixedVectorType, Elem: r.shape(ir.Type{Kind: ir.BFloatType}), Len: bits / 16})
	newSig := r.fnType(sig.Ret, sig.Params[0], bf, bf)
	name := "llvm." + arch + ".neon." + base
	if base == "bfdot" {
		var ok bool
		if name, ok = ir.IntrinsicMangledName(name, newSig); !ok {
			return nil
		}
	}
	if _, ok := ir.IntrinsicAttrs(name, newSig); !ok {
		return nil
	}
	return &oldIntrinsic{f: f, oldSig: sig, newName: name, newSig: newSig, rewrite: rewriteBF16}
}

// vectorBits is the size in bits of a fixed vector of integers or
// floating-point numbers, 0 for another type.
func vectorBits(t *ir.Type) uint64 {
	if t == nil || t.Kind != ir.FixedVectorType || t.Elem == nil {
		return 0
	}
	var e uint64
	switch t.Elem.Kind {
	case ir.IntegerType:
		e = uint64(t.Elem.BitWidth)
	case ir.HalfType, ir.BFloatType:
		e = 16
	case ir.FloatType:
		e = 32
	case ir.DoubleType:
		e = 64
	}
	return e * t.Len
}

func rewriteBF16(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := []ir.Value{in.Operands[0], nil, nil}
	for i := 1; i <= 2; i++ {
		op := in.Operands[i]
		if _, ok := op.(ir.Constant); ok {
			return out, false // IRBuilder folds a constant's bitcast
		}
		// LLVM's bitcast is to the operand's own width in bfloat
		// (getPrimitiveSizeInBits / 16): a double is <4 x bfloat>.
		bits := vectorBits(op.Type())
		if bits == 0 {
			b, _ := scalarBits(op.Type())
			bits = uint64(b)
		}
		bf := r.shape(ir.Type{Kind: ir.FixedVectorType, Elem: r.shape(ir.Type{Kind: ir.BFloatType}), Len: bits / 16})
		if bits%16 != 0 || bf != u.newSig.Params[i] {
			return out, false // a call LLVM's verifier would refuse
		}
		c := r.newInst(in, ir.BitCast, bf, op)
		out = append(out, c)
		ops[i] = c
	}
	rebuildCall(in, r.target(u), ops)
	return out, true
}

// planStructReturn: an intrinsic whose signature returns a struct,
// declared returning an identified or packed one, is declared anew
// returning the struct's literal form (and under LLVM 22's mangling); each
// call becomes an unnamed call of it, with the call's attributes, whose
// fields are extracted and inserted one by one into the old struct type,
// from poison (UpgradeIntrinsicFunction, UpgradeIntrinsicCall).
func (r *Reader) planStructReturn(f *ir.Function) *oldIntrinsic {
	ret := f.Sig.Ret
	if ret.Kind != ir.StructType || !ret.Identified && !ret.Packed || len(ret.Fields) == 0 ||
		!ir.IntrinsicReturnsStruct(f.Name) {
		return nil
	}
	newSig := r.fnType(r.shape(ir.Type{Kind: ir.StructType, Fields: ret.Fields}), f.Sig.Params...)
	name, ok := ir.IntrinsicMangledName(f.Name, newSig)
	if !ok {
		name = f.Name
	}
	return &oldIntrinsic{f: f, oldSig: f.Sig, newName: name, newSig: newSig, rewrite: rewriteStructReturn}
}

func rewriteStructReturn(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	old := u.oldSig.Ret
	call := r.newCall(in, r.target(u), in.Operands...)
	call.Attrs = in.Attrs
	out = append(out, call)
	var res ir.Value = &ir.Poison{Typ: old}
	newRet := u.newSig.Ret
	for i := range old.Fields {
		ext := r.newInst(in, ir.ExtractValue, newRet.Fields[i], call)
		extraOf(ext).Indices = []uint32{uint32(i)}
		out = append(out, ext)
		if i == len(old.Fields)-1 {
			becomeInst(in, ir.InsertValue, old, res, ext)
			extraOf(in).Indices = []uint32{uint32(i)}
			break
		}
		ins := r.newInst(in, ir.InsertValue, old, res, ext)
		extraOf(ins).Indices = []uint32{uint32(i)}
		out = append(out, ins)
		res = ins
	}
	return out, true
}

// planSplice: llvm.vector.splice (llvm.experimental.vector.splice before
// LLVM 16) became llvm.vector.splice.left for offsets from 0 up and
// llvm.vector.splice.right (of the negated offset) for negative ones in
// LLVM 22; the calls are rebuilt, unnamed, the declarations made at the
// first call of each.
func (r *Reader) planSplice(f *ir.Function) *oldIntrinsic {
	if _, ok := ir.IntrinsicName(f.Name); ok {
		return nil // llvm.vector.splice.left/right
	}
	sig := f.Sig
	if len(sig.Params) != 3 || sig.Params[0] != sig.Ret || sig.Params[1] != sig.Ret || !sig.Ret.IsVector() ||
		!isInt(sig.Params[2], 32) {
		return nil
	}
	left, ok1 := ir.IntrinsicMangledName("llvm.vector.splice.left", sig)
	right, ok2 := ir.IntrinsicMangledName("llvm.vector.splice.right", sig)
	if !ok1 || !ok2 {
		return nil
	}
	return &oldIntrinsic{f: f, oldSig: sig, newName: left, newSig: sig, lazyDecl: true, rewrite: rewriteSplice, alt: right}
}

func rewriteSplice(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	c, ok := in.Operands[2].(*ir.ConstInt)
	if !ok || c.Big != nil {
		return out, false
	}
	var decl *ir.Function
	off := c.V
	if off < 0 {
		decl, off = r.declare(u.alt, u.newSig), -off
	} else {
		decl = r.target(u)
	}
	rebuildCall(in, decl, []ir.Value{in.Operands[0], in.Operands[1], &ir.ConstInt{Typ: c.Typ, V: off}})
	in.Name = ""
	return out, true
}

// exclusiveAccess are the exclusive loads and stores of AArch64 and ARM,
// whose pointer operand (one-based, as an index) gets an elementtype
// attribute naming the pointee type when LLVM 22 reads them with typed
// pointers (LLVM 14 and before).
var exclusiveAccess = map[string]int{
	"llvm.aarch64.ldxr": 1, "llvm.aarch64.ldaxr": 1, "llvm.aarch64.stxr": 2, "llvm.aarch64.stlxr": 2,
	"llvm.arm.ldrex": 1, "llvm.arm.ldaex": 1, "llvm.arm.strex": 2, "llvm.arm.stlex": 2,
}

// exclusiveBase returns name up to its last dot: the intrinsic an
// exclusive access with one mangled pointer type is.
func exclusiveBase(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return name
}

// planExclusive: an exclusive load or store of typed-pointer bitcode,
// "llvm.aarch64.ldaxr.p0i32", is declared anew under LLVM 22's mangling
// (".p0"); its calls stay as they are but for the elementtype(i32)
// attribute of the pointer.
func (r *Reader) planExclusive(f *ir.Function) *oldIntrinsic {
	base := exclusiveBase(f.Name)
	elem := r.mangledPointee(f.Name[len(base)+1:])
	idx := exclusiveAccess[base]
	if elem == nil || idx > len(f.Sig.Params) || !isPtr(f.Sig.Params[idx-1]) {
		return nil
	}
	want, ok := ir.IntrinsicMangledName(f.Name, f.Sig)
	if !ok || want == f.Name {
		return nil
	}
	return &oldIntrinsic{f: f, oldSig: f.Sig, newName: want, newSig: f.Sig, op: idx - 1, elem: elem,
		rewrite: rewriteExclusive}
}

// mangledPointee returns the pointee type of a typed pointer's mangling,
// "p0i32" (an integer), nil for another.
func (r *Reader) mangledPointee(m string) *ir.Type {
	rest, ok := strings.CutPrefix(m, "p")
	if !ok {
		return nil
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	bits, ok := strings.CutPrefix(rest[i:], "i")
	if i == 0 || !ok || bits == "" {
		return nil
	}
	n := 0
	for _, c := range bits {
		if c < '0' || c > '9' || n > 1<<20 {
			return nil
		}
		n = n*10 + int(c-'0')
	}
	if n == 0 {
		return nil
	}
	return r.intType(uint32(n))
}

func rewriteExclusive(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	in.Callee = r.target(u)
	in.Attrs.Params = paramsUpTo(in.Attrs.Params, u.op+1)
	in.Attrs.Params[u.op] = withAttr(in.Attrs.Params[u.op], ir.Attribute{Kind: ir.AttrElementType, Type: u.elem})
	return out, true
}

// rebuiltOnRemangle are intrinsics whose calls LLVM 22 rebuilds, with
// the same operands, when it declares them anew under another mangling:
// llvm.thread.pointer, overloaded on its pointer type since LLVM 20, and
// ARM's NEON stores (not vst1x2-4).
var rebuiltOnRemangle = map[string]bool{
	"llvm.thread.pointer": true, "llvm.arm.neon.vst1": true, "llvm.arm.neon.vst2": true, "llvm.arm.neon.vst3": true,
	"llvm.arm.neon.vst4": true, "llvm.arm.neon.vst2lane": true, "llvm.arm.neon.vst3lane": true,
	"llvm.arm.neon.vst4lane": true,
}

// intrinsicBase returns the LLVM 22 intrinsic name is (without its
// mangled types), "" if none.
func intrinsicBase(name string) string {
	b, _ := ir.IntrinsicName(name)
	return b
}

// planRemangleRebuild plans the rebuilding of the calls of f for a
// declaration under LLVM 22's mangling, if that is another name.
func (r *Reader) planRemangleRebuild(f *ir.Function) *oldIntrinsic {
	want, ok := ir.IntrinsicMangledName(f.Name, f.Sig)
	if !ok || want == f.Name {
		return nil
	}
	return &oldIntrinsic{f: f, oldSig: f.Sig, newName: want, newSig: f.Sig, rewrite: rewriteRebuild}
}

// rewriteRebuild rebuilds the call for the new declaration with the same
// operands.
func rewriteRebuild(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	rebuildCall(in, r.target(u), in.Operands)
	return out, true
}

// planObjectSize: llvm.objectsize with fewer than four arguments, or
// whose name is not LLVM 22's mangling (typed pointers' p0i8), is
// declared anew and its calls rebuilt, the missing arguments false.
func (r *Reader) planObjectSize(f *ir.Function) *oldIntrinsic {
	sig := f.Sig
	n := len(sig.Params)
	if n < 2 || n > 4 || sig.Ret.Scalar().Kind != ir.IntegerType || sig.Params[0].Kind != ir.PointerType {
		return nil
	}
	for _, p := range sig.Params[1:] {
		if p.Kind != ir.IntegerType || p.BitWidth != 1 {
			return nil
		}
	}
	newSig := sig
	if n < 4 {
		i1 := r.i1()
		newSig = r.fnType(sig.Ret, sig.Params[0], i1, i1, i1)
	}
	want, ok := ir.IntrinsicMangledName(f.Name, newSig)
	if !ok || n == 4 && want == f.Name {
		return nil
	}
	return &oldIntrinsic{f: f, oldSig: sig, newName: want, newSig: newSig, rewrite: rewriteObjectSize}
}

func rewriteObjectSize(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := make([]ir.Value, 4)
	copy(ops, in.Operands)
	for i := len(in.Operands); i < 4; i++ {
		ops[i] = &ir.ConstInt{Typ: r.i1(), V: 0}
	}
	rebuildCall(in, r.target(u), ops)
	return out, true
}

// declare returns the declaration of newName, declaring it at the end
// of the function list if the module has none.
func (r *Reader) declare(name string, sig *ir.Type) *ir.Function {
	if f := r.up.fnNames[name]; f != nil {
		return f
	}
	f := &ir.Function{
		GlobalHeader: ir.GlobalHeader{Name: name, Typ: r.ptrType(0), ValueType: sig},
		Sig:          sig,
	}
	if intrinsicAttrs != nil {
		if l, ok := intrinsicAttrs(name, sig); ok {
			f.Attrs = l
		}
	}
	r.m.Functions = append(r.m.Functions, f)
	r.up.fnNames[name] = f
	return f
}

// fnType returns the function type ret (params).
func (r *Reader) fnType(ret *ir.Type, params ...*ir.Type) *ir.Type {
	return &ir.Type{Kind: ir.FunctionType, Ret: ret, Params: params}
}

func (r *Reader) intType(bits uint32) *ir.Type {
	return r.shape(ir.Type{Kind: ir.IntegerType, BitWidth: bits})
}

// rebuildCall makes in a call of decl with operands ops, as IRBuilder
// builds it: what the old call had besides its name and !dbg location
// is gone. A void call has no name.
func rebuildCall(in *ir.Instruction, decl *ir.Function, ops []ir.Value) {
	in.Op = ir.Call
	in.Callee, in.FuncType, in.Typ = decl, decl.Sig, decl.Sig.Ret
	in.Operands = ops
	in.Tail, in.Attrs, in.Metadata = ir.NoTail, ir.AttrList{}, nil
	dropBundles(in)
	in.CallConv, in.FMF, in.Flags = 0, 0, 0
	if in.Typ.Kind == ir.VoidType {
		in.Name = ""
	}
}

// newCall returns a new unnamed call of decl with operands ops, with
// in's !dbg location.
func (r *Reader) newCall(in *ir.Instruction, decl *ir.Function, ops ...ir.Value) *ir.Instruction {
	c := r.newInstruction()
	c.Op, c.Callee, c.FuncType, c.Typ = ir.Call, decl, decl.Sig, decl.Sig.Ret
	c.Operands = ops
	c.DebugLoc = in.DebugLoc
	return c
}

// newInst returns a new unnamed instruction op of type t with operands
// ops, with in's !dbg location.
func (r *Reader) newInst(in *ir.Instruction, op ir.Opcode, t *ir.Type, ops ...ir.Value) *ir.Instruction {
	c := r.newInstruction()
	c.Op, c.Typ, c.Operands = op, t, ops
	c.DebugLoc = in.DebugLoc
	return c
}

// becomeInst makes in the instruction op of type t with operands ops,
// unnamed, keeping its !dbg location and the debug records before it.
func becomeInst(in *ir.Instruction, op ir.Opcode, t *ir.Type, ops ...ir.Value) {
	dl, recs := in.DebugLoc, in.DebugRecords
	*in = ir.Instruction{Op: op, Typ: t, Operands: ops, DebugLoc: dl, DebugRecords: recs}
}

// rewriteCall appends to out what in becomes: in itself, or, for a call
// of an old intrinsic of r.up.calls, what LLVM 22 makes of it.
func (r *Reader) rewriteCall(in *ir.Instruction, out []*ir.Instruction) []*ir.Instruction {
	if in.Op != ir.Call || len(r.up.calls) == 0 {
		return append(out, in)
	}
	f, ok := in.Callee.(*ir.Function)
	if !ok {
		return append(out, in)
	}
	u := r.up.calls[f]
	if u == nil || in.FuncType != u.oldSig || len(in.Operands) != len(u.oldSig.Params) {
		return append(out, in)
	}
	if u.erase {
		if len(in.DebugRecords) > 0 {
			r.skip("cannot rewrite a call of %s as LLVM 22 does (debug records before it)", u.f.Name)
			return append(out, in)
		}
		r.fs.free(in.Name)
		return out
	}
	start, name := len(out), in.Name
	res, ok := u.rewrite(r, u, in, out)
	if !ok {
		r.skip("cannot rewrite a call of %s as LLVM 22 does", u.f.Name)
		return append(out[:start], in)
	}
	if r.up.replaced[in] != nil {
		// A constant replaces the call (upgradeBody's replaceUses; the
		// debug records before it go to the next instruction), erased
		// with its name.
		r.fs.free(name)
		return res
	}
	r.freeCallName(name, in, res[start:])
	if len(res) > start && len(in.DebugRecords) > 0 {
		// The records stay before the first instruction of the call's
		// place.
		res[start].DebugRecords, in.DebugRecords = in.DebugRecords, nil
	}
	return append(res, in)
}

// freeCallName lets go of name, the name of a call rewritten into made
// and in, unless one of them has it: LLVM erases the old call once it has
// made what replaces it, and the name goes with it, but for a new call
// that took it (Value::takeName keeps the symbol table's entry).
func (r *Reader) freeCallName(name string, in *ir.Instruction, made []*ir.Instruction) {
	if name == "" || in.Name == name {
		return
	}
	for _, m := range made {
		if m.Name == name {
			return
		}
	}
	r.fs.free(name)
}

// skipAt records a Skip at bit (relative to the module).
func (r *Reader) skipAt(bit uint64, format string, args ...any) {
	r.skips = addSkip(r.skips, Skip{Bit: r.base + bit, Msg: fmt.Sprintf(format, args...)})
}

// noteDecl remembers where the record of an intrinsic declaration
// starts, for a report that names it.
func (r *Reader) noteDecl(f *ir.Function) {
	if f.HasBody || !strings.HasPrefix(f.Name, "llvm.") {
		return
	}
	if r.up == nil {
		r.up = &upgradeState{}
	}
	if r.up.declBits == nil {
		r.up.declBits = map[*ir.Function]uint64{}
	}
	r.up.declBits[f] = r.recBit
}

// uniqueTuple returns the uniqued tuple that same accepts, made with ops
// if the module has none, as LLVM's MDNode::get finds or makes it: one
// of the metadata of the body being loaded, else one of the module's
// (or made before).
func (r *Reader) uniqueTuple(same func(*ir.MDTuple) bool, ops ...ir.Metadata) *ir.MDTuple {
	match := func(m ir.Metadata) *ir.MDTuple {
		if t, ok := m.(*ir.MDTuple); ok && !t.Distinct && same(t) {
			return t
		}
		return nil
	}
	nmd := len(r.md.items)
	if r.fn != nil {
		nmd = r.fn.nmd
		for _, m := range r.md.items[nmd:] {
			if t := match(m); t != nil {
				return t
			}
		}
	}
	for _, t := range r.up.madeMD {
		if same(t) {
			return t
		}
	}
	for _, m := range r.md.items[:nmd] {
		if t := match(m); t != nil {
			r.up.madeMD = append(r.up.madeMD, t)
			return t
		}
	}
	t := &ir.MDTuple{Ops: ops, ID: r.nodeID()}
	r.up.madeMD = append(r.up.madeMD, t)
	return t
}

// emptyNode returns !{}.
func (r *Reader) emptyNode() *ir.MDTuple {
	return r.uniqueTuple(func(t *ir.MDTuple) bool { return len(t.Ops) == 0 })
}

// constInts reports whether t's operands are the constants of type
// bits bits vals.
func constInts(t *ir.MDTuple, bits uint32, vals ...int64) bool {
	if len(t.Ops) != len(vals) {
		return false
	}
	for i, op := range t.Ops {
		vm, ok := op.(*ir.ValueAsMetadata)
		if !ok {
			return false
		}
		c, ok := vm.Value.(*ir.ConstInt)
		if !ok || c.Big != nil || c.V != vals[i] || !isInt(c.Typ, bits) {
			return false
		}
	}
	return true
}

// privateRangeNode returns !{i32 5, i32 6}: AMDGPU's private address
// space, as !noalias.addrspace ranges.
func (r *Reader) privateRangeNode() *ir.MDTuple {
	i32 := r.intType(32)
	return r.uniqueTuple(func(t *ir.MDTuple) bool { return constInts(t, 32, amdgpuPrivate, amdgpuPrivate+1) },
		&ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: i32, V: amdgpuPrivate}},
		&ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: i32, V: amdgpuPrivate + 1}})
}

// checkIntrinsicDecls reports each intrinsic declaration left in the
// module that llvm-dis-22 would rewrite, with its calls, and this reader
// has not: one of an older LLVM whose calls LLVM 22 changes
// (changedIntrinsics) unless it is declared as LLVM 22 declares it and
// LLVM 22 leaves LLVM 19's declaration alone (in a family this reader
// upgrades, whose planner had the final say: unless it is LLVM 22's own
// or LLVM 22 leaves LLVM 19's alone), one LLVM 22 renames that is not
// under its new name already (its signature did not fit the new one), or
// one the probe could not try
// (unprobedIntrinsics) declared otherwise than LLVM 22 declares it.
func (r *Reader) checkIntrinsicDecls() {
	for _, f := range r.m.Functions {
		if f.HasBody || !strings.HasPrefix(f.Name, "llvm.") || r.up.decls[f.Name] == f {
			continue
		}
		if strings.HasPrefix(f.Name, "llvm.lifetime.") {
			// The (i64, ptr) declarations of LLVM 21 and older are
			// upgraded (upgrade.go); LLVM 22 leaves any other, such as
			// the llvm.lifetime.start.i64(i64) its own upgrade leaves
			// behind, and its calls as they are.
			continue
		}
		old, kind := oldIntrinsicOf(f.Name)
		if strings.HasPrefix(f.Name, "llvm.aarch64.sve.addqv") && isFPOrFPVector(f.Sig.Ret) {
			// One planSVE did not make faddqv (of types faddqv does
			// not take), which LLVM 22 renames all the same.
			r.skipAt(r.up.declBits[f], "not upgraded as LLVM 22 does: %s (calls of llvm.aarch64.sve.faddqv)", f.Name)
			continue
		}
		if old == "" {
			switch {
			case unknownTargetIntrinsic(f.Name) && !knownLeftOld(f.Name) && !riscvLeft(f) && !nvvmLeft(f):
				r.skipAt(r.up.declBits[f], "not known to be left as it is by LLVM 22: %s", f.Name)
			case upgradedWhenMistyped(f.Name) && !exactIntrinsic(f):
				r.skipAt(r.up.declBits[f], "not upgraded as LLVM 22 does: %s, of an older type", f.Name)
			case misnamedTargetIntrinsic(f):
				r.skipAt(r.up.declBits[f], "not known to be left as it is by LLVM 22: %s, named otherwise than LLVM 22 names it", f.Name)
			case f.Name == "llvm.stackprotectorcheck":
				r.skipAt(r.up.declBits[f], "not upgraded as LLVM 22 does: the calls of %s go", f.Name)
			}
			continue
		}
		exact := exactIntrinsic(f)
		switch kind {
		case oldChanged:
			in19 := changedIn19(old)
			if upgradedFamily(old) && (exact || !in19) || exact && !in19 {
				continue
			}
		case oldRenamed:
			if renamedAlready(f, old) || !renameApplies(f, old) {
				continue
			}
		case oldUnprobed:
			if exact || strings.HasPrefix(f.Name, "llvm.riscv.") {
				// A RISC-V one is left as it is when its type is not
				// LLVM 22's (see misnamedTargetIntrinsic).
				continue
			}
		}
		r.skipAt(r.up.declBits[f], "not upgraded as LLVM 22 does: %s (calls of %s)", f.Name, old)
	}
}

// nvvmLeft reports whether f is an NVVM declaration LLVM 22 leaves as it
// is: one no rule of its upgrade takes by name (nvvmUpgradedByName), the
// name being that of no intrinsic of LLVM 22.
func nvvmLeft(f *ir.Function) bool {
	rest, ok := strings.CutPrefix(f.Name, "llvm.nvvm.")
	return ok && !nvvmUpgradedByName(rest, f.Sig)
}

// upgradedWhenMistyped reports whether LLVM 22 upgrades a declaration of
// intrinsic name that it knows by that name when its type is an older
// one (the name alone does not say).
func upgradedWhenMistyped(name string) bool {
	if rest, ok := strings.CutPrefix(name, "llvm.x86."); ok {
		return x86Retyped(rest)
	}
	return strings.HasPrefix(name, "llvm.aarch64.neon.addp.")
}

// misnamedTargetIntrinsic reports whether f is a target intrinsic that
// LLVM 22 knows by a shorter name, overloaded, and that f's name is not
// that name mangled by f's type: an older intrinsic whose name begins
// like one of LLVM 22 (llvm.x86.avx512.mask.compress.pd.512 of LLVM 6,
// which LLVM 22 makes llvm.x86.avx512.mask.compress.v8f64 of a mask of
// i1), which the probed LLVMs (13-19) no longer had.
func misnamedTargetIntrinsic(f *ir.Function) bool {
	base, ok := ir.IntrinsicName(f.Name)
	if !ok || base == f.Name || exactIntrinsic(f) {
		return false
	}
	rest, _ := strings.CutPrefix(f.Name, "llvm.")
	ns, _, _ := strings.Cut(rest, ".")
	if ns == "riscv" {
		// LLVM 22 upgrades no RISC-V intrinsic by name but the scalar
		// crypto ones (upgrade_riscvcrypto.go): one of an older type
		// (the vector intrinsics of clang 13 and 14, before their
		// pass-through and policy operands) keeps its name, its calls
		// as they are (llvm-dis-22 on every builtin of clang 13's and
		// 14's riscv_vector.h, scripts/conformance_intrinsics.sh).
		return false
	}
	return slices.Contains(upgradingTargets[:], ns)
}

// upgradingTargets are the name spaces of the target intrinsics that
// LLVM 22 upgrades by name.
var upgradingTargets = [...]string{"aarch64", "amdgcn", "arm", "dx", "experimental", "nvvm", "ppc", "riscv",
	"s390", "spv", "wasm", "x86"}

// unknownTargetIntrinsic reports whether name is a target intrinsic that
// neither LLVM 22 nor the probed LLVMs (13-19) know: one of LLVM 17, 18,
// 20 or 21, whose fate in LLVM 22 is not known here.
func unknownTargetIntrinsic(name string) bool {
	if _, ok := ir.IntrinsicName(name); ok {
		return false
	}
	rest, _ := strings.CutPrefix(name, "llvm.")
	ns, _, _ := strings.Cut(rest, ".")
	known := false
	for _, t := range upgradingTargets {
		known = known || t == ns
	}
	if !known {
		return false
	}
	for n := name; len(n) > len("llvm."); {
		if i := sort.SearchStrings(goneIntrinsics[:], n); i < len(goneIntrinsics) && goneIntrinsics[i] == n {
			return false
		}
		i := strings.LastIndexByte(n, '.')
		if i < 0 {
			break
		}
		n = n[:i]
	}
	return true
}

// exactIntrinsic reports whether f is declared as LLVM 22 declares the
// intrinsic it names.
func exactIntrinsic(f *ir.Function) bool {
	if _, ok := ir.IntrinsicAttrs(f.Name, f.Sig); !ok {
		return false
	}
	want, ok := ir.IntrinsicMangledName(f.Name, f.Sig)
	return !ok || want == f.Name
}

// The kinds of old intrinsics the tables of upgrade_table.go list.
const (
	oldChanged = iota + 1
	oldRenamed
	oldUnprobed
)

// oldIntrinsicOf returns the intrinsic of upgrade_table.go's tables that
// a function named name is (name itself, or its longest dotted prefix
// in a table, as LLVM matches intrinsic names) and its kind; "" when
// there is none, or when name is rather an LLVM 22 intrinsic of a longer
// name (llvm.nvvm.barrier.cta.sync.aligned.all is not an old
// llvm.nvvm.barrier).
func oldIntrinsicOf(name string) (string, int) {
	new22, _ := ir.IntrinsicName(name)
	for n := name; len(n) > len("llvm.") && len(n) >= len(new22); {
		if _, ok := changedIndex(n); ok {
			return n, oldChanged
		}
		if _, ok := renamedIndex(n); ok {
			return n, oldRenamed
		}
		if i := sort.SearchStrings(unprobedIntrinsics[:], n); i < len(unprobedIntrinsics) && unprobedIntrinsics[i] == n {
			return n, oldUnprobed
		}
		i := strings.LastIndexByte(n, '.')
		if i < 0 {
			break
		}
		n = n[:i]
	}
	return "", 0
}

func changedIndex(name string) (int, bool) {
	i := sort.Search(len(changedIntrinsics), func(i int) bool { return changedIntrinsics[i].name >= name })
	return i, i < len(changedIntrinsics) && changedIntrinsics[i].name == name
}

func renamedIndex(name string) (int, bool) {
	i := sort.Search(len(renamedIntrinsics), func(i int) bool { return renamedIntrinsics[i][0] >= name })
	return i, i < len(renamedIntrinsics) && renamedIntrinsics[i][0] == name
}

// changedIn19 reports whether LLVM 22 changes the calls of old intrinsic
// name as LLVM 19 declared it.
func changedIn19(name string) bool {
	i, ok := changedIndex(name)
	return ok && changedIntrinsics[i].in19
}

// upgradedFamilies are the old intrinsics whose upgrades this reader
// makes; what it leaves of them is as LLVM 22 leaves it when the
// declaration is LLVM 22's.
var upgradedFamilies = map[string]bool{
	"llvm.coro.end": true, "llvm.lifetime.start": true, "llvm.lifetime.end": true,
	"llvm.masked.load": true, "llvm.masked.store": true, "llvm.masked.gather": true, "llvm.masked.scatter": true,
	"llvm.objectsize": true, "llvm.thread.pointer": true,
	"llvm.vector.splice": true, "llvm.experimental.vector.splice": true,
	"llvm.aarch64.ldxr": true, "llvm.aarch64.ldaxr": true, "llvm.aarch64.stxr": true, "llvm.aarch64.stlxr": true,
	"llvm.arm.ldrex": true, "llvm.arm.ldaex": true, "llvm.arm.strex": true, "llvm.arm.stlex": true,
	"llvm.arm.neon.vst1": true, "llvm.arm.neon.vst2": true, "llvm.arm.neon.vst3": true, "llvm.arm.neon.vst4": true,
	"llvm.arm.neon.vst2lane": true, "llvm.arm.neon.vst3lane": true, "llvm.arm.neon.vst4lane": true,
	"llvm.amdgcn.atomic.inc": true, "llvm.amdgcn.atomic.dec": true, "llvm.amdgcn.atomic.cond.sub.u32": true,
	"llvm.amdgcn.ds.fadd": true, "llvm.amdgcn.ds.fmin": true, "llvm.amdgcn.ds.fmax": true,
	"llvm.amdgcn.global.atomic.fadd": true, "llvm.amdgcn.global.atomic.fmin": true, "llvm.amdgcn.global.atomic.fmax": true,
	"llvm.amdgcn.flat.atomic.fadd": true, "llvm.amdgcn.flat.atomic.fmin": true, "llvm.amdgcn.flat.atomic.fmax": true,
	"llvm.nvvm.atomic.load.inc.32": true, "llvm.nvvm.atomic.load.dec.32": true,
	"llvm.nvvm.barrier0": true, "llvm.nvvm.barrier.n": true, "llvm.nvvm.bar.sync": true,
	"llvm.nvvm.barrier": true, "llvm.nvvm.barrier.sync": true, "llvm.nvvm.barrier.sync.cnt": true,
	"llvm.nvvm.barrier0.and": true, "llvm.nvvm.barrier0.or": true, "llvm.nvvm.barrier0.popc": true,
	"llvm.nvvm.fabs.f": true, "llvm.nvvm.fabs.ftz.f": true, "llvm.nvvm.fabs.d": true,
	"llvm.nvvm.ex2.approx.f": true, "llvm.nvvm.ex2.approx.ftz.f": true, "llvm.nvvm.ex2.approx.d": true,
	"llvm.nvvm.bitcast.f2i": true, "llvm.nvvm.bitcast.i2f": true, "llvm.nvvm.bitcast.d2ll": true,
	"llvm.nvvm.bitcast.ll2d": true, "llvm.nvvm.rotate.b32": true, "llvm.nvvm.rotate.b64": true,
	"llvm.nvvm.rotate.right.b64": true, "llvm.nvvm.swap.lo.hi.b64": true,
	"llvm.nvvm.ldg.global.i": true, "llvm.nvvm.ldg.global.f": true, "llvm.nvvm.ldg.global.p": true,
	"llvm.nvvm.ptr.gen.to.global": true, "llvm.nvvm.ptr.gen.to.shared": true, "llvm.nvvm.ptr.gen.to.constant": true,
	"llvm.nvvm.ptr.gen.to.local": true, "llvm.nvvm.ptr.gen.to.param": true, "llvm.nvvm.ptr.global.to.gen": true,
	"llvm.nvvm.ptr.shared.to.gen": true, "llvm.nvvm.ptr.constant.to.gen": true, "llvm.nvvm.ptr.local.to.gen": true,
	"llvm.nvvm.ptr.param.to.gen": true, "llvm.nvvm.mapa.shared.cluster": true,
}

func upgradedFamily(name string) bool {
	if x, ok := strings.CutPrefix(name, "llvm.x86."); ok {
		return vnniDot(x) != 0 || strings.HasPrefix(x, "avx512bf16.")
	}
	return upgradedFamilies[name]
}

// planRename: an old intrinsic that LLVM 22 renames (renamedIntrinsics)
// is declared anew under LLVM 22's name, mangled for its type, and its
// calls call that, otherwise untouched.
func (r *Reader) planRename(f *ir.Function) *oldIntrinsic {
	old, kind := oldIntrinsicOf(f.Name)
	if kind != oldRenamed || !renameApplies(f, old) {
		return nil
	}
	i, _ := renamedIndex(old)
	want := renamedIntrinsics[i][1]
	if m, ok := ir.IntrinsicMangledName(want, f.Sig); ok {
		want = m
	}
	if _, ok := ir.IntrinsicAttrs(want, f.Sig); !ok || want == f.Name {
		return nil
	}
	return &oldIntrinsic{f: f, oldSig: f.Sig, newName: want, newSig: f.Sig, rewrite: rewriteRedirect}
}

// renameApplies reports whether LLVM 22 renames f, a declaration of old
// intrinsic old of renamedIntrinsics, whose name alone the probe sorted
// (scripts/probe_upgrades.py --variants tries every signature): MVE's
// vrintn is renamed llvm.roundeven for fixed vectors only (LLVM 22 matches
// "mve.vrintn.v"), a scalable one kept as it is.
func renameApplies(f *ir.Function, old string) bool {
	if old == "llvm.arm.mve.vrintn" {
		return strings.HasPrefix(f.Name, "llvm.arm.mve.vrintn.v")
	}
	return true
}

// renamedAlready reports whether f, a declaration of old intrinsic old
// that LLVM 22 renames, has the name LLVM 22 gives it already.
func renamedAlready(f *ir.Function, old string) bool {
	i, _ := renamedIndex(old)
	want := renamedIntrinsics[i][1]
	if m, ok := ir.IntrinsicMangledName(want, f.Sig); ok {
		want = m
	}
	return want == f.Name
}

// rewriteRedirect makes in call the new declaration, nothing else
// changed.
func rewriteRedirect(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	t := r.target(u)
	in.Callee = t
	if in.FuncType != t.ValueType && sameFnType(in.FuncType, t.ValueType) {
		// As CallBase::setCalledFunction: the call's type is its
		// callee's (one of the same shape here, from another typed
		// pointer declaration), so that it calls it directly.
		in.FuncType = t.ValueType
	}
	return out, true
}
