// Package bcextract is the root of a pure-Go library and tool that finds LLVM
// bitcode in binaries, decodes it and prints it as LLVM 22's own tools do.
// This package holds no code; the entry points for a Go program are:
//
//   - Find payloads: [github.com/bcextract/bcextract/container.Walker]'s Walk
//     calls back with each payload (bitcode module, command line, offload
//     image, bundle) found in an object, archive, universal binary or bitcode
//     file, nested containers included; package scan sweeps files and trees and
//     prints what it finds (scan.Printer).
//   - Read a module: [github.com/bcextract/bcextract/ir/bitcode.Open] (or
//     Options.Open, to leave out debug info or the summary) splits a bitcode
//     file into modules; each Reader's Module reads the module into the model
//     of package ir, and LoadBody a function's body. ReadInventory reads only
//     what inspect lists (identification, globals, symbols), cheaply; package
//     llvmir names every record code and enumeration of the format.
//   - Print it: [github.com/bcextract/bcextract/ir/assembly.Write] prints a
//     module as llvm-dis-22 does.
//   - Dump the bitstream: [github.com/bcextract/bcextract/bitstream/bcanalyzer.Text]
//     (and JSON) prints any bitstream file as llvm-bcanalyzer-22 does, dump
//     and summary; [github.com/bcextract/bcextract/bitstream.Walk] is the
//     traversal beneath it.
//   - Decode extension sections: package sections has one decoder per
//     section format (BB address maps, call-graph profiles, addrsig,
//     offloading, ...), with llvm-readobj's error wording; package
//     sections/readobj prints them as llvm-readobj-22 does; package bbmap
//     loads an ELF file's BB address maps and looks addresses up in them, and
//     bbmap/objdump lists them with their instructions.
//   - Inventory: package inspect prints what the inspect and list commands
//     print.
//   - Write bitcode: not yet; a writer is planned in package ir/bitcode.
//
// The bcextract command (cmd/bcextract) wires these together.
package bcextract
