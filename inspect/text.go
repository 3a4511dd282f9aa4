package inspect

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/minllvm"
	"github.com/bcextract/bcextract/llvmir"
)

// An Inspected is one bitcode payload and its inventory.
type Inspected struct {
	Payload container.Payload
	// Inventory is what bitcode.ReadInventory read of Payload.Data (what
	// it read before the problem when Err is set), nil if it was not read.
	Inventory *bitcode.Inventory
	// Err is ReadInventory's error, nil for none; the command locates it
	// in the payload's file first (see container.PayloadError).
	Err error
	// Demangle, when not nil, gives the name to print for a symbol name,
	// as llvm-nm -C prints it.
	Demangle func(string) string
	// MinLLVM is what each module needs of the LLVM that reads it
	// (minllvm.Modules), by module, nil when not worked out; MinLLVMErr
	// says why the modules from len(MinLLVM) on have none.
	MinLLVM    []minllvm.Need
	MinLLVMErr error
}

// WriteText prints the summary 'bcextract inspect' prints of one payload:
// its path, then one "key: value" line per fact.
func WriteText(w *bufio.Writer, it *Inspected) {
	p := &it.Payload
	fmt.Fprintf(w, "%s\n", p.Path)
	f := it.Inventory
	if f == nil {
		return
	}
	line := func(key, format string, args ...any) {
		fmt.Fprintf(w, "  %-14s", key+":")
		fmt.Fprintf(w, format, args...)
		w.WriteByte('\n')
	}
	if h := f.Wrapper; h != nil {
		line("wrapper", "cputype 0x%08x, stream at 0x%x, %d bytes", h.CPUType, h.Offset, h.Size)
	}
	for i := range f.Modules {
		m := &f.Modules[i]
		if len(f.Modules) > 1 {
			line("module", "%d of %d, at byte 0x%x", i+1, len(f.Modules), m.Off)
		}
		producer := m.Producer
		if producer == "" {
			producer = "(no IDENTIFICATION block)"
		} else {
			producer += ", epoch " + strconv.FormatUint(m.Epoch, 10)
		}
		line("producer", "%s; bitcode version %d", producer, m.Version)
		if i < len(it.MinLLVM) || it.MinLLVMErr != nil {
			line("min llvm", "%s", it.minLLVMText(i))
		}
		line("triple", "%s", orNone(m.Triple))
		line("datalayout", "%s", orNone(m.DataLayout))
		line("source file", "%s", orNone(m.SourceFileName))
		if h := m.HashString(); h != "" {
			line("hash", "%s", h)
		}
		line("summary", "%s", summaryText(&m.Summary))
		for _, s := range m.Idents {
			line("ident", "%s", s)
		}
		for _, cu := range m.CompileUnits {
			line("compile unit", "%s", compileUnitText(&cu))
		}
		line("globals", "%s", globalsText(m.Globals))
		if m.AsmSize > 0 {
			line("module asm", "%d bytes", m.AsmSize)
		}
	}
	if len(p.Cmdline) > 0 {
		line("cmdline", "%s", strings.Join(CmdlineArgs(p.Cmdline), " "))
	}
	if b := p.Bundle; b != nil {
		// What the bundle's table of contents says of the link.
		if m := b.Member; m != nil {
			line("bundle file", "%s, %s, %s, %d bytes", m.Name, orNone(m.FileType), m.Encoding, m.Size)
		}
		line("bundle", "platform %s, sdk %s, arch %s", orNone(b.Platform), orNone(b.SDKVersion), orNone(b.Arch))
		if len(b.Dylibs)+len(b.WeakDylibs) > 0 {
			line("dylibs", "%s", strings.Join(append(append([]string{}, b.Dylibs...), b.WeakDylibs...), ", "))
		}
		if len(b.LinkOptions) > 0 {
			line("link options", "%s", strings.Join(b.LinkOptions, " "))
		}
	}
	if st := f.Symtab; st != nil {
		line("irsymtab", "%s", symtabText(st))
		if len(st.DependentLibraries) > 0 {
			line("deplibs", "%s", strings.Join(st.DependentLibraries, ", "))
		}
		if st.COFFLinkerOpts != "" {
			line("linker opts", "%s", strings.TrimSpace(st.COFFLinkerOpts))
		}
	}
	for _, n := range f.Notes {
		line("note", "%s", n)
	}
}

// minLLVMText says what module i needs of the LLVM that reads it: "19
// (range attribute)", "13 or older".
func (it *Inspected) minLLVMText(i int) string {
	if i >= len(it.MinLLVM) {
		if it.MinLLVMErr != nil {
			return "not worked out: " + it.MinLLVMErr.Error()
		}
		return "not worked out"
	}
	n := it.MinLLVM[i]
	switch {
	case n.Version > minllvm.Latest:
		return fmt.Sprintf("none up to %d (%s)", minllvm.Latest, n.What)
	case n.What == "":
		return fmt.Sprintf("%d or older", n.Version)
	}
	return fmt.Sprintf("%d (%s)", n.Version, n.What)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func summaryText(s *bitcode.SummaryInfo) string {
	if s.Kind == bitcode.NoSummary {
		return "none"
	}
	flags := "none"
	if names := s.Flags.Names(); len(names) > 0 {
		flags = strings.Join(names, ",")
	}
	return fmt.Sprintf("%s, version %d, flags %s", s.Kind, s.Version, flags)
}

func compileUnitText(cu *bitcode.CompileUnit) string {
	var b strings.Builder
	b.WriteString(llvmir.LanguageName(cu.Language))
	if cu.File != "" {
		fmt.Fprintf(&b, ", %s", cu.File)
		if cu.Directory != "" {
			fmt.Fprintf(&b, " in %s", cu.Directory)
		}
	}
	if cu.Producer != "" {
		fmt.Fprintf(&b, ", producer %q", cu.Producer)
	}
	if cu.Optimized {
		b.WriteString(", optimized")
	}
	if cu.SDK != "" {
		fmt.Fprintf(&b, ", sdk %s", cu.SDK)
	}
	return b.String()
}

// globalsText counts the globals of each kind and how many are defined.
func globalsText(gs []bitcode.GlobalInfo) string {
	var n, def [4]int
	for i := range gs {
		k := gs[i].Kind
		if int(k) >= len(n) {
			continue
		}
		n[k]++
		if gs[i].Defined {
			def[k]++
		}
	}
	var parts []string
	for _, k := range []bitcode.GlobalKind{bitcode.GlobalFunction, bitcode.GlobalVariable, bitcode.GlobalAlias, bitcode.GlobalIFunc} {
		if n[k] == 0 {
			continue
		}
		s := plural(n[k], k.String())
		if (k == bitcode.GlobalFunction || k == bitcode.GlobalVariable) && def[k] != n[k] {
			s += fmt.Sprintf(" (%d defined)", def[k])
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "s") {
		return strconv.Itoa(n) + " " + word + "es"
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func symtabText(st *bitcode.Symtab) string {
	return fmt.Sprintf("version %d, producer %s, %s, %s", st.Version, orNone(st.Producer),
		plural(len(st.Symbols), "symbol"), plural(len(st.Comdats), "comdat"))
}

// WriteNM prints one payload's symbols as llvm-nm prints a bitcode file's
// ('inspect --symbols'): sorted by name, "-" for the address of defined
// symbols, blanks for undefined ones, names demangled when it.Demangle is
// set (after sorting: llvm-nm sorts by mangled name). header adds
// llvm-nm's "\nNAME:\n" line for one of several files.
func WriteNM(w *bufio.Writer, it *Inspected, header bool) {
	if header {
		fmt.Fprintf(w, "\n%s:\n", it.Payload.Path)
	}
	f := it.Inventory
	if f == nil {
		return
	}
	triple := ""
	if len(f.Modules) > 0 {
		triple = f.Modules[0].Triple
	}
	dashes, blanks := "--------", "        "
	if bitcode.Is64Bit(triple) {
		dashes, blanks = "----------------", "                "
	}
	for _, s := range f.NMSymbols() {
		if s.Defined() {
			w.WriteString(dashes)
		} else {
			w.WriteString(blanks)
		}
		w.WriteByte(' ')
		w.WriteByte(s.Type)
		w.WriteByte(' ')
		if it.Demangle != nil {
			w.WriteString(it.Demangle(s.Name))
		} else {
			w.WriteString(s.Name)
		}
		w.WriteByte('\n')
	}
}
