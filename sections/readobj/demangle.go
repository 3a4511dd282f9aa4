package readobj

import "github.com/bcextract/bcextract/internal/demangle"

// demangled returns an ELF symbol name as the dumps print it: demangled
// with Options.Demangle, as llvm-readobj-22 -C does (see
// internal/demangle), and as it is otherwise. llvm-readobj demangles no
// COFF or Mach-O name in these dumps, and neither does this package.
func (d *dumper) demangled(name string) string {
	if !d.o.Demangle {
		return name
	}
	if d.dm == nil {
		d.dm = demangle.NewCache(demangle.BudgetFor(len(d.data)))
	}
	return d.dm.Name(name)
}
