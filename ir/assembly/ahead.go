package assembly

import (
	"runtime/debug"

	"github.com/bcextract/bcextract/ir"
)

// An aheadLoad is a body being loaded on another goroutine (see
// Options.LoadAhead).
type aheadLoad struct {
	f    *ir.Function
	done chan aheadResult
}

type aheadResult struct {
	err      error
	panicked bool
	value    any // what the load panicked with
}

// loadAhead starts loading, on another goroutine, the body of the first
// function with a body after m.Functions[i], unless it is loaded already
// or is cur, the function being printed.
func (p *printer) loadAhead(i int, cur *ir.Function) {
	if !p.opt.LoadAhead || p.opt.Loader == nil || p.ahead != nil {
		return
	}
	fns := p.m.Functions
	for j := i + 1; j < len(fns); j++ {
		f := fns[j]
		if f == nil || !f.HasBody {
			continue
		}
		if f.Blocks != nil || f == cur {
			return
		}
		a := &aheadLoad{f: f, done: make(chan aheadResult, 1)}
		// The load runs as this goroutine would: with its fault setting,
		// and a panic is raised again here (by settle).
		fault := debug.SetPanicOnFault(false)
		debug.SetPanicOnFault(fault)
		loader := p.opt.Loader
		go func() {
			debug.SetPanicOnFault(fault)
			res := aheadResult{panicked: true}
			defer func() {
				if res.panicked {
					res.value = recover()
				}
				a.done <- res
			}()
			res.err = loader.LoadBody(f)
			res.panicked = false
		}()
		p.ahead = a
		return
	}
}

// settle waits for the body being loaded ahead, if any, and returns its
// function and the load's error.
func (p *printer) settle() (*ir.Function, error) {
	a := p.ahead
	if a == nil {
		return nil, nil
	}
	p.ahead = nil
	res := <-a.done
	if res.panicked {
		panic(res.value)
	}
	return a.f, res.err
}

// awaitBody waits for f's body when it is being loaded ahead, so that f's
// fields may be read. A failed load is not reported here: f is left without
// a body and is loaded again, failing again, when it is needed.
func (p *printer) awaitBody(f *ir.Function) {
	if p.ahead != nil && p.ahead.f == f {
		p.settle()
	}
}

// loadBody loads f's body with opt.Loader, once the body being loaded
// ahead, if any, is in place: a Loader is never called concurrently.
func (p *printer) loadBody(f *ir.Function) error {
	if g, err := p.settle(); g == f && g != nil && err == nil {
		return nil
	}
	return p.opt.Loader.LoadBody(f)
}
