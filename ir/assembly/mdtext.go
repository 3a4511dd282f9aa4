package assembly

import (
	"bytes"
	"encoding/binary"

	"github.com/bcextract/bcextract/ir"
)

// The definitions of numbered metadata nodes ("!N = ...") come last in a
// module's text, but most nodes are a function's own (its locations,
// scopes and variables, and in Rust's modules its DISubprogram) and are
// numbered when that function is. Rather than keep every node until the
// end, the printer writes each one's definition as soon as it and all it
// refers to are numbered (mdSlot numbers a node's operands with it), into
// an mdText, and forgets the node: the function's body, and the nodes
// with it, can then be freed as soon as the function is printed.
//
// An mdText is text in chunks, except that a DILocation, most of a
// module's nodes, is held in a few bytes rather than as its line of text:
// a zero byte (which the text of a node never holds: strings print with
// \00) then the location's fields as uvarints, written out as text at the
// end. A node whose text would hold a zero byte after all is held as a
// zero byte, its length and its text.
type mdText struct {
	chunks [][]byte
}

// mdChunkSize is the size of the chunks of an mdText; a new one is started
// when less than mdChunkSlack is left, so that a node's text, written
// directly into the chunk, seldom makes it grow.
const (
	mdChunkSize  = 1 << 20
	mdChunkSlack = 16 << 10
)

// The kinds of record after a zero byte of an mdText.
const (
	mdRecLocation = iota // a DILocation: see appendLocationRecord
	mdRecText            // uvarint length, then text as is
)

// renderMD writes the definitions of the nodes numbered since the last
// call into p.md and drops them. It is called once every node numbered so
// far has its operands numbered too: after numberModule and after each
// function's incorporateFunction. When the module's metadata is not to be
// printed (Options.Functions), the nodes are dropped unwritten.
func (p *printer) renderMD() {
	if !p.mdWrite {
		clear(p.mdPending)
		p.mdPending = p.mdPending[:0]
		p.mdDone = p.mdAddr.len()
		return
	}
	if len(p.mdPending) == 0 {
		return
	}
	// The definitions are printed as at the end of the module: outside of
	// any function.
	fn := p.fn
	p.fn = nil
	saved := p.b
	for i, n := range p.mdPending {
		chunk := p.md.room()
		if loc, ok := n.(*ir.DILocation); ok && p.appendLocationRecord(chunk, p.mdDone+i, loc) {
			continue
		}
		start := len(chunk)
		p.b = chunk
		p.byte1('!')
		p.int(int64(p.mdDone + i))
		p.str(" = ")
		p.mdNodeBody(n)
		p.byte1('\n')
		chunk = p.b
		if bytes.IndexByte(chunk[start:], 0) >= 0 {
			// Held as a text record: a length, then the bytes.
			text := append([]byte(nil), chunk[start:]...)
			chunk = append(chunk[:start], 0, mdRecText)
			chunk = binary.AppendUvarint(chunk, uint64(len(text)))
			chunk = append(chunk, text...)
		}
		p.md.chunks[len(p.md.chunks)-1] = chunk
	}
	p.b = saved
	p.fn = fn
	clear(p.mdPending)
	p.mdPending = p.mdPending[:0]
	p.mdDone = p.mdAddr.len()
}

// room returns the chunk to write into, a new one when the last has less
// than mdChunkSlack left.
func (t *mdText) room() []byte {
	if n := len(t.chunks); n > 0 {
		if c := t.chunks[n-1]; cap(c)-len(c) >= mdChunkSlack {
			return c
		}
	}
	c := make([]byte, 0, mdChunkSize)
	t.chunks = append(t.chunks, c)
	return c
}

// appendLocationRecord appends the record of DILocation n, numbered s,
// to the last chunk of p.md, which is chunk; false when n does not fit one
// (its scope or inlinedAt is not a numbered node), to be written as text.
func (p *printer) appendLocationRecord(chunk []byte, s int, n *ir.DILocation) bool {
	scope, ok := p.mdRef(n.Scope)
	if !ok || scope == 0 {
		return false
	}
	ia, ok := p.mdRef(n.InlinedAt)
	if !ok {
		return false
	}
	var flags uint64
	if n.Distinct {
		flags |= 1
	}
	if n.ImplicitCode {
		flags |= 2
	}
	chunk = append(chunk, 0, mdRecLocation)
	chunk = binary.AppendUvarint(chunk, uint64(s))
	chunk = binary.AppendUvarint(chunk, flags)
	chunk = binary.AppendUvarint(chunk, uint64(n.Line))
	chunk = binary.AppendUvarint(chunk, uint64(n.Column))
	chunk = binary.AppendUvarint(chunk, uint64(scope))
	chunk = binary.AppendUvarint(chunk, uint64(ia))
	chunk = binary.AppendUvarint(chunk, n.AtomGroup)
	chunk = binary.AppendUvarint(chunk, uint64(n.AtomRank))
	p.md.chunks[len(p.md.chunks)-1] = chunk
	return true
}

// mdRef returns the number plus one of a node a DILocation refers to, 0
// for null; false when it is neither null nor a numbered node.
func (p *printer) mdRef(md ir.Metadata) (int, bool) {
	if isNilMD(md) {
		return 0, true
	}
	n, ok := md.(ir.MDNode)
	if !ok || isExpression(n) {
		return 0, false
	}
	s, ok := p.mdSlot0(n)
	return s + 1, ok
}

// writeMD writes out the definitions held in p.md, in order, and frees
// them.
func (p *printer) writeMD() {
	for i, c := range p.md.chunks {
		for len(c) > 0 && p.err == nil {
			z := bytes.IndexByte(c, 0)
			if z < 0 {
				p.b = append(p.b, c...)
				p.maybeFlush()
				break
			}
			p.b = append(p.b, c[:z]...)
			c = p.writeRecord(c[z+1:])
			p.maybeFlush()
		}
		p.md.chunks[i] = nil
	}
	p.md.chunks = nil
}

// writeRecord writes the record at the start of c (after its zero byte)
// as text and returns what follows it.
func (p *printer) writeRecord(c []byte) []byte {
	kind, c := c[0], c[1:]
	if kind == mdRecText {
		n, k := binary.Uvarint(c)
		c = c[k:]
		p.b = append(p.b, c[:n]...)
		return c[n:]
	}
	var v [8]uint64
	for i := range v {
		x, k := binary.Uvarint(c)
		v[i], c = x, c[k:]
	}
	s, flags, line, col, scope, ia, group, rank := v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]
	p.byte1('!')
	p.uint(s)
	p.str(" = ")
	if flags&1 != 0 {
		p.str("distinct ")
	}
	p.str("!DILocation(line: ")
	p.uint(line)
	if col != 0 {
		p.str(", column: ")
		p.uint(col)
	}
	p.str(", scope: !")
	p.uint(scope - 1)
	if ia != 0 {
		p.str(", inlinedAt: !")
		p.uint(ia - 1)
	}
	if flags&2 != 0 {
		p.str(", isImplicitCode: true")
	}
	if group != 0 {
		p.str(", atomGroup: ")
		p.uint(group)
	}
	if rank != 0 {
		p.str(", atomRank: ")
		p.uint(rank)
	}
	p.str(")\n")
	return c
}
