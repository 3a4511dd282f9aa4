package main

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/wrapper"
	"github.com/spf13/pflag"
)

type extractOptions struct {
	kinds  []string
	output string // -o
	dir    string // -d
	unwrap bool
	force  bool
	json   bool
}

func extractCommand() *command {
	var o extractOptions
	fs := pflag.NewFlagSet("extract", pflag.ContinueOnError)
	fs.StringSliceVar(&o.kinds, "kind", []string{"bitcode", "lto"}, "payload `KIND`s to extract: bitcode, lto, cmdline, bundle, marker, offload, extension, bcpath, or all (comma-separated or repeated)")
	fs.StringVarP(&o.output, "output", "o", "", "write the one matching payload to `PATH` (\"-\" for standard output)")
	fs.StringVarP(&o.dir, "dir", "d", "", "write every matching payload under `DIR` (default \".\")")
	fs.BoolVar(&o.unwrap, "unwrap", false, "strip the 0x0B17C0DE wrapper header from bitcode")
	fs.BoolVar(&o.force, "force", false, "replace existing regular files (never a link, a device or a directory)")
	fs.BoolVar(&o.json, "json", false, "say what was written as one JSON document, {\"files\": [{\"path\", \"kind\", \"file\", \"size\"}], \"errors\"}")
	return &command{
		Name:  "extract",
		Usage: "extract [--kind KIND,...] [-o PATH|-] [-d DIR] [--unwrap] [--force] [--json] FILE...",
		Short: "write the LLVM payloads of binaries, archives and bitcode files to files",
		Long: `
Extract writes the payloads 'bcextract list' shows, by default the bitcode
modules (kinds bitcode and lto), byte for byte as they are in the file: a
section's contents, or one module of a section that holds several; a bitcode
bundle's file stored compressed is written decoded. With
--unwrap the 0x0B17C0DE wrapper header of Darwin bitcode is stripped.

With -d DIR (the default is -d .) every matching payload is written under DIR,
which is created if needed, under a name made from its container path:
characters other than letters, digits and ._+-,@#= become "_", so nothing is
ever written outside DIR whatever the member names say, and names that would
collide get "~N" before the extension. The module number of a section of
ten modules or more is zero-padded to the width of their count, so that the
names sort (and a glob lists them) in module order: prog_.llvmbc#01.bc to
prog_.llvmbc#12.bc (the container path stays prog:.llvmbc#1). Extensions:
.bc (bitcode, lto), .cmd (cmdline), .xar (bundle), .marker, .offload, .bin
(extension).

With -o PATH exactly one payload must match (the command lists the matches
otherwise); "-o -" and "-o /dev/stdout" write it to standard output. A PATH
that is a character device or a FIFO (/dev/null, a named pipe, the /dev/fd/N
of a shell's >(...)) is written into, as "clang -o /dev/null" does.

Files are written atomically: to a temporary file in the same directory,
then hard-linked to their name, which fails if the name exists. An existing
regular file is an error unless --force is given, which renames the new file
over it; an input file is never replaced, even with --force. Nothing else is
ever replaced: a symbolic link is an error (it is neither replaced nor
followed, except to a device or FIFO with -o), and so are a directory or a
device in DIR.

Each file written is said on standard output, a line "CONTAINER-PATH ->
FILE" each (nothing when the payload itself is written there, with -o -);
with --json, as one document:

	{"files": [{"path", "kind", "file", "size"}], "errors": [...]}

the errors as list --json gives them.

Exit status: 0 if every FILE yielded a payload of the kinds asked for and
every write succeeded; 1 otherwise, after processing all inputs, with one
line on stderr per problem; 2 for usage errors.

Examples:

	bcextract extract -d out/ libfoo.a
	bcextract extract -o foo.bc foo.o
	bcextract extract --unwrap -o - foo.o | llvm-dis-22 -o - -
	bcextract extract --kind cmdline -o - foo.o | tr '\0' ' '
	bcextract extract --kind all -d sections/ a.out
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("missing FILE")
			}
			if o.output != "" && o.dir != "" {
				return usagef("-o and -d cannot be used together")
			}
			kinds, err := parseKinds(o.kinds)
			if err != nil {
				return err
			}
			return runExtract(e, args, o, kinds)
		},
	}
}

// parseKinds turns the --kind values into a set.
func parseKinds(vals []string) (map[container.Kind]bool, error) {
	set := make(map[container.Kind]bool)
	for _, v := range vals {
		v = strings.TrimSpace(v)
		if v == "all" {
			for k := container.KindBitcode; int(k) < container.NumKinds; k++ {
				set[k] = true
			}
			continue
		}
		k, ok := container.ParseKind(v)
		if !ok {
			return nil, usagef("unknown kind %q (want bitcode, lto, cmdline, bundle, marker, offload, extension, bcpath or all)", v)
		}
		set[k] = true
	}
	if len(set) == 0 {
		return nil, usagef("--kind is empty")
	}
	return set, nil
}

// extension is the file name extension of a payload of kind k.
func extension(k container.Kind) string {
	switch k {
	case container.KindBitcode, container.KindLTO:
		return ".bc"
	case container.KindCmdline:
		return ".cmd"
	case container.KindBundle:
		return ".xar"
	case container.KindMarker:
		return ".marker"
	case container.KindOffload:
		return ".offload"
	case container.KindBitcodePath:
		return ".path"
	}
	return ".bin"
}

// An extracted is one file extract wrote: the payload's container path
// and kind, the file, and how many bytes it holds.
type extracted struct {
	Path string `json:"path"`
	Kind string `json:"kind"`
	File string `json:"file"`
	Size int    `json:"size"`
}

// jsonExtractDoc is what extract --json prints.
type jsonExtractDoc struct {
	Files  []extracted `json:"files"`
	Errors []jsonError `json:"errors"`
}

func runExtract(e *env, args []string, o extractOptions, kinds map[container.Kind]bool) error {
	sink, err := newFileSink(e, args, o.output, o.dir, o.force)
	if err != nil {
		return err
	}
	// What was written is said on stdout, a line "PATH -> FILE" each, or
	// in the JSON document; nothing when the payload itself goes there.
	toStdout := sink.toStdout()
	if o.json && toStdout {
		return usagef("--json and -o %s both write to standard output", o.output)
	}
	if !o.json {
		if err := sink.refuseExisting(); err != nil {
			return err
		}
	}
	out := bufio.NewWriter(e.stdout)
	doc := jsonExtractDoc{Files: []extracted{}, Errors: []jsonError{}}
	wrote := func(p *container.Payload, file string, size int) {
		switch {
		case o.json:
			doc.Files = append(doc.Files, extracted{Path: p.Path, Kind: p.Kind.String(), File: file, Size: size})
		case !toStdout:
			fmt.Fprintf(out, "%s -> %s\n", p.Path, file)
		}
	}
	fail := func(err error) {
		reportf(e.stderr, "%v", err)
		doc.Errors = append(doc.Errors, newJSONError(err))
	}
	onErr := func(err error) { doc.Errors = append(doc.Errors, newJSONError(err)) }
	failed := false
	for _, name := range args {
		found := 0
		inFailed, err := walkInput(e, name, onErr, func(in *input, p *container.Payload) error {
			if !kinds[p.Kind] {
				return nil
			}
			found++
			data := p.Data
			if o.unwrap && p.Kind.IsModule() && wrapper.IsWrapper(data) {
				_, inner, err := wrapper.Unwrap(data)
				if err != nil {
					fail(container.PayloadError(p, "", err))
					failed = true
					return nil
				}
				data = inner
			}
			target, err := sink.add(name, p, extension(p.Kind), data)
			switch {
			case err != nil:
				fail(err)
				failed = true
			case target != "":
				wrote(p, target, len(data))
			}
			return nil
		})
		if err != nil {
			return err
		}
		if found == 0 && !inFailed {
			fail(noneFound(name, fmt.Errorf("no payload of kind %s", kindList(kinds))))
			inFailed = true
		}
		failed = failed || inFailed
	}
	p, bad, problem, err := sink.finish("-o needs exactly one payload, but %d match (use -d DIR, or narrow with --kind):")
	if err != nil {
		return err
	}
	if problem != nil {
		fail(problem)
	}
	if p != nil {
		wrote(p, o.output, len(sink.first))
	}
	return endReport(out, o.json, &doc, failed || bad)
}

// isStdoutName reports whether the -o name is standard output.
func isStdoutName(name string) bool {
	switch name {
	case "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1":
		return true
	}
	return false
}

func kindList(kinds map[container.Kind]bool) string {
	var s []string
	for k := container.KindBitcode; int(k) < container.NumKinds; k++ {
		if kinds[k] {
			s = append(s, k.String())
		}
	}
	return strings.Join(s, ", ")
}

// errExists reports an output file that exists and may not be replaced.
var errExists = errors.New("exists (use --force to replace it)")
