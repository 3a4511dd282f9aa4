// Command mklegacy writes the records of LLVM 3.x writers, which no
// installed LLVM writes any more: it copies a module that llvm-as-13 wrote
// (typed pointers), record by record, into the layout of a version 1
// module of those days, for llvm-dis-22 to say what it means:
//
//   - no IDENTIFICATION block, no STRTAB and no SYMTAB: MODULE_CODE_VERSION
//     is 1, and the names of the global values are VST_ENTRY records of a
//     module-level value symbol table, comdats name themselves;
//   - MODULE_CODE_GLOBALVAR without the explicit-type bit: its type is the
//     pointer to the value type;
//   - MODULE_CODE_FUNCTION whose type is the pointer to the function type;
//   - MODULE_CODE_ALIAS_OLD: the alias's pointer type, no address space;
//   - TYPE_CODE_FUNCTION_OLD, with its dead attribute ID;
//   - PARAMATTR_CODE_ENTRY_OLD: each attribute list as (index, bits)
//     pairs in the raw encoding of LLVM 3.2 (see rawAttrs), with no
//     PARAMATTR_GROUP_BLOCK;
//   - in function bodies, the instructions without explicit types
//     (LLVM 3.6 and older; see instRecord): loads, stores (STORE_OLD),
//     GEPs (GEP_OLD, INBOUNDS_GEP_OLD), calls, invokes and allocas whose
//     types are their pointers' pointees, CMPXCHG_OLD and ATOMICRMW_OLD,
//     LANDINGPAD_OLD with the personality the function no longer names;
//   - constant GEPs without their pointee type, inline asm in the layouts
//     of LLVM 3.x (CST_CODE_INLINEASM_OLD, _OLD2, _OLD3);
//   - metadata strings as METADATA_STRING_OLD, and the module's uniqued
//     tuples as METADATA_OLD_NODE (type, value) pairs (LLVM 3.5 and
//     older; see mdRecord).
//     The bodies are found by their order (no VSTOFFSET, no function
//     offsets).
//
// The copy is unabbreviated (BLOCKINFO dropped; blob records get an
// abbreviation of their own) and leaves out the records that hold bit
// offsets, which would be wrong (METADATA_INDEX_OFFSET, METADATA_INDEX,
// MODULE_CODE_VSTOFFSET).
//
// Usage (from the module root): go run ./testdata/ir/legacy/mklegacy IN.bc OUT.bc
package main

import (
	"fmt"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/bitcopy"
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/wrapper"
)

func main() { bitcopy.Main("mklegacy", rewrite) }

type ptrKey struct{ pointee, addrSpace uint64 }

type copier struct {
	*bitcopy.Copier
	// strtab is the input's string table, which the names leave for the
	// value symbol table.
	strtab []byte
	// ptrs maps a pointee type and an address space to the ID of the
	// typed pointer type; nTypes counts the type table's entries so far.
	ptrs   map[ptrKey]uint64
	nTypes uint64
	// names are the global values' names by value ID (globals, functions
	// and aliases in record order); nValues counts them.
	names   map[uint64]string
	nValues uint64
	// groups are the attribute groups by ID: their index and their
	// attributes' raw bits.
	groups map[uint64]group

	// Value numbering, for the relative IDs of what moves into a body
	// (a landingpad's personality): the void type's ID, the return type
	// and parameter count of each function type, the module's values
	// (globals, functions, aliases, constants), the functions with
	// bodies (their type and personality, an absolute ID plus one) in
	// order, and in the body being copied, the next value's number.
	voidType  uint64
	mdType    uint64
	fnTypes   map[uint64]fnType
	modValues uint64
	bodies    []body
	inBody    int // bodies copied so far
	// Metadata numbering: the next metadata ID, and the (type, value) of
	// the METADATA_VALUE records by ID, which LLVM 3.5's nodes held
	// inline.
	mdNum    uint64
	mdValues map[uint64][2]uint64
	// plan is the debug info to write in LLVM 3.8's layout, nil for none
	// (subprograms.go).
	plan    *spPlan
	inFunc  bool
	instNum uint64
	pers    uint64
}

type fnType struct {
	ret     uint64
	nParams int
}

type body struct {
	typ, pers uint64
}

type group struct {
	index uint64
	bits  uint64
}

func rewrite(in []byte) ([]byte, error) {
	if wrapper.IsWrapper(in) {
		// llvm-as writes one for Darwin targets; the copy is raw.
		h, err := wrapper.ParseHeader(in)
		if err != nil {
			return nil, err
		}
		if uint64(h.Offset)+uint64(h.Size) > uint64(len(in)) {
			return nil, fmt.Errorf("wrapper past the end of the file")
		}
		in = in[h.Offset : h.Offset+h.Size]
	}
	bc, err := bitcopy.New(in)
	if err != nil {
		return nil, err
	}
	strtab, err := findStrtab(in)
	if err != nil {
		return nil, err
	}
	plan, err := planSubprograms(in)
	if err != nil {
		return nil, err
	}
	c := &copier{Copier: bc, strtab: strtab,
		ptrs: map[ptrKey]uint64{}, names: map[uint64]string{}, groups: map[uint64]group{},
		voidType: ^uint64(0), mdType: ^uint64(0), fnTypes: map[uint64]fnType{},
		mdValues: map[uint64][2]uint64{}, plan: plan}
	bc.Enter, bc.Leave = c.enter, c.leave
	bc.Record = func(ids []uint32, rec bitstream.Record) error {
		in := uint32(0)
		if len(ids) > 0 {
			in = ids[len(ids)-1]
		}
		return c.record(in, rec)
	}
	return bc.Run()
}

// findStrtab returns the blob of the top-level STRTAB block.
func findStrtab(in []byte) ([]byte, error) {
	r := bitstream.NewReader(in)
	if err := r.JumpToBit(32); err != nil {
		return nil, err
	}
	for !r.AtEnd() {
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		if e.Kind != bitstream.EntrySubBlock {
			return nil, fmt.Errorf("unexpected top-level entry %v", e.Kind)
		}
		if e.ID != uint32(llvmir.STRTAB_BLOCK_ID) {
			if err := r.SkipBlock(); err != nil {
				return nil, err
			}
			continue
		}
		if _, err := r.EnterBlock(e.ID); err != nil {
			return nil, err
		}
		for {
			e, err := r.Next()
			if err != nil {
				return nil, err
			}
			switch e.Kind {
			case bitstream.EntryDefineAbbrev:
				if _, err := r.DefineAbbrev(); err != nil {
					return nil, err
				}
			case bitstream.EntryRecord:
				rec, err := r.ReadRecord(e.ID, nil)
				if err != nil {
					return nil, err
				}
				if rec.HasBlob {
					return rec.Blob, nil
				}
			default:
				return nil, fmt.Errorf("STRTAB without a blob")
			}
		}
	}
	return nil, fmt.Errorf("no STRTAB block")
}

// dropped are the blocks left out of the copy.
var dropped = map[uint32]bool{
	uint32(llvmir.IDENTIFICATION_BLOCK_ID): true,
	uint32(llvmir.STRTAB_BLOCK_ID):         true,
	uint32(llvmir.SYMTAB_BLOCK_ID):         true,
}

// enter says what the copy does with block id inside the blocks ids.
func (c *copier) enter(id uint32, ids []uint32) (bitcopy.Action, error) {
	switch {
	case dropped[id]:
		return bitcopy.Skip, nil
	case id == uint32(llvmir.PARAMATTR_GROUP_BLOCK_ID):
		return bitcopy.Read, nil // into ENTRY_OLD raw bits
	case id == uint32(llvmir.VALUE_SYMTAB_BLOCK_ID) && len(ids) == 1 && ids[0] == uint32(llvmir.MODULE_BLOCK_ID):
		// The module-level VST holds the bodies' offsets (and no
		// names): the copy's is written at the module's end (writeVST),
		// its bodies found by their order.
		return bitcopy.Skip, nil
	case id == uint32(llvmir.FUNCTION_BLOCK_ID):
		if c.inBody >= len(c.bodies) {
			return 0, fmt.Errorf("more bodies than functions with bodies")
		}
		b := c.bodies[c.inBody]
		c.inBody++
		c.inFunc, c.pers = true, b.pers
		c.instNum = c.modValues + uint64(c.fnTypes[b.typ].nParams)
	}
	return bitcopy.Copy, nil
}

// leave ends the block ids end with: a body, or the module, whose value
// symbol table it writes.
func (c *copier) leave(ids []uint32) error {
	switch ids[len(ids)-1] {
	case uint32(llvmir.FUNCTION_BLOCK_ID):
		c.inFunc = false
	case uint32(llvmir.MODULE_BLOCK_ID):
		c.writeVST()
	}
	return nil
}

// record writes rec of block in, rewritten when it is one of ours.
func (c *copier) record(in uint32, rec bitstream.Record) error {
	ops := rec.Ops
	switch llvmir.BlockID(in) {
	case llvmir.MODULE_BLOCK_ID:
		return c.moduleRecord(llvmir.ModuleCode(rec.Code), ops)
	case llvmir.TYPE_BLOCK_ID_NEW:
		return c.typeRecord(rec)
	case llvmir.PARAMATTR_GROUP_BLOCK_ID:
		return c.groupRecord(ops)
	case llvmir.PARAMATTR_BLOCK_ID:
		if llvmir.AttributeCode(rec.Code) != llvmir.PARAMATTR_CODE_ENTRY {
			return fmt.Errorf("unexpected PARAMATTR record %d", rec.Code)
		}
		var pairs []uint64
		for _, id := range ops {
			g, ok := c.groups[id]
			if !ok {
				return fmt.Errorf("attribute group %d not defined", id)
			}
			pairs = append(pairs, g.index, g.bits)
		}
		c.W.Unabbrev(uint64(llvmir.PARAMATTR_CODE_ENTRY_OLD), pairs...)
		return nil
	case llvmir.FUNCTION_BLOCK_ID:
		return c.instRecord(rec)
	case llvmir.CONSTANTS_BLOCK_ID:
		code := llvmir.ConstantsCode(rec.Code)
		if code != llvmir.CST_CODE_SETTYPE {
			if c.inFunc {
				c.instNum++
			} else {
				c.modValues++
			}
		}
		switch code {
		case llvmir.CST_CODE_CE_GEP_OLD, llvmir.CST_CODE_CE_INBOUNDS_GEP:
			// [pointee, (type, value)...] -> [(type, value)...]
			if len(ops)%2 == 1 {
				c.W.Unabbrev(uint64(code), ops[1:]...)
				return nil
			}
		case llvmir.CST_CODE_INLINEASM_OLD3:
			// [flags, asm, constraints]: without the unwind flag, the
			// layout of LLVM 3.5 (OLD2); without the dialect, 3.x's (OLD).
			switch {
			case ops[0]&12 == 0:
				code = llvmir.CST_CODE_INLINEASM_OLD
			case ops[0]&8 == 0:
				code = llvmir.CST_CODE_INLINEASM_OLD2
			}
			c.W.Unabbrev(uint64(code), ops...)
			return nil
		}
	case llvmir.METADATA_BLOCK_ID:
		return c.mdRecord(rec)
	case llvmir.METADATA_ATTACHMENT_ID:
		// A body's own attachments, [kind, node]...: version 1's
		// subprograms give the function its !dbg (kind 0).
		if c.plan != nil && len(rec.Ops)%2 == 0 {
			var out []uint64
			for i := 0; i+1 < len(rec.Ops); i += 2 {
				if rec.Ops[i] != 0 {
					out = append(out, rec.Ops[i], rec.Ops[i+1])
				}
			}
			if len(out) > 0 {
				c.W.Unabbrev(uint64(rec.Code), out...)
			}
			return nil
		}
	}
	c.Copy(rec)
	return nil
}

func (c *copier) typeRecord(rec bitstream.Record) error {
	ops := rec.Ops
	switch llvmir.TypeCode(rec.Code) {
	case llvmir.TYPE_CODE_NUMENTRY, llvmir.TYPE_CODE_STRUCT_NAME:
		c.Copy(rec)
		return nil
	case llvmir.TYPE_CODE_POINTER:
		k := ptrKey{pointee: ops[0]}
		if len(ops) > 1 {
			k.addrSpace = ops[1]
		}
		if _, ok := c.ptrs[k]; !ok {
			c.ptrs[k] = c.nTypes
		}
	case llvmir.TYPE_CODE_OPAQUE_POINTER:
		return fmt.Errorf("the input has opaque pointers: assemble it with llvm-as-13")
	case llvmir.TYPE_CODE_VOID:
		c.voidType = c.nTypes
	case llvmir.TYPE_CODE_METADATA:
		c.mdType = c.nTypes
	case llvmir.TYPE_CODE_FUNCTION:
		// [vararg, retty, paramty...] -> [vararg, attrid, retty, paramty...]
		c.fnTypes[c.nTypes] = fnType{ret: ops[1], nParams: len(ops) - 2}
		c.W.Unabbrev(uint64(llvmir.TYPE_CODE_FUNCTION_OLD), append([]uint64{ops[0], 0}, ops[1:]...)...)
		c.nTypes++
		return nil
	}
	c.Copy(rec)
	c.nTypes++
	return nil
}

// name returns the string of a record's strtab offset and size.
func (c *copier) name(ops []uint64) (string, error) {
	if len(ops) < 2 || ops[0]+ops[1] > uint64(len(c.strtab)) {
		return "", fmt.Errorf("bad strtab reference %v", ops)
	}
	return string(c.strtab[ops[0] : ops[0]+ops[1]]), nil
}

// ptrTo returns the ID of the typed pointer to type ty in address space as.
func (c *copier) ptrTo(ty, as uint64) (uint64, error) {
	id, ok := c.ptrs[ptrKey{ty, as}]
	if !ok {
		return 0, fmt.Errorf("no pointer type to type %d in address space %d", ty, as)
	}
	return id, nil
}

func (c *copier) moduleRecord(code llvmir.ModuleCode, ops []uint64) error {
	switch code {
	case llvmir.MODULE_CODE_VERSION:
		c.W.Unabbrev(uint64(code), 1)
		return nil
	case llvmir.MODULE_CODE_VSTOFFSET:
		return nil
	case llvmir.MODULE_CODE_COMDAT:
		// [strtab offset, size, selection] -> [selection, size, chars...]
		name, err := c.name(ops)
		if err != nil || len(ops) < 3 {
			return fmt.Errorf("bad COMDAT record %v", ops)
		}
		rec := []uint64{ops[2], uint64(len(name))}
		for i := 0; i < len(name); i++ {
			rec = append(rec, uint64(name[i]))
		}
		c.W.Unabbrev(uint64(code), rec...)
		return nil
	case llvmir.MODULE_CODE_GLOBALVAR:
		// [strtab..., type, isconst|explicitType<<1|addrspace<<2, ...]
		name, err := c.name(ops)
		if err != nil || len(ops) < 4 {
			return fmt.Errorf("bad GLOBALVAR record %v", ops)
		}
		rec := append([]uint64(nil), ops[2:]...)
		if rec[1]&2 == 0 {
			return fmt.Errorf("GLOBALVAR without an explicit type")
		}
		ptr, err := c.ptrTo(rec[0], rec[1]>>2)
		if err != nil {
			return err
		}
		rec[0] = ptr
		rec[1] &^= 2
		// [.., linkage (3), .., comdat (11), ...]
		rec = oldLinkage(rec, 3, 11)
		c.global(name)
		c.W.Unabbrev(uint64(code), rec...)
		return nil
	case llvmir.MODULE_CODE_FUNCTION:
		// [strtab..., type, cc, isproto, linkage, paramattr, align,
		// section, visibility, gc, unnamed_addr, prologuedata,
		// dllstorageclass, comdat, prefixdata, personality, preemption,
		// addrspace]
		name, err := c.name(ops)
		if err != nil || len(ops) < 10 {
			return fmt.Errorf("bad FUNCTION record %v", ops)
		}
		rec := append([]uint64(nil), ops[2:]...)
		as := uint64(0)
		if len(rec) > 16 {
			as = rec[16]
		}
		ptr, err := c.ptrTo(rec[0], as)
		if err != nil {
			return err
		}
		if rec[2] == 0 { // not a prototype: a body, found by order
			b := body{typ: rec[0]}
			if len(rec) > 14 {
				// LLVM 3.6 and older named the personality in each
				// landingpad (INST_LANDINGPAD_OLD).
				b.pers, rec[14] = rec[14], 0
			}
			c.bodies = append(c.bodies, b)
		}
		rec[0] = ptr
		// [.., linkage (3), .., prologue (10), .., comdat (12), prefix,
		// personality, ...]: only a record with neither keeps its length.
		if len(rec) > 14 && rec[10] == 0 && rec[13] == 0 && rec[14] == 0 {
			rec = oldLinkage(rec, 3, 12)
		}
		c.global(name)
		c.W.Unabbrev(uint64(code), rec...)
		return nil
	case llvmir.MODULE_CODE_ALIAS:
		// [strtab..., value type, addrspace, aliasee, linkage,
		// visibility, dllstorageclass, threadlocal, unnamed_addr,
		// preemption] -> ALIAS_OLD [pointer type, aliasee, linkage,
		// visibility, dllstorageclass, threadlocal, unnamed_addr]
		name, err := c.name(ops)
		if err != nil || len(ops) < 6 {
			return fmt.Errorf("bad ALIAS record %v", ops)
		}
		rec := ops[2:]
		ptr, err := c.ptrTo(rec[0], rec[1])
		if err != nil {
			return err
		}
		old := append([]uint64{ptr}, rec[2:min(len(rec), 8)]...)
		c.global(name)
		c.W.Unabbrev(uint64(llvmir.MODULE_CODE_ALIAS_OLD), old...)
		return nil
	case llvmir.MODULE_CODE_IFUNC, llvmir.MODULE_CODE_HASH:
		return fmt.Errorf("the input has a record LLVM 3.x did not write (%v)", code)
	}
	c.W.Unabbrev(uint64(code), ops...)
	return nil
}

// global numbers the next global value, named name.
func (c *copier) global(name string) {
	if name != "" {
		c.names[c.nValues] = name
	}
	c.nValues++
	c.modValues++
}

// writeVST writes the module-level value symbol table: a VST_ENTRY
// [value ID, name chars...] per named global value.
func (c *copier) writeVST() {
	if len(c.names) == 0 {
		return
	}
	c.W.EnterBlock(uint64(llvmir.VALUE_SYMTAB_BLOCK_ID), 4)
	for id := uint64(0); id < c.nValues; id++ {
		name, ok := c.names[id]
		if !ok {
			continue
		}
		rec := []uint64{id}
		for i := 0; i < len(name); i++ {
			rec = append(rec, uint64(name[i]))
		}
		c.W.Unabbrev(uint64(llvmir.VST_CODE_ENTRY), rec...)
	}
	c.W.EndBlock()
}

// groupRecord reads a PARAMATTR_GRP_CODE_ENTRY [id, index, attrs...] into
// the raw bits of its attributes.
func (c *copier) groupRecord(ops []uint64) error {
	if len(ops) < 2 {
		return fmt.Errorf("bad attribute group %v", ops)
	}
	var bits uint64
	for i := 2; i < len(ops); {
		switch ops[i] {
		case 0: // enum attribute: [0, kind]
			b, ok := rawAttrs[ops[i+1]]
			if !ok {
				return fmt.Errorf("attribute kind %d has no raw encoding", ops[i+1])
			}
			bits |= b
			i += 2
		case 1: // integer attribute: [1, kind, value]
			b, err := rawIntAttr(ops[i+1], ops[i+2])
			if err != nil {
				return err
			}
			bits |= b
			i += 3
		case 5, 6: // type attribute: [5, kind] or [6, kind, type]
			b, ok := rawAttrs[ops[i+1]]
			if !ok {
				return fmt.Errorf("attribute kind %d has no raw encoding", ops[i+1])
			}
			bits |= b
			i += 2 + int(ops[i]-5)
		default:
			return fmt.Errorf("attribute group %d: attribute encoding %d has no raw form", ops[0], ops[i])
		}
	}
	c.groups[ops[0]] = group{index: ops[1], bits: bits}
	return nil
}

// isForward reports whether a relative value ID refers to a value not
// defined yet (InstNum - ValNo wrapped around, or 0): its type follows.
func isForward(rel uint64) bool { return uint32(rel) == 0 || uint32(rel) >= 1<<31 }

// pairLen is the number of operands of the value-type pair at ops[i].
func pairLen(ops []uint64, i int) int {
	if i < len(ops) && isForward(ops[i]) {
		return 2
	}
	return 1
}

// instRecord writes a function block's record, without its explicit type
// where LLVM 3.6 and older had none.
func (c *copier) instRecord(rec bitstream.Record) error {
	ops := rec.Ops
	code := llvmir.FunctionCode(rec.Code)
	if c.hasValue(code, ops) {
		defer func() { c.instNum++ }()
	}
	w := func(code llvmir.FunctionCode, ops ...uint64) error {
		c.W.Unabbrev(uint64(code), ops...)
		return nil
	}
	switch code {
	case llvmir.FUNC_CODE_INST_LANDINGPAD: // [ty, cleanup, n, clauses...] -> [ty, pers, cleanup, ...]
		if c.pers == 0 {
			return fmt.Errorf("a landingpad in a function without a personality")
		}
		rel := uint64(uint32(c.instNum - (c.pers - 1)))
		return w(llvmir.FUNC_CODE_INST_LANDINGPAD_OLD, append([]uint64{ops[0], rel}, ops[1:]...)...)
	case llvmir.FUNC_CODE_INST_LOAD: // [op, ty, align, vol] -> [op, align, vol]
		if n := len(ops); n == 3+pairLen(ops, 0) {
			return w(code, append(append([]uint64(nil), ops[:n-3]...), ops[n-2:]...)...)
		}
	case llvmir.FUNC_CODE_INST_STORE: // [ptr, val, align, vol], val no forward reference
		if k := pairLen(ops, 0); len(ops) == k+3 && !isForward(ops[k]) {
			return w(llvmir.FUNC_CODE_INST_STORE_OLD, ops...)
		}
	case llvmir.FUNC_CODE_INST_GEP: // [flags, ty, base, indices...]
		switch ops[0] {
		case 0:
			return w(llvmir.FUNC_CODE_INST_GEP_OLD, ops[2:]...)
		case 1 << llvmir.GEP_INBOUNDS:
			return w(llvmir.FUNC_CODE_INST_INBOUNDS_GEP_OLD, ops[2:]...)
		}
	case llvmir.FUNC_CODE_INST_CALL: // [attrs, cc, fmf?, fnty, callee, args...]
		cc := ops[1]
		if cc>>llvmir.CALL_EXPLICIT_TYPE&1 == 0 {
			break
		}
		i := 2
		if cc>>llvmir.CALL_FMF&1 != 0 {
			i = 3
		}
		out := append([]uint64{ops[0], cc &^ (1 << llvmir.CALL_EXPLICIT_TYPE)}, ops[2:i]...)
		return w(code, append(out, ops[i+1:]...)...)
	case llvmir.FUNC_CODE_INST_INVOKE: // [attrs, cc, normal, unwind, fnty, callee, args...]
		cc := ops[1]
		if cc>>llvmir.INVOKE_EXPLICIT_TYPE&1 == 0 {
			break
		}
		out := []uint64{ops[0], cc &^ (1 << llvmir.INVOKE_EXPLICIT_TYPE), ops[2], ops[3]}
		return w(code, append(out, ops[5:]...)...)
	case llvmir.FUNC_CODE_INST_ATOMICRMW_OLD: // [ptr, val, op, vol, ordering, ssid, align] -> no align
		if k := pairLen(ops, 0); len(ops) == k+6 {
			return w(code, ops[:k+5]...)
		}
	case llvmir.FUNC_CODE_INST_CMPXCHG:
		// [ptr, cmp, new, vol, success, ssid, failure, weak, align] ->
		// CMPXCHG_OLD [ptr, cmp, new, vol, success, ssid, failure?, weak?]:
		// a strong one whose failure ordering is what it implies in
		// LLVM 3.4's form, without them.
		k := pairLen(ops, 0)
		if len(ops) != k+8 || isForward(ops[k]) {
			break
		}
		out := ops[:k+7]
		if success, failure, weak := ops[k+3], ops[k+5], ops[k+6]; weak == 0 && failure == strongestFailure(success) {
			out = ops[:k+5]
		}
		return w(llvmir.FUNC_CODE_INST_CMPXCHG_OLD, out...)
	case llvmir.FUNC_CODE_INST_ALLOCA: // [instty, opty, op, align]: instty the pointer
		if len(ops) != 4 || ops[3]>>llvmir.ALLOCA_EXPLICIT_TYPE&1 == 0 {
			break
		}
		ptr, err := c.ptrTo(ops[0], 0)
		if err != nil {
			return err
		}
		return w(code, ptr, ops[1], ops[2], ops[3]&^(1<<llvmir.ALLOCA_EXPLICIT_TYPE))
	}
	c.Copy(rec)
	return nil
}

// strongestFailure is the failure ordering of a cmpxchg that gives none:
// acq_rel fails as acquire, release as monotonic, the others as
// themselves.
func strongestFailure(success uint64) uint64 {
	switch llvmir.AtomicOrderingCode(success) {
	case llvmir.ORDERING_ACQREL:
		return uint64(llvmir.ORDERING_ACQUIRE)
	case llvmir.ORDERING_RELEASE:
		return uint64(llvmir.ORDERING_MONOTONIC)
	}
	return success
}

// hasValue reports whether the instruction record makes a value (is not
// of void type), for the value numbering.
func (c *copier) hasValue(code llvmir.FunctionCode, ops []uint64) bool {
	switch code {
	case llvmir.FUNC_CODE_DECLAREBLOCKS, llvmir.FUNC_CODE_DEBUG_LOC, llvmir.FUNC_CODE_DEBUG_LOC_AGAIN,
		llvmir.FUNC_CODE_OPERAND_BUNDLE, llvmir.FUNC_CODE_BLOCKADDR_USERS,
		llvmir.FUNC_CODE_INST_RET, llvmir.FUNC_CODE_INST_BR, llvmir.FUNC_CODE_INST_SWITCH,
		llvmir.FUNC_CODE_INST_INDIRECTBR, llvmir.FUNC_CODE_INST_UNREACHABLE, llvmir.FUNC_CODE_INST_RESUME,
		llvmir.FUNC_CODE_INST_FENCE, llvmir.FUNC_CODE_INST_STORE, llvmir.FUNC_CODE_INST_STOREATOMIC,
		llvmir.FUNC_CODE_INST_STORE_OLD, llvmir.FUNC_CODE_INST_STOREATOMIC_OLD,
		llvmir.FUNC_CODE_INST_CLEANUPRET, llvmir.FUNC_CODE_INST_CATCHRET:
		return false
	case llvmir.FUNC_CODE_INST_CALL: // [attrs, cc, fmf?, fnty, ...]
		i := 2
		if ops[1]>>llvmir.CALL_FMF&1 != 0 {
			i = 3
		}
		return c.fnTypes[ops[i]].ret != c.voidType
	case llvmir.FUNC_CODE_INST_INVOKE: // [attrs, cc, normal, unwind, fnty, ...]
		return c.fnTypes[ops[4]].ret != c.voidType
	}
	return true
}

// mdRecord writes a metadata record: in the module's block, the strings
// one METADATA_STRING_OLD each and the uniqued tuples as
// METADATA_OLD_NODE (type, value) pairs, as LLVM 3.5 wrote them.
func (c *copier) mdRecord(rec bitstream.Record) error {
	ops := rec.Ops
	code := llvmir.MetadataCode(rec.Code)
	switch code {
	case llvmir.METADATA_INDEX_OFFSET, llvmir.METADATA_INDEX:
		return nil
	case llvmir.METADATA_NAME, llvmir.METADATA_NAMED_NODE, llvmir.METADATA_KIND,
		llvmir.METADATA_ATTACHMENT:
		c.Copy(rec)
		return nil
	case llvmir.METADATA_STRINGS:
		s, err := llvmir.NewMetadataStrings(ops, rec.Blob)
		if err != nil {
			return err
		}
		for s.More() {
			b, err := s.Next()
			if err != nil {
				return err
			}
			str := make([]uint64, len(b))
			for i, ch := range b {
				str[i] = uint64(ch)
			}
			c.W.Unabbrev(uint64(llvmir.METADATA_STRING_OLD), str...)
			c.mdNum++
		}
		return nil
	case llvmir.METADATA_VALUE: // [ty, val]
		c.mdValues[c.mdNum] = [2]uint64{ops[0], ops[1]}
	case llvmir.METADATA_COMPILE_UNIT: // [.., subprograms (11), ...]
		if p := c.plan; p != nil && !c.inFunc && len(ops) > 11 && ops[11] == 0 {
			out := append([]uint64(nil), ops...)
			out[11] = p.list + 1
			c.W.Unabbrev(uint64(code), out...)
			c.mdNum++
			return nil
		}
	case llvmir.METADATA_GLOBAL_VAR:
		if p := c.plan; p != nil && p.gvs != nil && !c.inFunc {
			out, err := oldGlobalVar(ops, p.gvs[c.mdNum])
			if err != nil {
				return err
			}
			c.W.Unabbrev(uint64(code), out...)
			c.mdNum++
			return nil
		}
	case llvmir.METADATA_GLOBAL_DECL_ATTACHMENT: // [value ID, (kind, node)...]: no !dbg (kind 0)
		if p := c.plan; p != nil && p.gvs != nil {
			out := []uint64{ops[0]}
			for i := 1; i+1 < len(ops); i += 2 {
				if ops[i] != 0 {
					out = append(out, ops[i], ops[i+1])
				}
			}
			if len(out) > 1 {
				c.W.Unabbrev(uint64(code), out...)
			}
			return nil
		}
		c.Copy(rec) // defines no metadata
		return nil
	case llvmir.METADATA_SUBPROGRAM:
		if p := c.plan; p != nil && !c.inFunc {
			if name, ok := p.sps[c.mdNum]; ok {
				fn, err := c.functionMD(name)
				if err != nil {
					return err
				}
				out, err := oldSubprogram(ops, fn)
				if err != nil {
					return err
				}
				c.W.Unabbrev(uint64(code), out...)
				c.mdNum++
				return nil
			}
		}
	case llvmir.METADATA_NODE: // [n x md num + 1]
		if c.inFunc {
			break
		}
		if p := c.plan; p != nil && p.gvs != nil {
			// A unit's list of LLVM 3.9 holds the variables.
			mapped := append([]uint64(nil), ops...)
			for i, op := range mapped {
				if gv, ok := p.gves[op-1]; ok && op != 0 {
					mapped[i] = gv + 1
				}
			}
			ops = mapped
		}
		if c.voidType == ^uint64(0) || c.mdType == ^uint64(0) {
			c.W.Unabbrev(uint64(code), ops...)
			c.mdNum++
			return nil
		}
		pairs := make([]uint64, 0, 2*len(ops))
		for _, op := range ops {
			switch v, ok := c.mdValues[op-1]; {
			case op == 0:
				pairs = append(pairs, c.voidType, 0)
			case ok:
				pairs = append(pairs, v[0], v[1])
			default:
				pairs = append(pairs, c.mdType, op-1)
			}
		}
		c.W.Unabbrev(uint64(llvmir.METADATA_OLD_NODE), pairs...)
		c.mdNum++
		return nil
	}
	c.Copy(rec)
	c.mdNum++
	return nil
}

// oldLinkages are the linkage codes of LLVM 3.x for weak and linkonce
// objects, by today's: a global object of one of them without a comdat
// field gets an implicit comdat of its name.
var oldLinkages = map[llvmir.LinkageCode]llvmir.LinkageCode{
	llvmir.LINKAGE_WEAK_ANY:     llvmir.LINKAGE_WEAK_ANY_OLD,
	llvmir.LINKAGE_WEAK_ODR:     llvmir.LINKAGE_WEAK_ODR_OLD,
	llvmir.LINKAGE_LINKONCE_ANY: llvmir.LINKAGE_LINKONCE_ANY_OLD,
	llvmir.LINKAGE_LINKONCE_ODR: llvmir.LINKAGE_LINKONCE_ODR_OLD,
}

// oldLinkage gives rec (a GLOBALVAR or FUNCTION record, linkage at index
// l, comdat at index cd) the old code of its weak or linkonce linkage and,
// when it has no comdat, cuts it before the comdat field, as LLVM 3.x
// wrote it (the fields after it came later).
func oldLinkage(rec []uint64, l, cd int) []uint64 {
	old, ok := oldLinkages[llvmir.LinkageCode(rec[l])]
	if !ok {
		return rec
	}
	rec[l] = uint64(old)
	if len(rec) > cd && rec[cd] == 0 {
		rec = rec[:cd]
	}
	return rec
}

// functionMD returns the metadata ID plus one of the function named name,
// held as a value in the module's metadata.
func (c *copier) functionMD(name string) (uint64, error) {
	for id, n := range c.names {
		if n != name {
			continue
		}
		if md, ok := c.plan.values[id]; ok {
			return md + 1, nil
		}
	}
	return 0, fmt.Errorf("function %q is not held as metadata (list it in a named tuple)", name)
}
