package main

import (
	"bufio"
	"errors"
	"fmt"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/sections/readobj"
	"github.com/spf13/pflag"
)

// sectionsOptions are the sections command's flags: the views and how to
// print them (readobj.Options), and the flags of the command alone.
type sectionsOptions struct {
	readobj.Options
	prettyPGO, all, json bool
}

func sectionsCommand() *command {
	var o sectionsOptions
	fs := pflag.NewFlagSet("sections", pflag.ContinueOnError)
	fs.BoolVar(&o.BBAddrMap, "bb-addr-map", false, "dump SHT_LLVM_BB_ADDR_MAP sections (with their PGO analysis maps)")
	fs.BoolVar(&o.prettyPGO, "pretty-pgo-analysis-map", false, "print PGO frequencies relative to the entry and probabilities as percentages")
	fs.BoolVar(&o.CGProfile, "cg-profile", false, "dump SHT_LLVM_CALL_GRAPH_PROFILE sections")
	fs.BoolVar(&o.Addrsig, "addrsig", false, "dump the SHT_LLVM_ADDRSIG section")
	fs.BoolVar(&o.DependentLibraries, "dependent-libraries", false, "dump SHT_LLVM_DEPENDENT_LIBRARIES sections")
	fs.BoolVar(&o.LinkerOptions, "elf-linker-options", false, "dump SHT_LLVM_LINKER_OPTIONS sections")
	fs.BoolVar(&o.SymPart, "sympart", false, "dump SHT_LLVM_SYMPART sections (not in llvm-readobj)")
	fs.BoolVar(&o.Cmdlines, "cmdline", false, "dump the -cc1 command lines of .llvmcmd (ELF, COFF) and __LLVM,__cmdline (not in llvm-readobj)")
	fs.BoolVar(&o.JTSizes, "jt-sizes", false, "dump SHT_LLVM_JT_SIZES (jump table sizes) sections (not in llvm-readobj)")
	fs.BoolVar(&o.CallGraph, "call-graph", false, "dump SHT_LLVM_CALL_GRAPH (.llvm.callgraph) sections (not in llvm-readobj 22)")
	fs.BoolVar(&o.Offloading, "offloading", false, "dump the OffloadBinary headers of SHT_LLVM_OFFLOADING sections (not in llvm-readobj)")
	fs.StringArrayVar(&o.PC.Names, "pc-section", nil, "dump the PC section (!pcsections) `NAME`, as named in the metadata (\"name!C\" for the compressed encoding); repeatable")
	fs.IntVar(&o.PC.EntrySize, "pc-section-entry-size", 4, "size `N` in bytes of a PC section's PC-relative field: 4 (small code model) or 8 (medium and large)")
	fs.BoolVar(&o.PC.Function, "pc-section-function", false, "PC section entries are function entries: the PC, then the function's size")
	fs.StringVar(&o.PC.Aux, "pc-section-aux", "", "`LAYOUT` of the auxiliary constants after each PC section entry, e.g. u32,u64")
	fs.BoolVar(&o.all, "all", false, "all of the above but --pc-section")
	fs.BoolVar(&o.json, "json", false, "print one JSON document")
	fs.BoolVarP(&o.Demangle, "demangle", "C", false, "demangle C++ and Rust symbol names of ELF files, as llvm-readobj -C does")
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
			if o.PC.EntrySize != 4 && o.PC.EntrySize != 8 {
				return usagef("--pc-section-entry-size must be 4 or 8")
			}
			if o.all {
				o.BBAddrMap, o.CGProfile, o.Addrsig, o.DependentLibraries, o.LinkerOptions, o.SymPart, o.Cmdlines, o.Offloading = true, true, true, true, true, true, true, true
				o.JTSizes, o.CallGraph = true, true
			}
			o.PrettyPGO = o.prettyPGO
			return runSections(e, args, o)
		},
	}
}

// runSections dumps each input's object files (readobj.Files) with
// readobj.Text, or collects their readobj.JSON documents into one array.
func runSections(e *env, args []string, o sectionsOptions) error {
	w := bufio.NewWriterSize(e.stdout, outBufSize)
	// With --json, one object per file is written as it is done.
	docs := &jsonArray{w: w}
	failed := false
	if o.prettyPGO && !o.BBAddrMap {
		reportf(e.stderr, "warning: --bb-addr-map must be enabled for --pretty-pgo-analysis-map to have an effect")
	}
	o.Warn = func(file, msg string) { fmt.Fprintf(e.stderr, "bcextract: warning: '%s': %s\n", file, msg) }
	// fail reports err, a problem of the input name (or of one of its
	// members), and, with --json, records it in that file's object, doc,
	// or in an object of its own.
	fail := func(name string, doc readobj.Object, err error) {
		reportf(e.stderr, "%v", err)
		failed = true
		if !o.json {
			return
		}
		errField := readobj.Field{Key: "Error", Value: newJSONError(err)}
		if doc != nil {
			docs.set(append(doc, errField))
			return
		}
		docs.add(readobj.Object{{Key: "FileSummary", Value: readobj.Object{{Key: "File", Value: name}}}, errField})
	}
	for _, name := range args {
		in, err := openInput(e, name)
		if err != nil {
			fail(name, nil, err)
			continue
		}
		var werr error // writing to stdout failed
		ferr := in.guard(func() error {
			var files []readobj.File
			files, err = readobj.Files(name, in.data)
			// An archive's members share one budget for decompressing.
			ro := o.Options
			ro.Budget = elf.NewBudget(elf.DefaultBudget(len(in.data)))
			for _, f := range files {
				if o.json {
					doc, derr := readobj.JSON(f, ro)
					docs.add(doc)
					if derr != nil {
						fail(f.Name, doc, derr)
					}
					continue
				}
				derr := readobj.Text(w, f, ro)
				var ce *container.Error
				switch {
				case errors.As(derr, &ce):
					fail(f.Name, nil, derr)
				case derr != nil:
					werr = derr
					return nil
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
		if werr != nil {
			return werr
		}
		if ferr := w.Flush(); ferr != nil {
			return ferr
		}
	}
	if o.json {
		if err := docs.end(); err != nil {
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
