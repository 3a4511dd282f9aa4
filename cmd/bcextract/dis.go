package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/wrapper"
	"github.com/spf13/pflag"
)

func disCommand() *command {
	var output string
	var funcs []string
	var force bool
	fs := pflag.NewFlagSet("dis", pflag.ContinueOnError)
	fs.StringVarP(&output, "output", "o", "-", "write the assembly to `PATH` (\"-\", the default, for standard output)")
	fs.BoolVar(&force, "force", false, "replace an existing regular file PATH (never a link, a device, a directory or an input)")
	fs.StringArrayVar(&funcs, "function", nil, "print only the definitions of the functions named `NAME` (repeatable; a glob: *, ?, [...])")
	return &command{
		Name:  "dis",
		Usage: "dis [-o PATH|-] [--force] [--function NAME]... FILE...",
		Short: "print the IR of bitcode modules as LLVM assembly, as llvm-dis",
		Long: `
Dis reads the IR of each bitcode module of each FILE and prints it as LLVM
assembly. For a bitcode file holding one module the output is byte for byte
what 'llvm-dis-22 FILE -o -' prints, its ModuleID being FILE as given
("<stdin>" for "-"). A file of several modules ('llvm-cat-22 -b') has each
printed after a line "==> FILE (module K of N) <==", as llvm-dis would write
them into FILE.K.ll.

A FILE that is an object, a binary or an archive (see 'bcextract help list')
has each of its bitcode modules printed in turn, after the line
"==> CONTAINER-PATH <==" that 'bcextract dump' prints, its ModuleID being the
container path.

Dis reads bitcode from LLVM 22 producers and is meant to read what newer ones
write: a record, attribute or block that LLVM 22 does not know is read past
and named on stderr with its bit offset, the rest is printed, and the exit
status is 1. A malformed module is one error line naming the file, the
container path and the offset; what was printed before it stays printed.
Bitcode of LLVM 14 to 21 is upgraded as llvm-dis-22 upgrades it (see the
README for what is not yet). A function body whose debug info or !tbaa tag
LLVM's verifier rejects makes llvm-dis-22 strip the debug info, or every
!tbaa, of the whole module, and dis too: it prints the module again,
stripped, over what it printed of it in a regular file; to a pipe or a
terminal it reads every body once before it prints the module.

With --function NAME (repeatable, NAME a glob as in the shell: *, ?,
[...]) only the definitions of the functions whose IR name matches are
printed, each as it is in the whole module's text (same value, attribute
and metadata numbers), one after another; no function matching in any FILE
is an error.

With -o PATH the assembly is written to a temporary file beside PATH, put
in place once complete, as extract writes: an existing PATH is an error
unless --force is given (an input file, a symbolic link or a directory is
never replaced); a device or a FIFO (/dev/null, a named pipe) is written
into.

Examples:

	bcextract dis foo.bc
	bcextract dis --function main --function 'parse_*' foo.bc
	bcextract dis -o foo.ll foo.bc
	clang-22 -c -emit-llvm -o - foo.c | bcextract dis -
	bcextract dis prog          # every module of an -fembed-bitcode binary
	bcextract dis libfoo.rlib | less
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			return runDis(e, args, output, funcs, force)
		},
	}
}

func runDis(e *env, args []string, output string, funcs []string, force bool) error {
	if len(args) == 0 {
		return usagef("missing FILE")
	}
	var sel *funcSelector
	if len(funcs) > 0 {
		var err error
		if sel, err = newFuncSelector(funcs); err != nil {
			return err
		}
	}
	failed := false
	print := func(dst io.Writer) error {
		w := newDisOutput(dst)
		for _, name := range args {
			if disFile(e, w, name, sel) {
				failed = true
			}
			if err := w.Flush(); err != nil {
				return err
			}
		}
		return nil
	}
	toStdout := isStdoutName(output)
	if toStdout {
		if err := print(e.stdout); err != nil {
			return err
		}
	} else {
		// The output is streamed into a temporary file put in place at
		// the end, as extract's.
		if err := checkOutputFile(output); err != nil {
			return err
		}
		fill := func(f *os.File) error { return print(f) }
		if err := fillOutput(e, output, force, newInputSet(args), fill, print); err != nil {
			return err
		}
	}
	if sel != nil && sel.matched == 0 {
		reportf(e.stderr, "no function definition matches --function %s", strings.Join(funcs, ", --function "))
		return errFailed
	}
	if failed {
		return errFailed
	}
	return nil
}

// A funcSelector selects the functions dis --function prints, and counts
// them.
type funcSelector struct {
	patterns []string
	matched  int
}

// newFuncSelector checks the patterns of --function.
func newFuncSelector(patterns []string) (*funcSelector, error) {
	for _, p := range patterns {
		if _, err := path.Match(p, ""); err != nil {
			return nil, usagef("--function %q: %v", p, err)
		}
	}
	return &funcSelector{patterns: patterns}, nil
}

// selects reports whether f is to be printed.
func (s *funcSelector) selects(f *ir.Function) bool {
	for _, p := range s.patterns {
		if ok, _ := path.Match(p, f.Name); ok {
			s.matched++
			return true
		}
	}
	return false
}

// disFile prints the modules of the named file and reports whether
// anything failed, every problem having been written to stderr.
func disFile(e *env, w *disOutput, name string, sel *funcSelector) (failed bool) {
	in, err := openInput(e, name)
	if err != nil {
		reportf(e.stderr, "%v", err)
		return true
	}
	defer in.close()
	if container.Detect(in.data) == container.Bitcode {
		id := name
		if name == "-" {
			id = "<stdin>"
		}
		p := &container.Payload{Path: name, File: name, Data: in.data}
		err := in.guard(func() error { return disPayload(e, w, p, id, sel) })
		if err != nil && !errors.Is(err, errSkipped) {
			reportf(e.stderr, "%v", err)
		}
		return err != nil
	}
	n, bad := 0, false
	failed, err = walkInput(e, name, nil, func(in *input, p *container.Payload) error {
		if !p.Kind.IsModule() {
			return nil
		}
		if n > 0 {
			w.WriteString("\n")
		}
		n++
		w.WriteString("==> " + p.Path + " <==\n")
		err := disPayload(e, w, p, p.Path, sel)
		if ferr := w.Flush(); ferr != nil {
			return ferr
		}
		if err != nil {
			bad = true
			if !errors.Is(err, errSkipped) {
				reportf(e.stderr, "%v", err)
			}
			if p.Malformed {
				in.said = append(in.said, p.Path)
			}
		}
		return nil
	})
	if err != nil {
		reportf(e.stderr, "%s: %v", name, err)
		return true
	}
	if n == 0 && !failed {
		reportf(e.stderr, "%v", noneFound(name, errNoModule))
		return true
	}
	return failed || bad
}

// errSkipped is the error for a module printed in full except for what its
// reader skipped, which is already on stderr.
var errSkipped = errors.New("parts of the module were skipped")

// disPayload prints every module of payload p, each with the ModuleID id.
// Records the reader skipped are reported on stderr as they are met.
func disPayload(e *env, w *disOutput, p *container.Payload, id string, sel *funcSelector) error {
	if holdsNoModule(p.Data) {
		return nil
	}
	// p.Data outlives the module; a body that shows what LLVM strips from
	// the whole module makes it read again (disModule).
	f, err := bitcode.Options{ShareStrings: true, Reread: true}.Open(p.Data)
	if err != nil {
		return disError(p, err)
	}
	skipped := false
	for i, r := range f.Modules {
		if len(f.Modules) > 1 {
			fmt.Fprintf(w, "==> %s (module %d of %d) <==\n", p.Path, i+1, len(f.Modules))
		}
		opt := assembly.Options{ModuleID: id, Prefetch: disPrefetch}
		if sel != nil {
			opt.Functions = sel.selects
		}
		r, err := disModule(w, r, opt)
		for _, s := range r.Skipped() {
			skipped = true
			reportf(e.stderr, "%s: %s at bit %d (byte 0x%x)", p.Path, s.Msg, s.Bit, p.Off+int64(s.Bit/8))
		}
		if err != nil {
			return disError(p, err)
		}
	}
	if skipped {
		return errSkipped
	}
	return nil
}

// disModule prints the module r reads, as llvm-dis-22 does, and returns
// the Reader it printed it with: r, or the one r.Reread gave when a body
// showed part of the module invalid that LLVM drops from the whole module
// (bitcode.Strip). llvm-dis-22 reads every body before it prints; dis
// prints a module as it reads it. When the output can be taken back (a
// regular file, /dev/null), what was printed of the module goes and it is
// printed again; else (a pipe, a terminal) every body is read once before
// the module is printed.
func disModule(w *disOutput, r *bitcode.Reader, opt assembly.Options) (*bitcode.Reader, error) {
	mark, err := w.mark()
	if err != nil {
		return r, err
	}
	again := false
	return bitcode.ReadAgain(r, func(r *bitcode.Reader) error {
		if again {
			if err := w.rewind(mark); err != nil {
				return err
			}
		}
		again = true
		m, err := r.Module()
		if err == nil && !w.rewinds() {
			err = loadBodies(r, m)
		}
		if err != nil {
			return err
		}
		opt.Loader = r
		return assembly.Write(w, m, opt)
	})
}

// loadBodies loads and releases every body of m, so that the reader checks
// each before the module is printed.
func loadBodies(r *bitcode.Reader, m *ir.Module) error {
	for _, f := range m.Functions {
		if f == nil || !f.HasBody {
			continue
		}
		if err := r.LoadBody(f); err != nil {
			return err
		}
		r.ReleaseBody(f)
	}
	return nil
}

// A disOutput is dis's buffered output, which it can take back to a mark
// when it is a regular file (truncated there) or /dev/null (which keeps
// nothing).
type disOutput struct {
	*bufio.Writer
	dst  io.Writer
	file *os.File // a regular file, or nil
	null bool     // dst is /dev/null
}

// newDisOutput returns the output writing to dst; the printer hands it
// 64 KB at a time.
func newDisOutput(dst io.Writer) *disOutput {
	o := &disOutput{Writer: bufio.NewWriterSize(dst, outBufSize), dst: dst}
	f, ok := dst.(*os.File)
	if !ok {
		return o
	}
	fi, err := f.Stat()
	if err != nil {
		return o
	}
	if fi.Mode().IsRegular() {
		if _, err := f.Seek(0, io.SeekCurrent); err == nil {
			o.file = f
		}
	} else if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(fi, null) {
		o.null = true
	}
	return o
}

// rewinds reports whether what o was given can be taken back.
func (o *disOutput) rewinds() bool { return o.file != nil || o.null }

// mark flushes o and returns where the output is (0 for one that does not
// rewind).
func (o *disOutput) mark() (int64, error) {
	if err := o.Flush(); err != nil {
		return 0, err
	}
	if o.file == nil {
		return 0, nil
	}
	return o.file.Seek(0, io.SeekCurrent)
}

// rewind drops what o was given after mark.
func (o *disOutput) rewind(mark int64) error {
	o.Reset(o.dst)
	if o.file == nil {
		return nil
	}
	if err := o.file.Truncate(mark); err != nil {
		return err
	}
	_, err := o.file.Seek(mark, io.SeekStart)
	return err
}

// holdsNoModule reports whether data is a bitcode file that LLVM's readers
// find no module in, for which llvm-dis-22 prints nothing and exits with 0:
// its stream (inside the wrapper header, if any) is the magic number and at
// most two zero words, where they stop reading. (llvm-dis-22 stops there
// whatever the two words hold; dis reports other bytes as a block cut
// short. funcs, callgraph and diff still say such a file holds no module.)
func holdsNoModule(data []byte) bool {
	if len(data)%4 != 0 {
		return false
	}
	if wrapper.IsWrapper(data) {
		_, inner, err := wrapper.Unwrap(data)
		if err != nil {
			return false
		}
		data = inner
	}
	if len(data) > 12 || !wrapper.IsRaw(data) {
		return false
	}
	for _, c := range data[4:] {
		if c != 0 {
			return false
		}
	}
	return true
}

// disPrefetch is how many function bodies dis reads ahead of the one it
// prints, in a goroutine of their own (see assembly.Options.Prefetch).
const disPrefetch = 16

// disError places an error of the bitcode reader in p's file: the byte of
// the file, with the bit of the payload it came from.
func disError(p *container.Payload, err error) error {
	var be *bitcode.Error
	var we *wrapper.FormatError
	if !errors.As(err, &be) || errors.As(err, &we) {
		// A wrapper header's offsets count from the payload's start.
		return container.PayloadError(p, "", err)
	}
	msg := be.Msg + " (bit " + strconv.FormatUint(be.Bit, 10) + " of the module)"
	return container.DataError(p, int64(be.Bit/8), true, &unlocatedError{msg, err})
}
