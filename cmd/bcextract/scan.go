package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/mmap"
	"github.com/bcextract/bcextract/scan"
	"github.com/spf13/pflag"
)

type scanOptions struct {
	jobs       int
	kinds      []string
	json       bool
	extractDir string
	manifest   string
	follow     bool
	shard      string
	sorted     bool
}

// defaultScanKinds are the kinds scan reports without --kind: everything
// but the extension sections, which nearly every clang-built object has
// and which are not what a sweep looks for.
var defaultScanKinds = []string{"bitcode", "lto", "cmdline", "bundle", "marker", "offload"}

func scanCommand() *command {
	var o scanOptions
	fs := pflag.NewFlagSet("scan", pflag.ContinueOnError)
	fs.IntVarP(&o.jobs, "jobs", "j", runtime.NumCPU(), "scan `N` files at once")
	fs.StringSliceVar(&o.kinds, "kind", defaultScanKinds, "payload `KIND`s to report: bitcode, lto, cmdline, bundle, marker, offload, extension (or its alias section), bcpath, or all")
	fs.BoolVar(&o.json, "json", false, "print JSON Lines: one object per payload or error")
	fs.StringVar(&o.extractDir, "extract-dir", "", "store each distinct payload once under `DIR`, named by its SHA-256")
	fs.StringVar(&o.manifest, "manifest", "", "write a JSON manifest of the distinct payloads and their origins to `FILE`")
	fs.BoolVar(&o.follow, "follow-symlinks", false, "follow symbolic links found in directories")
	fs.StringVar(&o.shard, "shard", "", "scan only shard `I/N` of the files (I from 0 to N-1)")
	fs.BoolVar(&o.sorted, "sorted", false, "print in walk order, whatever the scheduling")
	return &command{
		Name:  "scan",
		Usage: "scan [--jobs N] [--kind KIND,...] [--json] [--extract-dir DIR] [--manifest FILE] [--follow-symlinks] [--shard I/N] [--sorted] PATH...|-",
		Short: "find the LLVM payloads in whole directory trees, deduplicated",
		Long: `
Scan sweeps files and directory trees (a build tree, an SDK, a toolchain, a
distribution) for the payloads 'bcextract list' shows, and prints one line
per payload: kind, size, the start of its SHA-256, target triple, producer
and container path.

Each regular file's first bytes tell whether it can be an object, image,
archive (Rust .rlib included), universal file or bitcode file; other files
are skipped without being read further. The others are mapped, not read, and
walked by --jobs workers (default: the number of CPUs), so memory does not
grow with the size of the files. A file that cannot be read or is malformed
is reported (its other payloads still are) and the scan goes on.
Directories are walked in lexical order; symbolic links inside them are
skipped unless --follow-symlinks, and a directory is never entered twice,
so link loops end. A PATH that is a symbolic link is followed. The PATH "-"
stands for the paths read from standard input, one a line (NUL-terminated
when the input holds a NUL byte, as find -print0 writes them).

Kinds are those of list and extract. The default is every kind but
extension (SHT_LLVM_* and similar sections, found in nearly every clang
object, which are not bitcode); --kind all adds them, and section is
accepted for extension. For a module the line shows the producer and triple
it records; for an offload image, its triple.

--json prints JSON Lines, one object per payload: "file" (the file holding
the bytes), "path" (the container path), "kind" (as in list --json:
"extension" for sections), "format", "arch", "section", "offset", "size",
"sha256", "producer", "triple", "source_filename", "cmdline" (the -cc1
arguments, an array; a cmdline payload's own), "offload_arch", "compressed"
(zlib or zstd, for a compressed ELF section), and "stored" with
--extract-dir. A problem is an object of its own: "file", "path",
"offset" (bytes, in file; absent when unknown), "error" (the cause) and
"message" (the line printed on stderr), as in list --json. --sorted prints
in walk order (PATHs in the order given, then depth first), the same from
run to run and for any --jobs; without it lines come as files finish.

--extract-dir DIR writes every payload under DIR, each distinct content once,
named by its SHA-256 and the extension extract uses (.bc, .cmd, .xar,
.marker, .offload, .bin): 3f2a...c9.bc. Writes are atomic; a name already in
DIR holds that content and is kept. DIR itself is not scanned. DIR, and the
directory of the manifest FILE, must be writable: that is checked before
the walk begins.
--manifest FILE writes a JSON document listing each distinct content (by
SHA-256 and kind): size, stored file (relative to DIR; "" without
--extract-dir), producer, triple, source file, and its origins, every file
and container path where it occurs, all sorted.

--shard I/N scans only the files whose path below the PATH given (for a
file given as PATH, its base name) hashes to I (FNV-1a 64 modulo N): run
shards 0 to N-1 on N machines over the same tree and concatenate their
--json outputs to get one scan's lines, each payload exactly once.

While stderr is a terminal a progress line shows files, payloads, MB and
rate. A summary goes to stderr at the end: files seen and skipped,
objects walked, payloads by kind, bytes, errors and time.

Exit status: 0 if every file could be scanned, 1 if one could not or was
malformed (after scanning all the others), 2 for usage errors.

Examples:

	bcextract scan build/
	bcextract scan --json ~/.rustup/toolchains | jq -r 'select(.kind=="bitcode") | .producer' | sort | uniq -c
	bcextract scan --kind bitcode,lto --extract-dir bc/ --manifest bc/manifest.json sdk/
	bcextract scan --json --sorted --shard 3/8 /usr/lib > part3.jsonl
	find build -name '*.o' -newer stamp -print0 | bcextract scan -
	parallel -S host1,host2 bcextract scan --json --shard {}/4 /data/tree ::: 0 1 2 3 > all.jsonl
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("missing PATH")
			}
			if o.jobs < 1 {
				return usagef("--jobs must be at least 1")
			}
			return runScan(e, args, &o)
		},
	}
}

// parseScanKinds turns the --kind values into a set; "section" is an alias
// of "extension".
func parseScanKinds(vals []string) (map[container.Kind]bool, error) {
	v := make([]string, len(vals))
	for i, s := range vals {
		if s = strings.TrimSpace(s); s == "section" {
			s = "extension"
		}
		v[i] = s
	}
	return parseKinds(v)
}

// parseShard parses "I/N".
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, usagef("--shard %q: want I/N with 0 <= I < N", s)
	}
	return i, n, nil
}

func runScan(e *env, args []string, o *scanOptions) error {
	kinds, err := parseScanKinds(o.kinds)
	if err != nil {
		return err
	}
	s := &scan.Scanner{Jobs: o.jobs, Kinds: kinds, FollowSymlinks: o.follow, Sorted: o.sorted}
	if o.shard != "" {
		if s.Shard, s.Shards, err = parseShard(o.shard); err != nil {
			return err
		}
	}
	if args, err = scanPaths(e, args); err != nil {
		return err
	}
	// The outputs are checked before the walk, which may take long.
	var store *scanStore
	if o.extractDir != "" {
		if err := os.MkdirAll(o.extractDir, 0o777); err != nil {
			return fmt.Errorf("--extract-dir: %w", err)
		}
		if err := checkWritable(o.extractDir); err != nil {
			return fmt.Errorf("--extract-dir: %w", err)
		}
		store = newScanStore(o.extractDir)
		s.Extract = store.put
		s.ExcludeDirs = []string{o.extractDir}
	}
	var index *scan.Index
	if o.manifest != "" {
		if err := checkOutputFile(o.manifest); err != nil {
			return fmt.Errorf("--manifest: %w", err)
		}
		index = new(scan.Index)
	}

	out := bufio.NewWriterSize(e.stdout, outBufSize)
	var p *scan.Printer
	p = scan.NewPrinter(out, o.json, func(err error) {
		if o.json {
			p.Encode(newJSONError(err))
		} else {
			reportf(e.stderr, "%v", err)
		}
	})
	prog := scanProgress{line: newProgress(e.stderr)}
	start := time.Now()
	st, err := s.Scan(context.Background(), args, func(r *scan.Result) error {
		if index != nil {
			index.Add(r)
		}
		if len(r.Payloads) > 0 || len(r.Errors) > 0 {
			prog.line.clear()
			p.Result(r)
			if prog.line != nil {
				out.Flush()
			}
		}
		prog.update(r, start)
		return p.Err()
	})
	prog.line.clear()
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	failed := st.Failed > 0
	if index != nil {
		if err := writeManifest(o.manifest, o.extractDir, index, args); err != nil {
			reportf(e.stderr, "%v", err)
			failed = true
		}
	}
	var stored *scan.Stored
	if store != nil {
		written, kept := store.counts()
		stored = &scan.Stored{Dir: store.dir, Written: written, Kept: kept}
	}
	scan.WriteSummary(e.stderr, &st, stored, time.Since(start))
	if failed {
		return errFailed
	}
	return nil
}

// scanPaths returns the PATHs to scan: args, in which "-" stands for the
// paths read from standard input, one a line, or NUL-terminated when the
// input holds a NUL byte (find -print0).
func scanPaths(e *env, args []string) ([]string, error) {
	if !slices.Contains(args, "-") {
		return args, nil
	}
	var paths []string
	for _, a := range args {
		if a != "-" {
			paths = append(paths, a)
			continue
		}
		in, err := mmap.Read("-", e.stdin, mmap.MaxRead)
		if err != nil {
			return nil, container.FileError("-", err)
		}
		sep := byte('\n')
		if bytes.IndexByte(in.Bytes, 0) >= 0 {
			sep = 0
		}
		for p := range bytes.SplitSeq(in.Bytes, []byte{sep}) {
			if sep == '\n' {
				p = bytes.TrimSuffix(p, []byte{'\r'})
			}
			if len(p) > 0 {
				paths = append(paths, string(p))
			}
		}
	}
	if len(paths) == 0 {
		return nil, usagef("no PATH on standard input")
	}
	return paths, nil
}

// scanProgress counts what scan found for its progress line.
type scanProgress struct {
	line *progress
	st   scan.Stats
}

// update counts r and redraws the line.
func (p *scanProgress) update(r *scan.Result, start time.Time) {
	if p.line == nil {
		return
	}
	p.st.Add(r)
	p.line.draw(func() string {
		secs := time.Since(start).Seconds()
		return fmt.Sprintf("scan: %d files, %d payloads, %.1f MB, %.0f files/s, %.1f MB/s",
			p.st.Files, p.st.NumPayloads(), mb(p.st.Bytes), float64(p.st.Files)/secs, mb(p.st.Bytes)/secs)
	})
}

func mb(n int64) float64 { return float64(n) / 1e6 }
