package main

import (
	"bufio"
	"errors"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/inspect"
	"github.com/bcextract/bcextract/internal/demangle"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/minllvm"
	"github.com/spf13/pflag"
)

func inspectCommand() *command {
	var o inspectOptions
	fs := pflag.NewFlagSet("inspect", pflag.ContinueOnError)
	fs.BoolVar(&o.json, "json", false, "print one JSON document with everything")
	fs.BoolVar(&o.symbols, "symbols", false, "list each module's symbols as llvm-nm does")
	fs.BoolVarP(&o.demangle, "demangle", "C", false, "demangle C++ and Rust symbol names, as llvm-nm -C does")
	return &command{
		Name:  "inspect",
		Usage: "inspect [--json] [--symbols] [-C] FILE...",
		Short: "tell what each bitcode module is: producer, oldest LLVM that reads it, target, source, summary, globals",
		Long: `
Inspect prints, for each bitcode payload of each FILE (see 'bcextract help
list' for what FILE may be), a summary of what the module says about itself:

  producer      the IDENTIFICATION string and epoch, the bitcode version and
                the wrapper's CPU type
  triple, datalayout, source file, module hash
  summary       none, thinlto or full-lto, with the summary's flags
  ident         the llvm.ident strings (the front end's version)
  compile unit  the debug-info language, producer and file
  cmdline       the -cc1 command line, when the object records one
  globals       how many functions, variables, aliases and ifuncs, and how
                many are defined
  irsymtab      the IR symbol table the linker reads: its producer, symbols,
                dependent libraries and COFF linker options
  min llvm      the oldest LLVM release from which every newer one (to
                LLVM 22) reads the module correctly, and the first thing
                in it that needs that release ("13 or older" when nothing
                does; older releases are not considered)

It reads the module without its function bodies, which it skips by their
lengths, but for min llvm, which reads the module's records until one
needs LLVM 22. Blocks and records from a newer LLVM are skipped with a
note.

--symbols lists the symbols instead, in the format of llvm-nm: for a
bitcode file the output is the same as 'llvm-nm-22 FILE'. With several
payloads each list follows a line "PATH:" after an empty line, as llvm-nm
does for several files. With -C (--demangle) C++ and Rust names are
demangled as 'llvm-nm-22 -C' demangles them, still in the order of their
mangled names, as llvm-nm sorts them.

--json prints one JSON document with all of it, the globals one by one and
the IR symbol table in full (see README); with -C each symbol also has
its "demangled" name.

Exit status: 1 if an input or a module is malformed (what could be read is
still printed), 2 for usage errors.

Examples:

	bcextract inspect foo.bc
	bcextract inspect libstd.rlib
	bcextract inspect --symbols foo.bc | diff - <(llvm-nm-22 foo.bc)
	bcextract inspect --symbols -C foo.bc | diff - <(llvm-nm-22 -C foo.bc)
	bcextract inspect --json a.out | jq -r '.payloads[].modules[].producer'
	bcextract inspect --json libfoo.a | jq -c '.payloads[].modules[] | [.min_llvm, .min_llvm_needs]'
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("missing FILE")
			}
			return runInspect(e, args, &o)
		},
	}
}

type inspectOptions struct {
	json, symbols, demangle bool
}

func runInspect(e *env, args []string, o *inspectOptions) error {
	out := bufio.NewWriterSize(e.stdout, outBufSize)
	// With --json the document {"payloads": [inspect.Payload...],
	// "errors": [...]} is written a payload at a time, as each is
	// inspected (jsonArrayDoc), the errors at the end.
	var doc *jsonArrayDoc
	if o.json {
		doc = newJSONArrayDoc(out, "payloads")
	}
	errs := []jsonError{}
	onErr := func(err error) { errs = append(errs, newJSONError(err)) }
	anyFailed := false
	// With --symbols each module is printed once the next is met: the
	// first is held until a second says that there is more than one
	// (then each is headed by its name, as llvm-nm heads them).
	var held *inspect.Inspected
	several := false
	printNM := func(it *inspect.Inspected) {
		if held != nil {
			several = true
			inspect.WriteNM(out, held, true)
		}
		held = it
	}
	for _, name := range args {
		modules := 0
		failed, err := walkInput(e, name, onErr, func(in *input, p *container.Payload) error {
			if !p.Kind.IsModule() {
				return nil
			}
			modules++
			it := inspect.Inspected{Payload: *p}
			if o.demangle {
				it.Demangle = demangle.NewCache(demangle.BudgetFor(len(p.Data))).Name
			}
			it.Inventory, it.Err = bitcode.ReadInventory(p.Data)
			if it.Err != nil {
				it.Err = payloadError(p, "", it.Err)
				reportf(e.stderr, "%v", it.Err)
				onErr(it.Err)
				if p.Malformed {
					in.said = append(in.said, p.Path) // more exact than the walk
				}
				anyFailed = true
			}
			if !o.symbols && it.Err == nil && !p.Malformed {
				// What the inventory skipped (function bodies) may be
				// malformed: said where.
				it.MinLLVM, it.MinLLVMErr = inspect.MinLLVM(p.Data)
				var me *minllvm.Error
				if errors.As(it.MinLLVMErr, &me) {
					err := container.DataError(p, me.Off, true, &unlocatedError{"the oldest LLVM that reads it not worked out: " + me.Err.Error(), me})
					reportf(e.stderr, "%v", err)
					onErr(err)
					anyFailed = true
				}
			}
			switch {
			case o.json:
				doc.add(it.JSON())
			case o.symbols:
				it.Payload.Data = nil // keep no reference to the input
				printNM(&it)
			default:
				inspect.WriteText(out, &it)
			}
			return nil
		})
		if err != nil {
			if o.json {
				// The document stays whole, this error its last.
				onErr(err)
				doc.end(errs)
				out.Flush()
			}
			return err
		}
		if modules == 0 && !failed {
			err := noneFound(name, errNoModule)
			reportf(e.stderr, "%v", err)
			onErr(err)
			failed = true
		}
		anyFailed = anyFailed || failed
	}
	switch {
	case o.json:
		if err := doc.end(errs); err != nil {
			return err
		}
	case o.symbols && held != nil:
		inspect.WriteNM(out, held, several)
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if anyFailed {
		return errFailed
	}
	return nil
}
