//go:build unix

package scan

import (
	"os"
	"syscall"
)

// A dirSet holds the directories a walk has entered, by device and inode.
type dirSet struct {
	ids map[[2]uint64]bool
}

// add adds the directory fi describes, reporting false if it was there.
func (s *dirSet) add(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	id := [2]uint64{uint64(st.Dev), uint64(st.Ino)}
	if s.ids[id] {
		return false
	}
	if s.ids == nil {
		s.ids = make(map[[2]uint64]bool)
	}
	s.ids[id] = true
	return true
}
