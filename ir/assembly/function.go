package assembly

import (
	"fmt"
	"io"

	"github.com/bcextract/bcextract/ir"
)

// selectFunction starts the text of f when Options.Functions selects what
// is printed, in place of the blank line before each function: what was
// gathered before f is dropped, and f's text is kept when f is a selected
// definition, after a blank line if another was printed before it.
func (p *printer) selectFunction(f *ir.Function) {
	p.flush()
	p.discard = !f.HasBody || !p.opt.Functions(f)
	if p.discard {
		return
	}
	if p.printed > 0 {
		p.byte1('\n')
	}
	p.printed++
}

// WriteFunction writes the definition of f, a function of m, alone and in a
// numbering of its own, as Write would print it if f were m's only function
// and m had no global variable: its attribute groups and metadata nodes are
// numbered from 0 in the order f uses them and written after it. So the
// text depends on f and what it refers to, not on where f is in m. f's
// body is loaded through opt.Loader when it is not loaded, and left loaded.
// opt.ModuleID and opt.Functions are not used.
func WriteFunction(w io.Writer, m *ir.Module, f *ir.Function, opt Options) error {
	if m == nil || f == nil {
		return fmt.Errorf("assembly: nil module or function")
	}
	if f.HasBody && f.Blocks == nil && opt.Loader != nil {
		if err := opt.Loader.LoadBody(f); err != nil {
			return fmt.Errorf("assembly: loading @%s: %w", f.Name, err)
		}
	}
	opt.Loader = nil // the body stays: printFunction frees only what it loads
	p := newPrinter(w, m, opt)
	p.findTypes()
	p.numberModule()
	// Only the numbering of unnamed globals is kept: the attribute sets
	// and metadata are f's alone.
	clear(p.asSlots)
	clear(p.asCache)
	p.asList = p.asList[:0]
	p.mdByID.reset()
	clear(p.mdOther)
	p.mdAddr.reset()
	p.mdPending = p.mdPending[:0]
	p.mdDone = 0
	p.mdWrite = true
	if len(f.Attrs.Fn) > 0 {
		p.attrSetSlot(f.Attrs.Fn)
	}
	p.printFunction(f)
	for i, s := range p.asList {
		if i == 0 {
			p.byte1('\n')
		}
		p.str("attributes #")
		p.int(int64(i))
		p.str(" = { ")
		p.attrSet(s, true)
		p.str(" }\n")
	}
	if p.mdAddr.len() > 0 {
		p.byte1('\n')
		p.renderMD()
		p.writeMD()
	}
	p.flush()
	if p.err == nil && p.incomplete {
		return ErrLimit
	}
	return p.err
}
