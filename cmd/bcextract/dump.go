package main

import (
	"bufio"
	"errors"
	"fmt"
	"slices"

	"strconv"

	"github.com/bcextract/bcextract/bitstream/bcanalyzer"
	"github.com/bcextract/bcextract/container"
	"github.com/spf13/pflag"
)

// dumpOptions are the output options of dump and stats: llvm-bcanalyzer's,
// and JSON instead of text.
type dumpOptions struct {
	bcanalyzer.Options
	json bool
}

func dumpCommand() *command {
	var o dumpOptions
	fs := pflag.NewFlagSet("dump", pflag.ContinueOnError)
	fs.BoolVar(&o.DumpBlockinfo, "dump-blockinfo", false, "print the contents of BLOCKINFO blocks")
	fs.BoolVar(&o.NonSymbolic, "non-symbolic", false, "print block and record IDs beside their names")
	fs.BoolVar(&o.ShowBinaryBlobs, "show-binary-blobs", false, "print every blob, escaping non-printable bytes")
	fs.BoolVar(&o.NoHistogram, "disable-histogram", false, "leave the per-code histograms out of the summary")
	fs.BoolVar(&o.json, "json", false, "print one JSON document instead of text")
	return &command{
		Name:  "dump",
		Usage: "dump [--dump-blockinfo] [--non-symbolic] [--show-binary-blobs] [--disable-histogram] [--json] FILE...",
		Short: "print every block and record of a bitstream, as llvm-bcanalyzer -dump",
		Long: `
Dump prints the blocks and records of each FILE followed by the summary of
'bcextract stats'. For bitstream files (LLVM bitcode, wrapped or not, Clang
PCH and serialized diagnostics, LLVM remarks, any other bitstream) the output
is byte-identical to 'llvm-bcanalyzer-22 -dump' with the same flags. FILE "-"
reads standard input.

A FILE that is an object, a binary or an archive (see 'bcextract help list')
has each of its bitcode modules dumped in turn, after a line
"==> CONTAINER-PATH <==" naming it.

On malformed input the dump stops where llvm-bcanalyzer stops: what was
printed stays printed, one line on stderr names the file and the bit offset,
and the exit status is 1.

With --json the same information is one JSON document per FILE (see README).

Examples:

	bcextract dump foo.bc
	bcextract dump --non-symbolic --show-binary-blobs foo.bc | less
	clang-22 -c -emit-llvm -o - foo.c | bcextract dump -
	bcextract dump --json foo.bc | jq '.blocks[0].name'
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			o.Dump = true
			return runAnalyze(e, args, o)
		},
	}
}

func statsCommand() *command {
	var o dumpOptions
	fs := pflag.NewFlagSet("stats", pflag.ContinueOnError)
	fs.BoolVar(&o.NoHistogram, "disable-histogram", false, "leave the per-code histograms out")
	fs.BoolVar(&o.json, "json", false, "print one JSON document instead of text")
	return &command{
		Name:  "stats",
		Usage: "stats [--disable-histogram] [--json] FILE...",
		Short: "summarise a bitstream's blocks and records, as llvm-bcanalyzer",
		Long: `
Stats prints, for each FILE, the summary llvm-bcanalyzer prints: total size,
stream type, and per block ID the number of instances, their size, sub-blocks,
abbreviations and records, with a histogram of record codes. For bitstream
files the output is byte-identical to 'llvm-bcanalyzer-22 FILE'. FILE "-"
reads standard input. Objects, binaries and archives have each of their
bitcode modules summarised in turn, after a line "==> CONTAINER-PATH <==".

Examples:

	bcextract stats foo.bc
	bcextract stats --disable-histogram libstd.bc
	bcextract stats --json foo.bc | jq '.summary.blocks[] | {name, bits}'
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			return runAnalyze(e, args, o)
		},
	}
}

func runAnalyze(e *env, args []string, o dumpOptions) error {
	if len(args) == 0 {
		return usagef("missing FILE")
	}
	w := bufio.NewWriterSize(e.stdout, outBufSize)
	failed := false
	for _, name := range args {
		err := analyzeFile(e, w, name, o)
		if err != nil {
			if !errors.Is(err, errReported) {
				fmt.Fprintf(e.stderr, "bcextract: %v\n", err)
			}
			failed = true
		}
		if ferr := w.Flush(); ferr != nil {
			return ferr
		}
	}
	if failed {
		return errFailed
	}
	return nil
}

// errReported is returned for an input whose problems are already on stderr.
var errReported = errors.New("reported")

func analyzeFile(e *env, w *bufio.Writer, name string, o dumpOptions) error {
	in, err := openInput(e, name)
	if err != nil {
		if o.json {
			w.Write(appendJSONInputError(nil, name, err))
		}
		return err
	}
	defer in.close()
	return in.guard(func() error {
		switch container.Detect(in.data) {
		case container.Bitcode, container.Unknown:
			// A bitstream file (or not a container): analyzed whole, as
			// llvm-bcanalyzer does, whatever its kind or number of modules.
			return analyzePayload(w, name, in.data, o)
		}
		return analyzeContainer(e, w, name, in.data, o)
	})
}

func analyzePayload(w *bufio.Writer, name string, data []byte, o dumpOptions) error {
	if o.json {
		return bcanalyzer.JSON(w, name, data, o.Options)
	}
	return bcanalyzer.Text(w, name, data, o.Options)
}

// analyzeContainer analyzes each bitcode module found in a binary or an
// archive. In text, each one's output follows a line "==> PATH <==" naming it;
// in JSON each is one document whose file is the container path.
func analyzeContainer(e *env, w *bufio.Writer, name string, data []byte, o dumpOptions) error {
	var cw container.Walker
	defer cw.Close()
	n, failed := 0, false
	var said []string // malformed payloads whose analysis error is on stderr
	werr := cw.Walk(name, data, func(p *container.Payload) error {
		if !p.Kind.IsModule() {
			return nil
		}
		if !o.json {
			if n > 0 {
				w.WriteString("\n")
			}
			w.WriteString("==> " + p.Path + " <==\n")
		}
		n++
		err := analyzePayload(w, p.Path, p.Data, o)
		if ferr := w.Flush(); ferr != nil {
			return ferr
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "bcextract: %v\n", err)
			failed = true
			if p.Malformed {
				// The walk's error about it says less: where the
				// analysis stopped is the one line for this fault.
				said = append(said, p.Path)
			}
		}
		return nil
	})
	var ce *container.Error
	for _, err := range container.Errors(werr) {
		if !errors.As(err, &ce) {
			return err
		}
		failed = true
		if slices.Contains(said, ce.Path) {
			continue
		}
		fmt.Fprintf(e.stderr, "bcextract: %v\n", err)
		if o.json {
			w.Write(appendJSONInputError(nil, ce.Path, err))
		}
	}
	if n == 0 && !failed {
		err := noneFound(name, errNoModule)
		if o.json {
			w.Write(appendJSONInputError(nil, name, err))
		}
		return err
	}
	if failed {
		return errReported
	}
	return nil
}

// appendJSONInputError appends the document of a problem that kept the
// input at path from being read, ending in a newline.
func appendJSONInputError(b []byte, path string, err error) []byte {
	b = append(b, `{"file":`...)
	b = appendJSONString(b, []byte(path))
	e := newJSONError(err)
	b = append(b, `,"error":{"path":`...)
	b = appendJSONString(b, []byte(e.Path))
	b = append(b, `,"file":`...)
	b = appendJSONString(b, []byte(e.File))
	if e.Offset != nil {
		b = append(b, `,"offset":`...)
		b = strconv.AppendInt(b, *e.Offset, 10)
	}
	b = append(b, `,"error":`...)
	b = appendJSONString(b, []byte(e.Error))
	b = append(b, `,"message":`...)
	b = appendJSONString(b, []byte(e.Message))
	return append(b, "}}\n"...)
}
