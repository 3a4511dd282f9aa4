package main

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/mmap"
)

// outBufSize is the size of the buffer each command writes its standard
// output through: a pipe's capacity on Linux, so that a full buffer is one
// write a reader takes at once. (A larger one costs a small input's run
// more to clear than it saves on a large one.)
const outBufSize = 64 << 10

// maxNameLen bounds the length of an output file name, below the 255 bytes
// most file systems allow.
const maxNameLen = 200

// safeName turns a container path into one file name component: every
// byte outside [A-Za-z0-9._+,@#=-] becomes "_" and a leading "." becomes
// "_", so the name has no separator, is never "." or "..", and is not hidden.
// Names longer than maxNameLen are cut and given a hash of the whole path.
func safeName(path string) string {
	b := []byte(path)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("._+,@#=-", c) >= 0:
		default:
			b[i] = '_'
		}
	}
	if len(b) > 0 && b[0] == '.' {
		b[0] = '_'
	}
	if len(b) == 0 {
		return "_"
	}
	if isReservedName(b) {
		b = append([]byte{'_'}, b...)
	}
	if len(b) > maxNameLen {
		sum := sha256.Sum256([]byte(path))
		b = append(b[:maxNameLen-17], '-')
		b = append(b, hex.EncodeToString(sum[:8])...)
	}
	return string(b)
}

// isReservedName reports whether name, up to its first '.', is one of the
// device names Windows reserves in every directory (CON, PRN, AUX, NUL,
// COM1-9, LPT1-9, in any case).
func isReservedName(name []byte) bool {
	stem := name
	if i := bytes.IndexByte(stem, '.'); i >= 0 {
		stem = stem[:i]
	}
	switch strings.ToUpper(string(stem)) {
	case "CON", "PRN", "AUX", "NUL":
		return true
	}
	return len(stem) == 4 && '1' <= stem[3] && stem[3] <= '9' &&
		(strings.EqualFold(string(stem[:3]), "COM") || strings.EqualFold(string(stem[:3]), "LPT"))
}

// checkWritable reports, before anything is extracted, an output
// directory in which no file can be created.
func checkWritable(dir string) error {
	f, err := createTemp(dir)
	if err != nil {
		return fmt.Errorf("output directory %s is not writable: %w", dir, unwrapPath(err))
	}
	f.Close()
	pending.remove(f.Name())
	return nil
}

// checkOutputFile reports, before anything is done, an output file name
// that cannot be written: a directory, or a name in a directory in which
// no file can be created.
func checkOutputFile(name string) error {
	if fi, err := os.Stat(name); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a directory", name)
	}
	dir := filepath.Dir(name)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("cannot create %s: no directory %s", name, dir)
	}
	return checkWritable(dir)
}

// unwrapPath drops the operation and path of a *fs.PathError, which name
// a temporary file the user never sees.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writeData writes the data of an output file; tests replace it to make
// writes fail half-way.
var writeData = func(f *os.File, data []byte) error {
	_, err := f.Write(data)
	return err
}

// A nameSet hands out distinct file names inside one output directory.
type nameSet struct {
	dir  string
	used map[string]bool // lower-cased, for case-insensitive file systems
}

func newNameSet(dir string) *nameSet { return &nameSet{dir: dir, used: make(map[string]bool)} }

// remove hands back path, which add returned and nothing was written to.
func (s *nameSet) remove(path string) { delete(s.used, strings.ToLower(filepath.Base(path))) }

// add returns a new path under the directory for payload p, found in the
// input named input (p's path starts with it), with file name extension
// ext. The module number of a section of ten modules or more is
// zero-padded (see padModule).
func (s *nameSet) add(input string, p *container.Payload, ext string) string {
	base := filepath.Base(input)
	if input == "-" {
		base = "stdin"
	}
	path := padModule(p.Path, p.Module, p.Modules)
	stem := safeName(base + strings.TrimPrefix(path, input))
	name := stem + ext
	for n := 2; s.used[strings.ToLower(name)]; n++ {
		name = stem + "~" + strconv.Itoa(n) + ext
	}
	s.used[strings.ToLower(name)] = true
	return filepath.Join(s.dir, name)
}

// padModule returns path with its final "#N", module N of modules,
// zero-padded to the width of modules ("#01" to "#12"), so that file names
// sort, and glob, in module order.
func padModule(path string, module, modules int) string {
	suffix := "#" + strconv.Itoa(module)
	if module <= 0 || modules < 10 || !strings.HasSuffix(path, suffix) {
		return path
	}
	return fmt.Sprintf("%s#%0*d", path[:len(path)-len(suffix)], len(strconv.Itoa(modules)), module)
}

// inputSet identifies the input files, so that no output replaces one.
type inputSet []os.FileInfo

func newInputSet(names []string) inputSet {
	var s inputSet
	for _, n := range names {
		if fi, err := os.Stat(n); err == nil {
			s = append(s, fi)
		}
	}
	return s
}

func (s inputSet) contains(fi os.FileInfo) bool {
	for _, in := range s {
		if os.SameFile(in, fi) {
			return true
		}
	}
	return false
}

// writeFileAtomic writes data to name through a temporary file in the same
// directory, put in place once complete. A name that exists is kept (the
// error wraps errExists) unless force is set and it is a regular file that
// is not an input; anything else that exists (a symbolic link, a device, a
// FIFO, a directory) is never replaced.
func writeFileAtomic(name string, data []byte, force bool, inputs inputSet) error {
	return fillFileAtomic(name, force, inputs, func(f *os.File) error { return writeData(f, data) })
}

// fillFileAtomic is writeFileAtomic for output written by fill as it is
// made: nothing is put in place unless fill succeeds.
func fillFileAtomic(name string, force bool, inputs inputSet, fill func(*os.File) error) error {
	if fi, err := os.Lstat(name); err == nil {
		if err := replaceable(name, fi, force, inputs); err != nil {
			return err
		}
	}
	dir := filepath.Dir(name)
	tmp, err := createTemp(dir)
	if err != nil {
		return fmt.Errorf("%s: cannot create a file in %s: %w", name, dir, unwrapPath(err))
	}
	tmpName := tmp.Name()
	defer pending.remove(tmpName) // os.Remove: a no-op once renamed or linked
	werr := fill(tmp)
	if werr == nil {
		werr = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("%s: %w", name, werr)
	}
	return putInPlace(tmpName, name, force, inputs)
}

// putInPlace gives the temporary file tmpName, written, the name name
// (see fillFileAtomic).
func putInPlace(tmpName, name string, force bool, inputs inputSet) error {
	// A hard link creates name only if it does not exist, atomically.
	err := os.Link(tmpName, name)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		fi, serr := os.Lstat(name)
		if serr != nil {
			return fmt.Errorf("%s: %w", name, errExists)
		}
		if err := replaceable(name, fi, force, inputs); err != nil {
			return err // it appeared meanwhile
		}
		return os.Rename(tmpName, name)
	}
	// No hard links here (some file systems): check, then rename.
	if fi, serr := os.Lstat(name); serr == nil {
		if err := replaceable(name, fi, force, inputs); err != nil {
			return err
		}
	}
	return os.Rename(tmpName, name)
}

// replaceable returns nil if the existing file name, described by fi (from
// Lstat), may be replaced: with force, a regular file that is not an input.
func replaceable(name string, fi fs.FileInfo, force bool, inputs inputSet) error {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s: %w", name, errSymlink)
	case fi.IsDir():
		return fmt.Errorf("%s: is a directory", name)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s: exists and is not a regular file (%s): not replaced", name, fileKind(fi))
	case inputs.contains(fi):
		return fmt.Errorf("%s: refusing to overwrite an input file", name)
	case !force:
		return fmt.Errorf("%s: %w", name, errExists)
	}
	return nil
}

// errSymlink is the cause of the error for an output name that is a
// symbolic link to something other than a device or a FIFO.
var errSymlink = errors.New("is a symbolic link: neither replaced nor written through (name its target instead)")

// fileKind names the kind of file fi describes, for messages.
func fileKind(fi fs.FileInfo) string {
	m := fi.Mode()
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "a regular file"
}

// writeOutput writes data to the output named by -o: standard output for
// "-", /dev/stdout or /dev/fd/1; into the file itself for a character
// device or a FIFO (as "clang -o /dev/null" does), also when name is a
// symbolic link to one (/dev/fd/N of a shell's process substitution);
// otherwise as writeFileAtomic does. A symbolic link to anything else is
// refused, never replaced.
func writeOutput(e *env, name string, data []byte, force bool, inputs inputSet) error {
	return fillOutput(e, name, force, inputs, func(f *os.File) error { return writeData(f, data) }, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		bw.Write(data)
		return bw.Flush()
	})
}

// fillOutput is writeOutput for output written as it is made: fill writes
// it into a file (a temporary one, put in place only if fill succeeds, or
// a device or FIFO), fillStdout into standard output.
func fillOutput(e *env, name string, force bool, inputs inputSet, fill func(*os.File) error, fillStdout func(io.Writer) error) error {
	if isStdoutName(name) {
		return fillStdout(e.stdout)
	}
	fi, err := os.Lstat(name)
	if err != nil {
		return fillFileAtomic(name, force, inputs, fill)
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		if fi, err = os.Stat(name); err != nil || !isStream(fi) {
			return fmt.Errorf("%s: %w", name, errSymlink)
		}
	}
	if !isStream(fi) {
		return fillFileAtomic(name, force, inputs, fill)
	}
	if inputs.contains(fi) {
		return fmt.Errorf("%s: refusing to write into an input file", name)
	}
	f, err := openOutputStream(name)
	if err != nil {
		return fmt.Errorf("%s: %w", name, unwrapPath(err))
	}
	werr := fill(f)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("%s: %w", name, unwrapPath(werr))
	}
	return nil
}

// isStream reports whether fi is a file that output is written into, not
// replaced: a character device or a FIFO.
func isStream(fi fs.FileInfo) bool {
	return fi.Mode()&(fs.ModeCharDevice|fs.ModeNamedPipe) != 0
}

// createTemp creates a new temporary file in dir, in pending, so that an
// interrupt at any moment removes it.
func createTemp(dir string) (*os.File, error) {
	var rnd [8]byte
	for range 100 {
		rand.Read(rnd[:])
		f, err := pending.create(filepath.Join(dir, ".bcextract-"+hex.EncodeToString(rnd[:])+".tmp"))
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "createtemp", Path: dir, Err: fs.ErrExist}
}

// pending holds the temporary files being written, for removal when the
// program is interrupted (see removePendingOnSignal).
var pending tempFiles

// tempFiles is a set of temporary file names, safe for concurrent use.
type tempFiles struct {
	mu    sync.Mutex
	names map[string]bool
}

// create creates the new file name and adds it to the set, under the lock
// that removeAll takes, so that no file is created without being removed.
func (p *tempFiles) create(name string) (*os.File, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	if p.names == nil {
		p.names = make(map[string]bool)
	}
	p.names[name] = true
	return f, nil
}

// remove deletes the file and forgets it.
func (p *tempFiles) remove(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	os.Remove(name)
	delete(p.names, name)
}

// removeAll deletes every file of the set; it holds the lock until the
// program exits, so that no new temporary file is started meanwhile.
func (p *tempFiles) removeAll() {
	p.mu.Lock()
	for name := range p.names {
		os.Remove(name)
	}
}

// removePendingOnSignal makes an interrupt (SIGINT, SIGTERM, SIGHUP) remove
// the temporary files being written before the program exits with status
// 130, so that an interrupted extraction leaves neither partial outputs
// (which never have their final name) nor temporary files.
func removePendingOnSignal() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		<-c
		pending.removeAll()
		os.Exit(130)
	}()
}

// outputFIFOWait is how long an output FIFO is waited for a process to
// open it for reading, as long as an input FIFO is waited for a writer
// (mmap.FIFOWait); tests shorten it.
var outputFIFOWait = mmap.FIFOWait

// errNoReader is the cause of the error for an output FIFO that no process
// opened for reading within outputFIFOWait.
type errNoReader struct{ wait time.Duration }

func (e *errNoReader) Error() string {
	return fmt.Sprintf("no process opened the FIFO for reading within %v", e.wait)
}

// A fileSink writes the files of extract and convert: with -o PATH the
// one payload found, kept until every input has been searched; otherwise
// each payload under a directory at once, named by a nameSet.
type fileSink struct {
	e      *env
	output string   // -o; "" for a directory
	names  *nameSet // the directory's; nil with -o
	force  bool
	inputs inputSet

	// With -o: the paths of the payloads found, and the first one's
	// bytes: a copy of those read from an input (it is closed by the
	// time all inputs have been searched).
	matches []string
	first   []byte
	firstP  container.Payload
	// firstTemp, when the first payload was written as it was made
	// (addWritten), is the temporary file that holds it, of firstSize
	// bytes.
	firstTemp string
	firstSize int64
	// firstFailed says the first payload found was not made (addFailed).
	firstFailed bool
}

// newFileSink prepares the outputs of a command reading the inputs args:
// -o output, or the directory dir ("." when both are empty), created if
// needed and checked writable.
func newFileSink(e *env, args []string, output, dir string, force bool) (*fileSink, error) {
	s := &fileSink{e: e, output: output, force: force, inputs: newInputSet(args)}
	if output == "" {
		if dir == "" {
			dir = "."
		}
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return nil, err
		}
		if err := checkWritable(dir); err != nil {
			return nil, err
		}
		s.names = newNameSet(dir)
	}
	return s, nil
}

// refuseExisting returns the error writeFileAtomic would return at the
// end for an -o file that exists (without --force), so that a command
// says it before it reads its inputs rather than after the work. With
// --json a command does not call it: the error is in the document, as
// that of any output.
func (s *fileSink) refuseExisting() error {
	if s.output == "" || isStdoutName(s.output) || s.force {
		return nil
	}
	if fi, err := os.Lstat(s.output); err == nil && fi.Mode().IsRegular() {
		return fmt.Errorf("%s: %w", s.output, errExists)
	}
	return nil
}

// toStdout reports whether the output is standard output.
func (s *fileSink) toStdout() bool { return isStdoutName(s.output) }

// add takes data, the bytes to write for payload p of the input named
// input: with -o they are kept (the first payload's) for finish; otherwise
// they are written under the directory, in a file named after p with
// extension ext, which add returns ("" with -o).
func (s *fileSink) add(input string, p *container.Payload, ext string, data []byte) (string, error) {
	return s.addData(input, p, ext, data, false)
}

// addMade is add for data the command made (written, not read from an
// input): data stays valid, so -o keeps it rather than a copy, as large
// as the output.
func (s *fileSink) addMade(input string, p *container.Payload, ext string, data []byte) (string, error) {
	return s.addData(input, p, ext, data, true)
}

// addData is add, data kept as it is with -o when made says it stays
// valid, else copied.
func (s *fileSink) addData(input string, p *container.Payload, ext string, data []byte, made bool) (string, error) {
	if s.output != "" {
		if len(s.matches) == 0 {
			s.first = data
			if !made {
				s.first = append([]byte{}, data...)
			}
			s.firstP = *p
			s.firstP.Data = nil
		}
		s.matches = append(s.matches, p.Path)
		return "", nil
	}
	target := s.names.add(input, p, ext)
	if err := writeFileAtomic(target, data, s.force, s.inputs); err != nil {
		return "", &container.Error{Path: p.Path, File: p.File, Off: -1, Err: err}
	}
	return target, nil
}

// addWritten is addMade for output that write makes: write is given the
// file the output goes to (a temporary one, put in place once write
// succeeds, with -o once finish finds it the only one), to write it into
// as it is made, and returns its size; or, when the output is not a file
// written at offsets (standard output, a FIFO or a device) or is a second
// one for -o (which finish refuses), nil, and returns the bytes for the
// sink to write as addMade does. An error from write is returned as it
// is, and nothing is written.
func (s *fileSink) addWritten(input string, p *container.Payload, ext string, write func(f *os.File) ([]byte, int64, error)) (target string, size int64, err error) {
	if s.output == "" {
		target = s.names.add(input, p, ext)
		var werr error
		err = fillFileAtomic(target, s.force, s.inputs, func(f *os.File) error {
			size, werr = writeInto(f, write)
			return werr
		})
		var we errWriting
		if werr != nil && !errors.As(werr, &we) {
			s.names.remove(target)
			return "", 0, werr // write's own
		}
		if err != nil {
			return "", 0, &container.Error{Path: p.Path, File: p.File, Off: -1, Err: err}
		}
		return target, size, nil
	}
	if len(s.matches) > 0 || s.toStdout() || s.outputIsStream() {
		data, _, err := write(nil)
		if err != nil {
			return "", 0, err
		}
		_, err = s.addMade(input, p, ext, data)
		return "", int64(len(data)), err
	}
	if fi, err := os.Lstat(s.output); err == nil {
		if err := replaceable(s.output, fi, s.force, s.inputs); err != nil {
			return "", 0, &container.Error{Path: p.Path, File: p.File, Off: -1, Err: err}
		}
	}
	dir := filepath.Dir(s.output)
	tmp, err := createTemp(dir)
	if err != nil {
		return "", 0, &container.Error{Path: p.Path, File: p.File, Off: -1,
			Err: fmt.Errorf("%s: cannot create a file in %s: %w", s.output, dir, unwrapPath(err))}
	}
	size, werr := writeInto(tmp, write)
	var we errWriting
	if errors.As(werr, &we) {
		err, werr = werr, nil
	}
	if werr == nil && err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if werr != nil || err != nil {
		pending.remove(tmp.Name())
		if werr != nil {
			return "", 0, werr // write's own
		}
		return "", 0, &container.Error{Path: p.Path, File: p.File, Off: -1, Err: fmt.Errorf("%s: %w", s.output, err)}
	}
	s.firstTemp, s.firstSize = tmp.Name(), size
	s.firstP = *p
	s.firstP.Data = nil
	s.matches = append(s.matches, p.Path)
	return "", size, nil
}

// writeInto has write write into f, and writes the bytes it returns
// instead when it returns some; f is cut to the size written (a write
// made again, as convert's when a module is read again, may have written
// more).
func writeInto(f *os.File, write func(f *os.File) ([]byte, int64, error)) (int64, error) {
	data, size, err := write(f)
	if err != nil {
		return 0, err
	}
	if data != nil {
		if err := writeData(f, data); err != nil {
			return 0, errWriting{err}
		}
		size = int64(len(data))
	}
	if err := f.Truncate(size); err != nil {
		return 0, errWriting{err}
	}
	return size, nil
}

// outputError returns, as an errWriting, the error of writing (or
// reading back) the file f that err holds, nil when it holds none: what
// went wrong is then the output file's, not the command's (a full disk,
// not a module that cannot be converted), and is said without the name
// of the temporary file f is.
func outputError(err error, f *os.File) error {
	var pe *fs.PathError
	if f != nil && errors.As(err, &pe) && pe.Path == f.Name() {
		return errWriting{pe.Err}
	}
	return nil
}

// An errWriting is an error writing an output file, not one of the
// command's making.
type errWriting struct{ err error }

func (e errWriting) Error() string { return e.err.Error() }
func (e errWriting) Unwrap() error { return e.err }

// addFailed notes payload p, found but not made (a module convert could
// not write): with -o, it is one of the payloads finish counts, and
// finish writes nothing when it is the only one.
func (s *fileSink) addFailed(p *container.Payload) {
	if s.output == "" {
		return
	}
	if len(s.matches) == 0 {
		s.firstFailed = true
	}
	s.matches = append(s.matches, p.Path)
}

// firstLen returns the size of the -o output finish writes.
func (s *fileSink) firstLen() int64 {
	if s.firstTemp != "" {
		return s.firstSize
	}
	return int64(len(s.first))
}

// outputIsStream reports whether the -o output is a FIFO or a device
// (or a symbolic link to one), written into rather than replaced.
func (s *fileSink) outputIsStream() bool {
	fi, err := os.Stat(s.output)
	return err == nil && isStream(fi)
}

// finish writes the -o output, once every input has been searched:
// exactly one payload must have been found (tooMany, a format with the
// count, heads the list of them otherwise). It returns the payload
// written (nil if none), whether there was a problem (already said, or to
// say: problem), and an error that ends the command (writing standard
// output).
func (s *fileSink) finish(tooMany string) (wrote *container.Payload, failed bool, problem, err error) {
	if s.output == "" {
		return nil, false, nil, nil
	}
	switch {
	case len(s.matches) == 0:
		return nil, true, nil, nil
	case len(s.matches) > 1:
		if s.firstTemp != "" {
			pending.remove(s.firstTemp)
		}
		var b strings.Builder
		fmt.Fprintf(&b, tooMany, len(s.matches))
		for _, m := range s.matches {
			b.WriteString("\n\t" + m)
		}
		return nil, true, errors.New(b.String()), nil
	}
	if s.firstFailed {
		return nil, true, nil, nil // said when it failed
	}
	if s.firstTemp != "" {
		err := putInPlace(s.firstTemp, s.output, s.force, s.inputs)
		pending.remove(s.firstTemp) // a no-op once renamed; the link's second name
		if err != nil {
			return nil, true, &container.Error{Path: s.firstP.Path, File: s.firstP.File, Off: -1, Err: err}, nil
		}
		return &s.firstP, false, nil, nil
	}
	if err := writeOutput(s.e, s.output, s.first, s.force, s.inputs); err != nil {
		if s.toStdout() {
			return nil, true, nil, err
		}
		return nil, true, &container.Error{Path: s.firstP.Path, File: s.firstP.File, Off: -1, Err: err}, nil
	}
	if s.toStdout() {
		return nil, false, nil, nil
	}
	return &s.firstP, false, nil, nil
}

// endReport ends what extract and convert say on out: the JSON document
// doc, when asJSON; then errFailed when failed.
func endReport(out *bufio.Writer, asJSON bool, doc any, failed bool) error {
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			return err
		}
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if failed {
		return errFailed
	}
	return nil
}
