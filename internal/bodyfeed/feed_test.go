package bodyfeed

import (
	"errors"
	"fmt"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// sizedLoader gives function i a body of sizes[i] unreachable
// instructions (the index is the function's name), records the order of
// its calls, and counts the instructions loaded and not released, keeping
// the most ever held. It fails on the function named fail.
type sizedLoader struct {
	sizes      []int
	fail       string
	calls      []string
	held, most int
	concurrent bool
	busy       bool
}

func (l *sizedLoader) enter() {
	if l.busy {
		l.concurrent = true
	}
	l.busy = true
}

func (l *sizedLoader) LoadBody(f *ir.Function) error {
	l.enter()
	defer func() { l.busy = false }()
	l.calls = append(l.calls, "load "+f.Name)
	if f.Name == l.fail {
		return errors.New("bad body")
	}
	var i int
	fmt.Sscan(f.Name, &i)
	b := &ir.Block{}
	for range l.sizes[i] {
		b.Instrs = append(b.Instrs, &ir.Instruction{Op: ir.Unreachable})
	}
	f.Blocks = []*ir.Block{b}
	l.held += l.sizes[i]
	l.most = max(l.most, l.held)
	return nil
}

func (l *sizedLoader) ReleaseBody(f *ir.Function) {
	l.enter()
	defer func() { l.busy = false }()
	l.calls = append(l.calls, "release "+f.Name)
	for _, b := range f.Blocks {
		l.held -= len(b.Instrs)
	}
	f.Blocks = nil
}

func functions(n int) []*ir.Function {
	var fns []*ir.Function
	for i := range n {
		fns = append(fns, &ir.Function{GlobalHeader: ir.GlobalHeader{Name: fmt.Sprint(i)}, HasBody: true})
	}
	return fns
}

// TestFeedBudget checks that the bodies loaded ahead hold at most the
// budget's instructions (plus the body that goes over it), whatever
// Ahead allows, that each body comes in order, loaded, and is released
// once, and that the loader is never called from two goroutines at once.
func TestFeedBudget(t *testing.T) {
	for _, tc := range []struct {
		name          string
		sizes         []int
		ahead, budget int
		most          int // the most instructions the loader may hold
	}{
		{"one ahead", []int{10, 10, 10, 10, 10, 10}, 1, 0, 30},
		{"budget", []int{100, 100, 100, 100, 100, 100, 100, 100}, 8, 150, 400},
		{"large body", []int{10, 1000, 10, 10, 10}, 8, 50, 1030},
		{"no budget", []int{10, 10, 10, 10, 10, 10, 10, 10}, 8, 0, 80},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := &sizedLoader{sizes: tc.sizes}
			fns := functions(len(tc.sizes))
			feed := Start(l, fns, Options{Ahead: tc.ahead, Budget: tc.budget})
			for _, f := range fns {
				loaded, err := feed.Next(f)
				if err != nil || !loaded || f.Blocks == nil {
					t.Fatalf("Next(%s) = %v, %v (body %v), want loaded", f.Name, loaded, err, f.Blocks != nil)
				}
				feed.Release(f)
			}
			feed.Stop()
			if l.concurrent {
				t.Error("the loader was called from two goroutines at once")
			}
			if l.held != 0 {
				t.Errorf("%d instructions still held after Stop", l.held)
			}
			if l.most > tc.most {
				t.Errorf("held %d instructions at most, want <= %d", l.most, tc.most)
			}
			loads, releases := map[string]int{}, map[string]int{}
			for _, c := range l.calls {
				var verb, name string
				fmt.Sscan(c, &verb, &name)
				if verb == "load" {
					loads[name]++
				} else {
					releases[name]++
				}
			}
			for _, f := range fns {
				if loads[f.Name] != 1 || releases[f.Name] != 1 {
					t.Errorf("%s: %d loads, %d releases, want 1 each", f.Name, loads[f.Name], releases[f.Name])
				}
			}
		})
	}
}

// TestFeedError checks that the feed stops at a body it fails to load,
// that Next returns that error, and that what it loaded ahead is released
// by Stop.
func TestFeedError(t *testing.T) {
	l := &sizedLoader{sizes: []int{1, 1, 1, 1, 1}, fail: "2"}
	fns := functions(5)
	feed := Start(l, fns, Options{Ahead: 4})
	for _, f := range fns[:2] {
		if _, err := feed.Next(f); err != nil {
			t.Fatalf("Next(%s): %v", f.Name, err)
		}
		feed.Release(f)
	}
	if _, err := feed.Next(fns[2]); err == nil {
		t.Fatal("Next(2) = nil, want the load's error")
	}
	feed.Release(fns[2])
	feed.Stop()
	if l.held != 0 {
		t.Errorf("%d instructions still held after Stop", l.held)
	}
	for _, c := range l.calls {
		if c == "load 3" || c == "load 4" {
			t.Errorf("the feed went on after the error: %s", c)
		}
	}
}

// TestFeedOutOfStep checks that Next loads a function other than the one
// the feed loaded next itself, releasing the one loaded ahead, and that
// a body found loaded is not loaded again nor said to be.
func TestFeedOutOfStep(t *testing.T) {
	l := &sizedLoader{sizes: []int{1, 1, 1}}
	fns := functions(3)
	fns[1].Blocks = []*ir.Block{{}} // in memory already
	feed := Start(l, fns, Options{Ahead: 1})
	loaded, err := feed.Next(fns[0])
	if err != nil || !loaded {
		t.Fatalf("Next(0) = %v, %v", loaded, err)
	}
	feed.Release(fns[0])
	loaded, err = feed.Next(fns[1])
	if err != nil || loaded {
		t.Fatalf("Next(1) = %v, %v, want found loaded", loaded, err)
	}
	// Skip 2, which the feed loads next: ask for 0 again.
	loaded, err = feed.Next(fns[0])
	if err != nil || !loaded || fns[0].Blocks == nil {
		t.Fatalf("Next(0) out of step = %v, %v", loaded, err)
	}
	feed.Release(fns[0])
	feed.Stop()
	if l.held != 0 {
		t.Errorf("%d instructions still held after Stop", l.held)
	}
	if fns[1].Blocks == nil {
		t.Error("the body in memory was dropped")
	}
}
