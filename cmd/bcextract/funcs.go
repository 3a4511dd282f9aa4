package main

import (
	"bufio"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/internal/demangle"
	"github.com/bcextract/bcextract/internal/faults"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/funcinfo"
	"github.com/spf13/pflag"
)

// funcsOptions are the flags of funcs.
type funcsOptions struct {
	all, json, demangle bool
}

func funcsCommand() *command {
	var o funcsOptions
	fs := pflag.NewFlagSet("funcs", pflag.ContinueOnError)
	fs.BoolVar(&o.all, "all", false, "list declarations too")
	fs.BoolVar(&o.json, "json", false, "print JSON Lines, one object per function")
	fs.BoolVarP(&o.demangle, "demangle", "C", false, "show names demangled (Itanium C++, Rust legacy and v0)")
	return &command{
		Name:  "funcs",
		Usage: "funcs [--all] [--json] [-C|--demangle] FILE|DIR...",
		Short: "list the functions of every bitcode module, with sizes, calls and structural hashes",
		Long: `
Funcs reads every bitcode module of each FILE (a bitcode file, an object or
binary with embedded bitcode, an archive; a DIR stands for every such file
under it) and prints a row per function definition (declarations too with
--all):

  PATH      the container path of its module, as 'bcextract list' prints it
  FUNCTION  its name in the IR (demangled with -C)
  LINKAGE   external, internal, linkonce_odr, ...
  BLOCKS    basic blocks
  INSTRS    instructions (debug records are not instructions)
  CALLS     call sites: call, invoke and callbr instructions
  SOURCE    FILE:LINE of its DISubprogram, when it has debug info
  HASH      the structural hash (first 16 hex digits; 32 in JSON)
  ATTRS     key attributes: noinline, optnone, cold, minsize, ...
  CALLEES   the functions it calls directly, each once

The structural hash is a digest of the function's body that two builds of
the same code share: it does not change with local value names, slot or
metadata numbering, or debug info (locations, #dbg records, DI nodes, a
loop's node that lists only its locations), but does with any instruction,
operand, type, flag, constant, attribute or callee. A module of an older
LLVM is hashed as LLVM 22 reads it (its upgrades applied), so that it
hashes as the same module written by LLVM 22. See 'bcextract help diff'.

With --json the output is JSON Lines, one object per function:
  {"path", "name", ["demangled",] "linkage", "defined", "blocks",
   "instructions", "call_sites", "callees", "file", "line", "attrs", "hash"}
where "name" is never demangled and "demangled" is there with -C.

A module that cannot be read is one error line naming the file, the
container path and the offset; the other modules are still listed, and the
exit status is 1.

Examples:

	bcextract funcs foo.bc
	bcextract funcs -C --json prog | jq -r 'select(.instructions > 1000) | .demangled'
	bcextract funcs --json libfoo.rlib > before.jsonl
	bcextract funcs build/          # every module of every object under build/
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			return runFuncs(e, args, o)
		},
	}
}

func runFuncs(e *env, args []string, o funcsOptions) error {
	if len(args) == 0 {
		return usagef("missing FILE")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
	w := bufio.NewWriterSize(e.stdout, outBufSize)
	var table *funcinfo.Table
	if !o.json {
		table = funcinfo.NewTable(w)
	}
	var line []byte
	bodyFailed := false
	spares := func(p *container.Payload) int {
		if len(p.Data) < parallelMin || !bodiesOutweighMetadata(p.Data) {
			return 0
		}
		return min(runtime.GOMAXPROCS(0), 4) - 1
	}
	failed, err := eachModuleWith(e, args, moduleWalk{spares: spares, opts: analysisOptions}, func(md *module) error {
		var dm *demangle.Cache
		if o.demangle {
			dm = demangle.NewCache(demangle.BudgetFor(len(md.p.Data)))
		}
		fns, errs := describeModule(md, o.all)
		for _, err := range errs {
			if isReread(err) {
				return err // read again (eachModuleWith)
			}
		}
		for i := range fns {
			if errs[i] != nil {
				reportf(e.stderr, "%v", disError(md.p, errs[i]))
				bodyFailed = true
				continue
			}
			fn := &fns[i]
			name := fn.Name
			if dm != nil {
				name = dm.Name(fn.Name)
			}
			if table != nil {
				table.Add(md.path, fn, name)
				continue
			}
			var dem *string
			if dm != nil {
				dem = &name
			}
			line = funcinfo.AppendJSON(line[:0], md.path, fn, dem)
			if _, err := w.Write(line); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if table != nil {
		if err := table.Flush(); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if failed || bodyFailed {
		return errFailed
	}
	return nil
}

// gcPercent is the GOGC of funcs, callgraph and diff. What they keep is
// small (one module's globals and the body being read), while reading a
// body allocates much that dies at once: collecting less often costs
// little memory and saves a fifth of the time (on Rust's libstd module,
// 0.16 s and 83 MB with GOGC=100, 0.13 s and 92 MB with 400; llvm-dis-22
// peaks at 105 MB on it).
const gcPercent = 400

// parallelMin is the size of bitcode from which describeModule reads a
// module with several readers at once: below it, opening the module again
// costs more than the bodies it shares out.
var parallelMin = 1 << 20

// bodiesOutweighMetadata reports whether the function bodies of the
// bitcode in data take more bits than its module-level metadata (see
// bitcode.Reader.BlockBits). A spare reader shares out the bodies but reads
// the module-level metadata again, and holds it: for a module that is
// mostly metadata (millions of nodes under named metadata), spares would
// multiply the memory for little.
func bodiesOutweighMetadata(data []byte) bool {
	f, err := bitcode.Open(data)
	if err != nil {
		return false
	}
	var md, bodies uint64
	for _, r := range f.Modules {
		m, b := r.BlockBits()
		md, bodies = md+m, bodies+b
	}
	return bodies > md
}

// describeModule describes the functions of md that funcs lists (the
// definitions, and the declarations too when all is set), in module order,
// with the error of each body that did not load. md.r starts at once, and
// md's spare readers (which funcs asks for a module of parallelMin bytes
// or more, one per CPU) join in as they open, each taking the next body
// not yet taken. The descriptions are those one reader gives: the readers
// share nothing.
func describeModule(md *module, all bool) ([]funcinfo.Func, []error) {
	var want []int // indices into md.m.Functions
	for i, f := range md.m.Functions {
		if f != nil && (f.HasBody || all) {
			want = append(want, i)
		}
	}
	fns := make([]funcinfo.Func, len(want))
	errs := make([]error, len(want))
	var next atomic.Int64
	work := func(r *bitcode.Reader, m *ir.Module) {
		var d funcinfo.Describer
		for {
			j := int(next.Add(1) - 1)
			if j >= len(want) {
				return
			}
			f := m.Functions[want[j]]
			if f.HasBody {
				if err := r.LoadBody(f); err != nil {
					errs[j] = err
					continue
				}
			}
			fns[j] = d.Describe(f, nil)
			f.Params, f.Blocks = nil, nil
		}
	}
	// A spare's panic (a memory fault on a mapped file cut short) is
	// this goroutine's, for its caller's guard.
	spares := make(chan struct{})
	var panicked any
	if md.spares == nil {
		close(spares)
	} else {
		mode := faults.Mode()
		go func() {
			var wg sync.WaitGroup
			var mu sync.Mutex
			for s := range md.spares {
				if len(s.m.Functions) == len(md.m.Functions) {
					wg.Go(func() {
						if p := faults.Catch(mode, func() { work(s.r, s.m) }); p != nil {
							mu.Lock()
							if panicked == nil {
								panicked = p
							}
							mu.Unlock()
						}
					})
				}
			}
			wg.Wait()
			close(spares)
		}()
	}
	work(md.r, md.m)
	<-spares
	if panicked != nil {
		panic(panicked)
	}
	return fns, errs
}
