package main

import "github.com/bcextract/bcextract/internal/demangle"

// demangled returns an ELF symbol name as sections prints it: demangled
// with -C, as llvm-readobj-22 -C does (see internal/demangle), and as it
// is otherwise. llvm-readobj demangles no COFF or Mach-O name in these
// dumps, and neither does sections.
func (d *sectionsDump) demangled(name string) string {
	if !d.o.demangle {
		return name
	}
	if d.dm == nil {
		d.dm = demangle.NewCache(demangle.BudgetFor(len(d.data)))
	}
	return d.dm.Name(name)
}
