package assembly

import (
	"sync"

	"github.com/bcextract/bcextract/internal/bodypool"
	"github.com/bcextract/bcextract/internal/faults"
	"github.com/bcextract/bcextract/ir"
)

// A bodySource gives the printer the bodies of the functions it prints,
// loaded through Options.Loader: each when it is printed or, with
// Options.Prefetch, ahead of it by a goroutine of its own. Every call to
// the loader is then made with mu held, so that the loader is never
// called from two goroutines at once.
type bodySource struct {
	loader   ir.BodyLoader
	releaser ir.BodyReleaser // the loader, when it is one
	// scrub says the loader's ReleaseBody takes bodies bodypool.Scrub
	// cleared.
	scrub bool

	// Set while prefetching. The printer hands the bodies it is done
	// with to the prefetcher (freed, under freeMu), which releases them
	// before it loads the next: so the printer never waits for a load to
	// end but to print a blockaddress.
	mu     sync.Mutex
	ready  chan loadedBody
	quit   chan struct{}
	done   chan struct{}
	freeMu sync.Mutex
	freed  []*ir.Function
	// ahead counts the instructions of the bodies handed out by the
	// prefetcher and not yet released, under freeMu; while it exceeds
	// aheadBudget, the prefetcher waits on room (see waitRoom).
	ahead int
	room  *sync.Cond
}

// aheadBudget is how many instructions the bodies read ahead may hold
// before the prefetcher waits for the printer to release some: a few
// large bodies ahead are as much work as many small ones, and the memory
// they hold (the instructions and what they refer to) would set the
// peak. On Rust's libstd module (2 cores) a budget of 2048 keeps dis's
// wall time and takes 1.5 MB off its peak RSS.
const aheadBudget = 2048

// A loadedBody is a function whose body the prefetcher loaded (or found
// loaded: loaded is false), or failed to load, or panicked loading
// (panicked is what with).
type loadedBody struct {
	f        *ir.Function
	loaded   bool
	err      error
	panicked any
}

func newBodySource(loader ir.BodyLoader) *bodySource {
	s := &bodySource{loader: loader}
	s.releaser, _ = loader.(ir.BodyReleaser)
	s.scrub = s.releaser != nil && bodypool.TakesScrubbed(loader)
	return s
}

// prefetch starts loading the bodies of fns, in order, at most ahead of
// them before the printer takes one with next. The loads are made with
// the printer's goroutine's choice of panicking on memory faults (the
// loader may read a mapped file), and a panic ends the prefetching: load
// panics with it in the printer's goroutine.
func (s *bodySource) prefetch(fns []*ir.Function, ahead int) {
	s.ready = make(chan loadedBody, ahead)
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
			b := loadedBody{f: f}
			s.mu.Lock()
			b.panicked = faults.Catch(fault, func() {
				s.releaseFreed()
				if f.Blocks == nil {
					b.loaded = true
					b.err = s.loader.LoadBody(f)
				}
			})
			s.mu.Unlock()
			s.freeMu.Lock()
			s.ahead += instrCount(f)
			s.freeMu.Unlock()
			select {
			case s.ready <- b:
			case <-s.quit:
				return
			}
			if b.err != nil || b.panicked != nil {
				return
			}
		}
	}()
}

// stop ends prefetching and frees the bodies loaded and not printed.
func (s *bodySource) stop() {
	if s.ready == nil {
		return
	}
	close(s.quit)
	s.freeMu.Lock()
	s.room.Broadcast()
	s.freeMu.Unlock()
	for b := range s.ready {
		if b.err == nil && b.panicked == nil {
			s.release(b.f)
		}
	}
	<-s.done
	s.ready = nil
	s.releaseFreed()
}

// waitRoom waits until the bodies ahead hold at most aheadBudget
// instructions; false when prefetching is to end.
func (s *bodySource) waitRoom() bool {
	s.freeMu.Lock()
	defer s.freeMu.Unlock()
	for s.ahead > aheadBudget {
		select {
		case <-s.quit:
			return false
		default:
		}
		s.room.Wait()
	}
	return true
}

// instrCount is the number of instructions of f's body.
func instrCount(f *ir.Function) int {
	n := 0
	for _, b := range f.Blocks {
		n += len(b.Instrs)
	}
	return n
}

// releaseFreed releases the bodies the printer is done with.
func (s *bodySource) releaseFreed() {
	s.freeMu.Lock()
	freed := s.freed
	s.freed = nil
	s.freeMu.Unlock()
	for _, f := range freed {
		s.releaseLocked(f)
	}
}

// load makes sure f's body is loaded for printing it, f being the next
// function with a body in the order given to prefetch when prefetching;
// loaded says it was loaded now (by the prefetcher or by load).
func (s *bodySource) load(f *ir.Function) (loaded bool, err error) {
	if s.ready != nil {
		b, ok := <-s.ready
		if b.panicked != nil {
			panic(b.panicked)
		}
		if ok && b.f == f {
			return b.loaded, b.err
		}
		// Out of step (the function list changed under the printer):
		// load f here, the prefetched body being freed.
		if ok && b.err == nil {
			s.release(b.f)
		}
	}
	s.lock()
	defer s.unlock()
	return s.loadLocked(f)
}

// release frees f's body: handed back to the loader when it takes bodies
// back, else dropped.
func (s *bodySource) release(f *ir.Function) {
	if s.ready != nil {
		// The costly part of the release is done here, while the
		// prefetcher loads.
		n := instrCount(f)
		if s.scrub {
			bodypool.Scrub(f)
		}
		s.freeMu.Lock()
		s.freed = append(s.freed, f)
		// A body the printer loaded itself (out of step) was never
		// counted.
		s.ahead = max(s.ahead-n, 0)
		if s.ahead <= aheadBudget {
			// Only now can a waiting prefetcher go on: a wake before
			// would put it back to sleep, a futex call each way.
			s.room.Signal()
		}
		s.freeMu.Unlock()
		return
	}
	s.releaseLocked(f)
}

// releaseLocked is release, called between lock and unlock.
func (s *bodySource) releaseLocked(f *ir.Function) {
	if s.releaser != nil {
		s.releaser.ReleaseBody(f)
		return
	}
	f.Params, f.Blocks = nil, nil
}

// loadLocked loads f's body, unless it is loaded, for the printer's own
// use of it, between lock and unlock; loaded says it was loaded now.
func (s *bodySource) loadLocked(f *ir.Function) (loaded bool, err error) {
	if !f.HasBody || f.Blocks != nil {
		return false, nil
	}
	return true, s.loader.LoadBody(f)
}

// lock and unlock bracket the printer's own use of another function's
// body (for blockaddress), which the prefetcher may be loading.
func (s *bodySource) lock() {
	if s.ready != nil {
		s.mu.Lock()
	}
}

func (s *bodySource) unlock() {
	if s.ready != nil {
		s.mu.Unlock()
	}
}
