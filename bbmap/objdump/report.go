package objdump

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
	"github.com/bcextract/bcextract/internal/jsonstr"
	"github.com/bcextract/bcextract/sections"
)

// A report is everything bbmap prints about one file, decoded; the
// printers walk it.
type report struct {
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

	dm      *demangle.Cache // with -C (names.go)
	targets *branchTargets  // names branch targets with --disasm (symbols.go)
}

// A lookupResult is the answer for one address in one address space.
type lookupResult struct {
	addr    uint64
	section int // address space: a section index in a relocatable object, else 0
	loc     bbmap.Location
	found   bool
}

// Options says what [Write] prints, as bcextract bbmap's flags do.
type Options struct {
	// Function selects the functions whose symbol name (or, with
	// Demangle, demangled name) is Function, and if none is, those whose
	// name the Go regular expression Function matches; "" selects all.
	Function string
	// Disasm lists each block's instructions, in Syntax (disasm.GNU,
	// the zero value, disasm.Intel for x86 only, or disasm.Go).
	Disasm bool
	Syntax disasm.Syntax
	// Demangle demangles C++ and Rust names as llvm-objdump-22 -C does.
	Demangle bool
	// JSON prints one JSON document on one line instead of text.
	JSON bool
	// Addrs are looked up, then the lines of AddrFile.
	Addrs []uint64
	// AddrFile, if not nil, holds addresses to look up, one per line (see
	// bbmap.ReadAddresses); with Addrs or AddrFile, the function tables
	// are printed only if Disasm, Samples or Function ask for them too.
	AddrFile *Lines
	// Samples, if not nil, holds "ADDR COUNT" lines (see
	// bbmap.ReadSamples) to sum per block and function.
	Samples *Lines
	// Errors are the problems of the inputs behind AddrFile and Samples,
	// listed in the JSON document's "errors" before the file's own.
	Errors []error
	// Warn, if not nil, is called with each warning about the file (its
	// blocks overlap), "FILE: N blocks overlap others; ...".
	Warn func(msg string)
}

// Lines is the text of an address or sample file, read once for every
// ELF file printed: the lines up to the first malformed one.
type Lines struct {
	Name string // the file's name, for errors
	// Data holds the well-formed lines; nil if the file could not be
	// read at all (an empty non-nil Data is a file of no samples).
	Data []byte
}

// A PatternError is Options.Function naming no function and not being a
// regular expression: a usage error rather than a problem of the file.
type PatternError struct {
	Pattern string
	Err     error // from regexp.Compile
}

// Error says that the pattern names no function and why it does not compile.
func (e *PatternError) Error() string {
	return fmt.Sprintf("no function is named %q, and it is not a regular expression: %v", e.Pattern, e.Err)
}

// Unwrap returns the regexp package's error.
func (e *PatternError) Unwrap() error { return e.Err }

// Write prints the BB address maps of the ELF file held in data, whose
// name is name, on w as opts asks: in text, one table per function, then
// the lookups and the sample totals; in JSON, one document on one line
// (see the package documentation). It returns the file's problems, each a
// *container.Error located in the file where it can be (what could be read
// is printed all the same; in JSON they are the document's "errors"), and
// an error that stops the listing: a *PatternError, or w's.
//
// When w is a *bufio.Writer, Write writes through it and leaves flushing
// it to the caller (so that a caller can report the problems on stderr
// before the output reaches stdout, as the command does); any other w gets
// everything before Write returns, and its error.
func Write(w io.Writer, name string, data []byte, opts *Options) (problems []error, err error) {
	if bw, ok := w.(*bufio.Writer); ok {
		return write(bw, name, data, opts)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	problems, err = write(bw, name, data, opts)
	if err != nil {
		return problems, err
	}
	return problems, bw.Flush()
}

// WriteFailure writes the JSON document of the file name that could not be
// read as ELF, or holds no map: its errors, and nothing else. Write writes
// it itself for the problems it finds; a caller writes it for a file it
// cannot open.
func WriteFailure(w io.Writer, name string, errs []error) error {
	b := append([]byte(nil), `{"file": `...)
	b = jsonstr.Append(b, name)
	b = append(b, `, "arch": null, "relocatable": null, "functions": [], "lookups": [], "samples": null, "errors": `...)
	b = appendJSONErrors(b, errs)
	_, err := w.Write(append(b, "}\n"...))
	return err
}

// write does the work of Write on a buffered w.
func write(w *bufio.Writer, name string, data []byte, o *Options) ([]error, error) {
	fail := func(err error) ([]error, error) {
		if o.JSON {
			WriteFailure(w, name, append(o.Errors[:len(o.Errors):len(o.Errors)], err))
		}
		return []error{err}, nil
	}
	r, err := load(name, data)
	if err != nil {
		return fail(err)
	}
	if o.Demangle {
		r.setDemangle()
	}
	if o.Disasm {
		dec, err := disasm.NewDecoder(r.arch, o.Syntax)
		if err != nil {
			// Located at e_machine.
			return fail(&container.Error{Path: name, File: name, Off: 0x12, Err: fmt.Errorf("%v (ELF machine %v)", err, r.f.Machine)})
		}
		r.useSymbols(dec)
		r.dec = dec
	}
	if err := r.selectFunctions(o.Function); err != nil {
		var pe *PatternError
		if errors.As(err, &pe) {
			return nil, err
		}
		return fail(err)
	}
	lookups := len(o.Addrs) > 0 || o.AddrFile != nil
	r.showMap = !lookups || o.Disasm || o.Samples != nil || o.Function != ""
	if lookups || o.Samples != nil {
		r.index = bbmap.NewIndex(r.funcs)
		if n := r.index.Overlaps(); n > 0 && o.Warn != nil {
			o.Warn(fmt.Sprintf("%s: %d blocks overlap others; an address in several is given to the one starting last", name, n))
		}
	}
	if o.Samples != nil && o.Samples.Data != nil {
		prof, err := r.index.Aggregate(bytes.NewReader(o.Samples.Data))
		if err != nil {
			r.errs = append(r.errs, &container.Error{Path: o.Samples.Name, File: o.Samples.Name, Off: -1, Err: err})
		} else {
			r.prof = prof
		}
	}
	var p printer = &textPrinter{w: w, r: r}
	if o.JSON {
		p = &jsonPrinter{w: w, r: r}
	}
	p.begin()
	if r.showMap || o.JSON {
		for _, fi := range r.shown {
			p.function(fi)
		}
	}
	if lookups {
		p.beginLookups()
		var file []byte
		if o.AddrFile != nil {
			file = o.AddrFile.Data
		}
		r.lookupAll(o.Addrs, file, p.lookup)
	}
	p.end(o.Errors)
	return r.errs, nil
}

// A printer writes a report: functions as they come, then the
// lookups as they are answered.
type printer interface {
	begin()
	function(fi int)
	beginLookups()
	lookup(l *lookupResult)
	end(errs []error) // the problems of --samples and --addr-file, if any
}

// errNotELF is the cause of the error for a bbmap input that is not ELF.
var errNotELF = errors.New("not an ELF file")

// load decodes the BB address maps of the ELF file in data. A
// map section that does not decode is recorded in errs and the others are
// kept; no map at all is an error.
func load(name string, data []byte) (*report, error) {
	if !elf.IsELF(data) {
		return nil, &container.Error{Path: name, File: name, Off: 0, Err: errNotELF}
	}
	f, err := elf.NewFile(data)
	if err != nil {
		return nil, container.NewError(name, name, 0, err)
	}
	r := &report{file: name, f: f, data: data, arch: disasm.ArchFromELF(f.Machine, f.Class, f.Data), rel: f.Type == goelf.ET_REL}
	var syms []elf.Symbol
	if tab := f.SymbolTable(); tab >= 0 {
		if syms, err = f.Symbols(data, tab); err != nil {
			return nil, container.NewError(name, name, 0, err)
		}
	}
	r.syms = syms
	r.code = newCodeSections(f, data, syms)
	names := bbmap.NewFuncSymbols(f, syms)
	found := false
	for i := range f.Sections {
		s := &f.Sections[i]
		if s.Type != elf.SHT_LLVM_BB_ADDR_MAP && s.Type != elf.SHT_LLVM_BB_ADDR_MAP_V0 {
			continue
		}
		found = true
		ms := bbmap.LoadELFSection(f, data, s, syms)
		if ms.Err != nil {
			r.errs = append(r.errs, sectionError(name, s, &ms))
			continue
		}
		k := 0 // next range, for ms.RelocSyms
		for mi := range ms.Maps {
			m := &ms.Maps[mi]
			fn := bbmap.Func{Map: m}
			if r.rel {
				fn.Sections = make([]int, len(m.Ranges))
				for ri := range m.Ranges {
					fn.Sections[ri] = int(s.Link)
					if ms.RelocSyms != nil {
						if sym := ms.RelocSyms[k+ri]; int(sym) < len(syms) && syms[sym].Shndx != 0 && syms[sym].Shndx < 0xff00 {
							fn.Sections[ri] = int(syms[sym].Shndx)
						}
					}
				}
				k += len(m.Ranges)
			}
			fn.Name, _ = names.Name(fn.Section(0), m.Address())
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

// sectionError is the failure to decode map section s of the file
// name, at the byte of the file where the decoder stopped.
func sectionError(name string, s *elf.Section, ms *bbmap.ELFSection) error {
	var de *sections.DecodeError
	switch {
	case errors.As(ms.Err, &de) && s.Compressed():
		// The offset is in the decompressed bytes, not in the file.
		return &container.Error{Path: name, File: name, Off: s.Off,
			Err: fmt.Errorf("section %s (index %d): %s (at byte 0x%x of the decompressed data)", s.Name, s.Index, de.Msg, de.Off)}
	case errors.As(ms.Err, &de):
		return &container.Error{Path: name, File: name, Off: s.Off + de.Off, Err: fmt.Errorf("section %s (index %d): %s", s.Name, s.Index, de.Msg)}
	}
	return &container.Error{Path: name, File: name, Off: s.Off, Err: fmt.Errorf("section %s (index %d): %s", s.Name, s.Index, ms.Warning)}
}

// selectFunctions keeps the functions named pattern, or if none is, those
// whose names match it as a regular expression; all of them for "".
func (r *report) selectFunctions(pattern string) error {
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
		return &PatternError{Pattern: pattern, Err: err}
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
func (r *report) lookupAll(addrs []uint64, file []byte, emit func(*lookupResult)) {
	spaces := r.index.Sections()
	var l lookupResult
	one := func(addr uint64) error {
		found := false
		for _, sec := range spaces {
			if loc, ok := r.index.LookupSection(sec, addr); ok {
				l = lookupResult{addr: addr, section: sec, loc: loc, found: true}
				emit(&l)
				found = true
			}
		}
		if !found {
			l = lookupResult{addr: addr}
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
func (r *report) sectionOf(sec int, addr uint64) (string, int) {
	if s := r.code.section(sec, addr); s != nil {
		return s.Name, s.Index
	}
	return "", -1
}

// sectionLabel names the section holding addr in address space sec for
// text output: its name, with "@INDEX" if the file has several sections of
// that name (as in container paths); "" if no section holds addr.
func (r *report) sectionLabel(sec int, addr uint64) string {
	s := r.code.section(sec, addr)
	if s == nil {
		return ""
	}
	if r.code.dups[s.Name] {
		return printableName(s.Name) + "@" + strconv.Itoa(s.Index)
	}
	return printableName(s.Name)
}

// noneFound is the error for the file name that holds nothing to print.
func noneFound(name string, cause error) *container.Error {
	return &container.Error{Path: name, File: name, Off: -1, Err: cause}
}
