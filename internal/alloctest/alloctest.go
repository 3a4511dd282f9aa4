// Package alloctest measures the memory a piece of code allocates, so that
// tests can pin how much a decoder may allocate per byte of input: the
// property "allocation proportional to the input's size, whatever the
// input claims".
//
// A typical test builds a hostile or maximally dense input and asserts
//
//	if got := alloctest.Bytes(func() { decode(input) }); got > K*uint64(len(input))+C {
//		t.Errorf(...)
//	}
//
// Bytes counts every byte allocated on the heap while f runs (the
// runtime's TotalAlloc), garbage included: a slice grown by append counts
// each of its backing arrays. That is a bound on the peak heap f can reach,
// not the peak itself. Goroutine stacks are not counted.
//
// The figures include anything other goroutines allocate meanwhile, so tests
// that use this package must not run in parallel with others that allocate
// much; measure several runs with Min when a stray allocation would matter.
package alloctest

import (
	"errors"
	"runtime"
	"testing"
)

// Bytes returns the number of bytes allocated on the heap while f runs.
func Bytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Min returns the least of n measurements of f by Bytes (at least one), which
// discards allocations made by other goroutines during some of the runs.
func Min(n int, f func()) uint64 {
	m := Bytes(f)
	for i := 1; i < n; i++ {
		m = min(m, Bytes(f))
	}
	return m
}

// Ratio returns Bytes(f) divided by size, the bytes allocated per byte of an
// input of size bytes (size 0 is taken as 1).
func Ratio(size int, f func()) float64 {
	return float64(Bytes(f)) / float64(max(size, 1))
}

// Limit is an allocation budget for an input: PerByte bytes for each of its
// bytes plus Fixed bytes.
type Limit struct {
	PerByte float64
	Fixed   uint64
}

// Bound returns the budget for an input of size bytes.
func (l Limit) Bound(size int) uint64 {
	return uint64(l.PerByte*float64(size)) + l.Fixed
}

// Check runs f, measuring it with Min(3, f), and reports whether it allocated
// at most l.Bound(size), with the figure measured.
func (l Limit) Check(size int, f func()) (allocated uint64, ok bool) {
	allocated = Min(3, f)
	return allocated, allocated <= l.Bound(size)
}

// CheckClaim checks a parser on an input that claims more than it holds:
// parse, which reads data, must fail with an error of type E (found with
// errors.As) whose byte offset, as off reads it, is want, and must allocate
// at most l.Bound(len(data)) (measured with Min(3, ...)).
func CheckClaim[E error](t testing.TB, data []byte, l Limit, want int64, off func(E) int64, parse func() error) {
	t.Helper()
	var err error
	got := Min(3, func() { err = parse() })
	var e E
	if !errors.As(err, &e) {
		t.Fatalf("got %v; want a %T", err, e)
	}
	if off(e) != want {
		t.Errorf("got %v; want the error at byte 0x%x", err, want)
	}
	if limit := l.Bound(len(data)); got > limit {
		t.Errorf("%d bytes allocated for %d bytes, more than %d", got, len(data), limit)
	}
}
