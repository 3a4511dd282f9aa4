package irdiff

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// maxEdits bounds the edit script the line diff searches for: past it,
// what remains between the common prefix and suffix is shown as removed
// and added whole. The search costs time in proportion to lines × edits
// and memory to edits², so the bound keeps a diff of two huge, wholly
// different functions cheap.
const maxEdits = 2000

// An op is one line of an edit script.
type op struct {
	kind byte // ' ', '-' or '+'
	a, b int  // the line's index in a (for ' ' and '-') and in b (' ', '+')
}

// lineDiff returns an edit script turning a into b: a shortest one (Myers'
// algorithm) when it has at most maxEdits edits.
func lineDiff(a, b []string) []op {
	// The common prefix and suffix are kept out of the search.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []op
	for i := 0; i < pre; i++ {
		ops = append(ops, op{' ', i, i})
	}
	ops = append(ops, myers(a[pre:len(a)-suf], b[pre:len(b)-suf], pre, pre)...)
	for i := 0; i < suf; i++ {
		ops = append(ops, op{' ', len(a) - suf + i, len(b) - suf + i})
	}
	return ops
}

// myers returns a shortest edit script from a to b, their lines numbered
// from offA and offB; or, past maxEdits, the removal of a and the addition
// of b.
func myers(a, b []string, offA, offB int) []op {
	n, m := len(a), len(b)
	if n > 0 && m > 0 {
		limit := min(n+m, maxEdits)
		off := limit + 1
		v := make([]int, 2*limit+3)
		// trace[d] keeps v[k] for k in [-d-1, d+1] as round d found it,
		// at trace[d][k+d+1]: the frontier that round d extends.
		var trace [][]int
		for d := 0; d <= limit; d++ {
			trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
			for k := -d; k <= d; k += 2 {
				var x int
				if k == -d || k != d && v[off+k-1] < v[off+k+1] {
					x = v[off+k+1]
				} else {
					x = v[off+k-1] + 1
				}
				y := x - k
				for x < n && y < m && a[x] == b[y] {
					x++
					y++
				}
				v[off+k] = x
				if x >= n && y >= m {
					return backtrack(trace, n, m, offA, offB)
				}
			}
		}
	}
	ops := make([]op, 0, n+m)
	for i := range a {
		ops = append(ops, op{'-', offA + i, offB})
	}
	for j := range b {
		ops = append(ops, op{'+', offA + n, offB + j})
	}
	return ops
}

// backtrack walks the frontiers myers saved back from the end of both
// texts (lengths n and m) and returns the edit script in order.
func backtrack(trace [][]int, n, m, offA, offB int) []op {
	x, y := n, m
	var rev []op
	for d := len(trace) - 1; d > 0; d-- {
		v := trace[d]
		at := func(k int) int { return v[k+d+1] }
		k := x - y
		var pk int
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1 // came down: a line of b added
		} else {
			pk = k - 1 // came right: a line of a removed
		}
		// The edit led from (at(pk), ...) to the start of the diagonal
		// run that ends at (x, y): x is the same after an addition, one
		// more after a removal.
		sx := at(pk)
		if pk == k-1 {
			sx++
		}
		for x > sx {
			x--
			y--
			rev = append(rev, op{' ', offA + x, offB + y})
		}
		if pk == k+1 {
			y--
			rev = append(rev, op{'+', offA + x, offB + y})
		} else {
			x--
			rev = append(rev, op{'-', offA + x, offB + y})
		}
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, op{' ', offA + x, offB + y})
	}
	ops := make([]op, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return ops
}

// splitLines splits text into lines without their newlines; a last line
// without a newline is a line too.
func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// Unified writes the differences between the texts a and b as a unified
// diff with context lines of context, under the header lines "--- oldName"
// and "+++ newName"; it writes nothing when the texts are equal.
func Unified(w io.Writer, oldName, newName, a, b string, context int) error {
	if a == b {
		return nil
	}
	if context < 0 {
		context = 0
	}
	la, lb := splitLines(a), splitLines(b)
	ops := lineDiff(la, lb)
	bw := bufio.NewWriter(w)
	bw.WriteString("--- " + oldName + "\n+++ " + newName + "\n")
	for i := 0; i < len(ops); {
		// Find the next change and the hunk around it: changes closer than
		// 2*context+1 lines share a hunk.
		for i < len(ops) && ops[i].kind == ' ' {
			i++
		}
		if i == len(ops) {
			break
		}
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			j := end
			for j < len(ops) && ops[j].kind == ' ' {
				j++
			}
			if j == len(ops) || j-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = j
		}
		writeHunk(bw, ops[start:end], la, lb)
		i = end
	}
	return bw.Flush()
}

// writeHunk writes one hunk: its @@ line, then its lines.
func writeHunk(w *bufio.Writer, ops []op, a, b []string) {
	var na, nb int
	for _, o := range ops {
		if o.kind != '+' {
			na++
		}
		if o.kind != '-' {
			nb++
		}
	}
	w.WriteString("@@ -" + hunkRange(ops[0].a, na) + " +" + hunkRange(ops[0].b, nb) + " @@\n")
	for _, o := range ops {
		w.WriteByte(o.kind)
		if o.kind == '+' {
			w.WriteString(b[o.b])
		} else {
			w.WriteString(a[o.a])
		}
		w.WriteByte('\n')
	}
}

// hunkRange is a hunk's line range as diff -u writes it: "L,N", "L" when N
// is 1, and for no lines the line before them.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return strconv.Itoa(start) + ",0"
	case 1:
		return strconv.Itoa(start + 1)
	}
	return strconv.Itoa(start+1) + "," + strconv.Itoa(n)
}
