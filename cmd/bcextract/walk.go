package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/bcextract/bcextract/container"
)

// walkInput opens the named input and calls fn for each of its payloads.
// Problems in the input are written to stderr, one line each, and passed to
// onErr if it is not nil; the result reports whether there were any. fn's
// own error stops the walk and is returned.
func walkInput(e *env, name string, onErr func(error), fn func(in *input, p *container.Payload) error) (failed bool, err error) {
	report := func(err error) {
		fmt.Fprintf(e.stderr, "bcextract: %v\n", err)
		if onErr != nil {
			onErr(err)
		}
	}
	in, err := openInput(e, name)
	if err != nil {
		report(err)
		return true, nil
	}
	defer in.close()
	var w container.Walker
	defer w.Close()
	werr := w.Walk(name, in.data, func(p *container.Payload) error { return fn(in, p) })
	var ce *container.Error
	for _, err := range flatten(werr) {
		if !errors.As(err, &ce) {
			return true, err // from fn
		}
		report(err)
		failed = true
	}
	return failed, nil
}

// flatten returns the errors joined in err, or err itself.
func flatten(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// reportf writes one line on stderr.
func reportf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "bcextract: "+format+"\n", args...)
}
