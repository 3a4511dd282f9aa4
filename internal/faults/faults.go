// Package faults carries a goroutine's choice to turn memory faults into
// panics (runtime/debug.SetPanicOnFault) over to the goroutines it starts,
// and their panics back to it.
//
// A command that reads a memory-mapped file sets SetPanicOnFault so that a
// file cut short under it gives an error rather than a crash; but the
// setting is per goroutine, and a library that reads the mapping on a
// goroutine of its own (ahead of its caller, or beside it) must set it
// there too, and hand what that goroutine panicked with to its caller, in
// whose goroutine the command recovers.
package faults

import "runtime/debug"

// Mode reports whether the calling goroutine turns memory faults into
// panics.
func Mode() bool {
	m := debug.SetPanicOnFault(false)
	debug.SetPanicOnFault(m)
	return m
}

// Catch calls f with memory faults turned into panics when mode is true,
// and returns what f panicked with, nil when it returned.
func Catch(mode bool, f func()) (panicked any) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(mode))
	defer func() { panicked = recover() }()
	f()
	return nil
}
