package readobj

import (
	"fmt"
	"io"
	"strconv"

	"github.com/bcextract/bcextract/bbmap"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/internal/demangle"
)

// Options select the views to dump and say how to print them. The zero
// value dumps the file summary alone.
type Options struct {
	// The views llvm-readobj-22 has, named as its options; they print in
	// its order, whatever the order of the options.
	DependentLibraries bool // --dependent-libraries
	LinkerOptions      bool // --elf-linker-options
	CGProfile          bool // --cg-profile
	BBAddrMap          bool // --bb-addr-map
	Addrsig            bool // --addrsig

	// The views llvm-readobj-22 lacks, printed after its own in this
	// order and in the same style: SHT_LLVM_SYMPART, the -cc1 command
	// lines of .llvmcmd and __LLVM,__cmdline, the OffloadBinary headers of
	// SHT_LLVM_OFFLOADING, SHT_LLVM_JT_SIZES, SHT_LLVM_CALL_GRAPH, and the
	// PC sections PC names.
	SymPart, Cmdlines, Offloading, JTSizes, CallGraph bool
	PC                                                PCSectionOptions

	// Demangle demangles the C++ and Rust names of ELF files as
	// llvm-readobj-22 -C does; like it, the names of COFF and Mach-O files
	// are printed as they are.
	Demangle bool

	// PrettyPGO prints the block frequencies of a BB address map's PGO
	// analysis map relative to the function entry's and its branch
	// probabilities as percentages, as llvm-readobj-22
	// --pretty-pgo-analysis-map does (sections.PrettyFrequency,
	// sections.PrettyProbability); otherwise the numbers are printed as
	// they are stored.
	PrettyPGO bool

	// Warn, if set, receives the warnings about a file's contents, each
	// once per file, worded as llvm-readobj-22 words them (it prints
	// "warning: 'FILE': MSG"). They do not stop the dump.
	Warn func(file, msg string)

	// Budget bounds what the compressed sections of a file decompress to
	// (see elf.File.Decompress); share one among the members of an
	// archive. Nil gives each file a budget of its own
	// (elf.DefaultBudget of its size).
	Budget *elf.Budget
}

// Text writes the dump of f as llvm-readobj-22 prints it with the options
// o selects (an empty line, the file summary, then each view). It returns
// the first error writing to w, or else, for a file whose headers are
// malformed (llvm-readobj's "the file is corrupt"), a *container.Error
// after the summary lines llvm-readobj prints of it.
func Text(w io.Writer, f File, o Options) error {
	t := &textScope{w: w}
	d := &dumper{name: f.Name, data: f.Data, o: o}
	d.run(t)
	t.flush()
	if t.err != nil {
		return t.err
	}
	return d.fileError(f)
}

// JSON returns the dump of f that Text prints, as one object whose keys
// are the headings of the text ("FileSummary", "CGProfile", ...). Unlike
// llvm-readobj-22's --elf-output-style=JSON, a labeled entry of a list is
// an object of its own, so that the result is always valid JSON. The error
// is Text's for a file that cannot be dumped; the object holds its summary
// then.
func JSON(f File, o Options) (Object, error) {
	root := &jsonNode{kind: kindDict}
	d := &dumper{name: f.Name, data: f.Data, o: o}
	d.run(root)
	return root.jsonValue().(Object), d.fileError(f)
}

// fileError returns the error for f if it could not be dumped, else nil.
func (d *dumper) fileError(f File) error {
	if d.err == nil {
		return nil
	}
	file := f.file
	if file == "" {
		file = f.Name
	}
	return container.NewError(f.Path, file, f.Base, d.err)
}

// dumper dumps one object file.
type dumper struct {
	name   string
	data   []byte
	o      Options
	f      *elf.File
	syms   []elf.Symbol
	funcs  *bbmap.FuncSymbols // function names by address, for BB address maps
	byAddr []elf.Symbol       // function symbols by address, for PC sections
	warned map[string]bool
	err    error // why the file could not be dumped at all

	dm *demangle.Cache // with Demangle, made when first needed
}

// warn reports a problem as llvm-readobj does, once per message and file.
func (d *dumper) warn(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if d.warned == nil {
		d.warned = make(map[string]bool)
	}
	if d.warned[msg] {
		return
	}
	d.warned[msg] = true
	if d.o.Warn != nil {
		d.o.Warn(d.name, msg)
	}
}

func (d *dumper) run(root scope) {
	root.blank()
	sum := root.flat("FileSummary")
	sum.str("File", d.name)
	switch container.Detect(d.data) {
	case container.COFF:
		d.coffDump(root, sum)
		return
	case container.MachO:
		d.machoDump(root, sum)
		return
	}
	f, err := elf.NewFile(d.data)
	if err != nil {
		sum.end()
		d.err = err // the file cannot be dumped, as llvm-readobj says too
		return
	}
	d.f = f
	if d.o.Budget != nil {
		f.SetBudget(d.o.Budget)
	}
	sum.str("Format", elfFormatName(f))
	arch := f.Arch
	if arch == "" {
		arch = "unknown"
	}
	sum.str("Arch", arch)
	sum.str("AddressSize", strconv.Itoa(addrSize(f)*8)+"bit")
	sum.str("LoadName", d.loadName())
	sum.end()
	// In llvm-readobj's order (DependentLibs, LinkerOptions, CGProfile,
	// BBAddrMap, Addrsig), then the views it lacks.
	dumps := []struct {
		on   bool
		dump func(scope)
	}{
		{d.o.DependentLibraries, d.dependentLibraries},
		{d.o.LinkerOptions, d.linkerOptions},
		{d.o.CGProfile, d.cgProfile},
		{d.o.BBAddrMap, d.bbAddrMaps},
		{d.o.Addrsig, d.addrsig},
		{d.o.SymPart, d.symParts},
		{d.o.Cmdlines, d.cmdlines},
		{d.o.Offloading, d.offloading},
		{d.o.JTSizes, d.jumpTableSizes},
		{d.o.CallGraph, d.callGraph},
	}
	for _, v := range dumps {
		if v.on {
			v.dump(root)
		}
	}
	if len(d.o.PC.Names) > 0 {
		d.pcSections(root)
	}
}

func addrSize(f *elf.File) int {
	if f.Class == 2 {
		return 8
	}
	return 4
}

// symbols returns the first symbol table, reading it once.
func (d *dumper) symbols() []elf.Symbol {
	if d.syms == nil {
		if tab := d.f.SymbolTable(); tab >= 0 {
			syms, err := d.f.Symbols(d.data, tab)
			if err != nil {
				d.warn("%v", err)
			}
			d.syms = syms
		}
		if d.syms == nil {
			d.syms = []elf.Symbol{}
		}
	}
	return d.syms
}

// symbolName names symbol i as llvm-readobj does, "<?>" when it cannot.
func (d *dumper) symbolName(i uint32) string {
	syms := d.symbols()
	if int(i) >= len(syms) {
		d.warn("unable to read the name of symbol with index %d: unable to get symbol from section [index %d]: invalid symbol index (%d)", i, d.f.SymbolTable(), i)
		return "<?>"
	}
	return d.demangled(syms[i].Name)
}

// contents returns the contents of s, decompressed if it is stored
// compressed (SHF_COMPRESSED), within the file's budget, with a warning
// when it cannot be.
//
// Every view reads the decompressed contents, as LLVM's linkers do.
// llvm-readobj-22 does so for BB address maps only: it decodes the stored
// bytes of a compressed SHT_LLVM_ADDRSIG, SHT_LLVM_CALL_GRAPH_PROFILE,
// SHT_LLVM_DEPENDENT_LIBRARIES or SHT_LLVM_LINKER_OPTIONS, compression
// header and all, as if they were the contents, and prints garbage or
// warnings.
func (d *dumper) contents(s *elf.Section) []byte {
	b, err := d.f.Contents(d.data, s)
	if err != nil {
		d.warn("unable to decompress section '%s' [index %d]: %s", s.Name, s.Index, elf.Message(err))
	}
	return b
}
