package main

import (
	"bytes"
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

// A jsonArray writes a document [item...] an item at a time, in the
// bytes an encoding/json Encoder with SetIndent("", "  ") and
// SetEscapeHTML(false) writes of the whole array. The last item added
// may be replaced (set) until the next is added.
type jsonArray struct {
	w       io.Writer
	items   int
	pending any
	has     bool
	err     error
}

// add makes v the last item, writing the one before.
func (a *jsonArray) add(v any) {
	a.flush()
	a.pending, a.has = v, true
}

// set replaces the last item added.
func (a *jsonArray) set(v any) { a.pending = v }

// flush writes the last item added.
func (a *jsonArray) flush() {
	if !a.has || a.err != nil {
		return
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("  ", "  ")
	enc.SetEscapeHTML(false)
	if a.err = enc.Encode(a.pending); a.err != nil {
		return
	}
	sep := ",\n  "
	if a.items == 0 {
		sep = "[\n  "
	}
	a.items++
	a.pending, a.has = nil, false
	if _, a.err = io.WriteString(a.w, sep); a.err == nil {
		_, a.err = a.w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	}
}

// end writes the last item and closes the array; it returns the first
// error met in writing.
func (a *jsonArray) end() error {
	a.flush()
	if a.err != nil {
		return a.err
	}
	end := "\n]\n"
	if a.items == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(a.w, end)
	return err
}
