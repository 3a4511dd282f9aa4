package link

import (
	"slices"

	"github.com/bcextract/bcextract/ir"
)

// A mover moves the values a moduleLinker chose, and those they refer to,
// into the destination, as LLVM's IRLinker does: a global value is
// created in the destination (here: the source's object is taken over)
// when it is first referenced, in the order its users are mapped; the
// bodies and initializers of those linked are mapped last in, first out.
type mover struct {
	l    *Linker
	ml   *moduleLinker
	src  *ir.Module
	name string
	tm   *typeMapper

	srcSet map[ir.Constant]bool
	vmap   map[ir.Constant]ir.Constant
	// ivmap are the copies made of definitions not linked for the
	// aliases and ifuncs that refer to them (IndirectSymbolValueMap's
	// own entries).
	ivmap map[ir.Constant]ir.Constant
	// tasks are the bodies, initializers and aliasees to map (the
	// ValueMapper's worklist); outer the global values to link
	// (IRLinker's).
	tasks []task
	outer []ir.Constant
	rauw  [][2]ir.Constant
	done  bool // DoneLinkingBodies

	cdone map[ir.Constant]bool
	// badTBAA holds the source's bodies with a tag LLVM's TBAA verifier
	// rejects, found before any of its metadata is mapped (mapping
	// makes nodes unique in place, and the verifier compares nodes by
	// identity); stripTBAA is set once a body linked is one of them.
	badTBAA   map[*ir.Function]bool
	stripTBAA bool
	// stamp marks the nodes this mover mapped (nodeTable.done).
	stamp uint32
	err   error
}

type taskKind uint8

const (
	taskBody taskKind = iota
	taskInit
	taskAliasee
	taskAppending
)

type task struct {
	kind taskKind
	c    ir.Constant
	// An appending variable's initializer: the destination's elements,
	// then the source's, mapped.
	prefix, members []ir.Constant
}

func newMover(l *Linker, src *ir.Module, name string, ml *moduleLinker) *mover {
	m := &mover{l: l, ml: ml, src: src, name: name, tm: newTypeMapper(l),
		srcSet: map[ir.Constant]bool{}, vmap: map[ir.Constant]ir.Constant{},
		cdone: map[ir.Constant]bool{}}
	l.md.nt.mover++
	m.stamp = l.md.nt.mover
	for _, g := range src.Globals {
		m.srcSet[g] = true
	}
	verdicts := map[ir.MDNode]bool{}
	for _, f := range src.Functions {
		m.srcSet[f] = true
		if invalidTBAA(f, verdicts) {
			if m.badTBAA == nil {
				m.badTBAA = map[*ir.Function]bool{}
			}
			m.badTBAA[f] = true
		}
	}
	// An aliasee or resolver is mapped in a context of its own
	// (indirect): the constants it is made of are copied, not to be
	// mapped in place by the bodies that share them.
	for _, a := range src.Aliases {
		m.srcSet[a] = true
		a.Aliasee = copyConstTree(a.Aliasee)
	}
	for _, i := range src.IFuncs {
		m.srcSet[i] = true
		i.Resolver = copyConstTree(i.Resolver)
	}
	return m
}

// copyConstTree returns a copy of constant c whose expressions and
// aggregates are new, the global values and other constants they are made
// of the same.
func copyConstTree(c ir.Constant) ir.Constant {
	copyAll := func(cs []ir.Constant) []ir.Constant {
		out := make([]ir.Constant, len(cs))
		for i, c := range cs {
			out[i] = copyConstTree(c)
		}
		return out
	}
	switch x := c.(type) {
	case *ir.ConstExpr:
		y := *x
		y.Operands = copyAll(x.Operands)
		return &y
	case *ir.ConstAggregate:
		y := *x
		y.Elems = copyAll(x.Elems)
		return &y
	}
	return c
}

// run is IRLinker::run.
func (m *mover) run() error {
	l, dst, src := m.l, m.l.m, m.src
	if dst.DataLayout == "" {
		dst.DataLayout = src.DataLayout
	}
	if dst.Triple == "" && src.Triple != "" {
		dst.Triple = src.Triple
	}
	if src.DataLayout != dst.DataLayout {
		l.warn("Linking two modules of different data layouts: '" + m.name + "' is '" + src.DataLayout + "' whereas '" + l.name + "' is '" + dst.DataLayout + "'\n")
	}
	if src.Triple != "" && src.Triple != dst.Triple {
		l.warn("Linking two modules of different target triples: '" + m.name + "' is '" + src.Triple + "' whereas '" + l.name + "' is '" + dst.Triple + "'\n")
	}
	m.tm.computeMapping(src)

	m.outer = slices.Clone(m.ml.toLink)
	slices.Reverse(m.outer)
	for len(m.outer) > 0 {
		gv := m.outer[len(m.outer)-1]
		m.outer = m.outer[:len(m.outer)-1]
		if _, ok := m.vmap[gv]; ok {
			continue
		}
		m.mapValue(gv)
		m.flush()
		if m.err != nil {
			return m.err
		}
		m.flushRAUW()
	}
	m.done = true

	if err := m.linkNamedMetadata(); err != nil {
		return err
	}
	if len(src.Asm) > 0 {
		// IRLinker appends the source's inline assembly, after the
		// directives that put an ARM or Thumb module's back in its
		// section and mode (adjustInlineAsm).
		if len(dst.Asm) > 0 && dst.Asm[len(dst.Asm)-1] == "" {
			dst.Asm = dst.Asm[:len(dst.Asm)-1]
		}
		switch ir.ParseTriple(src.Triple).Arch {
		case "thumb", "thumbeb":
			dst.Asm = append(dst.Asm, ".text", ".balign 2", ".thumb")
		case "arm", "armeb":
			dst.Asm = append(dst.Asm, ".text", ".balign 4", ".arm")
		}
		dst.Asm = append(dst.Asm, src.Asm...)
		dst.AsmSymbols = nil
	}
	// The global variables of src, as mapped, go to the end in src's
	// order, each moved in turn.
	for _, g := range src.Globals {
		if g.Linkage == ir.AppendingLinkage {
			continue
		}
		if nv, _ := m.mapValue(g).(*ir.GlobalVar); nv != nil {
			l.moveGlobalToEnd(nv)
		}
	}
	if m.err != nil {
		return m.err
	}
	return m.linkModuleFlags()
}

// mapValue is ValueMapper::mapValue for a value of the source: a global
// value is materialized in the destination; what it is made of mapped.
func (m *mover) mapValue(v ir.Value) ir.Value {
	switch x := v.(type) {
	case nil:
		return nil
	case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
		c := x.(ir.Constant)
		if !m.srcSet[c] {
			return v
		}
		if d, ok := m.vmap[c]; ok {
			return d
		}
		d := m.materialize(c)
		if d == nil {
			return nil
		}
		m.vmap[c] = d
		return d
	case ir.Constant:
		m.mapConst(x)
		return v
	case *ir.MetadataValue:
		x.Typ = m.tm.get(x.Typ)
		x.MD = m.mapUnique(x.MD)
		return v
	case *ir.InlineAsm:
		x.FuncType = m.tm.get(x.FuncType)
		x.Typ = m.tm.get(x.Typ)
		return v
	}
	return v
}

// mapConst maps the types and operands of constant c (not a global
// value), once.
func (m *mover) mapConst(c ir.Constant) {
	switch c := c.(type) {
	case *ir.ConstInt, *ir.ConstFP, *ir.ConstNull, *ir.Undef, *ir.Poison, *ir.ConstData:
		// A leaf: mapping its type again is mapping it to what it is.
		h := constType(c)
		*h = m.tm.get(*h)
		return
	}
	if m.cdone[c] {
		return
	}
	m.cdone[c] = true
	op := func(o ir.Constant) ir.Constant {
		if o == nil {
			return nil
		}
		if v, ok := m.mapValue(o).(ir.Constant); ok {
			return v
		}
		return o
	}
	switch c := c.(type) {
	case *ir.ConstAggregate:
		c.Typ = m.tm.get(c.Typ)
		for i, e := range c.Elems {
			c.Elems[i] = op(e)
		}
	case *ir.ConstExpr:
		c.Typ = m.tm.get(c.Typ)
		for i, e := range c.Operands {
			c.Operands[i] = op(e)
		}
		c.SrcElem = m.tm.get(c.SrcElem)
	case *ir.BlockAddress:
		c.Typ = m.tm.get(c.Typ)
		if f, ok := m.mapValue(c.Func).(*ir.Function); ok {
			c.Func = f
		}
	case *ir.DSOLocalEquivalent:
		c.Typ = m.tm.get(c.Typ)
		c.Global = op(c.Global)
	case *ir.NoCFI:
		c.Typ = m.tm.get(c.Typ)
		c.Global = op(c.Global)
	case *ir.PtrAuth:
		c.Typ = m.tm.get(c.Typ)
		c.Ptr, c.Key, c.Disc, c.AddrDisc = op(c.Ptr), op(c.Key), op(c.Disc), op(c.AddrDisc)
		c.DeactivationSymbol = op(c.DeactivationSymbol)
	}
}

// constType returns where leaf constant c keeps its type.
func constType(c ir.Constant) **ir.Type {
	switch c := c.(type) {
	case *ir.ConstInt:
		return &c.Typ
	case *ir.ConstFP:
		return &c.Typ
	case *ir.ConstNull:
		return &c.Typ
	case *ir.Undef:
		return &c.Typ
	case *ir.Poison:
		return &c.Typ
	case *ir.ConstData:
		return &c.Typ
	}
	panic("link: not a leaf constant")
}

// shouldLink is IRLinker::shouldLink: whether src's definition is moved
// (dst is the destination's value of its name, or nil).
func (m *mover) shouldLink(dst, src ir.Constant) bool {
	h := header(src)
	if m.ml.linked[src] || h.Linkage.IsLocal() {
		return true
	}
	if dst != nil && !isDeclarationForLinker(dst) {
		return false
	}
	if isDeclaration(src) || m.done {
		return false
	}
	// ModuleLinker::addLazyFor: linkonce and available_externally
	// definitions (any, with OnlyNeeded) are linked once referenced,
	// with their comdat's lazy members.
	if !isLinkOnce(h.Linkage) && h.Linkage != ir.AvailableExternallyLinkage && !m.ml.flags.OnlyNeeded {
		return false
	}
	m.maybeAdd(src)
	if cd := comdatOfValue(src); cd != nil {
		for _, c2 := range m.ml.lazyMembers[cd] {
			d := m.l.linkedTo(c2)
			fromSrc := true
			if d != nil {
				var err error
				if fromSrc, err = m.ml.shouldLinkFromSource(d, c2); err != nil {
					break
				}
			}
			if fromSrc {
				m.maybeAdd(c2)
			}
		}
	}
	return true
}

func (m *mover) maybeAdd(c ir.Constant) {
	if m.ml.add(c) {
		m.outer = append(m.outer, c)
	}
}

// materialize is IRLinker::materialize: src's value in the destination,
// its body scheduled to be mapped when it is linked.
func (m *mover) materialize(src ir.Constant) ir.Constant {
	nv, isNew := m.linkProto(src)
	if nv == nil || !isNew {
		return nv
	}
	// The source's object is the new value: a declaration until its
	// body is linked.
	if m.shouldLink(nil, src) {
		switch c := src.(type) {
		case *ir.Function:
			m.checkTBAA(c)
			m.tasks = append(m.tasks, task{kind: taskBody, c: c})
		case *ir.GlobalVar:
			if c.Init != nil {
				m.tasks = append(m.tasks, task{kind: taskInit, c: c})
			}
		case *ir.Alias, *ir.IFunc:
			m.tasks = append(m.tasks, task{kind: taskAliasee, c: c})
		}
	} else {
		m.makeDeclaration(src)
	}
	m.updateAttributes(src)
	return nv
}

// linkProto is IRLinker::linkGlobalValueProto for a reference: the value
// src is mapped to, and whether it is src's own object, now in the
// destination.
func (m *mover) linkProto(src ir.Constant) (ir.Constant, bool) {
	l := m.l
	h := header(src)
	dst := l.linkedTo(src)
	should := m.shouldLink(dst, src)
	if sg, ok := src.(*ir.GlobalVar); ok && (sg.Linkage == ir.AppendingLinkage || dst != nil && header(dst).Linkage == ir.AppendingLinkage) {
		dg, _ := dst.(*ir.GlobalVar)
		return m.linkAppending(dg, sg), false
	}
	if dst != nil && !should {
		return dst, false
	}
	if m.done {
		return nil, false
	}
	switch src.(type) {
	case *ir.Alias, *ir.IFunc:
		if !should {
			return m.indirectDeclaration(src), false
		}
	}
	// copyGlobalValueProto: the new value is added to the destination
	// under src's name, made unique, then forced back to it.
	name := h.Name
	m.retype(src)
	l.addName(src, name)
	switch c := src.(type) {
	case *ir.GlobalVar:
		l.addGlobal(c)
	case *ir.Function:
		l.m.Functions = append(l.m.Functions, c)
	case *ir.Alias:
		l.m.Aliases = append(l.m.Aliases, c)
	case *ir.IFunc:
		l.m.IFuncs = append(l.m.IFuncs, c)
	}
	m.forceRenaming(src, name)
	if should {
		if cd := comdatOf(src); cd != nil {
			setComdat(src, l.comdatFor(cd))
		}
	}
	if dst != nil {
		m.rauw = append(m.rauw, [2]ir.Constant{dst, src})
	}
	return src, true
}

// indirectDeclaration is copyGlobalValueProto for an alias or ifunc src
// referenced and not linked (its comdat's members the destination's, say):
// an external declaration of its value type, a function or a variable (of
// src's thread-local mode), in src's address space, under its name.
func (m *mover) indirectDeclaration(src ir.Constant) ir.Constant {
	h := header(src)
	decl := m.l.externalDeclaration(m.tm.get(h.Typ), m.tm.get(h.ValueType), h.ThreadLocal)
	m.l.addName(decl, h.Name)
	m.forceRenaming(decl, h.Name)
	return decl
}

// externalDeclaration is a new external declaration, without a name, of
// pointer type typ and value type valueType, what an alias or ifunc that
// leaves the destination becomes: a function at the end of the
// destination's functions if valueType is a function type, else a
// variable (of thread-local mode tls) at the end of its variables.
func (l *Linker) externalDeclaration(typ, valueType *ir.Type, tls ir.ThreadLocalMode) ir.Constant {
	h := ir.GlobalHeader{Typ: typ, ValueType: valueType, Linkage: ir.ExternalLinkage}
	if valueType.Kind == ir.FunctionType {
		f := &ir.Function{GlobalHeader: h, Sig: valueType}
		l.m.Functions = append(l.m.Functions, f)
		return f
	}
	h.ThreadLocal = tls
	g := &ir.GlobalVar{GlobalHeader: h}
	l.addGlobal(g)
	return g
}

// comdatFor is the destination's comdat of cd's name
// (Module::getOrInsertComdat), given cd's selection kind.
func (l *Linker) comdatFor(cd *ir.Comdat) *ir.Comdat {
	dc := l.comdats[cd.Name]
	if dc == nil {
		dc = &ir.Comdat{Name: cd.Name}
		l.comdats[cd.Name] = dc
		l.m.Comdats = append(l.m.Comdats, dc)
	}
	dc.Selection = cd.Selection
	return dc
}

func setComdat(c ir.Constant, cd *ir.Comdat) {
	switch g := c.(type) {
	case *ir.GlobalVar:
		g.Comdat = cd
	case *ir.Function:
		g.Comdat = cd
	}
}

// retype maps the types of global value c's prototype.
func (m *mover) retype(c ir.Constant) {
	h := header(c)
	h.Typ, h.ValueType = m.tm.get(h.Typ), m.tm.get(h.ValueType)
	switch g := c.(type) {
	case *ir.Function:
		g.Sig = m.tm.get(g.Sig)
		m.mapAttrList(&g.Attrs)
	case *ir.GlobalVar:
		m.mapAttrSet(g.Attrs)
	}
}

// forceRenaming gives the new value c the name name, the value that holds
// it renamed NAME.N (a local value keeps the name it was made unique to).
func (m *mover) forceRenaming(c ir.Constant, name string) {
	l := m.l
	h := header(c)
	if h.Linkage.IsLocal() || h.Name == name {
		return
	}
	conflict := l.namedValue(name)
	l.dropName(c)
	if conflict != nil {
		delete(l.syms, name)
		h.Name = name
		l.syms[name] = c
		l.addName(conflict, name)
		return
	}
	h.Name = name
	l.syms[name] = c
}

// makeDeclaration turns the source's definition c, referenced and not
// linked, into the declaration copyGlobalValueProto makes of it.
func (m *mover) makeDeclaration(c ir.Constant) {
	h := header(c)
	if h.Linkage != ir.ExternalWeakLinkage {
		h.Linkage = ir.ExternalLinkage
	}
	switch g := c.(type) {
	case *ir.Function:
		if g.HasBody {
			g.Metadata = nil
		}
		g.HasBody, g.Params, g.Blocks = false, nil, nil
		g.Personality, g.Prefix, g.Prologue = nil, nil, nil
		g.Comdat = nil
	case *ir.GlobalVar:
		g.Init, g.Comdat = nil, nil
		m.mapAttachments(g.Metadata)
	}
}

// updateAttributes is IRLinker::updateAttributes: nocallback, which says
// a function calls back only into its own module, no longer holds.
func (m *mover) updateAttributes(c ir.Constant) {
	f, ok := c.(*ir.Function)
	if !ok {
		return
	}
	if !isIntrinsic(f) {
		f.Attrs = withoutFnAttr(f.Attrs, ir.AttrNoCallback)
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch in.Op {
			case ir.Call, ir.Invoke, ir.CallBr:
				in.Attrs = withoutFnAttr(in.Attrs, ir.AttrNoCallback)
			}
		}
	}
}

func isIntrinsic(f *ir.Function) bool {
	return len(f.Name) > 5 && f.Name[:5] == "llvm."
}

// withoutFnAttr returns l without function attribute k, a new list when
// it had it (lists are shared).
func withoutFnAttr(l ir.AttrList, k ir.AttrKind) ir.AttrList {
	i := slices.IndexFunc(l.Fn, func(a ir.Attribute) bool { return a.Kind == k })
	if i < 0 {
		return l
	}
	fn := slices.Delete(slices.Clone(l.Fn), i, i+1)
	if len(fn) == 0 {
		fn = nil
	}
	l.Fn = fn
	return l
}

// flush is the ValueMapper's flush: the scheduled bodies, initializers and
// aliasees are mapped, last scheduled first.
func (m *mover) flush() {
	for len(m.tasks) > 0 && m.err == nil {
		t := m.tasks[len(m.tasks)-1]
		m.tasks = m.tasks[:len(m.tasks)-1]
		switch t.kind {
		case taskBody:
			m.remapFunction(t.c.(*ir.Function))
		case taskInit:
			g := t.c.(*ir.GlobalVar)
			if v, ok := m.mapValue(g.Init).(ir.Constant); ok {
				g.Init = v
			}
			m.mapAttachments(g.Metadata)
		case taskAliasee:
			switch a := t.c.(type) {
			case *ir.Alias:
				if v, ok := m.mapValue(m.indirect(a.Aliasee)).(ir.Constant); ok {
					a.Aliasee = v
				}
			case *ir.IFunc:
				if v, ok := m.mapValue(m.indirect(a.Resolver)).(ir.Constant); ok {
					a.Resolver = v
				}
			}
		case taskAppending:
			g := t.c.(*ir.GlobalVar)
			elems := append([]ir.Constant(nil), t.prefix...)
			for _, e := range t.members {
				v, _ := m.mapValue(e).(ir.Constant)
				elems = append(elems, v)
			}
			g.Init = &ir.ConstAggregate{Typ: g.ValueType, Elems: elems}
		}
	}
}

// indirect returns c, an alias's aliasee or an ifunc's resolver, with
// each global value of the source it refers to that is not linked
// replaced by an internal copy of it (indirectCopy), the constants on the
// way copied (the bodies' references to them map apart): LLVM maps an
// aliasee in a context of its own (IRLinker::linkGlobalValueProto with
// ForIndirectSymbol), where a definition not linked is linked all the same
// for the alias.
func (m *mover) indirect(c ir.Constant) ir.Constant {
	switch x := c.(type) {
	case nil:
		return nil
	case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
		if !m.srcSet[c] || m.shouldLink(m.l.linkedTo(c), c) {
			return c
		}
		return m.indirectCopy(c)
	case *ir.ConstExpr:
		if ops := m.indirectAll(x.Operands); ops != nil {
			y := *x
			y.Operands = ops
			return &y
		}
	case *ir.ConstAggregate:
		if elems := m.indirectAll(x.Elems); elems != nil {
			y := *x
			y.Elems = elems
			return &y
		}
	}
	return c
}

// indirectAll returns a new list of what indirect makes of each of cs,
// nil when that is cs itself.
func (m *mover) indirectAll(cs []ir.Constant) []ir.Constant {
	var out []ir.Constant
	for i, c := range cs {
		if n := m.indirect(c); n != c {
			if out == nil {
				out = slices.Clone(cs)
			}
			out[i] = n
		}
	}
	return out
}

// indirectCopy is the definition LLVM links for an alias or ifunc from
// the source's definition c that is not linked itself (copyGlobalValueProto
// for a definition, then its body, initializer, aliasee or resolver, the
// latter two as an alias's are): a copy of c, internal,
// under c's name made unique (not forced: the destination's value of that
// name keeps it), in the destination's comdat of c's name, made once.
func (m *mover) indirectCopy(c ir.Constant) ir.Constant {
	if d, ok := m.ivmap[c]; ok {
		return d
	}
	l := m.l
	var d ir.Constant
	switch x := c.(type) {
	case *ir.Function:
		y := *x
		if m.badTBAA[x] {
			m.badTBAA[&y] = true
		}
		d = &y
	case *ir.GlobalVar:
		y := *x
		d = &y
	case *ir.Alias:
		y := *x
		d = &y
	case *ir.IFunc:
		y := *x
		d = &y
	default:
		return c
	}
	if m.ivmap == nil {
		m.ivmap = map[ir.Constant]ir.Constant{}
	}
	m.ivmap[c] = d
	m.retype(d)
	h := header(d)
	l.addName(d, h.Name)
	switch y := d.(type) {
	case *ir.Function:
		l.m.Functions = append(l.m.Functions, y)
	case *ir.GlobalVar:
		l.addGlobal(y)
	case *ir.Alias:
		l.m.Aliases = append(l.m.Aliases, y)
	case *ir.IFunc:
		l.m.IFuncs = append(l.m.IFuncs, y)
	}
	if cd := comdatOf(c); cd != nil {
		setComdat(d, l.comdatFor(cd))
	}
	h.Linkage, h.Visibility = ir.InternalLinkage, ir.DefaultVisibility
	fixDSOLocal(h)
	switch y := d.(type) {
	case *ir.Function:
		m.checkTBAA(y)
		m.tasks = append(m.tasks, task{kind: taskBody, c: y})
	case *ir.GlobalVar:
		m.tasks = append(m.tasks, task{kind: taskInit, c: y})
	case *ir.Alias, *ir.IFunc:
		// Its aliasee or resolver is mapped as an alias's, in the
		// indirect symbols' context (linkGlobalValueBody).
		m.tasks = append(m.tasks, task{kind: taskAliasee, c: y})
	}
	m.updateAttributes(d)
	return d
}

// checkTBAA drops the !tbaa attachments of f's body as llvm-link-22 does
// when it materializes the body (BitcodeReader::materialize): once one
// body of the source module has a tag LLVM's TBAA verifier rejects, that
// body and every one linked after it lose theirs; the bodies linked
// before, already moved, keep them (bitcode.Options.LinkerTBAA leaves the
// tags to this check).
func (m *mover) checkTBAA(f *ir.Function) {
	if !m.stripTBAA && !m.badTBAA[f] {
		return
	}
	m.stripTBAA = true
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			in.Metadata = slices.DeleteFunc(in.Metadata, func(a ir.Attachment) bool { return a.Kind == "tbaa" })
		}
	}
}

// invalidTBAA reports whether f's body has a !tbaa tag LLVM's TBAA
// verifier rejects, or one on an instruction that may have none; verdicts
// caches the verifier's verdict on each tag.
func invalidTBAA(f *ir.Function, verdicts map[ir.MDNode]bool) bool {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, a := range in.Metadata {
				if a.Kind != "tbaa" {
					continue
				}
				ok, seen := verdicts[a.Node]
				if !seen {
					ok = ir.ValidTBAATag(a.Node)
					verdicts[a.Node] = ok
				}
				if !ok || !ir.TBAAInstruction(in.Op) {
					return true
				}
			}
		}
	}
	return false
}

// flushRAUW replaces the destination's values that new ones replaced:
// references to them are redirected (at the end, Linker.redirect) and
// they leave the module (Linker.remove).
func (m *mover) flushRAUW() {
	l := m.l
	for _, p := range m.rauw {
		old, nw := p[0], p[1]
		l.forward[old] = nw
		l.replacedBy[old] = nw
		l.dropName(old)
		l.remove(old)
		if f, ok := old.(*ir.Function); ok {
			f.Blocks, f.UseListOrders = nil, nil // its body is not linked
		}
		l.md.replaceValue(old, nw)
	}
	m.rauw = m.rauw[:0]
}

// remapFunction is Mapper::remapFunction: the function's operands
// (personality, prefix, prologue), attachments, argument types, then each
// instruction's operands, attachments and types, and debug records.
func (m *mover) remapFunction(f *ir.Function) {
	m.l.uniqued[f] = true
	c := func(v ir.Constant) ir.Constant {
		if v == nil {
			return nil
		}
		if n, ok := m.mapValue(v).(ir.Constant); ok {
			return n
		}
		return v
	}
	f.Personality, f.Prefix, f.Prologue = c(f.Personality), c(f.Prefix), c(f.Prologue)
	m.mapAttachments(f.Metadata)
	for _, a := range f.Params {
		a.Typ = m.tm.get(a.Typ)
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			m.remapInstruction(in)
		}
	}
}

// remapInstruction maps in's operands in LLVM's operand order, its
// attachments (!dbg first), its types and its debug records.
func (m *mover) remapInstruction(in *ir.Instruction) {
	v := func(p *ir.Value) {
		if *p != nil {
			*p = m.mapValue(*p)
		}
	}
	switch in.Op {
	case ir.Call, ir.Invoke, ir.CallBr:
		for i := range in.Operands {
			v(&in.Operands[i])
		}
		if in.Extra != nil {
			for _, b := range in.Extra.Bundles {
				for i := range b.Inputs {
					v(&b.Inputs[i])
				}
			}
		}
		v(&in.Callee)
	case ir.LandingPad:
		if in.Extra != nil {
			for i := range in.Extra.Clauses {
				if cv, ok := m.mapValue(in.Extra.Clauses[i].Value).(ir.Constant); ok {
					in.Extra.Clauses[i].Value = cv
				}
			}
		}
	case ir.CatchPad, ir.CleanupPad:
		for i := 1; i < len(in.Operands); i++ {
			v(&in.Operands[i])
		}
		if len(in.Operands) > 0 {
			v(&in.Operands[0])
		}
	case ir.Switch:
		if len(in.Operands) > 0 {
			v(&in.Operands[0])
		}
		if in.Extra != nil {
			for i, cs := range in.Extra.Cases {
				if cv, ok := m.mapValue(cs).(ir.Constant); ok {
					in.Extra.Cases[i] = cv
				}
			}
		}
	default:
		for i := range in.Operands {
			v(&in.Operands[i])
		}
	}
	if in.DebugLoc != nil {
		in.DebugLoc = m.mapUnique(in.DebugLoc)
	}
	m.mapAttachments(in.Metadata)
	// The types, in the order LLVM's remapInstruction maps them: which
	// struct type of a body stands for the others depends on it.
	switch in.Op {
	case ir.Call, ir.Invoke, ir.CallBr:
		if ft := in.FuncType; ft != nil {
			for _, p := range ft.Params {
				m.tm.get(p)
			}
		}
		in.Typ = m.tm.get(in.Typ)
		in.FuncType = m.tm.get(in.FuncType)
		m.mapAttrList(&in.Attrs)
	case ir.Alloca:
		in.ElemType = m.tm.get(in.ElemType)
		in.Typ = m.tm.get(in.Typ)
	case ir.GetElementPtr:
		in.ElemType = m.tm.get(in.ElemType)
		if len(in.Operands) > 1 {
			m.tm.get(indexedType(in.ElemType, in.Operands[2:]))
		}
		in.Typ = m.tm.get(in.Typ)
	default:
		in.Typ = m.tm.get(in.Typ)
		in.ElemType = m.tm.get(in.ElemType)
		in.FuncType = m.tm.get(in.FuncType)
		m.mapAttrList(&in.Attrs)
	}
	for _, r := range in.DebugRecords {
		for i, o := range r.Ops {
			r.Ops[i] = m.mapUnique(o)
		}
	}
}

// mapAttrList maps the types of the attributes of list l (byval, sret,
// elementtype, ...), in place: the lists are the source's.
func (m *mover) mapAttrList(l *ir.AttrList) {
	m.mapAttrSet(l.Fn)
	m.mapAttrSet(l.Ret)
	for _, p := range l.Params {
		m.mapAttrSet(p)
	}
}

func (m *mover) mapAttrSet(s ir.AttrSet) {
	for i := range s {
		if s[i].Type != nil {
			s[i].Type = m.tm.get(s[i].Type)
		}
	}
}

// fail keeps the first error.
func (m *mover) fail(err error) {
	if m.err == nil {
		m.err = err
	}
}

// linkAppending is IRLinker::linkAppendingVarProto: a new variable whose
// initializer is the destination's elements followed by the source's
// (those of llvm.global_ctors and llvm.global_dtors whose key is not
// linked left out), put where the destination's was, which it replaces.
func (m *mover) linkAppending(dst, src *ir.GlobalVar) ir.Constant {
	l := m.l
	if dst != nil && dst.Init != nil && src.Init != nil {
		switch {
		case src.Linkage != ir.AppendingLinkage || dst.Linkage != ir.AppendingLinkage:
			m.fail(&Error{Msg: "Linking globals named '" + src.Name + "': can only link appending global with another appending global!"})
		case dst.Constant != src.Constant:
			m.fail(&Error{Msg: "Appending variables linked with different const'ness!"})
		case dst.Align != src.Align:
			m.fail(&Error{Msg: "Appending variables with different alignment need to be linked!"})
		case dst.Visibility != src.Visibility:
			m.fail(&Error{Msg: "Appending variables with different visibility need to be linked!"})
		case (dst.UnnamedAddr == ir.GlobalUnnamedAddr) != (src.UnnamedAddr == ir.GlobalUnnamedAddr):
			m.fail(&Error{Msg: "Appending variables with different unnamed_addr need to be linked!"})
		case dst.Section != src.Section:
			m.fail(&Error{Msg: "Appending variables with different section name need to be linked!"})
		case dst.Typ.AddrSpace != src.Typ.AddrSpace:
			m.fail(&Error{Msg: "Appending variables with different address spaces need to be linked!"})
		}
		if m.err != nil {
			return nil
		}
	}
	if src.Init == nil {
		if dst == nil || src.Linkage == ir.AppendingLinkage {
			// An appending declaration: LLVM's verifier refuses it
			// (llvm-link-22 crashes on it).
			m.fail(&Error{Msg: "appending variable @" + src.Name + " has no initializer"})
			return nil
		}
		return dst
	}
	srcType := m.tm.get(src.ValueType)
	if srcType.Kind != ir.ArrayType {
		m.fail(&UnsupportedError{What: "an appending variable that is not an array (@" + src.Name + ")"})
		return nil
	}
	elt := srcType.Elem
	var prefix []ir.Constant
	if dst != nil && dst.Init != nil {
		dt := dst.ValueType
		if dt.Kind != ir.ArrayType || !identical(dt.Elem, elt) {
			m.fail(&Error{Msg: "Appending variables with different element types!"})
			return nil
		}
		var ok bool
		if prefix, ok = arrayElements(dst.Init, dt); !ok {
			m.fail(&UnsupportedError{What: "the initializer of appending variable @" + dst.Name})
			return nil
		}
	}
	members, ok := arrayElements(src.Init, srcType)
	if !ok {
		m.fail(&UnsupportedError{What: "the initializer of appending variable @" + src.Name})
		return nil
	}
	if (src.Name == "llvm.global_ctors" || src.Name == "llvm.global_dtors") && elt.Kind == ir.StructType && len(elt.Fields) == 3 {
		kept := members[:0:0]
		for _, e := range members {
			if agg, ok := e.(*ir.ConstAggregate); ok && len(agg.Elems) == 3 && isGlobalValue(agg.Elems[2]) && m.srcSet[agg.Elems[2]] {
				key := agg.Elems[2]
				if !m.shouldLink(l.linkedTo(key), key) {
					continue
				}
			}
			kept = append(kept, e)
		}
		members = kept
	}
	ng := &ir.GlobalVar{GlobalHeader: src.GlobalHeader, Constant: src.Constant, Section: src.Section,
		Align: src.Align, Attrs: src.Attrs, Sanitizer: src.Sanitizer, CodeModel: src.CodeModel,
		ExternallyInitialized: src.ExternallyInitialized}
	ng.Typ = m.tm.get(src.Typ)
	ng.ValueType = &ir.Type{Kind: ir.ArrayType, Elem: elt, Len: uint64(len(prefix) + len(members))}
	ng.Name = ""
	if dst != nil {
		// Put before dst, which it replaces (flushRAUW): in its place.
		l.replaceGlobal(dst, ng)
	} else {
		l.addGlobal(ng)
	}
	m.forceRenaming(ng, src.Name)
	m.tasks = append(m.tasks, task{kind: taskAppending, c: ng, prefix: prefix, members: members})
	if dst != nil {
		m.rauw = append(m.rauw, [2]ir.Constant{dst, ng})
	}
	return ng
}

// arrayElements returns the elements of array constant c of type t.
func arrayElements(c ir.Constant, t *ir.Type) ([]ir.Constant, bool) {
	switch c := c.(type) {
	case *ir.ConstAggregate:
		return c.Elems, true
	case *ir.ConstNull:
		es := make([]ir.Constant, t.Len)
		for i := range es {
			es[i] = &ir.ConstNull{Typ: t.Elem}
		}
		return es, true
	}
	return nil, false
}

// indexedType is the type getelementptr's indices after the first select
// in t (GetElementPtrInst::getIndexedType), nil when they do not.
func indexedType(t *ir.Type, idx []ir.Value) *ir.Type {
	for _, ix := range idx {
		if t == nil {
			return nil
		}
		switch t.Kind {
		case ir.StructType:
			c, ok := ix.(*ir.ConstInt)
			if !ok || c.Big != nil || c.V < 0 || c.V >= int64(len(t.Fields)) {
				return nil
			}
			t = t.Fields[c.V]
		case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
			t = t.Elem
		default:
			return nil
		}
	}
	return t
}
