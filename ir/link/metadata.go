package link

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strconv"

	"github.com/bcextract/bcextract/ir"
)

// mapMD maps the values metadata md refers to (a global value is
// materialized), in place, once; it returns md.
func (m *mover) mapMD(md ir.Metadata) ir.Metadata {
	if md == nil {
		return md
	}
	// A node is mapped once; other metadata (values as metadata,
	// argument lists) may be mapped again: mapping a mapped value gives
	// it back.
	t := m.l.md.nt
	if id := t.num(md); id != 0 {
		e := t.entry(id)
		if e.done == m.stamp {
			return md
		}
		e.done = m.stamp
	}
	if n, ok := md.(*ir.ValueAsMetadata); ok {
		if v := m.mapValue(n.Value); v != nil {
			n.Value = v
		}
		return md
	}
	ir.EachOperand(md, func(o ir.Metadata) { m.mapMD(o) })
	return md
}

// mapUnique maps md (mapMD) and returns the node that stands for it: the
// metadata a mover maps is made unique as it is mapped, as LLVM's
// ValueMapper makes its nodes in the context.
func (m *mover) mapUnique(md ir.Metadata) ir.Metadata {
	return m.l.md.unique(m.mapMD(md))
}

func (m *mover) mapAttachments(as []ir.Attachment) {
	for i := range as {
		m.mapMD(as[i].Node)
		as[i].Node = m.l.md.uniqueNode(as[i].Node)
	}
}

// linkNamedMetadata is IRLinker::linkNamedMDNodes: each named node of the
// source but the module flags is added to the destination's of its name,
// created after those there, with the operands it lacks.
func (m *mover) linkNamedMetadata() error {
	l, dst := m.l, m.l.m
	for _, nmd := range m.src.NamedMetadata {
		if nmd.Name == "llvm.module.flags" {
			continue
		}
		var d *ir.NamedMetadata
		for _, x := range dst.NamedMetadata {
			if x.Name == nmd.Name {
				d = x
				break
			}
		}
		if d == nil {
			d = &ir.NamedMetadata{Name: nmd.Name}
			dst.NamedMetadata = append(dst.NamedMetadata, d)
		}
		for _, op := range nmd.Ops {
			m.mapMD(op)
			u, _ := l.md.unique(op).(ir.MDNode)
			if u == nil {
				continue
			}
			if !slices.ContainsFunc(d.Ops, func(x ir.MDNode) bool { return x == u }) {
				d.Ops = append(d.Ops, u)
			}
		}
	}
	return nil
}

// An mdUniquer makes uniqued metadata of different modules one, as
// LLVM's context does: a node not distinct whose operands are the same is
// the same node. What it keeps per node is in the node table.
type mdUniquer struct {
	nt *nodeTable
	// canon are the canonical values as metadata, argument lists and
	// members of ODR types by key; nodes are the other canonical nodes
	// by the hash of their contents, and collided those of a hash a
	// node of other contents has.
	canon    map[string]ir.Metadata
	nodes    map[uint64]ir.Metadata
	collided map[uint64][]ir.Metadata
	// other is what memo is for nodes, for the metadata that is not one
	// (values as metadata, argument lists), busyOther what busy is, and
	// otherIDs their numbers in keys.
	other     map[ir.Metadata]ir.Metadata
	busyOther map[ir.Metadata]bool
	otherIDs  map[ir.Metadata]uint64
	// depth counts the calls of unique under way; slots, captured and
	// merged are what fixCycles needs.
	depth    int
	slots    []opSlot
	captured map[ir.Metadata]bool
	merged   map[ir.Metadata]ir.Metadata
	// buf is where keys are made, vals where instruction operands are
	// listed.
	buf  []byte
	vals []ir.Value
	// vamUsers are the canonical nodes that have each canonical global
	// value as metadata among their operands, and replaced the global
	// values replaced, by what replaced them (replaceValue).
	vamUsers map[*ir.ValueAsMetadata][]ir.Metadata
	replaced map[ir.Constant]ir.Constant
	// filled are the composite types with an ODR identifier whose
	// contents a later definition replaced (odrType), to be made unique
	// again.
	filled []ir.Metadata
}

func newMDUniquer() mdUniquer {
	return mdUniquer{nt: newNodeTable(), canon: map[string]ir.Metadata{}, nodes: map[uint64]ir.Metadata{},
		collided: map[uint64][]ir.Metadata{}, captured: map[ir.Metadata]bool{}, vamUsers: map[*ir.ValueAsMetadata][]ir.Metadata{},
		replaced: map[ir.Constant]ir.Constant{}, other: map[ir.Metadata]ir.Metadata{},
		busyOther: map[ir.Metadata]bool{}, otherIDs: map[ir.Metadata]uint64{}}
}

// memo returns the node that stands for md, if it is known.
func (u *mdUniquer) memo(md ir.Metadata) (ir.Metadata, bool) {
	if id := u.nt.num(md); id != 0 {
		c := u.nt.entry(id).memo
		return c, c != nil
	}
	c, ok := u.other[md]
	return c, ok
}

// setMemo records that c stands for md (nil: nothing known).
func (u *mdUniquer) setMemo(md, c ir.Metadata) {
	if id := u.nt.num(md); id != 0 {
		u.nt.entry(id).memo = c
		return
	}
	if c == nil {
		delete(u.other, md)
	} else {
		u.other[md] = c
	}
}

func (u *mdUniquer) isBusy(md ir.Metadata) bool {
	if id := u.nt.num(md); id != 0 {
		return u.nt.entry(id).busy
	}
	return u.busyOther[md]
}

func (u *mdUniquer) setBusy(md ir.Metadata, b bool) {
	if id := u.nt.num(md); id != 0 {
		u.nt.entry(id).busy = b
		return
	}
	if b {
		u.busyOther[md] = true
	} else {
		delete(u.busyOther, md)
	}
}

// unique returns the node that stands for md: the first one met with its
// contents, md itself when distinct (its operands made unique in place).
func (u *mdUniquer) unique(md ir.Metadata) ir.Metadata {
	if u.depth > 0 {
		return u.uniqueIn(md)
	}
	u.depth++
	c := u.uniqueIn(md)
	u.depth--
	if len(u.merged) > 0 {
		c = u.fixCycles(c)
	}
	clear(u.slots)
	u.slots = u.slots[:0]
	clear(u.captured)
	return c
}

// A cycle of nodes goes through a distinct node: a node met again while
// it is being made unique (busy) is taken as itself by the node that
// refers to it, before it is known which node stands for it. When that
// turns out to be another (a node of an earlier module with the same
// contents), those references are made to refer to the other, and the
// nodes that hold them made unique again, and so on up the cycle: what
// LLVM's reader does as it resolves the temporary nodes of a cycle,
// merging uniqued nodes whose contents become the same. slots are the
// operands set by the current call of unique (the node and the operand),
// captured the nodes taken as themselves while busy, merged those of them
// another stands for.

// opSlot is an operand of node user.
type opSlot struct {
	user ir.Metadata
	slot *ir.Metadata
}

// setOp sets operand slot of node user to the node that stands for o.
func (u *mdUniquer) setOp(user ir.Metadata, slot *ir.Metadata, o ir.Metadata) {
	c := u.uniqueIn(o)
	*slot = c
	if idField(c) != nil {
		u.slots = append(u.slots, opSlot{user, slot})
	}
}

// fixCycles redirects the references to the nodes merged, makes the
// nodes that hold them unique again, and returns what stands for c.
func (u *mdUniquer) fixCycles(c ir.Metadata) ir.Metadata {
	repl := u.merged
	u.merged = nil
	var dirty []ir.Metadata
	seen := map[ir.Metadata]bool{}
	for len(repl) > 0 {
		for _, s := range u.slots {
			if r, ok := repl[*s.slot]; ok {
				*s.slot = r
				if !seen[s.user] {
					seen[s.user] = true
					dirty = append(dirty, s.user)
				}
			}
		}
		for k, r := range repl {
			if k == c {
				c = r
			}
		}
		next := map[ir.Metadata]ir.Metadata{}
		for _, n := range dirty {
			if m, _ := u.memo(n); m != n || isDistinct(n) {
				continue
			}
			if sn, ok := n.(*ir.SpecializedNode); ok && u.odrMemberKey(sn, nil) != "" {
				continue // uniqued by what its operands do not change
			}
			if x := u.lookupNode(n, u.contentHash(n)); x != n {
				u.setMemo(n, x)
				next[n] = x
			}
		}
		clear(seen)
		dirty = dirty[:0]
		repl = next
	}
	return c
}

// isDistinct reports whether node md is distinct.
func isDistinct(md ir.Metadata) bool {
	n, ok := md.(ir.MDNode)
	return ok && n.IsDistinct()
}

func (u *mdUniquer) uniqueIn(md ir.Metadata) ir.Metadata {
	if md == nil {
		return nil
	}
	if c, ok := u.memo(md); ok {
		return c
	}
	if u.isBusy(md) {
		u.captured[md] = true
		return md // a cycle through a distinct node
	}
	switch n := md.(type) {
	case *ir.MDString:
		return md
	case *ir.ValueAsMetadata:
		if c, ok := n.Value.(ir.Constant); ok {
			// A value replaced before md was met (an attachment of a
			// declaration, made unique at the end).
			for r, ok := u.replaced[c]; ok; r, ok = u.replaced[r] {
				n.Value = r
			}
		}
		k := "v" + valueKey(n.Value)
		return u.keep(md, k)
	case *ir.DIArgList:
		u.setBusy(md, true)
		for i, a := range n.Args {
			if x, ok := u.uniqueIn(a).(*ir.ValueAsMetadata); ok {
				n.Args[i] = x
			}
		}
		u.setBusy(md, false)
		b := append(u.buf[:0], 'a')
		for _, a := range n.Args {
			b = u.appendKey(b, a)
		}
		u.buf = b
		return u.keep(md, string(b))
	case *ir.MDTuple:
		u.setBusy(md, true)
		globals := false
		for i, o := range n.Ops {
			u.setOp(md, &n.Ops[i], o)
			globals = globals || isGlobalVAM(n.Ops[i])
		}
		u.setBusy(md, false)
		return u.keepNode(md, n.Distinct, globals)
	case *ir.SpecializedNode:
		u.setBusy(md, true)
		globals := false
		for i := range n.Fields {
			if n.Fields[i].MD != nil {
				u.setOp(md, &n.Fields[i].MD, n.Fields[i].MD)
				globals = globals || isGlobalVAM(n.Fields[i].MD)
			}
		}
		for i, o := range n.Refs {
			u.setOp(md, &n.Refs[i], o)
			globals = globals || isGlobalVAM(n.Refs[i])
		}
		u.setBusy(md, false)
		if !n.Distinct {
			if k := u.odrMemberKey(n, nil); k != "" {
				return u.keep(md, k)
			}
		}
		return u.keepNode(md, n.Distinct, globals)
	case *ir.DILocation:
		u.setBusy(md, true)
		u.setOp(md, &n.Scope, n.Scope)
		u.setOp(md, &n.InlinedAt, n.InlinedAt)
		u.setBusy(md, false)
		return u.keepNode(md, n.Distinct, false)
	}
	u.setMemo(md, md)
	return md
}

// contentHash returns the hash of the contents of node md (a tuple, a
// specialized node or a location), its operands made unique.
func (u *mdUniquer) contentHash(md ir.Metadata) uint64 {
	switch n := md.(type) {
	case *ir.MDTuple:
		h := mixHash(hashStart, 't')
		for _, o := range n.Ops {
			h = mixHash(h, u.opHash(o))
		}
		return h
	case *ir.SpecializedNode:
		h := mixHash(maphash.String(hashSeed, n.Kind), uint64(n.ValueWidth))
		for _, f := range n.Fields {
			h = mixHash(h, uint64(f.Name)|uint64(f.Kind)<<16|uint64(f.Enum)<<32)
			h = mixHash(h, uint64(f.Int))
			h = mixHash(h, u.opHash(f.MD))
		}
		h = mixHash(h, 'r')
		for _, o := range n.Refs {
			h = mixHash(h, u.opHash(o))
		}
		return h
	case *ir.DILocation:
		h := mixHash(hashStart, 'l')
		h = mixHash(h, uint64(n.Line)|uint64(n.Column)<<32|uint64(n.AtomRank)<<48)
		h = mixHash(h, n.AtomGroup)
		if n.ImplicitCode {
			h = mixHash(h, 1)
		}
		h = mixHash(h, u.opHash(n.Scope))
		return mixHash(h, u.opHash(n.InlinedAt))
	}
	return 0
}

// isGlobalVAM reports whether md is a global value as metadata.
func isGlobalVAM(md ir.Metadata) bool {
	v, ok := md.(*ir.ValueAsMetadata)
	return ok && isGlobalValue(v.Value)
}

// keepNode returns the canonical node of md (a tuple, a specialized node
// or a location, its operands made unique): md itself when distinct, else
// the first node met with its contents. globals says md has global
// values as metadata among its operands: a canonical node that has is
// kept among their users (replaceValue).
func (u *mdUniquer) keepNode(md ir.Metadata, distinct, globals bool) ir.Metadata {
	c := md
	if !distinct {
		c = u.lookupNode(md, u.contentHash(md))
	}
	u.setMemo(md, c)
	u.noteMerged(md, c)
	if c == md && globals {
		ir.EachOperand(md, func(o ir.Metadata) {
			if isGlobalVAM(o) {
				v := o.(*ir.ValueAsMetadata)
				u.vamUsers[v] = append(u.vamUsers[v], md)
			}
		})
	}
	return c
}

// lookupNode returns the canonical node of the contents of md, whose
// hash is h, keeping md as the canonical one when there is none.
func (u *mdUniquer) lookupNode(md ir.Metadata, h uint64) ir.Metadata {
	c, ok := u.nodes[h]
	if !ok {
		u.nodes[h] = md
		return md
	}
	if c == md || sameContents(c, md) {
		return c
	}
	for _, x := range u.collided[h] {
		if x == md || sameContents(x, md) {
			return x
		}
	}
	u.collided[h] = append(u.collided[h], md)
	return md
}

// replaceValue does what LLVM's replaceAllUsesWith of global value old
// by nw does to the metadata that refers to old (ValueAsMetadata's
// handleRAUW): when the context has no nw as metadata yet, old's becomes
// it; else the nodes that refer to old's refer to nw's instead, and a
// uniqued one of them whose new contents another node has becomes
// distinct (MDNode::handleChangedOperand, storeDistinctInContext).
func (u *mdUniquer) replaceValue(old, nw ir.Constant) {
	u.replaced[old] = nw
	kOld := "v" + valueKey(old)
	c, ok := u.canon[kOld]
	if !ok {
		return
	}
	vold := c.(*ir.ValueAsMetadata)
	delete(u.canon, kOld)
	vold.Value = nw // metadata operands of instructions hold it too
	kNew := "v" + valueKey(nw)
	c, ok = u.canon[kNew]
	if !ok {
		u.canon[kNew] = vold
		return
	}
	vnew := c.(*ir.ValueAsMetadata)
	u.setMemo(vold, vnew)
	users := u.vamUsers[vold]
	delete(u.vamUsers, vold)
	for _, n := range users {
		r := func(o ir.Metadata) ir.Metadata {
			if o == ir.Metadata(vold) {
				return vnew
			}
			return o
		}
		replaceOperands(n, r)
		u.vamUsers[vnew] = append(u.vamUsers[vnew], n)
		if isDistinct(n) {
			continue
		}
		if sn, ok := n.(*ir.SpecializedNode); ok && u.odrMemberKey(sn, nil) != "" {
			continue // uniqued by what the operand does not change
		}
		if u.lookupNode(n, u.contentHash(n)) != n {
			switch n := n.(type) {
			case *ir.MDTuple:
				n.Distinct = true
			case *ir.SpecializedNode:
				n.Distinct = true
			}
		}
	}
}

// replaceOperands sets each metadata operand o of node md to r(o).
func replaceOperands(md ir.Metadata, r func(ir.Metadata) ir.Metadata) {
	switch n := md.(type) {
	case *ir.MDTuple:
		for i, o := range n.Ops {
			n.Ops[i] = r(o)
		}
	case *ir.DILocation:
		n.Scope, n.InlinedAt = r(n.Scope), r(n.InlinedAt)
	case *ir.SpecializedNode:
		for i := range n.Fields {
			if n.Fields[i].MD != nil {
				n.Fields[i].MD = r(n.Fields[i].MD)
			}
		}
		for i, o := range n.Refs {
			n.Refs[i] = r(o)
		}
	}
}

// sameContents reports whether nodes a and b, their operands made
// unique, have the same contents: LLVM's context makes them one.
func sameContents(a, b ir.Metadata) bool {
	switch a := a.(type) {
	case *ir.MDTuple:
		b, ok := b.(*ir.MDTuple)
		return ok && slices.EqualFunc(a.Ops, b.Ops, sameOperand)
	case *ir.SpecializedNode:
		b, ok := b.(*ir.SpecializedNode)
		if !ok || a.Kind != b.Kind || a.ValueWidth != b.ValueWidth || !slices.EqualFunc(a.Refs, b.Refs, sameOperand) {
			return false
		}
		return slices.EqualFunc(a.Fields, b.Fields, func(x, y ir.Field) bool {
			return x.Name == y.Name && x.Kind == y.Kind && x.Enum == y.Enum && x.Int == y.Int && sameOperand(x.MD, y.MD)
		})
	case *ir.DILocation:
		b, ok := b.(*ir.DILocation)
		return ok && a.Line == b.Line && a.Column == b.Column && a.AtomGroup == b.AtomGroup &&
			a.AtomRank == b.AtomRank && a.ImplicitCode == b.ImplicitCode &&
			sameOperand(a.Scope, b.Scope) && sameOperand(a.InlinedAt, b.InlinedAt)
	}
	return false
}

// sameOperand reports whether operands a and b, made unique, are the
// same: strings by their text, other metadata by identity.
func sameOperand(a, b ir.Metadata) bool {
	if a == b {
		return true
	}
	x, ok := a.(*ir.MDString)
	y, ok2 := b.(*ir.MDString)
	return ok && ok2 && x.Value == y.Value
}

// hashSeed seeds the hashes of strings in node contents (contentHash), and
// hashStart starts those of tuples and locations.
var hashSeed = maphash.MakeSeed()

const hashStart = 0x243f6a8885a308d3

// mixHash returns hash h with x mixed in.
func mixHash(h, x uint64) uint64 {
	h ^= x
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// opHash returns the hash of operand md, made unique, in its user's
// contents: a string by its text, other metadata by its identity.
func (u *mdUniquer) opHash(md ir.Metadata) uint64 {
	switch n := md.(type) {
	case nil:
		return 1
	case *ir.MDString:
		return maphash.String(hashSeed, n.Value)
	}
	if id := u.nt.num(md); id != 0 {
		return uint64(id) << 1
	}
	id, ok := u.otherIDs[md]
	if !ok {
		id = uint64(len(u.otherIDs) + 1)
		u.otherIDs[md] = id
	}
	return id<<1 | 1<<63
}

// keep returns the canonical node of key k, md when it is the first.
func (u *mdUniquer) keep(md ir.Metadata, k string) ir.Metadata {
	c, ok := u.canon[k]
	if !ok {
		u.canon[k] = md
		c = md
	}
	u.setMemo(md, c)
	u.noteMerged(md, c)
	return c
}

// noteMerged notes that c stands for md, for fixCycles when md was taken
// as itself while busy.
func (u *mdUniquer) noteMerged(md, c ir.Metadata) {
	if c != md && u.captured[md] {
		if u.merged == nil {
			u.merged = map[ir.Metadata]ir.Metadata{}
		}
		u.merged[md] = c
	}
}

var (
	fieldScope          = ir.FieldNameOf("scope")
	fieldName           = ir.FieldNameOf("name")
	fieldLinkageName    = ir.FieldNameOf("linkageName")
	fieldTemplateParams = ir.FieldNameOf("templateParams")
	fieldSPFlags        = ir.FieldNameOf("spFlags")
)

const (
	dwTagMember      = 0x0d
	spFlagDefinition = 1 << 3
)

// odrMemberKey is the key LLVM's context uniques a member of a composite
// type with an ODR identifier by, whatever else it holds
// (MDNodeSubsetEqualImpl): a DISubprogram declaration by its scope,
// linkage name and template parameters; a DW_TAG_member DIDerivedType by
// its scope and name. "" for other nodes. The scope is taken as what
// repl says stands for it.
func (u *mdUniquer) odrMemberKey(n *ir.SpecializedNode, repl map[*ir.SpecializedNode]*ir.SpecializedNode) string {
	scope := fieldOf(n, fieldScope)
	if scope == nil {
		return ""
	}
	ct, ok := scope.MD.(*ir.SpecializedNode)
	if !ok || ct.Kind != "DICompositeType" {
		return ""
	}
	if r, ok := repl[ct]; ok {
		ct = r
	}
	if id := fieldOf(ct, fieldIdentifier); id == nil || id.MD == nil {
		return ""
	}
	switch n.Kind {
	case "DISubprogram":
		ln := fieldOf(n, fieldLinkageName)
		if intOf(n, fieldSPFlags)&spFlagDefinition != 0 || ln == nil || ln.MD == nil {
			return ""
		}
		b := append(u.buf[:0], "odrsp"...)
		b = u.appendKey(b, ct)
		b = u.appendKey(b, ln.MD)
		if tp := fieldOf(n, fieldTemplateParams); tp != nil {
			b = u.appendKey(b, tp.MD)
		}
		u.buf = b
		return string(b)
	case "DIDerivedType":
		name := fieldOf(n, fieldName)
		if intOf(n, fieldTag) != dwTagMember || name == nil || name.MD == nil {
			return ""
		}
		b := append(u.buf[:0], "odrmember"...)
		b = u.appendKey(b, ct)
		b = u.appendKey(b, name.MD)
		u.buf = b
		return string(b)
	}
	return ""
}

// appendKey appends to b what names operand md, made unique, in its
// user's key: a string by its text, other metadata by a number of its
// own.
func (u *mdUniquer) appendKey(b []byte, md ir.Metadata) []byte {
	switch n := md.(type) {
	case nil:
		return append(b, "(n)"...)
	case *ir.MDString:
		b = append(b, "(s"...)
		b = strconv.AppendUint(b, uint64(len(n.Value)), 10)
		b = append(b, ':')
		b = append(b, n.Value...)
		return append(b, ')')
	}
	if id := u.nt.num(md); id != 0 {
		b = append(b, '(')
		b = strconv.AppendUint(b, uint64(id), 10)
		return append(b, ')')
	}
	id, ok := u.otherIDs[md]
	if !ok {
		id = uint64(len(u.otherIDs) + 1)
		u.otherIDs[md] = id
	}
	b = append(b, "(o"...)
	b = strconv.AppendUint(b, id, 10)
	return append(b, ')')
}

// valueKey identifies a value as LLVM's context uniques constants: a
// global value by its identity, a scalar constant by its type and bits.
func valueKey(v ir.Value) string {
	switch c := v.(type) {
	case *ir.ConstInt:
		if c.Big != nil {
			return "i" + typeKey(c.Typ) + ":" + c.Big.String()
		}
		return "i" + typeKey(c.Typ) + ":" + strconv.FormatInt(c.V, 10)
	case *ir.ConstFP:
		return fmt.Sprintf("f%s:%x:%x", typeKey(c.Typ), c.Bits[0], c.Bits[1])
	case *ir.ConstNull:
		return "z" + typeKey(c.Typ)
	case *ir.Undef:
		return "u" + typeKey(c.Typ)
	case *ir.Poison:
		return "p" + typeKey(c.Typ)
	}
	return fmt.Sprintf("%p", v)
}

// uniqueModule makes the metadata m refers to unique, everywhere but in
// the bodies of the functions done says were (uniqueBody).
func (u *mdUniquer) uniqueModule(m *ir.Module, done func(*ir.Function) bool) {
	for _, nmd := range m.NamedMetadata {
		for i, op := range nmd.Ops {
			nmd.Ops[i] = u.uniqueNode(op)
		}
	}
	for _, g := range m.Globals {
		u.uniqueAttachments(g.Metadata)
	}
	for _, f := range m.Functions {
		u.uniqueAttachments(f.Metadata)
		if !done(f) {
			u.uniqueBody(f)
		}
	}
}

// uniqueNode returns the node that stands for n.
func (u *mdUniquer) uniqueNode(n ir.MDNode) ir.MDNode {
	if x, ok := u.unique(n).(ir.MDNode); ok {
		return x
	}
	return n
}

func (u *mdUniquer) uniqueAttachments(as []ir.Attachment) {
	for i := range as {
		as[i].Node = u.uniqueNode(as[i].Node)
	}
}

// uniqueBody makes the metadata the instructions of f refer to unique.
func (u *mdUniquer) uniqueBody(f *ir.Function) {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.DebugLoc != nil {
				in.DebugLoc = u.unique(in.DebugLoc)
			}
			u.uniqueAttachments(in.Metadata)
			for _, r := range in.DebugRecords {
				for i, o := range r.Ops {
					r.Ops[i] = u.unique(o)
				}
			}
			for _, o := range in.LLVMOperands(&u.vals) {
				if mv, ok := o.(*ir.MetadataValue); ok {
					mv.MD = u.unique(mv.MD)
				}
			}
		}
	}
}

// renumber makes m's metadata unique across the modules linked (but in
// the bodies done says were) and gives every node a number of its own
// (the readers of the source modules numbered theirs each from 1).
func (u *mdUniquer) renumber(m *ir.Module, done func(*ir.Function) bool) {
	u.uniqueModule(m, done)
	// The nodes in the order met, numbered after the walk: a node's
	// number is what the table knows it by until then.
	var order []*uint32
	t := u.nt
	t.startWalk()
	var walk func(md ir.Metadata)
	walk = func(md ir.Metadata) {
		if md == nil || !t.visit(md) {
			return
		}
		if p := idField(md); p != nil {
			order = append(order, p)
		}
		ir.EachOperand(md, walk)
	}
	forEachMetadataRoot(m, walk)
	for i, p := range order {
		*p = uint32(i + 1)
	}
}

var (
	fieldIdentifier = ir.FieldNameOf("identifier")
	fieldTag        = ir.FieldNameOf("tag")
	fieldFlags      = ir.FieldNameOf("flags")
)

// flagFwdDecl is DINode::FlagFwdDecl.
const flagFwdDecl = 1 << 2

// odrTypes does what reading src into a context that uniques debug types
// by their ODR identifier does (DICompositeType::buildODRType): a
// composite type whose identifier an earlier module's has, of the same
// tag, is that earlier one, which takes its contents when it was a
// declaration and this one is not. Then the members of such types are
// what the context makes them (MDNodeSubsetEqualImpl): a member function
// declaration is the first of its type and linkage name, a data member
// the first of its type and name, whatever else they hold.
func (l *Linker) odrTypes(src *ir.Module) {
	order := l.order[:0]
	defer func() { l.order = order }()
	t := l.md.nt
	t.startWalk()
	var walk func(md ir.Metadata)
	walk = func(md ir.Metadata) {
		if md == nil || !t.visit(md) {
			return
		}
		ir.EachOperand(md, walk)
		order = append(order, md)
		if n, ok := md.(*ir.SpecializedNode); ok && n.Kind == "DICompositeType" {
			l.odrType(n)
		}
	}
	forEachMetadataRoot(src, walk)
	for _, md := range order {
		n, ok := md.(*ir.SpecializedNode)
		if !ok || n.Distinct {
			continue
		}
		if _, replaced := l.odrRepl[n]; replaced {
			continue
		}
		k := l.md.odrMemberKey(n, l.odrRepl)
		if k == "" {
			continue
		}
		if c, ok := l.odrMembers[k]; ok && c != n {
			l.odrRepl[n] = c
			l.md.setMemo(n, c)
		} else {
			l.odrMembers[k] = n
		}
	}
	l.replaceODR(src, order)
}

// replaceODR makes every reference of src's metadata (nodes) to a node
// another stands for (odrRepl) refer to that other, as the reader
// resolves them.
func (l *Linker) replaceODR(src *ir.Module, nodes []ir.Metadata) {
	if len(l.odrRepl) == 0 {
		return
	}
	r := func(md ir.Metadata) ir.Metadata {
		if n, ok := md.(*ir.SpecializedNode); ok {
			if c, ok := l.odrRepl[n]; ok {
				return c
			}
		}
		return md
	}
	rn := func(n ir.MDNode) ir.MDNode {
		if x, ok := r(n).(ir.MDNode); ok {
			return x
		}
		return n
	}
	for _, md := range nodes {
		replaceOperands(md, r)
	}
	for _, g := range src.Globals {
		for i := range g.Metadata {
			g.Metadata[i].Node = rn(g.Metadata[i].Node)
		}
	}
	for _, f := range src.Functions {
		for i := range f.Metadata {
			f.Metadata[i].Node = rn(f.Metadata[i].Node)
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for i := range in.Metadata {
					in.Metadata[i].Node = rn(in.Metadata[i].Node)
				}
				for _, rec := range in.DebugRecords {
					for i, o := range rec.Ops {
						rec.Ops[i] = r(o)
					}
				}
			}
		}
	}
	for _, nmd := range src.NamedMetadata {
		for i, op := range nmd.Ops {
			nmd.Ops[i] = rn(op)
		}
	}
	clear(l.odrRepl)
}

// odrType resolves composite type n against the context's of its
// identifier.
func (l *Linker) odrType(n *ir.SpecializedNode) {
	id := fieldOf(n, fieldIdentifier)
	if id == nil || id.Text() == "" {
		return
	}
	c := l.odr[id.Text()]
	if c == nil {
		l.odr[id.Text()] = n
		return
	}
	if c == n || intOf(c, fieldTag) != intOf(n, fieldTag) {
		return
	}
	if intOf(c, fieldFlags)&flagFwdDecl != 0 && intOf(n, fieldFlags)&flagFwdDecl == 0 {
		c.Fields = append([]ir.Field(nil), n.Fields...)
		if n.Refs != nil {
			c.Refs = append([]ir.Metadata(nil), n.Refs...)
		}
		// Its new operands are to be made unique.
		l.md.setMemo(c, nil)
		l.md.filled = append(l.md.filled, c)
	}
	l.md.setMemo(n, c)
	l.odrRepl[n] = c
}

func fieldOf(n *ir.SpecializedNode, name ir.FieldName) *ir.Field {
	for i := range n.Fields {
		if n.Fields[i].Name == name {
			return &n.Fields[i]
		}
	}
	return nil
}

func intOf(n *ir.SpecializedNode, name ir.FieldName) int64 {
	if f := fieldOf(n, name); f != nil && f.MD == nil {
		return f.Int
	}
	return 0
}

// forEachMetadataRoot calls fn with each metadata m refers to directly:
// named metadata, attachments, locations, debug records and metadata
// operands.
func forEachMetadataRoot(m *ir.Module, fn func(ir.Metadata)) {
	for _, nmd := range m.NamedMetadata {
		for _, op := range nmd.Ops {
			fn(op)
		}
	}
	for _, g := range m.Globals {
		for _, a := range g.Metadata {
			fn(a.Node)
		}
	}
	var buf []ir.Value
	for _, f := range m.Functions {
		for _, a := range f.Metadata {
			fn(a.Node)
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if in.DebugLoc != nil {
					fn(in.DebugLoc)
				}
				for _, a := range in.Metadata {
					fn(a.Node)
				}
				for _, r := range in.DebugRecords {
					for _, o := range r.Ops {
						fn(o)
					}
				}
				for _, o := range in.LLVMOperands(&buf) {
					if mv, ok := o.(*ir.MetadataValue); ok {
						fn(mv.MD)
					}
				}
			}
		}
	}
}
