package main

import (
	"bytes"
	"os"
	"testing"
	"time"
)

// TestProgress: a line is drawn at most every progressEvery, each over the
// last, and erased by clear; nothing at all off a terminal.
func TestProgress(t *testing.T) {
	var b bytes.Buffer
	p := &progress{w: &b, last: time.Now().Add(-time.Second)}
	calls := 0
	text := func(s string) func() string { return func() string { calls++; return s } }
	p.draw(text("one"))
	p.draw(text("two")) // too soon: not drawn, text not made
	p.clear()
	p.clear() // nothing shown: nothing erased
	if got, want := b.String(), "\r\033[Kone\r\033[K"; got != want || calls != 1 {
		t.Errorf("drawn %q (%d texts made), want %q (1)", got, calls, want)
	}
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if p := newProgress(f); p != nil {
		t.Errorf("a progress line on a regular file")
	}
	var none *progress
	none.draw(text("x"))
	none.clear()
}
