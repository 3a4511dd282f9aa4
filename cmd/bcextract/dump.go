package main

import (
	"bufio"
	"errors"
	"fmt"
	"slices"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/wrapper"
	"github.com/spf13/pflag"
)

// dumpOptions are the output options of dump and stats, named after
// llvm-bcanalyzer's.
type dumpOptions struct {
	dump            bool // print the stream, not only the summary
	dumpBlockinfo   bool
	nonSymbolic     bool
	showBinaryBlobs bool
	noHistogram     bool
	json            bool
}

func dumpCommand() *command {
	var o dumpOptions
	fs := pflag.NewFlagSet("dump", pflag.ContinueOnError)
	fs.BoolVar(&o.dumpBlockinfo, "dump-blockinfo", false, "print the contents of BLOCKINFO blocks")
	fs.BoolVar(&o.nonSymbolic, "non-symbolic", false, "print block and record IDs beside their names")
	fs.BoolVar(&o.showBinaryBlobs, "show-binary-blobs", false, "print every blob, escaping non-printable bytes")
	fs.BoolVar(&o.noHistogram, "disable-histogram", false, "leave the per-code histograms out of the summary")
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
			o.dump = true
			return runAnalyze(e, args, o)
		},
	}
}

func statsCommand() *command {
	var o dumpOptions
	fs := pflag.NewFlagSet("stats", pflag.ContinueOnError)
	fs.BoolVar(&o.noHistogram, "disable-histogram", false, "leave the per-code histograms out")
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
	w := bufio.NewWriterSize(e.stdout, 256<<10)
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
		return analyzeJSON(w, name, data, o)
	}
	return analyzeText(w, name, data, o)
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

// streamError places a bitstream error in its file: the stream may start
// after a wrapper header.
type streamError struct {
	file string
	base uint64 // byte offset of the stream in the file
	err  error
}

func (e *streamError) Error() string {
	var fe *bitstream.FormatError
	if errors.As(e.err, &fe) && e.base != 0 {
		return fmt.Sprintf("%s: %v (the stream starts at byte 0x%x of the file)", e.file, e.err, e.base)
	}
	return fmt.Sprintf("%s: %v", e.file, e.err)
}

func (e *streamError) Unwrap() error { return e.err }

// openStream does what llvm-bcanalyzer does before reading blocks: checks the
// length, strips a wrapper header, and reads the magic number. onWrapper, if
// not nil, sees the header before the wrapper's range is checked.
func openStream(name string, data []byte, onWrapper func(wrapper.Header)) (*bitstream.Reader, bitstream.StreamKind, uint64, error) {
	if len(data)%4 != 0 {
		// Where the data ends, as every error of data cut short.
		return nil, 0, 0, fmt.Errorf("%s: bitstream length %d is not a multiple of 4 bytes (%d bytes after byte 0x%x) at byte 0x%x",
			name, len(data), len(data)%4, len(data)&^3, len(data))
	}
	stream, base := data, uint64(0)
	if wrapper.IsWrapper(data) {
		h, err := wrapper.ParseHeader(data)
		if err != nil {
			return nil, 0, 0, fmt.Errorf("%s: %w", name, err)
		}
		if onWrapper != nil {
			onWrapper(h)
		}
		if _, stream, err = wrapper.Unwrap(data); err != nil {
			return nil, 0, 0, fmt.Errorf("%s: %w", name, err)
		}
		base = uint64(h.Offset)
	}
	r := bitstream.NewReader(stream)
	kind, err := bitstream.ReadMagic(r.Cursor())
	if err != nil {
		return nil, 0, base, &streamError{name, base, err}
	}
	return r, kind, base, nil
}

func analyzeText(w *bufio.Writer, name string, data []byte, o dumpOptions) error {
	var p *textPrinter
	var onWrapper func(wrapper.Header)
	if o.dump {
		p = &textPrinter{w: w, o: o}
		onWrapper = p.wrapperHeader
	}
	r, kind, base, err := openStream(name, data, onWrapper)
	if err != nil {
		return err
	}
	var v bitstream.Visitor
	if p != nil {
		p.r, p.kind = r, kind
		v = p
	}
	stats, err := bitstream.Walk(r, v)
	if err != nil {
		return &streamError{name, base, err}
	}
	if o.dump {
		w.WriteString("\n\n")
	}
	writeSummary(w, name, kind, r.BlockInfo(), stats, o)
	return nil
}
