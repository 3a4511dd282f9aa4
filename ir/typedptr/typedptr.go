// Package typedptr gives a module of opaque pointers (ptr) the typed
// pointers (i32*, %struct.S*, void (i8*)*) that LLVM 14 and older hold,
// whose bitcode readers refuse opaque pointers (14) or every load, store
// and call through one (13).
//
// LLVM's reader of typed-pointer bitcode computes the type of some values
// itself, and checks others against the pointee of a pointer operand:
//
//   - a global's type is a pointer to its value type, a function's a
//     pointer to its function type, an alloca's a pointer to its allocated
//     type, a getelementptr's a pointer to the element it indexes;
//   - a load's or store's pointer must point to the type loaded or stored,
//     a getelementptr's base to its source element type, an atomic's
//     pointer to its value's type, a callee to the call's function type;
//   - a parameter with a byval, sret, byref, inalloca, preallocated or
//     elementtype attribute must point to the attribute's type;
//   - every other operand must have exactly the type its instruction,
//     constant or parameter wants.
//
// Lower gives every other pointer the type i8* (in its address space),
// which is what an opaque pointer was in the typed world, and inserts a
// bitcast (an instruction, or a constant expression for a constant)
// wherever a value's type is not the one its use wants. LLVM 22 reads
// such bitcode back with its casts as bitcasts of ptr to ptr; LLVM 14's
// and 13's readers read it with the meaning of the opaque module.
package typedptr

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/bcextract/bcextract/ir"
)

// Stats count what Lower added to a module.
type Stats struct {
	// Casts is the number of bitcast instructions inserted.
	Casts int
	// ConstCasts is the number of bitcast constant expressions made.
	ConstCasts int
}

// An UnsupportedError says what in a module Lower cannot give typed
// pointers to yet.
type UnsupportedError struct {
	What string
}

// Error returns "typedptr: WHAT is not supported yet".
func (e *UnsupportedError) Error() string {
	return "typedptr: " + e.What + " is not supported yet"
}

// Lower changes m into its typed-pointer form: every type, value and
// constant of m, and the names of overloaded intrinsics (llvm.memcpy.p0.p0.i64
// becomes llvm.memcpy.p0i8.p0i8.i64). The bodies of m's functions must
// all be in memory. m is not a module of LLVM 22 any more afterwards: it
// is meant to be written for an older reader and dropped.
func Lower(m *ir.Module) (Stats, error) {
	lw, err := Start(m)
	if err != nil {
		return Stats{}, err
	}
	for _, f := range m.Functions {
		if !f.HasBody {
			continue
		}
		if f.Blocks == nil {
			return Stats{}, &UnsupportedError{What: fmt.Sprintf("a function body not in memory (@%s)", f.Name)}
		}
		if err := lw.Body(f); err != nil {
			return Stats{}, err
		}
	}
	return lw.Stats(), nil
}

// A Lowering is Lower in steps, for a writer that loads the bodies of a
// module one at a time: Start lowers the module level (types, global
// values and their constants, metadata outside bodies), then Body each
// body, in any order once the module level is done. A body may be read
// after Start, and read again and lowered again after it was dropped:
// where its reader computed a type from an operand lowered already (a
// select of a global), the instruction gets the type it would have had
// (opaque), and the types that do not change stay the module's own
// objects (ty), so that a body's values and the module's compare equal.
type Lowering struct {
	// Shared, when not nil, is held while Body changes what the module
	// level shares with the bodies (the constant of a module-level
	// metadata node a body refers to), which a reader loading other
	// bodies meanwhile may read: Body makes those changes at its end,
	// all at once, under the lock.
	Shared sync.Locker
	l      *lowerer
}

// Start lowers the module level of m (all of Lower but the bodies).
func Start(m *ir.Module) (*Lowering, error) {
	l := &lowerer{
		m:        m,
		interned: map[string]*ir.Type{},
		ptrs:     map[ptrKey]*ir.Type{},
		types:    map[*ir.Type]*ir.Type{},
		opaques:  map[*ir.Type]*ir.Type{},
		consts:   map[ir.Constant]bool{},
		copies:   map[ir.Constant]ir.Constant{},
		casts:    map[ir.Constant]bool{},
		mdSeen:   map[ir.Metadata]bool{},
	}
	// The module's own i8, when it has one (ty keeps the module's types).
	for _, t := range m.Types {
		if t.Kind == ir.IntegerType && t.BitWidth == 8 {
			l.i8 = l.intern(t)
			break
		}
	}
	if l.i8 == nil {
		l.i8 = l.intern(&ir.Type{Kind: ir.IntegerType, BitWidth: 8})
	}
	l.module()
	if l.err != nil {
		return nil, l.err
	}
	return &Lowering{l: l}, nil
}

// Body lowers the body of f, a function of the module Start lowered,
// which must be in memory; the error is the first met since Start.
func (lw *Lowering) Body(f *ir.Function) error {
	l := lw.l
	l.body(f)
	if len(l.pending) > 0 {
		if lw.Shared != nil {
			lw.Shared.Lock()
		}
		for _, p := range l.pending {
			p.n.Value = p.v
		}
		if lw.Shared != nil {
			lw.Shared.Unlock()
		}
		clear(l.pending)
		l.pending = l.pending[:0]
	}
	return l.err
}

// Stats returns what the lowering added to the module so far.
func (lw *Lowering) Stats() Stats { return lw.l.stats }

// A lowerer lowers one module.
type lowerer struct {
	m  *ir.Module
	i8 *ir.Type
	// interned holds every type the lowerer made or returned but
	// identified structs, by a key of its kind and parts, so that types
	// are compared by identity.
	interned map[string]*ir.Type
	ptrs     map[ptrKey]*ir.Type
	// types maps each type met to its lowered form (itself when it has
	// no pointer in it).
	types map[*ir.Type]*ir.Type
	// opaques maps each type met to its lowered form with every
	// pointer opaque (opaque).
	opaques map[*ir.Type]*ir.Type
	// consts are the constants lowered (in place), casts the bitcasts
	// made by coerce.
	consts map[ir.Constant]bool
	// inBody is set while a body's operands are lowered; copies are
	// the copies of the constants they held (constant).
	inBody bool
	copies map[ir.Constant]ir.Constant
	// attrCopies are the lowered copies of the attribute lists of a
	// body's instructions that changed (bodyAttrs).
	attrCopies map[ir.AttrListRef]ir.AttrList
	// pending are the changes of metadata nodes' constants met in a
	// body, made at the end of Body.
	pending []pendingValue
	casts   map[ir.Constant]bool
	mdSeen  map[ir.Metadata]bool
	stats   Stats
	err     error
}

// A pendingValue is a metadata node's constant to be changed to v.
type pendingValue struct {
	n *ir.ValueAsMetadata
	v ir.Value
}

// fail records the first error.
func (l *lowerer) fail(format string, args ...any) {
	if l.err == nil {
		l.err = &UnsupportedError{What: fmt.Sprintf(format, args...)}
	}
}

// intern returns the one type of t's kind and parts (which must be
// interned already).
func (l *lowerer) intern(t *ir.Type) *ir.Type {
	if t.Kind == ir.StructType && t.Identified {
		return t
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d/%d/%d/%t/%t/%s/%v/%p/%p/%p", t.Kind, t.BitWidth, t.AddrSpace, t.Len, t.VarArg, t.Packed,
		t.Name, t.IntParams, t.Pointee, t.Elem, t.Ret)
	for _, ts := range [][]*ir.Type{t.Params, t.Fields, t.TypeParams} {
		b.WriteByte('|')
		for _, p := range ts {
			fmt.Fprintf(&b, "%p,", p)
		}
	}
	k := b.String()
	if r, ok := l.interned[k]; ok {
		return r
	}
	l.interned[k] = t
	return t
}

// A ptrKey identifies a typed pointer type: its pointee (interned) and
// address space.
type ptrKey struct {
	pointee *ir.Type
	as      uint32
}

// ptrTo returns the type pointer to t (interned) in address space as.
func (l *lowerer) ptrTo(t *ir.Type, as uint32) *ir.Type {
	switch t.Kind {
	case ir.VoidType, ir.LabelType, ir.MetadataType, ir.TokenType, ir.X86AMXType:
		// No typed pointer points to one (PointerType::isValidElementType):
		// a typed reader refuses it ("Invalid type"). An ifunc of value
		// type void is one LLVM 22 reads.
		l.fail("a pointer to a value of type void, label, metadata, token or x86_amx")
		t = l.i8
	}
	k := ptrKey{t, as}
	if p, ok := l.ptrs[k]; ok {
		return p
	}
	p := l.intern(&ir.Type{Kind: ir.PointerType, AddrSpace: as, Pointee: t})
	l.ptrs[k] = p
	return p
}

// vecOf returns a vector type like v (fixed or scalable, of its length)
// of elements e.
func (l *lowerer) vecOf(v, e *ir.Type) *ir.Type {
	return l.intern(&ir.Type{Kind: v.Kind, Len: v.Len, Elem: e})
}

// ty returns the lowered form of type t: an opaque pointer is i8* in its
// address space, and the types made of types that change are made anew
// (identified structs are changed in place).
func (l *lowerer) ty(t *ir.Type) *ir.Type {
	if t == nil {
		return nil
	}
	if r, ok := l.types[t]; ok {
		return r
	}
	// A type that does not change is kept (the first of its kind and
	// parts met, which is the module's own): what the module level
	// holds and a body read after it was lowered then have the same.
	var r *ir.Type
	switch t.Kind {
	case ir.PointerType:
		if t.Pointee != nil {
			r = l.intern(t)
		} else {
			r = l.ptrTo(l.i8, t.AddrSpace)
		}
	case ir.StructType:
		if t.Identified {
			l.types[t] = t
			for i, f := range t.Fields {
				t.Fields[i] = l.ty(f)
			}
			return t
		}
		r = t
		if fs := l.tys(t.Fields); !slices.Equal(fs, t.Fields) {
			c := *t
			c.Fields = fs
			r = &c
		}
		r = l.intern(r)
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		r = t
		if e := l.ty(t.Elem); e != t.Elem {
			c := *t
			c.Elem = e
			r = &c
		}
		r = l.intern(r)
	case ir.FunctionType:
		r = t
		if ret, ps := l.ty(t.Ret), l.tys(t.Params); ret != t.Ret || !slices.Equal(ps, t.Params) {
			c := *t
			c.Ret, c.Params = ret, ps
			r = &c
		}
		r = l.intern(r)
	case ir.TargetExtType:
		r = t
		if ps := l.tys(t.TypeParams); !slices.Equal(ps, t.TypeParams) {
			c := *t
			c.TypeParams = ps
			r = &c
		}
		r = l.intern(r)
	default:
		r = l.intern(t)
	}
	l.types[t], l.types[r] = r, r
	return r
}

// opaque returns the lowered form of t as if each of its pointers were
// opaque (i8* in its address space, whatever it points to): the type of
// a value that a reader computed from an operand lowered before it, such
// as a select of a global of a module whose level was lowered before the
// body was read. For a type of opaque pointers, it is ty's.
func (l *lowerer) opaque(t *ir.Type) *ir.Type {
	if t == nil {
		return nil
	}
	if r, ok := l.opaques[t]; ok {
		return r
	}
	var r *ir.Type
	switch t.Kind {
	case ir.PointerType:
		r = l.ptrTo(l.i8, t.AddrSpace)
	case ir.StructType:
		if t.Identified {
			return l.ty(t)
		}
		c := *t
		c.Fields = make([]*ir.Type, len(t.Fields))
		for i, f := range t.Fields {
			c.Fields[i] = l.opaque(f)
		}
		r = l.intern(&c)
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		c := *t
		c.Elem = l.opaque(t.Elem)
		r = l.intern(&c)
	default:
		r = l.ty(t)
	}
	l.opaques[t] = r
	return r
}

// tys returns the lowered forms of ts, in a new slice.
func (l *lowerer) tys(ts []*ir.Type) []*ir.Type {
	if ts == nil {
		return nil
	}
	out := make([]*ir.Type, len(ts))
	for i, t := range ts {
		out[i] = l.ty(t)
	}
	return out
}

// canonical returns the type a value of lowered type t has where its use
// wants no particular pointee: a pointer (or vector of pointers) as i8*
// in its address space, other types as they are.
func (l *lowerer) canonical(t *ir.Type) *ir.Type {
	switch {
	case t.Kind == ir.PointerType:
		return l.ptrTo(l.i8, t.AddrSpace)
	case t.IsVector() && t.Elem.Kind == ir.PointerType:
		return l.vecOf(t, l.ptrTo(l.i8, t.Elem.AddrSpace))
	}
	return t
}

// pointee returns the type a pointer parameter of attributes s must
// point to in a typed-pointer module, nil for any: that of its byval,
// sret, byref, inalloca, preallocated or elementtype attribute, or a
// pointer (i8*) for swifterror.
func (l *lowerer) pointee(s ir.AttrSet) *ir.Type {
	for _, a := range s {
		switch a.Kind {
		case ir.AttrByVal, ir.AttrStructRet, ir.AttrByRef, ir.AttrInAlloca, ir.AttrPreallocated, ir.AttrElementType:
			if a.Type != nil {
				return l.ty(a.Type)
			}
		case ir.AttrSwiftError:
			return l.ptrTo(l.i8, 0)
		}
	}
	return nil
}

// lowerAttrs lowers the types of the type attributes of l in place (a
// function's, at the module level; a body's are copied first,
// bodyAttrs). A set shared by several lists is met again from each:
// written only when changed.
func (l *lowerer) lowerAttrs(al *ir.AttrList) {
	set := func(s ir.AttrSet) {
		for i := range s {
			if s[i].Type != nil {
				if t := l.ty(s[i].Type); t != s[i].Type {
					s[i].Type = t
				}
			}
		}
	}
	set(al.Fn)
	set(al.Ret)
	for _, p := range al.Params {
		set(p)
	}
}

// bodyAttrs returns the attribute list al of a body's instruction with
// the types of its type attributes lowered: al itself when none changes,
// else a copy, one per list met (al's sets are shared with the module
// level and other bodies, which the reader of the next body reads).
func (l *lowerer) bodyAttrs(al ir.AttrList) ir.AttrList {
	changes := func(s ir.AttrSet) bool {
		for _, a := range s {
			if a.Type != nil && l.ty(a.Type) != a.Type {
				return true
			}
		}
		return false
	}
	change := changes(al.Fn) || changes(al.Ret)
	for _, p := range al.Params {
		change = change || changes(p)
	}
	if !change {
		return al
	}
	key := al.Ref()
	if c, ok := l.attrCopies[key]; ok {
		return c
	}
	c := ir.AttrList{Fn: slices.Clone(al.Fn), Ret: slices.Clone(al.Ret), Params: make([]ir.AttrSet, len(al.Params))}
	for i, p := range al.Params {
		c.Params[i] = slices.Clone(p)
	}
	l.lowerAttrs(&c)
	if l.attrCopies == nil {
		l.attrCopies = map[ir.AttrListRef]ir.AttrList{}
	}
	l.attrCopies[key] = c
	return c
}

// signature returns function type sig (lowered) with the pointer
// parameters that attrs give a type attribute pointing to that type.
func (l *lowerer) signature(sig *ir.Type, attrs *ir.AttrList) *ir.Type {
	var params []*ir.Type
	for i, p := range sig.Params {
		if p.Kind != ir.PointerType {
			continue
		}
		t := l.pointee(attrs.Param(i))
		if t == nil {
			continue
		}
		if params == nil {
			params = append([]*ir.Type(nil), sig.Params...)
		}
		params[i] = l.ptrTo(t, p.AddrSpace)
	}
	if params == nil {
		return sig
	}
	c := *sig
	c.Params = params
	return l.intern(&c)
}
