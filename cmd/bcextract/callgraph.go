package main

import (
	"bufio"
	"runtime/debug"
	"strings"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/callgraph"
	"github.com/spf13/pflag"
)

func callgraphCommand() *command {
	var format string
	var noIntrinsics bool
	fs := pflag.NewFlagSet("callgraph", pflag.ContinueOnError)
	fs.StringVar(&format, "format", "dot", "output `FORMAT`: dot (Graphviz) or json")
	fs.BoolVar(&noIntrinsics, "no-intrinsics", false, "leave out calls of intrinsics (llvm.*)")
	return &command{
		Name:  "callgraph",
		Usage: "callgraph [--format dot|json] [--no-intrinsics] FILE|DIR...",
		Short: "print the call graph of all functions of all bitcode modules, linked by name",
		Long: `
Callgraph reads every bitcode module of each FILE (a DIR stands for every
file under it that bcextract reads) and prints the call graph of all their
functions, linked as a linker links them: a call to a function a module only
declares goes to the module that defines it; internal and private functions
stay with their module. When several modules define a function (linkonce
and weak definitions of headers and generics), the graph keeps the calls of
the one a linker keeps: the first strong definition, else the first one.

Edges are direct calls (call, invoke, callbr) with their number of call
sites; a call through a global alias goes to the aliasee. Calls through a
pointer, inline assembly, or with a function type other than the callee's
go to the node <indirect>. Functions no module defines are leaves.

  --format dot   a digraph for Graphviz: a box per function (a local one
                 labelled with its module too, an undefined one dashed), an
                 arrow per edge labelled with its call sites when more than 1
  --format json  {"nodes": [{"id", "name", "module", "local", "defined",
                 "definitions"}], "edges": [{"caller", "callee", "sites",
                 "via_alias"}]}, an edge naming its nodes by id: the name for
                 a global symbol, "PATH::NAME" for a local one

Examples:

	bcextract callgraph prog | dot -Tsvg > prog.svg
	bcextract callgraph --format json lib1.a lib2.a | jq '.edges | length'
	bcextract callgraph --no-intrinsics build/
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			if format != "dot" && format != "json" {
				return usagef("unknown format %q (want dot or json)", format)
			}
			return runCallgraph(e, args, format, noIntrinsics)
		},
	}
}

func runCallgraph(e *env, args []string, format string, noIntrinsics bool) error {
	if len(args) == 0 {
		return usagef("missing FILE")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
	var b callgraph.Builder
	bodyFailed := false
	type collected struct {
		f *ir.Function
		c callgraph.Calls
	}
	var calls []collected
	failed, err := eachModuleWith(e, args, moduleWalk{opts: analysisOptions}, func(md *module) error {
		// Added once every body is read: one may make the module read
		// again (isReread).
		calls = calls[:0]
		var errs []error
		for _, f := range md.m.Functions {
			if f == nil || !f.HasBody {
				continue
			}
			if err := md.r.LoadBody(f); err != nil {
				if isReread(err) {
					return err
				}
				errs = append(errs, err)
				continue
			}
			c := callgraph.Collect(f)
			f.Params, f.Blocks = nil, nil
			if noIntrinsics {
				c.Direct = dropIntrinsics(c.Direct)
			}
			calls = append(calls, collected{f, c})
		}
		for _, err := range errs {
			reportf(e.stderr, "%v", disError(md.p, err))
			bodyFailed = true
		}
		for i := range calls {
			b.Add(md.path, calls[i].f, &calls[i].c)
		}
		for _, a := range md.m.Aliases {
			b.AddAlias(md.path, a)
		}
		return nil
	})
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(e.stdout, outBufSize)
	g := b.Graph()
	if format == "json" {
		err = g.WriteJSON(w)
	} else {
		err = g.WriteDOT(w)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return err
	}
	if failed || bodyFailed {
		return errFailed
	}
	return nil
}

// dropIntrinsics returns the calls without those of intrinsics.
func dropIntrinsics(calls []callgraph.Call) []callgraph.Call {
	out := calls[:0]
	for _, c := range calls {
		if !strings.HasPrefix(c.Callee.Name, "llvm.") {
			out = append(out, c)
		}
	}
	return out
}
