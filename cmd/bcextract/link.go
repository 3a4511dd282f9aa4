package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bcwrite"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/link"
	"github.com/spf13/pflag"
)

type linkOptions struct {
	output      string // -o
	force       bool
	json        bool
	onlyNeeded  bool
	internalize bool
	override    []string
	llvm        int // --llvm: the LLVM version whose reader the output is for
	strict      bool
}

func linkCommand() *command {
	var o linkOptions
	fs := pflag.NewFlagSet("link", pflag.ContinueOnError)
	fs.StringVarP(&o.output, "output", "o", "", "write the linked module to `PATH` (\"-\" for standard output)")
	fs.BoolVar(&o.force, "force", false, "replace an existing regular file (never a link, a device, a directory or an input)")
	fs.BoolVar(&o.json, "json", false, "say what was linked as one JSON document, {\"modules\", \"symbols\", \"output\", \"size\", \"losses\", \"warnings\", \"errors\"}")
	fs.BoolVar(&o.onlyNeeded, "only-needed", false, "link from the second input on only the definitions the module linked so far uses and lacks (llvm-link --only-needed)")
	fs.BoolVar(&o.internalize, "internalize", false, "make what is linked from the second input on internal (llvm-link --internalize)")
	fs.StringArrayVar(&o.override, "override", nil, "link `FILE` last, its definitions replacing those of the same name (llvm-link --override); repeatable")
	fs.IntVar(&o.llvm, "llvm", bcwrite.LatestVersion, "write the linked module for the reader of LLVM `N` (13, 14, 15, 16, 19 or 22), as convert --llvm does")
	fs.BoolVar(&o.strict, "strict", false, "with --llvm, fail (writing nothing) rather than drop or rewrite anything")
	return &command{
		Name:  "link",
		Usage: "link -o PATH|- [--only-needed] [--internalize] [--override FILE]... [--llvm N [--strict]] [--force] [--json] FILE...",
		Short: "link bitcode modules into one, as llvm-link-22 does",
		Long: `
Link reads every bitcode module of each FILE, in order (bitcode files, the
modules embedded in objects, binaries and archives, as 'bcextract list'
shows them, and the bitcode files whose paths gllvm or wllvm recorded in a
program's .llvm_bc section), links them into one module as
'llvm-link-22 FILE...' does, and writes it, as LLVM 22's writer writes it,
to PATH: the module llvm-link-22 makes, as llvm-dis-22 prints both
(definitions chosen by linkage, local names that clash renamed NAME.N,
identified struct types merged by name and shape, metadata uniqued, named
metadata and module flags merged, the values in the order llvm-link-22
creates them). A module's summary is not linked (llvm-link-22 drops it).

An archive is linked as llvm-link-22 links one: its members' modules into
one module first, then that module into the others (a linkonce function
no member uses is gone, even when a later input would have used it).

--only-needed, --internalize and --override are llvm-link-22's: the first
two apply from the second input on (each module of a FILE that holds
several counts as one input; an archive as one), the --override FILEs are
linked after all the others, their definitions winning.

With --llvm N the linked module is written for the reader of LLVM N (15,
16, 19, or 22, the default) as 'bcextract convert --llvm N' writes it: what
N does not know dropped or rewritten, each kind said on stderr with its
count ("PATH: for LLVM 19: 3 x icmp samesign flag (dropped)"); what N
cannot be given in any form fails the link, as any loss does with
--strict: nothing is written.

A link that cannot be made is said as llvm-link-22 says it, on stderr
("error: Linking globals named 'f': symbol multiply defined!", conflicting
module flags), and nothing is written; llvm-link-22's warnings (different
data layouts or triples, module flags that differ) are said on stderr too.
A linked module LLVM's verifier would refuse (a member of a largest comdat
a later module's larger one replaced, still referenced and defined by no
later module) ends the link as llvm-link-22's does: its verifier's messages,
then "error: linked module is broken!". What the linker or the writer does
not handle yet (an alias of an alias not linked, ...) is said on stderr,
and nothing is written.

The output is written atomically, never over an input, and over an existing
file only with --force; "-o -" writes it to standard output. A line "N
modules -> PATH" is printed on standard output (nothing with -o -); with
--json, one document, whose "symbols" say what became of every definition
of every module: "linked" (in the output, named "as"), "replaced" (linked,
then replaced by the definition of input "by"), "superseded" (the
definition of "by" was kept), "unused" (nothing linked uses it):

	{"modules": [...], "symbols": [{"input", "name", "kind", "result",
	 "as", "by", "internalized"}, ...], "output", "size", "losses":
	 [{"what", "count"}], "warnings", "errors"}

Exit status: 0 if the link was written; 1 otherwise; 2 for usage errors.

Examples:

	bcextract link -o prog.bc a.bc b.bc c.bc
	bcextract link -o - ir/link/testdata/order-a.bc ir/link/testdata/order-b.bc | llvm-dis-22 -o - -
	bcextract link -o all.bc libfoo.a main.o
	bcextract link -o prog.bc ./prog-built-by-gllvm
	bcextract link -o prog.bc --only-needed --internalize main.bc libfoo.a
	bcextract link -o prog.bc @units.rsp        # the inputs a response file lists
	bcextract link -o weak.bc --json ir/link/testdata/weak-a.bc ir/link/testdata/weak-b.bc
	bcextract link --llvm 16 -o for16.bc ir/link/testdata/order-a.bc ir/link/testdata/order-b.bc
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("missing FILE")
			}
			if o.output == "" {
				return usagef("missing -o PATH (\"-o -\" for standard output)")
			}
			if err := checkVersion("link", o.llvm, o.strict); err != nil {
				return err
			}
			return runLink(e, args, o)
		},
	}
}

// jsonLinkDoc is what link --json prints.
type jsonLinkDoc struct {
	Modules  []string       `json:"modules"`
	Symbols  []jsonSymbol   `json:"symbols"`
	Output   string         `json:"output,omitempty"`
	Size     int            `json:"size,omitempty"`
	Losses   []bcwrite.Loss `json:"losses,omitempty"`
	Warnings []string       `json:"warnings"`
	Errors   []jsonError    `json:"errors"`
}

// jsonSymbol is a link.Resolution in link --json.
type jsonSymbol struct {
	Input        string `json:"input"`
	Name         string `json:"name"`
	Kind         string `json:"kind"`
	Result       string `json:"result"`
	As           string `json:"as,omitempty"`
	By           string `json:"by,omitempty"`
	Internalized bool   `json:"internalized,omitempty"`
}

// linkPlan gives each input its flags as llvm-link does: the first of a
// list of files without --only-needed and --internalize.
type linkPlan struct {
	o        linkOptions
	override bool
	first    bool
}

func (p *linkPlan) next() link.Flags {
	f := link.Flags{OverrideFromSrc: p.override}
	if !p.first {
		f.OnlyNeeded, f.Internalize = p.o.onlyNeeded, p.o.internalize
	}
	p.first = false
	return f
}

func runLink(e *env, args []string, o linkOptions) error {
	inputs := append(slices.Clone(args), o.override...)
	sink, err := newFileSink(e, inputs, o.output, "", o.force)
	if err != nil {
		return err
	}
	toStdout := sink.toStdout()
	if o.json && toStdout {
		return usagef("--json and -o %s both write to standard output", o.output)
	}
	if !o.json {
		if err := sink.refuseExisting(); err != nil {
			return err
		}
	}
	out := bufio.NewWriter(e.stdout)
	doc := jsonLinkDoc{Modules: []string{}, Symbols: []jsonSymbol{}, Warnings: []string{}, Errors: []jsonError{}}
	failed := false
	fail := func(err error) {
		reportf(e.stderr, "%v", err)
		doc.Errors = append(doc.Errors, newJSONError(err))
		failed = true
	}
	// linkErr reports an error of the link: llvm-link's own in its words.
	linkErr := func(err error) {
		var le *link.Error
		if errors.As(err, &le) {
			fmt.Fprintf(e.stderr, "error: %s\n", le.Msg)
			doc.Errors = append(doc.Errors, newJSONError(err))
			failed = true
		} else {
			fail(err)
		}
	}
	onErr := func(err error) { doc.Errors = append(doc.Errors, newJSONError(err)) }
	nFiles := 0 // the FILEs walked
	// The inputs are walked first, the modules found queued in order
	// (their bytes copied: the walk unmaps the files); then a goroutine
	// reads each module while the one before is linked.
	var units []linkUnit
	inBytes := 0 // of the modules queued: the output's size is below it
	walkFiles := func(files []string, plan *linkPlan) error {
		for _, name := range files {
			found := 0
			file := nFiles
			nFiles++
			archive := isArchive(e, name)
			queue := func(p *container.Payload, id string) {
				if p.Malformed {
					return // the walk says why
				}
				q := *p
				q.Data = bytes.Clone(p.Data)
				inBytes += len(q.Data)
				units = append(units, linkUnit{p: q, id: id, file: file, plan: plan, archive: archive})
				found++
			}
			inFailed, err := walkInput(e, name, onErr, func(in *input, p *container.Payload) error {
				if p.Kind == container.KindBitcodePath {
					// gllvm's or wllvm's: the modules of the file it names.
					return linkListed(e, p, onErr, func(_ *input, q *container.Payload, id string) { queue(q, id) }, fail)
				}
				if !p.Kind.IsModule() || holdsNoModule(p.Data) {
					return nil
				}
				id := p.Path
				if container.Detect(in.data) == container.Bitcode {
					id = name
				}
				queue(p, id)
				return nil
			})
			if err != nil {
				return err
			}
			if found == 0 && !inFailed && !failed {
				fail(noneFound(name, errNoModule))
			}
			failed = failed || inFailed
		}
		return nil
	}
	if err := walkFiles(args, &linkPlan{o: o, first: true}); err != nil {
		return err
	}
	if err := walkFiles(o.override, &linkPlan{o: o, override: true, first: true}); err != nil {
		return err
	}
	l := link.New()
	// While stderr is a terminal, a line counts the modules linked.
	prog := newProgress(e.stderr)
	start := time.Now()
	if !failed {
		err := linkUnits(l, units, func(id string) {
			doc.Modules = append(doc.Modules, id)
			prog.draw(func() string {
				return fmt.Sprintf("link: %d modules linked (%d inputs), %.1fs", len(doc.Modules), len(units), time.Since(start).Seconds())
			})
		})
		prog.clear()
		if err == nil {
			// llvm-link-22 verifies what it linked.
			err = l.Broken()
		}
		if err != nil {
			linkErr(err)
		}
	}
	for _, w := range l.Warnings {
		fmt.Fprintf(e.stderr, "warning: %s\n", w)
		doc.Warnings = append(doc.Warnings, w)
	}
	if !failed {
		linked := l.Module()
		if o.json {
			for _, r := range l.Resolutions() {
				doc.Symbols = append(doc.Symbols, jsonSymbol{Input: r.Input, Name: r.Name, Kind: r.Kind.String(),
					Result: r.Result.String(), As: r.As, By: r.By, Internalized: r.Internalized})
			}
		}
		var losses bcwrite.Losses
		// llvm-link-22 registers no target's assembler parser: a module
		// with module-level inline assembly gets no IR symbol table. The
		// link dropped the use-list orders of global values (see
		// link.Linker.Module).
		prog.draw(func() string { return fmt.Sprintf("link: writing the module of %d modules", len(doc.Modules)) })
		opts := bcwrite.Options{Version: o.llvm, Strict: o.strict, Losses: &losses,
			NoAsmParser: true, UseListsAsGiven: true, SizeHint: inBytes}
		// Written into the output file as it is made, when it goes to one.
		var werr error
		p := &container.Payload{Path: args[0], Kind: container.KindBitcode}
		_, size, err := sink.addWritten(args[0], p, ".bc", func(f *os.File) ([]byte, int64, error) {
			if f != nil {
				n, err := bcwrite.WriteTo(linked, opts, f)
				if oerr := outputError(err, f); oerr != nil {
					return nil, 0, oerr // said as the output's
				}
				werr = err
				return nil, n, werr
			}
			var data []byte
			data, werr = bcwrite.Write(linked, opts)
			return data, int64(len(data)), werr
		})
		prog.clear()
		if werr != nil {
			fail(fmt.Errorf("the linked module is not written: %w", werr))
		} else {
			if err != nil {
				fail(err)
			}
			if _, bad, problem, err := sink.finish("-o needs one module: %d"); err != nil {
				return err
			} else if problem != nil || bad {
				if problem != nil {
					fail(problem)
				}
				failed = true
			} else {
				doc.Output, doc.Size, doc.Losses = o.output, int(size), losses.List()
				for _, l := range doc.Losses {
					fmt.Fprintf(e.stderr, "%s: for LLVM %d: %d x %s\n", o.output, o.llvm, l.Count, l.What)
				}
				if !toStdout && !o.json {
					fmt.Fprintf(out, "%d modules -> %s\n", len(doc.Modules), o.output)
				}
			}
		}
	}
	return endReport(out, o.json, &doc, failed)
}

// A linkUnit is a payload of modules to link: id names it in the
// linker's messages; file is the index of the FILE it was found in, plan
// that FILE's list's flags; archive says the FILE is an archive, whose
// modules are linked into one first.
type linkUnit struct {
	p       container.Payload
	id      string
	file    int
	plan    *linkPlan
	archive bool
}

// readers goroutines read units for linkUnits, up to readAhead ahead of
// the one linked.
const (
	readers   = 2
	readAhead = 2
)

// readUnits is what readUnit read of a unit.
type readUnits struct {
	mods []*ir.Module
	err  error
}

// linkUnits links the modules of units, in order, into l: an archive's
// into a module of their own, linked into l after its last. Up to
// readAhead units are read ahead, by readers goroutines, while the one
// before is linked. added is called with each module's id as it is
// linked.
func linkUnits(l *link.Linker, units []linkUnit, added func(id string)) error {
	results := make([]chan readUnits, len(units))
	for i := range results {
		results[i] = make(chan readUnits, 1)
	}
	done := make(chan struct{})
	defer close(done)
	// The units are handed out in order, each once a slot is free: the
	// first unit not yet linked always has one, so its read goes on.
	slots := make(chan struct{}, readAhead)
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range units {
			select {
			case slots <- struct{}{}:
			case <-done:
				return
			}
			select {
			case next <- i:
			case <-done:
				return
			}
		}
	}()
	for range min(readers, len(units)) {
		go func() {
			for i := range next {
				mods, err := readUnit(&units[i])
				results[i] <- readUnits{mods, err}
			}
		}()
	}
	read := func(i int) readUnits {
		r := <-results[i]
		<-slots
		return r
	}
	var ar *link.Linker
	arPlan := (*linkPlan)(nil)
	finishArchive := func() error {
		if ar == nil {
			return nil
		}
		m := ar.Module()
		ar = nil
		return l.Link(m, link.ArchiveName, arPlan.next())
	}
	for i := range units {
		u := &units[i]
		if i > 0 && units[i-1].file != u.file {
			if err := finishArchive(); err != nil {
				return err
			}
		}
		r := read(i)
		if r.err != nil {
			return r.err
		}
		if u.archive && ar == nil {
			ar, arPlan = l.Nested(), u.plan
		}
		for _, m := range r.mods {
			var err error
			if ar != nil {
				err = ar.Link(m, u.id, link.Flags{})
			} else {
				err = l.Link(m, u.id, u.plan.next())
			}
			if err != nil {
				var le *link.Error
				if errors.As(err, &le) {
					return err
				}
				return &container.Error{Path: u.p.Path, File: u.p.File, Off: -1, Err: fmt.Errorf("not linked: %w", err)}
			}
			added(u.id)
		}
		units[i].p.Data = nil // read: the modules hold what they need
	}
	return finishArchive()
}

// readUnit reads every module of u's payload, bodies loaded, summaries
// dropped.
func readUnit(u *linkUnit) ([]*ir.Module, error) {
	p := &u.p
	// Read as llvm-link-22 reads (its context uniques debug types by ODR
	// identifier; the linker checks the !tbaa tags as it takes the bodies).
	f, err := bitcode.Options{DropSummary: true, DebugTypeODRUniquing: true, LinkerTBAA: true}.Open(p.Data)
	if err != nil {
		return nil, disError(p, err)
	}
	var mods []*ir.Module
	for _, r := range f.Modules {
		m, err := r.Module()
		if err != nil {
			return nil, disError(p, err)
		}
		for _, fn := range m.Functions {
			if fn.HasBody {
				if err := r.LoadBody(fn); err != nil {
					return nil, disError(p, err)
				}
			}
		}
		if s := r.Skipped(); len(s) > 0 {
			return nil, container.DataError(p, int64(s[0].Bit/8), true,
				fmt.Errorf("not linked: %s (bit %d of the module)", s[0].Msg, s[0].Bit))
		}
		mods = append(mods, m)
	}
	return mods, nil
}

// isArchive reports whether the file name is an ar archive (false when it
// cannot be read: the walk says why).
func isArchive(e *env, name string) bool {
	in, err := openInput(e, name)
	if err != nil {
		return false
	}
	defer in.close()
	return container.Detect(in.data) == container.Archive
}

// linkListed calls fn with each module of the bitcode file a gllvm or
// wllvm path payload p names (named by that path), or fail when the file
// is not there or cannot be read.
func linkListed(e *env, p *container.Payload, onErr func(error), fn func(in *input, q *container.Payload, id string), fail func(error)) error {
	path := string(p.Data)
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		fail(container.PayloadError(p, "", fmt.Errorf("%s, the bitcode file gllvm or wllvm recorded, is not there", path)))
		return nil
	}
	failed, err := walkInput(e, path, onErr, func(in *input, q *container.Payload) error {
		if q.Kind.IsModule() && !holdsNoModule(q.Data) {
			fn(in, q, path)
		}
		return nil
	})
	if err == nil && failed {
		fail(container.PayloadError(p, "", fmt.Errorf("%s, the bitcode file gllvm or wllvm recorded, could not be read", path)))
	}
	return err
}
