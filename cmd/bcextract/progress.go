package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// The progress line is drawn at most this often.
const progressEvery = 200 * time.Millisecond

// A progress is a line of counts a long command draws over and over on a
// terminal (scan's files and payloads, link's modules), erased before
// anything else is printed and when the command is done. A nil *progress
// draws nothing: newProgress gives one only for a terminal.
type progress struct {
	w     io.Writer
	last  time.Time
	shown bool
}

// newProgress returns a progress line on w if w is a terminal, else nil.
func newProgress(w any) *progress {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return &progress{w: f, last: time.Now()} // first drawn after progressEvery
}

// draw shows the line text gives, unless one was shown less than
// progressEvery ago (text is not called then).
func (p *progress) draw(text func() string) {
	if p == nil {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	fmt.Fprintf(p.w, "\r\033[K%s", text())
	p.shown = true
}

// clear erases the progress line, if it is shown.
func (p *progress) clear() {
	if p == nil || !p.shown {
		return
	}
	fmt.Fprint(p.w, "\r\033[K")
	p.shown = false
}
