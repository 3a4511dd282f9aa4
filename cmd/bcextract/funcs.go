package main

import (
	"bufio"

	"github.com/bcextract/bcextract/internal/demangle"
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
	var d funcinfo.Describer
	var line []byte
	bodyFailed := false
	failed, err := eachModule(e, args, func(md *module) error {
		var dm *demangle.Cache
		if o.demangle {
			dm = demangle.NewCache(demangle.BudgetFor(len(md.p.Data)))
		}
		for _, f := range md.m.Functions {
			if f == nil || !f.HasBody && !o.all {
				continue
			}
			if f.HasBody {
				if err := md.r.LoadBody(f); err != nil {
					reportf(e.stderr, "%v", disError(md.p, err))
					bodyFailed = true
					continue
				}
			}
			fn := d.Describe(f, nil)
			f.Params, f.Blocks = nil, nil
			name := fn.Name
			if dm != nil {
				name = dm.Name(fn.Name)
			}
			if table != nil {
				table.Add(md.path, &fn, name)
				continue
			}
			var dem *string
			if dm != nil {
				dem = &name
			}
			line = funcinfo.AppendJSON(line[:0], md.path, &fn, dem)
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
