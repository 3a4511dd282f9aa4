package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/wrapper"
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

// payloadError places err, met while decoding payload p, in p's file: a
// container.Error at the byte the decoder's error names (a bitstream bit
// position counts from the stream, after a wrapper header), or at the
// payload's first byte when it names none. what, if not empty, prefixes the
// cause's message.
func payloadError(p *container.Payload, what string, err error) error {
	off, msg := p.Off, err.Error()
	var (
		re *llvmir.ReadError
		fe *bitstream.FormatError
		we *wrapper.FormatError
	)
	switch {
	case errors.As(err, &re):
		off += re.Off
		msg = re.Err.Error()
		if errors.As(re.Err, &fe) {
			msg = fe.Msg
		}
	case errors.As(err, &fe):
		base := int64(0)
		if h, herr := wrapper.ParseHeader(p.Data); herr == nil && wrapper.IsWrapper(p.Data) {
			base = int64(h.Offset)
		}
		off += base + int64(fe.BitPos/8)
		msg = fe.Msg
	case errors.As(err, &we):
		// Not kept as the cause: container.Error would take its message,
		// and lose what.
		off += we.Off
		msg, err = we.Msg, nil
	}
	if what != "" {
		msg = what + ": " + msg
	}
	return &container.Error{Path: p.Path, File: p.File, Off: off, Err: &unlocatedError{msg, err}}
}

// unlocatedError is an error's message without its location, which the
// container.Error holding it gives.
type unlocatedError struct {
	msg string
	err error
}

func (e *unlocatedError) Error() string { return e.msg }
func (e *unlocatedError) Unwrap() error { return e.err }
