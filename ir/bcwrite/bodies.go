package bcwrite

import (
	"sync"

	"github.com/bcextract/bcextract/internal/faults"
	"github.com/bcextract/bcextract/ir"
)

// A bodyFeed hands the writer the bodies of a module's functions, in
// order, loaded through Options.Loader by a goroutine of its own one
// body ahead of the writer, so that reading a body and writing the one
// before it overlap. The writer gives each body back when it is done with
// it; the feed releases it (when the loader is an ir.BodyReleaser) before
// it loads the next, so that every call to the loader is made on the
// feed's goroutine, one at a time, and at most three bodies are in
// memory.
type bodyFeed struct {
	loader   ir.BodyLoader
	releaser ir.BodyReleaser

	ready chan loadedBody
	quit  chan struct{}
	done  chan struct{}

	mu    sync.Mutex
	freed []*ir.Function
}

// A loadedBody is a function the feed loaded (or found loaded: loaded is
// false), or failed to load (err), or panicked loading (panicked is what
// with).
type loadedBody struct {
	f        *ir.Function
	loaded   bool
	err      error
	panicked any
}

// newBodyFeed starts loading the bodies of the functions of fns that
// have one, and calling check (when not nil) on each once loaded, on the
// feed's goroutine: what check returns is the body's error. The loads are
// made with the caller's choice of panicking on memory faults (the loader
// may read a mapped file); a panic ends the feed, and next panics with it
// in the writer's goroutine.
func newBodyFeed(loader ir.BodyLoader, fns []*ir.Function, check func(*ir.Function) error) *bodyFeed {
	d := &bodyFeed{loader: loader, ready: make(chan loadedBody, 1), quit: make(chan struct{}), done: make(chan struct{})}
	d.releaser, _ = loader.(ir.BodyReleaser)
	mode := faults.Mode()
	go func() {
		defer close(d.done)
		defer close(d.ready)
		for _, f := range fns {
			if !f.HasBody {
				continue
			}
			select {
			case <-d.quit:
				return
			default:
			}
			b := loadedBody{f: f}
			b.panicked = faults.Catch(mode, func() {
				d.releaseFreed()
				if f.Blocks == nil {
					if loader == nil {
						b.err = &UnsupportedError{What: "a function body not in memory without a Loader (@" + f.Name + ")"}
						return
					}
					b.loaded = true
					b.err = loader.LoadBody(f)
				}
				if b.err == nil && check != nil {
					b.err = check(f)
				}
			})
			select {
			case d.ready <- b:
			case <-d.quit:
				return
			}
			if b.err != nil || b.panicked != nil {
				return
			}
		}
	}()
	return d
}

// next returns f's body, loaded: f must be the next function with a body
// of those the feed was given. loaded says the feed loaded it, and the
// writer must give it back with release.
func (d *bodyFeed) next(f *ir.Function) (loaded bool, err error) {
	b, ok := <-d.ready
	if b.panicked != nil {
		panic(b.panicked)
	}
	if !ok || b.f != f {
		panic("bcwrite: bodies asked for out of order")
	}
	return b.loaded, b.err
}

// release gives back f's body, which the feed loaded.
func (d *bodyFeed) release(f *ir.Function) {
	if d.releaser == nil {
		return
	}
	d.mu.Lock()
	d.freed = append(d.freed, f)
	d.mu.Unlock()
}

// releaseFreed releases the bodies the writer gave back.
func (d *bodyFeed) releaseFreed() {
	d.mu.Lock()
	freed := d.freed
	d.freed = nil
	d.mu.Unlock()
	for _, f := range freed {
		d.releaser.ReleaseBody(f)
	}
}

// stop ends the feed, releasing the bodies it loaded that the writer did
// not take, and those given back.
func (d *bodyFeed) stop() {
	close(d.quit)
	var left []*ir.Function
	for b := range d.ready {
		if b.loaded && b.err == nil && b.panicked == nil {
			left = append(left, b.f)
		}
	}
	<-d.done
	// The feed's goroutine has ended: the loader is this goroutine's.
	if d.releaser != nil {
		d.releaseFreed()
		for _, f := range left {
			d.releaser.ReleaseBody(f)
		}
	}
}

// eachFunction calls do for each function of fns, in order, the body of
// one that has a body in memory: loaded ahead by a bodyFeed (and checked
// there by check, when not nil) and released after do when the feed
// loaded it.
func (w *writer) eachFunction(fns []*ir.Function, check, do func(f *ir.Function) error) error {
	feed := newBodyFeed(w.opts.Loader, fns, check)
	defer feed.stop()
	for _, f := range fns {
		loaded := false
		if f.HasBody {
			var err error
			if loaded, err = feed.next(f); err != nil {
				if loaded {
					feed.release(f)
				}
				return err
			}
		}
		err := do(f)
		if loaded {
			feed.release(f)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
