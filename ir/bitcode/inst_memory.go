package bitcode

import (
	"github.com/bcextract/bcextract/internal/ircodes"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// The memory instructions: alloca, load, store, getelementptr, the
// atomics and fence.

// instAlloca reads INST_ALLOCA: [instty, opty, op, align, addrspace?].
func (r *Reader) instAlloca(c *opCursor, in *ir.Instruction) error {
	if n := len(c.v); n != 4 && n != 5 {
		c.invalid("%d operands, not 4 or 5", n)
		return c.err
	}
	explicit := c.v[3]&(1<<llvmir.ALLOCA_EXPLICIT_TYPE) != 0
	t, tid := c.typID("allocated type")
	if !explicit && c.err == nil {
		// LLVM 3.x: the type of the result, a typed pointer.
		var ok bool
		c.setResult(uint32(tid))
		if t, _, ok = r.pointee(tid); !ok {
			return r.errorf("missing element type for old-style alloca")
		}
	}
	ot := c.typ("size type")
	size := c.absValue(ot, "size")
	packed := c.u64("alignment")
	if c.err != nil {
		return c.err
	}
	var err error
	if in.Align, err = r.decodeAlign(packed>>llvmir.ALLOCA_ALIGN_LOWER&31 | (packed>>llvmir.ALLOCA_ALIGN_UPPER&7)<<5); err != nil {
		return err
	}
	if in.Align == 0 {
		if in.Align, err = r.typeAlign(t, prefAlign, "alloca"); err != nil {
			return err
		}
	}
	as, ok := c.opt()
	if !ok {
		as = uint64(r.layoutAddrSpace('A'))
	}
	if as > 0xffffff {
		c.invalid("address space %d", as)
		return c.err
	}
	if packed&(1<<5) != 0 {
		in.Flags |= ir.InAlloca
	}
	if packed&(1<<7) != 0 {
		in.Flags |= ir.SwiftError
	}
	in.Op, in.ElemType, in.Operands, in.AddrSpace = ir.Alloca, t, append(in.Operands[:0], size), uint32(as)
	in.Typ = r.ptrType(uint32(as))
	if explicit && r.tids != nil {
		c.setResult(r.pointerID(uint32(tid), uint32(as)))
	}
	return nil
}

// instLoad reads INST_LOAD and INST_LOADATOMIC: [op, ty, align, vol]
// and, when atomic, [ordering, ssid].
func (r *Reader) instLoad(c *opCursor, in *ir.Instruction) error {
	atomic := c.code == llvmir.FUNC_CODE_INST_LOADATOMIC
	p := c.pair("pointer")
	if c.err != nil {
		return c.err
	}
	extra := 2
	if atomic {
		extra = 4
	}
	var t *ir.Type
	if n := c.left(); n != extra && n != extra+1 {
		c.invalid("%d operands after the pointer, not %d or %d", n, extra, extra+1)
		return c.err
	} else if n != extra+1 {
		// LLVM 3.6 and older: the pointer's pointee.
		var tid uint32
		var ok bool
		if t, tid, ok = r.pointee(uint64(c.opTypeID(0))); !ok {
			return r.errorf("missing element type for old-style load")
		}
		c.setResult(tid)
	} else {
		var tid uint64
		t, tid = c.typID("loaded type")
		c.setResult(uint32(tid))
	}
	in.Align = c.align("alignment")
	if c.err != nil {
		return c.err
	}
	if err := r.typeCheckLoadStore(t, p); err != nil {
		return err
	}
	if in.Align == 0 {
		if atomic {
			return r.errorf("invalid atomic load record: no alignment")
		}
		var err error
		if in.Align, err = r.typeAlign(t, abiAlign, "load"); err != nil {
			return err
		}
	}
	if c.flag("volatile flag") {
		in.Flags |= ir.Volatile
	}
	in.Op, in.Typ, in.Operands = ir.Load, t, append(in.Operands[:0], p)
	if atomic {
		in.Ordering = decodeOrdering(c.u64("ordering"))
		r.setSyncScope(in, c.u64("sync scope"))
	}
	return c.err
}

// typeCheckLoadStore is LLVM's typeCheckLoadStoreInst: the address a
// pointer, the value's type one a pointer can load or store (not void,
// label, metadata, token, x86_amx or a function type).
func (r *Reader) typeCheckLoadStore(t *ir.Type, ptr ir.Value) error {
	if pt := ptr.Type(); pt == nil || pt.Kind != ir.PointerType {
		return r.errorf("invalid record: load/store operand is not a pointer type")
	}
	if t == nil {
		return r.errorf("invalid record: cannot load/store from pointer")
	}
	switch t.Kind {
	case ir.VoidType, ir.LabelType, ir.MetadataType, ir.TokenType, ir.X86AMXType, ir.FunctionType:
		return r.errorf("invalid record: cannot load/store from pointer (a value of %s)", unloadable[t.Kind])
	}
	return nil
}

// unloadable names the kinds of type typeCheckLoadStore refuses.
var unloadable = map[ir.TypeKind]string{ir.VoidType: "void", ir.LabelType: "label", ir.MetadataType: "metadata",
	ir.TokenType: "token", ir.X86AMXType: "x86_amx", ir.FunctionType: "a function type"}

// instStore reads INST_STORE and INST_STOREATOMIC: [ptr, val, align,
// vol] and, when atomic, [ordering, ssid].
func (r *Reader) instStore(c *opCursor, in *ir.Instruction) error {
	atomic := c.code == llvmir.FUNC_CODE_INST_STOREATOMIC || c.code == llvmir.FUNC_CODE_INST_STOREATOMIC_OLD
	p := c.pair("pointer")
	var v ir.Value
	if c.code == llvmir.FUNC_CODE_INST_STORE_OLD || c.code == llvmir.FUNC_CODE_INST_STOREATOMIC_OLD {
		// LLVM 3.6 and older: the value has the pointer's pointee type.
		t, _, ok := r.pointee(uint64(c.opTypeID(0)))
		if c.err == nil && !ok {
			return r.errorf("missing element type for old-style store")
		}
		v = c.value(t, "stored value")
	} else {
		v = c.pair("stored value")
	}
	if c.err != nil {
		return c.err
	}
	extra := 2
	if atomic {
		extra = 4
	}
	if n := c.left(); n != extra {
		c.invalid("%d operands after the value, not %d", n, extra)
		return c.err
	}
	if in.Align = c.align("alignment"); c.err != nil {
		return c.err
	}
	if err := r.typeCheckLoadStore(v.Type(), p); err != nil {
		return err
	}
	if in.Align == 0 {
		if atomic {
			return r.errorf("invalid atomic store record: no alignment")
		}
		var err error
		if in.Align, err = r.typeAlign(v.Type(), abiAlign, "store"); err != nil {
			return err
		}
	}
	if c.flag("volatile flag") {
		in.Flags |= ir.Volatile
	}
	in.Op, in.Operands = ir.Store, append(in.Operands[:0], v, p)
	if atomic {
		in.Ordering = decodeOrdering(c.u64("ordering"))
		r.setSyncScope(in, c.u64("sync scope"))
	}
	return c.err
}

// instGEP reads INST_GEP: [flags, ty, base, indices...], and the
// INST_GEP_OLD and INST_INBOUNDS_GEP_OLD of LLVM 3.6 and older: [base,
// indices...], the source element type the base's pointee.
func (r *Reader) instGEP(c *opCursor, in *ir.Instruction) error {
	old := c.code != llvmir.FUNC_CODE_INST_GEP
	elemID := noTypeID
	if !old {
		in.Flags = gepFlags(c.u64("flags"))
		var tid uint64
		in.ElemType, tid = c.typID("source element type")
		elemID = uint32(min(tid, uint64(noTypeID)))
	} else if c.code == llvmir.FUNC_CODE_INST_INBOUNDS_GEP_OLD {
		in.Flags = gepFlags(1 << llvmir.GEP_INBOUNDS)
	}
	base := c.pair("base")
	if c.err != nil {
		return c.err
	}
	if old {
		ptrID := c.opTypeID(0)
		if base.Type().IsVector() && r.tids != nil && ptrID != noTypeID {
			// A vector of pointers: its element's pointee.
			ptrID = r.tids.containedID(ptrID, 0)
		}
		var ok bool
		if in.ElemType, elemID, ok = r.pointee(uint64(ptrID)); !ok {
			return r.errorf("missing element type for old-style getelementptr")
		}
	}
	in.Op, in.Operands = ir.GetElementPtr, append(in.Operands[:0], base)
	in.Typ = base.Type()
	for c.more() {
		v := c.pair("index")
		if c.err != nil {
			return c.err
		}
		in.Operands = append(in.Operands, v)
		if vt := v.Type(); vt.IsVector() && !in.Typ.IsVector() {
			in.Typ = r.findType(&ir.Type{Kind: vt.Kind, Len: vt.Len, Elem: base.Type()})
		}
	}
	if r.tids != nil && c.err == nil && !in.Typ.IsVector() && len(in.Operands) >= 2 {
		c.setResult(r.pointerID(r.indexedTypeID(elemID, in.Operands[2:]), in.Typ.AddrSpace))
	}
	return c.err
}

// instCmpXchg reads INST_CMPXCHG: [ptr, cmp, new, vol, success ordering,
// ssid, failure ordering, weak, align?], and INST_CMPXCHG_OLD of LLVM 3.x:
// [ptr, cmp, new, vol, success ordering, ssid, failure ordering?, weak?],
// the compared value of the pointer's pointee type. An old one without
// the weak flag (from before weak cmpxchgs) gave the loaded value: LLVM
// 22 reads it as the cmpxchg, then in an extractvalue of its field 0.
func (r *Reader) instCmpXchg(c *opCursor, in *ir.Instruction) error {
	old := c.code == llvmir.FUNC_CODE_INST_CMPXCHG_OLD
	p := c.pair("pointer")
	var cmp ir.Value
	cmpID := noTypeID
	if old {
		var t *ir.Type
		var ok bool
		if t, cmpID, ok = r.pointee(uint64(c.opTypeID(0))); c.err == nil && !ok {
			return r.errorf("missing element type for old-style cmpxchg")
		}
		cmp = c.value(t, "compared value")
	} else {
		cmp = c.pair("compared value")
	}
	nv := c.value(typeOf(cmp), "new value")
	if c.err != nil {
		return c.err
	}
	if n := c.left(); !old && (n < 5 || n > 6) || old && (n < 3 || n > 5) {
		c.invalid("%d operands after the values", n)
		return c.err
	}
	if c.flag("volatile flag") {
		in.Flags |= ir.Volatile
	}
	in.Ordering = decodeOrdering(c.u64("success ordering"))
	r.setSyncScope(in, c.u64("sync scope"))
	if old && !c.more() {
		in.FailOrdering = in.Ordering.StrongestFailure()
	} else {
		in.FailOrdering = decodeOrdering(c.u64("failure ordering"))
	}
	noWeak := old && !c.more()
	if !noWeak && c.flag("weak flag") {
		in.Flags |= ir.Weak
	}
	if !old && c.more() {
		in.Align = c.align("alignment")
	}
	if c.err != nil {
		return c.err
	}
	if in.Align == 0 {
		var err error
		if in.Align, err = r.typeAlign(cmp.Type(), storeAlign, "cmpxchg"); err != nil {
			return err
		}
	}
	in.Op, in.Operands = ir.AtomicCmpXchg, append(in.Operands[:0], p, cmp, nv)
	in.Typ = r.findType(&ir.Type{Kind: ir.StructType, Fields: []*ir.Type{cmp.Type(), r.i1()}})
	if noWeak {
		fs := c.fs
		x := r.newInstruction()
		*x = *in
		x.Operands = append([]ir.Value(nil), in.Operands...)
		fs.blocks[fs.cur].Instrs = append(fs.blocks[fs.cur].Instrs, x)
		*in = ir.Instruction{Operands: in.Operands[:0]}
		if _, ok := aggIndices(in, x.Typ, []uint64{0}); !ok {
			return r.errorf("invalid extractvalue index")
		}
		in.Op, in.Typ, in.Operands = ir.ExtractValue, cmp.Type(), append(in.Operands, x)
		c.setResult(cmpID)
	}
	return nil
}

// instAtomicRMW reads INST_ATOMICRMW: [ptr, val, op, vol, ordering,
// ssid, align?].
func (r *Reader) instAtomicRMW(c *opCursor, in *ir.Instruction) error {
	p := c.pair("pointer")
	var v ir.Value
	if c.code == llvmir.FUNC_CODE_INST_ATOMICRMW_OLD {
		// LLVM 3.x: the value has the pointer's pointee type.
		t, _, ok := r.pointee(uint64(c.opTypeID(0)))
		if c.err == nil && !ok {
			return r.errorf("missing element type for old-style atomicrmw")
		}
		v = c.value(t, "value")
	} else {
		v = c.pair("value")
	}
	if c.err != nil {
		return c.err
	}
	if n := c.left(); n != 4 && n != 5 {
		c.invalid("%d operands after the values, not 4 or 5", n)
		return c.err
	}
	op := c.u64("operation")
	rmw, ok := ircodes.RMW(op)
	if !ok {
		return r.errorf("invalid atomicrmw operation")
	}
	in.RMW = rmw
	if c.flag("volatile flag") {
		in.Flags |= ir.Volatile
	}
	in.Ordering = decodeOrdering(c.u64("ordering"))
	r.setSyncScope(in, c.u64("sync scope"))
	if c.more() {
		in.Align = c.align("alignment")
	}
	if c.err != nil {
		return c.err
	}
	if in.Align == 0 {
		var err error
		if in.Align, err = r.typeAlign(v.Type(), storeAlign, "atomicrmw"); err != nil {
			return err
		}
	}
	in.Op, in.Typ, in.Operands = ir.AtomicRMW, v.Type(), append(in.Operands[:0], p, v)
	return nil
}

// instFence reads INST_FENCE: [ordering, ssid].
func (r *Reader) instFence(c *opCursor, in *ir.Instruction) error {
	if n := len(c.v); n != 2 {
		c.invalid("%d operands, not 2", n)
		return c.err
	}
	in.Op, in.Ordering = ir.Fence, decodeOrdering(c.u64("ordering"))
	r.setSyncScope(in, c.u64("sync scope"))
	return nil
}

// orderings are the atomic orderings by their bitcode encoding; any
// other value reads as seq_cst, as LLVM's getDecodedOrdering has it.
var orderings = [...]ir.AtomicOrdering{
	llvmir.ORDERING_NOTATOMIC: ir.NotAtomic,
	llvmir.ORDERING_UNORDERED: ir.Unordered,
	llvmir.ORDERING_MONOTONIC: ir.Monotonic,
	llvmir.ORDERING_ACQUIRE:   ir.Acquire,
	llvmir.ORDERING_RELEASE:   ir.Release,
	llvmir.ORDERING_ACQREL:    ir.AcquireRelease,
	llvmir.ORDERING_SEQCST:    ir.SequentiallyConsistent,
}

func decodeOrdering(v uint64) ir.AtomicOrdering {
	if v < uint64(len(orderings)) {
		return orderings[v]
	}
	return ir.SequentiallyConsistent
}

// setSyncScope sets in's synchronization scope to that of ID v, giving
// it an Extra only for a scope other than the system one.
func (r *Reader) setSyncScope(in *ir.Instruction, v uint64) {
	if s := r.syncScope(v); s != "" || in.Extra != nil {
		extraOf(in).SyncScope = s
	}
}

func (r *Reader) syncScope(v uint64) string {
	switch llvmir.SyncScopeID(enum32(v)) {
	case llvmir.SYNC_SCOPE_SINGLE_THREAD:
		return "singlethread"
	case llvmir.SYNC_SCOPE_SYSTEM:
		return ""
	}
	if v >= uint64(len(r.syncScopes)) {
		return ""
	}
	return r.syncScopes[v]
}
