// Package scan sweeps files and directory trees for LLVM payloads: the
// embedded bitcode, fat-LTO bitcode, command lines, bitcode bundles,
// markers and offload images that package container finds in a file.
//
// A [Scanner] is the entry point; its zero value scans for every payload kind
// with one worker per CPU. [Scanner.Scan] walks its paths (directories in
// lexical order, symbolic links skipped unless followed, directories never
// entered twice), reads the first bytes of each regular file to tell from its
// magic number whether it can hold payloads, maps the files that can, walks
// them with a container.Walker, and hands one Result per file to a single
// consumer. Files are processed by a bounded pool of workers; a payload's
// bytes are hashed (SHA-256), its module's producer, triple and source file
// name read, and nothing of it is kept once its file is unmapped, so memory
// does not grow with the size of the files.
//
// A malformed or unreadable file never stops the scan: each problem is a
// *container.Error in its Result's Errors, naming the file, the container
// path and, when known, the byte offset. Scan itself fails only when its
// callback fails, its context is cancelled or its shard is out of range. A
// payload's bytes are not kept; [Scanner.Extract] is the hook that sees them,
// and an [Index] gathers payloads by content. Scanner.Shard and Shards select a fixed part of the files by a
// hash of their paths, so that several machines scan one tree between them.
//
// A [Printer] prints Results as 'bcextract scan' does (a table or JSON
// Lines), [WriteSummary] its closing summary, and [Index.Manifest] its
// manifest.
package scan

import (
	"context"
	"errors"
	"runtime"
	"sync"

	"github.com/bcextract/bcextract/container"
)

// A Scanner scans files and directory trees. The zero value scans every
// payload kind with one worker per CPU.
type Scanner struct {
	// Jobs is the number of files processed at once; 0 means
	// runtime.NumCPU().
	Jobs int
	// Kinds selects the payload kinds reported; nil means every kind.
	Kinds map[container.Kind]bool
	// FollowSymlinks makes the walk follow symbolic links found in
	// directories, to files and to directories; a directory reached
	// twice (a loop, or two links to one directory) is walked once.
	// Symbolic links named as paths are always followed.
	FollowSymlinks bool
	// Shards, when above 1, splits the files into that many parts and
	// Shard (0 to Shards-1) selects the one scanned; see ShardOf.
	Shard, Shards int
	// Sorted delivers the results in walk order (see Scan) whatever the
	// order in which the workers finish them.
	Sorted bool
	// ExcludeDirs are directories that are not walked, such as the
	// directory extracted payloads are written to.
	ExcludeDirs []string
	// Extract, if not nil, is called from the workers for each reported
	// payload with its bytes (a compressed bundle file's decoded bytes),
	// which are valid only during the call. What it returns becomes the
	// payload's Stored name, and an error is reported in the payload's
	// Result. It must be safe for concurrent use.
	Extract func(p *Payload, data []byte) (stored string, err error)

	// readPrefix reads the start of a file the walk found; nil means the
	// function readPrefix. Tests use it to make a file vanish between the
	// walk and the open.
	readPrefix readPrefixFunc
	// afterMap, when not nil, is called with a file's name once it is
	// mapped. Tests use it to truncate the file under the mapping.
	afterMap func(name string)
}

// A Payload is one payload found by a scan: where it is and what it holds,
// without its bytes.
type Payload struct {
	// File is the file holding the bytes: the scanned file, or for a thin
	// archive's member the member's own file (as container.Payload.File).
	File string
	// Path is the container path, starting with the scanned file's path.
	Path    string
	Kind    container.Kind
	Format  container.Format
	Arch    string
	Section string
	// Off is the payload's byte offset in File.
	Off int64
	// Size is the length of the payload's bytes, those SHA256 sums: File's
	// bytes at Off, except for a bundle file stored compressed and a
	// payload of a compressed ELF section, whose size is the decoded size
	// (Off is then where the stored bytes start).
	Size   int64
	SHA256 [32]byte
	// Compression is how the ELF section holding the payload is stored
	// (container.Payload.Compression).
	Compression container.Compression
	// Producer, Triple and SourceFilename are what a bitcode module
	// records (see bitcode.ReadIdent); Triple is an offload image's triple.
	Producer, Triple, SourceFilename string
	// OffloadArch is an offload image's "arch" string.
	OffloadArch string
	// Cmdline is the module's clang -cc1 command line, or for a cmdline
	// payload the command line it holds, one argument per element.
	Cmdline []string
	// Stored is what Scanner.Extract returned for the payload.
	Stored string
}

// A Result is what the scan found in one file, or why a file or directory
// could not be scanned.
type Result struct {
	// File is the file's path: a path given to Scan, or one of them joined
	// with the file's path below it.
	File string
	// Dir is set when the result is about a directory or a path that could
	// not be read, not about a file; it then has only Errors.
	Dir bool
	// Size is the file's size in bytes.
	Size int64
	// Format is the file's format, Unknown when the file cannot hold
	// payloads (it was skipped) or could not be read.
	Format container.Format
	// Payloads are the payloads of the selected kinds, in file order.
	Payloads []Payload
	// Errors are the problems met, each naming a file, a container path
	// and, when known, a byte offset: malformed containers and payloads
	// (as container.Walker reports them), unreadable files, failed
	// extractions.
	Errors []*container.Error

	seq int64 // position in walk order
}

// Skipped reports whether r is a file that was not walked because its
// first bytes show it holds no payload.
func (r *Result) Skipped() bool {
	return !r.Dir && r.Format == container.Unknown && len(r.Errors) == 0
}

// Scan scans paths, files or directories, and calls fn with the result of
// each file (those skipped by their magic included) from one goroutine.
// Directories are walked depth first, their entries in lexical order; with
// Sorted the results come in that walk order (paths in the order given),
// else in the order they are ready. If fn returns an error, or ctx is
// cancelled, the scan stops and Scan returns that error; with Shards above 1
// and Shard outside [0, Shards) it fails before scanning. The returned
// Stats count what was scanned; problems met in files and directories are
// in the Results, not in Scan's error.
func (s *Scanner) Scan(ctx context.Context, paths []string, fn func(*Result) error) (Stats, error) {
	var st Stats
	if s.Shards > 1 && (s.Shard < 0 || s.Shard >= s.Shards) {
		return st, errors.New("scan: shard out of range")
	}
	jobs := s.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// window bounds the results waiting to be delivered in order, and so
	// the memory a slow file can make the others pile up.
	var window chan struct{}
	if s.Sorted {
		window = make(chan struct{}, 64*jobs)
	}
	todo := make(chan job, jobs)
	done := make(chan *Result, jobs)
	w := &walker{s: s, ctx: ctx, out: todo, window: window}
	go func() {
		w.run(paths)
		close(todo)
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fw := newFileWorker(s)
			for j := range todo {
				done <- fw.process(j)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()

	var err error
	deliver := func(r *Result) {
		st.Add(r)
		if err == nil {
			if err = fn(r); err != nil {
				cancel()
			}
		}
	}
	pending := make(map[int64]*Result)
	var next int64
	for r := range done {
		if !s.Sorted {
			deliver(r)
			continue
		}
		pending[r.seq] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			deliver(r)
			<-window
		}
	}
	w.stats.addWalk(&st)
	if err == nil {
		err = ctx.Err()
	}
	return st, err
}
