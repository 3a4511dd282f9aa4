// Package bodyfeed loads the bodies of a module's functions ahead of the
// goroutine that uses them, in order, on a goroutine of its own: the
// printer (ir/assembly) and the writer (ir/bcwrite) read the bodies of a
// lazily read module one at a time, and reading one overlaps using the
// one before.
//
// Every call to the loader is made with the feed's lock held, so that it
// is never called from two goroutines at once: the user of the bodies
// takes the lock (Lock, Unlock) to load another function's body itself.
// A body the user is done with is handed back (Release) and released
// (ir.BodyReleaser) by the feed's goroutine before it loads the next, so
// that a loader that recycles the memory of released bodies finds it.
package bodyfeed

import (
	"sync"

	"github.com/bcextract/bcextract/internal/bodypool"
	"github.com/bcextract/bcextract/internal/faults"
	"github.com/bcextract/bcextract/ir"
)

// Options say how far ahead a Feed loads, and what it does with each body
// it loads.
type Options struct {
	// Ahead is how many loaded bodies may wait for the user (at least
	// 1).
	Ahead int
	// Budget is how many instructions the bodies handed out and not
	// released yet may hold before the feed waits for the user to
	// release some (0: no bound but Ahead). A few large bodies ahead
	// are as much work as many small ones, and the memory they hold
	// would set the peak.
	Budget int
	// Scrub says Release clears a body (bodypool.Scrub) on the caller's
	// goroutine when the loader takes bodies so cleared, so that the
	// feed's goroutine, which releases it, has less to do: for a user
	// that waits on the feed more than the feed waits on it.
	Scrub bool
	// Drop says a released body is dropped from its function (its
	// Params and Blocks set to nil) when the loader does not take bodies
	// back (is no ir.BodyReleaser); else it stays loaded.
	Drop bool
}

// A Feed loads the bodies of a list of functions ahead of their use.
type Feed struct {
	loader   ir.BodyLoader
	releaser ir.BodyReleaser // the loader, when it is one
	// scrub says the user's goroutine clears the bodies it hands back
	// (Options.Scrub), while the feed loads.
	scrub  bool
	budget int
	drop   bool

	mu    sync.Mutex // held around every call to the loader
	ready chan loaded
	quit  chan struct{}
	done  chan struct{}

	freeMu sync.Mutex
	freed  []*ir.Function
	// ahead counts the instructions of the bodies handed out and not
	// yet released, under freeMu; while it exceeds budget, the feed
	// waits on room.
	ahead int
	room  *sync.Cond
}

// A loaded is a function whose body the feed loaded (or found loaded:
// loaded is false), or failed to load, or panicked loading (panicked is
// what with).
type loaded struct {
	f        *ir.Function
	loaded   bool
	err      error
	panicked any
}

// Start starts loading the bodies of the functions of fns that have one
// (nil entries skipped), in order. The loads are made with the calling
// goroutine's choice of panicking on memory faults (the loader may read a
// mapped file); a panic ends the feed, and Next panics with it.
func Start(loader ir.BodyLoader, fns []*ir.Function, opts Options) *Feed {
	s := &Feed{loader: loader, budget: opts.Budget, drop: opts.Drop}
	s.releaser, _ = loader.(ir.BodyReleaser)
	s.scrub = opts.Scrub && s.releaser != nil && bodypool.TakesScrubbed(loader)
	s.ready = make(chan loaded, max(opts.Ahead, 1))
	s.room = sync.NewCond(&s.freeMu)
	s.quit = make(chan struct{})
	s.done = make(chan struct{})
	fault := faults.Mode()
	go func() {
		defer close(s.done)
		defer close(s.ready)
		for _, f := range fns {
			if f == nil || !f.HasBody {
				continue
			}
			if !s.waitRoom() {
				return
			}
			b := loaded{f: f}
			s.mu.Lock()
			b.panicked = faults.Catch(fault, func() {
				s.releaseFreed()
				if f.Blocks == nil {
					b.loaded = true
					b.err = loader.LoadBody(f)
				}
			})
			s.mu.Unlock()
			if b.loaded && b.err == nil && b.panicked == nil {
				s.freeMu.Lock()
				s.ahead += instrCount(f)
				s.freeMu.Unlock()
			}
			select {
			case s.ready <- b:
			case <-s.quit:
				if b.loaded && b.err == nil && b.panicked == nil {
					s.mu.Lock()
					s.releaseLocked(f)
					s.mu.Unlock()
				}
				return
			}
			if b.err != nil || b.panicked != nil {
				return
			}
		}
	}()
	return s
}

// Next returns the body of f, loaded: f is to be the next function with a
// body of those the feed was given. loaded says it was loaded for this
// use (by the feed, or here when f is not the function the feed loaded
// next, which is then released): the user hands it back with Release when
// done with it. err is the error of the load or of Options.Check.
func (s *Feed) Next(f *ir.Function) (loaded bool, err error) {
	b, ok := <-s.ready
	if b.panicked != nil {
		panic(b.panicked)
	}
	if ok && b.f == f {
		return b.loaded, b.err
	}
	// Out of step (the function list changed under the user): load f
	// here, the body loaded ahead being released.
	if ok && b.loaded && b.err == nil {
		s.Release(b.f)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// f may be among the bodies handed back and not released yet.
	s.releaseFreed()
	if !f.HasBody || f.Blocks != nil {
		return false, nil
	}
	return true, s.loader.LoadBody(f)
}

// Release hands back f's body, which Next loaded: it is released by the
// feed before its next load (or by Stop).
func (s *Feed) Release(f *ir.Function) {
	n := instrCount(f)
	if s.scrub {
		bodypool.Scrub(f)
	}
	s.freeMu.Lock()
	s.freed = append(s.freed, f)
	s.ahead = max(s.ahead-n, 0)
	if s.budget > 0 && s.ahead <= s.budget {
		// Only now can a waiting feed go on: a wake before would put it
		// back to sleep, a futex call each way.
		s.room.Signal()
	}
	s.freeMu.Unlock()
}

// Lock and Unlock bracket the user's own use of the loader, for the body
// of a function other than the next (see LoadLocked).
func (s *Feed) Lock()   { s.mu.Lock() }
func (s *Feed) Unlock() { s.mu.Unlock() }

// Stop ends the feed and releases the bodies it loaded that were not
// taken, and those handed back.
func (s *Feed) Stop() {
	close(s.quit)
	s.freeMu.Lock()
	s.room.Broadcast()
	s.freeMu.Unlock()
	var left []*ir.Function
	for b := range s.ready {
		if b.loaded && b.err == nil && b.panicked == nil {
			left = append(left, b.f)
		}
	}
	<-s.done
	// The feed's goroutine has ended: the loader is this goroutine's.
	s.releaseFreed()
	for _, f := range left {
		s.releaseLocked(f)
	}
}

// waitRoom waits until the bodies ahead hold at most the budget's
// instructions; false when the feed is to end.
func (s *Feed) waitRoom() bool {
	s.freeMu.Lock()
	defer s.freeMu.Unlock()
	for s.budget > 0 && s.ahead > s.budget {
		select {
		case <-s.quit:
			return false
		default:
		}
		s.room.Wait()
	}
	return true
}

// releaseFreed releases the bodies handed back, with the lock held.
func (s *Feed) releaseFreed() {
	s.freeMu.Lock()
	freed := s.freed
	s.freed = nil
	s.freeMu.Unlock()
	for _, f := range freed {
		s.releaseLocked(f)
	}
}

// releaseLocked releases f's body, with the lock held: handed back to
// the loader when it takes bodies back, else dropped with Options.Drop.
func (s *Feed) releaseLocked(f *ir.Function) {
	if s.releaser != nil {
		s.releaser.ReleaseBody(f)
	} else if s.drop {
		f.Params, f.Blocks = nil, nil
	}
}

// instrCount is the number of instructions of f's body.
func instrCount(f *ir.Function) int {
	n := 0
	for _, b := range f.Blocks {
		n += len(b.Instrs)
	}
	return n
}
