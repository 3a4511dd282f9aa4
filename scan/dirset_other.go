//go:build !unix

package scan

import "os"

// A dirSet holds the directories a walk has entered.
type dirSet struct {
	dirs []os.FileInfo
}

// add adds the directory fi describes, reporting false if it was there.
func (s *dirSet) add(fi os.FileInfo) bool {
	for _, d := range s.dirs {
		if os.SameFile(d, fi) {
			return false
		}
	}
	s.dirs = append(s.dirs, fi)
	return true
}
