package link

import "github.com/bcextract/bcextract/ir"

// A Resolution says what a link made of one definition of one of the
// modules linked: whether it is in the linked module, under which name,
// and if not, whose definition stands in its stead. It is what one asks
// when an analysis of the linked module misses a function.
type Resolution struct {
	// Input is the name the module was linked with (Linker.Link's
	// name; a member's, for the modules of an archive linked by way of
	// Nested), Name the definition's name there.
	Input string
	Name  string
	Kind  GlobalKind
	// Result is what became of the definition.
	Result Result
	// As is its name in the linked module (Linked: it differs from Name
	// when the link renamed it).
	As string
	// By is the input whose definition is in the linked module in its
	// stead (Replaced, Superseded).
	By string
	// Internalized reports that Flags.Internalize made it internal.
	Internalized bool
}

// A GlobalKind is the kind of a global value.
type GlobalKind uint8

// The kinds of global values.
const (
	FunctionKind GlobalKind = iota
	VariableKind
	AliasKind
	IFuncKind
)

var globalKindNames = [...]string{"function", "variable", "alias", "ifunc"}

func (k GlobalKind) String() string {
	if int(k) < len(globalKindNames) {
		return globalKindNames[k]
	}
	return "GlobalKind(?)"
}

// A Result is what a link made of a definition.
type Result uint8

// The results of a definition.
const (
	// Linked: the definition is in the linked module.
	Linked Result = iota
	// Replaced: it was linked, and a later module's replaced it (a
	// strong definition over a weak one).
	Replaced
	// Superseded: it was not linked, the definition of its name already
	// linked being kept (another linkonce or weak one, a strong one).
	Superseded
	// Unused: nothing linked refers to it (a linkonce, local or
	// available_externally definition, or, with Flags.OnlyNeeded, any
	// definition the destination did not ask for).
	Unused
)

var resultNames = [...]string{"linked", "replaced", "superseded", "unused"}

func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return "Result(?)"
}

// A definition is a definition of a module linked, as it was read.
type definition struct {
	c     ir.Constant
	input string
	name  string
	kind  GlobalKind
	local bool
}

// record notes the definitions of src, linked as input (once: a module
// Nested made holds definitions already noted, from the archive's
// members).
func (l *Linker) record(src *ir.Module, input string) {
	add := func(c ir.Constant, kind GlobalKind) {
		if _, ok := l.origin[c]; ok {
			return
		}
		h := header(c)
		if h.Linkage == ir.AppendingLinkage {
			return
		}
		l.origin[c] = len(l.defs)
		l.defs = append(l.defs, definition{c: c, input: input, name: h.Name, kind: kind, local: h.Linkage.IsLocal()})
	}
	for _, g := range src.Globals {
		if g.Init != nil {
			add(g, VariableKind)
		}
	}
	for _, f := range src.Functions {
		if f.HasBody {
			add(f, FunctionKind)
		}
	}
	for _, a := range src.Aliases {
		add(a, AliasKind)
	}
	for _, i := range src.IFuncs {
		add(i, IFuncKind)
	}
}

// Resolutions returns what the link made of each definition of the
// modules linked in l's context (those of archives linked by way of
// Nested too), in the order they were read; call it on the Linker New
// made, after Module.
func (l *Linker) Resolutions() []Resolution {
	m := l.m
	in := map[ir.Constant]bool{}
	for _, g := range m.Globals {
		in[g] = g.Init != nil
	}
	for _, f := range m.Functions {
		in[f] = f.HasBody
	}
	for _, a := range m.Aliases {
		in[a] = true
	}
	for _, i := range m.IFuncs {
		in[i] = true
	}
	from := func(c ir.Constant) string {
		if i, ok := l.origin[c]; ok {
			return l.defs[i].input
		}
		return ""
	}
	rs := make([]Resolution, 0, len(l.defs))
	for _, d := range l.defs {
		r := Resolution{Input: d.input, Name: d.name, Kind: d.kind}
		switch {
		case in[d.c]:
			h := header(d.c)
			r.Result, r.As = Linked, h.Name
			r.Internalized = !d.local && h.Linkage.IsLocal()
		case l.replacedBy[d.c] != nil:
			c := d.c
			for l.replacedBy[c] != nil {
				c = l.replacedBy[c]
			}
			r.Result, r.By = Replaced, from(c)
		default:
			r.Result = Unused
			if !d.local {
				if c := l.syms[d.name]; c != nil && in[c] && c != d.c {
					r.Result, r.By = Superseded, from(c)
				}
			}
		}
		rs = append(rs, r)
	}
	return rs
}
