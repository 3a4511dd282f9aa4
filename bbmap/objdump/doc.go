// Package objdump prints the basic block address maps of an ELF file as
// `bcextract bbmap` does: one table per function (its blocks' IDs,
// addresses, sizes, flags, PGO frequencies and successor probabilities),
// each block's instructions objdump-style with their branch and call
// targets named as llvm-objdump-22 -d names them (symbols with offsets,
// NAME@plt for PLT entries, demangled with -C), address lookups and
// sample totals; as text, or as one JSON document on one line.
//
// [Write] takes the bytes of one ELF file and [Options] (the command's
// flags) and writes exactly what the command prints for that file;
// [WriteFailure] writes the JSON document of a file that could not be
// read. The maps are loaded with package bbmap (its ELF loader, Index and
// Profile), and the instructions decoded with package disasm.
//
// The JSON document:
//
//	{"file", "arch", "relocatable",
//	 "functions": [{"name", "demangled"?, "address", "section", "entry_count"?, "samples"?,
//	   "ranges": [{"base", "section", "section_index",
//	     "blocks": [{"id", "address", "size", "flags": [...],
//	       "callsite_end_offsets"?, "hash"?, "frequency"?, "successors"?: [{"id", "probability"}],
//	       "samples"?, "instructions"?: [{"address", "size", "text", "bad"?, "crosses_end"?}],
//	       "disasm_error"?}]}]}],
//	 "lookups": [{"address", "section"?, "section_index"?, "function", "demangled"?, "range", "bb_id", "offset", "block_address"}],
//	 "samples": {"lines", "total", "outside"} | null,
//	 "errors": [{"path", "file", "offset"?, "error", "message", "line"?}]}
//
// "arch" is the architecture as `bcextract list --json` names it, null
// when unknown. Keys marked ? appear only when the map, the flags or the
// data have them ("demangled" with Options.Demangle); "bad" and
// "crosses_end" only when true. Names and sections unknown are null, as
// are the block fields of a lookup outside every block.
package objdump
