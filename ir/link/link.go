package link

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// CompositeName is the name of the module a Linker links into, which
// llvm-link gives its composite module (and its messages): the linked
// module's source_filename.
const CompositeName = "llvm-link"

// Flags say how one source module is linked (llvm-link's per-file
// options). llvm-link links its first file without OnlyNeeded and
// Internalize, and every later one with them; the files given with
// --override after all the others, the first of them with
// OverrideFromSrc alone.
type Flags struct {
	// OverrideFromSrc makes the module's definitions replace those the
	// destination has, and links its local and linkonce ones even when
	// nothing refers to them (llvm-link --override).
	OverrideFromSrc bool
	// OnlyNeeded links only the definitions the destination refers to
	// and does not define, and what they refer to (llvm-link
	// --only-needed; appending variables are linked all the same).
	OnlyNeeded bool
	// Internalize makes the global values linked from the module
	// internal once it is linked, as LLVM's internalize pass does with
	// them (llvm-link --internalize): not those in @llvm.used, not
	// declarations, available_externally, dllexport or externally
	// initialized ones, nor a comdat's members while one of them must
	// stay.
	Internalize bool
}

// A Linker links modules into one.
type Linker struct {
	*context
	m *ir.Module
	// name is how llvm-link's messages name the destination.
	name string
	root *Linker

	// syms are the destination's named global values, by name (LLVM's
	// module symbol table), and lastUnique the counter it numbers the
	// names it makes unique with.
	syms       map[string]ir.Constant
	lastUnique int
	comdats    map[string]*ir.Comdat

	// dstTypes are the identified struct types of the destination, and
	// bodies the first of them with each body (DstStructTypesSet).
	dstTypes map[*ir.Type]bool
	bodies   map[string]*ir.Type

	// forward is the global values a later definition replaced, by what
	// replaced them: references to them are redirected at the end.
	forward map[ir.Constant]ir.Constant
	// gpos is where each global variable of the destination is in its
	// list, staleGlobals how many entries of the list are not; dead the
	// functions, aliases and ifuncs removed still in theirs (compact).
	gpos         map[*ir.GlobalVar]int
	staleGlobals int
	dead         map[ir.Constant]bool
	// uniqued are the functions whose bodies' metadata was made unique
	// as they were linked (mover.mapUnique).
	uniqued map[*ir.Function]bool

	// order is odrTypes' list of a module's nodes (release).
	order []ir.Metadata

	// Warnings are llvm-link's warnings, in order, without "warning: "
	// (those of the Linkers Nested made too).
	Warnings []string
}

// A context is what LLVM's LLVMContext holds for the linker: llvm-link
// reads every module into one, and links an archive's members into a
// module of that same context.
type context struct {
	// The identified struct type names the context holds, and the
	// counter it makes new ones unique with.
	ctxTypes   map[string]*ir.Type
	ctxCounter int

	md mdUniquer
	// odr are the composite types of debug info by identifier: llvm-link
	// reads modules into a context that uniques them (the first one read
	// stands for all).
	odr map[string]*ir.SpecializedNode
	// odrRepl are the types of the module being loaded that others stand
	// for.
	odrRepl map[*ir.SpecializedNode]*ir.SpecializedNode
	// odrMembers are the members of composite types with an ODR
	// identifier, by the key the context uniques them by.
	odrMembers map[string]*ir.SpecializedNode

	// defs are the definitions of every module linked, in order, and
	// origin where each came from; replacedBy is what replaced each
	// definition a later one replaced (Resolutions).
	defs       []definition
	origin     map[ir.Constant]int
	replacedBy map[ir.Constant]ir.Constant
}

// New returns a Linker whose destination is an empty module, named as
// llvm-link names its composite module (CompositeName).
func New() *Linker {
	ctx := &context{
		ctxTypes:   map[string]*ir.Type{},
		md:         newMDUniquer(),
		odr:        map[string]*ir.SpecializedNode{},
		odrRepl:    map[*ir.SpecializedNode]*ir.SpecializedNode{},
		odrMembers: map[string]*ir.SpecializedNode{},
		origin:     map[ir.Constant]int{},
		replacedBy: map[ir.Constant]ir.Constant{},
	}
	return newLinker(ctx, CompositeName, nil)
}

// ArchiveName is the name of the module llvm-link links an archive's
// members into (Nested).
const ArchiveName = "ArchiveModule"

// Nested returns a Linker whose destination is a new, empty module named
// ArchiveName, in l's context: llvm-link links the members of an archive
// into such a module, and then links that module into its composite
// (which is not the same as linking the members one by one: a linkonce
// function no member uses is gone before the composite could). Link
// the module it makes into l with the name ArchiveName. Its warnings
// are l's.
func (l *Linker) Nested() *Linker {
	root := l
	if l.root != nil {
		root = l.root
	}
	return newLinker(l.context, ArchiveName, root)
}

func newLinker(ctx *context, name string, root *Linker) *Linker {
	return &Linker{
		context:  ctx,
		m:        &ir.Module{SourceFilename: name},
		name:     name,
		root:     root,
		syms:     map[string]ir.Constant{},
		comdats:  map[string]*ir.Comdat{},
		dstTypes: map[*ir.Type]bool{},
		bodies:   map[string]*ir.Type{},
		forward:  map[ir.Constant]ir.Constant{},
		gpos:     map[*ir.GlobalVar]int{},
		dead:     map[ir.Constant]bool{},
		uniqued:  map[*ir.Function]bool{},
	}
}

// The destination's lists of global values change as LLVM's do: values
// are added at the end, replaced ones removed, global variables moved to
// the end; a removal or a move one at a time would make a link of many
// modules quadratic. A removed or moved global variable leaves a stale
// entry behind (gpos says where each is), a removed function, alias or
// ifunc stays in its list until compact takes it out (dead); compact
// runs once there are many, and before the lists are read.

// addGlobal adds global variable g at the end of the destination's.
func (l *Linker) addGlobal(g *ir.GlobalVar) {
	l.gpos[g] = len(l.m.Globals)
	l.m.Globals = append(l.m.Globals, g)
}

// moveGlobalToEnd moves global variable g, if in the destination, to the
// end of its list.
func (l *Linker) moveGlobalToEnd(g *ir.GlobalVar) {
	if _, ok := l.gpos[g]; ok {
		l.staleGlobals++
		l.addGlobal(g)
	}
}

// replaceGlobal puts global variable g where old is, old taken out; g is
// added at the end when old is not in the destination.
func (l *Linker) replaceGlobal(old, g *ir.GlobalVar) {
	i, ok := l.gpos[old]
	if !ok {
		l.addGlobal(g)
		return
	}
	delete(l.gpos, old)
	l.m.Globals[i] = g
	l.gpos[g] = i
}

// remove takes global value c out of the destination's lists.
func (l *Linker) remove(c ir.Constant) {
	if g, ok := c.(*ir.GlobalVar); ok {
		if _, ok := l.gpos[g]; ok {
			delete(l.gpos, g)
			l.staleGlobals++
		}
		return
	}
	l.dead[c] = true
}

// compact takes the stale entries out of the destination's lists; unless
// all, only once they are many.
func (l *Linker) compact(all bool) {
	m := l.m
	if l.staleGlobals > 0 && (all || l.staleGlobals > len(m.Globals)/2) {
		n := 0
		for i, g := range m.Globals {
			if p, ok := l.gpos[g]; ok && p == i {
				l.gpos[g] = n
				m.Globals[n] = g
				n++
			}
		}
		clear(m.Globals[n:])
		m.Globals = m.Globals[:n]
		l.staleGlobals = 0
	}
	if len(l.dead) > 0 && (all || len(l.dead) > len(m.Functions)/2) {
		m.Functions = slices.DeleteFunc(m.Functions, func(f *ir.Function) bool { return l.dead[f] })
		m.Aliases = slices.DeleteFunc(m.Aliases, func(a *ir.Alias) bool { return l.dead[a] })
		m.IFuncs = slices.DeleteFunc(m.IFuncs, func(i *ir.IFunc) bool { return l.dead[i] })
		clear(l.dead)
	}
}

// warn records one of llvm-link's warnings.
func (l *Linker) warn(msg string) {
	if l.root != nil {
		l = l.root
	}
	l.Warnings = append(l.Warnings, msg)
}

// An Error is an error of llvm-link's: a link that cannot be made (a
// symbol defined twice, conflicting module flags). Msg is llvm-link's
// message, without "error: ".
type Error struct {
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// An UnsupportedError says what in a module this linker does not link yet.
type UnsupportedError struct {
	What string
}

func (e *UnsupportedError) Error() string { return "link: " + e.What + " is not supported yet" }

// Link links src into the destination; name is how llvm-link names src in
// its messages (the file's path). src is consumed. On error the
// destination is left part linked and must not be used.
func (l *Linker) Link(src *ir.Module, name string, flags Flags) error {
	for _, f := range src.Functions {
		if f.HasBody && f.Blocks == nil {
			return fmt.Errorf("link: the body of @%s is not loaded", f.Name)
		}
	}
	l.record(src, name)
	l.load(src)
	ml := &moduleLinker{l: l, src: src, flags: flags}
	if err := ml.run(); err != nil {
		return err
	}
	mv := newMover(l, src, name, ml)
	if err := mv.run(); err != nil {
		return err
	}
	l.noteReplaced(ml.dropped)

	if flags.Internalize {
		l.compact(true)
		l.internalize(ml.names)
	}
	l.compact(false)
	l.release(src)
	return nil
}

// release lets go of what src held that the destination does not: the
// bodies of its definitions not linked, and the node table's entries of
// its nodes that others stand for (or that nothing linked refers to).
// Else the context would keep every module's metadata to the end.
func (l *Linker) release(src *ir.Module) {
	for _, f := range src.Functions {
		if f.Blocks != nil && !l.uniqued[f] {
			f.Blocks, f.UseListOrders = nil, nil
		}
	}
	for _, md := range l.order {
		l.md.nt.release(md)
	}
	clear(l.order)
	l.order = l.order[:0]
}

// Broken returns the error llvm-link-22 ends with when its verifier
// refuses the linked module, for what a link can leave broken: a value of
// a comdat a later module's larger one replaced, referenced and so kept
// as a declaration, that no later module defined again (a function
// declaration in a comdat, a variable without an initializer of a linkage
// only a definition may have). Call it after the last Link; nil when the
// module is sound in those respects.
func (l *Linker) Broken() error {
	l.compact(true)
	var b strings.Builder
	for _, f := range l.m.Functions {
		if !f.HasBody && f.Comdat != nil {
			b.WriteString("Declaration may not be in a Comdat!\nptr @" + f.Name + "\n")
		}
	}
	for _, g := range l.m.Globals {
		switch {
		case g.Init != nil:
		case g.Linkage != ir.ExternalLinkage && g.Linkage != ir.ExternalWeakLinkage:
			b.WriteString("Global is external, but doesn't have external or weak linkage!\nptr @" + g.Name + "\n")
		case g.Comdat != nil:
			b.WriteString("Declaration may not be in a Comdat!\nptr @" + g.Name + "\n")
		}
	}
	if b.Len() == 0 {
		return nil
	}
	// The verifier's messages, then llvm-link-22's.
	return &Error{Msg: b.String() + "linked module is broken!"}
}

// Module finishes the link and returns the linked module (the Linker New
// made is then done with, but for Resolutions and Warnings): references to
// replaced global values are redirected, the use-list orders of global
// values and constants (whose uses the link changed) dropped, and
// metadata numbered anew. Those of a body's own values and blocks stay:
// the linker does not touch their uses, as LLVM's does not.
func (l *Linker) Module() *ir.Module {
	l.compact(true)
	l.redirect()
	m := l.m
	m.UseListOrders = nil
	for _, f := range m.Functions {
		f.UseListOrders = slices.DeleteFunc(f.UseListOrders, func(o ir.UseListOrder) bool {
			switch o.Value.(type) {
			case *ir.Instruction, *ir.Argument, *ir.Block:
				return false
			}
			return true
		})
	}
	var types []*ir.Type
	for t := range l.dstTypes {
		types = append(types, t)
	}
	sortTypes(types)
	m.Types = types
	// The bodies' metadata was made unique as they were linked.
	done := func(f *ir.Function) bool { return l.uniqued[f] }
	for _, c := range l.md.filled {
		l.md.unique(c)
	}
	l.md.filled = l.md.filled[:0]
	if l.root == nil {
		l.md.renumber(m, done)
		// The context is done with: what it kept of every module's
		// metadata is let go before the module is written.
		l.context.md = mdUniquer{}
		l.odr, l.odrRepl, l.odrMembers, l.ctxTypes = nil, nil, nil, nil
		l.uniqued, l.forward, l.order = nil, nil, nil
	} else {
		// A module Nested made keeps the context's node numbers: it is
		// to be linked into l's root, which numbers the nodes at the end.
		l.md.uniqueModule(m, done)
	}
	return m
}

// load does what reading src into the linker's context does: an
// identified struct type whose name the context holds is renamed NAME.N,
// N a context-wide counter; metadata kinds, sync scopes and bundle tags
// are registered in the context (the destination writes them all).
func (l *Linker) load(src *ir.Module) {
	for _, t := range src.Types {
		if !t.Identified || t.Name == "" {
			continue
		}
		name := t.Name
		if cur, taken := l.ctxTypes[name]; taken && cur != t {
			// (A module of the context itself, as Nested makes,
			// holds the context's types.)
			for {
				n := name + "." + strconv.Itoa(l.ctxCounter)
				l.ctxCounter++
				if _, taken := l.ctxTypes[n]; !taken {
					name = n
					break
				}
			}
		}
		t.Name = name
		l.ctxTypes[name] = t
	}
	l.odrTypes(src)
	m := l.m
	m.MetadataKinds = union(m.MetadataKinds, src.MetadataKinds)
	m.SyncScopes = union(m.SyncScopes, src.SyncScopes)
	m.BundleTags = union(m.BundleTags, src.BundleTags)
}

// union returns a with the strings of b it lacks appended, in b's order.
func union(a, b []string) []string {
	for _, s := range b {
		found := false
		for _, x := range a {
			if x == s {
				found = true
				break
			}
		}
		if !found {
			a = append(a, s)
		}
	}
	return a
}

// header returns the GlobalHeader of global value c.
func header(c ir.Constant) *ir.GlobalHeader {
	switch g := c.(type) {
	case *ir.GlobalVar:
		return &g.GlobalHeader
	case *ir.Function:
		return &g.GlobalHeader
	case *ir.Alias:
		return &g.GlobalHeader
	case *ir.IFunc:
		return &g.GlobalHeader
	}
	return nil
}

// isGlobalValue reports whether v is a global value.
func isGlobalValue(v ir.Value) bool {
	switch v.(type) {
	case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
		return true
	}
	return false
}

// isDeclaration is GlobalValue::isDeclaration.
func isDeclaration(c ir.Constant) bool {
	switch g := c.(type) {
	case *ir.GlobalVar:
		return g.Init == nil
	case *ir.Function:
		return !g.HasBody
	}
	return false
}

// isDeclarationForLinker is GlobalValue::isDeclarationForLinker.
func isDeclarationForLinker(c ir.Constant) bool {
	return header(c).Linkage == ir.AvailableExternallyLinkage || isDeclaration(c)
}

func isLinkOnce(l ir.Linkage) bool {
	return l == ir.LinkOnceAnyLinkage || l == ir.LinkOnceODRLinkage
}

func isWeak(l ir.Linkage) bool { return l == ir.WeakAnyLinkage || l == ir.WeakODRLinkage }

// isWeakForLinker is GlobalValue::isWeakForLinker.
func isWeakForLinker(l ir.Linkage) bool {
	return isLinkOnce(l) || isWeak(l) || l == ir.CommonLinkage || l == ir.ExternalWeakLinkage
}

// addName gives global value c the name name in the destination, made
// unique as LLVM's symbol table makes it (NAME.N, N counted over the
// module's life; NAMEN for NVPTX).
func (l *Linker) addName(c ir.Constant, name string) {
	h := header(c)
	if name == "" {
		h.Name = ""
		return
	}
	if _, taken := l.syms[name]; taken {
		sep := "."
		if strings.HasPrefix(l.m.Triple, "nvptx") {
			sep = ""
		}
		for {
			l.lastUnique++
			n := name + sep + strconv.Itoa(l.lastUnique)
			if _, taken := l.syms[n]; !taken {
				name = n
				break
			}
		}
	}
	h.Name = name
	l.syms[name] = c
}

// dropName removes c's name from the destination's symbol table.
func (l *Linker) dropName(c ir.Constant) {
	h := header(c)
	if h.Name != "" && l.syms[h.Name] == c {
		delete(l.syms, h.Name)
	}
}

// namedValue is Module::getNamedValue.
func (l *Linker) namedValue(name string) ir.Constant {
	if name == "" {
		return nil
	}
	return l.syms[name]
}

// redirect replaces every reference to a global value a later definition
// replaced (LLVM's replaceAllUsesWith) by its replacement. (The metadata
// that refers to such a value was changed when it was replaced:
// mdUniquer.replaceValue.)
func (l *Linker) redirect() {
	if len(l.forward) == 0 {
		return
	}
	l.mapGlobalRefs(l.resolve)
}

// resolve returns what stands for global value c: c, or what replaced it
// (and what replaced that).
func (l *Linker) resolve(c ir.Constant) ir.Constant {
	for {
		n, ok := l.forward[c]
		if !ok {
			return c
		}
		c = n
	}
}

// referenced returns the destination's global values something in it
// refers to (those with uses, in LLVM's terms): a reference to a value
// replaced is one to what replaced it.
func (l *Linker) referenced() map[ir.Constant]bool {
	used := map[ir.Constant]bool{}
	l.mapGlobalRefs(func(c ir.Constant) ir.Constant {
		used[l.resolve(c)] = true
		return c
	})
	return used
}

// mapGlobalRefs replaces every reference to a global value in the
// destination's initializers, aliasees, resolvers, functions' operands
// and instructions by what res returns for it.
func (l *Linker) mapGlobalRefs(res func(ir.Constant) ir.Constant) {
	cdone := map[ir.Constant]bool{}
	var konst func(c ir.Constant) ir.Constant
	value := func(v ir.Value) ir.Value {
		if c, ok := v.(ir.Constant); ok {
			return konst(c)
		}
		return v
	}
	konst = func(c ir.Constant) ir.Constant {
		if c == nil {
			return nil
		}
		if isGlobalValue(c) {
			return res(c)
		}
		if cdone[c] {
			return c
		}
		cdone[c] = true
		switch c := c.(type) {
		case *ir.ConstAggregate:
			for i, e := range c.Elems {
				c.Elems[i] = konst(e)
			}
		case *ir.ConstExpr:
			for i, e := range c.Operands {
				c.Operands[i] = konst(e)
			}
		case *ir.BlockAddress:
			if f, ok := res(c.Func).(*ir.Function); ok {
				c.Func = f
			}
		case *ir.DSOLocalEquivalent:
			c.Global = konst(c.Global)
		case *ir.NoCFI:
			c.Global = konst(c.Global)
		case *ir.PtrAuth:
			c.Ptr, c.Key, c.Disc, c.AddrDisc = konst(c.Ptr), konst(c.Key), konst(c.Disc), konst(c.AddrDisc)
			c.DeactivationSymbol = konst(c.DeactivationSymbol)
		}
		return c
	}
	m := l.m
	for _, g := range m.Globals {
		g.Init = konst(g.Init)
	}
	for _, a := range m.Aliases {
		a.Aliasee = konst(a.Aliasee)
	}
	for _, i := range m.IFuncs {
		i.Resolver = konst(i.Resolver)
	}
	for _, f := range m.Functions {
		f.Personality, f.Prefix, f.Prologue = konst(f.Personality), konst(f.Prefix), konst(f.Prologue)
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for i, o := range in.Operands {
					in.Operands[i] = value(o)
				}
				in.Callee = value(in.Callee)
				if in.Extra != nil {
					for _, bd := range in.Extra.Bundles {
						for i, o := range bd.Inputs {
							bd.Inputs[i] = value(o)
						}
					}
					for i := range in.Extra.Clauses {
						in.Extra.Clauses[i].Value = konst(in.Extra.Clauses[i].Value)
					}
					for i, c := range in.Extra.Cases {
						in.Extra.Cases[i] = konst(c)
					}
				}
			}
		}
	}
}
