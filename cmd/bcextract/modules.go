package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/internal/faults"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// A module is one bitcode module found in the inputs of funcs, callgraph
// and diff.
type module struct {
	// path is its container path; for the K'th of N modules of one
	// payload (llvm-cat -b), the payload's path and " (module K of N)".
	path string
	p    *container.Payload
	k    int // its index among the payload's modules
	r    *bitcode.Reader
	m    *ir.Module
	// spares are more readers of the module, each with its module read
	// (see moduleWalk.spares); nil when none were asked for. Those that
	// open come on the channel, which is closed after the last.
	spares <-chan spareReader
}

// A spareReader is one more reader of a module, opened on the same bytes.
type spareReader struct {
	r *bitcode.Reader
	m *ir.Module
}

// A moduleWalk says how eachModuleWith walks the modules.
type moduleWalk struct {
	// skip, when set, passes over the module payloads for which it
	// returns true.
	skip func(p *container.Payload) bool
	// spares, when set, says how many more readers to open for each
	// module of a payload (see module.spares). They are opened on other
	// goroutines, from before the module is read for fn.
	spares func(p *container.Payload) int
	// opts are the options of each reader (spares too): what it leaves
	// out.
	opts bitcode.Options
}

// openSpares opens n more readers of the k'th module of p's bytes, each on
// a goroutine of its own and with the options opts, and returns the
// channel they come on.
func openSpares(p *container.Payload, k, n int, opts bitcode.Options) <-chan spareReader {
	ch := make(chan spareReader, n)
	var wg sync.WaitGroup
	// A spare that faults on a mapped file cut short is not sent: the
	// caller's own reader meets the fault in its guard.
	mode := faults.Mode()
	data := p.Data // p is the walker's, valid only until its callback returns
	for range n {
		wg.Go(func() {
			faults.Catch(mode, func() {
				f, err := opts.Open(data)
				if err != nil || k >= len(f.Modules) {
					return
				}
				r := f.Modules[k]
				if m, err := r.Module(); err == nil {
					ch <- spareReader{r, m}
				}
			})
		})
	}
	go func() {
		wg.Wait()
		close(ch)
	}()
	return ch
}

// modulePath names the k'th (from 0) of the n modules of payload p.
func modulePath(p *container.Payload, k, n int) string {
	if n == 1 {
		return p.Path
	}
	return fmt.Sprintf("%s (module %d of %d)", p.Path, k+1, n)
}

// eachModuleWith calls fn for every bitcode module of the inputs named by args,
// a directory standing for every file under it that bcextract reads (in
// lexical order; symbolic links are not followed, and files of no format
// bcextract knows are passed over). Problems of the inputs are written to
// stderr, one line each, naming the file, the container path and the
// offset, and make the result report failure; the other modules are still
// read. fn's own error stops the walk and is returned. w says how to
// walk.
func eachModuleWith(e *env, args []string, w moduleWalk, fn func(md *module) error) (failed bool, err error) {
	files, failed := expandInputs(e, args)
	for _, f := range files {
		name := f.name
		n := 0
		bad, err := walkInput(e, name, nil, func(in *input, p *container.Payload) error {
			if !p.Kind.IsModule() {
				return nil
			}
			n++
			if w.skip != nil && w.skip(p) {
				return nil
			}
			nspares := 0
			if w.spares != nil {
				nspares = w.spares(p)
			}
			var ferr error
			gerr := in.guard(func() error {
				f, err := w.opts.Open(p.Data)
				if err != nil {
					reportf(e.stderr, "%v", disError(p, err))
					failed = true
					if p.Malformed {
						in.said = append(in.said, p.Path)
					}
					return nil
				}
				for k, r := range f.Modules {
					var spares <-chan spareReader
					if nspares > 0 {
						spares = openSpares(p, k, nspares, w.opts)
					}
					// With Options.Reread, a body that shows part of the
					// module invalid that LLVM drops from the whole of it
					// (a !tbaa tag its verifier rejects) makes fn return
					// a *RereadError before it gives anything of the
					// module: it is read again without that part.
					ok := true
					for tries := 0; ; tries++ {
						m, err := r.Module()
						if err == nil {
							err = fn(&module{path: modulePath(p, k, len(f.Modules)), p: p, k: k, r: r, m: m, spares: spares})
							if ferr = err; !isReread(err) {
								break
							}
						}
						if re := (*bitcode.RereadError)(nil); errors.As(err, &re) && tries < 2 {
							r, spares, ferr = r.Reread(re.Strip), nil, nil
							continue
						}
						if ferr == nil || isReread(ferr) {
							reportf(e.stderr, "%v", disError(p, err))
							failed, ok, ferr = true, false, nil
						}
						break
					}
					if ferr != nil {
						return nil
					}
					if !ok {
						continue
					}
					for _, s := range r.Skipped() {
						failed = true
						reportf(e.stderr, "%s: %s at bit %d (byte 0x%x)", p.Path, s.Msg, s.Bit, p.Off+int64(s.Bit/8))
					}
				}
				return nil
			})
			if ferr != nil {
				return ferr
			}
			if gerr != nil {
				reportf(e.stderr, "%v", gerr)
				failed = true
			}
			return nil
		})
		if err != nil {
			return true, err
		}
		if bad {
			failed = true
		}
		if n == 0 && !bad && !f.inTree {
			reportf(e.stderr, "%v", noneFound(name, errNoModule))
			failed = true
		}
	}
	return failed, nil
}

// An inputFile is a file to read: named on the command line, or found
// under a directory named there (a file of a tree without bitcode is not
// an error).
type inputFile struct {
	name   string
	inTree bool
}

// expandInputs returns the files named by args, each directory replaced by
// the files under it that bcextract reads (see eachModuleWith). A directory
// that cannot be read is reported and makes the result report failure.
func expandInputs(e *env, args []string) (files []inputFile, failed bool) {
	for _, a := range args {
		fi, err := os.Stat(a)
		if a == "-" || err != nil || !fi.IsDir() {
			files = append(files, inputFile{name: a})
			continue
		}
		n := len(files)
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				reportf(e.stderr, "%v", container.FileError(p, err))
				failed = true
				return nil
			}
			if d.Type().IsRegular() && knownFormat(p) {
				files = append(files, inputFile{name: p, inTree: true})
			}
			return nil
		})
		if err != nil {
			reportf(e.stderr, "%v", container.FileError(a, err))
			failed = true
		}
		if len(files) == n {
			reportf(e.stderr, "%v", noneFound(a, errNoModule))
			failed = true
		}
	}
	return files, failed
}

// knownFormat reports whether the file at p starts with the magic number
// of a format bcextract reads.
func knownFormat(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return true // let the walk report it
	}
	defer f.Close()
	var head [4096]byte // a PE header can be that far in
	n, _ := io.ReadFull(f, head[:])
	return container.Detect(head[:n]) != container.Unknown
}

// analysisOptions are the reader options of funcs, callgraph and diff,
// which look at one body at a time, never at debug info, named metadata or
// the summary, and read a module again when a body shows part of it
// invalid that LLVM drops (see eachModuleWith).
var analysisOptions = bitcode.Options{DropDebugInfo: true, DropNamedMetadata: true, DropSummary: true, ReuseBodies: true, Reread: true}

// isReread reports whether err is a *bitcode.RereadError: a body of a
// module read with Options.Reread showed part of the module invalid that
// LLVM drops from the whole of it, and the module is to be read again.
func isReread(err error) bool {
	var re *bitcode.RereadError
	return errors.As(err, &re)
}
