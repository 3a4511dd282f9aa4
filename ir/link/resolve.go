package link

import (
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
	seen := map[*ir.Comdat]bool{}
	for _, c := range all {
		cd := comdatOf(c)
		if cd == nil {
			continue
		}
		if !seen[cd] {
			seen[cd] = true
			from, err := ml.chooseComdat(cd)
			if err != nil {
				return err
			}
			ml.chosen[cd] = from
		}
		h := header(c)
		if h.Linkage.IsLocal() || isLinkOnce(h.Linkage) || h.Linkage == ir.AvailableExternallyLinkage {
			ml.lazyMembers[cd] = append(ml.lazyMembers[cd], c)
		}
	}
	for _, c := range all {
		if err := ml.linkIfNeeded(c); err != nil {
			return err
		}
	}
	for i := 0; i < len(ml.toLink); i++ {
		cd := comdatOf(ml.toLink[i])
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

func comdatOf(c ir.Constant) *ir.Comdat {
	switch g := c.(type) {
	case *ir.GlobalVar:
		return g.Comdat
	case *ir.Function:
		return g.Comdat
	}
	return nil
}

// chooseComdat is ModuleLinker::getComdatResult for src's comdat cd.
func (ml *moduleLinker) chooseComdat(cd *ir.Comdat) (linkFrom, error) {
	dc := ml.l.comdats[cd.Name]
	if dc == nil {
		return fromSrc, nil
	}
	if cd.Selection != dc.Selection {
		// Largest with Any is Largest; any other mix is an error.
		if !(isAnyOrLargest(cd.Selection) && isAnyOrLargest(dc.Selection)) {
			return 0, &Error{Msg: "Linking COMDATs named '" + cd.Name + "': invalid selection kinds!"}
		}
	}
	switch sel := resultKind(cd.Selection, dc.Selection); sel {
	case ir.ComdatAny:
		return fromDst, nil
	case ir.ComdatNoDeduplicate:
		return fromBoth, nil
	default:
		return 0, &UnsupportedError{What: "comdat selection kind " + sel.String() + " between two modules"}
	}
}

func isAnyOrLargest(s ir.ComdatSelection) bool {
	return s == ir.ComdatAny || s == ir.ComdatLargest
}

func resultKind(a, b ir.ComdatSelection) ir.ComdatSelection {
	if a != b {
		return ir.ComdatLargest
	}
	return a
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
	if cd := comdatOf(c); cd != nil {
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
		return &UnsupportedError{What: "nodeduplicate comdats defined in two modules"}
	}
	if fromSrc {
		ml.add(c)
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
