package container

import (
	"strconv"
	"unicode/utf8"
)

// duplicates reports which names occur more than once.
func duplicates(names []string) map[string]bool {
	seen := make(map[string]int, len(names))
	for _, n := range names {
		seen[n]++
	}
	dup := make(map[string]bool)
	for n, c := range seen {
		if c > 1 {
			dup[n] = true
		}
	}
	return dup
}

// uniqueLabels returns the labels of members or slices named names in a
// container path: the name, cut to maxLabel bytes (see clip) and made
// printable, with "@N" appended to every occurrence of a name that occurs
// more than once (names cut alike count as the same). The work is linear in
// the names' number, however long and alike they are, and each label is
// built with one allocation at most.
func uniqueLabels(names []string) []string {
	keys := make([]string, len(names))
	for i, n := range names {
		keys[i] = clipKey(n) // a substring: no copy
	}
	dup := duplicates(keys)
	count := make(map[string]int)
	labels := make([]string, len(names))
	for i, k := range keys {
		cut := ""
		if len(k) < len(names[i]) {
			cut = "..."
		}
		n := ""
		if dup[k] {
			count[k]++
			n = "@" + strconv.Itoa(count[k])
		}
		labels[i] = printable(k) + cut + n
	}
	return labels
}

// printable escapes control characters and invalid UTF-8 in a name read
// from a file, so that a container path stays one line of text.
func printable(s string) string {
	clean := true
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	q := strconv.QuoteToGraphic(s)
	return q[1 : len(q)-1]
}

// The bytes of container paths a walk may build: pathFactor per byte of the
// walked file, plus pathSlack. A path repeats the names of all the
// containers around its payload, so a deep nest of long names above many
// small payloads would make their paths add up to the product of the two.
// Real files come nowhere near: a path is some 100 bytes for a payload of
// kilobytes.
const pathFactor, pathSlack = 32, 1 << 20

// maxLabel bounds the bytes of a member, slice, file or section name in a
// container path: a longer name is cut there and "..." appended (after
// which repeated names are told apart with "@N").
const maxLabel = 1024

// clip cuts name to maxLabel bytes, at a UTF-8 boundary, and marks the cut.
func clip(name string) string {
	if k := clipKey(name); len(k) < len(name) {
		return k + "..."
	}
	return name
}

// clipKey returns the part of name that clip keeps: a prefix of at most
// maxLabel bytes ending at a UTF-8 boundary.
func clipKey(name string) string {
	if len(name) <= maxLabel {
		return name
	}
	i := maxLabel
	for i > 0 && !utf8.RuneStart(name[i]) {
		i--
	}
	return name[:i]
}

// join returns the path a+b+c, charged to the path budget. When the budget
// has run out it returns false, and reports ErrPathBudget once, at n.
func (s *walk) join(n node, off int64, a, b, c string) (string, bool) {
	if s.exhausted {
		return "", false
	}
	l := int64(len(a) + len(b) + len(c))
	if s.pathBudget -= l; s.pathBudget < 0 {
		s.exhausted = true
		s.fail(n, off, ErrPathBudget)
		return "", false
	}
	return a + b + c, true
}
