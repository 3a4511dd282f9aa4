package assembly

import (
	"github.com/bcextract/bcextract/internal/bodyfeed"
	"github.com/bcextract/bcextract/ir"
)

// A bodySource gives the printer the bodies of the functions it prints,
// loaded through Options.Loader: each when it is printed or, with
// Options.Prefetch, ahead of it by a bodyfeed.Feed. The printer's own
// loads are then made under the feed's lock, so that the loader is never
// called from two goroutines at once.
type bodySource struct {
	loader   ir.BodyLoader
	releaser ir.BodyReleaser // the loader, when it is one
	feed     *bodyfeed.Feed  // while prefetching
}

// aheadBudget is how many instructions the bodies read ahead may hold
// before the prefetcher waits for the printer to release some: a few
// large bodies ahead are as much work as many small ones, and the memory
// they hold (the instructions and what they refer to) would set the
// peak. On Rust's libstd module (2 cores) a budget of 2048 keeps dis's
// wall time and takes 1.5 MB off its peak RSS.
const aheadBudget = 2048

func newBodySource(loader ir.BodyLoader) *bodySource {
	s := &bodySource{loader: loader}
	s.releaser, _ = loader.(ir.BodyReleaser)
	return s
}

// prefetch starts loading the bodies of fns, in order, at most ahead of
// them before the printer takes one with load.
func (s *bodySource) prefetch(fns []*ir.Function, ahead int) {
	s.feed = bodyfeed.Start(s.loader, fns, bodyfeed.Options{Ahead: ahead, Budget: aheadBudget, Scrub: true, Drop: true})
}

// stop ends prefetching and frees the bodies loaded and not printed.
func (s *bodySource) stop() {
	if s.feed != nil {
		s.feed.Stop()
		s.feed = nil
	}
}

// load makes sure f's body is loaded for printing it, f being the next
// function with a body in the order given to prefetch when prefetching;
// loaded says it was loaded now (by the prefetcher or by load).
func (s *bodySource) load(f *ir.Function) (loaded bool, err error) {
	if s.feed != nil {
		return s.feed.Next(f)
	}
	return s.loadLocked(f)
}

// release frees f's body: handed back to the loader when it takes bodies
// back, else dropped.
func (s *bodySource) release(f *ir.Function) {
	if s.feed != nil {
		s.feed.Release(f)
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
	if s.feed != nil {
		s.feed.Lock()
	}
}

func (s *bodySource) unlock() {
	if s.feed != nil {
		s.feed.Unlock()
	}
}
