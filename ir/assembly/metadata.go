package assembly

import (
	"github.com/bcextract/bcextract/ir"
)

// attachments writes metadata attachments, each as sep + "!kind !N".
func (p *printer) attachments(as []ir.Attachment, sep string) {
	for _, a := range as {
		p.str(sep)
		p.byte1('!')
		p.b = appendMDIdentifier(p.b, a.Kind)
		p.byte1(' ')
		if ir.IsNilMetadata(a.Node) {
			p.str("null")
			continue
		}
		p.mdOperand(a.Node, 0)
	}
}

// mdOperand writes a reference to metadata, as LLVM's
// WriteAsOperandInternal for metadata does: a node as !N (DIExpression and
// DIArgList inline, an unnumbered DILocation inline), a string as !"...",
// a value as "type value".
func (p *printer) mdOperand(md ir.Metadata, depth int) {
	if ir.IsNilMetadata(md) {
		p.str("null")
		return
	}
	if depth > maxDepth {
		p.limited("<recursive metadata>")
		return
	}
	switch md := md.(type) {
	case *ir.MDString:
		p.str("!\"")
		p.escaped(md.Value)
		p.byte1('"')
	case *ir.ValueAsMetadata:
		if isNilValue(md.Value) {
			p.str("<null operand!>")
			return
		}
		p.typ(md.Value.Type())
		p.byte1(' ')
		p.value(md.Value, depth+1)
	case *ir.DIArgList:
		p.str("!DIArgList(")
		for i, a := range md.Args {
			if i > 0 {
				p.str(", ")
			}
			p.mdOperand(a, depth+1)
		}
		p.byte1(')')
	case *ir.DILocation:
		if n, ok := p.mdSlot0(md); ok {
			p.byte1('!')
			p.int(int64(n))
			return
		}
		p.locationBody(md, depth)
	case *ir.SpecializedNode:
		if md.Kind == "DIExpression" {
			p.specializedBody(md, depth)
			return
		}
		if n, ok := p.mdSlot0(md); ok {
			p.byte1('!')
			p.int(int64(n))
			return
		}
		if md.Kind == "DILocation" {
			p.specializedBody(md, depth)
			return
		}
		p.str("<badref>")
	case ir.MDNode:
		if n, ok := p.mdSlot0(md); ok {
			p.byte1('!')
			p.int(int64(n))
			return
		}
		p.str("<badref>")
	default:
		p.str("<badref>")
	}
}

// mdNodeBody writes a numbered node's definition after "!N = ".
func (p *printer) mdNodeBody(n ir.MDNode) {
	if n.IsDistinct() {
		p.str("distinct ")
	}
	switch n := n.(type) {
	case *ir.MDTuple:
		p.str("!{")
		for i, op := range n.Ops {
			if i > 0 {
				p.str(", ")
			}
			p.mdOperand(op, 0)
		}
		p.byte1('}')
	case *ir.DILocation:
		p.locationBody(n, 0)
	case *ir.SpecializedNode:
		p.specializedBody(n, 0)
	default:
		p.str("<unknown node>")
	}
}

// locationBody writes !DILocation(...), fields at their defaults left out
// as LLVM's writeDILocation leaves them out.
func (p *printer) locationBody(n *ir.DILocation, depth int) {
	p.str("!DILocation(line: ")
	p.uint(uint64(n.Line))
	if n.Column != 0 {
		p.str(", column: ")
		p.uint(uint64(n.Column))
	}
	p.str(", scope: ")
	p.mdOperand(n.Scope, depth+1)
	if !ir.IsNilMetadata(n.InlinedAt) {
		p.str(", inlinedAt: ")
		p.mdOperand(n.InlinedAt, depth+1)
	}
	if n.ImplicitCode {
		p.str(", isImplicitCode: true")
	}
	if n.AtomGroup != 0 {
		p.str(", atomGroup: ")
		p.uint(n.AtomGroup)
	}
	if n.AtomRank != 0 {
		p.str(", atomRank: ")
		p.uint(uint64(n.AtomRank))
	}
	p.byte1(')')
}

// specializedBody writes !Kind(name: value, ...), the fields walkFields
// yields, leaving out the names that are empty (as in
// !DIExpression(DW_OP_deref)).
func (p *printer) specializedBody(n *ir.SpecializedNode, depth int) {
	p.byte1('!')
	p.str(n.Kind)
	p.byte1('(')
	if n.Kind == "DIExpression" && exprElements(n.Fields) {
		p.b = appendExprElements(p.b, n.Fields)
		p.byte1(')')
		return
	}
	first := true
	for w := walkFields(n); ; {
		f, ok := w.next()
		if !ok {
			break
		}
		if !first {
			p.str(", ")
		}
		first = false
		if f.Name != 0 {
			p.str(f.Name.String())
			p.str(": ")
		}
		switch f.Kind {
		case ir.FieldMD:
			p.mdOperand(f.MD, depth+1)
		case ir.FieldMDList:
			p.byte1('{')
			if t, ok := f.MD.(*ir.MDTuple); ok && t != nil {
				for j, op := range t.Ops {
					if j > 0 {
						p.str(", ")
					}
					p.mdOperand(op, depth+1)
				}
			}
			p.byte1('}')
		case ir.FieldConstInt, ir.FieldSize:
			if c, ok := constIntOf(f.MD); ok {
				p.int(c)
			} else {
				p.mdOperand(f.MD, depth+1)
			}
		case ir.FieldInt:
			p.int(f.Int)
		case ir.FieldUint:
			p.uint(uint64(f.Int))
		case ir.FieldString:
			p.byte1('"')
			p.escaped(f.Text())
			p.byte1('"')
		case ir.FieldRaw:
			p.str(f.Text())
		case ir.FieldBool:
			if f.Int != 0 {
				p.str("true")
			} else {
				p.str("false")
			}
		case ir.FieldDIFlags:
			p.b = appendDIFlags(p.b, uint64(f.Int))
		case ir.FieldSPFlags:
			p.b = appendSPFlags(p.b, uint64(f.Int))
		case ir.FieldEnum:
			p.b = appendDIEnum(p.b, f.Enum, uint64(f.Int))
		}
	}
	p.byte1(')')
}

func (p *printer) printNamedMetadata(nmd *ir.NamedMetadata) {
	p.byte1('!')
	p.b = appendMDIdentifier(p.b, nmd.Name)
	p.str(" = !{")
	for i, n := range nmd.Ops {
		if i > 0 {
			p.str(", ")
			// The line can be as long as the module is large, and
			// nothing on it pads to a column: it is written out as it
			// grows.
			p.maybeFlush()
		}
		if isExpression(n) {
			p.specializedBody(n.(*ir.SpecializedNode), 0)
			continue
		}
		if s, ok := p.mdSlot0(n); ok {
			p.byte1('!')
			p.int(int64(s))
		} else {
			p.str("<badref>")
		}
	}
	p.str("}\n")
}

var debugRecordNames = [...]string{
	ir.DbgValue:        "#dbg_value(",
	ir.DbgDeclare:      "#dbg_declare(",
	ir.DbgAssign:       "#dbg_assign(",
	ir.DbgLabel:        "#dbg_label(",
	ir.DbgDeclareValue: "#dbg_declare_value(",
}

// debugRecord writes a #dbg_ record, without its indentation and line end.
func (p *printer) debugRecord(r *ir.DebugRecord) {
	if int(r.Kind) < len(debugRecordNames) {
		p.str(debugRecordNames[r.Kind])
	} else {
		p.str("#dbg_unknown(")
	}
	for i, op := range r.Ops {
		if i > 0 {
			p.str(", ")
		}
		p.mdOperand(op, 0)
	}
	p.byte1(')')
}

// constIntOf returns the value of md when it is a ValueAsMetadata holding
// an integer constant of at most 64 bits.
func constIntOf(md ir.Metadata) (int64, bool) {
	v, ok := md.(*ir.ValueAsMetadata)
	if !ok || v == nil {
		return 0, false
	}
	c, ok := v.Value.(*ir.ConstInt)
	if !ok || c == nil || c.Big != nil {
		return 0, false
	}
	return c.V, true
}
