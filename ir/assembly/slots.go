package assembly

import (
	"strings"
	"unsafe"

	"github.com/bcextract/bcextract/ir"
)

// numberModule numbers what LLVM's SlotTracker numbers before the first
// function: unnamed global values, the attribute sets of global variables
// and functions, and the metadata of global variables and named metadata.
func (p *printer) numberModule() {
	m := p.m
	next := 0
	for _, g := range m.Globals {
		if g == nil {
			continue
		}
		if g.Name == "" {
			p.gslots[g] = next
			next++
		}
		for _, a := range g.Metadata {
			p.mdSlot(a.Node)
		}
		if len(g.Attrs) > 0 {
			p.attrSetSlot(g.Attrs)
		}
	}
	for _, a := range m.Aliases {
		if a != nil && a.Name == "" {
			p.gslots[a] = next
			next++
		}
	}
	for _, i := range m.IFuncs {
		if i != nil && i.Name == "" {
			p.gslots[i] = next
			next++
		}
	}
	for _, nmd := range m.NamedMetadata {
		if nmd == nil {
			continue
		}
		for _, n := range nmd.Ops {
			p.mdSlot(n)
		}
	}
	for _, f := range m.Functions {
		if f == nil {
			continue
		}
		if f.Name == "" {
			p.gslots[f] = next
			next++
		}
		if len(f.Attrs.Fn) > 0 {
			p.attrSetSlot(f.Attrs.Fn)
		}
	}
}

// incorporateFunction numbers f's metadata, its unnamed arguments, blocks
// and instructions, and its call-site attribute sets, as LLVM's
// SlotTracker::processFunction does.
func (p *printer) incorporateFunction(f *ir.Function) {
	p.fn = f
	for _, a := range f.Metadata {
		p.mdSlot(a.Node)
	}
	var lastLoc ir.Metadata // numbered already: instructions share locations
	for _, b := range f.Blocks {
		if b == nil {
			continue
		}
		for _, in := range b.Instrs {
			if in == nil {
				continue
			}
			for _, r := range in.DebugRecords {
				if r == nil {
					continue
				}
				for _, op := range r.Ops {
					if n, ok := op.(ir.MDNode); ok {
						p.mdSlot(n)
					}
				}
			}
			if in.Op == ir.Call && isIntrinsic(in.Callee) {
				for _, op := range in.Operands {
					if mv, ok := op.(*ir.MetadataValue); ok {
						if n, ok := mv.MD.(ir.MDNode); ok {
							p.mdSlot(n)
						}
					}
				}
			}
			if in.DebugLoc != nil && in.DebugLoc != lastLoc {
				if n, ok := in.DebugLoc.(ir.MDNode); ok {
					p.mdSlot(n)
				}
				lastLoc = in.DebugLoc
			}
			for _, a := range in.Metadata {
				p.mdSlot(a.Node)
			}
		}
	}

	next := 0
	for _, a := range f.Params {
		if a != nil && a.Name == "" {
			p.aslots[a] = next
			next++
		}
	}
	for _, b := range f.Blocks {
		if b == nil {
			continue
		}
		if b.Name == "" {
			p.bslots[b] = next
			next++
		}
		for _, in := range b.Instrs {
			if in == nil {
				continue
			}
			if in.Name == "" && !isVoid(in.Typ) {
				p.islots[in] = next
				next++
			}
			switch in.Op {
			case ir.Call, ir.Invoke, ir.CallBr:
				if len(in.Attrs.Fn) > 0 {
					p.attrSetSlot(in.Attrs.Fn)
				}
			}
		}
	}
}

func (p *printer) purgeFunction() {
	p.fn = nil
	clear(p.aslots)
	clear(p.bslots)
	clear(p.islots)
}

func isVoid(t *ir.Type) bool { return t == nil || t.Kind == ir.VoidType }

// isIntrinsic reports whether v is a function named llvm.*.
func isIntrinsic(v ir.Value) bool {
	f, ok := v.(*ir.Function)
	return ok && f != nil && strings.HasPrefix(f.Name, "llvm.")
}

// mdSlot numbers n and, in pre-order, the nodes it refers to. DIExpression
// nodes are never numbered. The definitions of the nodes numbered are
// recorded (renderMD) once many wait.
func (p *printer) mdSlot(n ir.MDNode) {
	if ir.IsNilMetadata(n) {
		return
	}
	stack := append(p.mdStack[:0], n)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if isExpression(n) {
			continue
		}
		if _, ok := p.mdSlot0(n); ok {
			continue
		}
		p.setMDSlot(n, p.mdAddr.len())
		p.mdAddr.push(nodeAddr(n))
		p.mdPending = append(p.mdPending, n)
		// The operands, last first: those numbered already are not
		// pushed (they would be passed over when popped), so that a
		// long chain sharing an operand keeps the stack short.
		for i := mdOperandCount(n) - 1; i >= 0; i-- {
			if c := mdNumberedOperand(n, i); c != nil {
				if _, ok := p.mdSlot0(c); !ok {
					stack = append(stack, c)
				}
			}
		}
		if len(p.mdPending) >= p.mdTry {
			// A walk down a long chain: those of the nodes waiting
			// whose operands are numbered can be recorded.
			p.renderReady()
		}
	}
	p.mdStack = stack[:0]
	// Every node numbered so far has its operands numbered: the
	// definitions can be recorded, and are once there are many, so that
	// the nodes waiting stay few however many the module has.
	if len(p.mdPending) >= mdRenderBatch {
		p.renderMD()
	}
}

// mdRenderBatch is how many nodes mdSlot lets wait for renderMD.
const mdRenderBatch = 1 << 12

// renderReady records the definitions of the first nodes waiting whose
// operands are all numbered (as many as there are before the first that
// has one not numbered yet), and sets when mdSlot next tries: once the
// nodes still waiting have doubled, so that a walk whose first nodes wait
// long tries seldom.
func (p *printer) renderReady() {
	k := 0
	for k < len(p.mdPending) && p.operandsNumbered(p.mdPending[k]) {
		k++
	}
	p.renderFirst(k)
	p.mdTry = max(mdRenderBatch, 2*len(p.mdPending))
}

// operandsNumbered reports whether the operands of n that mdSlot numbers
// are all numbered.
func (p *printer) operandsNumbered(n ir.MDNode) bool {
	for i := mdOperandCount(n) - 1; i >= 0; i-- {
		if c := mdNumberedOperand(n, i); c != nil {
			if _, ok := p.mdSlot0(c); !ok {
				return false
			}
		}
	}
	return true
}

// mdOperandCount returns how many operands mdNumberedOperand takes n to
// have.
func mdOperandCount(n ir.MDNode) int {
	switch n := n.(type) {
	case *ir.MDTuple:
		return len(n.Ops)
	case *ir.DILocation:
		return 2
	case *ir.SpecializedNode:
		if n.Refs != nil {
			return len(n.Refs)
		}
		return len(n.Fields)
	}
	return 0
}

// mdNumberedOperand returns operand i of n when it is a node that mdSlot
// numbers with n (a DIExpression is not numbered, but passed over when
// popped), else nil: a tuple's operands, a location's scope and inlinedAt,
// a specialized node's Refs or, without Refs, its node fields.
func mdNumberedOperand(n ir.MDNode, i int) ir.MDNode {
	var op ir.Metadata
	switch n := n.(type) {
	case *ir.MDTuple:
		op = n.Ops[i]
	case *ir.DILocation:
		if i == 0 {
			op = n.Scope
		} else {
			op = n.InlinedAt
		}
	case *ir.SpecializedNode:
		if n.Refs != nil {
			op = n.Refs[i]
			break
		}
		f := &n.Fields[i]
		if f.Kind != ir.FieldMD && f.Kind != ir.FieldConstInt && f.Kind != ir.FieldSize {
			return nil
		}
		op = f.MD
	}
	if c, ok := op.(ir.MDNode); ok && !ir.IsNilMetadata(c) && !isExpression(c) {
		return c
	}
	return nil
}

// maxTableID bounds the node IDs that index printer.mdByID (a node with
// a larger one is hashed), so that the table stays small whatever IDs a
// model holds.
const maxTableID = 1 << 22

// mdNodeID returns a node's ID (ir.MDTuple.ID), 0 when it has none.
func mdNodeID(n ir.MDNode) uint32 {
	switch n := n.(type) {
	case *ir.MDTuple:
		if n != nil {
			return n.ID
		}
	case *ir.DILocation:
		if n != nil {
			return n.ID
		}
	case *ir.SpecializedNode:
		if n != nil {
			return n.ID
		}
	}
	return 0
}

// setMDSlot gives node n number s: in mdByID by its ID when that entry is
// free, else in mdOther.
func (p *printer) setMDSlot(n ir.MDNode, s int) {
	if id := mdNodeID(n); id != 0 && id < maxTableID {
		if p.mdByID.at(int(id)) == 0 {
			p.mdByID.set(int(id), int32(s)+1)
			return
		}
	}
	p.mdOther[n] = s
}

// mdSlot0 returns the number of a node, false when it has none.
func (p *printer) mdSlot0(n ir.MDNode) (int, bool) {
	if id := mdNodeID(n); id != 0 && id < maxTableID {
		v := p.mdByID.at(int(id))
		if v == 0 {
			return 0, false // the entry was free, so n was not numbered
		}
		if s := int(v) - 1; p.mdAddr.at(s) == nodeAddr(n) {
			return s, true
		}
		// Another node has n's ID: n, when numbered, is in mdOther.
	}
	if n == nil || len(p.mdOther) == 0 {
		return 0, false
	}
	s, ok := p.mdOther[n]
	return s, ok
}

// nodeAddr returns the address of node n, which tells it from every other
// node while it lives, without keeping it alive as a pointer would: the
// printer forgets a node once its definition is written (see renderMD),
// and a node it has forgotten is one whose function is printed, so that
// the address, were it reused, is that of a node of another function,
// which has another ID (IDs are unique within a module, and mdByID is
// keyed by them).
func nodeAddr(n ir.MDNode) uintptr {
	switch n := n.(type) {
	case *ir.MDTuple:
		return uintptr(unsafe.Pointer(n))
	case *ir.DILocation:
		return uintptr(unsafe.Pointer(n))
	case *ir.SpecializedNode:
		return uintptr(unsafe.Pointer(n))
	}
	return 0
}

// isExpression reports whether n is a DIExpression.
func isExpression(n ir.Metadata) bool {
	s, ok := n.(*ir.SpecializedNode)
	return ok && s != nil && s.Kind == "DIExpression"
}

// attrSetSlot returns the #N of an attribute set, numbering it when it is
// new. Sets are equal when they print the same.
func (p *printer) attrSetSlot(s ir.AttrSet) int {
	id := attrSetID{&s[0], len(s)}
	if n, ok := p.asCache[id]; ok {
		return n
	}
	save := len(p.b)
	p.attrSet(s, true)
	key := string(p.b[save:])
	p.b = p.b[:save]
	n, ok := p.asSlots[key]
	if !ok {
		n = len(p.asList)
		p.asSlots[key] = n
		p.asList = append(p.asList, s)
	}
	p.asCache[id] = n
	return n
}
