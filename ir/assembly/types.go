package assembly

import (
	"fmt"

	"github.com/bcextract/bcextract/ir"
)

// A typeFinder finds the identified struct types of a module in the order
// LLVM's TypeFinder meets them: globals (value type, then initializer),
// aliases, ifuncs, then each function (its type, attributes, operands and
// body), then named metadata.
type typeFinder struct {
	types  map[*ir.Type]bool
	consts map[ir.Constant]bool
	// mdSeen holds the address of each node walked by its ID (see
	// nodeAddr), mdOther the nodes walked that have no usable ID.
	mdSeen   paged[uintptr]
	mdOther  map[ir.MDNode]bool
	mdStack  []mdFrame
	found    []*ir.Type
	want     map[*ir.Type]bool // identified structs still to be found
	stack    []*ir.Type
	remained int
	cstack   []constFrame // addValue's, its i the next operand
}

// An mdFrame is a node being walked by typeFinder.addMD and the index of
// its next operand.
type mdFrame struct {
	n ir.MDNode
	i int
}

// findTypes numbers the identified struct types. When some are met only
// inside function bodies that are not loaded, the bodies are loaded (and
// dropped) one by one until every type of m.Types has been met.
func (p *printer) findTypes() {
	m := p.m
	tf := &typeFinder{
		types:  make(map[*ir.Type]bool),
		consts: make(map[ir.Constant]bool),
		want:   make(map[*ir.Type]bool),
	}
	for _, t := range m.Types {
		if t != nil && t.Kind == ir.StructType && t.Identified {
			tf.want[t] = true
		}
	}
	tf.remained = len(tf.want)

	p.typeNums = make(map[*ir.Type]int)
	defer func() {
		for _, t := range tf.found {
			if t.Name == "" {
				p.typeNums[t] = len(p.typeOrder)
				p.typeOrder = append(p.typeOrder, t)
			} else {
				p.namedTypes = append(p.namedTypes, t)
			}
		}
	}()

	for _, g := range m.Globals {
		if g == nil {
			continue
		}
		tf.addType(g.ValueType)
		if g.Init != nil {
			tf.addValue(g.Init)
		}
	}
	for _, a := range m.Aliases {
		if a == nil {
			continue
		}
		tf.addType(a.ValueType)
		if a.Aliasee != nil {
			tf.addValue(a.Aliasee)
		}
	}
	for _, i := range m.IFuncs {
		if i != nil {
			tf.addType(i.ValueType)
		}
	}
	for _, f := range m.Functions {
		if f == nil {
			continue
		}
		tf.addType(f.Sig)
		tf.addAttrs(&f.Attrs)
		for _, c := range []ir.Constant{f.Personality, f.Prefix, f.Prologue} {
			if c != nil {
				tf.addValue(c)
			}
		}
		if !f.HasBody {
			continue
		}
		if f.Blocks != nil {
			tf.addBody(f)
			continue
		}
		if p.opt.Loader == nil || tf.remained == 0 {
			continue
		}
		if err := p.opt.Loader.LoadBody(f); err != nil {
			p.err = fmt.Errorf("assembly: loading @%s: %w", f.Name, err)
			return
		}
		tf.addBody(f)
		p.bodies.release(f)
	}
	for _, nmd := range m.NamedMetadata {
		if nmd == nil {
			continue
		}
		for _, n := range nmd.Ops {
			tf.addMD(n)
		}
	}
}

// addType adds t and, depth first, the types it is made of.
func (tf *typeFinder) addType(t *ir.Type) {
	if t == nil || tf.types[t] {
		return
	}
	tf.types[t] = true
	stack := append(tf.stack[:0], t)
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if t.Kind == ir.StructType && t.Identified {
			tf.found = append(tf.found, t)
			if tf.want[t] {
				delete(tf.want, t)
				tf.remained--
			}
		}
		var subs []*ir.Type
		var one [1]*ir.Type
		switch t.Kind {
		case ir.FunctionType:
			for i := len(t.Params) - 1; i >= 0; i-- {
				if st := t.Params[i]; st != nil && !tf.types[st] {
					tf.types[st] = true
					stack = append(stack, st)
				}
			}
			if st := t.Ret; st != nil && !tf.types[st] {
				tf.types[st] = true
				stack = append(stack, st)
			}
			continue
		case ir.StructType:
			subs = t.Fields
		case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
			one[0] = t.Elem
			subs = one[:]
		case ir.TargetExtType:
			subs = t.TypeParams
		}
		for i := len(subs) - 1; i >= 0; i-- {
			if st := subs[i]; st != nil && !tf.types[st] {
				tf.types[st] = true
				stack = append(stack, st)
			}
		}
	}
	tf.stack = stack[:0]
}

// addValue adds the types of a constant and of the constants it is made
// of, depth first (a constant's type, a getelementptr's source element
// type, then its operands in order, as LLVM's TypeFinder meets them);
// other values add nothing (metadata as a value adds its node's). The walk
// keeps its own stack: constants nest as deeply as a module has them. Once
// every identified struct type has been found, constants are not walked:
// they could find none.
func (tf *typeFinder) addValue(v ir.Value) {
	if mv, ok := v.(*ir.MetadataValue); ok {
		if mv != nil {
			tf.addMDOperand(mv.MD)
		}
		return
	}
	c, ok := v.(ir.Constant)
	if !ok || tf.remained == 0 || !tf.visitConst(c) {
		return
	}
	stack := append(tf.cstack[:0], constFrame{c: c})
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		op, more := constOperandAt(top.c, int(top.i))
		if !more {
			stack[len(stack)-1] = constFrame{}
			stack = stack[:len(stack)-1]
			continue
		}
		top.i++
		if tf.visitConst(op) {
			if len(stack) == cap(stack) {
				stack = grow(stack)
			}
			stack = append(stack, constFrame{c: op})
		}
	}
	tf.cstack = stack[:0]
}

// visitConst adds the types of c itself, false when c was met before or
// has no operands to walk (nil, a global value, a scalar).
func (tf *typeFinder) visitConst(c ir.Constant) bool {
	if isNilValue(c) {
		return false
	}
	switch c.(type) {
	case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
		return false
	}
	if tf.consts[c] {
		return false
	}
	tf.consts[c] = true
	tf.addType(c.Type())
	switch c := c.(type) {
	case *ir.ConstExpr:
		if c.Op == ir.GetElementPtr {
			tf.addType(c.SrcElem)
		}
		return true
	case *ir.ConstAggregate, *ir.PtrAuth:
		return true
	}
	return false
}

// constOperandAt returns operand i of c as the type finder walks them
// (aggregate elements, expression operands, a ptrauth's present ones, the
// others standing as nil), false past the last.
func constOperandAt(c ir.Constant, i int) (ir.Constant, bool) {
	switch c := c.(type) {
	case *ir.ConstAggregate:
		if i < len(c.Elems) {
			return c.Elems[i], true
		}
	case *ir.ConstExpr:
		if i < len(c.Operands) {
			return c.Operands[i], true
		}
	case *ir.PtrAuth:
		if i < 5 {
			return ptrAuthOperand(c, i), true
		}
	}
	return nil, false
}

func (tf *typeFinder) addMDOperand(md ir.Metadata) {
	switch md := md.(type) {
	case *ir.ValueAsMetadata:
		if md != nil {
			tf.addValue(md.Value)
		}
	case *ir.DIArgList:
		if md != nil {
			for _, a := range md.Args {
				if a != nil {
					tf.addValue(a.Value)
				}
			}
		}
	case ir.MDNode:
		tf.addMD(md)
	}
}

// addMD adds the types of the constants a node refers to, directly or
// through other nodes, depth first and in operand order as LLVM's
// TypeFinder meets them; the walk keeps its own stack, for a chain of
// nodes can be as long as the module is large. Once every identified
// struct type has been found, metadata is not walked: it could find none.
func (tf *typeFinder) addMD(n ir.MDNode) {
	if tf.remained == 0 || !tf.visit(n) {
		return
	}
	stack := append(tf.mdStack[:0], mdFrame{n: n})
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		op, more := mdOperandAt(top.n, top.i)
		if !more {
			stack[len(stack)-1] = mdFrame{}
			stack = stack[:len(stack)-1]
			continue
		}
		top.i++
		switch op := op.(type) {
		case ir.MDNode:
			if tf.visit(op) {
				stack = append(stack, mdFrame{n: op})
			}
		case *ir.ValueAsMetadata:
			if op != nil {
				if c, ok := op.Value.(ir.Constant); ok {
					tf.addValue(c)
				}
			}
		case *ir.DIArgList:
			if op != nil {
				for _, a := range op.Args {
					if a != nil {
						tf.addValue(a.Value)
					}
				}
			}
		}
	}
	tf.mdStack = stack[:0]
}

// mdOperandAt returns operand i of n as the type finder walks them (a
// location's scope and inlinedAt, a specialized node's FieldMD fields,
// others standing as nil), false past the last.
func mdOperandAt(n ir.MDNode, i int) (ir.Metadata, bool) {
	switch n := n.(type) {
	case *ir.MDTuple:
		if i < len(n.Ops) {
			return n.Ops[i], true
		}
	case *ir.DILocation:
		switch i {
		case 0:
			return n.Scope, true
		case 1:
			return n.InlinedAt, true
		}
	case *ir.SpecializedNode:
		if i < len(n.Fields) {
			if f := &n.Fields[i]; f.Kind == ir.FieldMD {
				return f.MD, true
			}
			return nil, true
		}
	}
	return nil, false
}

// visit marks n walked, false when it was already or is nil.
func (tf *typeFinder) visit(n ir.MDNode) bool {
	if ir.IsNilMetadata(n) {
		return false
	}
	addr := nodeAddr(n)
	if id := mdNodeID(n); id != 0 && id < maxTableID {
		switch tf.mdSeen.at(int(id)) {
		case addr:
			return false
		case 0:
			tf.mdSeen.set(int(id), addr)
			return true
		}
		// Another node has n's ID: n goes to mdOther.
	}
	if tf.mdOther[n] {
		return false
	}
	if tf.mdOther == nil {
		tf.mdOther = make(map[ir.MDNode]bool)
	}
	tf.mdOther[n] = true
	return true
}

func (tf *typeFinder) addAttrs(l *ir.AttrList) {
	add := func(s ir.AttrSet) {
		for i := range s {
			if s[i].Type != nil {
				tf.addType(s[i].Type)
			}
		}
	}
	add(l.Fn)
	add(l.Ret)
	for _, s := range l.Params {
		add(s)
	}
}

func (tf *typeFinder) addBody(f *ir.Function) {
	for _, b := range f.Blocks {
		if b == nil {
			continue
		}
		for _, in := range b.Instrs {
			if in == nil {
				continue
			}
			tf.addType(in.Typ)
			for _, op := range in.Operands {
				tf.addValue(op)
			}
			for _, c := range in.Cases() {
				tf.addValue(c)
			}
			for _, c := range in.Clauses() {
				tf.addValue(c.Value)
			}
			for _, bu := range in.Bundles() {
				for _, v := range bu.Inputs {
					tf.addValue(v)
				}
			}
			if in.Callee != nil {
				tf.addValue(in.Callee)
			}
			switch in.Op {
			case ir.GetElementPtr, ir.Alloca:
				tf.addType(in.ElemType)
			case ir.Call, ir.Invoke, ir.CallBr:
				tf.addAttrs(&in.Attrs)
			}
			if in.DebugLoc != nil {
				tf.addMDOperand(in.DebugLoc)
			}
			for _, a := range in.Metadata {
				tf.addMD(a.Node)
			}
			for _, r := range in.DebugRecords {
				if r == nil {
					continue
				}
				for _, op := range r.Ops {
					tf.addMDOperand(op)
				}
			}
		}
	}
}
