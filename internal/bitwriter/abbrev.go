package bitwriter

import "fmt"

// Op is an abbreviation operand for DefineAbbrev: Lit(v), or an encoding
// 1..5 (Fixed, VBR, Array, Char6, Blob) with its width for Fixed and VBR.
type Op struct {
	Literal bool
	Enc     uint64
	Value   uint64
}

// Operand encodings, as stored in Op.Enc.
const (
	EncFixed = 1 // Fixed(width)
	EncVBR   = 2 // VBR(width)
	EncArray = 3 // Array of the following operand
	EncChar6 = 4 // Char6
	EncBlob  = 5 // Blob
)

// Lit is a literal operand.
func Lit(v uint64) Op { return Op{Literal: true, Value: v} }

// Encodings for Op.
var (
	Array = Op{Enc: EncArray}
	Char6 = Op{Enc: EncChar6}
	Blob  = Op{Enc: EncBlob}
)

// FixedOp is a Fixed(width) operand.
func FixedOp(width uint64) Op { return Op{Enc: EncFixed, Value: width} }

// VBROp is a VBR(width) operand.
func VBROp(width uint64) Op { return Op{Enc: EncVBR, Value: width} }

// EncOp is an operand with the raw encoding enc (its low 3 bits are
// written) and no width, for building malformed abbreviations with
// encodings 0, 6 or 7. For EncFixed and EncVBR it is a width-0 operand.
func EncOp(enc uint64) Op { return Op{Enc: enc} }

// DefineAbbrev writes a DEFINE_ABBREV with the given operands. It does not
// check them, so malformed definitions can be written.
func (w *Writer) DefineAbbrev(ops ...Op) {
	w.Abbrev(2)
	w.VBR(uint64(len(ops)), 5)
	for _, op := range ops {
		if op.Literal {
			w.Fixed(1, 1)
			w.VBR(op.Value, 8)
			continue
		}
		w.Fixed(0, 1)
		w.Fixed(op.Enc, 3)
		if op.Enc == EncFixed || op.Enc == EncVBR {
			w.VBR(op.Value, 5)
		}
	}
}

// AbbrevRecord writes a record with abbreviation ID id, whose definition
// is ops: the ID in the current width, then Operands(ops, vals, blob).
func (w *Writer) AbbrevRecord(id uint64, ops []Op, vals []uint64, blob []byte) {
	w.Abbrev(id)
	w.Operands(ops, vals, blob)
}

// Operands writes the fields of a record abbreviated as ops. vals holds one
// value per non-literal scalar operand, in order (the code included when
// it is not a literal); an Array operand takes all remaining values, each
// written with the operand that follows the Array; a Blob operand writes
// blob. Literal operands write nothing. It panics when ops cannot encode
// the values: an unknown or misplaced encoding, too few or too many
// values, a value that is not a Char6 character.
func (w *Writer) Operands(ops []Op, vals []uint64, blob []byte) {
	i := 0
	for j := 0; j < len(ops); j++ {
		op := ops[j]
		switch {
		case op.Literal:
		case op.Enc == EncArray:
			if j+1 >= len(ops) {
				panic("bitwriter: Array is the last operand")
			}
			elt := ops[j+1]
			w.VBR(uint64(len(vals)-i), 6)
			for ; i < len(vals); i++ {
				w.scalar(elt, vals[i])
			}
			j++
		case op.Enc == EncBlob:
			w.Blob(blob)
		default:
			if i >= len(vals) {
				panic(fmt.Sprintf("bitwriter: operand %d has no value", j))
			}
			w.scalar(op, vals[i])
			i++
		}
	}
	if i != len(vals) {
		panic(fmt.Sprintf("bitwriter: %d values unused", len(vals)-i))
	}
}

// scalar writes v with the scalar operand op.
func (w *Writer) scalar(op Op, v uint64) {
	switch {
	case op.Literal:
	case op.Enc == EncFixed:
		w.Fixed(v, uint(op.Value))
	case op.Enc == EncVBR:
		w.VBR(v, uint(op.Value))
	case op.Enc == EncChar6:
		if v > 0xFF {
			panic(fmt.Sprintf("bitwriter: %d is not a Char6 character", v))
		}
		w.Char6(byte(v))
	default:
		panic(fmt.Sprintf("bitwriter: encoding %d is not a scalar", op.Enc))
	}
}
