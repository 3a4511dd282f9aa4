package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// A roNode is one line (or scope) of llvm-readobj's LLVM-style output, as
// its ScopedPrinter writes it. The sections printers build a tree of them
// per file, rendered either as text identical to llvm-readobj-22's or as
// JSON.
type roNode struct {
	kind  roKind
	label string
	text  string // a field's value or a line, as the text output shows it
	value any    // a field's value in JSON
	kids  []*roNode
}

type roKind uint8

const (
	roField roKind = iota // "Label: text"
	roLine                // "text" (an entry of a list of strings)
	roList                // "Label [" kids "]"
	roDict                // "Label {" kids "}", or "{" kids "}" with no label
	roFlat                // kids at the parent's depth in text; an object "Label" in JSON
	roBlank               // an empty line in text; nothing in JSON
)

func (n *roNode) add(k *roNode) *roNode { n.kids = append(n.kids, k); return k }

func (n *roNode) list(label string) *roNode { return n.add(&roNode{kind: roList, label: label}) }
func (n *roNode) dict(label string) *roNode { return n.add(&roNode{kind: roDict, label: label}) }
func (n *roNode) line(s string)             { n.add(&roNode{kind: roLine, text: s, value: s}) }

func (n *roNode) str(label, s string) { n.add(&roNode{kind: roField, label: label, text: s, value: s}) }
func (n *roNode) num(label string, v uint64) {
	n.add(&roNode{kind: roField, label: label, text: strconv.FormatUint(v, 10), value: v})
}

// hex prints 0x and upper-case digits in text, a number in JSON.
func (n *roNode) hex(label string, v uint64) {
	n.add(&roNode{kind: roField, label: label, text: "0x" + strings.ToUpper(strconv.FormatUint(v, 16)), value: v})
}

func (n *roNode) yesNo(label string, b bool) {
	t := "No"
	if b {
		t = "Yes"
	}
	n.add(&roNode{kind: roField, label: label, text: t, value: b})
}

// named prints "name (number)" in text, {"Name", "Value"} in JSON.
func (n *roNode) named(label, name string, v uint64) {
	n.add(&roNode{kind: roField, label: label, text: name + " (" + strconv.FormatUint(v, 10) + ")",
		value: map[string]any{"Name": name, "Value": v}})
}

// nums prints "[a, b]" in text, an array in JSON.
func (n *roNode) nums(label string, vs []uint32) {
	var b strings.Builder
	b.WriteByte('[')
	js := make([]uint32, len(vs))
	for i, v := range vs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatUint(uint64(v), 10))
		js[i] = v
	}
	b.WriteByte(']')
	n.add(&roNode{kind: roField, label: label, text: b.String(), value: js})
}

// writeText writes the children of n as llvm-readobj's LLVM style does,
// indented by two spaces per level.
func (n *roNode) writeText(w *bufio.Writer, depth int) {
	for _, k := range n.kids {
		ind := strings.Repeat("  ", depth)
		switch k.kind {
		case roField:
			w.WriteString(ind + k.label + ": " + k.text + "\n")
		case roLine:
			w.WriteString(ind + k.text + "\n")
		case roList:
			w.WriteString(ind + k.label + " [\n")
			k.writeText(w, depth+1)
			w.WriteString(ind + "]\n")
		case roBlank:
			w.WriteString("\n")
		case roFlat:
			k.writeText(w, depth)
		case roDict:
			if k.label == "" {
				w.WriteString(ind + "{\n")
			} else {
				w.WriteString(ind + k.label + " {\n")
			}
			k.writeText(w, depth+1)
			w.WriteString(ind + "}\n")
		}
	}
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
			if k.kind == roBlank {
				continue
			}
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
		if k.kind == roBlank {
			continue
		}
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
