package readobj

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"strings"
)

// A scope receives the lines of llvm-readobj's LLVM-style output, as its
// ScopedPrinter writes them: fields, and list and dict scopes, each closed
// by end. textScope writes them as text identical to llvm-readobj-22's, as they
// come; jsonNode builds a tree for JSON.
type scope interface {
	list(label string) scope // "Label [" ... "]"
	dict(label string) scope // "Label {" ... "}", "{" ... "}" without a label
	flat(label string) scope // no line in text; an object "Label" in JSON
	end()                    // closes the scope list, dict or flat opened
	blank()                  // an empty line in text
	line(s string)
	str(label, s string)
	num(label string, v uint64)
	hex(label string, v uint64)
	yesNo(label string, b bool)
	named(label, name string, v uint64)
	nums(label string, vs []uint32)
	list64(label string, vs []uint64)
}

// textScope writes a scope's lines as they come, through a buffer of its
// own so that a line is one append, not several writes.
type textScope struct {
	w       io.Writer
	err     error // the first error writing to w
	depth   int
	closers []byte // ']' or '}' per open scope, 0 for a flat one
	out     []byte
	bb      *bbLines // the pieces of BB entry lines, made when first needed
}

// flush hands the buffered lines to the writer.
func (t *textScope) flush() {
	if t.err == nil && len(t.out) > 0 {
		_, t.err = t.w.Write(t.out)
	}
	t.out = t.out[:0]
}

// spaces indents up to 32 levels in one append.
const spaces = "                                                                "

// start begins a line at the current depth.
func (t *textScope) start() {
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

func (t *textScope) open(label, brace string, closer byte) scope {
	t.start()
	if label != "" {
		t.out = append(append(t.out, label...), ' ')
	}
	t.out = append(append(t.out, brace...), '\n')
	t.depth++
	t.closers = append(t.closers, closer)
	return t
}

func (t *textScope) list(label string) scope { return t.open(label, "[", ']') }
func (t *textScope) dict(label string) scope { return t.open(label, "{", '}') }
func (t *textScope) flat(string) scope {
	t.closers = append(t.closers, 0)
	return t
}

func (t *textScope) end() {
	c := t.closers[len(t.closers)-1]
	t.closers = t.closers[:len(t.closers)-1]
	if c == 0 {
		return
	}
	t.depth--
	t.start()
	t.out = append(t.out, c, '\n')
}

func (t *textScope) blank() { t.out = append(t.out, '\n') }

func (t *textScope) line(s string) {
	t.start()
	t.out = append(append(t.out, s...), '\n')
}

// label starts a "Label: " line.
func (t *textScope) label(label string) {
	t.start()
	t.out = append(append(t.out, label...), ": "...)
}

func (t *textScope) str(label, s string) {
	t.label(label)
	t.out = append(append(t.out, s...), '\n')
}

func (t *textScope) num(label string, v uint64) {
	t.label(label)
	t.out = append(strconv.AppendUint(t.out, v, 10), '\n')
}

func (t *textScope) hex(label string, v uint64) {
	t.label(label)
	t.out = append(appendUpperHex(append(t.out, "0x"...), v), '\n')
}

func (t *textScope) yesNo(label string, b bool) {
	if b {
		t.str(label, "Yes")
	} else {
		t.str(label, "No")
	}
}

func (t *textScope) named(label, name string, v uint64) {
	t.label(label)
	t.out = append(append(t.out, name...), " ("...)
	t.out = append(strconv.AppendUint(t.out, v, 10), ')', '\n')
}

func (t *textScope) nums(label string, vs []uint32) {
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

func (t *textScope) list64(label string, vs []uint64) {
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

// A jsonNode is one line or scope of the output, kept for JSON.
type jsonNode struct {
	kind  nodeKind
	label string
	value any // a field's or a line's value
	kids  []*jsonNode
}

type nodeKind uint8

const (
	kindField nodeKind = iota // "Label": value
	kindLine                  // a string in a list
	kindList                  // "Label": [kids]
	kindDict                  // "Label": {kids}, or {kids} in a list
	kindFlat                  // "Label": {kids}; no line of its own in text
)

func (n *jsonNode) add(k *jsonNode) *jsonNode { n.kids = append(n.kids, k); return k }

func (n *jsonNode) field(label string, v any) {
	n.add(&jsonNode{kind: kindField, label: label, value: v})
}

func (n *jsonNode) list(label string) scope          { return n.add(&jsonNode{kind: kindList, label: label}) }
func (n *jsonNode) dict(label string) scope          { return n.add(&jsonNode{kind: kindDict, label: label}) }
func (n *jsonNode) flat(label string) scope          { return n.add(&jsonNode{kind: kindFlat, label: label}) }
func (n *jsonNode) end()                             {}
func (n *jsonNode) blank()                           {}
func (n *jsonNode) line(s string)                    { n.add(&jsonNode{kind: kindLine, value: s}) }
func (n *jsonNode) str(label, s string)              { n.field(label, s) }
func (n *jsonNode) num(label string, v uint64)       { n.field(label, v) }
func (n *jsonNode) hex(label string, v uint64)       { n.field(label, v) }
func (n *jsonNode) yesNo(label string, b bool)       { n.field(label, b) }
func (n *jsonNode) nums(label string, vs []uint32)   { n.field(label, append([]uint32{}, vs...)) }
func (n *jsonNode) list64(label string, vs []uint64) { n.field(label, append([]uint64{}, vs...)) }
func (n *jsonNode) named(label, name string, v uint64) {
	n.field(label, Object{{"Name", name}, {"Value", v}})
}

// jsonValue turns n into a value for encoding/json. Unlike llvm-readobj's,
// the result is always valid JSON: a labeled entry of a list becomes a
// one-key object.
func (n *jsonNode) jsonValue() any {
	switch n.kind {
	case kindField, kindLine:
		return n.value
	case kindList:
		arr := make([]any, 0, len(n.kids))
		for _, k := range n.kids {
			v := k.jsonValue()
			if k.kind != kindLine && k.label != "" {
				v = Object{{k.label, v}}
			}
			arr = append(arr, v)
		}
		return arr
	}
	obj := make(Object, 0, len(n.kids))
	for _, k := range n.kids {
		obj = append(obj, Field{k.label, k.jsonValue()})
	}
	return obj
}

// An Object is a JSON object that keeps its keys in order: the form of one
// file's dump that JSON returns. Its values are strings, numbers, booleans,
// slices of numbers, []any and Objects.
type Object []Field

// A Field is one key of an Object and its value.
type Field struct {
	Key   string
	Value any
}

// MarshalJSON encodes o with its keys in order, without escaping HTML
// characters ("<Not found>" as it is; json.Marshal escapes them again
// unless it is an Encoder's with SetEscapeHTML(false)).
func (o Object) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // "<Not found>", not "\u003cNot found\u003e"
	buf.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := enc.Encode(f.Key); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
		buf.WriteByte(':')
		if err := enc.Encode(f.Value); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}
