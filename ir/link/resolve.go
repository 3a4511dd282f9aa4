package link

import (
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// A moduleLinker decides which global values of a source module are
// linked (LLVM's ModuleLinker): ValuesToLink, in the order of the
// module's globals, functions, aliases and ifuncs.
type moduleLinker struct {
	l     *Linker
	src   *ir.Module
	flags Flags

	toLink []ir.Constant
	linked map[ir.Constant]bool
	// names are the names of toLink's values as they were added (those
	// Flags.Internalize makes internal).
	names []string
	// chosen says, for each comdat of src, whether its members come from
	// the source (LinkFrom::Src) or stay the destination's.
	chosen map[*ir.Comdat]linkFrom
	// lazyMembers are the members of each comdat that are linked only
	// when referenced.
	lazyMembers map[*ir.Comdat][]ir.Constant
	// all are the source's global values, srcNames the named ones by
	// name (made when first needed).
	all      []ir.Constant
	srcNames map[string]ir.Constant
	// dropped are the destination's values in comdats src replaced.
	dropped []droppedValue
	// toClone are the variables of nodeduplicate comdats whose
	// initializers are kept apart (cloneNoDeduplicate).
	toClone []ir.Constant
}

type linkFrom uint8

const (
	fromDst linkFrom = iota
	fromSrc
	fromBoth
)

// linkedTo is IRLinker/ModuleLinker::getLinkedToGlobal: the destination's
// global value of src's name, unless either is local.
func (l *Linker) linkedTo(src ir.Constant) ir.Constant {
	h := header(src)
	if h.Name == "" || h.Linkage.IsLocal() {
		return nil
	}
	d := l.namedValue(h.Name)
	if d == nil || header(d).Linkage.IsLocal() {
		return nil
	}
	return d
}

func (ml *moduleLinker) run() error {
	ml.linked = map[ir.Constant]bool{}
	ml.chosen = map[*ir.Comdat]linkFrom{}
	ml.lazyMembers = map[*ir.Comdat][]ir.Constant{}
	src := ml.src
	var all []ir.Constant
	for _, g := range src.Globals {
		all = append(all, g)
	}
	for _, f := range src.Functions {
		all = append(all, f)
	}
	for _, a := range src.Aliases {
		all = append(all, a)
	}
	for _, i := range src.IFuncs {
		all = append(all, i)
	}
	ml.all = all
	seen := map[*ir.Comdat]bool{}
	// replaced are the destination's comdats whose members a larger one
	// of src replaces (ReplacedDstComdats).
	replaced := map[*ir.Comdat]bool{}
	nonPrevailing := false
	for _, c := range all {
		cd := comdatOfValue(c)
		if cd == nil || seen[cd] {
			continue
		}
		seen[cd] = true
		from, err := ml.chooseComdat(cd)
		if err != nil {
			return err
		}
		ml.chosen[cd] = from
		if dc := ml.l.comdats[cd.Name]; dc != nil && from == fromSrc {
			replaced[dc] = true
		}
		nonPrevailing = nonPrevailing || from == fromDst
	}
	if len(replaced) > 0 {
		ml.dropReplacedComdats(replaced)
	}
	if nonPrevailing {
		ml.dropNonPrevailingPrivates()
	}
	// LazyComdatMembers: a comdat's linkonce members, linked with the
	// first of its members linked (its local ones only once referenced).
	for _, c := range all {
		if cd := comdatOfValue(c); cd != nil && isLinkOnce(header(c).Linkage) {
			ml.lazyMembers[cd] = append(ml.lazyMembers[cd], c)
		}
	}
	for _, c := range all {
		if err := ml.linkIfNeeded(c); err != nil {
			return err
		}
	}
	if err := ml.cloneNoDeduplicate(); err != nil {
		return err
	}
	for i := 0; i < len(ml.toLink); i++ {
		cd := comdatOfValue(ml.toLink[i])
		if cd == nil {
			continue
		}
		for _, c2 := range ml.lazyMembers[cd] {
			d := ml.l.linkedTo(c2)
			fromSrc := true
			if d != nil {
				var err error
				if fromSrc, err = ml.shouldLinkFromSource(d, c2); err != nil {
					return err
				}
			}
			if fromSrc {
				ml.add(c2)
			}
		}
	}
	return nil
}

// add adds c to ValuesToLink, once; it reports whether c was new.
func (ml *moduleLinker) add(c ir.Constant) bool {
	if ml.linked[c] {
		return false
	}
	ml.linked[c] = true
	ml.toLink = append(ml.toLink, c)
	if ml.flags.Internalize {
		ml.names = append(ml.names, header(c).Name)
	}
	return true
}

// comdatOfValue is GlobalValue::getComdat: an alias is in the comdat of
// the object it aliases.
func comdatOfValue(c ir.Constant) *ir.Comdat {
	if a, ok := c.(*ir.Alias); ok {
		if o := ir.AliaseeObject(a.Aliasee); o != nil {
			return comdatOf(o)
		}
		return nil
	}
	return comdatOf(c)
}

// comdatOf is GlobalObject::getComdat: a variable's or function's comdat.
func comdatOf(c ir.Constant) *ir.Comdat {
	switch g := c.(type) {
	case *ir.GlobalVar:
		return g.Comdat
	case *ir.Function:
		return g.Comdat
	}
	return nil
}

// chooseComdat is ModuleLinker::getComdatResult for src's comdat cd: from
// which module its members come. The data-dependent kinds compare the
// comdats' leaders (the variables of their names).
func (ml *moduleLinker) chooseComdat(cd *ir.Comdat) (linkFrom, error) {
	dc := ml.l.comdats[cd.Name]
	if dc == nil {
		return fromSrc, nil
	}
	var sel ir.ComdatSelection
	switch {
	case isAnyOrLargest(cd.Selection) && isAnyOrLargest(dc.Selection):
		// Any mixes with Largest (COFF's way).
		sel = ir.ComdatAny
		if cd.Selection == ir.ComdatLargest || dc.Selection == ir.ComdatLargest {
			sel = ir.ComdatLargest
		}
	case cd.Selection == dc.Selection:
		sel = cd.Selection
	default:
		return 0, &Error{Msg: "Linking COMDATs named '" + cd.Name + "': invalid selection kinds!"}
	}
	switch sel {
	case ir.ComdatAny:
		return fromDst, nil
	case ir.ComdatNoDeduplicate:
		return fromBoth, nil
	}
	dst, err := ml.comdatLeader(ml.l.namedValue(cd.Name), cd.Name)
	if err != nil {
		return 0, err
	}
	src, err := ml.comdatLeader(ml.srcNamed(cd.Name), cd.Name)
	if err != nil {
		return 0, err
	}
	dsize, err := ml.allocSize(ml.l.m.DataLayout, dst.ValueType)
	if err != nil {
		return 0, err
	}
	ssize, err := ml.allocSize(ml.src.DataLayout, src.ValueType)
	if err != nil {
		return 0, err
	}
	switch sel {
	case ir.ComdatExactMatch:
		if !sameConstant(src.Init, dst.Init) {
			return 0, &Error{Msg: "Linking COMDATs named '" + cd.Name + "': ExactMatch violated!"}
		}
	case ir.ComdatSameSize:
		if ssize != dsize {
			return 0, &Error{Msg: "Linking COMDATs named '" + cd.Name + "': SameSize violated!"}
		}
	case ir.ComdatLargest:
		if ssize > dsize {
			// The destination's members go (dropReplacedComdats).
			return fromSrc, nil
		}
	}
	return fromDst, nil
}

// dropReplacedComdats is ModuleLinker::dropReplacedComdat for each of the
// destination's global values in a comdat of replaced, the aliases first
// (an alias's comdat is its aliasee's), then the variables, then the
// functions: one nothing refers to leaves the destination; one referred
// to stays as a declaration that src's member of its name then replaces,
// as any definition replaces a declaration. A function loses its body
// (Function::deleteBody: external, its comdat kept), a variable its
// initializer; an alias is replaced by an external declaration of its
// value type, made at the end of the destination's functions or
// variables. A declaration no later module defines again leaves the
// module broken, as llvm-link-22's verifier finds it (Linker.Broken).
func (ml *moduleLinker) dropReplacedComdats(replaced map[*ir.Comdat]bool) {
	l := ml.l
	l.compact(true)
	used := l.referenced()
	erase := func(c ir.Constant) bool {
		ml.dropped = append(ml.dropped, droppedValue{c, header(c).Name})
		if used[c] {
			return false
		}
		l.dropName(c)
		l.remove(c)
		return true
	}
	for _, a := range l.m.Aliases {
		obj := ir.AliaseeObject(a.Aliasee)
		if obj == nil || !replaced[comdatOfValue(a)] || erase(a) {
			continue
		}
		// The declaration is in the alias's address space (LLVM's, in
		// the data layout's default one: the same but for targets with
		// several).
		// (LLVM's dropReplacedComdat gives it no thread-local mode.)
		decl := l.externalDeclaration(a.Typ, a.ValueType, ir.NotThreadLocal)
		name := a.Name
		l.dropName(a)
		l.remove(a)
		l.addName(decl, name)
		l.forward[a] = decl
		l.md.replaceValue(a, decl)
	}
	for _, g := range l.m.Globals {
		if g.Comdat != nil && replaced[g.Comdat] && !erase(g) {
			g.Init = nil
		}
	}
	for _, f := range l.m.Functions {
		if f.Comdat != nil && replaced[f.Comdat] && !erase(f) {
			f.HasBody, f.Params, f.Blocks, f.UseListOrders = false, nil, nil, nil
			f.Personality, f.Prefix, f.Prologue = nil, nil, nil
			f.Metadata = nil
			f.Linkage = ir.ExternalLinkage
		}
	}
}

// dropNonPrevailingPrivates is what ModuleLinker::run does with the
// private members of the source's comdats whose members stay the
// destination's (LinkFrom::Dst), but for those an alias of the source
// aliases: they become available_externally, out of their comdat, so that
// they are not linked as private copies of their own (one the
// destination's values refer to is linked under its name, the
// destination's private value of that name renamed NAME.N: profile data
// of inline functions, __profd_*, in every unit that uses them).
func (ml *moduleLinker) dropNonPrevailingPrivates() {
	aliased := map[ir.Constant]bool{}
	for _, a := range ml.src.Aliases {
		if o := ir.AliaseeObject(a.Aliasee); o != nil && comdatOf(o) != nil {
			aliased[o] = true
		}
	}
	drop := func(c ir.Constant, cd *ir.Comdat) bool {
		return cd != nil && ml.chosen[cd] == fromDst && header(c).Linkage == ir.PrivateLinkage && !aliased[c]
	}
	for _, g := range ml.src.Globals {
		if drop(g, g.Comdat) {
			g.Linkage, g.Comdat = ir.AvailableExternallyLinkage, nil
		}
	}
	for _, f := range ml.src.Functions {
		if drop(f, f.Comdat) {
			f.Linkage, f.Comdat = ir.AvailableExternallyLinkage, nil
		}
	}
}

// A droppedValue is a global value of the destination a comdat of a later
// module replaced (dropReplacedComdats), and the name it had.
type droppedValue struct {
	c    ir.Constant
	name string
}

// noteReplaced records, for Resolutions, which definition of a later
// module took the place of each value of dropped.
func (l *Linker) noteReplaced(dropped []droppedValue) {
	for _, d := range dropped {
		if n := l.namedValue(d.name); n != nil && n != d.c && !isDeclaration(n) {
			l.replacedBy[d.c] = n
		}
	}
}

// srcNamed is the source's global value named name, nil if none.
func (ml *moduleLinker) srcNamed(name string) ir.Constant {
	if ml.srcNames == nil {
		ml.srcNames = map[string]ir.Constant{}
		for _, c := range ml.all {
			if h := header(c); h.Name != "" {
				ml.srcNames[h.Name] = c
			}
		}
	}
	return ml.srcNames[name]
}

// comdatLeader is ModuleLinker::getComdatLeader: the variable a comdat
// of a data-dependent kind is sized by, the global of its name (through
// an alias).
func (ml *moduleLinker) comdatLeader(c ir.Constant, name string) (*ir.GlobalVar, error) {
	if a, ok := c.(*ir.Alias); ok {
		if c = ir.AliaseeObject(a.Aliasee); c == nil {
			return nil, &Error{Msg: "Linking COMDATs named '" + name + "': COMDAT key involves incomputable alias size."}
		}
	}
	g, ok := c.(*ir.GlobalVar)
	if !ok {
		return nil, &Error{Msg: "Linking COMDATs named '" + name + "': GlobalVariable required for data dependent selection!"}
	}
	return g, nil
}

// allocSize is DataLayout::getTypeAllocSize under the data layout dl.
func (ml *moduleLinker) allocSize(dl string, t *ir.Type) (uint64, error) {
	layout, err := ir.ParseDataLayout(dl)
	if err != nil {
		return 0, &UnsupportedError{What: "the data layout " + dl}
	}
	n, ok := layout.AllocSize(t)
	if !ok {
		return 0, &UnsupportedError{What: "comdat leaders of unsized types"}
	}
	return n, nil
}

func isAnyOrLargest(s ir.ComdatSelection) bool {
	return s == ir.ComdatAny || s == ir.ComdatLargest
}

// sameConstant reports whether a and b are one constant in LLVM's
// context: of the same type (identified structs are the same object) and
// the same contents.
func sameConstant(a, b ir.Constant) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || !identical(a.Type(), b.Type()) {
		return false
	}
	switch x := a.(type) {
	case *ir.ConstAggregate:
		y, ok := b.(*ir.ConstAggregate)
		if !ok || len(x.Elems) != len(y.Elems) {
			return false
		}
		for i := range x.Elems {
			if !sameConstant(x.Elems[i], y.Elems[i]) {
				return false
			}
		}
		return true
	case *ir.ConstData:
		y, ok := b.(*ir.ConstData)
		return ok && slices.Equal(x.Elems, y.Elems)
	case *ir.ConstExpr:
		y, ok := b.(*ir.ConstExpr)
		if !ok || x.Op != y.Op || len(x.Operands) != len(y.Operands) {
			return false
		}
		for i := range x.Operands {
			if !sameConstant(x.Operands[i], y.Operands[i]) {
				return false
			}
		}
		if x.HasInRange != y.HasInRange || x.HasInRange && (x.InRangeLo.Cmp(y.InRangeLo) != 0 || x.InRangeHi.Cmp(y.InRangeHi) != 0) {
			return false
		}
		return identical(x.SrcElem, y.SrcElem) && x.Flags == y.Flags && x.Pred == y.Pred
	}
	if isGlobalValue(a) || isGlobalValue(b) {
		return false // two modules' globals are not one
	}
	k := valueKey(a)
	return !strings.HasPrefix(k, "0x") && k == valueKey(b) // "0x...": one of no kind valueKey knows
}

// linkIfNeeded is ModuleLinker::linkIfNeeded.
func (ml *moduleLinker) linkIfNeeded(c ir.Constant) error {
	l := ml.l
	h := header(c)
	d := l.linkedTo(c)
	if ml.flags.OnlyNeeded && h.Linkage != ir.AppendingLinkage && (d == nil || !isDeclaration(d)) {
		// Only what the destination declares.
		return nil
	}
	if d != nil && !h.Linkage.IsLocal() && h.Linkage != ir.AppendingLinkage {
		dh := header(d)
		dv, dok := d.(*ir.GlobalVar)
		sv, sok := c.(*ir.GlobalVar)
		if dok && sok {
			if dv.Init == nil && sv.Init == nil && (!dv.Constant || !sv.Constant) {
				dv.Constant, sv.Constant = false, false
			}
			if dh.Linkage == ir.CommonLinkage && h.Linkage == ir.CommonLinkage {
				if dv.Align != 0 || sv.Align != 0 {
					a := max(dv.Align, sv.Align, 1)
					dv.Align, sv.Align = a, a
				}
			}
		}
		vis := minVisibility(dh.Visibility, h.Visibility)
		dh.Visibility, h.Visibility = vis, vis
		fixDSOLocal(dh)
		fixDSOLocal(h)
		ua := min(dh.UnnamedAddr, h.UnnamedAddr)
		dh.UnnamedAddr, h.UnnamedAddr = ua, ua
	}
	if d == nil && !ml.flags.OverrideFromSrc && (h.Linkage.IsLocal() || isLinkOnce(h.Linkage) || h.Linkage == ir.AvailableExternallyLinkage) {
		return nil
	}
	if isDeclaration(c) {
		return nil
	}
	from := fromDst
	if cd := comdatOfValue(c); cd != nil {
		from = ml.chosen[cd]
		if from == fromDst {
			return nil
		}
	}
	fromSrc := true
	if d != nil {
		var err error
		if fromSrc, err = ml.shouldLinkFromSource(d, c); err != nil {
			return err
		}
	}
	if d != nil && from == fromBoth {
		if fromSrc {
			ml.toClone = append(ml.toClone, d)
		} else {
			ml.toClone = append(ml.toClone, c)
		}
	}
	if fromSrc {
		ml.add(c)
	}
	return nil
}

// cloneNoDeduplicate keeps, as ModuleLinker::run does, the initializer of
// each variable of a nodeduplicate comdat that the symbol resolution did
// not choose (the destination's or the source's: its members may use it
// by other means): an unnamed private copy of it, in its module and its
// comdat, linked when it is the source's. A function there is an error:
// llvm-link-22 says it ("error: linking 'f': non-variables in comdat
// nodeduplicate are not handled") but goes on and writes a module, exit
// status 0; here the link fails, as the message says.
func (ml *moduleLinker) cloneNoDeduplicate() error {
	for _, c := range ml.toClone {
		v, ok := c.(*ir.GlobalVar)
		if !ok {
			return &Error{Msg: "linking '" + header(c).Name + "': non-variables in comdat nodeduplicate are not handled"}
		}
		// GlobalVariable::copyAttributesFrom, then private and
		// dso_local, its visibility the default.
		n := &ir.GlobalVar{GlobalHeader: v.GlobalHeader, Init: v.Init, Constant: v.Constant,
			ExternallyInitialized: v.ExternallyInitialized, Section: v.Section, Comdat: v.Comdat,
			Align: v.Align, Attrs: v.Attrs, Sanitizer: v.Sanitizer, CodeModel: v.CodeModel}
		n.Name = ""
		n.Linkage, n.Visibility, n.DSOLocal = ir.PrivateLinkage, ir.DefaultVisibility, true
		if _, inDst := ml.l.gpos[v]; inDst {
			ml.l.addGlobal(n)
			continue
		}
		ml.src.Globals = append(ml.src.Globals, n)
		ml.add(n)
	}
	return nil
}

// minVisibility is getMinVisibility: the more restrictive of two
// visibilities (hidden over protected over default).
func minVisibility(a, b ir.Visibility) ir.Visibility {
	if a == ir.HiddenVisibility || b == ir.HiddenVisibility {
		return ir.HiddenVisibility
	}
	if a == ir.ProtectedVisibility || b == ir.ProtectedVisibility {
		return ir.ProtectedVisibility
	}
	return ir.DefaultVisibility
}

// fixDSOLocal is setVisibility's effect on dso_local: a global of
// non-default visibility (and not extern_weak) is dso_local.
func fixDSOLocal(h *ir.GlobalHeader) {
	if h.Linkage.IsLocal() || h.Visibility != ir.DefaultVisibility && h.Linkage != ir.ExternalWeakLinkage {
		h.DSOLocal = true
	}
}

// shouldLinkFromSource is ModuleLinker::shouldLinkFromSource: whether
// src's definition replaces dst's.
func (ml *moduleLinker) shouldLinkFromSource(dst, src ir.Constant) (bool, error) {
	if ml.flags.OverrideFromSrc {
		return true, nil
	}
	sh, dh := header(src), header(dst)
	if sh.Linkage == ir.AppendingLinkage || dh.Linkage == ir.AppendingLinkage {
		return true, nil
	}
	srcDecl, dstDecl := isDeclarationForLinker(src), isDeclarationForLinker(dst)
	if srcDecl {
		if sh.DLLStorage == ir.DLLImport {
			return dstDecl, nil
		}
		if dh.Linkage == ir.ExternalWeakLinkage {
			return true, nil
		}
		return !isDeclaration(src) && isDeclaration(dst), nil
	}
	if dstDecl {
		return true, nil
	}
	if sh.Linkage == ir.CommonLinkage {
		if isLinkOnce(dh.Linkage) || isWeak(dh.Linkage) {
			return true, nil
		}
		if dh.Linkage != ir.CommonLinkage {
			return false, nil
		}
		dl, err := ir.ParseDataLayout(ml.l.m.DataLayout)
		if err != nil {
			return false, &UnsupportedError{What: "common symbols with the data layout " + ml.l.m.DataLayout}
		}
		ss, ok1 := dl.AllocSize(sh.ValueType)
		ds, ok2 := dl.AllocSize(dh.ValueType)
		if !ok1 || !ok2 {
			return false, &UnsupportedError{What: "common symbols of unsized types"}
		}
		return ss > ds, nil
	}
	if isWeakForLinker(sh.Linkage) {
		return isLinkOnce(dh.Linkage) && isWeak(sh.Linkage), nil
	}
	if isWeakForLinker(dh.Linkage) {
		return true, nil
	}
	return false, &Error{Msg: "Linking globals named '" + sh.Name + "': symbol multiply defined!"}
}
