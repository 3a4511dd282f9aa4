package main

import (
	"bufio"
	"bytes"
	goelf "debug/elf"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"github.com/bcextract/bcextract/bbmap"
	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/disasm"
	"github.com/bcextract/bcextract/internal/demangle"
	"github.com/bcextract/bcextract/mmap"
	"github.com/bcextract/bcextract/sections"
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

// A bbmapReport is everything bbmap prints about one file, decoded; the
// printers walk it.
type bbmapReport struct {
	file  string
	f     *elf.File
	data  []byte
	arch  disasm.Arch
	rel   bool           // relocatable: addresses are offsets into sections
	syms  []elf.Symbol   // the symbol table
	funcs []bbmap.Func   // every function of every map section
	shown []int          // indexes of funcs to print
	index *bbmap.Index   // nil unless lookups or samples need it
	prof  *bbmap.Profile // nil without --samples
	dec   *disasm.Decoder
	code  codeSections
	errs  []error // map sections that could not be decoded
	// showMap says whether the function tables are printed (text output).
	showMap bool

	dm      *demangle.Cache // with -C (bbmap_names.go)
	targets *branchTargets  // names branch targets with --disasm (bbmap_symbols.go)
}

// A bbmapLookup is the answer for one address in one address space.
type bbmapLookup struct {
	addr    uint64
	section int // address space: a section index in a relocatable object, else 0
	loc     bbmap.Location
	found   bool
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
	w := bufio.NewWriterSize(e.stdout, 64<<10)
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
		errs, err := bbmapFile(e, w, name, o, syntax, addrs, samples, addrFile, auxErrs)
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

// A sampleLineError is a malformed line of a sample or address file: its
// message says which line; the container.Error holding it gives the byte.
type sampleLineError struct{ *bbmap.SampleError }

func (e *sampleLineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }
func (e *sampleLineError) Unwrap() error { return e.SampleError }

// bbmapFile prints the maps of the file name on w and returns its
// problems, one error each, for the caller to report; errs, the problems
// of --samples and --addr-file, go into its JSON document too. The error
// returned stops the command (a write error, or a usage error).
func bbmapFile(e *env, w *bufio.Writer, name string, o bbmapOptions, syntax disasm.Syntax, addrs []uint64, samples, addrFile *bbmapAux, auxErrs []error) (errs []error, err error) {
	in, err := openInput(e, name)
	if err != nil {
		if o.json {
			writeBBMapFailure(w, name, append(auxErrs, err))
		}
		return []error{err}, nil
	}
	defer in.close()
	ferr := in.guard(func() error {
		errs, err = bbmapInput(e, w, name, in.data, o, syntax, addrs, samples, addrFile, auxErrs)
		return err
	})
	var ce *container.Error
	if errors.As(ferr, &ce) && ce.Err == mmap.ErrFault {
		if o.json {
			w.WriteString("\n") // the document is cut: it is the next line that says why
			writeBBMapFailure(w, name, append(auxErrs, ferr))
		}
		return append(errs, ferr), nil
	}
	return errs, ferr
}

// bbmapInput does the work of bbmapFile on the mapped data of the file.
func bbmapInput(e *env, w *bufio.Writer, name string, data []byte, o bbmapOptions, syntax disasm.Syntax, addrs []uint64, samples, addrFile *bbmapAux, auxErrs []error) ([]error, error) {
	fail := func(err error) ([]error, error) {
		if o.json {
			writeBBMapFailure(w, name, append(auxErrs, err))
		}
		return []error{err}, nil
	}
	r, err := loadBBMapReport(name, data)
	if err != nil {
		return fail(err)
	}
	if o.demangle {
		r.setDemangle()
	}
	if o.disasm {
		dec, err := disasm.NewDecoder(r.arch, syntax)
		if err != nil {
			// Located at e_machine.
			return fail(&container.Error{Path: name, File: name, Off: 0x12, Err: fmt.Errorf("%v (ELF machine %v)", err, r.f.Machine)})
		}
		r.useSymbols(dec)
		r.dec = dec
	}
	if err := r.selectFunctions(o.function); err != nil {
		var ue *usageError
		if errors.As(err, &ue) {
			return nil, err
		}
		return fail(err)
	}
	lookups := len(addrs) > 0 || addrFile.name != ""
	r.showMap = !lookups || o.disasm || samples.name != "" || o.function != ""
	if lookups || samples.name != "" {
		r.index = bbmap.NewIndex(r.funcs)
		if n := r.index.Overlaps(); n > 0 {
			reportf(e.stderr, "warning: %s: %d blocks overlap others; an address in several is given to the one starting last", name, n)
		}
	}
	if samples.data != nil {
		prof, err := r.index.Aggregate(bytes.NewReader(samples.data))
		if err != nil {
			r.errs = append(r.errs, &container.Error{Path: samples.name, File: samples.name, Off: -1, Err: err})
		} else {
			r.prof = prof
		}
	}
	var p bbmapPrinter = &bbmapText{w: w, r: r}
	if o.json {
		p = &bbmapJSON{w: w, r: r}
	}
	p.begin()
	if r.showMap || o.json {
		for _, fi := range r.shown {
			p.function(fi)
		}
	}
	if lookups {
		p.beginLookups()
		r.lookupAll(addrs, addrFile.data, p.lookup)
	}
	p.end(auxErrs)
	return r.errs, nil
}

// A bbmapPrinter writes a bbmapReport: functions as they come, then the
// lookups as they are answered.
type bbmapPrinter interface {
	begin()
	function(fi int)
	beginLookups()
	lookup(l *bbmapLookup)
	end(errs []error) // the problems of --samples and --addr-file, if any
}

// errNotELF is the cause of the error for a bbmap input that is not ELF.
var errNotELF = errors.New("not an ELF file")

// loadBBMapReport decodes the BB address maps of the ELF file in data. A
// map section that does not decode is recorded in errs and the others are
// kept; no map at all is an error.
func loadBBMapReport(name string, data []byte) (*bbmapReport, error) {
	if !elf.IsELF(data) {
		return nil, &container.Error{Path: name, File: name, Off: 0, Err: errNotELF}
	}
	f, err := elf.NewFile(data)
	if err != nil {
		return nil, container.NewError(name, name, 0, err)
	}
	r := &bbmapReport{file: name, f: f, data: data, arch: disasm.ArchFromELF(f.Machine, f.Class, f.Data), rel: f.Type == goelf.ET_REL}
	var syms []elf.Symbol
	if tab := f.SymbolTable(); tab >= 0 {
		if syms, err = f.Symbols(data, tab); err != nil {
			return nil, container.NewError(name, name, 0, err)
		}
	}
	r.syms = syms
	r.code = newCodeSections(f, data, syms)
	names := newFuncSymbols(f, syms)
	found := false
	for i := range f.Sections {
		s := &f.Sections[i]
		if s.Type != elf.SHT_LLVM_BB_ADDR_MAP && s.Type != elf.SHT_LLVM_BB_ADDR_MAP_V0 {
			continue
		}
		found = true
		ms := loadBBMapSection(f, data, s, syms)
		if ms.err != nil {
			r.errs = append(r.errs, bbmapSectionError(name, s, ms))
			continue
		}
		k := 0 // next range, for ms.relocSyms
		for mi := range ms.maps {
			m := &ms.maps[mi]
			fn := bbmap.Func{Map: m}
			if r.rel {
				fn.Sections = make([]int, len(m.Ranges))
				for ri := range m.Ranges {
					fn.Sections[ri] = int(s.Link)
					if ms.relocSyms != nil {
						if sym := ms.relocSyms[k+ri]; int(sym) < len(syms) && syms[sym].Shndx != 0 && syms[sym].Shndx < 0xff00 {
							fn.Sections[ri] = int(syms[sym].Shndx)
						}
					}
				}
				k += len(m.Ranges)
			}
			fn.Name, _ = names.name(fn.Section(0), m.Address())
			r.funcs = append(r.funcs, fn)
		}
	}
	if !found {
		return nil, noneFound(name, errNoBBMap)
	}
	return r, nil
}

// errNoBBMap is the cause of the error for a bbmap input without a map.
var errNoBBMap = errors.New("no basic block address map (SHT_LLVM_BB_ADDR_MAP section); build with -fbasic-block-address-map")

// bbmapSectionError is the failure to decode map section s of the file
// name, at the byte of the file where the decoder stopped.
func bbmapSectionError(name string, s *elf.Section, ms bbMapSection) error {
	var de *sections.DecodeError
	switch {
	case errors.As(ms.err, &de) && s.Compressed():
		// The offset is in the decompressed bytes, not in the file.
		return &container.Error{Path: name, File: name, Off: s.Off,
			Err: fmt.Errorf("section %s (index %d): %s (at byte 0x%x of the decompressed data)", s.Name, s.Index, de.Msg, de.Off)}
	case errors.As(ms.err, &de):
		return &container.Error{Path: name, File: name, Off: s.Off + de.Off, Err: fmt.Errorf("section %s (index %d): %s", s.Name, s.Index, de.Msg)}
	}
	return &container.Error{Path: name, File: name, Off: s.Off, Err: fmt.Errorf("section %s (index %d): %s", s.Name, s.Index, ms.warning)}
}

// selectFunctions keeps the functions named pattern, or if none is, those
// whose names match it as a regular expression; all of them for "".
func (r *bbmapReport) selectFunctions(pattern string) error {
	r.shown = r.shown[:0]
	if pattern == "" {
		for i := range r.funcs {
			r.shown = append(r.shown, i)
		}
		return nil
	}
	for i := range r.funcs {
		if r.nameIs(i, pattern) {
			r.shown = append(r.shown, i)
		}
	}
	if len(r.shown) > 0 {
		return nil
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return usagef("--function: no function is named %q, and it is not a regular expression: %v", pattern, err)
	}
	for i := range r.funcs {
		if r.nameMatches(i, re) {
			r.shown = append(r.shown, i)
		}
	}
	if len(r.shown) == 0 {
		return noneFound(r.file, fmt.Errorf("no function is named or matches %q", pattern))
	}
	return nil
}

// lookupAll answers the addresses of --addr, then those of the --addr-file
// lines in file, and hands each answer to emit.
func (r *bbmapReport) lookupAll(addrs []uint64, file []byte, emit func(*bbmapLookup)) {
	spaces := r.index.Sections()
	var l bbmapLookup
	one := func(addr uint64) error {
		found := false
		for _, sec := range spaces {
			if loc, ok := r.index.LookupSection(sec, addr); ok {
				l = bbmapLookup{addr: addr, section: sec, loc: loc, found: true}
				emit(&l)
				found = true
			}
		}
		if !found {
			l = bbmapLookup{addr: addr}
			emit(&l)
		}
		return nil
	}
	for _, a := range addrs {
		one(a)
	}
	if file != nil {
		bbmap.ReadAddresses(bytes.NewReader(file), one) // checked by readBBMapAux
	}
}

// sectionOf returns the name and index of the section holding addr in
// address space sec; "" and -1 if there is none.
func (r *bbmapReport) sectionOf(sec int, addr uint64) (string, int) {
	if s := r.code.section(sec, addr); s != nil {
		return s.Name, s.Index
	}
	return "", -1
}

// sectionLabel names the section holding addr in address space sec for
// text output: its name, with "@INDEX" if the file has several sections of
// that name (as in container paths); "" if no section holds addr.
func (r *bbmapReport) sectionLabel(sec int, addr uint64) string {
	s := r.code.section(sec, addr)
	if s == nil {
		return ""
	}
	if r.code.dups[s.Name] {
		return printableName(s.Name) + "@" + strconv.Itoa(s.Index)
	}
	return printableName(s.Name)
}
