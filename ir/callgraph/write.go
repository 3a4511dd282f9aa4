package callgraph

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"strings"
)

// WriteDOT writes g for Graphviz: a digraph with a box per function
// (labelled with its name, and its module when it is local; dashed when no
// module defines it) and an arrow per edge, labelled with its number of
// call sites when there is more than one.
func (g *Graph) WriteDOT(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("digraph callgraph {\n\tnode [shape=box, fontname=\"monospace\"];\n")
	for i := range g.Nodes {
		n := &g.Nodes[i]
		bw.WriteString("\t")
		bw.WriteString(dotQuote(n.ID))
		label := n.Name
		if n.Local {
			label += "\n" + n.Module
		}
		bw.WriteString(" [label=")
		bw.WriteString(dotQuote(label))
		if !n.Defined {
			bw.WriteString(", style=dashed")
		}
		bw.WriteString("];\n")
	}
	for _, e := range g.Edges {
		bw.WriteString("\t")
		bw.WriteString(dotQuote(g.Nodes[e.Caller].ID))
		bw.WriteString(" -> ")
		bw.WriteString(dotQuote(g.Nodes[e.Callee].ID))
		if e.Sites > 1 {
			bw.WriteString(" [label=\"")
			bw.WriteString(strconv.Itoa(e.Sites))
			bw.WriteString("\"]")
		}
		bw.WriteString(";\n")
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// dotQuote returns s as a DOT quoted string: quotes and backslashes
// escaped, newlines as DOT's \n.
func dotQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// jsonNode and jsonEdge are the JSON forms of a Node and an Edge.
type jsonNode struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Module      string `json:"module"`
	Local       bool   `json:"local"`
	Defined     bool   `json:"defined"`
	Definitions int    `json:"definitions"`
}

type jsonEdge struct {
	Caller   string `json:"caller"`
	Callee   string `json:"callee"`
	Sites    int    `json:"sites"`
	ViaAlias int    `json:"via_alias"`
}

// WriteJSON writes g as one JSON document:
//
//	{"nodes": [{"id", "name", "module", "local", "defined", "definitions"}, ...],
//	 "edges": [{"caller", "callee", "sites", "via_alias"}, ...]}
//
// where an edge names its caller and callee by node ID. There is a node or
// an edge per line.
func (g *Graph) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriter(w)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	// put writes v without the newline Encode adds.
	put := func(v any) error {
		buf.Reset()
		if err := enc.Encode(v); err != nil {
			return err
		}
		bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte{'\n'}))
		return nil
	}
	bw.WriteString("{\"nodes\": [")
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n  ")
		if err := put(jsonNode{n.ID, n.Name, n.Module, n.Local, n.Defined, n.Definitions}); err != nil {
			return err
		}
	}
	bw.WriteString("\n ],\n \"edges\": [")
	for i, e := range g.Edges {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n  ")
		if err := put(jsonEdge{g.Nodes[e.Caller].ID, g.Nodes[e.Callee].ID, e.Sites, e.ViaAlias}); err != nil {
			return err
		}
	}
	bw.WriteString("\n ]}\n")
	return bw.Flush()
}
