// Package readobj prints LLVM's extension sections of ELF, COFF and Mach-O
// objects as llvm-readobj-22 prints them, byte for byte: the file summary,
// then --dependent-libraries, --elf-linker-options, --cg-profile,
// --bb-addr-map (with its PGO analysis map) and --addrsig in
// llvm-readobj's order and LLVM style, with the warnings it gives for
// broken sections, worded as it words them. The views llvm-readobj lacks
// (symbol partitions, command lines, offload binaries, jump table sizes,
// the call graph, PC sections) print after them in the same style. It is
// what `bcextract sections` prints.
//
// [Files] lists the object files of a file as llvm-readobj dumps them (the
// file, an archive's members, a universal file's slices); [Text] writes
// the dump of one, and [JSON] returns it as an [Object] whose keys are the
// headings of the text. [Options] select the views, as llvm-readobj's
// options do, and receive the warnings.
//
// The sections are decoded by package sections, and found by
// container/elf, container/coff and container/macho; this package names
// the symbols, applies the relocations and reads the dynamic table (the
// summary's LoadName) as llvm-readobj does.
package readobj
