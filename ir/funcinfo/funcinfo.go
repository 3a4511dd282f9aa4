// Package funcinfo describes functions as bcextract funcs lists them: size,
// calls, source position, key attributes and structural hash, one [Func]
// per function, written as a table or as JSON Lines.
package funcinfo

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/callgraph"
	"github.com/bcextract/bcextract/ir/structhash"
)

// A Func describes one function.
type Func struct {
	// Name is the function's name in the IR, without "@".
	Name    string
	Linkage ir.Linkage
	// Defined says the function has a body; the counts, the callees and
	// the hash are zero for a declaration.
	Defined bool
	// Blocks and Instructions count basic blocks and instructions (debug
	// records are not instructions).
	Blocks, Instructions int
	// CallSites counts call, invoke and callbr instructions; Callees are
	// the names of the functions called directly (see package callgraph),
	// each once, in the order of its first call.
	CallSites int
	Callees   []string
	// File and Line are the source position of the function's
	// DISubprogram: the file name as the debug info records it (without
	// its directory), "" and 0 when there is none.
	File string
	Line uint64
	// Attrs are the function's key attributes (see KeyAttrs), in LLVM's
	// order.
	Attrs []string
	// Hash is the structural hash of the body (see package structhash).
	Hash structhash.Sum
}

// KeyAttrs are the function attributes a Func lists: those that say how the
// function was optimized, inlined or is expected to run.
var KeyAttrs = []ir.AttrKind{
	ir.AttrAlwaysInline, ir.AttrCold, ir.AttrHot, ir.AttrInlineHint, ir.AttrMinSize, ir.AttrNaked,
	ir.AttrNoInline, ir.AttrNoReturn, ir.AttrNoUnwind, ir.AttrOptimizeNone, ir.AttrOptimizeForSize,
}

// A Describer describes functions, reusing its buffers from one to the
// next. The zero Describer is ready to use; it is not safe for concurrent
// use.
type Describer struct {
	h structhash.Hasher
}

// Describe describes f. For a definition its body must be loaded (see
// [ir.BodyLoader]), and calls must be its call sites as
// [callgraph.Collect] returns them (nil to have them collected).
func (d *Describer) Describe(f *ir.Function, calls *callgraph.Calls) Func {
	fn := Func{Name: f.Name, Linkage: f.Linkage, Defined: f.HasBody}
	fn.File, fn.Line = Source(f)
	for _, a := range f.Attrs.Fn {
		for _, k := range KeyAttrs {
			if a.Kind == k {
				fn.Attrs = append(fn.Attrs, k.String())
				break
			}
		}
	}
	if !f.HasBody {
		return fn
	}
	if calls == nil {
		c := callgraph.Collect(f)
		calls = &c
	}
	fn.Blocks = len(f.Blocks)
	for _, b := range f.Blocks {
		if b != nil {
			fn.Instructions += len(b.Instrs)
		}
	}
	fn.CallSites = calls.Sites()
	if len(calls.Direct) > 0 {
		fn.Callees = make([]string, len(calls.Direct))
		for i, c := range calls.Direct {
			fn.Callees[i] = c.Callee.Name
		}
	}
	fn.Hash = d.h.Function(f)
	return fn
}

// Source returns the file name and line of f's DISubprogram (its !dbg
// attachment), or "" and 0.
func Source(f *ir.Function) (file string, line uint64) {
	for _, a := range f.Metadata {
		if a.Kind != "dbg" {
			continue
		}
		sp, ok := a.Node.(*ir.SpecializedNode)
		if !ok || sp.Kind != "DISubprogram" {
			return "", 0
		}
		if df := sp.File(); df != nil && df.Kind == "DIFile" {
			file = df.Filename()
		}
		return file, sp.Line()
	}
	return "", 0
}
