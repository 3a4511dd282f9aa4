package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// A roScope receives the lines of llvm-readobj's LLVM-style output, as its
// ScopedPrinter writes them: fields, and list and dict scopes, each closed
// by end. roText writes them as text identical to llvm-readobj-22's, as they
// come; roNode builds a tree for JSON.
type roScope interface {
	list(label string) roScope // "Label [" ... "]"
	dict(label string) roScope // "Label {" ... "}", "{" ... "}" without a label
	flat(label string) roScope // no line in text; an object "Label" in JSON
	end()                      // closes the scope list, dict or flat opened
	blank()                    // an empty line in text
	line(s string)
	str(label, s string)
	num(label string, v uint64)
	hex(label string, v uint64)
	yesNo(label string, b bool)
	named(label, name string, v uint64)
	nums(label string, vs []uint32)
	list64(label string, vs []uint64)
}

// roText writes a roScope's lines as they come, through a buffer of its
// own so that a line is one append, not several writes.
type roText struct {
	w       *bufio.Writer
	depth   int
	closers []byte // ']' or '}' per open scope, 0 for a flat one
	out     []byte
	bb      *bbLines // the pieces of BB entry lines, made when first needed
}

// flush hands the buffered lines to the writer.
func (t *roText) flush() {
	t.w.Write(t.out)
	t.out = t.out[:0]
}

// spaces indents up to 32 levels in one append.
const spaces = "                                                                "

// start begins a line at the current depth.
func (t *roText) start() {
	if len(t.out) > 32<<10 {
		t.flush()
	}
	t.out = append(t.out, indentation(t.depth)...)
}

// indentation returns the spaces that start a line at depth.
func indentation(depth int) string {
	if n := 2 * depth; n <= len(spaces) {
		return spaces[:n]
	}
	return strings.Repeat(" ", 2*depth)
}

func (t *roText) open(label, brace string, closer byte) roScope {
	t.start()
	if label != "" {
		t.out = append(append(t.out, label...), ' ')
	}
	t.out = append(append(t.out, brace...), '\n')
	t.depth++
	t.closers = append(t.closers, closer)
	return t
}

func (t *roText) list(label string) roScope { return t.open(label, "[", ']') }
func (t *roText) dict(label string) roScope { return t.open(label, "{", '}') }
func (t *roText) flat(string) roScope {
	t.closers = append(t.closers, 0)
	return t
}

func (t *roText) end() {
	c := t.closers[len(t.closers)-1]
	t.closers = t.closers[:len(t.closers)-1]
	if c == 0 {
		return
	}
	t.depth--
	t.start()
	t.out = append(t.out, c, '\n')
}

func (t *roText) blank() { t.out = append(t.out, '\n') }

func (t *roText) line(s string) {
	t.start()
	t.out = append(append(t.out, s...), '\n')
}

// label starts a "Label: " line.
func (t *roText) label(label string) {
	t.start()
	t.out = append(append(t.out, label...), ": "...)
}

func (t *roText) str(label, s string) {
	t.label(label)
	t.out = append(append(t.out, s...), '\n')
}

func (t *roText) num(label string, v uint64) {
	t.label(label)
	t.out = append(strconv.AppendUint(t.out, v, 10), '\n')
}

func (t *roText) hex(label string, v uint64) {
	t.label(label)
	t.out = append(appendUpperHex(append(t.out, "0x"...), v), '\n')
}

func (t *roText) yesNo(label string, b bool) {
	if b {
		t.str(label, "Yes")
	} else {
		t.str(label, "No")
	}
}

func (t *roText) named(label, name string, v uint64) {
	t.label(label)
	t.out = append(append(t.out, name...), " ("...)
	t.out = append(strconv.AppendUint(t.out, v, 10), ')', '\n')
}

func (t *roText) nums(label string, vs []uint32) {
	t.label(label)
	t.out = append(t.out, '[')
	for i, v := range vs {
		if i > 0 {
			t.out = append(t.out, ", "...)
		}
		t.out = strconv.AppendUint(t.out, uint64(v), 10)
	}
	t.out = append(t.out, ']', '\n')
}

func (t *roText) list64(label string, vs []uint64) {
	t.label(label)
	t.out = append(t.out, '[')
	for i, v := range vs {
		if i > 0 {
			t.out = append(t.out, ", "...)
		}
		t.out = strconv.AppendUint(t.out, v, 10)
	}
	t.out = append(t.out, ']', '\n')
}

// appendUpperHex appends v in upper-case hexadecimal.
func appendUpperHex(b []byte, v uint64) []byte {
	var buf [16]byte
	i := len(buf)
	for {
		i--
		buf[i] = "0123456789ABCDEF"[v&0xf]
		v >>= 4
		if v == 0 {
			break
		}
	}
	return append(b, buf[i:]...)
}

// A roNode is one line or scope of the output, kept for JSON.
type roNode struct {
	kind  roKind
	label string
	value any // a field's or a line's value
	kids  []*roNode
}

type roKind uint8

const (
	roField roKind = iota // "Label": value
	roLine                // a string in a list
	roList                // "Label": [kids]
	roDict                // "Label": {kids}, or {kids} in a list
	roFlat                // "Label": {kids}; no line of its own in text
)

func (n *roNode) add(k *roNode) *roNode { n.kids = append(n.kids, k); return k }

func (n *roNode) field(label string, v any) {
	n.add(&roNode{kind: roField, label: label, value: v})
}

func (n *roNode) list(label string) roScope        { return n.add(&roNode{kind: roList, label: label}) }
func (n *roNode) dict(label string) roScope        { return n.add(&roNode{kind: roDict, label: label}) }
func (n *roNode) flat(label string) roScope        { return n.add(&roNode{kind: roFlat, label: label}) }
func (n *roNode) end()                             {}
func (n *roNode) blank()                           {}
func (n *roNode) line(s string)                    { n.add(&roNode{kind: roLine, value: s}) }
func (n *roNode) str(label, s string)              { n.field(label, s) }
func (n *roNode) num(label string, v uint64)       { n.field(label, v) }
func (n *roNode) hex(label string, v uint64)       { n.field(label, v) }
func (n *roNode) yesNo(label string, b bool)       { n.field(label, b) }
func (n *roNode) nums(label string, vs []uint32)   { n.field(label, append([]uint32{}, vs...)) }
func (n *roNode) list64(label string, vs []uint64) { n.field(label, append([]uint64{}, vs...)) }
func (n *roNode) named(label, name string, v uint64) {
	n.field(label, orderedObject{{"Name", name}, {"Value", v}})
}

// jsonValue turns n into a value for encoding/json. Unlike llvm-readobj's,
// the result is always valid JSON: a labeled entry of a list becomes a
// one-key object.
func (n *roNode) jsonValue() any {
	switch n.kind {
	case roField, roLine:
		return n.value
	case roList:
		arr := make([]any, 0, len(n.kids))
		for _, k := range n.kids {
			v := k.jsonValue()
			if k.kind != roLine && k.label != "" {
				v = orderedObject{{k.label, v}}
			}
			arr = append(arr, v)
		}
		return arr
	}
	obj := make(orderedObject, 0, len(n.kids))
	for _, k := range n.kids {
		obj = append(obj, orderedField{k.label, k.jsonValue()})
	}
	return obj
}

// orderedObject is a JSON object that keeps its keys in order.
type orderedObject []orderedField

type orderedField struct {
	key   string
	value any
}

func (o orderedObject) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // "<Not found>", not "\u003cNot found\u003e"
	buf.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := enc.Encode(f.key); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
		buf.WriteByte(':')
		if err := enc.Encode(f.value); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}
