package demangle

import (
	"math"
	"strconv"
	"strings"
)

// A node is a piece of the parse tree of an Itanium name. C++'s declarator
// syntax puts part of some types after the name ("int (*f)(char)",
// "int a[4]"), so a node prints a left side and a right side.
type node interface {
	left(p *printer)
	right(p *printer)
	prec() prec
}

// plain is embedded by the nodes that print only a left side and are
// primary expressions.
type plain struct{}

func (plain) right(*printer) {}
func (plain) prec() prec     { return precPrimary }

// hasRHS reports whether n prints something on its right side.
func hasRHS(p *printer, n node) bool {
	switch n := n.(type) {
	case *qualType:
		return hasRHS(p, n.child)
	case *abiTag:
		return hasRHS(p, n.base)
	case *pointerType:
		return hasRHS(p, n.pointee)
	case *refType:
		return hasRHS(p, n.pointee)
	case *ptrToMember:
		return hasRHS(p, n.member)
	case *arrayType, *funcType, *funcEncoding, *typeTPDecl, *constrainedTPDecl, *nonTypeTPDecl, *templateTPDecl, *tpPackDecl:
		return true
	case *paramPack:
		if e := n.current(p); e != nil {
			return hasRHS(p, e)
		}
		return false
	case *fwdRef:
		if n.printing || n.ref == nil {
			return false
		}
		n.printing = true
		defer func() { n.printing = false }()
		return hasRHS(p, n.ref)
	}
	return false
}

// hasArray reports whether n is a (qualified) array type.
func hasArray(p *printer, n node) bool {
	switch n := n.(type) {
	case *arrayType:
		return true
	case *qualType:
		return hasArray(p, n.child)
	case *abiTag:
		return hasArray(p, n.base)
	case *paramPack:
		if e := n.current(p); e != nil {
			return hasArray(p, e)
		}
		return false
	case *fwdRef:
		if n.printing || n.ref == nil {
			return false
		}
		n.printing = true
		defer func() { n.printing = false }()
		return hasArray(p, n.ref)
	}
	return false
}

// hasFunction reports whether n is a (qualified) function type.
func hasFunction(p *printer, n node) bool {
	switch n := n.(type) {
	case *funcType, *funcEncoding:
		return true
	case *qualType:
		return hasFunction(p, n.child)
	case *abiTag:
		return hasFunction(p, n.base)
	case *paramPack:
		if e := n.current(p); e != nil {
			return hasFunction(p, e)
		}
		return false
	case *fwdRef:
		if n.printing || n.ref == nil {
			return false
		}
		n.printing = true
		defer func() { n.printing = false }()
		return hasFunction(p, n.ref)
	}
	return false
}

// syntaxNode looks through packs and forward references for the node that
// will be printed.
func syntaxNode(p *printer, n node) node {
	switch m := n.(type) {
	case *paramPack:
		if e := m.current(p); e != nil {
			return syntaxNode(p, e)
		}
	case *fwdRef:
		if m.printing || m.ref == nil {
			return n
		}
		m.printing = true
		defer func() { m.printing = false }()
		return syntaxNode(p, m.ref)
	}
	return n
}

// baseName is the unqualified name a constructor or destructor of n
// repeats.
func baseName(n node) string {
	switch n := n.(type) {
	case *nameNode:
		return n.s
	case *abiTag:
		return baseName(n.base)
	case *nestedName:
		return baseName(n.name)
	case *memberLikeFriend:
		return baseName(n.name)
	case *moduleEntity:
		return baseName(n.name)
	case *qualifiedName:
		return baseName(n.name)
	case *nameWithTA:
		return baseName(n.name)
	case *globalQualified:
		return baseName(n.child)
	case *specialSub:
		return n.baseName()
	}
	return ""
}

// nameNode is a name or keyword printed as it is.
type nameNode struct {
	plain
	s string
}

func (n *nameNode) left(p *printer) { p.add(n.s) }

type dotSuffix struct {
	plain
	prefix node
	suffix string
}

func (n *dotSuffix) left(p *printer) {
	p.print(n.prefix)
	p.add(" (")
	p.add(n.suffix)
	p.add(")")
}

type vendorExtQual struct {
	plain
	ty  node
	ext string
	ta  node
}

func (n *vendorExtQual) left(p *printer) {
	p.print(n.ty)
	p.add(" ")
	p.add(n.ext)
	if n.ta != nil {
		p.print(n.ta)
	}
}

const (
	qualConst    = 1
	qualVolatile = 2
	qualRestrict = 4
)

func printQuals(p *printer, q int) {
	if q&qualConst != 0 {
		p.add(" const")
	}
	if q&qualVolatile != 0 {
		p.add(" volatile")
	}
	if q&qualRestrict != 0 {
		p.add(" restrict")
	}
}

const (
	refNone = iota
	refLValue
	refRValue
)

func printRefQual(p *printer, r int) {
	switch r {
	case refLValue:
		p.add(" &")
	case refRValue:
		p.add(" &&")
	}
}

type qualType struct {
	plain
	child node
	quals int
}

func (n *qualType) left(p *printer) {
	p.left(n.child)
	printQuals(p, n.quals)
}
func (n *qualType) right(p *printer) { p.right(n.child) }

type convOpType struct {
	plain
	ty node
}

func (n *convOpType) left(p *printer) {
	p.add("operator ")
	p.print(n.ty)
}

type postfixQualType struct {
	plain
	ty      node
	postfix string
}

func (n *postfixQualType) left(p *printer) {
	p.left(n.ty)
	p.add(n.postfix)
}

type bitIntType struct {
	plain
	size   node
	signed bool
}

func (n *bitIntType) left(p *printer) {
	if !n.signed {
		p.add("unsigned ")
	}
	p.add("_BitInt")
	p.open('(')
	p.operand(n.size, precDefault, false)
	p.close(')')
}

type elaboratedType struct {
	plain
	kind  string
	child node
}

func (n *elaboratedType) left(p *printer) {
	p.add(n.kind)
	p.add(" ")
	p.print(n.child)
}

type transformedType struct {
	plain
	transform string
	base      node
}

func (n *transformedType) left(p *printer) {
	p.add(n.transform)
	p.add("(")
	p.print(n.base)
	p.add(")")
}

type abiTag struct {
	plain
	base node
	tag  string
}

func (n *abiTag) left(p *printer) {
	p.left(n.base)
	p.add("[abi:")
	p.add(n.tag)
	p.add("]")
}

type enableIfAttr struct {
	plain
	conds []node
}

func (n *enableIfAttr) left(p *printer) {
	p.add(" [enable_if:")
	p.list(n.conds)
	p.add("]")
}

type objcProto struct {
	plain
	ty    node
	proto string
}

func (n *objcProto) isObjCObject() bool {
	nn, ok := n.ty.(*nameNode)
	return ok && nn.s == "objc_object"
}

func (n *objcProto) left(p *printer) {
	p.print(n.ty)
	p.add("<")
	p.add(n.proto)
	p.add(">")
}

type pointerType struct {
	plain
	pointee node
}

func (n *pointerType) objcID() (*objcProto, bool) {
	o, ok := n.pointee.(*objcProto)
	return o, ok && o.isObjCObject()
}

func (n *pointerType) left(p *printer) {
	if o, ok := n.objcID(); ok {
		p.add("id<")
		p.add(o.proto)
		p.add(">")
		return
	}
	p.left(n.pointee)
	if hasArray(p, n.pointee) {
		p.add(" ")
	}
	if hasArray(p, n.pointee) || hasFunction(p, n.pointee) {
		p.add("(")
	}
	p.add("*")
}

func (n *pointerType) right(p *printer) {
	if _, ok := n.objcID(); ok {
		return
	}
	if hasArray(p, n.pointee) || hasFunction(p, n.pointee) {
		p.add(")")
	}
	p.right(n.pointee)
}

// refType is an lvalue or rvalue reference; references to references
// collapse (only && to && stays &&).
type refType struct {
	plain
	pointee  node
	rvalue   bool
	printing bool
}

// collapse follows references to references; it returns nil on a cycle
// (a forward reference and a substitution can make one).
func (n *refType) collapse(p *printer) (bool, node) {
	rvalue, to := n.rvalue, n.pointee
	var seen []node
	for {
		r, ok := syntaxNode(p, to).(*refType)
		if !ok {
			return rvalue, to
		}
		to = r.pointee
		rvalue = rvalue && r.rvalue
		seen = append(seen, to)
		if len(seen) > 1 && to == seen[(len(seen)-1)/2] {
			return rvalue, nil
		}
	}
}

func (n *refType) left(p *printer) {
	if n.printing {
		return
	}
	n.printing = true
	defer func() { n.printing = false }()
	rvalue, to := n.collapse(p)
	if to == nil {
		return
	}
	p.left(to)
	if hasArray(p, to) {
		p.add(" ")
	}
	if hasArray(p, to) || hasFunction(p, to) {
		p.add("(")
	}
	if rvalue {
		p.add("&&")
	} else {
		p.add("&")
	}
}

func (n *refType) right(p *printer) {
	if n.printing {
		return
	}
	n.printing = true
	defer func() { n.printing = false }()
	_, to := n.collapse(p)
	if to == nil {
		return
	}
	if hasArray(p, to) || hasFunction(p, to) {
		p.add(")")
	}
	p.right(to)
}

type ptrToMember struct {
	plain
	class, member node
}

func (n *ptrToMember) left(p *printer) {
	p.left(n.member)
	if hasArray(p, n.member) || hasFunction(p, n.member) {
		p.add("(")
	} else {
		p.add(" ")
	}
	p.print(n.class)
	p.add("::*")
}

func (n *ptrToMember) right(p *printer) {
	if hasArray(p, n.member) || hasFunction(p, n.member) {
		p.add(")")
	}
	p.right(n.member)
}

type arrayType struct {
	plain
	base node
	dim  node
}

func (n *arrayType) left(p *printer) { p.left(n.base) }

func (n *arrayType) right(p *printer) {
	if p.back() != ']' {
		p.add(" ")
	}
	p.add("[")
	if n.dim != nil {
		p.print(n.dim)
	}
	p.add("]")
	p.right(n.base)
}

type funcType struct {
	plain
	ret    node
	params []node
	cv     int
	ref    int
	exc    node
}

func (n *funcType) left(p *printer) {
	p.left(n.ret)
	p.add(" ")
}

func (n *funcType) right(p *printer) {
	p.open('(')
	p.list(n.params)
	p.close(')')
	p.right(n.ret)
	printQuals(p, n.cv)
	printRefQual(p, n.ref)
	if n.exc != nil {
		p.add(" ")
		p.print(n.exc)
	}
}

type noexceptSpec struct {
	plain
	e node
}

func (n *noexceptSpec) left(p *printer) {
	p.add("noexcept")
	p.open('(')
	p.operand(n.e, precDefault, false)
	p.close(')')
}

type dynExcSpec struct {
	plain
	types []node
}

func (n *dynExcSpec) left(p *printer) {
	p.add("throw")
	p.open('(')
	p.list(n.types)
	p.close(')')
}

type explicitObjParam struct {
	plain
	base node
}

func (n *explicitObjParam) left(p *printer) {
	p.add("this ")
	p.print(n.base)
}

type funcEncoding struct {
	plain
	ret, name       node
	params          []node
	attrs, requires node
	cv, ref         int
}

func (n *funcEncoding) left(p *printer) {
	if n.ret != nil {
		p.left(n.ret)
		if !hasRHS(p, n.ret) {
			p.add(" ")
		}
	}
	p.print(n.name)
}

func (n *funcEncoding) right(p *printer) {
	p.open('(')
	p.list(n.params)
	p.close(')')
	if n.ret != nil {
		p.right(n.ret)
	}
	printQuals(p, n.cv)
	printRefQual(p, n.ref)
	if n.attrs != nil {
		p.print(n.attrs)
	}
	if n.requires != nil {
		p.add(" requires ")
		p.print(n.requires)
	}
}

type literalOperator struct {
	plain
	name node
}

func (n *literalOperator) left(p *printer) {
	p.add("operator\"\" ")
	p.print(n.name)
}

type specialName struct {
	plain
	special string
	child   node
}

func (n *specialName) left(p *printer) {
	p.add(n.special)
	p.print(n.child)
}

type ctorVtable struct {
	plain
	first, second node
}

func (n *ctorVtable) left(p *printer) {
	p.add("construction vtable for ")
	p.print(n.first)
	p.add("-in-")
	p.print(n.second)
}

type nestedName struct {
	plain
	qual, name node
}

func (n *nestedName) left(p *printer) {
	p.print(n.qual)
	p.add("::")
	p.print(n.name)
}

type memberLikeFriend struct {
	plain
	qual, name node
}

func (n *memberLikeFriend) left(p *printer) {
	p.print(n.qual)
	p.add("::friend ")
	p.print(n.name)
}

type moduleName struct {
	plain
	parent    *moduleName
	name      node
	partition bool
}

func (n *moduleName) left(p *printer) {
	if n.parent != nil {
		p.print(n.parent)
	}
	if n.partition {
		p.add(":")
	} else if n.parent != nil {
		p.add(".")
	}
	p.print(n.name)
}

type moduleEntity struct {
	plain
	module *moduleName
	name   node
}

func (n *moduleEntity) left(p *printer) {
	p.print(n.name)
	p.add("@")
	p.print(n.module)
}

type localName struct {
	plain
	enc, entity node
}

func (n *localName) left(p *printer) {
	p.print(n.enc)
	p.add("::")
	p.print(n.entity)
}

type qualifiedName struct {
	plain
	qual, name node
}

func (n *qualifiedName) left(p *printer) {
	p.print(n.qual)
	p.add("::")
	p.print(n.name)
}

type vectorType struct {
	plain
	base, dim node
}

func (n *vectorType) left(p *printer) {
	p.print(n.base)
	p.add(" vector[")
	if n.dim != nil {
		p.print(n.dim)
	}
	p.add("]")
}

type pixelVector struct {
	plain
	dim node
}

func (n *pixelVector) left(p *printer) {
	p.add("pixel vector[")
	p.print(n.dim)
	p.add("]")
}

type binaryFP struct {
	plain
	dim node
}

func (n *binaryFP) left(p *printer) {
	p.add("_Float")
	p.print(n.dim)
}

const (
	tpType = iota
	tpNonType
	tpTemplate
)

// syntheticTP names a template parameter of a lambda that has no argument:
// $T, $N, $TT, then $T0, $T1, ...
type syntheticTP struct {
	plain
	kind, index int
}

func (n *syntheticTP) left(p *printer) {
	p.add([...]string{"$T", "$N", "$TT"}[n.kind])
	if n.index > 0 {
		p.uint(uint64(n.index - 1))
	}
}

type tpQualifiedArg struct {
	plain
	param, arg node
}

func (n *tpQualifiedArg) left(p *printer) { p.print(n.arg) }

type typeTPDecl struct {
	plain
	name node
}

func (n *typeTPDecl) left(p *printer)  { p.add("typename ") }
func (n *typeTPDecl) right(p *printer) { p.print(n.name) }

type constrainedTPDecl struct {
	plain
	constraint, name node
}

func (n *constrainedTPDecl) left(p *printer) {
	p.print(n.constraint)
	p.add(" ")
}
func (n *constrainedTPDecl) right(p *printer) { p.print(n.name) }

type nonTypeTPDecl struct {
	plain
	name, ty node
}

func (n *nonTypeTPDecl) left(p *printer) {
	p.left(n.ty)
	if !hasRHS(p, n.ty) {
		p.add(" ")
	}
}

func (n *nonTypeTPDecl) right(p *printer) {
	p.print(n.name)
	p.right(n.ty)
}

type templateTPDecl struct {
	plain
	name     node
	params   []node
	requires node
}

func (n *templateTPDecl) left(p *printer) {
	saved := p.gtIsGt
	p.gtIsGt = 0
	p.add("template<")
	p.list(n.params)
	p.add("> typename ")
	p.gtIsGt = saved
}

func (n *templateTPDecl) right(p *printer) {
	p.print(n.name)
	if n.requires != nil {
		p.add(" requires ")
		p.print(n.requires)
	}
}

type tpPackDecl struct {
	plain
	param node
}

func (n *tpPackDecl) left(p *printer) {
	p.left(n.param)
	p.add("...")
}
func (n *tpPackDecl) right(p *printer) { p.right(n.param) }

// paramPack is the value of a template parameter that is a pack, as a
// T_ refers to it. Inside a pack expansion it prints the element being
// expanded; outside, the first.
type paramPack struct {
	plain
	data []node
}

// current starts an expansion if none is under way and returns the
// element to print, or nil.
func (n *paramPack) current(p *printer) node {
	if p.packMax < 0 {
		p.packMax = len(n.data)
		p.packIdx = 0
	}
	if p.packIdx < len(n.data) {
		return n.data[p.packIdx]
	}
	return nil
}

func (n *paramPack) left(p *printer) {
	if e := n.current(p); e != nil {
		p.left(e)
	}
}

func (n *paramPack) right(p *printer) {
	if e := n.current(p); e != nil {
		p.right(e)
	}
}

// templateArgPack is a J...E argument: its elements, separated by commas.
type templateArgPack struct {
	plain
	elems []node
}

func (n *templateArgPack) left(p *printer) { p.list(n.elems) }

// packExpansion prints its child once per element of the pack it holds
// (nothing for an empty one), or the child and "..." if it holds none.
type packExpansion struct {
	plain
	child node
}

func (n *packExpansion) left(p *printer) { expandPack(p, n.child) }

func expandPack(p *printer, child node) {
	savedIdx, savedMax := p.packIdx, p.packMax
	defer func() { p.packIdx, p.packMax = savedIdx, savedMax }()
	p.packIdx, p.packMax = -1, -1
	start := p.pos()
	p.print(child)
	switch {
	case p.packMax < 0:
		p.add("...")
	case p.packMax == 0:
		if !p.failed {
			p.setPos(start)
		}
	default:
		for i := 1; i < p.packMax && !p.failed; i++ {
			p.add(", ")
			p.packIdx = i
			p.print(child)
		}
	}
}

type templateArgs struct {
	plain
	params   []node
	requires node
}

func (n *templateArgs) left(p *printer) {
	saved := p.gtIsGt
	p.gtIsGt = 0
	p.add("<")
	p.list(n.params)
	p.add(">")
	p.gtIsGt = saved
}

// fwdRef is a template parameter met before the arguments it refers to
// (in the type of a conversion operator template); the parser sets ref
// once it has them.
type fwdRef struct {
	index    uint64
	ref      node
	printing bool
}

func (n *fwdRef) prec() prec { return precPrimary }

func (n *fwdRef) left(p *printer) {
	if n.printing || n.ref == nil {
		return
	}
	n.printing = true
	p.left(n.ref)
	n.printing = false
}

func (n *fwdRef) right(p *printer) {
	if n.printing || n.ref == nil {
		return
	}
	n.printing = true
	p.right(n.ref)
	n.printing = false
}

type nameWithTA struct {
	plain
	name, ta node
}

func (n *nameWithTA) left(p *printer) {
	p.print(n.name)
	p.print(n.ta)
}

type globalQualified struct {
	plain
	child node
}

func (n *globalQualified) left(p *printer) {
	p.add("::")
	p.print(n.child)
}

const (
	ssAllocator = iota
	ssBasicString
	ssString
	ssIstream
	ssOstream
	ssIostream
)

// specialSub is one of the abbreviations Sa, Sb, Ss, Si, So, Sd; expanded,
// as the scope of a constructor or destructor, it prints the template it
// stands for.
type specialSub struct {
	plain
	kind     int
	expanded bool
}

func (n *specialSub) baseName() string {
	s := [...]string{"allocator", "basic_string", "basic_string", "basic_istream", "basic_ostream", "basic_iostream"}[n.kind]
	if !n.expanded && n.kind >= ssString {
		s = strings.TrimPrefix(s, "basic_")
	}
	return s
}

func (n *specialSub) left(p *printer) {
	p.add("std::")
	p.add(n.baseName())
	if n.expanded && n.kind >= ssString {
		p.add("<char, std::char_traits<char>")
		if n.kind == ssString {
			p.add(", std::allocator<char>")
		}
		p.add(">")
	}
}

type ctorDtorName struct {
	plain
	base    node
	dtor    bool
	variant int
}

func (n *ctorDtorName) left(p *printer) {
	if n.dtor {
		p.add("~")
	}
	p.add(baseName(n.base))
}

type dtorName struct {
	plain
	base node
}

func (n *dtorName) left(p *printer) {
	p.add("~")
	p.left(n.base)
}

type unnamedType struct {
	plain
	count string
}

func (n *unnamedType) left(p *printer) {
	p.add("'unnamed")
	p.add(n.count)
	p.add("'")
}

type closureType struct {
	plain
	tparams []node
	req1    node
	params  []node
	req2    node
	count   string
}

func (n *closureType) declarator(p *printer) {
	if len(n.tparams) > 0 {
		saved := p.gtIsGt
		p.gtIsGt = 0
		p.add("<")
		p.list(n.tparams)
		p.add(">")
		p.gtIsGt = saved
	}
	if n.req1 != nil {
		p.add(" requires ")
		p.print(n.req1)
		p.add(" ")
	}
	p.open('(')
	p.list(n.params)
	p.close(')')
	if n.req2 != nil {
		p.add(" requires ")
		p.print(n.req2)
	}
}

func (n *closureType) left(p *printer) {
	p.add("'lambda")
	p.add(n.count)
	p.add("'")
	n.declarator(p)
}

type structuredBinding struct {
	plain
	bindings []node
}

func (n *structuredBinding) left(p *printer) {
	p.open('[')
	p.list(n.bindings)
	p.close(']')
}

// Expressions.

type exprPrec struct{ pr prec }

func (e exprPrec) prec() prec   { return e.pr }
func (exprPrec) right(*printer) {}

type binaryExpr struct {
	exprPrec
	lhs node
	op  string
	rhs node
}

func (n *binaryExpr) left(p *printer) {
	parenAll := p.gtInsideTA() && (n.op == ">" || n.op == ">>")
	if parenAll {
		p.open('(')
	}
	assign := n.pr == precAssign
	if assign {
		p.operand(n.lhs, precOrIf, false)
	} else {
		p.operand(n.lhs, n.pr, true)
	}
	if n.op != "," {
		p.add(" ")
	}
	p.add(n.op)
	p.add(" ")
	p.operand(n.rhs, n.pr, assign)
	if parenAll {
		p.close(')')
	}
}

type arraySubscript struct {
	exprPrec
	op1, op2 node
}

func (n *arraySubscript) left(p *printer) {
	p.operand(n.op1, n.pr, false)
	p.open('[')
	p.operand(n.op2, precDefault, false)
	p.close(']')
}

type postfixExpr struct {
	exprPrec
	child node
	op    string
}

func (n *postfixExpr) left(p *printer) {
	p.operand(n.child, n.pr, true)
	p.add(n.op)
}

type conditionalExpr struct {
	exprPrec
	cond, then, els node
}

func (n *conditionalExpr) left(p *printer) {
	p.operand(n.cond, n.pr, false)
	p.add(" ? ")
	p.operand(n.then, precDefault, false)
	p.add(" : ")
	p.operand(n.els, precAssign, true)
}

type memberExpr struct {
	exprPrec
	lhs  node
	kind string
	rhs  node
}

func (n *memberExpr) left(p *printer) {
	p.operand(n.lhs, n.pr, true)
	p.add(n.kind)
	p.operand(n.rhs, n.pr, false)
}

type subobjectExpr struct {
	plain
	ty, sub   node
	offset    string
	selectors []node
	pastEnd   bool
}

func (n *subobjectExpr) left(p *printer) {
	p.print(n.sub)
	p.add(".<")
	p.print(n.ty)
	p.add(" at offset ")
	switch {
	case n.offset == "":
		p.add("0")
	case n.offset[0] == 'n':
		p.add("-")
		p.add(n.offset[1:])
	default:
		p.add(n.offset)
	}
	p.add(">")
}

type enclosingExpr struct {
	exprPrec
	prefix string
	infix  node
}

func (n *enclosingExpr) left(p *printer) {
	p.add(n.prefix)
	p.open('(')
	p.print(n.infix)
	p.close(')')
}

type castExpr struct {
	exprPrec
	kind     string
	to, from node
}

func (n *castExpr) left(p *printer) {
	p.add(n.kind)
	saved := p.gtIsGt
	p.gtIsGt = 0
	p.add("<")
	p.left(n.to)
	p.add(">")
	p.gtIsGt = saved
	p.open('(')
	p.operand(n.from, precDefault, false)
	p.close(')')
}

type sizeofPack struct {
	plain
	pack node
}

func (n *sizeofPack) left(p *printer) {
	p.add("sizeof...")
	p.open('(')
	expandPack(p, n.pack)
	p.close(')')
}

type callExpr struct {
	exprPrec
	callee node
	args   []node
	paren  bool
}

func (n *callExpr) left(p *printer) {
	if n.paren {
		p.open('(')
	}
	p.print(n.callee)
	if n.paren {
		p.close(')')
	}
	p.open('(')
	p.list(n.args)
	p.close(')')
}

type newExpr struct {
	exprPrec
	exprs         []node
	ty            node
	inits         []node
	global, array bool
}

func (n *newExpr) left(p *printer) {
	if n.global {
		p.add("::")
	}
	p.add("new")
	if n.array {
		p.add("[]")
	}
	if len(n.exprs) > 0 {
		p.open('(')
		p.list(n.exprs)
		p.close(')')
	}
	p.add(" ")
	p.print(n.ty)
	if len(n.inits) > 0 {
		p.open('(')
		p.list(n.inits)
		p.close(')')
	}
}

type deleteExpr struct {
	exprPrec
	op            node
	global, array bool
}

func (n *deleteExpr) left(p *printer) {
	if n.global {
		p.add("::")
	}
	p.add("delete")
	if n.array {
		p.add("[]")
	}
	p.add(" ")
	p.print(n.op)
}

type prefixExpr struct {
	exprPrec
	prefix string
	child  node
}

func (n *prefixExpr) left(p *printer) {
	p.add(n.prefix)
	p.operand(n.child, n.pr, false)
}

type functionParam struct {
	plain
	num string
}

func (n *functionParam) left(p *printer) {
	p.add("fp")
	p.add(n.num)
}

type conversionExpr struct {
	exprPrec
	ty    node
	exprs []node
}

func (n *conversionExpr) left(p *printer) {
	p.open('(')
	p.print(n.ty)
	p.close(')')
	p.open('(')
	p.list(n.exprs)
	p.close(')')
}

type ptrMemConversion struct {
	exprPrec
	ty, sub node
	offset  string
}

func (n *ptrMemConversion) left(p *printer) {
	p.open('(')
	p.print(n.ty)
	p.close(')')
	p.open('(')
	p.print(n.sub)
	p.close(')')
}

type initList struct {
	plain
	ty    node
	inits []node
}

func (n *initList) left(p *printer) {
	if n.ty != nil {
		if a, ok := n.ty.(*arrayType); ok {
			if b, ok := a.base.(*nameNode); ok && b.s == "char" && printAsString(p, n.inits) {
				return
			}
		}
		p.print(n.ty)
	}
	p.add("{")
	p.list(n.inits)
	p.add("}")
}

// printAsString prints integer literals as the string literal they spell,
// if they all are small non-negative integers.
func printAsString(p *printer, elems []node) bool {
	start := p.pos()
	p.add("\"")
	lastNumeric := false
	for _, e := range elems {
		lit, ok := e.(*integerLiteral)
		if !ok {
			p.setPos(start)
			return false
		}
		v := 0
		for i := 0; i < len(lit.value); i++ {
			c := lit.value[i]
			if c < '0' || c > '9' || v > 25 {
				p.setPos(start)
				return false
			}
			v = v*10 + int(c-'0')
		}
		if v > 255 {
			p.setPos(start)
			return false
		}
		if lastNumeric && (v >= '0' && v <= '9' || v >= 'a' && v <= 'f' || v >= 'A' && v <= 'F') {
			p.add("\"\"")
		}
		lastNumeric = false
		switch v {
		case '\a':
			p.add(`\a`)
		case '\b':
			p.add(`\b`)
		case '\f':
			p.add(`\f`)
		case '\n':
			p.add(`\n`)
		case '\r':
			p.add(`\r`)
		case '\t':
			p.add(`\t`)
		case '\v':
			p.add(`\v`)
		case '"':
			p.add(`\"`)
		case '\\':
			p.add(`\\`)
		default:
			if v < 32 || v == 127 {
				const hex = "0123456789ABCDEF"
				p.addByte('\\')
				if v > 7 {
					p.addByte('x')
				}
				if v >= 16 {
					p.addByte(hex[v>>4])
				}
				p.addByte(hex[v&15])
				lastNumeric = true
				break
			}
			p.addByte(byte(v))
		}
	}
	p.add("\"")
	return true
}

type bracedExpr struct {
	plain
	elem, init node
	array      bool
}

func isBraced(n node) bool {
	switch n.(type) {
	case *bracedExpr, *bracedRange:
		return true
	}
	return false
}

func (n *bracedExpr) left(p *printer) {
	if n.array {
		p.add("[")
		p.print(n.elem)
		p.add("]")
	} else {
		p.add(".")
		p.print(n.elem)
	}
	if !isBraced(n.init) {
		p.add(" = ")
	}
	p.print(n.init)
}

type bracedRange struct {
	plain
	first, last, init node
}

func (n *bracedRange) left(p *printer) {
	p.add("[")
	p.print(n.first)
	p.add(" ... ")
	p.print(n.last)
	p.add("]")
	if !isBraced(n.init) {
		p.add(" = ")
	}
	p.print(n.init)
}

type foldExpr struct {
	plain
	pack, init node
	op         string
	leftFold   bool
}

func (n *foldExpr) left(p *printer) {
	pack := func() {
		p.open('(')
		expandPack(p, n.pack)
		p.close(')')
	}
	p.open('(')
	if !n.leftFold || n.init != nil {
		if n.leftFold {
			p.operand(n.init, precCast, true)
		} else {
			pack()
		}
		p.add(" ")
		p.add(n.op)
		p.add(" ")
	}
	p.add("...")
	if n.leftFold || n.init != nil {
		p.add(" ")
		p.add(n.op)
		p.add(" ")
		if n.leftFold {
			pack()
		} else {
			p.operand(n.init, precCast, true)
		}
	}
	p.close(')')
}

type throwExpr struct {
	plain
	op node
}

func (n *throwExpr) left(p *printer) {
	p.add("throw ")
	p.print(n.op)
}

type stringLiteral struct {
	plain
	ty node
}

func (n *stringLiteral) left(p *printer) {
	p.add("\"<")
	p.print(n.ty)
	p.add(">\"")
}

type lambdaExpr struct {
	plain
	ty node
}

func (n *lambdaExpr) left(p *printer) {
	p.add("[]")
	if c, ok := n.ty.(*closureType); ok {
		c.declarator(p)
	}
	p.add("{...}")
}

type enumLiteral struct {
	plain
	ty      node
	integer string
}

func (n *enumLiteral) left(p *printer) {
	p.open('(')
	p.print(n.ty)
	p.close(')')
	if n.integer[0] == 'n' {
		p.add("-")
		p.add(n.integer[1:])
	} else {
		p.add(n.integer)
	}
}

// integerLiteral prints a value with its type as a suffix ("5ul") if the
// type's spelling is at most 3 bytes, else as a cast ("(char)65").
type integerLiteral struct {
	plain
	ty, value string
}

func (n *integerLiteral) left(p *printer) {
	if len(n.ty) > 3 {
		p.open('(')
		p.add(n.ty)
		p.close(')')
	}
	if n.value[0] == 'n' {
		p.add("-")
		p.add(n.value[1:])
	} else {
		p.add(n.value)
	}
	if len(n.ty) <= 3 {
		p.add(n.ty)
	}
}

type requiresExpr struct {
	plain
	params, reqs []node
}

func (n *requiresExpr) left(p *printer) {
	p.add("requires")
	if len(n.params) > 0 {
		p.add(" ")
		p.open('(')
		p.list(n.params)
		p.close(')')
	}
	p.add(" ")
	p.open('{')
	for _, r := range n.reqs {
		p.print(r)
	}
	p.add(" ")
	p.close('}')
}

type exprRequirement struct {
	plain
	expr     node
	noexcept bool
	typeReq  node
}

func (n *exprRequirement) left(p *printer) {
	p.add(" ")
	braces := n.noexcept || n.typeReq != nil
	if braces {
		p.open('{')
	}
	p.print(n.expr)
	if braces {
		p.close('}')
	}
	if n.noexcept {
		p.add(" noexcept")
	}
	if n.typeReq != nil {
		p.add(" -> ")
		p.print(n.typeReq)
	}
	p.add(";")
}

type typeRequirement struct {
	plain
	ty node
}

func (n *typeRequirement) left(p *printer) {
	p.add(" typename ")
	p.print(n.ty)
	p.add(";")
}

type nestedRequirement struct {
	plain
	constraint node
}

func (n *nestedRequirement) left(p *printer) {
	p.add(" requires ")
	p.print(n.constraint)
	p.add(";")
}

type nodeList struct {
	plain
	elems []node
}

func (n *nodeList) left(p *printer) { p.list(n.elems) }

// floatLiteral is a floating-point literal, given as the hexadecimal
// digits of its bytes, most significant first; it prints as C's "%a"
// does ("0x1.8p+1"), with an "f" after a float and an "L" after a long
// double.
type floatLiteral struct {
	plain
	kind     byte // 'f', 'd' or 'e'
	contents string
}

func (n *floatLiteral) left(p *printer) {
	v, _ := strconv.ParseUint(n.contents[:min(len(n.contents), 16)], 16, 64)
	switch n.kind {
	case 'f':
		p.add(hexFloat(math.Float64bits(float64(math.Float32frombits(uint32(v))))))
		p.add("f")
	case 'd':
		p.add(hexFloat(v))
	case 'e':
		// x87 extended precision: 16 bits of sign and exponent, then
		// a 64-bit mantissa with its integer bit.
		se, _ := strconv.ParseUint(n.contents[:4], 16, 64)
		m, _ := strconv.ParseUint(n.contents[4:20], 16, 64)
		p.add(hexLongDouble(se, m))
		p.add("L")
	}
}

// hexFloat formats the double with bits b as glibc's printf("%a").
func hexFloat(b uint64) string {
	sign := ""
	if b>>63 != 0 {
		sign = "-"
	}
	exp := int(b>>52) & 0x7ff
	frac := b & (1<<52 - 1)
	switch {
	case exp == 0x7ff && frac == 0:
		return sign + "inf"
	case exp == 0x7ff:
		return sign + "nan"
	case exp == 0 && frac == 0:
		return sign + "0x0p+0"
	}
	lead := "1"
	e := exp - 1023
	if exp == 0 {
		lead, e = "0", -1022
	}
	digits := strconv.FormatUint(frac, 16)
	digits = strings.Repeat("0", 13-len(digits)) + digits
	digits = strings.TrimRight(digits, "0")
	s := sign + "0x" + lead
	if digits != "" {
		s += "." + digits
	}
	return s + "p" + signedExp(e)
}

// hexLongDouble formats an x87 extended-precision value as glibc's
// printf("%La"): the leading hexadecimal digit holds the integer bit and
// the next three bits of the mantissa.
func hexLongDouble(se, m uint64) string {
	sign := ""
	if se&0x8000 != 0 {
		sign = "-"
	}
	exp := int(se & 0x7fff)
	switch {
	case exp == 0x7fff && m == 1<<63:
		return sign + "inf"
	case exp == 0x7fff:
		return sign + "nan"
	case exp == 0 && m == 0:
		return sign + "0x0p+0"
	}
	e := exp - 16383
	if exp == 0 {
		e = -16382
	}
	lead := m >> 60
	rest := m << 4
	e -= 3
	digits := strconv.FormatUint(rest, 16)
	if rest == 0 {
		digits = ""
	} else {
		digits = strings.Repeat("0", 16-len(digits)) + digits
		digits = strings.TrimRight(digits, "0")
	}
	s := sign + "0x" + strconv.FormatUint(lead, 16)
	if digits != "" {
		s += "." + digits
	}
	return s + "p" + signedExp(e)
}

func signedExp(e int) string {
	if e < 0 {
		return "-" + strconv.Itoa(-e)
	}
	return "+" + strconv.Itoa(e)
}
