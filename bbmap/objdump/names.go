package objdump

import (
	"regexp"

	"github.com/bcextract/bcextract/disasm"
	"github.com/bcextract/bcextract/internal/demangle"
)

// This file holds what bbmap's -C changes: the names printed for
// functions and branch targets, and what --function matches.

// setDemangle turns on -C: function and target names are demangled as
// llvm-objdump-22 -C demangles them.
func (r *report) setDemangle() {
	r.dm = demangle.NewCache(demangle.BudgetFor(len(r.data)))
}

// funcName returns the name printed for function fi: its symbol's name,
// demangled with -C; "" if it has none.
func (r *report) funcName(fi int) string {
	name := r.funcs[fi].Name
	if r.dm == nil || name == "" {
		return name
	}
	return r.dm.Name(name)
}

// nameIs reports whether function fi is named name: its symbol's name, or
// with -C its demangled name.
func (r *report) nameIs(fi int, name string) bool {
	return r.funcs[fi].Name == name || r.dm != nil && r.funcs[fi].Name != "" && r.funcName(fi) == name
}

// nameMatches reports whether re matches the name of function fi: its
// symbol's name, or with -C its demangled name.
func (r *report) nameMatches(fi int, re *regexp.Regexp) bool {
	return re.MatchString(r.funcs[fi].Name) || r.dm != nil && r.funcs[fi].Name != "" && re.MatchString(r.funcName(fi))
}

// useSymbols lets dec's instructions name what they refer to: in the GNU
// and Intel syntaxes bbmap appends llvm-objdump's "<symbol+0xOFFSET>" to
// branch and call targets (see symbols.go); the Go syntax names them
// itself, after the function symbols of a linked file.
func (r *report) useSymbols(dec *disasm.Decoder) {
	if dec.Syntax() == disasm.Go {
		if !r.rel {
			dec.Symbols = symbolizer(r.syms)
		}
		return
	}
	r.targets = newBranchTargets(r.f, r.data, r.syms)
	if r.dm != nil {
		r.targets.demangle = r.dm.Name
	}
}

// withTarget returns the text of in with the name of its target appended,
// when it has one (section is the index of the section holding in).
func (r *report) withTarget(in *disasm.Inst, section int) string {
	if !in.HasTarget || r.targets == nil {
		return in.Text
	}
	if name := r.targets.name(in.Target, section); name != "" {
		return in.Text + " " + name
	}
	return in.Text
}
