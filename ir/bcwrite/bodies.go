package bcwrite

import (
	"github.com/bcextract/bcextract/internal/bodyfeed"
	"github.com/bcextract/bcextract/ir"
)

// feedAhead and feedBudget bound how far ahead of the writer the bodies
// are loaded: at most feedAhead bodies, holding at most feedBudget
// instructions. Loading a body and numbering or writing the one before
// take about as long, with large differences from body to body, which a
// few bodies ahead even out (libstd: about a tenth of the wall time
// against one body ahead).
const (
	feedAhead  = 8
	feedBudget = 4096
)

// noLoader is the loader of a module whose bodies are all in memory
// (Options.Loader nil): it loads none.
type noLoader struct{}

func (noLoader) LoadBody(f *ir.Function) error {
	return &UnsupportedError{What: "a function body not in memory without a Loader (@" + f.Name + ")"}
}

// eachFunction calls do for each function of fns, in order, the body of
// one that has a body in memory: loaded ahead by a bodyfeed.Feed through
// Options.Loader, checked by check (when not nil) before do, and released
// after do when the feed loaded it. The check is made here rather than on
// the feed's goroutine: loading a body takes longer than numbering one,
// and the check evens them out.
func (w *writer) eachFunction(fns []*ir.Function, check, do func(f *ir.Function) error) error {
	var loader ir.BodyLoader = noLoader{}
	if w.opts.Loader != nil {
		loader = w.opts.Loader
	}
	feed := bodyfeed.Start(loader, fns, bodyfeed.Options{Ahead: feedAhead, Budget: feedBudget})
	defer feed.Stop()
	if w.lowering != nil {
		// What typing a body changes of the module level is changed
		// while the feed loads no body.
		w.lowering.Shared = feed
		defer func() { w.lowering.Shared = nil }()
	}
	for _, f := range fns {
		loaded := false
		if f.HasBody {
			var err error
			loaded, err = feed.Next(f)
			if err == nil && check != nil {
				err = check(f)
			}
			if err != nil {
				if loaded {
					feed.Release(f)
				}
				return err
			}
		}
		undo := func() {}
		var err error
		if w.typed() {
			err = w.typedBody(f, loaded)
		} else if w.older() {
			undo = w.olderBody(f)
		}
		if err == nil {
			err = do(f)
		}
		undo()
		if loaded {
			feed.Release(f)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
