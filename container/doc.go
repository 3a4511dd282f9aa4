// Package container finds the LLVM payloads inside a file: bitcode modules,
// their command lines, fat-LTO bitcode, Mach-O bitcode bundles and markers,
// offload sections and LLVM's extension sections. It recognizes ELF,
// Mach-O (thin and universal), COFF objects, PE images, WebAssembly binaries,
// ar archives (GNU, BSD, thin; Rust .rlib files) and bare bitcode files by
// their magic numbers, and walks nested containers: an archive's members, a
// universal file's slices, the objects inside them, and the files of the
// bitcode bundles (xar archives) of Mach-O images.
//
// A [Walker] is the entry point; its zero value is ready to use. Give
// [Walker.Walk] a file's name and its bytes (best mapped with
// [github.com/bcextract/bcextract/mmap.Open]) and it calls a function with each [Payload], in file
// order: its container path, [Kind], the [Format] and architecture of the
// object holding it, its section, its byte range and its bytes. Close the
// Walker when its payloads are no longer needed: it keeps the files of thin
// archive members mapped, the only files it opens itself. [Detect] tells a
// file's Format from its magic number.
//
// Containers only locate byte ranges. A payload's bytes are a sub-slice of
// the data given to the walker (usually a memory-mapped file), never a copy,
// except for a bundle member stored compressed and an ELF section stored
// compressed (SHF_COMPRESSED, zlib or zstd), whose payloads hold the decoded
// bytes (see Payload.Decoded).
//
// Every payload is named by a container path, which reads from the outside
// in:
//
//	libfoo.a(bar.o)[arm64]:__LLVM,__bitcode#1
//
// A file name, then "(member)" for each archive member, "[arch]" for each
// universal slice, ":section" for the section (Mach-O as "SEGMENT,SECTION"),
// and "#N" for the N-th module of a bitcode section or file (or the N-th
// command line of a command-line section, or the N-th image of an offload
// section or package). A file of a bitcode bundle is "/name" after the
// bundle's section: app[arm64]:__LLVM,__bundle/1. A member name, file name
// or arch that occurs more than once in its container has "@N" appended to
// every occurrence (N counts from 1 in file order); a section name that
// occurs more than once in its object has "@I" appended, I being the
// section's index.
//
// The package does not read inside bitcode modules or extension sections:
// hand a bitcode module's Data to bitcode.ReadInventory or bitcode.Open
// (package ir/bitcode), a command line's to
// sections.DecodeCmdlines, an extension section's to the Decode functions of
// package sections. Nor does it search files for magic numbers: a payload is
// found only where a section, an archive member or the file itself holds it.
//
// A malformed container or payload does not stop a walk: its siblings are
// still visited, and Walk returns every problem, joined with errors.Join
// ([Errors] splits them again). Each is an *[Error] naming the container
// path, the file and, when known, the byte offset in that file; its cause is
// the format package's error (*elf.FormatError, *archive.FormatError, ...)
// or one of this package's sentinels ([ErrUnknownFormat], [ErrTooDeep], ...),
// reachable with errors.As and errors.Is. Sizes read from a file are checked
// against the data before they are used, and budgets ([ErrOverlap],
// [ErrBundleData], [ErrPathBudget]) bound the work a small hostile file can
// cause.
package container
