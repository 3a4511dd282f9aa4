package main

import (
	"bufio"
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/inspect"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/spf13/pflag"
)

func listCommand() *command {
	var jsonOut bool
	var kinds []string
	fs := pflag.NewFlagSet("list", pflag.ContinueOnError)
	fs.BoolVar(&jsonOut, "json", false, "print one JSON document instead of a table")
	fs.StringSliceVar(&kinds, "kind", []string{"all"}, "list only payloads of these `KIND`s: bitcode, lto, cmdline, bundle, marker, offload, extension (or its alias section), bcpath, or all (comma-separated or repeated)")
	return &command{
		Name:  "list",
		Usage: "list [--kind KIND,...] [--json] FILE...",
		Short: "list the LLVM payloads inside binaries, archives and bitcode files",
		Long: `
List prints one line per LLVM payload found in each FILE: its container
path, kind, section, byte offset in the file, size, and for bitcode the
producer and target triple the module records.

FILE may be an ELF, Mach-O (thin or universal), COFF, PE or WebAssembly
file, an ar archive (GNU, BSD or thin; Rust .rlib files too) or a bitcode
file; nested containers are walked. A container path reads from the outside
in: libfoo.a(bar.o)[arm64]:__LLVM,__bitcode#1 is module 1 of the __bitcode
section of the arm64 slice of member bar.o of libfoo.a.

Kinds: bitcode (.llvmbc, __LLVM,__bitcode, bitcode files), lto (fat-LTO
.llvm.lto), cmdline (.llvmcmd, __LLVM,__cmdline: one per -cc1 command line),
bundle (__LLVM,__bundle, a xar archive whose files are then listed as
SECTION/NAME, each as bitcode), marker (-fembed-bitcode=marker stubs),
offload (.llvm.offloading), extension (other SHT_LLVM_* sections and
their COFF and Mach-O peers) and bcpath (.llvm_bc, __WLLVM,__llvm_bc: the
path of a bitcode file gllvm or wllvm recorded for each object, one per
line; listed with the producer and triple of that file, and its path,
"(missing)" when it is not there). A section that holds several modules,
as in a linked binary, is listed module by module.

--kind lists only the payloads of the kinds given (comma-separated or
repeated; "section" is accepted for "extension", "all" is the default).
--json prints one document, {"payloads": [...], "errors": [...]}; see
README.md for every key.

Exit status: 1 if an input could not be read, is malformed, or holds no LLVM
payload (of the kinds asked for) (the other inputs are still listed), 2 for
usage errors.

Examples:

	bcextract list foo.o
	bcextract list libstd.rlib
	bcextract list --json a.out | jq -r '.payloads[] | select(.kind=="bitcode") | .triple'
	bcextract list --kind cmdline,lto build/*.o
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("missing FILE")
			}
			set, err := parseScanKinds(kinds)
			if err != nil {
				return err
			}
			return runList(e, args, set, jsonOut)
		},
	}
}

// jsonListDoc is the document 'list --json' prints (a payload at a time: runList).
type jsonListDoc struct {
	Payloads []inspect.ListPayload `json:"payloads"`
	Errors   []jsonError           `json:"errors"`
}

func runList(e *env, args []string, kinds map[container.Kind]bool, jsonOut bool) error {
	none := errNoPayload // the cause of the error for a FILE with none of kinds
	if len(kinds) < container.NumKinds-1 {
		none = fmt.Errorf("no payload of kind %s", kindList(kinds))
	}
	out := bufio.NewWriterSize(e.stdout, outBufSize)
	var tw *tabwriter.Writer
	// The document {"payloads": [...], "errors": [...]} is written a
	// payload at a time (jsonArrayDoc), its errors at the end.
	var doc *jsonArrayDoc
	errs := []jsonError{}
	onErr := func(err error) { errs = append(errs, newJSONError(err)) }
	if jsonOut {
		doc = newJSONArrayDoc(out, "payloads")
	} else {
		tw = tabwriter.NewWriter(out, 0, 8, 2, ' ', 0)
		inspect.WriteListHeader(tw)
	}
	anyFailed := false
	for _, name := range args {
		found := 0
		failed, err := walkInput(e, name, onErr, func(in *input, p *container.Payload) error {
			if !kinds[p.Kind] {
				return nil
			}
			found++
			row := inspect.Listed{Payload: *p}
			if p.Kind.IsModule() {
				id, err := bitcode.ReadIdent(p.Data)
				if err != nil && !p.Malformed { // else the walk reports it
					err = payloadError(p, "reading the module's producer and triple", err)
					reportf(e.stderr, "%v", err)
					onErr(err)
					anyFailed = true
				}
				row.Ident = id
			}
			if p.Kind == container.KindBitcodePath {
				row.File = listedFile(string(p.Data))
				row.Ident = row.File.Ident
			}
			if jsonOut {
				doc.add(row.JSON())
			} else {
				inspect.WriteListRow(tw, &row)
			}
			return nil
		})
		if err != nil {
			return err
		}
		if found == 0 && !failed {
			err := noneFound(name, none)
			reportf(e.stderr, "%v", err)
			onErr(err)
			failed = true
		}
		anyFailed = anyFailed || failed
	}
	if jsonOut {
		if err := doc.end(errs); err != nil {
			return err
		}
	} else if err := tw.Flush(); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if anyFailed {
		return errFailed
	}
	return nil
}

// listedFile looks for the bitcode file a gllvm or wllvm section lists
// (an absolute path as they write it; a relative one is taken from the
// working directory) and reads its producer and triple.
func listedFile(path string) *inspect.ListedFile {
	f := &inspect.ListedFile{Path: path}
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return f
	}
	f.Exists = true
	if data, err := os.ReadFile(path); err == nil {
		f.Ident, _ = bitcode.ReadIdent(data)
	}
	return f
}
