package bitcode

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// This file holds the upgrades that LLVM 22's reader applies to bitcode
// written by older producers (AutoUpgrade's UpgradeIntrinsicFunction and
// UpgradeIntrinsicCall), as far as llvm-dis-22's output shows them:
//
//   - llvm.lifetime.start/end took (i64 size, ptr) until LLVM 22, which
//     dropped the size. The old declarations disappear; for each one a
//     declaration "llvm.lifetime.KIND.i64(i64)" without attributes is
//     added at the end of the function list (what llvm-dis-22 prints), and
//     each call whose pointer, stripped of casts, is an alloca becomes a
//     call of "llvm.lifetime.KIND.pAS(ptr addrspace(AS))" on that alloca,
//     with no attributes, no tail marker and only the !dbg attachment; any
//     other call is deleted. The new declaration is added at the end of the
//     function list when the first such call is upgraded, functions being
//     read in order.
//
// The other upgrades are in files of their own: upgrade_calls.go (the
// rewritten intrinsic calls, and the report of those not done),
// upgrade_targets.go (NVVM, AMDGPU), upgrade_x86.go, upgrade_masked.go,
// upgrade_mem.go (memcpy/memmove/memset's alignment argument),
// upgrade_old.go (generic, ARM and AArch64 intrinsics of LLVM 12 and
// older), upgrade_constexpr.go (removed constant expressions),
// upgrade_datalayout.go, upgrade_modflags.go, upgrade_nvvm_annotations.go,
// upgrade_fnattrs.go, upgrade_misc.go (what is not about intrinsics:
// attribute groups, ctor lists, ARC runtime calls, old module flags,
// incompatible attributes, the reports on debug info LLVM 22 strips),
// upgrade_tbaa.go (old TBAA tags, the TBAA verifier), striploop.go (the
// debug locations of loop IDs, when debug info is stripped);
// upgrade_table.go holds what scripts/gen_upgrades.py found of LLVM 22's
// reading of older intrinsics.

// maxStrip bounds the casts stripped from a lifetime pointer.
const maxStrip = 64

// upgradeState is what Module found to upgrade in function bodies.
type upgradeState struct {
	// lifetime maps an old lifetime declaration to its kind, "start" or
	// "end".
	lifetime map[*ir.Function]string
	// decls are the declarations added, by name.
	decls map[string]*ir.Function
	// dbg maps an llvm.dbg.* declaration to the kind of debug record
	// that its calls become.
	dbg map[*ir.Function]ir.DebugRecordKind
	// coroEnd is the llvm.coro.end declaration changed from
	// i1 (ptr, i1) to void (ptr, i1, token), oldSig its old type and
	// newSig its new one (kept here: a writer for an older reader
	// changes the declaration's while the bodies are loaded).
	coroEnd        *ir.Function
	oldSig, newSig *ir.Type
	// masked are the masked memory intrinsics that lost their alignment
	// argument (upgrade_masked.go).
	masked map[*ir.Function]maskedUpgrade
	// calls are the old intrinsics whose calls are rewritten
	// (upgrade_calls.go); fnNames the module's functions by name.
	calls   map[*ir.Function]*oldIntrinsic
	fnNames map[string]*ir.Function
	// declBits are where the records of intrinsic declarations start
	// (see noteDecl).
	declBits map[*ir.Function]uint64
	// anyStrictFP says an attribute list of the module has strictfp
	// (see upgradeStrictFP).
	anyStrictFP bool
	// unsafeFPAtomics are the function definitions that had
	// "amdgpu-unsafe-fp-atomics"="true" (upgrade_fnattrs.go).
	unsafeFPAtomics map[*ir.Function]bool
	// madeMD are the uniqued nodes the rewrites attach (see uniqueTuple).
	madeMD []*ir.MDTuple
	// preload says a body upgrade may declare functions: upgradeModule
	// loads every body once so that the function list is final.
	preload bool
	// arc, tbaaSeen, tbaaUp and lastTBAA are upgrade_misc.go's and
	// upgrade_tbaa.go's.
	arc      map[*ir.Function]*arcUpgrade
	tbaaSeen map[ir.MDNode]bool
	tbaaUp   map[*ir.MDTuple]*ir.MDTuple
	lastTBAA ir.MDNode
	// replaced are the calls of the body being upgraded that a constant
	// replaces (their uses then use it: replaceUses).
	replaced map[*ir.Instruction]ir.Constant
}

// UpgradesBodies reports whether loading a body of the module may
// upgrade it with what the module level holds, or change the module level
// (ir.BodyUpgrader): when upgradeModule planned the rewrite of calls of
// old intrinsics other than the lifetime markers and the debug
// intrinsics (the rewrites look at the declarations and at the types of
// the operands), and for bitcode of typed pointers (LLVM 14 and older:
// pointee types, a landingpad's personality made its function's).
func (r *Reader) UpgradesBodies() bool {
	if r.typedPointers {
		return true
	}
	up := r.up
	return up != nil && (len(up.calls) > 0 || len(up.masked) > 0 || len(up.arc) > 0 || up.coroEnd != nil || up.preload)
}

// dbgIntrinsics are the debug intrinsics that LLVM 22 turns into debug
// records, their declarations disappearing.
// llvm.dbg.addr (LLVM 6 to 16) becomes a #dbg_value whose expression
// dereferences.
var dbgIntrinsics = map[string]ir.DebugRecordKind{
	"llvm.dbg.value": ir.DbgValue, "llvm.dbg.declare": ir.DbgDeclare,
	"llvm.dbg.assign": ir.DbgAssign, "llvm.dbg.label": ir.DbgLabel,
	"llvm.dbg.addr": ir.DbgValue,
}

// oldLifetimeKind reports whether f is an LLVM 21-or-older lifetime
// intrinsic declaration, (i64, ptr), and which one.
func oldLifetimeKind(f *ir.Function) (string, bool) {
	if f.HasBody || f.Sig == nil || f.Sig.Kind != ir.FunctionType || len(f.Sig.Params) != 2 ||
		f.Sig.VarArg || f.Sig.Params[0].Kind != ir.IntegerType || f.Sig.Params[1].Kind != ir.PointerType {
		return "", false
	}
	for _, kind := range [...]string{"start", "end"} {
		base := "llvm.lifetime." + kind
		if f.Name == base || strings.HasPrefix(f.Name, base+".") {
			return kind, true
		}
	}
	return "", false
}

// upgradeModule applies the module-level upgrades after Module has read
// the module. When a body upgrade may add declarations, it loads every
// body once, in order, so that the function list is final before anything
// is printed.
func (r *Reader) upgradeModule() error {
	r.m.DataLayout = upgradeDataLayout(r.m.DataLayout, r.m.Triple)
	r.upgradeModuleFlags()
	r.upgradeNVVMAnnotations()
	if r.md.dropNamed {
		r.m.NamedMetadata = nil // read for the upgrades only (upgradedFromNamed)
	}
	up := r.up
	if up == nil {
		up = &upgradeState{}
		r.up = up
	}
	up.lifetime, up.decls = map[*ir.Function]string{}, map[string]*ir.Function{}
	up.dbg, up.calls = map[*ir.Function]ir.DebugRecordKind{}, map[*ir.Function]*oldIntrinsic{}
	r.upgradeFnAttrs()
	for i := range r.attrLists {
		if r.attrLists[i].Fn.Has(ir.AttrStrictFP) {
			up.anyStrictFP = true
			break
		}
	}
	i64 := r.findType(&ir.Type{Kind: ir.IntegerType, BitWidth: 64})
	fns := r.m.Functions
	kept := make([]*ir.Function, 0, len(fns))
	var added, chained []*ir.Function
	var pending []*oldIntrinsic // chained, declared after the loop
	names := map[string]*ir.Function{}
	for _, f := range fns {
		names[f.Name] = f
	}
	up.fnNames = names
	for _, f := range fns {
		if !strings.HasPrefix(f.Name, "llvm.") || f.HasBody {
			kept = append(kept, f)
			continue
		}
		if kind, ok := dbgIntrinsics[f.Name]; ok {
			up.dbg[f] = kind
			continue
		}
		if f.Name == "llvm.coro.end" && isOldCoroEnd(f.Sig) {
			// LLVM 22's coro.end returns nothing and takes a token; the
			// calls are changed in place, their uses left as they are.
			up.coroEnd, up.oldSig = f, f.Sig
			void := r.findType(&ir.Type{Kind: ir.VoidType})
			token := r.findType(&ir.Type{Kind: ir.TokenType})
			f.Sig = &ir.Type{Kind: ir.FunctionType, Ret: void, Params: []*ir.Type{f.Sig.Params[0], f.Sig.Params[1], token}}
			f.ValueType, up.newSig = f.Sig, f.Sig
			if intrinsicAttrs != nil {
				if l, ok := intrinsicAttrs(f.Name, f.Sig); ok {
					f.Attrs = l
				}
			}
			added = append(added, f)
			continue
		}
		if r.upgradeMaskedDecl(f) {
			added = append(added, f)
			continue
		}
		u := r.planCall(f)
		remangled := false
		if u == nil {
			u = r.planRemangled(f, names)
			remangled = u != nil
		}
		if u != nil {
			up.calls[f] = u
			delete(names, f.Name)
			if u.chained && u.decl == nil {
				pending = append(pending, u)
			} else if u.decl == nil && u.newName != "" && !u.lazy() {
				// Declared now, as UpgradeIntrinsicFunction does.
				if d := names[u.newName]; d != nil {
					u.decl = d
				} else {
					u.decl = &ir.Function{GlobalHeader: ir.GlobalHeader{Name: u.newName, Typ: r.ptrType(0), ValueType: u.newSig}, Sig: u.newSig}
					if intrinsicAttrs != nil {
						if l, ok := intrinsicAttrs(u.newName, u.newSig); ok {
							u.decl.Attrs = l
						}
					}
					names[u.newName] = u.decl
					if remangled {
						// Declared when the walk reaches the
						// remangled declaration, at the end.
						chained = append(chained, u.decl)
					} else {
						added = append(added, u.decl)
					}
				}
			}
			if u.lazy() || u.lazyAlt {
				up.preload = true
			}
			continue
		}
		if kind, ok := oldLifetimeKind(f); ok {
			up.lifetime[f] = kind
			name := "llvm.lifetime." + kind + ".i64"
			if names[name] == nil {
				void := r.findType(&ir.Type{Kind: ir.VoidType})
				sig := &ir.Type{Kind: ir.FunctionType, Ret: void, Params: []*ir.Type{i64}}
				d := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: name, Typ: r.ptrType(0), ValueType: sig}, Sig: sig}
				names[name] = d
				added = append(added, d)
			}
			continue
		}
		// Remangle an overloaded intrinsic's name (typed pointers' p0i8
		// becomes p0): the declaration moves to the end of the list.
		// One whose calls LLVM 22 changes besides is left as it is, for
		// checkIntrinsicDecls to report.
		if old, kind := oldIntrinsicOf(f.Name); kind == oldChanged && !upgradedFamily(old) {
			kept = append(kept, f)
			continue
		}
		want, ok := ir.IntrinsicMangledName(f.Name, f.Sig)
		if d := names[want]; ok && want != f.Name && d != nil && sameFnType(d.Sig, f.Sig) && !d.HasBody {
			// Remangled to the name of a declaration of the same type
			// (two typed-pointer manglings of one opaque one:
			// whilerw.d.nxv2i1.p0f64 and .p0i64): LLVM's
			// remangleIntrinsicFunction takes that one; the calls are
			// kept.
			up.calls[f] = &oldIntrinsic{f: f, oldSig: f.Sig, newName: want, newSig: f.Sig, decl: d, rewrite: rewriteRedirect}
			delete(names, f.Name)
			continue
		}
		if !ok || want == f.Name || names[want] != nil {
			kept = append(kept, f)
			continue
		}
		delete(names, f.Name)
		f.Name = want
		names[want] = f
		if intrinsicAttrs != nil {
			if l, ok := intrinsicAttrs(want, f.Sig); ok {
				f.Attrs = l
			}
		}
		added = append(added, f)
	}
	for _, u := range pending {
		// Declared when the walk reaches the declaration LLVM 22 made
		// under a name it remangles, at the end.
		if d := names[u.newName]; d != nil {
			u.decl = d
			continue
		}
		u.decl = &ir.Function{GlobalHeader: ir.GlobalHeader{Name: u.newName, Typ: r.ptrType(0), ValueType: u.newSig}, Sig: u.newSig}
		if intrinsicAttrs != nil {
			if l, ok := intrinsicAttrs(u.newName, u.newSig); ok {
				u.decl.Attrs = l
			}
		}
		names[u.newName] = u.decl
		chained = append(chained, u.decl)
	}
	added = append(added, chained...)
	if len(added) == 0 && len(up.lifetime) == 0 && len(up.dbg) == 0 && up.coroEnd == nil && len(up.calls) == 0 {
		r.checkIntrinsicDecls()
		return nil
	}
	r.m.Functions = append(kept, added...)
	for _, f := range added {
		up.decls[f.Name] = f
	}
	r.checkIntrinsicDecls()
	if len(up.lifetime) == 0 && !up.preload {
		return nil
	}
	bodies := make([]*ir.Function, 0, len(r.m.Functions))
	for _, f := range r.m.Functions {
		if f.HasBody && f.Blocks == nil {
			bodies = append(bodies, f)
		}
	}
	for _, f := range bodies {
		if err := r.LoadBody(f); err != nil {
			// Printing reports it when it loads the body again: the
			// same error, whatever the reader decides about the module
			// after this read (its debug info stripped, say).
			var re *RereadError
			if !errors.As(err, &re) {
				if r.bodyErr == nil {
					r.bodyErr = map[*ir.Function]error{}
				}
				r.bodyErr[f] = err
			}
			continue
		}
		f.Params, f.Blocks = nil, nil
	}
	return nil
}

// planRemangled returns how LLVM 22 rewrites the calls of f, an
// intrinsic declaration whose name is not mangled as its type says, when
// the declaration remangled is itself one LLVM 22 upgrades: walking the
// function list, UpgradeIntrinsicFunction reaches the remangled one it
// appended and upgrades it in turn, and the calls end as that upgrade
// makes them (llvm.arm.neon.bfdot.v4f32.<garbled> becomes .v16i8, then
// .v8bf16 with its operands bitcast). Nil when there is no such chain.
func (r *Reader) planRemangled(f *ir.Function, names map[string]*ir.Function) *oldIntrinsic {
	want, ok := ir.IntrinsicMangledName(f.Name, f.Sig)
	if !ok || want == f.Name || names[want] != nil {
		return nil
	}
	name := f.Name
	f.Name = want
	u := r.planCall(f)
	f.Name = name
	return u
}

// addDecl appends a declaration of void name(params) to the function list,
// with LLVM 22's intrinsic attributes when attrs is set.
func (r *Reader) addDecl(name string, params []*ir.Type, attrs bool) *ir.Function {
	void := r.findType(&ir.Type{Kind: ir.VoidType})
	sig := &ir.Type{Kind: ir.FunctionType, Ret: void, Params: params}
	f := &ir.Function{
		GlobalHeader: ir.GlobalHeader{Name: name, Typ: r.ptrType(0), ValueType: sig},
		Sig:          sig,
	}
	if attrs && intrinsicAttrs != nil {
		if l, ok := intrinsicAttrs(name, sig); ok {
			f.Attrs = l
		}
	}
	r.m.Functions = append(r.m.Functions, f)
	r.up.decls[name] = f
	r.up.fnNames[name] = f
	return f
}

// upgradeBody applies the call upgrades to the body LoadBody just read.
func (r *Reader) upgradeBody(f *ir.Function) {
	if r.up == nil || len(r.up.lifetime) == 0 && len(r.up.dbg) == 0 && r.up.coroEnd == nil && len(r.up.masked) == 0 &&
		len(r.up.calls) == 0 && len(r.up.unsafeFPAtomics) == 0 && len(r.up.arc) == 0 &&
		(!r.up.anyStrictFP || f.Attrs.Fn.Has(ir.AttrStrictFP)) {
		return
	}
	strictFP := !r.up.anyStrictFP || f.Attrs.Fn.Has(ir.AttrStrictFP)
	unsafeFP := r.up.unsafeFPAtomics[f]
	// The body as read and the lifetime calls changed, whose values'
	// use-list orders change (lifetimeUseLists).
	var orig []*ir.Instruction
	var lts []lifetimeChange
	for _, b := range f.Blocks {
		var carry []*ir.DebugRecord
		out := make([]*ir.Instruction, 0, len(b.Instrs))
		for _, in := range b.Instrs {
			if len(r.up.lifetime) > 0 {
				orig = append(orig, in)
			}
			rec, drop := r.dbgRecord(in)
			if drop {
				carry = append(carry, in.DebugRecords...)
				continue
			}
			if rec != nil {
				if !r.noDebug && !r.stripDebug {
					carry = append(carry, in.DebugRecords...)
					carry = append(carry, rec)
				}
				continue
			}
			if len(carry) > 0 {
				in.DebugRecords = append(carry, in.DebugRecords...)
				carry = nil
			}
			if unsafeFP {
				r.markUnsafeFPAtomic(in)
			}
			if !strictFP {
				r.upgradeStrictFP(f, in)
			}
			r.upgradeCoroEnd(in)
			r.upgradeARCCall(in)
			r.upgradeMaskedCall(in)
			nin, keep := r.upgradeLifetime(in)
			if !keep || nin != in {
				lt := lifetimeChange{old: in, pos: len(orig) - 1}
				if keep {
					lt.new = nin
				}
				lts = append(lts, lt)
			}
			if !keep {
				carry = in.DebugRecords
				continue
			}
			out = r.rewriteCall(nin, out)
			if r.up.replaced[nin] != nil {
				// Gone: its records go before the next
				// instruction, as LLVM moves them on erasing it.
				carry, nin.DebugRecords = nin.DebugRecords, nil
			}
		}
		b.Instrs = out
	}
	if len(r.up.replaced) > 0 {
		replaceUses(f, r.up.replaced)
		clear(r.up.replaced)
	}
	if len(lts) > 0 {
		lifetimeUseLists(f, orig, lts)
	}
	// The old declarations whose calls were made anew have no uses left
	// (LLVM's reader applies their orders, or drops them for their
	// length, before it upgrades the calls): their orders go. So do those
	// of the new lifetime declarations (which take the old ones' names,
	// and so their orders here), whose calls made in the order of the
	// bodies are in the order LLVM's reader makes them.
	f.UseListOrders = slices.DeleteFunc(f.UseListOrders, func(o ir.UseListOrder) bool {
		d, ok := o.Value.(*ir.Function)
		if !ok {
			return false
		}
		if strings.HasPrefix(d.Name, "llvm.lifetime.") && r.up.decls[d.Name] == d {
			return true
		}
		_, lifetime := r.up.lifetime[d]
		_, dbg := r.up.dbg[d]
		_, masked := r.up.masked[d]
		return lifetime || dbg || masked || r.up.calls[d] != nil || r.up.arc[d] != nil
	})
}

// replaceUses makes every use of a value of with, in f's body, a use of
// what with maps it to (LLVM's replaceAllUsesWith): operands, callees,
// bundle inputs, and the values of metadata arguments and debug records;
// the use-list orders of those values go (their names went as each was
// replaced: rewriteCall).
func replaceUses(f *ir.Function, with map[*ir.Instruction]ir.Constant) {
	val := func(v ir.Value) ir.Value {
		if in, ok := v.(*ir.Instruction); ok {
			if c := with[in]; c != nil {
				return c
			}
		}
		return v
	}
	md := func(m ir.Metadata) {
		switch m := m.(type) {
		case *ir.ValueAsMetadata:
			if m != nil {
				m.Value = val(m.Value)
			}
		case *ir.DIArgList:
			if m != nil {
				for _, a := range m.Args {
					if a != nil {
						a.Value = val(a.Value)
					}
				}
			}
		}
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for i, v := range in.Operands {
				if mv, ok := v.(*ir.MetadataValue); ok {
					md(mv.MD)
					continue
				}
				in.Operands[i] = val(v)
			}
			if in.Callee != nil {
				in.Callee = val(in.Callee)
			}
			for _, bu := range in.Bundles() {
				for i, v := range bu.Inputs {
					bu.Inputs[i] = val(v)
				}
			}
			for _, d := range in.DebugRecords {
				for _, op := range d.Ops {
					md(op)
				}
			}
		}
	}
	gone := func(v ir.Value) bool {
		in, ok := v.(*ir.Instruction)
		return ok && with[in] != nil
	}
	f.UseListOrders = slices.DeleteFunc(f.UseListOrders, func(o ir.UseListOrder) bool { return gone(o.Value) })
}

// upgradeLifetime returns the instruction that replaces in, and false when
// in is deleted.
func (r *Reader) upgradeLifetime(in *ir.Instruction) (*ir.Instruction, bool) {
	if in.Op != ir.Call {
		return in, true
	}
	callee, ok := in.Callee.(*ir.Function)
	if !ok {
		return in, true
	}
	kind, ok := r.up.lifetime[callee]
	if !ok || len(in.Operands) != 2 {
		return in, true
	}
	alloca := stripToAlloca(in.Operands[1])
	if alloca == nil || alloca.Typ == nil || alloca.Typ.Kind != ir.PointerType {
		return nil, false
	}
	as := alloca.Typ.AddrSpace
	name := "llvm.lifetime." + kind + ".p" + strconv.FormatUint(uint64(as), 10)
	decl := r.up.decls[name]
	if decl == nil {
		decl = r.addDecl(name, []*ir.Type{r.ptrType(as)}, true)
	}
	return &ir.Instruction{
		Op:           ir.Call,
		Typ:          decl.Sig.Ret,
		Callee:       decl,
		FuncType:     decl.Sig,
		Operands:     []ir.Value{alloca},
		DebugLoc:     in.DebugLoc,
		DebugRecords: in.DebugRecords,
	}, true
}

// stripToAlloca strips bitcasts, address-space casts and all-zero
// getelementptrs from v (LLVM's stripPointerCasts) and returns the alloca
// left, or nil.
func stripToAlloca(v ir.Value) *ir.Instruction {
	for range maxStrip {
		switch x := v.(type) {
		case *ir.Instruction:
			switch {
			case x.Op == ir.Alloca:
				return x
			case (x.Op == ir.BitCast || x.Op == ir.AddrSpaceCast) && len(x.Operands) == 1:
				v = x.Operands[0]
			case x.Op == ir.GetElementPtr && len(x.Operands) > 0 && allZero(x.Operands[1:]):
				v = x.Operands[0]
			default:
				return nil
			}
		case *ir.ConstExpr:
			switch {
			case (x.Op == ir.BitCast || x.Op == ir.AddrSpaceCast) && len(x.Operands) == 1:
				v = x.Operands[0]
			case x.Op == ir.GetElementPtr && len(x.Operands) > 0 && allZeroConst(x.Operands[1:]):
				v = x.Operands[0]
			default:
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

func allZero(vs []ir.Value) bool {
	for _, v := range vs {
		c, ok := v.(ir.Constant)
		if !ok || !isZeroConst(c) {
			return false
		}
	}
	return true
}

func allZeroConst(cs []ir.Constant) bool {
	for _, c := range cs {
		if !isZeroConst(c) {
			return false
		}
	}
	return true
}

// isZeroConst reports whether c is an integer zero (or a vector of them),
// as a getelementptr index that moves nothing.
func isZeroConst(c ir.Constant) bool {
	switch x := c.(type) {
	case *ir.ConstInt:
		if x.Big != nil {
			return x.Big.Sign() == 0
		}
		return x.V == 0
	case *ir.ConstNull:
		return true
	}
	return false
}

// foldNoOpConst notes a constant expression LLVM 22 lacks (see
// upgrade_constexpr.go) and returns what LLVM's constant folder makes of a constant
// expression that does nothing, or nil: a bitcast to the operand's own
// type (typed-pointer bitcode's pointer bitcasts, all ptr once read) and a
// getelementptr whose indices are all zero or undef and which has no
// inrange (typed-pointer bitcode's decay of arrays), both the operand.
func (r *Reader) foldNoOpConst(p *pconst, ops []ir.Constant) ir.Constant {
	if removedConstOp(p.opcode) || p.opcode == ir.GetElementPtr && isScalableTy(p.srcElem, 0) {
		r.oldConstExprs = true
	}
	if len(ops) == 0 {
		return nil
	}
	switch p.opcode {
	case ir.BitCast:
		if len(ops) == 1 && sameType(ops[0].Type(), p.typ) {
			return ops[0]
		}
		if len(ops) == 1 {
			return foldCast(p.opcode, ops[0], p.typ)
		}
	case ir.Trunc, ir.PtrToInt, ir.IntToPtr:
		if len(ops) == 1 {
			return foldCast(p.opcode, ops[0], p.typ)
		}
	case ir.GetElementPtr:
		// Its type is the base's (getGEPReturnType), whatever type the
		// CONSTANTS block set before it; a vector index makes it another.
		if p.inRange != nil || !sameType(ops[0].Type(), r.gepType(ops[0].Type(), ops[1:])) {
			return nil
		}
		for _, c := range ops[1:] {
			if _, undef := c.(*ir.Undef); !undef && !isZeroConst(c) {
				return nil
			}
		}
		return ops[0]
	}
	return nil
}

// foldCast returns what LLVM's constant folder (ConstantFoldCastInstruction,
// FoldBitCast) makes of a cast c to t that LLVM 22 keeps as a constant
// expression (trunc, ptrtoint, inttoptr, bitcast), or nil when it keeps
// the expression: poison and undef of t for poison and undef, the null
// value of t for a null value (but of x86_amx), and the bits of an
// integer or floating-point scalar bitcast to the other kind or to a
// vector of one element: what older LLVMs left unfolded when t was
// x86_mmx, which LLVM 22 reads as <1 x i64>.
func foldCast(op ir.Opcode, c ir.Constant, t *ir.Type) ir.Constant {
	if t == nil {
		return nil
	}
	switch c.(type) {
	case *ir.Poison:
		return &ir.Poison{Typ: t}
	case *ir.Undef:
		return &ir.Undef{Typ: t}
	}
	if isNullValue(c, 0) {
		if t.Kind == ir.X86AMXType {
			return nil
		}
		return nullValue(t)
	}
	if op != ir.BitCast {
		return nil
	}
	var bits uint64
	switch x := c.(type) {
	case *ir.ConstInt:
		if x.Big != nil || x.Typ.BitWidth > 64 {
			return nil
		}
		bits = uint64(x.V)
		if w := x.Typ.BitWidth; w < 64 {
			bits &= 1<<w - 1
		}
	case *ir.ConstFP:
		bits = x.Bits[0]
	default:
		return nil
	}
	from, ok := scalarBits(c.Type())
	elem := t
	if t.Kind == ir.FixedVectorType && t.Len == 1 {
		elem = t.Elem
	}
	to, ok2 := scalarBits(elem)
	fromInt, toInt := c.Type().Kind == ir.IntegerType, elem.Kind == ir.IntegerType
	if !ok || !ok2 || from != to || !fromInt && !toInt || fromInt && toInt && elem == t {
		// Two floating-point types FoldBitCast leaves alone; an
		// integer to an integer of its width is the same type.
		return nil
	}
	if elem != t {
		return &ir.ConstData{Typ: t, Elems: []uint64{bits}}
	}
	if t.Kind == ir.IntegerType {
		return intConst(t, bits)
	}
	return &ir.ConstFP{Typ: t, Bits: [2]uint64{bits}}
}

// scalarBits returns the width of an integer of 64 bits or fewer, or of
// half, bfloat, float or double.
func scalarBits(t *ir.Type) (uint32, bool) {
	switch t.Kind {
	case ir.IntegerType:
		return t.BitWidth, t.BitWidth <= 64
	case ir.HalfType, ir.BFloatType:
		return 16, true
	case ir.FloatType:
		return 32, true
	case ir.DoubleType:
		return 64, true
	}
	return 0, false
}

// isNullValue reports whether c is the null value of its type (LLVM's
// isNullValue): an integer zero, a floating-point +0, null or
// zeroinitializer, an aggregate of those.
func isNullValue(c ir.Constant, depth int) bool {
	switch x := c.(type) {
	case *ir.ConstNull:
		return true
	case *ir.ConstInt:
		if x.Big != nil {
			return x.Big.Sign() == 0
		}
		return x.V == 0
	case *ir.ConstFP:
		return x.Bits == [2]uint64{}
	case *ir.ConstData:
		for _, e := range x.Elems {
			if e != 0 {
				return false
			}
		}
		return true
	case *ir.ConstAggregate:
		if depth > 64 {
			return false
		}
		for _, e := range x.Elems {
			if e == nil || !isNullValue(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// sameType reports whether a and b are the same type, pointers of one
// address space being one type whatever typed-pointer bitcode said.
func sameType(a, b *ir.Type) bool {
	if a == b {
		return true
	}
	return a != nil && b != nil && a.Kind == ir.PointerType && b.Kind == ir.PointerType && a.AddrSpace == b.AddrSpace
}

// aarch64Flags are the AArch64 module flags whose behaviour older
// producers wrote as Error and LLVM 22 reads as Min.
var aarch64Flags = map[string]bool{
	"branch-target-enforcement": true, "sign-return-address": true,
	"sign-return-address-all": true, "sign-return-address-with-bkey": true,
}

// upgradeModuleFlags applies LLVM 22's module-flag upgrades
// (UpgradeModuleFlags, copyModuleAttrToFunctions).
func (r *Reader) upgradeModuleFlags() {
	r.upgradeFlagBehaviors()
	nmd := r.moduleFlags()
	if nmd != nil {
		r.renameAMDGPUFlag(nmd)
	}
	r.copyBranchProtection(nmd)
	r.upgradeLinkerOptions(nmd)
}

// upgradeLinkerOptions is BitcodeReader::materializeMetadata's upgrade of
// the "Linker Options" module flag (LLVM 4 and older): a module without
// !llvm.linker.options gets one, after its other named metadata, holding
// the flag's options.
func (r *Reader) upgradeLinkerOptions(flags *ir.NamedMetadata) {
	if flags == nil {
		return
	}
	for _, nmd := range r.m.NamedMetadata {
		if nmd != nil && nmd.Name == "llvm.linker.options" {
			return
		}
	}
	for _, op := range flags.Ops {
		t, ok := op.(*ir.MDTuple)
		if !ok || len(t.Ops) != 3 {
			continue
		}
		if key, ok := t.Ops[1].(*ir.MDString); !ok || key.Value != "Linker Options" {
			continue
		}
		val, ok := t.Ops[2].(*ir.MDTuple)
		if !ok {
			return
		}
		opts := &ir.NamedMetadata{Name: "llvm.linker.options"}
		for _, o := range val.Ops {
			if n, ok := o.(ir.MDNode); ok {
				opts.Ops = append(opts.Ops, n)
			}
		}
		r.m.NamedMetadata = append(r.m.NamedMetadata, opts)
		return
	}
}

// upgradeFlagBehaviors makes the "PIC Level" module flag's behaviour Min
// where older producers wrote Error or Max, and that of aarch64Flags where
// they wrote Error.
func (r *Reader) upgradeFlagBehaviors() {
	for _, nmd := range r.m.NamedMetadata {
		if nmd == nil || nmd.Name != "llvm.module.flags" {
			continue
		}
		for i, op := range nmd.Ops {
			t, ok := op.(*ir.MDTuple)
			if !ok || len(t.Ops) != 3 {
				continue
			}
			id, ok := t.Ops[1].(*ir.MDString)
			if !ok {
				continue
			}
			from7 := id.Value == "PIC Level"
			if !from7 && !aarch64Flags[id.Value] {
				continue
			}
			vm, ok := t.Ops[0].(*ir.ValueAsMetadata)
			if !ok {
				continue
			}
			b, ok := vm.Value.(*ir.ConstInt)
			if !ok || b.Big != nil || (b.V != 1 && (b.V != 7 || !from7)) {
				continue
			}
			ops := append([]ir.Metadata{&ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: b.Typ, V: 8}}}, t.Ops[1:]...)
			nmd.Ops[i] = &ir.MDTuple{Distinct: t.Distinct, Ops: ops, ID: r.nodeID()}
		}
	}
}

// dbgRecord returns the debug record that a call of a debug intrinsic
// becomes (printed before the instruction after the call), or nil; drop
// says the call goes without one: a dbg.value of LLVM 5 and older (four
// operands) whose offset is not zero, as in LLVM 22.
func (r *Reader) dbgRecord(in *ir.Instruction) (rec *ir.DebugRecord, drop bool) {
	if in.Op != ir.Call || len(r.up.dbg) == 0 {
		return nil, false
	}
	callee, ok := in.Callee.(*ir.Function)
	if !ok {
		return nil, false
	}
	kind, ok := r.up.dbg[callee]
	if !ok {
		return nil, false
	}
	args := in.Operands
	want := 3
	switch kind {
	case ir.DbgLabel:
		want = 1
	case ir.DbgAssign:
		want = 6
	case ir.DbgValue:
		if len(args) == 4 && callee.Name == "llvm.dbg.value" {
			// The offset of LLVM 5 and older: a zero one goes, a call
			// with any other goes whole.
			if !isZeroOffset(args[1]) {
				return nil, true
			}
			args = []ir.Value{args[0], args[2], args[3]}
		}
	}
	// A call whose operands are not the intrinsic's still becomes a
	// record in LLVM 22 (of null operands where it wants metadata),
	// which its verifier refuses: the debug info goes, as it goes with
	// a module whose debug info is stripped anyway.
	malformed := func() (*ir.DebugRecord, bool) {
		if r.stripDebug || r.noDebug {
			return nil, true
		}
		msg := "a call of " + callee.Name + " whose operands are not the intrinsic's: llvm-dis-22 makes it a record its verifier refuses and strips the debug info"
		if !r.debugDecided {
			// A body read with the module (forwardRefBodies), before
			// the module's debug info is known to stay.
			r.earlyDbg = append(r.earlyDbg, Skip{Bit: r.base + r.recBit, Msg: msg})
			return nil, true
		}
		r.stripOrSkip(StripDebugInfo, msg)
		return nil, false
	}
	if len(args) != want {
		return malformed()
	}
	ops := make([]ir.Metadata, 0, want+1)
	for _, v := range args {
		mv, ok := v.(*ir.MetadataValue)
		if !ok {
			return malformed()
		}
		ops = append(ops, mv.MD)
	}
	if callee.Name == "llvm.dbg.addr" {
		if e, ok := ops[2].(*ir.SpecializedNode); ok && e != nil && e.Kind == "DIExpression" {
			ops[2] = appendDeref(e)
		}
	}
	rec = &ir.DebugRecord{Kind: kind, Ops: append(ops, in.DebugLoc)}
	r.upgradeDeclareExpr(rec)
	return rec, false
}

// upgradeDeclareExpr is MetadataLoader's upgradeDeclareExpressions for
// one record, in a module that held a DIExpression of version 0 or 1
// (whose leading DW_OP_deref the reader moved to the end): a declare of
// an argument whose expression still starts with DW_OP_deref loses it.
func (r *Reader) upgradeDeclareExpr(rec *ir.DebugRecord) {
	if !r.oldExprs || rec.Kind != ir.DbgDeclare || len(rec.Ops) < 3 {
		return
	}
	v, ok := rec.Ops[0].(*ir.ValueAsMetadata)
	if !ok || v == nil {
		return
	}
	if _, ok := v.Value.(*ir.Argument); !ok {
		return
	}
	e, ok := rec.Ops[2].(*ir.SpecializedNode)
	if !ok || e == nil || e.Kind != "DIExpression" || len(e.Fields) == 0 || uint64(e.Fields[0].Int) != uint64(dwarf.OpDeref) {
		return
	}
	rec.Ops[2] = &ir.SpecializedNode{Kind: "DIExpression", Fields: slices.Clone(e.Fields[1:])}
}

// isZeroOffset reports whether v, a dbg.value's old offset operand, is a
// zero constant.
func isZeroOffset(v ir.Value) bool {
	switch c := v.(type) {
	case *ir.ConstInt:
		return c.Big == nil && c.V == 0 || c.Big != nil && c.Big.Sign() == 0
	case *ir.ConstNull:
		return true
	}
	return false
}

// appendDeref returns DIExpression e with DW_OP_deref appended, before a
// DW_OP_stack_value or DW_OP_LLVM_fragment, and its constant arithmetic
// folded (DIExpression::append, foldConstantMath); e is not changed.
func appendDeref(e *ir.SpecializedNode) *ir.SpecializedNode {
	deref := ir.Field{Int: int64(dwarf.OpDeref), Kind: ir.FieldUint}
	fs := make([]ir.Field, 0, len(e.Fields)+1)
	done := false
	for i := 0; i < len(e.Fields); {
		op := dwarf.Op(uint64(e.Fields[i].Int))
		if !done && (op == dwarf.OpStackValue || op == dwarf.OpLLVMFragment) {
			fs = append(fs, deref)
			done = true
		}
		n := min(op.ExprSize(), len(e.Fields)-i)
		fs = append(fs, e.Fields[i:i+n]...)
		i += n
	}
	if !done {
		fs = append(fs, deref)
	}
	elems := make([]uint64, len(fs))
	for i, f := range fs {
		elems[i] = uint64(f.Int)
	}
	elems = foldConstantMath(elems)
	fs = make([]ir.Field, len(elems))
	for i, e := range elems {
		fs[i] = ir.Field{Int: int64(e), Kind: ir.FieldUint}
	}
	return &ir.SpecializedNode{Kind: "DIExpression", Fields: fs}
}

// isOldCoroEnd reports whether sig is llvm.coro.end's type before LLVM 22,
// i1 (ptr, i1).
func isOldCoroEnd(sig *ir.Type) bool {
	return sig != nil && sig.Kind == ir.FunctionType && !sig.VarArg && len(sig.Params) == 2 &&
		sig.Ret != nil && sig.Ret.Kind == ir.IntegerType && sig.Ret.BitWidth == 1 &&
		sig.Params[0].Kind == ir.PointerType && sig.Params[1].Kind == ir.IntegerType
}

// upgradeCoroEnd changes a call of the old llvm.coro.end as LLVM 22
// does: it returns void, gets a "token none" argument, and is rebuilt
// (no tail marker, attributes or metadata but !dbg), keeping its name.
func (r *Reader) upgradeCoroEnd(in *ir.Instruction) {
	f := r.up.coroEnd
	if f == nil || in.Op != ir.Call || in.Callee != ir.Value(f) || in.FuncType != r.up.oldSig || len(in.Operands) != 2 {
		return
	}
	sig := r.up.newSig
	in.FuncType, in.Typ = sig, sig.Ret
	in.Operands = append(in.Operands, &ir.ConstNull{Typ: sig.Params[2]})
	// The call is rebuilt: only its name (void as it now is) and its
	// !dbg location stay.
	in.Tail, in.Attrs, in.Metadata = ir.NoTail, ir.AttrList{}, nil
	dropBundles(in)
	in.CallConv, in.FMF = 0, 0
}

// dropBadBranchWeights is what BitcodeReader::materialize does to the
// !prof branch_weights of a body just read whose count is not the
// instruction's: a br's, switch's or indirectbr's successors, a call's
// one, a select's two (after the name, and "expected" when it follows):
// the attachment goes.
func dropBadBranchWeights(f *ir.Function) {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for i, a := range in.Metadata {
				if a.Kind != "prof" {
					continue
				}
				if !branchWeightsFit(in, a.Node) {
					in.Metadata = slices.Delete(in.Metadata, i, i+1)
				}
				break
			}
		}
	}
}

// branchWeightsFit reports whether !prof node n of in is not branch
// weights, or as many as in has successors.
func branchWeightsFit(in *ir.Instruction, n ir.MDNode) bool {
	t, ok := n.(*ir.MDTuple)
	if !ok || len(t.Ops) == 0 {
		return true
	}
	if s, ok := t.Ops[0].(*ir.MDString); !ok || s.Value != "branch_weights" {
		return true
	}
	var want int
	switch in.Op {
	case ir.Br, ir.Switch, ir.IndirectBr:
		want = len(in.Succs)
	case ir.Call:
		want = 1
	case ir.Select:
		want = 2
	default:
		return true
	}
	off := 1
	if len(t.Ops) >= 2 {
		if _, ok := t.Ops[1].(*ir.MDString); ok {
			off = 2 // the weights' origin, "expected"
		}
	}
	return len(t.Ops) == off+want
}

// oldLoopPrefix begins the loop hints of LLVM 3.5 and older.
const oldLoopPrefix = "llvm.vectorizer."

// upgradeLoopAttachment is upgradeInstructionLoopAttachment: an
// !llvm.loop tuple with an operand that is an old hint (a tuple whose
// first operand is a string beginning with "llvm.vectorizer.") becomes a
// tuple of its operands with the hints renamed ("unroll" to
// "llvm.loop.interleave.count", others to "llvm.loop.vectorize.*"); the
// tuples made are the module's equal ones when it has them, as
// MDTuple::get makes them.
func (r *Reader) upgradeLoopAttachment(n ir.MDNode) ir.MDNode {
	t, ok := n.(*ir.MDTuple)
	if !ok || !slices.ContainsFunc(t.Ops, isOldLoopHint) {
		return n
	}
	ops := make([]ir.Metadata, len(t.Ops))
	for i, o := range t.Ops {
		ops[i] = o
		if !isOldLoopHint(o) {
			continue
		}
		h := o.(*ir.MDTuple)
		tag := h.Ops[0].(*ir.MDString).Value
		name := "llvm.loop.vectorize." + tag[len(oldLoopPrefix):]
		if tag == oldLoopPrefix+"unroll" {
			name = "llvm.loop.interleave.count"
		}
		ops[i] = r.md.tuple(r, append([]ir.Metadata{&ir.MDString{Value: name}}, h.Ops[1:]...))
	}
	return r.md.tuple(r, ops)
}

// isOldLoopHint is isOldLoopArgument.
func isOldLoopHint(m ir.Metadata) bool {
	t, ok := m.(*ir.MDTuple)
	if !ok || t == nil || len(t.Ops) == 0 {
		return false
	}
	s, ok := t.Ops[0].(*ir.MDString)
	return ok && s != nil && strings.HasPrefix(s.Value, oldLoopPrefix)
}
