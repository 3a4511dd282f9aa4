package bitcode

import (
	"encoding/binary"
	"reflect"

	"github.com/bcextract/bcextract/ir"
)

// LLVM uniques every node that is not distinct by its operands (MDNode's
// uniquing): a writer never writes two equal ones, but an upgrade can make
// two records equal once read. Typed-pointer bitcode is the case that
// matters: !{i8* undef} and !{i32* undef} are two records, and one node
// !{ptr undef} in LLVM 22, and so is every node whose operands then match
// (cascading up). The reader makes one node per record, so it merges such
// nodes itself: only when a METADATA_VALUE record of a typed-pointer module
// holds a constant equal to an earlier one's (mdList.noteValue), or when an
// upgrade makes a node that may exist already (mdList.tuple), so that
// modules that need neither pay nothing.

// maxUniqueDepth bounds the walk over nodes and constants; deeper ones are
// taken as they are (not merged). maxKeySteps bounds the constants and
// types one key spells out (constants and literal types share operands, so
// a small one can unfold into very many): past it, the rest is taken by
// identity, which can only keep nodes apart.
const (
	maxUniqueDepth = 10000
	maxKeySteps    = 1 << 10
)

// An mdUniquer finds uniqued nodes by content.
type mdUniquer struct {
	// mod holds the module-level nodes by content once built; fn those of
	// the body being loaded.
	mod, fn map[string]ir.Metadata
	built   bool
	// memo maps a node walked to the node that stands for it (itself or
	// an equal one met before); onStack marks nodes being walked.
	memo    map[ir.Metadata]ir.Metadata
	onStack map[ir.Metadata]bool
	// todo are the nodes of the walk under way; others are taken as
	// they are.
	todo map[ir.Metadata]bool
	// values are the constants of the METADATA_VALUE records read so far
	// (module-level and in bodies), by content.
	values map[string]bool
	// shared are tuples of bodies read so far whose operands outlive the
	// body (strings, constants, module-level nodes, other shared tuples),
	// by content: an equal tuple of a later body (or of the same body read
	// again) is made this one, as LLVM, which keeps every body, has one.
	shared    map[string]ir.Metadata
	isShared  map[ir.Metadata]bool
	bodyNodes map[string]*ir.Function
	buf       []byte
}

// uniqueState says whether the module has typed pointers, found on the
// first METADATA_VALUE record.
type uniqueState uint8

const (
	typedUnknown uniqueState = iota
	typedNo
	typedYes
)

// noteValue records the constant of a METADATA_VALUE record: in a
// typed-pointer module, a constant equal to an earlier record's means
// nodes may now be equal (see above).
func (r *Reader) noteValue(v ir.Value) {
	l := &r.md
	if l.typed == typedUnknown {
		l.typed = typedNo
		if hasTypedPointers(r.types) {
			l.typed = typedYes
		}
	}
	if l.typed != typedYes {
		return
	}
	if _, ok := v.(ir.Constant); !ok {
		return
	}
	u := l.uniquer()
	u.buf = constKey(u.buf[:0], v)
	if u.values[string(u.buf)] {
		l.needUnique = true
		return
	}
	if u.values == nil {
		u.values = map[string]bool{}
	}
	u.values[string(u.buf)] = true
}

// hasTypedPointers reports whether the type table has two pointer types of
// one address space: typed pointers (LLVM 14 and older), all ptr once
// read.
func hasTypedPointers(types []*ir.Type) bool {
	seen := map[uint32]bool{}
	for _, t := range types {
		if t == nil || t.Kind != ir.PointerType {
			continue
		}
		if seen[t.AddrSpace] {
			return true
		}
		seen[t.AddrSpace] = true
	}
	return false
}

func (l *mdList) uniquer() *mdUniquer {
	if l.uniq == nil {
		l.uniq = &mdUniquer{}
	}
	return l.uniq
}

// startBody forgets what the last body's metadata block left.
func (l *mdList) startBody() {
	if u := l.uniq; u != nil {
		clear(u.fn)
	}
}

// uniqueModule merges the module-level nodes that are equal, and points
// the named metadata and the global attachments at the nodes that stay.
func (l *mdList) uniqueModule(r *Reader) {
	if len(l.pending) > 0 || l.fixes.len() > 0 {
		return // unresolved operands: nothing to compare yet
	}
	u := l.uniquer()
	if u.mod == nil {
		u.mod = map[string]ir.Metadata{}
	}
	merged := u.run(l.items, u.mod, nil)
	u.built = true
	if !merged {
		return
	}
	for _, nm := range r.m.NamedMetadata {
		for i, n := range nm.Ops {
			if s, ok := u.memo[n].(ir.MDNode); ok {
				nm.Ops[i] = s
			}
		}
	}
	for _, g := range r.m.Globals {
		u.retarget(g.Metadata)
	}
	for _, f := range r.m.Functions {
		u.retarget(f.Metadata)
	}
}

// uniqueBody merges the nodes of a body's metadata block (from index from)
// with each other, with equal module-level nodes and with the tuples
// earlier bodies shared.
func (l *mdList) uniqueBody(from int) {
	if len(l.pending) > 0 || l.fixes.len() > 0 || from > len(l.items) {
		return
	}
	u := l.uniquer()
	if !u.built {
		if u.mod == nil {
			u.mod = map[string]ir.Metadata{}
		}
		u.run(l.items[:from], u.mod, nil)
		u.built = true
	}
	if u.fn == nil {
		u.fn = map[string]ir.Metadata{}
	}
	u.run(l.items[from:], u.fn, u.mod)
}

// shareBody shares the tuples of a body's metadata block (from index
// from) that a later body may have too (see mdUniquer.shared): those with
// a constant operand or naming a shared tuple, when all they name
// outlives the body. modID is the last module-level node ID.
func (l *mdList) shareBody(from int, modID uint32) {
	if from > len(l.items) {
		return
	}
	u := l.uniquer()
	for _, m := range l.items[from:] {
		t, ok := m.(*ir.MDTuple)
		if !ok || t == nil || t.Distinct || u.isShared[t] {
			continue
		}
		if !hasConstOp(t) && !u.namesShared(t) || !u.outlivesBody(t, modID) {
			continue
		}
		u.buf = nodeKey(u.buf[:0], t)
		if _, ok := u.shared[string(u.buf)]; ok {
			continue
		}
		if u.shared == nil {
			u.shared, u.isShared = map[string]ir.Metadata{}, map[ir.Metadata]bool{}
		}
		u.shared[string(u.buf)] = t
		u.isShared[t] = true
	}
}

// namesShared reports whether tuple t has a shared tuple among its
// operands.
func (u *mdUniquer) namesShared(t *ir.MDTuple) bool {
	if len(u.isShared) == 0 {
		return false
	}
	for _, op := range t.Ops {
		if u.isShared[op] {
			return true
		}
	}
	return false
}

// retarget points attachments at the nodes that stay.
func (u *mdUniquer) retarget(atts []ir.Attachment) {
	for i, a := range atts {
		if s, ok := u.memo[a.Node].(ir.MDNode); ok {
			atts[i].Node = s
		}
	}
}

// outlivesBody reports whether tuple t names only what a body's release
// leaves as it is: strings, constants, module-level nodes and shared
// tuples (the release recycles a body's debug-info nodes, not its tuples,
// strings or constants).
func (u *mdUniquer) outlivesBody(t *ir.MDTuple, modID uint32) bool {
	for _, op := range t.Ops {
		switch x := op.(type) {
		case nil, *ir.MDString:
		case *ir.ValueAsMetadata:
			if x == nil {
				continue
			}
			if _, ok := x.Value.(ir.Constant); !ok {
				return false
			}
		default:
			if id, ok := mdID(op); !(ok && id <= modID) && !u.isShared[op] {
				return false
			}
		}
	}
	return true
}

// run merges the nodes of items (replacing them there by the nodes that
// stay), adding those that stay to tab; also, when not nil, holds nodes
// they may equal. It reports whether any node was merged.
func (u *mdUniquer) run(items []ir.Metadata, tab, also map[string]ir.Metadata) bool {
	merged := false
	u.memo = map[ir.Metadata]ir.Metadata{}
	u.onStack = map[ir.Metadata]bool{}
	u.todo = map[ir.Metadata]bool{}
	for _, m := range items {
		if isNode(m) {
			u.todo[m] = true
		}
	}
	for i, m := range items {
		if isNode(m) {
			if s := u.canon(m, tab, also, 0); s != m {
				items[i] = s
				merged = true
			}
		}
	}
	u.todo, u.onStack = nil, nil
	return merged
}

// isNode reports whether m is a node that uniquing may merge.
func isNode(m ir.Metadata) bool {
	switch n := m.(type) {
	case *ir.MDTuple:
		return n != nil
	case *ir.SpecializedNode:
		return n != nil
	case *ir.DILocation:
		return n != nil
	}
	return false
}

// canon returns the node that stands for m: m, or an equal node met
// before. It first points m's operands at the nodes that stand for them,
// writing only those that change (a printer may be reading module-level
// nodes while a body is read).
func (u *mdUniquer) canon(m ir.Metadata, tab, also map[string]ir.Metadata, depth int) ir.Metadata {
	if !u.todo[m] {
		return m
	}
	if s, ok := u.memo[m]; ok {
		return s
	}
	if u.onStack[m] || depth > maxUniqueDepth {
		return m // a cycle, or too deep: taken as it is
	}
	u.onStack[m] = true
	distinct := false
	switch n := m.(type) {
	case *ir.MDTuple:
		distinct = n.Distinct
		for i, op := range n.Ops {
			if c := u.canon(op, tab, also, depth+1); c != op {
				n.Ops[i] = c
			}
		}
	case *ir.SpecializedNode:
		distinct = n.Distinct
		for i := range n.Fields {
			f := &n.Fields[i]
			if f.Kind == ir.FieldMDList {
				if t, ok := f.MD.(*ir.MDTuple); ok && t != nil {
					for j, op := range t.Ops {
						if c := u.canon(op, tab, also, depth+1); c != op {
							t.Ops[j] = c
						}
					}
				}
				continue
			}
			if c := u.canon(f.MD, tab, also, depth+1); c != f.MD {
				f.MD = c
			}
		}
		for i, op := range n.Refs {
			if c := u.canon(op, tab, also, depth+1); c != op {
				n.Refs[i] = c
			}
		}
	case *ir.DILocation:
		distinct = n.Distinct
		if c := u.canon(n.Scope, tab, also, depth+1); c != n.Scope {
			n.Scope = c
		}
		if c := u.canon(n.InlinedAt, tab, also, depth+1); c != n.InlinedAt {
			n.InlinedAt = c
		}
	}
	delete(u.onStack, m)
	s := m
	if !distinct {
		u.buf = nodeKey(u.buf[:0], m)
		k := string(u.buf)
		if t, ok := also[k]; ok {
			s = t
		} else if t, ok := u.shared[k]; ok && also != nil {
			s = t
		} else if t, ok := tab[k]; ok {
			s = t
		} else {
			tab[k] = m
		}
	}
	u.memo[m] = s
	return s
}

// tuple returns the uniqued tuple of ops: an equal one of the module when
// there is one, else a new one (which later calls find).
func (l *mdList) tuple(r *Reader, ops []ir.Metadata) *ir.MDTuple {
	u := l.uniquer()
	if !u.built {
		if u.mod == nil {
			u.mod = map[string]ir.Metadata{}
		}
		u.run(l.items, u.mod, nil)
		u.built = true
	}
	t := &ir.MDTuple{Ops: ops}
	u.buf = nodeKey(u.buf[:0], t)
	if old, ok := u.mod[string(u.buf)].(*ir.MDTuple); ok {
		return old
	}
	t.ID = r.nodeID()
	u.mod[string(u.buf)] = t
	return t
}

// nodeKey appends the content of node m to b: what LLVM uniques it by,
// with its operand nodes by identity.
func nodeKey(b []byte, m ir.Metadata) []byte {
	switch n := m.(type) {
	case *ir.MDTuple:
		b = append(b, 'T')
		b = binary.AppendUvarint(b, uint64(len(n.Ops)))
		for _, op := range n.Ops {
			b = opKey(b, op)
		}
	case *ir.SpecializedNode:
		b = append(b, 'S')
		b = appendStr(b, n.Kind)
		b = binary.AppendUvarint(b, uint64(len(n.Fields)))
		for _, f := range n.Fields {
			b = binary.AppendUvarint(b, uint64(f.Name))
			b = append(b, byte(f.Kind))
			b = binary.AppendVarint(b, f.Int)
			if t, ok := f.MD.(*ir.MDTuple); ok && f.Kind == ir.FieldMDList && t != nil {
				b = nodeKey(b, t) // printed inline: by content
				continue
			}
			b = opKey(b, f.MD)
		}
		b = binary.AppendUvarint(b, uint64(len(n.Refs)))
		for _, op := range n.Refs {
			b = opKey(b, op)
		}
	case *ir.DILocation:
		b = append(b, 'L')
		b = binary.AppendUvarint(b, uint64(n.Line))
		b = binary.AppendUvarint(b, uint64(n.Column))
		b = binary.AppendUvarint(b, n.AtomGroup)
		b = append(b, n.AtomRank)
		if n.ImplicitCode {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
		b = opKey(b, n.Scope)
		b = opKey(b, n.InlinedAt)
	}
	return b
}

// opKey appends an operand: strings and values by content, nodes by
// identity: their address and reader number, as a node recycled from a
// released body is another (checkBodies keeps the keys of bodies
// released since).
func opKey(b []byte, m ir.Metadata) []byte {
	switch x := m.(type) {
	case nil:
		return append(b, 'n')
	case *ir.MDString:
		if x == nil {
			return append(b, 'n')
		}
		return appendStr(append(b, 's'), x.Value)
	case *ir.ValueAsMetadata:
		if x == nil {
			return append(b, 'n')
		}
		return constKey(append(b, 'v'), x.Value)
	}
	id, _ := mdID(m)
	return binary.AppendUvarint(appendPtr(append(b, 'p'), m), uint64(id))
}

func appendStr(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendPtr appends the identity of x, a pointer held in an interface.
func appendPtr(b []byte, x any) []byte {
	v := reflect.ValueOf(x)
	if !v.IsValid() || v.Kind() != reflect.Pointer {
		return append(b, 0)
	}
	return binary.AppendUvarint(b, uint64(v.Pointer()))
}

// constKey appends the content of value v as LLVM 22 uniques constants:
// equal when they print the same (typed pointers being all ptr), global
// values and function-local values by identity.
func constKey(b []byte, v ir.Value) []byte {
	steps := 0
	return constKeySteps(b, v, &steps)
}

func constKeySteps(b []byte, v ir.Value, steps *int) []byte {
	if *steps++; *steps > maxKeySteps {
		return appendPtr(append(b, '?'), v)
	}
	switch c := v.(type) {
	case *ir.ConstInt:
		b = typeKeySteps(append(b, 'i'), c.Typ, steps)
		if c.Big != nil {
			return appendStr(b, c.Big.String())
		}
		return binary.AppendVarint(b, c.V)
	case *ir.ConstFP:
		b = typeKeySteps(append(b, 'f'), c.Typ, steps)
		b = binary.AppendUvarint(b, c.Bits[0])
		return binary.AppendUvarint(b, c.Bits[1])
	case *ir.ConstNull:
		return typeKeySteps(append(b, 'z'), c.Typ, steps)
	case *ir.Undef:
		return typeKeySteps(append(b, 'u'), c.Typ, steps)
	case *ir.Poison:
		return typeKeySteps(append(b, 'x'), c.Typ, steps)
	case *ir.ConstData:
		b = typeKeySteps(append(b, 'd'), c.Typ, steps)
		b = binary.AppendUvarint(b, uint64(len(c.Elems)))
		for _, e := range c.Elems {
			b = binary.AppendUvarint(b, e)
		}
		return b
	case *ir.ConstAggregate:
		b = typeKeySteps(append(b, 'a'), c.Typ, steps)
		b = binary.AppendUvarint(b, uint64(len(c.Elems)))
		for _, e := range c.Elems {
			b = constKeySteps(b, e, steps)
		}
		return b
	case *ir.ConstExpr:
		b = typeKeySteps(append(b, 'e'), c.Typ, steps)
		b = binary.AppendUvarint(b, uint64(c.Op))
		b = binary.AppendUvarint(b, uint64(c.Flags))
		b = binary.AppendUvarint(b, uint64(c.Pred))
		if c.SrcElem != nil {
			b = typeKeySteps(b, c.SrcElem, steps)
		} else {
			b = append(b, '-')
		}
		if c.HasInRange {
			b = appendStr(b, c.InRangeLo.String())
			b = appendStr(b, c.InRangeHi.String())
		}
		b = binary.AppendUvarint(b, uint64(len(c.Operands)))
		for _, o := range c.Operands {
			b = constKeySteps(b, o, steps)
		}
		return b
	case *ir.BlockAddress:
		b = appendPtr(append(b, 'b'), c.Func)
		return binary.AppendVarint(b, int64(c.Block))
	case *ir.DSOLocalEquivalent:
		return constKeySteps(append(b, 'q'), c.Global, steps)
	case *ir.NoCFI:
		return constKeySteps(append(b, 'c'), c.Global, steps)
	case *ir.PtrAuth:
		b = append(b, 'h')
		for _, o := range []ir.Constant{c.Ptr, c.Key, c.Disc, c.AddrDisc, c.DeactivationSymbol} {
			if o == nil {
				b = append(b, '-')
				continue
			}
			b = constKeySteps(b, o, steps)
		}
		return b
	}
	return appendPtr(append(b, 'g'), v) // global values, local values
}

// typeKeySteps appends type t's structure: types that print the same are the
// same type, except identified structs (by identity).
func typeKeySteps(b []byte, t *ir.Type, steps *int) []byte {
	if t == nil {
		return append(b, '-')
	}
	if *steps++; t.Identified || *steps > maxKeySteps {
		return appendPtr(append(b, 'N'), t)
	}
	b = append(b, byte(t.Kind))
	switch t.Kind {
	case ir.IntegerType:
		b = binary.AppendUvarint(b, uint64(t.BitWidth))
	case ir.PointerType:
		b = binary.AppendUvarint(b, uint64(t.AddrSpace))
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		b = binary.AppendUvarint(b, t.Len)
		b = typeKeySteps(b, t.Elem, steps)
	case ir.FunctionType:
		if t.VarArg {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
		b = typeKeySteps(b, t.Ret, steps)
		b = binary.AppendUvarint(b, uint64(len(t.Params)))
		for _, p := range t.Params {
			b = typeKeySteps(b, p, steps)
		}
	case ir.StructType:
		if t.Packed {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
		b = binary.AppendUvarint(b, uint64(len(t.Fields)))
		for _, f := range t.Fields {
			b = typeKeySteps(b, f, steps)
		}
	case ir.TargetExtType:
		b = appendStr(b, t.Name)
		b = binary.AppendUvarint(b, uint64(len(t.TypeParams)))
		for _, p := range t.TypeParams {
			b = typeKeySteps(b, p, steps)
		}
		b = binary.AppendUvarint(b, uint64(len(t.IntParams)))
		for _, p := range t.IntParams {
			b = binary.AppendUvarint(b, uint64(p))
		}
	}
	return b
}

// checkBodies reports a debug-info node of the body being read (from
// index from) that equals one of another body read before: LLVM would
// merge the two, the reader cannot (bodies are read, and their debug-info
// nodes recycled, one at a time; tuples are shared instead, see
// uniqueBody). Only nodes with a constant among their operands can be such
// (typed-pointer constants that became one), and only those are looked
// at.
func (r *Reader) checkBodies(from int) {
	l := &r.md
	if l.typed != typedYes || r.fn == nil || from > len(l.items) {
		return
	}
	u := l.uniquer()
	for _, m := range l.items[from:] {
		if _, tuple := m.(*ir.MDTuple); tuple || !hasConstOp(m) {
			continue // tuples are shared (uniqueBody)
		}
		u.buf = nodeKey(u.buf[:0], m)
		f, ok := u.bodyNodes[string(u.buf)]
		if ok && f != r.fn.f {
			r.skip("metadata node of @%s equal to one of @%s after the typed-pointer upgrade: LLVM prints one node, the reader two", r.fn.f.Name, f.Name)
			continue
		}
		if !ok {
			if u.bodyNodes == nil {
				u.bodyNodes = map[string]*ir.Function{}
			}
			u.bodyNodes[string(u.buf)] = r.fn.f
		}
	}
}

// hasConstOp reports whether m is a uniqued node with a constant operand
// that the typed-pointer upgrade may make equal to another: not an
// integer or a floating-point number (a size or an offset of debug info,
// which older producers wrote as numbers).
func hasConstOp(m ir.Metadata) bool {
	isConst := func(op ir.Metadata) bool {
		v, ok := op.(*ir.ValueAsMetadata)
		if !ok || v == nil {
			return false
		}
		switch v.Value.(type) {
		case *ir.ConstInt, *ir.ConstFP:
			return false
		}
		_, ok = v.Value.(ir.Constant)
		return ok
	}
	switch n := m.(type) {
	case *ir.MDTuple:
		if n == nil || n.Distinct {
			return false
		}
		for _, op := range n.Ops {
			if isConst(op) {
				return true
			}
		}
	case *ir.SpecializedNode:
		if n == nil || n.Distinct {
			return false
		}
		for _, f := range n.Fields {
			if isConst(f.MD) {
				return true
			}
		}
	}
	return false
}
