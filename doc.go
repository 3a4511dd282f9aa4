// Package bcextract is the root of a pure-Go library and tool that finds LLVM
// bitcode in binaries, decodes it and prints it as LLVM 22's own tools do.
// This package holds no code; the entry points for a Go program are:
//
//   - Find payloads: [github.com/bcextract/bcextract/container.Walker]'s Walk
//     calls back with each payload (bitcode module, command line, offload
//     image, bundle) found in an object, archive, universal binary or bitcode
//     file, nested containers included; package scan sweeps files and trees and
//     prints what it finds (scan.Printer).
//   - Read a module: [github.com/bcextract/bcextract/ir/bitcode.Open] splits a
//     bitcode file into modules; each Reader's Module reads the module into
//     the model of package ir, and LoadBody a function's body.
//   - Print it: [github.com/bcextract/bcextract/ir/assembly.Write] prints a
//     module as llvm-dis-22 does.
//   - Dump the bitstream: [github.com/bcextract/bcextract/bitstream/bcanalyzer.Text]
//     (and JSON) prints any bitstream file as llvm-bcanalyzer-22 does, dump
//     and summary; [github.com/bcextract/bcextract/bitstream.Walk] is the
//     traversal beneath it.
//   - Decode extension sections: package sections has one decoder per
//     section format (BB address maps, call-graph profiles, addrsig,
//     offloading, ...), with llvm-readobj's error wording; package bbmap
//     looks addresses up in decoded BB address maps.
//   - Write bitcode: not yet; a writer is planned in package ir/bitcode.
//
// The bcextract command (cmd/bcextract) wires these together.
package bcextract
