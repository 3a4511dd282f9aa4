package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/bcextract/bcextract/bbmap"
	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/container/archive"
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/container/macho"
	"github.com/bcextract/bcextract/internal/demangle"
	"github.com/spf13/pflag"
)

type sectionsOptions struct {
	bbAddrMap, prettyPGO, cgProfile, addrsig, deplibs, linkerOpts bool
	sympart, cmdline, offloading, jtSizes, callGraph, all, json   bool
	demangle                                                      bool
	pc                                                            pcSectionOptions
}

func sectionsCommand() *command {
	var o sectionsOptions
	fs := pflag.NewFlagSet("sections", pflag.ContinueOnError)
	fs.BoolVar(&o.bbAddrMap, "bb-addr-map", false, "dump SHT_LLVM_BB_ADDR_MAP sections (with their PGO analysis maps)")
	fs.BoolVar(&o.prettyPGO, "pretty-pgo-analysis-map", false, "print PGO frequencies relative to the entry and probabilities as percentages")
	fs.BoolVar(&o.cgProfile, "cg-profile", false, "dump SHT_LLVM_CALL_GRAPH_PROFILE sections")
	fs.BoolVar(&o.addrsig, "addrsig", false, "dump the SHT_LLVM_ADDRSIG section")
	fs.BoolVar(&o.deplibs, "dependent-libraries", false, "dump SHT_LLVM_DEPENDENT_LIBRARIES sections")
	fs.BoolVar(&o.linkerOpts, "elf-linker-options", false, "dump SHT_LLVM_LINKER_OPTIONS sections")
	fs.BoolVar(&o.sympart, "sympart", false, "dump SHT_LLVM_SYMPART sections (not in llvm-readobj)")
	fs.BoolVar(&o.cmdline, "cmdline", false, "dump the -cc1 command lines of .llvmcmd (ELF, COFF) and __LLVM,__cmdline (not in llvm-readobj)")
	fs.BoolVar(&o.jtSizes, "jt-sizes", false, "dump SHT_LLVM_JT_SIZES (jump table sizes) sections (not in llvm-readobj)")
	fs.BoolVar(&o.callGraph, "call-graph", false, "dump SHT_LLVM_CALL_GRAPH (.llvm.callgraph) sections (not in llvm-readobj 22)")
	fs.BoolVar(&o.offloading, "offloading", false, "dump the OffloadBinary headers of SHT_LLVM_OFFLOADING sections (not in llvm-readobj)")
	fs.StringArrayVar(&o.pc.names, "pc-section", nil, "dump the PC section (!pcsections) `NAME`, as named in the metadata (\"name!C\" for the compressed encoding); repeatable")
	fs.IntVar(&o.pc.entrySize, "pc-section-entry-size", 4, "size `N` in bytes of a PC section's PC-relative field: 4 (small code model) or 8 (medium and large)")
	fs.BoolVar(&o.pc.function, "pc-section-function", false, "PC section entries are function entries: the PC, then the function's size")
	fs.StringVar(&o.pc.aux, "pc-section-aux", "", "`LAYOUT` of the auxiliary constants after each PC section entry, e.g. u32,u64")
	fs.BoolVar(&o.all, "all", false, "all of the above but --pc-section")
	fs.BoolVar(&o.json, "json", false, "print one JSON document")
	fs.BoolVarP(&o.demangle, "demangle", "C", false, "demangle C++ and Rust symbol names of ELF files, as llvm-readobj -C does")
	return &command{
		Name:  "sections",
		Usage: "sections [--bb-addr-map [--pretty-pgo-analysis-map]] [--cg-profile] [--addrsig] [--dependent-libraries] [--elf-linker-options] [--sympart] [--cmdline] [--offloading] [--jt-sizes] [--call-graph] [--pc-section NAME ...] [--all] [-C] [--json] FILE...",
		Short: "dump LLVM's ELF extension sections, as llvm-readobj",
		Long: `
Sections decodes LLVM's extension sections of each ELF, COFF or Mach-O FILE
(of each member of an archive, and each slice of a universal file, as
llvm-readobj-22 dumps them) and prints them. For the options llvm-readobj
also has (--bb-addr-map, --pretty-pgo-analysis-map, --cg-profile, --addrsig,
--dependent-libraries, --elf-linker-options) the output is byte-identical to
'llvm-readobj-22' with the same options, file header and dump order
included; problems in a section are warnings on stderr, worded as
llvm-readobj words them, and the rest of the file is still printed.

--sympart, --cmdline, --offloading, --jt-sizes, --call-graph and
--pc-section, which llvm-readobj lacks, print in the same style. PC sections
(from !pcsections metadata) do not describe their entries:
--pc-section-entry-size, --pc-section-function and --pc-section-aux say what
they hold; a name ending in "!C" selects the compressed encoding. In a
linked file each entry's PC is resolved to the function holding it.

--json prints one JSON document: an array with one object per file whose
keys are the headings of the text output (always valid JSON, unlike
llvm-readobj's for --addrsig and --elf-linker-options). A file that could
not be dumped has an "Error" key, an object as in list --json ("path",
"file", "offset" in the file, "error", "message"); an input that is not an
object or cannot be read has an object of its own, with its "FileSummary"
and "Error".

-C (--demangle) demangles the C++ and Rust names of ELF files (function and
symbol names, in JSON too) as 'llvm-readobj-22 -C' does; like it, it leaves
the names of COFF and Mach-O files as they are.

Exit status: 1 if a FILE cannot be read, is not an object, an archive or a
universal file, or its headers are malformed (llvm-readobj's "the file is
corrupt"), or if it is or holds a PE image or WebAssembly object (whose
summary llvm-readobj prints; sections does not dump them); 2 for usage
errors. Warnings about a section's contents do not
change it, as with llvm-readobj.

Examples:

	bcextract sections --bb-addr-map --pretty-pgo-analysis-map a.out
	bcextract sections --all foo.o
	bcextract sections --cg-profile --json foo.o | jq '.[0].CGProfile'
	bcextract sections --bb-addr-map --cg-profile --addrsig -C foo.o
	bcextract sections --pc-section 'my_section!C' --pc-section-function --pc-section-aux u32,u64 a.out
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("missing FILE")
			}
			if o.pc.entrySize != 4 && o.pc.entrySize != 8 {
				return usagef("--pc-section-entry-size must be 4 or 8")
			}
			if o.all {
				o.bbAddrMap, o.cgProfile, o.addrsig, o.deplibs, o.linkerOpts, o.sympart, o.cmdline, o.offloading = true, true, true, true, true, true, true, true
				o.jtSizes, o.callGraph = true, true
			}
			return runSections(e, args, o)
		},
	}
}

func runSections(e *env, args []string, o sectionsOptions) error {
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	var docs []any
	failed := false
	if o.prettyPGO && !o.bbAddrMap {
		reportf(e.stderr, "warning: --bb-addr-map must be enabled for --pretty-pgo-analysis-map to have an effect")
	}
	// fail reports err, a problem of the input name (or of one of its
	// members), and, with --json, records it in that file's object, doc,
	// or in an object of its own.
	fail := func(name string, doc orderedObject, err error) {
		reportf(e.stderr, "%v", err)
		failed = true
		if !o.json {
			return
		}
		errField := orderedField{"Error", newJSONError(err)}
		if doc != nil {
			docs[len(docs)-1] = append(doc, errField)
			return
		}
		docs = append(docs, orderedObject{{"FileSummary", orderedObject{{"File", name}}}, errField})
	}
	for _, name := range args {
		in, err := openInput(e, name)
		if err != nil {
			fail(name, nil, err)
			continue
		}
		ferr := in.guard(func() error {
			var files []objectFile
			files, err = objectFiles(name, in.data)
			// An archive's members share one budget for decompressing.
			budget := elf.NewBudget(elf.DefaultBudget(len(in.data)))
			for _, f := range files {
				d := &sectionsDump{name: f.name, data: f.data, o: o, stderr: e.stderr, budget: budget}
				var doc orderedObject
				if o.json {
					root := &roNode{kind: roDict}
					d.run(root)
					doc = root.jsonValue().(orderedObject)
					docs = append(docs, doc)
				} else {
					t := &roText{w: w}
					d.run(t)
					t.flush()
				}
				if d.err != nil {
					fail(f.name, doc, container.NewError(f.path, name, f.base, d.err))
				}
			}
			return nil
		})
		if ferr != nil {
			fail(name, nil, ferr)
		}
		for _, err := range container.Errors(err) {
			fail(name, nil, err)
		}
		in.close()
		if ferr := w.Flush(); ferr != nil {
			return ferr
		}
	}
	if o.json {
		if docs == nil {
			docs = []any{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(docs); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if failed {
		return errFailed
	}
	return nil
}

// An objectFile is one object file to dump: a file, an archive's member
// named "lib.a(member.o)" as llvm-readobj names it, or a slice of a
// universal file, which llvm-readobj names as the file; its data starts at
// byte base of the file. path is its container path, for errors.
type objectFile struct {
	name, path string
	base       int64
	data       []byte
}

// objectFiles returns the object files in data, the file name: itself, its
// members, or its slices (and their members), in file order.
func objectFiles(name string, data []byte) ([]objectFile, error) {
	return appendObjectFiles(nil, name, name, 0, data, true)
}

// appendObjectFiles appends the object files of data, at byte base of the
// file, to out; name is what llvm-readobj calls it and path its container
// path. A universal file's slices are followed if fat.
func appendObjectFiles(out []objectFile, name, path string, base int64, data []byte, fat bool) ([]objectFile, error) {
	switch container.Detect(data) {
	case container.ELF, container.COFF, container.MachO:
		return append(out, objectFile{name, path, base, data}), nil
	case container.Archive:
		a, err := archive.Parse(data)
		var errs []error
		if a != nil {
			for _, m := range a.Members {
				if m.Data == nil {
					continue
				}
				mname, mpath := name+"("+m.Name+")", path+"("+m.Name+")"
				// llvm-readobj skips the members that are no object
				// file (bitcode, text) in silence; it dumps the summary
				// of a PE image or WebAssembly object, which is said
				// here not to be dumped.
				switch k := container.Detect(m.Data); k {
				case container.ELF, container.COFF, container.MachO:
					out = append(out, objectFile{mname, mpath, base + m.Off, m.Data})
				case container.PE, container.Wasm:
					errs = append(errs, &container.Error{Path: mpath, File: mname, Off: base + m.Off, Err: notDumped(k)})
				}
			}
		}
		if err != nil {
			errs = append(errs, container.NewError(path, name, base, err))
		}
		return out, errors.Join(errs...)
	case container.Universal:
		if !fat {
			break
		}
		arches, err := macho.ParseFat(data)
		if err != nil {
			return out, container.NewError(path, name, base, err)
		}
		var errs []error
		for _, a := range arches {
			if out, err = appendObjectFiles(out, name, path+"["+a.Arch+"]", base+a.Off, data[a.Off:a.Off+a.Size], false); err != nil {
				errs = append(errs, err)
			}
		}
		return out, errors.Join(errs...)
	}
	return out, &container.Error{Path: path, File: name, Off: base, Err: notDumped(container.Detect(data))}
}

// errNotObject is the cause of the error for a sections input that is
// neither an object nor an archive.
var errNotObject = errors.New("not an ELF, COFF or Mach-O object, or an archive or universal file of them")

// notDumped returns the cause of the error for a sections input (or
// archive member) of format k, which is not dumped: more specific than
// errNotObject for the formats llvm-readobj-22 dumps a summary of.
func notDumped(k container.Format) error {
	switch k {
	case container.PE:
		return errors.New("a PE image, which sections does not dump (llvm-readobj-22 prints its file summary)")
	case container.Wasm:
		return errors.New("a WebAssembly object, which sections does not dump (llvm-readobj-22 prints its file summary)")
	}
	return errNotObject
}

// sectionsDump dumps one ELF file.
type sectionsDump struct {
	name   string
	data   []byte
	o      sectionsOptions
	stderr interface{ Write([]byte) (int, error) }
	f      *elf.File
	syms   []elf.Symbol
	funcs  *bbmap.FuncSymbols // function names by address, for BB address maps
	byAddr []elf.Symbol       // function symbols by address, for PC sections
	warned map[string]bool
	err    error // why the file could not be dumped at all
	// budget bounds what compressed sections decompress to, shared by
	// the members of an archive (nil: the file's own).
	budget *elf.Budget

	dm *demangle.Cache // with -C, made when first needed
}

// warn reports a problem as llvm-readobj does, once per message and file.
func (d *sectionsDump) warn(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if d.warned == nil {
		d.warned = make(map[string]bool)
	}
	if d.warned[msg] {
		return
	}
	d.warned[msg] = true
	fmt.Fprintf(d.stderr, "bcextract: warning: '%s': %s\n", d.name, msg)
}

func (d *sectionsDump) run(root roScope) {
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
	if d.budget != nil {
		f.SetBudget(d.budget)
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
		dump func(roScope)
	}{
		{d.o.deplibs, d.dependentLibraries},
		{d.o.linkerOpts, d.linkerOptions},
		{d.o.cgProfile, d.cgProfile},
		{d.o.bbAddrMap, d.bbAddrMaps},
		{d.o.addrsig, d.addrsig},
		{d.o.sympart, d.symParts},
		{d.o.cmdline, d.cmdlines},
		{d.o.offloading, d.offloading},
		{d.o.jtSizes, d.jumpTableSizes},
		{d.o.callGraph, d.callGraph},
	}
	for _, v := range dumps {
		if v.on {
			v.dump(root)
		}
	}
	if len(d.o.pc.names) > 0 {
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
func (d *sectionsDump) symbols() []elf.Symbol {
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
func (d *sectionsDump) symbolName(i uint32) string {
	syms := d.symbols()
	if int(i) >= len(syms) {
		d.warn("unable to read the name of symbol with index %d: unable to get symbol from section [index %d]: invalid symbol index (%d)", i, d.f.SymbolTable(), i)
		return "<?>"
	}
	return d.demangled(syms[i].Name)
}

func (d *sectionsDump) contents(s *elf.Section) []byte {
	b, err := sectionContents(d.f, d.data, s)
	if err != nil {
		d.warn("unable to decompress section '%s' [index %d]: %s", s.Name, s.Index, compressedMsg(err))
	}
	return b
}
