// Package bcwrite writes an [ir.Module] as LLVM bitcode, as LLVM 22's
// bitcode writer writes it: the same blocks, records, abbreviations, value
// and metadata numbering, symbol tables and string table, so that the bytes
// are those of `opt-22 in.bc -o out.bc` for the module read from in.bc.
//
// [Write] takes the model (ir/bitcode's reader makes it; a Go program may
// change it or build it) and loads function bodies one at a time through
// [Options.Loader], twice: once to number what the module level holds,
// once to write them, each time on a goroutine of its own one body ahead
// (bodies.go). The files follow LLVM's writer: write.go (the file
// and module layout, what is refused), enum.go (ValueEnumerator: types,
// values, attributes), module.go (the module-level records and blocks),
// types.go, attrs.go, constants.go, function.go (instructions),
// metadata.go (metadata numbering and records), di.go (debug-info nodes),
// debugloc.go (locations, debug records, function-local metadata), vst.go
// (value symbol tables), summary.go (the per-module summary and the module
// hash), summary_memprof.go (its MemProf records: the stack id table, the
// radix tree of allocation contexts, the callsite and allocation
// summaries), symtab.go (the IR symbol table) and strtab.go.
//
// With Options.Version the output is for an older LLVM's reader
// (version.go): each record in that release's layout, and what it does
// not know dropped or rewritten into what it knows, recorded in
// Options.Losses (Options.Strict: an error instead).
//
// A module an older LLVM wrote is written as LLVM 22's reader upgrades it
// (the reader makes the model so), its debug-info sizes and bounds as the
// constants LLVM 22 holds them as; its use-list orders are those its
// writer recorded, which LLVM 22 predicts anew (see functionUseLists).
//
// A combined summary index (the thin link's .thinlto.bc file: a
// MODULE_BLOCK of a module path table and FS_COMBINED_* records, no
// module) is written by [WriteIndex] as LLVM 22's writeIndexToFile writes
// it (summary_combined.go): byte for byte as LLVM 22 wrote it, given what
// the reader keeps of it (the value IDs and record order LLVM takes from
// hash maps, the CFI function names, the original names); an older
// producer's in LLVM 22's layout. [Write] hands it a module that is one
// (the summary kept, for LLVM 22).
//
// What it does not write yet (a few use-list orders LLVM's reader leaves
// unlike its writer's prediction) is refused with an [UnsupportedError]
// naming it: nothing is written that LLVM would not write. The IR symbol table of a module with module-level
// inline assembly needs the assembly's symbols, which LLVM's assembler
// parser finds: a module read with the table LLVM 22 wrote beside it has
// them (Module.AsmSymbols); for one without, the table, which linkers
// make again, is left out and that is counted in Options.Losses.
package bcwrite
