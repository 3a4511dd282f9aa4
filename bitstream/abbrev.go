package bitstream

// An Encoding says how an abbreviation operand is stored.
type Encoding uint8

// Operand encodings. The values of Fixed through Blob are the 3-bit codes a
// DEFINE_ABBREV stores; Literal is not stored as an encoding (it has its own
// flag bit) and is given the otherwise invalid value 0.
const (
	Literal Encoding = 0
	Fixed   Encoding = 1
	VBR     Encoding = 2
	Array   Encoding = 3
	Char6   Encoding = 4
	Blob    Encoding = 5
)

var encodingNames = [...]string{"Literal", "Fixed", "VBR", "Array", "Char6", "Blob"}

// String returns the encoding's name ("Fixed", "VBR", ...), or
// "Encoding(N)" for a value that names none.
func (e Encoding) String() string {
	if int(e) < len(encodingNames) {
		return encodingNames[e]
	}
	return "Encoding(" + itoa(uint64(e)) + ")"
}

// An AbbrevOp is one operand of an abbreviation. Value is the literal value for
// Literal and the bit width for Fixed and VBR; it is unused otherwise.
type AbbrevOp struct {
	Enc Encoding
	// ZeroWidth is Fixed or VBR for the Literal 0 a stream defined as a
	// Fixed(0) or VBR(0) operand, which reads no bits and is read as that
	// literal, as LLVM reads it; a Writer defines it as it was defined.
	ZeroWidth Encoding
	Value     uint64
}

// An Abbrev is an abbreviation: the shape of the records that use it.
// Ops[0] describes the record code.
type Abbrev struct {
	Ops []AbbrevOp
	// ArrayIndex is the index in Ops of the first Array operand, or -1.
	ArrayIndex int
}

// maxChunk is LLVM's MaxChunkSize: the widest Fixed or VBR field and the
// widest abbreviation ID.
const maxChunk = 32

// char6 is the alphabet of the Char6 encoding.
const char6 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"

// DecodeChar6 maps a 6-bit Char6 value to its character.
func DecodeChar6(v uint64) byte { return char6[v&63] }

// readAbbrev reads the body of a DEFINE_ABBREV (after its abbrev ID).
func readAbbrev(c *Cursor) (*Abbrev, error) {
	start := c.BitPos()
	n, err := c.ReadVBR(5)
	if err != nil {
		return nil, err
	}
	// Every operand takes at least 4 bits, so a count the rest of the stream
	// cannot hold is rejected before anything is allocated.
	if uint64(n)*4 > c.BitLen()-c.BitPos() {
		return nil, c.errorfEnd("abbreviation claims %d operands, more than the stream holds (the abbreviation at bit %d)", n, start)
	}
	a := &Abbrev{Ops: make([]AbbrevOp, 0, n), ArrayIndex: -1}
	for i := uint32(0); i < n; i++ {
		isLit, err := c.Read(1)
		if err != nil {
			return nil, err
		}
		if isLit == 1 {
			v, err := c.ReadVBR64(8)
			if err != nil {
				return nil, err
			}
			a.Ops = append(a.Ops, AbbrevOp{Enc: Literal, Value: v})
			continue
		}
		opPos := c.BitPos()
		e, err := c.Read(3)
		if err != nil {
			return nil, err
		}
		enc := Encoding(e)
		switch enc {
		case Fixed, VBR:
			w, err := c.ReadVBR64(5)
			if err != nil {
				return nil, err
			}
			if w == 0 {
				// Fixed(0) and VBR(0) read no bits: LLVM turns them into a
				// literal 0.
				a.Ops = append(a.Ops, AbbrevOp{Enc: Literal, ZeroWidth: enc})
				continue
			}
			if w > maxChunk {
				return nil, c.errorfAt(opPos, nil, "%v abbreviation operand with width %d > %d", enc, w, maxChunk)
			}
			a.Ops = append(a.Ops, AbbrevOp{Enc: enc, Value: w})
		case Array, Char6, Blob:
			if enc == Array && a.ArrayIndex < 0 {
				a.ArrayIndex = len(a.Ops)
			}
			a.Ops = append(a.Ops, AbbrevOp{Enc: enc})
		default:
			return nil, c.errorfAt(opPos, nil, "invalid abbreviation operand encoding %d", e)
		}
	}
	if len(a.Ops) == 0 {
		return nil, c.errorfAt(start, nil, "abbreviation with no operands")
	}
	return a, nil
}

// itoa formats v in decimal without fmt (used on paths that must not
// allocate more than the result).
func itoa(v uint64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			break
		}
	}
	return string(b[i:])
}
