package main

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// walkInput opens the named input and calls fn for each of its payloads.
// Problems in the input are written to stderr, one line each, and passed to
// onErr if it is not nil; the result reports whether there were any. fn's
// own error stops the walk and is returned. fn may report a problem of a
// malformed payload itself (see container.Payload.Malformed), more exactly
// than the walk can, and add its path to in.said: the walk's error about it
// is then left out.
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
	werr := in.guard(func() error {
		return w.Walk(name, in.data, func(p *container.Payload) error { return fn(in, p) })
	})
	var ce *container.Error
	for _, err := range container.Errors(werr) {
		if !errors.As(err, &ce) {
			return true, err // from fn
		}
		failed = true
		if slices.Contains(in.said, ce.Path) {
			continue
		}
		report(err)
		failed = true
	}
	return failed, nil
}

// errNoModule is the cause of the error for an input without bitcode, for
// the commands that read bitcode modules.
var errNoModule = errors.New("no bitcode module found")

// errNoPayload is the cause of the error for an input without any LLVM
// payload, for list.
var errNoPayload = errors.New("no LLVM payload found")

// noneFound is the error for the input name, in which a command found
// nothing of what it works on: cause says what.
func noneFound(name string, cause error) *container.Error {
	return &container.Error{Path: name, File: name, Off: -1, Err: cause}
}

// reportf writes one line on stderr.
func reportf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "bcextract: "+format+"\n", args...)
}

// payloadError places err, met while decoding payload p, in p's file (see
// container.PayloadError); a bitcode.InventoryError names the byte itself.
func payloadError(p *container.Payload, what string, err error) error {
	var re *bitcode.InventoryError
	if !errors.As(err, &re) {
		return container.PayloadError(p, what, err)
	}
	msg := re.Err.Error()
	var fe *bitstream.FormatError
	if errors.As(re.Err, &fe) {
		msg = fe.Msg
	}
	if what != "" {
		msg = what + ": " + msg
	}
	return container.DataError(p, re.Off, true, &unlocatedError{msg, err})
}

// unlocatedError is an error's message without its location, which the
// container.Error holding it gives.
type unlocatedError struct {
	msg string
	err error
}

func (e *unlocatedError) Error() string { return e.msg }
func (e *unlocatedError) Unwrap() error { return e.err }
