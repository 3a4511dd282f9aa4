// Package inspect prints what the inspect and list commands of bcextract
// print about the LLVM payloads of a file: the same bytes, for a Go program.
//
// An [Inspected] is one bitcode payload (a [container.Payload]) with the
// inventory package ir/bitcode read of it ([bitcode.ReadInventory]).
// [WriteText] prints it as 'bcextract inspect' does, [WriteNM] lists its
// symbols as llvm-nm-22 does ('inspect --symbols'), and [Inspected.JSON]
// gives the payload's object of 'inspect --json'.
//
// A [Listed] is any payload with, for a module, what [bitcode.ReadIdent]
// read of it: [WriteListHeader] and [WriteListRow] print the table of
// 'bcextract list' (through a text/tabwriter.Writer, as the command aligns
// it), and [Listed.JSON] gives the payload's object of 'list --json'.
//
// The documents the commands print put these objects in a "payloads" list
// beside an "errors" list, whose form is the command's own.
package inspect
