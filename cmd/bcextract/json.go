package main

import (
	"encoding/json"
	"io"

	"github.com/bcextract/bcextract/internal/jsonstr"
)

// appendJSONString appends s as a JSON string (see jsonstr.Append).
func appendJSONString(b []byte, s []byte) []byte { return jsonstr.Append(b, s) }

// A jsonArrayDoc writes a document {"KEY": [item...], "errors": [...]}
// an item at a time, in the bytes encoding/json's Encoder writes of the
// whole document with SetIndent("", "  "): a command that says much of
// many inputs (inspect --json of a package's 800 modules says gigabytes)
// holds one item at a time, not the document.
type jsonArrayDoc struct {
	w     io.Writer
	items int
	err   error
}

// newJSONArrayDoc starts the document on w with its array named key.
func newJSONArrayDoc(w io.Writer, key string) *jsonArrayDoc {
	d := &jsonArrayDoc{w: w}
	_, d.err = io.WriteString(w, "{\n  \""+key+"\": [")
	return d
}

// add writes item v (as json.Marshal would), after the ones before.
func (d *jsonArrayDoc) add(v any) {
	if d.err != nil {
		return
	}
	b, err := json.MarshalIndent(v, "    ", "  ")
	if err != nil {
		d.err = err
		return
	}
	sep := ",\n    "
	if d.items == 0 {
		sep = "\n    "
	}
	d.items++
	if _, d.err = io.WriteString(d.w, sep); d.err == nil {
		_, d.err = d.w.Write(b)
	}
}

// end closes the array and writes the errors; it returns the first error
// met in writing.
func (d *jsonArrayDoc) end(errs []jsonError) error {
	if d.err != nil {
		return d.err
	}
	b, err := json.MarshalIndent(errs, "  ", "  ")
	if err != nil {
		return err
	}
	closing := "\n  ],\n  \"errors\": "
	if d.items == 0 {
		closing = "],\n  \"errors\": "
	}
	if _, err := io.WriteString(d.w, closing); err != nil {
		return err
	}
	if _, err := d.w.Write(b); err != nil {
		return err
	}
	_, err = io.WriteString(d.w, "\n}\n")
	return err
}
