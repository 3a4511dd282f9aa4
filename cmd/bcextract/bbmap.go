package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/bcextract/bcextract/bbmap"
	"github.com/bcextract/bcextract/bbmap/objdump"
	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/disasm"
	"github.com/bcextract/bcextract/mmap"
	"github.com/spf13/pflag"
)

type bbmapOptions struct {
	function string   // --function: exact name, else a regular expression
	disasm   bool     // --disasm
	syntax   string   // --syntax
	addrs    []string // --addr
	addrFile string   // --addr-file
	samples  string   // --samples
	json     bool     // --json
	demangle bool     // -C, --demangle
}

func bbmapCommand() *command {
	var o bbmapOptions
	fs := pflag.NewFlagSet("bbmap", pflag.ContinueOnError)
	fs.StringVar(&o.function, "function", "", "show only the functions named `NAME`, or if none is, those matching it as a Go regular expression")
	fs.BoolVar(&o.disasm, "disasm", false, "list each basic block's instructions")
	fs.StringVar(&o.syntax, "syntax", "gnu", "assembler `SYNTAX` for --disasm: gnu, intel (x86 only) or go")
	fs.StringArrayVar(&o.addrs, "addr", nil, "look up `ADDR` (0x-prefixed hexadecimal or decimal); repeatable")
	fs.StringVar(&o.addrFile, "addr-file", "", "look up the addresses in `FILE`, one per line (\"-\" for standard input)")
	fs.StringVar(&o.samples, "samples", "", "sum the samples of `FILE` (lines \"ADDR COUNT\") per basic block and function")
	fs.BoolVar(&o.json, "json", false, "print one JSON document per FILE, one per line")
	fs.BoolVarP(&o.demangle, "demangle", "C", false, "demangle C++ and Rust names, as llvm-objdump -C does; --function matches either name")
	return &command{
		Name:  "bbmap",
		Usage: "bbmap [--function NAME|REGEX] [--disasm] [--syntax gnu|intel|go] [--addr ADDR]... [--addr-file FILE] [--samples FILE] [-C] [--json] FILE...",
		Short: "show basic block address maps: blocks, instructions, address lookups, samples",
		Long: `
Bbmap reads the basic block address maps (SHT_LLVM_BB_ADDR_MAP, from
-fbasic-block-address-map; also the LLVM 14 layout) of an ELF executable,
shared library or relocatable object, and prints one table per function:
its blocks' IDs, addresses, sizes and flags, and where the map has them,
PGO frequencies (relative to the entry block) and successor probabilities.
Flags: R HasReturn, T HasTailCall, E IsEHPad, F CanFallThrough,
I HasIndirectBranch, - none.

In a relocatable object addresses are offsets into the section holding the
function's code, found through the map's relocations.

--disasm lists each block's instructions, decoded from the bytes of the
section holding the block (x86 and amd64, AArch64, 32-bit Arm in ARM mode,
64-bit Power, RISC-V 64) with golang.org/x/arch, in --syntax gnu (the
default), intel (x86 only) or go. An instruction that runs past the end of its
block is marked "<- runs N bytes past the end of the block", and bytes that do
not decode are shown as "(bad)" instructions one unit long (1 byte on x86, 2
or 4 on RISC-V, 4 elsewhere). Data that Arm and AArch64 mapping symbols mark
inside code (jump tables, literal pools) is shown as .word directives, as
llvm-objdump shows it; Thumb code is not decoded.

With --disasm the targets of branches and calls (and of AArch64 ADR and
ADRP) are named after the symbol table as llvm-objdump names them,
"callq 0x201540 <__cxa_throw@plt>", "ja 0x2011fd <classify+0x2d>", PLT
entries of x86-64, i386 and AArch64 files as NAME@plt (in the GNU and Intel
syntaxes; the Go syntax names them its own way).

-C (--demangle) demangles C++ and Rust function and target names as
'llvm-objdump-22 -C' does. --function NAME then selects the functions
whose symbol name or demangled name is NAME, and if none is, those whose
symbol name or demangled name the regular expression matches.

--addr and --addr-file map each address to its function, range, block and
offset in the block, or report that it is outside every block; the map itself
is then printed only if --disasm, --samples or --function also ask for it.
In a relocatable object an address is looked up in every code section, and
each match is a row of its own.

--samples sums the counts of a sample file (lines "ADDR COUNT", e.g. from
perf script post-processing; addresses and counts 0x-hexadecimal or decimal,
'#' starts a comment line) per block and function, printed in a SAMPLES
column beside the PGO frequencies.

With several FILEs, each one's output follows a line "==> FILE <==".
--addr, --addr-file and --samples apply to each; their files are read once.

--json prints one JSON document per FILE, each on one line: {"file", "arch",
"relocatable", "functions": [{"name", "address", "section", "ranges":
[{"base", "section", "blocks": [{"id", "address", "size", "flags",
"instructions": [{"address", "size", "text"}]}]}]}], "lookups": [{"address",
"function", "range", "bb_id", "offset"}], "samples", "errors": [{"path",
"file", "offset", "error", "message", "line"}]}; see README.md for every key.
A FILE that cannot be read, is not ELF or has no map is a document with no
functions and its error.

Exit status: 1 if a FILE cannot be read, is not ELF, has no BB address map,
or a map, address or sample file is malformed (what could be read is still
printed, and the lines of a sample or address file before a bad one are
used); 2 for usage errors.

Examples:

	bcextract bbmap a.out
	bcextract bbmap --disasm --function main a.out
	bcextract bbmap -C --disasm --function 'geo::classify' a.out
	bcextract bbmap --addr 0x401136 --addr 0x401200 a.out
	perf script -F ip | awk '{n[$1]++} END {for (a in n) print "0x" a, n[a]}' > samples.txt
	bcextract bbmap --samples samples.txt --function '^hot_' a.out
	bcextract bbmap --disasm --json foo.o | jq '.functions[0].ranges[0].blocks[0].instructions'
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("missing FILE")
			}
			syntax, err := disasm.ParseSyntax(o.syntax)
			if err != nil {
				return usagef("--syntax: %v", err)
			}
			var addrs []uint64
			for _, a := range o.addrs {
				v, err := bbmap.ParseAddress(a)
				if err != nil {
					return usagef("--addr: %v", err)
				}
				addrs = append(addrs, v)
			}
			return runBBMap(e, args, o, syntax, addrs)
		},
	}
}

// runBBMap prints the maps of each FILE in names: in text, each after a line
// "==> FILE <==" when there are several; in JSON, one document per FILE, one
// per line.
func runBBMap(e *env, names []string, o bbmapOptions, syntax disasm.Syntax, addrs []uint64) error {
	samples := readBBMapAux(e, o.samples, bbmap.ReadSamples)
	defer samples.close()
	addrFile := readBBMapAux(e, o.addrFile, func(r io.Reader, f func(uint64, uint64) error) error {
		return bbmap.ReadAddresses(r, func(a uint64) error { return f(a, 0) })
	})
	defer addrFile.close()
	w := bufio.NewWriterSize(e.stdout, outBufSize)
	// The options of each FILE, with the problems of the --samples and
	// --addr-file inputs.
	opts := func(auxErrs []error) *objdump.Options {
		op := &objdump.Options{Function: o.function, Disasm: o.disasm, Syntax: syntax, Demangle: o.demangle,
			JSON: o.json, Addrs: addrs, AddrFile: addrFile.lines(), Samples: samples.lines(), Errors: auxErrs}
		op.Warn = func(msg string) { reportf(e.stderr, "warning: %s", msg) }
		return op
	}
	failed := samples.err != nil || addrFile.err != nil
	for i, name := range names {
		if !o.json && len(names) > 1 {
			if i > 0 {
				w.WriteString("\n")
			}
			w.WriteString("==> " + name + " <==\n")
		}
		var auxErrs []error // the inputs' problems, in every FILE's document
		for _, a := range []*bbmapAux{samples, addrFile} {
			if a.err != nil {
				auxErrs = append(auxErrs, a.err)
			}
		}
		errs, err := bbmapFile(e, w, name, opts(auxErrs))
		if err != nil {
			return err
		}
		for _, err := range errs {
			reportf(e.stderr, "%v", err)
			failed = true
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	if failed {
		return errFailed
	}
	return nil
}

// A bbmapAux is the file of --samples or --addr-file, read once for every
// FILE: data up to its first malformed line, and what was wrong with it.
type bbmapAux struct {
	name string
	m    *mmap.Data
	data []byte // the well-formed lines
	err  error  // opening it, or its first malformed line; reported once
}

// readBBMapAux reads the file name ("-" for standard input; "" for none)
// and checks its lines with read, keeping those before the first bad one.
// Its problem is reported on stderr now, and kept in err for the JSON
// documents.
func readBBMapAux(e *env, name string, read func(io.Reader, func(uint64, uint64) error) error) *bbmapAux {
	a := &bbmapAux{name: name}
	if name == "" {
		return a
	}
	in, err := openInput(e, name)
	if err != nil {
		a.err = err
		reportf(e.stderr, "%v", err)
		return a
	}
	a.m, a.data = in.m, in.data
	err = in.guard(func() error {
		return read(bytes.NewReader(a.data), func(uint64, uint64) error { return nil })
	})
	var se *bbmap.SampleError
	switch {
	case errors.As(err, &se):
		a.data = a.data[:se.Off]
		a.err = &container.Error{Path: name, File: name, Off: se.Off, Err: &sampleLineError{se}}
	case err != nil:
		a.err = err
	}
	if a.err != nil {
		reportf(e.stderr, "%v", a.err)
	}
	return a
}

func (a *bbmapAux) close() { a.m.Close() }

// lines is the file for objdump.Options; nil if none was given.
func (a *bbmapAux) lines() *objdump.Lines {
	if a.name == "" {
		return nil
	}
	return &objdump.Lines{Name: a.name, Data: a.data}
}

// A sampleLineError is a malformed line of a sample or address file: its
// message says which line; the container.Error holding it gives the byte.
type sampleLineError struct{ *bbmap.SampleError }

func (e *sampleLineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }
func (e *sampleLineError) Unwrap() error { return e.SampleError }

// bbmapFile prints the maps of the file name on w and returns its
// problems, one error each, for the caller to report; o.Errors, the
// problems of --samples and --addr-file, go into its JSON document too. The error
// returned stops the command (a write error, or a usage error).
func bbmapFile(e *env, w *bufio.Writer, name string, o *objdump.Options) (errs []error, err error) {
	in, err := openInput(e, name)
	if err != nil {
		if o.JSON {
			objdump.WriteFailure(w, name, append(o.Errors, err))
		}
		return []error{err}, nil
	}
	defer in.close()
	ferr := in.guard(func() error {
		errs, err = objdump.Write(w, name, in.data, o)
		var pe *objdump.PatternError
		if errors.As(err, &pe) {
			return usagef("--function: %v", pe)
		}
		return err
	})
	var ce *container.Error
	if errors.As(ferr, &ce) && ce.Err == mmap.ErrFault {
		if o.JSON {
			w.WriteString("\n") // the document is cut: it is the next line that says why
			objdump.WriteFailure(w, name, append(o.Errors, ferr))
		}
		return append(errs, ferr), nil
	}
	return errs, ferr
}
