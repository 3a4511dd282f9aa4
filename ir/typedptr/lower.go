package typedptr

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// module lowers the module level: types, global values, their
// initializers and metadata (the bodies are lowered by body).
func (l *lowerer) module() {
	m := l.m
	for _, t := range m.Types {
		l.ty(t)
	}
	for _, f := range m.Functions {
		l.lowerAttrs(&f.Attrs)
		sig := l.signature(l.ty(f.Sig), &f.Attrs)
		f.Sig, f.ValueType = sig, sig
		f.Typ = l.ptrTo(sig, f.Typ.AddrSpace)
		if strings.HasPrefix(f.Name, "llvm.") {
			f.Name, sig = l.intrinsic(f.Name, sig)
			f.Sig, f.ValueType = sig, sig
			f.Typ = l.ptrTo(sig, f.Typ.AddrSpace)
		}
		for i, a := range f.Params {
			a.Typ = sig.Params[i]
		}
	}
	for _, g := range m.Globals {
		if g.Name == "llvm.global_ctors" || g.Name == "llvm.global_dtors" {
			g.ValueType = l.structorsType(g.ValueType)
		} else {
			g.ValueType = l.ty(g.ValueType)
		}
		g.Typ = l.ptrTo(g.ValueType, g.Typ.AddrSpace)
	}
	for _, a := range m.Aliases {
		a.ValueType = l.ty(a.ValueType)
		a.Typ = l.ptrTo(a.ValueType, a.Typ.AddrSpace)
	}
	for _, i := range m.IFuncs {
		i.ValueType = l.ty(i.ValueType)
		i.Typ = l.ptrTo(i.ValueType, i.Typ.AddrSpace)
	}
	// The global values have their types: now the constants that refer
	// to them.
	for _, g := range m.Globals {
		if g.Init != nil {
			g.Init = l.coerceConst(l.constant(g.Init), g.ValueType)
		}
		l.attachments(g.Metadata)
	}
	for _, a := range m.Aliases {
		a.Aliasee = l.coerceConst(l.constant(a.Aliasee), a.Typ)
	}
	for _, i := range m.IFuncs {
		// The resolver returns a pointer to the ifunc's function type.
		rt := l.intern(&ir.Type{Kind: ir.FunctionType, Ret: i.Typ})
		i.Resolver = l.coerceConst(l.constant(i.Resolver), l.ptrTo(rt, i.Typ.AddrSpace))
	}
	for _, f := range m.Functions {
		if f.Personality != nil {
			f.Personality = l.constant(f.Personality)
		}
		if f.Prefix != nil {
			f.Prefix = l.constant(f.Prefix)
		}
		if f.Prologue != nil {
			f.Prologue = l.constant(f.Prologue)
		}
		l.attachments(f.Metadata)
	}
	for _, n := range m.NamedMetadata {
		for _, op := range n.Ops {
			l.metadata(op)
		}
	}
}

// structorsType returns the lowered type of llvm.global_ctors or
// llvm.global_dtors: LLVM 14's verifier wants the function of each entry
// as void ()*.
func (l *lowerer) structorsType(t *ir.Type) *ir.Type {
	lt := l.ty(t)
	if lt.Kind != ir.ArrayType || lt.Elem.Kind != ir.StructType || lt.Elem.Identified || len(lt.Elem.Fields) < 2 ||
		lt.Elem.Fields[1].Kind != ir.PointerType {
		return lt
	}
	e := *lt.Elem
	e.Fields = append([]*ir.Type(nil), e.Fields...)
	void := l.intern(&ir.Type{Kind: ir.VoidType})
	e.Fields[1] = l.ptrTo(l.intern(&ir.Type{Kind: ir.FunctionType, Ret: void}), e.Fields[1].AddrSpace)
	a := *lt
	a.Elem = l.intern(&e)
	return l.intern(&a)
}

// attachments lowers the constants of metadata attachments.
func (l *lowerer) attachments(as []ir.Attachment) {
	for _, a := range as {
		l.metadata(a.Node)
	}
}

// metadata lowers the constants that metadata md (and what it refers
// to) holds, each node once. Local values need nothing: their types are
// lowered with their instructions.
func (l *lowerer) metadata(md ir.Metadata) {
	if ir.IsNilMetadata(md) || l.mdSeen[md] {
		return
	}
	switch n := md.(type) {
	case *ir.ValueAsMetadata:
		// Met again from each body that refers to it: changed only when
		// its constant is, and from a body at the end of Body (the node
		// may be the module level's, which the reader of other bodies
		// reads).
		if c, ok := n.Value.(ir.Constant); ok {
			if lc := l.constant(c); lc != c {
				if l.inBody {
					l.pending = append(l.pending, pendingValue{n, lc})
				} else {
					n.Value = lc
				}
			}
		}
		return
	case *ir.MDString:
		return
	}
	l.mdSeen[md] = true
	ir.EachOperand(md, l.metadata)
}
