package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bcwrite"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/spf13/pflag"
)

type convertOptions struct {
	output      string // -o
	dir         string // -d
	force       bool
	json        bool
	producer    string
	dropSummary bool
	rehash      bool
	stripDebug  bool
	llvm        int // --llvm: the LLVM version whose reader the output is for
	strict      bool
}

func convertCommand() *command {
	var o convertOptions
	fs := pflag.NewFlagSet("convert", pflag.ContinueOnError)
	fs.StringVarP(&o.output, "output", "o", "", "write the one module to `PATH` (\"-\" for standard output)")
	fs.StringVarP(&o.dir, "dir", "d", "", "write every module under `DIR` (default \".\")")
	fs.BoolVar(&o.force, "force", false, "replace existing regular files (never a link, a device, a directory or an input)")
	fs.StringVar(&o.producer, "producer", bcwrite.DefaultProducer, "the producer `STRING` written in the IDENTIFICATION block")
	fs.BoolVar(&o.dropSummary, "drop-summary", false, "write a module without the summary (and module hash) it carries, as opt-22 does")
	fs.BoolVar(&o.stripDebug, "strip-debug", false, "leave the debug info out, as 'opt-22 --strip-debug' does")
	fs.BoolVar(&o.rehash, "rehash", false, "with a summary, write the module hash LLVM's writer computes for the module written, as 'opt-22 --module-summary --module-hash' does")
	fs.IntVar(&o.llvm, "llvm", bcwrite.LatestVersion, "write for the reader of LLVM `N` (13, 14, 15, 16, 19 or 22): what it does not know is dropped or rewritten, and said on stderr")
	fs.BoolVar(&o.strict, "strict", false, "with --llvm, fail (writing nothing) rather than drop or rewrite anything")
	fs.BoolVar(&o.json, "json", false, "say what was written as one JSON document, {\"files\": [{\"path\", \"file\", \"size\", \"losses\"}], \"errors\"}")
	return &command{
		Name:  "convert",
		Usage: "convert [-o PATH|-] [-d DIR] [--force] [--producer STRING] [--strip-debug] [--drop-summary|--rehash] [--llvm N [--strict]] [--json] FILE...",
		Short: "re-encode bitcode modules as LLVM 22 writes them",
		Long: `
Convert reads each bitcode module of each FILE (a bitcode file, or the
modules embedded in an object, a binary or an archive, as 'bcextract list'
shows them) and writes it again as a standalone bitcode file, as LLVM 22's
writer writes it: for a module of an LLVM 22 producer, byte for byte what
'opt-22 FILE -o OUT' writes (its ModuleID, used when the module has no
source_filename, being FILE as given, or the container path).

A module's summary (ThinLTO or full LTO) is written as it was read, with
its module hash; opt-22 drops it, as --drop-summary does. With --rehash the
module hash is the one LLVM's writer computes for the bytes written: when
the summary is the one LLVM computes (as rustc's and clang's are), the file
is then byte for byte what 'opt-22 --module-summary --module-hash FILE -o
OUT' writes.

With --strip-debug the debug info is left out as 'opt-22 --strip-debug'
strips it: the llvm.dbg.* named metadata, !dbg attachments and locations,
debug records, and the locations in loop metadata.

A module of an older LLVM is written as LLVM 22's reader upgrades it: the
module opt-22 writes, in bytes that can differ from its (LLVM 22 predicts
use-list orders anew; convert keeps those the producer recorded).

With --llvm N the output is for the reader of LLVM N (13, 14, 15, 16, 19,
or 22, the default): each record in the layout of N's own writer, and what N does
not know dropped or rewritten into what it knows, each kind said on stderr
with its count ("PATH: for LLVM 19: 3 x icmp samesign flag (dropped)"):
attributes newer than N (captures(none) becomes nocapture), flags
(icmp samesign; for 15 and 16 also nneg, disjoint, trunc and
getelementptr nuw), debug-info fields and key-instruction atoms, ptrtoaddr
(as ptrtoint), ptrauth constants for 16 and older (as their pointers,
unsigned), the module summary (N reads older summary versions only).
For 15 and 16, debug records are written as the llvm.dbg.* calls they
know; for 15, memory(...) as the legacy readnone, readonly, argmemonly...
and #dbg_assign as dbg.value. Intrinsics LLVM 22 changed (lifetime,
masked memory, coro.end) are given in N's forms, those it renamed
(llvm.stepvector, ...) under N's names, and those N lacks as what
they compute where that can be said (llvm.scmp, llvm.minimumnum, the
interleaves, for 13 llvm.vp.merge and llvm.vp.reduce.*, ...); atomicrmw
operations N lacks become compare-exchange loops, and a callbr result
used past one of its indirect destinations is poison there for 16 and
older (whose readers define it on the default edge only). What N cannot
be given in any form (an intrinsic N lacks and nothing stands for, a
DISubrangeType, for 13 to 15 a target extension type, for 13 and 14 an
alloca outside the data layout's address space) fails the module. For 13 and 14, whose
readers want typed pointers, every ptr becomes i8* but where LLVM's typed
reader computes the type (globals, functions, allocas, getelementptrs) or
a use wants a pointee (loads, stores, callees, byval, intrinsics such as
llvm.masked.load), with a bitcast wherever a value's type is not the one
its use wants (counted on stderr: LLVM 22 reads them back as bitcasts of
ptr to ptr); asm goto (callbr) takes its older form, each indirect
destination also a blockaddress argument. With --strict any loss fails the module
(the bitcasts do not count): nothing is written for it.

A module is written only when it reads cleanly and everything in it is
written: what the writer does not write yet (module-level inline assembly
whose symbols no symbol table of LLVM 22 beside it gives, the use-list
order of a blockaddress several other functions use) and anything
the reader skipped is said on stderr, with the offset where it can be, and
nothing is written for that module. Convert never writes bitcode LLVM would
reject.

With -d DIR (the default is -d .) every module is written under DIR, named
as extract names them; with -o PATH exactly one module must be found; "-o -"
writes it to standard output. Files are written atomically, never over an
input, and an existing file only with --force, as extract writes them.

Each file written is said on standard output, a line "CONTAINER-PATH ->
FILE" each (nothing with -o -); with --json, as one document:

	{"files": [{"path", "file", "size", "losses": [{"what", "count"}]}], "errors": [...]}

Exit status: 0 if every module of every FILE was written; 1 otherwise,
after processing all inputs, with one line on stderr per problem; 2 for
usage errors.

Examples:

	bcextract convert -o out.bc testdata/bc/plain.bc
	bcextract convert -d out/ libfoo.a
	bcextract convert --drop-summary -o - foo.o | llvm-dis-22 -o - -
	bcextract convert --rehash -d out/ libstd.rlib
	bcextract convert --strip-debug -o small.bc prog.o
	bcextract convert --llvm 19 -o for19.bc testdata/ir/attrs.bc
	bcextract convert --llvm 16 --strict -o for16.bc testdata/ir/llvm14-di-switch-O0.bc
	bcextract convert --llvm 14 -o for14.bc testdata/ir/switch-O0.bc
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("missing FILE")
			}
			if o.output != "" && o.dir != "" {
				return usagef("-o and -d cannot be used together")
			}
			if o.dropSummary && o.rehash {
				return usagef("--drop-summary and --rehash cannot be used together")
			}
			if err := checkVersion("convert", o.llvm, o.strict); err != nil {
				return err
			}
			return runConvert(e, args, o)
		},
	}
}

// A converted is one file convert wrote: the module's container path, the
// file, and how many bytes it holds.
type converted struct {
	Path   string         `json:"path"`
	File   string         `json:"file"`
	Size   int            `json:"size"`
	Losses []bcwrite.Loss `json:"losses,omitempty"`
}

// jsonConvertDoc is what convert --json prints.
type jsonConvertDoc struct {
	Files  []converted `json:"files"`
	Errors []jsonError `json:"errors"`
}

func runConvert(e *env, args []string, o convertOptions) error {
	sink, err := newFileSink(e, args, o.output, o.dir, o.force)
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
	doc := jsonConvertDoc{Files: []converted{}, Errors: []jsonError{}}
	wrote := func(path, file string, size int, losses []bcwrite.Loss) {
		for _, l := range losses {
			fmt.Fprintf(e.stderr, "%s: for LLVM %d: %d x %s\n", path, o.llvm, l.Count, l.What)
		}
		switch {
		case o.json:
			doc.Files = append(doc.Files, converted{Path: path, File: file, Size: size, Losses: losses})
		case !toStdout:
			fmt.Fprintf(out, "%s -> %s\n", path, file)
		}
	}
	failed := false
	// firstLosses are those of the module -o writes once all are read.
	var firstLosses []bcwrite.Loss
	fail := func(err error) {
		reportf(e.stderr, "%v", err)
		doc.Errors = append(doc.Errors, newJSONError(err))
		failed = true
	}
	onErr := func(err error) { doc.Errors = append(doc.Errors, newJSONError(err)) }
	for _, name := range args {
		found := 0
		inFailed, err := walkInput(e, name, onErr, func(in *input, p *container.Payload) error {
			if !p.Kind.IsModule() || holdsNoModule(p.Data) {
				return nil
			}
			id := p.Path
			if container.Detect(in.data) == container.Bitcode {
				id = name
			}
			convFailed := func(err error) {
				if p.Malformed {
					in.said = append(in.said, p.Path)
				}
				fail(err)
			}
			err := convertPayload(p, id, o, func(i, n int, write convertFunc) {
				q := *p
				q.Data = nil
				if n > 1 {
					q.Path = fmt.Sprintf("%s (module %d of %d)", p.Path, i+1, n)
					q.Module, q.Modules = i+1, n
				}
				var losses []bcwrite.Loss
				var convErr error
				target, size, err := sink.addWritten(name, &q, ".bc", func(f *os.File) ([]byte, int64, error) {
					var out bcwrite.Output
					if f != nil {
						out = f
					}
					data, size, l, err := write(out)
					if oerr := outputError(err, f); oerr != nil {
						return nil, 0, oerr // said as the output's
					}
					convErr, losses = err, l
					return data, size, err
				})
				switch {
				case convErr != nil:
					sink.addFailed(&q)
					convFailed(convErr)
				case err != nil:
					found++
					fail(err)
				case target != "":
					found++
					wrote(q.Path, target, int(size), losses)
				default:
					found++
					firstLosses = losses
				}
			})
			if err != nil {
				convFailed(err)
			}
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
	p, bad, problem, err := sink.finish("-o needs exactly one module, but %d were found (use -d DIR):")
	if err != nil {
		return err
	}
	if problem != nil {
		fail(problem)
	}
	if p != nil {
		wrote(p.Path, o.output, int(sink.firstLen()), firstLosses)
	}
	return endReport(out, o.json, &doc, failed || bad)
}

// A convertFunc converts a module: into out as it is made (see
// bcwrite.WriteTo) when out is not nil, else into the bytes it returns;
// it returns the size of the output and what the reader written for
// lost.
type convertFunc func(out bcwrite.Output) (data []byte, size int64, losses []bcwrite.Loss, err error)

// convertPayload reads every module of payload p and hands each to put,
// with its index, the number of modules and a convertFunc that writes it
// again, id being its ModuleID. A module that does not read cleanly, or
// holds what the reader read past, is not written: the convertFunc
// fails. It returns an error when p holds no bitcode it can read.
func convertPayload(p *container.Payload, id string, o convertOptions, put func(i, n int, write convertFunc)) error {
	// Read as opt-22 reads (its context uniques debug types by ODR
	// identifier); a body that shows what LLVM strips from the whole
	// module makes it read again (convertModule).
	f, err := bitcode.Options{DropSummary: o.dropSummary, DebugTypeODRUniquing: true, Reread: true}.Open(p.Data)
	if err != nil {
		return disError(p, err)
	}
	for i, r := range f.Modules {
		// The output is about the input's size (give or take an upgrade).
		hint := len(p.Data) / len(f.Modules)
		put(i, len(f.Modules), func(out bcwrite.Output) ([]byte, int64, []bcwrite.Loss, error) {
			var losses bcwrite.Losses
			r, data, size, err := convertModule(r, bcwrite.Options{Producer: o.producer, ModuleID: id,
				DropSummary: o.dropSummary, Rehash: o.rehash, SizeHint: hint + hint/8,
				Version: o.llvm, Strict: o.strict, Losses: &losses}, o.stripDebug, out)
			if s := r.Skipped(); len(s) > 0 {
				// What the reader read past would be missing from the output.
				return nil, 0, nil, container.DataError(p, int64(s[0].Bit/8), true,
					fmt.Errorf("not converted: %s (bit %d of the module)", s[0].Msg, s[0].Bit))
			}
			if err != nil {
				var be *bitcode.Error
				if errors.As(err, &be) {
					return nil, 0, nil, disError(p, err)
				}
				return nil, 0, nil, &container.Error{Path: p.Path, File: p.File, Off: -1, Err: fmt.Errorf("not converted: %w", err)}
			}
			return data, size, losses.List(), nil
		})
	}
	return nil
}

// convertModule writes the module r reads, its debug info stripped when
// strip is set, and returns the Reader it wrote it from: r, or the one
// r.Reread gave when a body showed part of the module invalid that LLVM
// drops from the whole module (bitcode.Strip), as opt-22 drops it.
func convertModule(r *bitcode.Reader, opt bcwrite.Options, strip bool, out bcwrite.Output) (*bitcode.Reader, []byte, int64, error) {
	var data []byte
	var size int64
	r, err := bitcode.ReadAgain(r, func(r *bitcode.Reader) error {
		m, err := r.Module()
		if err != nil {
			return err
		}
		opt.Loader = r
		if strip {
			ir.StripDebugInfo(m)
			opt.Loader = ir.DebugStripper{Module: m, Loader: r}
		}
		if opt.Losses != nil {
			*opt.Losses = bcwrite.Losses{}
		}
		if out != nil {
			size, err = bcwrite.WriteTo(m, opt, out)
			return err
		}
		data, err = bcwrite.Write(m, opt)
		size = int64(len(data))
		return err
	})
	return r, data, size, err
}

// checkVersion checks the --llvm N and --strict of command name.
func checkVersion(name string, n int, strict bool) error {
	if !slices.Contains(bcwrite.Versions, n) {
		return usagef("--llvm %d: %s writes for LLVM %s", n, name, versionList(bcwrite.Versions))
	}
	if strict && n == bcwrite.LatestVersion {
		return usagef("--strict needs --llvm N older than %d", bcwrite.LatestVersion)
	}
	return nil
}

// versionList returns vs as "19, 22".
func versionList(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ", ")
}
