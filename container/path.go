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
// container path: the name, made printable, with "@N" appended to every
// occurrence of a name that occurs more than once.
func uniqueLabels(names []string) []string {
	dup := duplicates(names)
	count := make(map[string]int)
	labels := make([]string, len(names))
	for i, n := range names {
		l := printable(n)
		if dup[n] {
			count[n]++
			l += "@" + strconv.Itoa(count[n])
		}
		labels[i] = l
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
