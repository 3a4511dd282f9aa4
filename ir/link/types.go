package link

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// A typeMapper maps the types of one source module onto the destination's
// (LLVM's TypeMapTy): an identified struct type onto the destination's of
// the same name (before the context renamed it NAME.N) and shape, or onto
// a destination type with the same body, or else into the destination as
// it is. The model's types are the source's own objects: a literal type
// is changed in place, its contained types mapped.
type typeMapper struct {
	l      *Linker
	mapped map[*ir.Type]*ir.Type
	// spec are the types mapped speculatively by one isomorphism check;
	// specOpaque the opaque destination types it resolved.
	spec       []*ir.Type
	specOpaque []*ir.Type
	// resolved are the opaque destination types a source type gives a
	// body (DstResolvedOpaqueTypes), toResolve those source types.
	resolved  map[*ir.Type]bool
	toResolve []*ir.Type
	visiting  map[*ir.Type]bool
}

func newTypeMapper(l *Linker) *typeMapper {
	return &typeMapper{l: l, mapped: map[*ir.Type]*ir.Type{}, resolved: map[*ir.Type]bool{}, visiting: map[*ir.Type]bool{}}
}

// typeNamePrefix is getTypeNamePrefix: NAME for NAME.N.
func typeNamePrefix(name string) string {
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 || name[len(name)-1] == '.' || name[dot+1] < '0' || name[dot+1] > '9' {
		return name
	}
	return name[:dot]
}

// computeMapping is IRLinker::computeTypeMapping for opaque-pointer
// modules (the global values' types are all ptr): each identified struct
// of src that the context renamed NAME.N is mapped onto the destination's
// NAME when the two are isomorphic.
func (tm *typeMapper) computeMapping(src *ir.Module) {
	l := tm.l
	for _, st := range src.Types {
		if !st.Identified || st.Name == "" {
			continue
		}
		prefix := typeNamePrefix(st.Name)
		if prefix == st.Name {
			continue
		}
		dst := l.ctxTypes[prefix]
		// An opaque type, on either side, is not mapped by its name:
		// llvm-link-22 keeps %T opaque beside a later module's %T.0
		// with a body, and a later opaque %T.0 beside %T (checked with
		// llvm-link-22: the types-opaque cases of testdata; LLVM's
		// source would map both).
		if dst == nil || !l.dstTypes[dst] || dst.Opaque || st.Opaque {
			continue
		}
		tm.addMapping(dst, st)
	}
	// linkDefinedTypeBodies: opaque destination types take the bodies of
	// the source types mapped onto them.
	for _, st := range tm.toResolve {
		dt := tm.mapped[st]
		fields := make([]*ir.Type, len(st.Fields))
		for i, f := range st.Fields {
			fields[i] = tm.get(f)
		}
		dt.Fields, dt.Packed, dt.Opaque = fields, st.Packed, false
		tm.l.addBody(dt)
	}
	tm.toResolve = nil
}

// addMapping is TypeMapTy::addTypeMapping.
func (tm *typeMapper) addMapping(dst, src *ir.Type) {
	if !tm.isomorphic(dst, src) {
		for _, t := range tm.spec {
			delete(tm.mapped, t)
		}
		tm.toResolve = tm.toResolve[:len(tm.toResolve)-len(tm.specOpaque)]
		for _, t := range tm.specOpaque {
			delete(tm.resolved, t)
		}
	} else {
		for _, t := range tm.spec {
			if t.Kind == ir.StructType && t.Identified && t.Name != "" {
				tm.l.dropTypeName(t)
			}
		}
	}
	tm.spec, tm.specOpaque = tm.spec[:0], tm.specOpaque[:0]
}

// isomorphic is TypeMapTy::areTypesIsomorphic. Types LLVM's context
// uniques (all but identified structs) are one type there when they are
// equal: here, when identical says so.
func (tm *typeMapper) isomorphic(dst, src *ir.Type) bool {
	if dst.Kind != src.Kind {
		return false
	}
	if e, ok := tm.mapped[src]; ok {
		// A type the context uniques is one object there: here, equal
		// ones are the same type.
		return e == dst || identical(e, dst)
	}
	if identical(dst, src) {
		tm.mapped[src] = dst
		return true
	}
	if src.Kind == ir.StructType && src.Identified {
		if src.Opaque {
			tm.mapped[src] = dst
			tm.spec = append(tm.spec, src)
			return true
		}
		if dst.Identified && dst.Opaque {
			if tm.resolved[dst] {
				return false
			}
			tm.resolved[dst] = true
			tm.toResolve = append(tm.toResolve, src)
			tm.spec = append(tm.spec, src)
			tm.specOpaque = append(tm.specOpaque, dst)
			tm.mapped[src] = dst
			return true
		}
	}
	ds, ss := contained(dst), contained(src)
	if len(ds) != len(ss) {
		return false
	}
	switch dst.Kind {
	case ir.IntegerType:
		return false // the widths differ
	case ir.PointerType:
		if dst.AddrSpace != src.AddrSpace {
			return false
		}
	case ir.FunctionType:
		if dst.VarArg != src.VarArg {
			return false
		}
	case ir.StructType:
		if dst.Identified != src.Identified || dst.Packed != src.Packed {
			return false
		}
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		if dst.Len != src.Len {
			return false
		}
	}
	tm.mapped[src] = dst
	tm.spec = append(tm.spec, src)
	for i := range ss {
		if !tm.isomorphic(ds[i], ss[i]) {
			return false
		}
	}
	return true
}

// contained returns the types t contains, in LLVM's order.
func contained(t *ir.Type) []*ir.Type { return t.Contained() }

// setContained sets the types t contains (in place).
func setContained(t *ir.Type, ts []*ir.Type) {
	switch t.Kind {
	case ir.FunctionType:
		t.Ret, t.Params = ts[0], ts[1:]
	case ir.StructType:
		t.Fields = ts
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		t.Elem = ts[0]
	case ir.TargetExtType:
		t.TypeParams = ts
	}
}

// identical reports whether a and b are one type in LLVM's context: the
// same identified struct, or equal types LLVM uniques.
func identical(a, b *ir.Type) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind {
		return false
	}
	if a.Kind == ir.StructType && (a.Identified || b.Identified) {
		return false
	}
	return typeKey(a) == typeKey(b)
}

// typeKey is what identifies t in LLVM's context: its structure, an
// identified struct by its identity.
func typeKey(t *ir.Type) string {
	var b strings.Builder
	writeTypeKey(&b, t)
	return b.String()
}

func writeTypeKey(b *strings.Builder, t *ir.Type) {
	if t == nil {
		b.WriteString("nil")
		return
	}
	if t.Kind == ir.StructType && t.Identified {
		fmt.Fprintf(b, "%%%p", t)
		return
	}
	fmt.Fprintf(b, "k%d", t.Kind)
	switch t.Kind {
	case ir.IntegerType:
		fmt.Fprintf(b, "i%d", t.BitWidth)
	case ir.PointerType:
		fmt.Fprintf(b, "p%d", t.AddrSpace)
	case ir.FunctionType:
		if t.VarArg {
			b.WriteString("...")
		}
	case ir.StructType:
		if t.Packed {
			b.WriteString("<>")
		}
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		fmt.Fprintf(b, "[%d]", t.Len)
	case ir.TargetExtType:
		fmt.Fprintf(b, "%q%v", t.Name, t.IntParams)
	}
	b.WriteString("(")
	for _, c := range contained(t) {
		writeTypeKey(b, c)
		b.WriteString(",")
	}
	b.WriteString(")")
}

// bodyKey identifies the body of an identified struct (its fields, as
// mapped, and packedness).
func bodyKey(fields []*ir.Type, packed bool) string {
	var b strings.Builder
	if packed {
		b.WriteString("<>")
	}
	for _, f := range fields {
		writeTypeKey(&b, f)
		b.WriteString(",")
	}
	return b.String()
}

// get is TypeMapTy::get: the destination type of source type t.
func (tm *typeMapper) get(t *ir.Type) *ir.Type {
	if t == nil {
		return nil
	}
	if e, ok := tm.mapped[t]; ok {
		return e
	}
	l := tm.l
	identified := t.Kind == ir.StructType && t.Identified
	if identified {
		if l.dstTypes[t] {
			return t
		}
		if tm.visiting[t] {
			return t // a recursive reference: the type is being mapped
		}
		tm.visiting[t] = true
		defer delete(tm.visiting, t)
	}
	cs := contained(t)
	if len(cs) == 0 && !identified {
		tm.mapped[t] = t
		return t
	}
	ns := make([]*ir.Type, len(cs))
	changed := false
	for i, c := range cs {
		ns[i] = tm.get(c)
		changed = changed || ns[i] != c
	}
	if e, ok := tm.mapped[t]; ok {
		return e
	}
	if !identified {
		if changed {
			setContained(t, ns)
		}
		tm.mapped[t] = t
		return t
	}
	if t.Opaque {
		l.dstTypes[t] = true
		tm.mapped[t] = t
		return t
	}
	if old := l.bodies[bodyKey(ns, t.Packed)]; old != nil {
		l.dropTypeName(t)
		tm.mapped[t] = old
		return old
	}
	if changed {
		t.Fields = ns
	}
	l.dstTypes[t] = true
	l.addBody(t)
	tm.mapped[t] = t
	return t
}

// addBody notes the body of destination type t (the first type of a body
// is the one later ones are mapped onto).
func (l *Linker) addBody(t *ir.Type) {
	k := bodyKey(t.Fields, t.Packed)
	if l.bodies[k] == nil {
		l.bodies[k] = t
	}
	l.dstTypes[t] = true
}

// dropTypeName clears the name of identified struct t, which the
// context frees.
func (l *Linker) dropTypeName(t *ir.Type) {
	if l.ctxTypes[t.Name] == t {
		delete(l.ctxTypes, t.Name)
	}
	t.Name = ""
}

// sortTypes puts identified struct types in a stable order: by name
// (printers and writers find them by walking the module).
func sortTypes(ts []*ir.Type) {
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].Name < ts[j].Name })
}
