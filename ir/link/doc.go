// Package link links IR modules into one, as llvm-link-22 does: LLVM 22's
// ModuleLinker (which global values of each module are linked, by linkage,
// visibility and comdat) and IRMover (how they are moved into the
// destination: the order in which values are created as they are first
// referenced, renaming on clashes, identified struct types merged by name
// and shape, metadata uniqued, named metadata and module flags merged, the
// global variables of each module put back in its order).
//
// A Linker starts from an empty module, as llvm-link's composite module
// "llvm-link", and links each source module into it in turn; a source
// module is consumed: its values are moved into the destination, and it
// must not be used afterwards. Bodies must be loaded before a module is
// linked. Flags are llvm-link's options for one module (--only-needed,
// --internalize, --override); Nested gives a Linker for an archive's
// members, whose module is then linked as one, as llvm-link links an
// archive; Resolutions says what became of every definition linked.
//
// The linked module written by ir/bcwrite with Options.NoAsmParser and
// Options.UseListsAsGiven set is the module llvm-link-22 writes, as
// llvm-dis-22 prints both (no IR symbol table for a module with
// module-level assembly, as llvm-link registers no assembler parser;
// the use-list orders as the linker left them, where llvm-link's writer
// predicts its own, so that the bytes can differ): what `bcextract link`
// does.
//
// Appending variables (llvm.global_ctors, llvm.used) are concatenated, and
// debug-info composite types made one by their ODR identifier, members
// included, as llvm-link-22's context makes them. What the linker does not
// do yet (module flags it cannot merge, appending variables that are not
// arrays, common symbols of unsized types) is refused with an
// UnsupportedError. A link that leaves the module as LLVM's
// verifier refuses it (the members of a replaced largest comdat still
// referenced and not defined again) is found by Linker.Broken, as
// llvm-link-22's verifier finds it.
package link
