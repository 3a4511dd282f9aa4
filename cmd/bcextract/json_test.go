package main

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestJSONArrayDoc: a document written an item at a time is the bytes
// encoding/json's Encoder (SetIndent("", "  ")) writes of it whole, for
// no, one and two items and errors, with strings it escapes.
func TestJSONArrayDoc(t *testing.T) {
	type item struct {
		Name  string         `json:"name"`
		Sizes []int          `json:"sizes"`
		More  map[string]int `json:"more,omitempty"`
	}
	type doc struct {
		Payloads []item      `json:"payloads"`
		Errors   []jsonError `json:"errors"`
	}
	items := []item{{Name: "a<b>&\"c\"", Sizes: []int{1, 2}}, {Name: "d", Sizes: []int{}, More: map[string]int{"x": 1}}}
	errs := []jsonError{{Path: "f#1", File: "f", Error: "bad", Message: "f#1: bad"}}
	for n := 0; n <= len(items); n++ {
		for _, e := range [][]jsonError{{}, errs} {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetIndent("", "  ")
			if err := enc.Encode(doc{Payloads: items[:n], Errors: e}); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			d := newJSONArrayDoc(&got, "payloads")
			for _, it := range items[:n] {
				d.add(it)
			}
			if err := d.end(e); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%d items, %d errors:\n%s\nwant\n%s", n, len(e), got.String(), want.String())
			}
		}
	}
}

// TestJSONArray checks the array written an item at a time against the
// whole array encoded at once, with an item replaced before the next.
func TestJSONArray(t *testing.T) {
	for _, items := range [][]any{
		{},
		{map[string]any{"File": "a<b>&c", "Sections": []int{1, 2}}},
		{[]string{"x"}, map[string]int{"n": 1}, "last"},
	} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(items); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		a := &jsonArray{w: &got}
		for _, v := range items {
			a.add("replaced")
			a.set(v)
		}
		if err := a.end(); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%d items: got\n%s\nwant\n%s", len(items), got.String(), want.String())
		}
	}
}
