package assembly

import (
	"encoding/binary"
	"strconv"
	"unsafe"

	"github.com/bcextract/bcextract/internal/faults"
	"github.com/bcextract/bcextract/ir"
)

// The definitions of numbered metadata nodes ("!N = ...") come last in a
// module's text, but most nodes are a function's own (its locations,
// scopes and variables, and in Rust's modules its DISubprogram) and are
// numbered when that function is. Rather than keep every node until the
// end, the printer records each one's definition as soon as it and all it
// refers to are numbered (mdSlot numbers a node's operands with it), into
// an mdText, and forgets the node: the function's body, and the nodes
// with it, can then be freed as soon as the function is printed.
//
// An mdText holds records in chunks, one record a definition, in the order
// of the nodes' numbers: a record does not hold its node's number, which
// is one more than the record's before it. A definition is held compactly
// as a record kind and its fields as uvarints: a DILocation's
// line, column, scope and so on; a tuple's operands; a specialized node's
// fields, each as its name (in names) and value, a string as its length
// and bytes (or, from mdStrRef bytes on, its index in strs). A node a
// record refers to is held by the difference of its number and the
// record's (see appendOp), most often a byte: a function's nodes are
// numbered together. A node these do not describe (an operand printed
// inline, an MDList field) is held as a text record: its text. The text
// is made at the end, by writeMD.
type mdText struct {
	chunks [][]byte
	// cuts are, for each chunk, where a definition starts: the chunk's
	// first, then one about every mdPiece bytes; writeMD makes the text
	// of the pieces between them on two goroutines. A string held by
	// reference counts its length (refBytes since the last cut), so that
	// a piece's text stays small: it is held whole while it is written.
	cuts     [][]mdCut
	refBytes int
	// names are the field and kind names, by index, and nameIdx their
	// indexes by the address of their bytes (they are the reader's
	// constants: few addresses).
	names   []string
	nameIdx map[nameKey]uint64
	// strs are the strings of at least mdStrRef bytes the records refer
	// to by index rather than hold: the metadata strings of a module
	// read with bitcode's ShareStrings lie in the bitcode itself, and
	// the others are kept alive by strs as a copy would be.
	strs paged[string]
}

// An mdCut is where a definition starts in a chunk: its offset, and its
// node's number.
type mdCut struct {
	off, slot int32
}

type nameKey struct {
	p *byte
	n int
}

// mdChunkSize is the size of the chunks of an mdText; a new one is started
// when less than mdChunkSlack is left, so that a record, written directly
// into the chunk, seldom makes it grow.
const (
	mdChunkSize  = 256 << 10
	mdChunkSlack = 16 << 10
)

// The kinds of record of an mdText, its first byte.
const (
	mdRecLocation = iota // a DILocation: see appendLocationRecord
	mdRecText            // uvarint length, then text as is
	mdRecTuple           // an MDTuple: see appendTupleRecord
	mdRecNode            // a SpecializedNode: see appendNodeRecord
)

// The operands of a tuple record, and the values of MD fields of a node
// record: 0 null, 1 then a string (!"..."), 2+N node N.
const (
	mdOpNull = iota
	mdOpString
	mdOpNode
)

// renderMD records the definitions of the nodes numbered since the last
// call into p.md and drops them. It is called once every node numbered so
// far has its operands numbered too: after numberModule and after each
// function's incorporateFunction. When the module's metadata is not to be
// printed (Options.Functions), the nodes are dropped unrecorded.
func (p *printer) renderMD() { p.renderFirst(len(p.mdPending)) }

// renderFirst is renderMD for the first k nodes waiting only, whose
// operands are numbered (see renderReady).
func (p *printer) renderFirst(k int) {
	if k == 0 {
		return
	}
	done := p.mdPending[:k]
	defer func() {
		clear(done)
		rest := copy(p.mdPending, p.mdPending[k:])
		clear(p.mdPending[rest:])
		p.mdPending = p.mdPending[:rest]
		p.mdDone += k
	}()
	if !p.mdWrite {
		return
	}
	// The definitions are printed as at the end of the module: outside of
	// any function.
	fn := p.fn
	p.fn = nil
	saved := p.b
	for i, n := range done {
		s := p.mdDone + i
		chunk := p.md.room(s)
		var ok bool
		switch n := n.(type) {
		case *ir.DILocation:
			ok = p.appendLocationRecord(chunk, s, n)
		case *ir.MDTuple:
			ok = p.appendTupleRecord(chunk, s, n)
		case *ir.SpecializedNode:
			ok = p.appendNodeRecord(chunk, s, n)
		}
		if ok {
			continue
		}
		// Held as a text record: a length, then the bytes.
		p.b = p.mdScratch[:0]
		p.byte1('!')
		p.int(int64(s))
		p.str(" = ")
		p.mdNodeBody(n)
		p.byte1('\n')
		text := p.b
		p.mdScratch = text[:0]
		chunk = append(chunk, mdRecText)
		chunk = binary.AppendUvarint(chunk, uint64(len(text)))
		chunk = append(chunk, text...)
		p.setChunk(chunk)
	}
	p.b = saved
	p.fn = fn
}

// room returns the chunk to write the definition of node s into, a new
// one when the last has less than mdChunkSlack left, and notes a cut
// where the definition starts when the piece since the last cut is long
// enough.
func (t *mdText) room(s int) []byte {
	if n := len(t.chunks); n > 0 {
		if c := t.chunks[n-1]; cap(c)-len(c) >= mdChunkSlack {
			cuts := t.cuts[n-1]
			if len(c)-int(cuts[len(cuts)-1].off)+t.refBytes >= mdPiece {
				t.cuts[n-1] = append(cuts, mdCut{int32(len(c)), int32(s)})
				t.refBytes = 0
			}
			return c
		}
	}
	c := make([]byte, 0, mdChunkSize)
	t.refBytes = 0
	t.chunks = append(t.chunks, c)
	t.cuts = append(t.cuts, []mdCut{{0, int32(s)}})
	return c
}

// name returns the index of a field or kind name.
func (t *mdText) name(s string) uint64 {
	k := nameKey{unsafe.StringData(s), len(s)}
	if i, ok := t.nameIdx[k]; ok {
		return i
	}
	if t.nameIdx == nil {
		t.nameIdx = make(map[nameKey]uint64)
	}
	i := uint64(len(t.names))
	t.names = append(t.names, s)
	t.nameIdx[k] = i
	return i
}

// mdStrRef is the length from which a string of a record is referred to
// (an index into mdText.strs) rather than held (its bytes).
const mdStrRef = 24

// appendString appends a string of a record: its length times two and
// its bytes, or its index in t.strs times two plus one.
func (t *mdText) appendString(b []byte, s string) []byte {
	if len(s) < mdStrRef {
		b = binary.AppendUvarint(b, uint64(len(s))<<1)
		return append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(t.strs.len())<<1|1)
	t.strs.push(s)
	t.refBytes += len(s)
	return b
}

// appendRecordHead starts a record of kind k: its kind and flags (1 for
// distinct; a DILocation adds 2 for isImplicitCode).
func appendRecordHead(chunk []byte, k byte, flags uint64) []byte {
	chunk = append(chunk, k)
	return binary.AppendUvarint(chunk, flags)
}

// zigzag maps a signed difference to an unsigned one small when the
// difference is small either way, as binary.AppendVarint does.
func zigzag(d int) uint64 { return uint64(d<<1) ^ uint64(d>>63) }

// unzigzag undoes zigzag.
func unzigzag(u uint64) int { return int(u>>1) ^ -int(u&1) }

// distinctFlag is the flags of a record head for a node that is distinct
// or not.
func distinctFlag(distinct bool) uint64 {
	if distinct {
		return 1
	}
	return 0
}

// setChunk makes chunk the last chunk of p.md.
func (p *printer) setChunk(chunk []byte) { p.md.chunks[len(p.md.chunks)-1] = chunk }

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
	flags := distinctFlag(n.Distinct)
	if n.ImplicitCode {
		flags |= 2
	}
	chunk = appendRecordHead(chunk, mdRecLocation, flags)
	chunk = binary.AppendUvarint(chunk, uint64(n.Line))
	chunk = binary.AppendUvarint(chunk, uint64(n.Column))
	// The scope is never null; the inlinedAt location plus one, 0 null.
	chunk = binary.AppendUvarint(chunk, zigzag(scope-1-s))
	if ia != 0 {
		chunk = binary.AppendUvarint(chunk, 1+zigzag(ia-1-s))
	} else {
		chunk = append(chunk, 0)
	}
	chunk = binary.AppendUvarint(chunk, n.AtomGroup)
	chunk = binary.AppendUvarint(chunk, uint64(n.AtomRank))
	p.setChunk(chunk)
	return true
}

// mdRef returns the number plus one of a node a DILocation refers to, 0
// for null; false when it is neither null nor a numbered node.
func (p *printer) mdRef(md ir.Metadata) (int, bool) {
	if ir.IsNilMetadata(md) {
		return 0, true
	}
	n, ok := md.(ir.MDNode)
	if !ok || isExpression(n) {
		return 0, false
	}
	s, ok := p.mdSlot0(n)
	return s + 1, ok
}

// mdOp returns the encoding of an operand printed by mdOperand as null,
// !"string" or !N (see mdOpNull); false for any other.
func (p *printer) mdOp(md ir.Metadata) (uint64, bool) {
	if ir.IsNilMetadata(md) {
		return mdOpNull, true
	}
	if _, ok := md.(*ir.MDString); ok {
		return mdOpString, true
	}
	n, ok := md.(ir.MDNode)
	if !ok || isExpression(n) {
		return 0, false
	}
	if l, ok := n.(*ir.SpecializedNode); ok && l.Kind == "DILocation" {
		return 0, false // printed inline when not numbered; rare
	}
	s, ok := p.mdSlot0(n)
	return mdOpNode + uint64(s), ok
}

// appendOp appends operand md of the record of node s, which mdOp
// accepted with code c: a node as mdOpNode plus the zigzag of the
// difference of its number and s.
func (p *printer) appendOp(chunk []byte, s int, md ir.Metadata, c uint64) []byte {
	if c >= mdOpNode {
		return binary.AppendUvarint(chunk, mdOpNode+zigzag(int(c-mdOpNode)-s))
	}
	chunk = binary.AppendUvarint(chunk, c)
	if c == mdOpString {
		chunk = p.md.appendString(chunk, md.(*ir.MDString).Value)
	}
	return chunk
}

// appendTupleRecord appends the record of tuple n, numbered s: its
// distinct flag, its operand count and its operands; false when an
// operand is other than null, a string or a numbered node.
func (p *printer) appendTupleRecord(chunk []byte, s int, n *ir.MDTuple) bool {
	for _, op := range n.Ops {
		if _, ok := p.mdOp(op); !ok {
			return false
		}
	}
	chunk = appendRecordHead(chunk, mdRecTuple, distinctFlag(n.Distinct))
	chunk = binary.AppendUvarint(chunk, uint64(len(n.Ops)))
	for _, op := range n.Ops {
		c, _ := p.mdOp(op)
		chunk = p.appendOp(chunk, s, op, c)
	}
	p.setChunk(chunk)
	return true
}

// The kinds of field in a node record, each followed by its value.
const (
	mdFieldOp      = iota // an operand (see mdOpNull)
	mdFieldInt            // zigzag varint, signed decimal
	mdFieldUint           // uvarint, unsigned decimal
	mdFieldString         // a string (see appendString), quoted and escaped
	mdFieldRaw            // a string, as is
	mdFieldBool           // 0 or 1
	mdFieldDIFlags        // uvarint, spelled as DIFlags (see appendDIFlags)
	mdFieldSPFlags        // uvarint, spelled as DISPFlags (see appendSPFlags)
	mdFieldEnum           // the ir.DIEnum, then the value as a uvarint (see appendDIEnum)
)

// appendNodeRecord appends the record of specialized node n, numbered s:
// its distinct flag, kind name, field count and fields (name, kind,
// value), those walkFields yields, as specializedBody prints them; false
// when a field is one the record does not describe (an operand printed
// inline, a list).
func (p *printer) appendNodeRecord(chunk []byte, s int, n *ir.SpecializedNode) bool {
	count := 0
	walk := walkFields(n)
	for w := walk; ; {
		f, ok := w.next()
		if !ok {
			break
		}
		switch f.Kind {
		case ir.FieldMD:
			if _, ok := p.mdOp(f.MD); !ok {
				return false
			}
		case ir.FieldConstInt, ir.FieldSize:
			if _, ok := constIntOf(f.MD); ok {
				break
			}
			if _, ok := p.mdOp(f.MD); !ok {
				return false
			}
		case ir.FieldInt, ir.FieldUint, ir.FieldString, ir.FieldRaw, ir.FieldBool, ir.FieldDIFlags, ir.FieldSPFlags, ir.FieldEnum:
		default:
			return false
		}
		count++
	}
	chunk = appendRecordHead(chunk, mdRecNode, distinctFlag(n.Distinct))
	chunk = binary.AppendUvarint(chunk, p.md.name(n.Kind))
	chunk = binary.AppendUvarint(chunk, uint64(count))
	for w := walk; ; {
		f, ok := w.next()
		if !ok {
			break
		}
		var c int64
		isConst := false
		if f.Kind == ir.FieldConstInt || f.Kind == ir.FieldSize {
			c, isConst = constIntOf(f.MD)
		}
		chunk = binary.AppendUvarint(chunk, p.md.name(f.Name.String()))
		switch {
		case isConst:
			chunk = append(chunk, mdFieldInt)
			chunk = binary.AppendVarint(chunk, c)
		case f.Kind == ir.FieldMD || f.Kind == ir.FieldConstInt || f.Kind == ir.FieldSize:
			op, _ := p.mdOp(f.MD)
			chunk = append(chunk, mdFieldOp)
			chunk = p.appendOp(chunk, s, f.MD, op)
		case f.Kind == ir.FieldInt:
			chunk = append(chunk, mdFieldInt)
			chunk = binary.AppendVarint(chunk, f.Int)
		case f.Kind == ir.FieldUint:
			chunk = append(chunk, mdFieldUint)
			chunk = binary.AppendUvarint(chunk, uint64(f.Int))
		case f.Kind == ir.FieldString:
			chunk = append(chunk, mdFieldString)
			chunk = p.md.appendString(chunk, f.Text())
		case f.Kind == ir.FieldRaw:
			chunk = append(chunk, mdFieldRaw)
			chunk = p.md.appendString(chunk, f.Text())
		case f.Kind == ir.FieldBool:
			chunk = append(chunk, mdFieldBool)
			if f.Int != 0 {
				chunk = append(chunk, 1)
			} else {
				chunk = append(chunk, 0)
			}
		case f.Kind == ir.FieldDIFlags:
			chunk = append(chunk, mdFieldDIFlags)
			chunk = binary.AppendUvarint(chunk, uint64(f.Int))
		case f.Kind == ir.FieldSPFlags:
			chunk = append(chunk, mdFieldSPFlags)
			chunk = binary.AppendUvarint(chunk, uint64(f.Int))
		case f.Kind == ir.FieldEnum:
			chunk = append(chunk, mdFieldEnum, byte(f.Enum))
			chunk = binary.AppendUvarint(chunk, uint64(f.Int))
		}
	}
	p.setChunk(chunk)
	return true
}

// mdPiece is how many bytes of records writeMD makes text at a time.
const mdPiece = 64 << 10

// writeMD writes out the definitions held in p.md, in order, and frees
// them. The records are made text a piece at a time, every other piece by
// a goroutine, so that two processors share the work; what they make is
// written in order.
func (p *printer) writeMD() {
	type job struct {
		in       mdPieceOf
		out      []byte
		panicked any
	}
	jobs := make(chan job)
	done := make(chan job)
	// The strings of the records may lie in a mapped file: the goroutine
	// reads them as the printer's does, and its panic is the printer's.
	fault := faults.Mode()
	go func() {
		defer close(done)
		for j := range jobs {
			j.panicked = faults.Catch(fault, func() { j.out = p.md.appendText(j.out[:0], j.in) })
			done <- j
		}
	}()
	defer func() {
		close(jobs)
		<-done
	}()
	var spare []byte
	for i, c := range p.md.chunks {
		pieces := cutAt(c, p.md.cuts[i])
		for k := 0; k < len(pieces); k += 2 {
			theirs := k+1 < len(pieces)
			if theirs {
				jobs <- job{in: pieces[k+1], out: spare}
			}
			p.b = p.md.appendText(p.b, pieces[k])
			p.maybeFlush()
			if theirs {
				j := <-done
				if j.panicked != nil {
					panic(j.panicked)
				}
				p.flush()
				if p.err == nil {
					_, p.err = p.out.Write(j.out)
				}
				spare = j.out
			}
		}
		p.md.chunks[i] = nil
	}
	p.md = mdText{}
}

// An mdPieceOf is a piece of a chunk: its records, and the number of the
// node the first defines.
type mdPieceOf struct {
	recs []byte
	slot int
}

// cutAt cuts chunk c at its cuts (the first is its start).
func cutAt(c []byte, cuts []mdCut) []mdPieceOf {
	ps := make([]mdPieceOf, len(cuts))
	for i, k := range cuts {
		end := len(c)
		if i+1 < len(cuts) {
			end = int(cuts[i+1].off)
		}
		ps[i] = mdPieceOf{c[k.off:end], int(k.slot)}
	}
	return ps
}

// appendText appends the text of the records of piece pc.
func (t *mdText) appendText(dst []byte, pc mdPieceOf) []byte {
	d := recDecoder{b: pc.recs, strs: &t.strs, slot: pc.slot}
	for len(d.b) > 0 {
		dst = t.appendRecord(dst, &d)
		d.slot++
	}
	return dst
}

// A recDecoder reads the fields of a record; strs are mdText.strs, slot
// the number of the node the record defines.
type recDecoder struct {
	b    []byte
	strs *paged[string]
	slot int
}

func (d *recDecoder) uint() uint64 {
	v, k := binary.Uvarint(d.b)
	d.b = d.b[k:]
	return v
}

func (d *recDecoder) int() int64 {
	v, k := binary.Varint(d.b)
	d.b = d.b[k:]
	return v
}

func (d *recDecoder) byte1() byte {
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

// str reads a string.
func (d *recDecoder) str() []byte {
	n := d.uint()
	if n&1 != 0 {
		// The bytes of a string, only read.
		s := d.strs.at(int(n >> 1))
		return unsafe.Slice(unsafe.StringData(s), len(s))
	}
	n >>= 1
	s := d.b[:n]
	d.b = d.b[n:]
	return s
}

// op reads an operand: its code, and its bytes when a string.
// op reads an operand: its code (a node's with its number, see
// appendOp) and, for a string, its bytes.
func (d *recDecoder) op() (code uint64, str []byte) {
	code = d.uint()
	switch {
	case code >= mdOpNode:
		code = mdOpNode + uint64(d.slot+unzigzag(code-mdOpNode))
	case code == mdOpString:
		str = d.str()
	}
	return code, str
}

// field reads a field's kind and value (v, or the operand code, or the
// string).
func (d *recDecoder) field() (kind byte, v int64, code uint64, str []byte) {
	kind = d.byte1()
	switch kind {
	case mdFieldOp:
		code, str = d.op()
	case mdFieldInt:
		v = d.int()
	case mdFieldUint, mdFieldDIFlags, mdFieldSPFlags:
		code = d.uint()
	case mdFieldString, mdFieldRaw:
		str = d.str()
	case mdFieldBool:
		v = int64(d.byte1())
	case mdFieldEnum:
		v = int64(d.byte1())
		code = d.uint()
	}
	return kind, v, code, str
}

// appendRecord appends the text of the record d is at, as mdNodeBody and
// the line around it print it, and moves d past it.
func (t *mdText) appendRecord(b []byte, d *recDecoder) []byte {
	kind := d.byte1()
	if kind == mdRecText {
		n := d.uint()
		b = append(b, d.b[:n]...)
		d.b = d.b[n:]
		return b
	}
	b = append(b, '!')
	b = strconv.AppendUint(b, uint64(d.slot), 10)
	b = append(b, " = "...)
	flags := d.uint()
	if flags&1 != 0 {
		b = append(b, "distinct "...)
	}
	switch kind {
	case mdRecLocation:
		return appendLocationText(b, d, flags)
	case mdRecTuple:
		b = append(b, "!{"...)
		for i, n := 0, d.uint(); uint64(i) < n; i++ {
			if i > 0 {
				b = append(b, ", "...)
			}
			code, str := d.op()
			b = appendOpText(b, code, str)
		}
		b = append(b, '}')
	case mdRecNode:
		b = append(b, '!')
		b = append(b, t.names[d.uint()]...)
		b = append(b, '(')
		for i, n := 0, d.uint(); uint64(i) < n; i++ {
			if i > 0 {
				b = append(b, ", "...)
			}
			if name := t.names[d.uint()]; name != "" {
				b = append(b, name...)
				b = append(b, ": "...)
			}
			kind, v, code, str := d.field()
			switch kind {
			case mdFieldOp:
				b = appendOpText(b, code, str)
			case mdFieldInt:
				b = strconv.AppendInt(b, v, 10)
			case mdFieldUint:
				b = strconv.AppendUint(b, code, 10)
			case mdFieldString:
				b = append(b, '"')
				b = appendEscaped(b, str)
				b = append(b, '"')
			case mdFieldRaw:
				b = append(b, str...)
			case mdFieldBool:
				if v != 0 {
					b = append(b, "true"...)
				} else {
					b = append(b, "false"...)
				}
			case mdFieldDIFlags:
				b = appendDIFlags(b, code)
			case mdFieldSPFlags:
				b = appendSPFlags(b, code)
			case mdFieldEnum:
				b = appendDIEnum(b, ir.DIEnum(v), code)
			}
		}
		b = append(b, ')')
	}
	return append(b, '\n')
}

// appendOpText appends an operand as mdOperand prints it.
func appendOpText(b []byte, code uint64, str []byte) []byte {
	switch code {
	case mdOpNull:
		return append(b, "null"...)
	case mdOpString:
		b = append(b, "!\""...)
		b = appendEscaped(b, str)
		return append(b, '"')
	}
	b = append(b, '!')
	return strconv.AppendUint(b, code-mdOpNode, 10)
}

// appendLocationText appends the text of a DILocation record, its fields
// read from d, after "!N = " and its distinct flag.
func appendLocationText(b []byte, d *recDecoder, flags uint64) []byte {
	var v [6]uint64
	for i := range v {
		v[i] = d.uint()
	}
	line, col, group, rank := v[0], v[1], v[4], v[5]
	scope := uint64(d.slot+unzigzag(v[2])) + 1
	ia := v[3]
	if ia != 0 {
		ia = uint64(d.slot+unzigzag(ia-1)) + 1
	}
	b = append(b, "!DILocation(line: "...)
	b = strconv.AppendUint(b, line, 10)
	if col != 0 {
		b = append(b, ", column: "...)
		b = strconv.AppendUint(b, col, 10)
	}
	b = append(b, ", scope: !"...)
	b = strconv.AppendUint(b, scope-1, 10)
	if ia != 0 {
		b = append(b, ", inlinedAt: !"...)
		b = strconv.AppendUint(b, ia-1, 10)
	}
	if flags&2 != 0 {
		b = append(b, ", isImplicitCode: true"...)
	}
	if group != 0 {
		b = append(b, ", atomGroup: "...)
		b = strconv.AppendUint(b, group, 10)
	}
	if rank != 0 {
		b = append(b, ", atomRank: "...)
		b = strconv.AppendUint(b, rank, 10)
	}
	return append(b, ")\n"...)
}
