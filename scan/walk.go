package scan

import (
	"context"
	"errors"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/bcextract/bcextract/container"
)

// ShardOf returns the shard, from 0 to n-1, of the file at path rel below
// the path given to the scan: the 64-bit FNV-1a hash of rel's bytes, with
// "/" separators and no leading "./", modulo n. rel is the file's path
// relative to the directory given to the scan ("lib/libfoo.a" for
// DIR/lib/libfoo.a, through the names of followed symbolic links as they
// are), or for a file given to the scan its base name. It depends on
// nothing else (not the directory's own name, not the machine), so that
// scanning one tree with each shard of n yields every file exactly once.
func ShardOf(rel string, n int) int {
	if n <= 1 {
		return 0
	}
	h := fnv.New64a()
	h.Write([]byte(filepath.ToSlash(rel)))
	return int(h.Sum64() % uint64(n))
}

// A job is one file to scan, or a problem to report, at a position in
// walk order.
type job struct {
	seq  int64
	path string
	err  *Result // a failed directory or path, reported as it is
}

// WalkStats count what the walk passed over without making a Result of it.
type walkStats struct {
	dirs, symlinks, special, repeated, otherShard int64
}

func (ws *walkStats) addWalk(st *Stats) {
	st.Dirs += ws.dirs
	st.Symlinks += ws.symlinks
	st.Special += ws.special
	st.RepeatedDirs += ws.repeated
	st.OtherShard += ws.otherShard
}

// walker lists the files to scan, in walk order.
type walker struct {
	s      *Scanner
	ctx    context.Context
	out    chan<- job
	window chan struct{} // one token per result not yet delivered, when sorted
	seq    int64
	seen   dirSet
	stats  walkStats
}

// send queues j, reporting false when the scan is cancelled.
func (w *walker) send(j job) bool {
	if w.window != nil {
		select {
		case w.window <- struct{}{}:
		case <-w.ctx.Done():
			return false
		}
	}
	j.seq = w.seq
	w.seq++
	select {
	case w.out <- j:
		return true
	case <-w.ctx.Done():
		return false
	}
}

// fail queues the report of a problem with a path that is not a file.
func (w *walker) fail(path string, err error) bool {
	return w.send(job{err: &Result{File: path, Dir: true, Errors: []*container.Error{container.FileError(path, err)}}})
}

func (w *walker) run(paths []string) {
	for _, d := range w.s.ExcludeDirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			w.seen.add(fi)
		}
	}
	for _, p := range paths {
		if !w.root(p) {
			return
		}
	}
}

// root walks one path given to the scan, following it if it is a
// symbolic link.
func (w *walker) root(path string) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return w.fail(path, err)
	}
	switch {
	case fi.IsDir():
		if !w.seen.add(fi) {
			w.stats.repeated++
			return true
		}
		return w.dir(path, "")
	case fi.Mode().IsRegular():
		return w.file(path, filepath.Base(path))
	}
	return w.fail(path, errors.New("not a regular file or directory"))
}

// dir walks the directory at path, rel below the root.
func (w *walker) dir(path, rel string) bool {
	w.stats.dirs++
	ents, err := os.ReadDir(path)
	if err != nil && !w.fail(path, err) {
		// The entries read before the error are still walked.
		return false
	}
	for _, e := range ents {
		if w.ctx.Err() != nil {
			return false
		}
		p, r := filepath.Join(path, e.Name()), e.Name()
		if rel != "" {
			r = rel + "/" + e.Name()
		}
		t := e.Type()
		if t&fs.ModeSymlink != 0 {
			if !w.s.FollowSymlinks {
				w.stats.symlinks++
				continue
			}
			fi, err := os.Stat(p)
			if err != nil {
				// Dangling, or a loop of links: nothing to scan.
				w.stats.symlinks++
				continue
			}
			t = fi.Mode().Type()
		}
		var ok bool
		switch {
		case t.IsDir():
			fi, err := os.Stat(p)
			if err != nil {
				ok = w.fail(p, err)
				break
			}
			if !w.seen.add(fi) {
				w.stats.repeated++
				continue
			}
			ok = w.dir(p, r)
		case t.IsRegular():
			ok = w.file(p, r)
		default:
			w.stats.special++
			continue
		}
		if !ok {
			return false
		}
	}
	return true
}

// file queues the regular file at path, rel below the root, if it is in
// the shard.
func (w *walker) file(path, rel string) bool {
	if w.s.Shards > 1 && ShardOf(rel, w.s.Shards) != w.s.Shard {
		w.stats.otherShard++
		return true
	}
	return w.send(job{path: path})
}
