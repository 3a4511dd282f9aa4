package main

import (
	"bufio"
	"runtime"
	"sync"

	"github.com/bcextract/bcextract/internal/demangle"
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
metadata numbering, or debug info (locations, #dbg records, DI nodes), but
does with any instruction, operand, type, flag, constant, attribute or
callee. See 'bcextract help diff'.

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
	w := bufio.NewWriterSize(e.stdout, 256<<10)
	var table *funcinfo.Table
	if !o.json {
		table = funcinfo.NewTable(w)
	}
	var line []byte
	bodyFailed := false
	failed, err := eachModule(e, args, func(md *module) error {
		var dm *demangle.Cache
		if o.demangle {
			dm = demangle.NewCache(demangle.BudgetFor(len(md.p.Data)))
		}
		fns, errs := describeModule(md, o.all)
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

// parallelMin is the size of bitcode from which describeModule reads a
// module with several readers at once: below it, opening the module again
// costs more than the bodies it shares out.
var parallelMin = 1 << 20

// describeModule describes the functions of md that funcs lists (the
// definitions, and the declarations too when all is set), in module order,
// with the error of each body that did not load. A module of parallelMin
// bytes or more is read by as many readers as there are CPUs (at most 4),
// each opened on the same bytes and loading every N'th body: the
// descriptions are those one reader gives, the readers sharing nothing.
func describeModule(md *module, all bool) ([]funcinfo.Func, []error) {
	var want []int // indices into md.m.Functions
	for i, f := range md.m.Functions {
		if f != nil && (f.HasBody || all) {
			want = append(want, i)
		}
	}
	fns := make([]funcinfo.Func, len(want))
	errs := make([]error, len(want))
	readers := []*bitcode.Reader{md.r}
	mods := []*ir.Module{md.m}
	if n := min(runtime.GOMAXPROCS(0), 4); n > 1 && len(md.p.Data) >= parallelMin {
		readers, mods = openReaders(md, n)
	}
	var wg sync.WaitGroup
	for w := range readers {
		wg.Go(func() {
			var d funcinfo.Describer
			r, m := readers[w], mods[w]
			r.DropDebugInfo() // what funcs says does not depend on it
			r.ReuseBodies()   // each body is dropped once described
			for j := w; j < len(want); j += len(readers) {
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
		})
	}
	wg.Wait()
	return fns, errs
}

// openReaders returns n readers of md's module, md.r first and the others
// opened anew on its bytes, with their modules; fewer when one does not
// open as md.r did.
func openReaders(md *module, n int) ([]*bitcode.Reader, []*ir.Module) {
	readers := make([]*bitcode.Reader, n)
	mods := make([]*ir.Module, n)
	readers[0], mods[0] = md.r, md.m
	var wg sync.WaitGroup
	for i := 1; i < n; i++ {
		wg.Go(func() {
			f, err := bitcode.Open(md.p.Data)
			if err != nil || md.k >= len(f.Modules) {
				return
			}
			m, err := f.Modules[md.k].Module()
			if err != nil || len(m.Functions) != len(md.m.Functions) {
				return
			}
			readers[i], mods[i] = f.Modules[md.k], m
		})
	}
	wg.Wait()
	k := 0
	for i := range readers {
		if readers[i] != nil {
			readers[k], mods[k] = readers[i], mods[i]
			k++
		}
	}
	return readers[:k], mods[:k]
}
