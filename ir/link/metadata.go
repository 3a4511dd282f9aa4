package link

import (
	"fmt"
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

func (m *mover) mapAttachments(as []ir.Attachment) {
	for _, a := range as {
		m.mapMD(a.Node)
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
	nt    *nodeTable
	canon map[string]ir.Metadata
	// other is what memo is for nodes, for the metadata that is not one
	// (values as metadata, argument lists), busyOther what busy is, and
	// otherIDs their numbers in keys.
	other     map[ir.Metadata]ir.Metadata
	busyOther map[ir.Metadata]bool
	otherIDs  map[ir.Metadata]uint64
	// buf is where keys are made.
	buf []byte
}

func newMDUniquer() mdUniquer {
	return mdUniquer{nt: newNodeTable(), canon: map[string]ir.Metadata{}, other: map[ir.Metadata]ir.Metadata{},
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
	if md == nil {
		return nil
	}
	if c, ok := u.memo(md); ok {
		return c
	}
	if u.isBusy(md) {
		return md // a cycle through a distinct node
	}
	switch n := md.(type) {
	case *ir.MDString:
		return md
	case *ir.ValueAsMetadata:
		k := "v" + valueKey(n.Value)
		return u.keep(md, k)
	case *ir.DIArgList:
		u.setBusy(md, true)
		for i, a := range n.Args {
			if x, ok := u.unique(a).(*ir.ValueAsMetadata); ok {
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
		for i, o := range n.Ops {
			n.Ops[i] = u.unique(o)
		}
		u.setBusy(md, false)
		if n.Distinct {
			u.setMemo(md, md)
			return md
		}
		b := append(u.buf[:0], 't')
		for _, o := range n.Ops {
			b = u.appendKey(b, o)
		}
		u.buf = b
		return u.keep(md, string(b))
	case *ir.SpecializedNode:
		u.setBusy(md, true)
		for i := range n.Fields {
			if n.Fields[i].MD != nil {
				n.Fields[i].MD = u.unique(n.Fields[i].MD)
			}
		}
		for i, o := range n.Refs {
			n.Refs[i] = u.unique(o)
		}
		u.setBusy(md, false)
		if n.Distinct {
			u.setMemo(md, md)
			return md
		}
		if k := u.odrMemberKey(n); k != "" {
			return u.keep(md, k)
		}
		b := append(u.buf[:0], 's')
		b = append(b, n.Kind...)
		b = append(b, '/')
		b = strconv.AppendUint(b, uint64(n.ValueWidth), 10)
		for _, f := range n.Fields {
			b = append(b, '|')
			b = strconv.AppendUint(b, uint64(f.Name), 10)
			b = append(b, ':')
			b = strconv.AppendUint(b, uint64(f.Kind), 10)
			b = append(b, ':')
			b = strconv.AppendUint(b, uint64(f.Enum), 10)
			b = append(b, ':')
			b = strconv.AppendInt(b, f.Int, 10)
			b = append(b, ':')
			b = u.appendKey(b, f.MD)
		}
		b = append(b, "|r"...)
		for _, o := range n.Refs {
			b = u.appendKey(b, o)
		}
		u.buf = b
		return u.keep(md, string(b))
	case *ir.DILocation:
		u.setBusy(md, true)
		n.Scope, n.InlinedAt = u.unique(n.Scope), u.unique(n.InlinedAt)
		u.setBusy(md, false)
		if n.Distinct {
			u.setMemo(md, md)
			return md
		}
		b := append(u.buf[:0], 'l')
		b = strconv.AppendUint(b, uint64(n.Line), 10)
		b = append(b, ':')
		b = strconv.AppendUint(b, uint64(n.Column), 10)
		b = append(b, ':')
		b = strconv.AppendUint(b, n.AtomGroup, 10)
		b = append(b, ':')
		b = strconv.AppendUint(b, uint64(n.AtomRank), 10)
		b = strconv.AppendBool(b, n.ImplicitCode)
		b = u.appendKey(b, n.Scope)
		b = u.appendKey(b, n.InlinedAt)
		u.buf = b
		return u.keep(md, string(b))
	}
	u.setMemo(md, md)
	return md
}

// keep returns the canonical node of key k, md when it is the first.
func (u *mdUniquer) keep(md ir.Metadata, k string) ir.Metadata {
	c, ok := u.canon[k]
	if !ok {
		u.canon[k] = md
		c = md
	}
	u.setMemo(md, c)
	return c
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
// its scope and name. "" for other nodes.
func (u *mdUniquer) odrMemberKey(n *ir.SpecializedNode) string {
	scope := fieldOf(n, fieldScope)
	if scope == nil {
		return ""
	}
	ct, ok := scope.MD.(*ir.SpecializedNode)
	if !ok || ct.Kind != "DICompositeType" {
		return ""
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

// uniqueModule makes the metadata m refers to unique, everywhere.
func (u *mdUniquer) uniqueModule(m *ir.Module) {
	node := func(n ir.MDNode) ir.MDNode {
		if x, ok := u.unique(n).(ir.MDNode); ok {
			return x
		}
		return n
	}
	atts := func(as []ir.Attachment) {
		for i := range as {
			as[i].Node = node(as[i].Node)
		}
	}
	for _, nmd := range m.NamedMetadata {
		for i, op := range nmd.Ops {
			nmd.Ops[i] = node(op)
		}
	}
	for _, g := range m.Globals {
		atts(g.Metadata)
	}
	var buf []ir.Value
	for _, f := range m.Functions {
		atts(f.Metadata)
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if in.DebugLoc != nil {
					in.DebugLoc = u.unique(in.DebugLoc)
				}
				atts(in.Metadata)
				for _, r := range in.DebugRecords {
					for i, o := range r.Ops {
						r.Ops[i] = u.unique(o)
					}
				}
				for _, o := range in.LLVMOperands(&buf) {
					if mv, ok := o.(*ir.MetadataValue); ok {
						mv.MD = u.unique(mv.MD)
					}
				}
			}
		}
	}
}

// renumber makes m's metadata unique across the modules linked and gives
// every node a number of its own (the readers of the source modules
// numbered theirs each from 1).
func (u *mdUniquer) renumber(m *ir.Module) {
	u.uniqueModule(m)
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
	defer func() { l.order = order[:0] }()
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
	l.replaceODR(src, order)
	for _, md := range order {
		n, ok := md.(*ir.SpecializedNode)
		if !ok || n.Distinct {
			continue
		}
		if _, replaced := l.odrRepl[n]; replaced {
			continue
		}
		k := l.md.odrMemberKey(n)
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
