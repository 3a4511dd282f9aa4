package bitstream

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/bcextract/bcextract/internal/bitwriter"
)

// A progGen draws a writer program's choices from fuzz input: each call
// takes the next bytes, and 0 once they are used up.
type progGen struct{ b []byte }

func (g *progGen) byte1() uint8 {
	if len(g.b) == 0 {
		return 0
	}
	c := g.b[0]
	g.b = g.b[1:]
	return c
}

// value draws a value of up to 64 bits: a first byte says how many bytes
// follow.
func (g *progGen) value() uint64 {
	n := g.byte1() % 9
	var v uint64
	for i := uint8(0); i < n; i++ {
		v = v<<8 | uint64(g.byte1())
	}
	return v
}

// abbrev draws an abbreviation that checkAbbrev accepts.
func (g *progGen) abbrev() *Abbrev {
	scalar := func(eltOK bool) AbbrevOp {
		switch g.byte1() % 4 {
		case 0:
			if !eltOK {
				return AbbrevOp{Enc: Literal, Value: g.value() % 100}
			}
			fallthrough
		case 1:
			return AbbrevOp{Enc: Fixed, Value: uint64(g.byte1() % 33)}
		case 2:
			w := uint64(g.byte1()%32) + 1
			if w == 1 {
				w = 0
			}
			return AbbrevOp{Enc: VBR, Value: w}
		default:
			return AbbrevOp{Enc: Char6}
		}
	}
	ops := []AbbrevOp{scalar(false)}
	for n := g.byte1() % 4; n > 0; n-- {
		ops = append(ops, scalar(false))
	}
	switch g.byte1() % 3 {
	case 1:
		elt := scalar(true)
		if elt.Value == 0 && elt.Enc != Char6 {
			elt.Value = 8 // a zero-width element is refused
		}
		ops = append(ops, AbbrevOp{Enc: Array}, elt)
	case 2:
		ops = append(ops, AbbrevOp{Enc: Blob})
	}
	return MakeAbbrev(ops...)
}

// fit returns a value op can hold, drawn from v; bad says to make one it
// cannot hold, when there is one.
func fit(op AbbrevOp, v uint64, bad bool) (uint64, bool) {
	switch op.Enc {
	case Literal:
		if bad {
			return op.Value + 1, true
		}
		return op.Value, false
	case Fixed:
		if op.Value < 64 {
			if bad {
				return v | 1<<op.Value, true
			}
			return v & (1<<op.Value - 1), false
		}
	case VBR:
		if op.Value == 0 {
			if bad {
				return v | 1, true
			}
			return 0, false
		}
	case Char6:
		if bad {
			return '-', true
		}
		return uint64(char6[v%64]), false
	}
	return v, false
}

// An event is what a program wrote and a reader must read back.
type event struct {
	kind string // "enter", "exit", "record"
	id   uint32 // block ID, or record code
	ops  []uint64
	blob []byte
}

func (e event) String() string { return fmt.Sprintf("%s %d %v %q", e.kind, e.id, e.ops, e.blob) }

// writerProgram runs the writer program drawn from data on w, and the
// same calls on internal/bitwriter's writer, which it returns with the
// events a reader must read back, the blocks left open, and whether a
// call was invalid (after which it stops).
func writerProgram(t *testing.T, data []byte, w *Writer) (o *bitwriter.Writer, want []event, open int, invalid bool) {
	g := &progGen{b: data}
	o = bitwriter.New()
	w.WriteMagic(LLVMIRStream)
	o.Magic([4]byte{'B', 'C', 0xc0, 0xde})
	type block struct {
		width   uint
		abbrevs []*Abbrev
	}
	var stack []block
	info := map[uint32][]*Abbrev{}
	for step := 0; step < 300 && len(g.b) > 0 && !invalid; step++ {
		switch g.byte1() % 6 {
		case 0: // enter a block
			if len(stack) >= 6 {
				break
			}
			id := 8 + uint32(g.byte1()%8)
			width := 2 + uint(g.byte1()%5)
			w.EnterBlock(id, width)
			o.EnterBlock(uint64(id), width)
			stack = append(stack, block{width, slices.Clone(info[id])})
			want = append(want, event{kind: "enter", id: id})
		case 1: // end one
			if len(stack) == 0 {
				break
			}
			w.ExitBlock()
			o.EndBlock()
			stack = stack[:len(stack)-1]
			want = append(want, event{kind: "exit"})
		case 2: // define an abbreviation
			if len(stack) == 0 {
				break
			}
			a := g.abbrev()
			id := w.DefineAbbrev(a)
			o.DefineAbbrev(oracleOps(a)...)
			b := &stack[len(stack)-1]
			b.abbrevs = append(b.abbrevs, a)
			if int(id) != len(b.abbrevs)+3 {
				t.Fatalf("DefineAbbrev returned %d, want %d", id, len(b.abbrevs)+3)
			}
		case 3: // an unabbreviated record
			if len(stack) == 0 {
				break
			}
			code := uint32(g.value())
			ops := make([]uint64, g.byte1()%6)
			for i := range ops {
				ops[i] = g.value()
			}
			w.WriteRecord(code, ops)
			o.Unabbrev(uint64(code), ops...)
			want = append(want, event{kind: "record", id: code, ops: ops})
		case 4: // an abbreviated record
			if len(stack) == 0 || len(stack[len(stack)-1].abbrevs) == 0 {
				break
			}
			b := stack[len(stack)-1]
			k := int(g.byte1()) % len(b.abbrevs)
			id := uint32(k + FirstApplicationAbbrev)
			a := b.abbrevs[k]
			badAt := -1
			if g.byte1()%16 == 0 {
				badAt = int(g.byte1()) % len(a.Ops)
			}
			code, bad := fit(a.Ops[0], g.value()&0xffffffff, badAt == 0)
			if code > 0xffffffff {
				// Codes are 32 bits: not a value to make bad.
				code, bad = code&0xffffffff, false
			}
			vals := []uint64{code} // for the oracle: no literals
			if a.Ops[0].Enc == Literal {
				vals = nil
			}
			var ops []uint64
			var blob []byte
			for i := 1; i < len(a.Ops); i++ {
				op := a.Ops[i]
				switch op.Enc {
				case Array:
					elt := a.Ops[i+1]
					for n := g.byte1() % 5; n > 0; n-- {
						v, _ := fit(elt, g.value(), false)
						ops = append(ops, v)
						vals = append(vals, v)
					}
					i++
				case Blob:
					blob = make([]byte, g.byte1()%9)
					for j := range blob {
						blob[j] = g.byte1()
					}
				default:
					v, b := fit(op, g.value(), badAt == i)
					bad = bad || b
					ops = append(ops, v)
					if op.Enc != Literal {
						vals = append(vals, v)
					}
				}
			}
			if uint64(id)>>b.width != 0 {
				bad = true
			}
			w.WriteAbbrevRecord(id, uint32(code), ops, blob)
			if bad {
				invalid = true
				break
			}
			o.AbbrevRecord(uint64(id), oracleOps(a), vals, blob)
			want = append(want, event{kind: "record", id: uint32(code), ops: ops, blob: blob})
		case 5: // a BLOCKINFO block
			w.EnterBlockInfo()
			o.EnterBlock(0, 2)
			clear(info)
			cur := int64(-1)
			for n := g.byte1() % 4; n > 0; n-- {
				id := 8 + uint32(g.byte1()%8)
				a := g.abbrev()
				got := w.BlockInfoAbbrev(id, a)
				if int64(id) != cur {
					o.Unabbrev(BLOCKINFO_CODE_SETBID, uint64(id))
					cur = int64(id)
				}
				o.DefineAbbrev(oracleOps(a)...)
				info[id] = append(info[id], a)
				if int(got) != len(info[id])+3 {
					t.Fatalf("BlockInfoAbbrev returned %d, want %d", got, len(info[id])+3)
				}
			}
			w.ExitBlock()
			o.EndBlock()
		}
		if !invalid && w.Err() != nil {
			t.Fatalf("step %d: %v", step, w.Err())
		}
	}
	return o, want, len(stack), invalid
}

// FuzzWriter runs writer programs drawn from the input: blocks, BLOCKINFO
// blocks, abbreviation definitions, unabbreviated and abbreviated records
// with values that fit (or, sometimes, one that does not). A program
// whose calls are all valid must write the bytes internal/bitwriter, an
// independent bit-at-a-time writer, writes for the same calls, and a
// Reader must read back what was written; a program with an invalid call
// must end with Err set. Never a panic.
func FuzzWriter(f *testing.F) {
	f.Add([]byte{0, 8, 3, 2, 1, 1, 4, 0, 3, 3, 1, 5, 4, 0, 0, 1})
	f.Add([]byte{5, 2, 3, 1, 2, 0, 1, 7, 0, 2, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1})
	f.Add(bytes.Repeat([]byte{0, 9, 2, 2, 3, 0, 2, 1, 2, 4, 4, 1, 1, 1}, 4))
	f.Fuzz(func(t *testing.T, data []byte) {
		w := NewWriter(nil)
		o, want, open, invalid := writerProgram(t, data, w)
		if invalid {
			if w.Err() == nil {
				t.Fatal("a value that does not fit its operand was written without an error")
			}
			return
		}
		for range open {
			w.ExitBlock()
			o.EndBlock()
			want = append(want, event{kind: "exit"})
		}
		if w.Err() != nil {
			t.Fatal(w.Err())
		}
		if !bytes.Equal(w.Bytes(), o.Bytes) {
			t.Fatalf("bytes\n% x\nbitwriter's\n% x", w.Bytes(), o.Bytes)
		}
		got, err := readEvents(w.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("read back\n%v\nwant\n%v", got, want)
		}
		// The same program through a stream writer writing out every
		// few words: the same bytes.
		out := &memOutput{}
		sw := NewStreamWriter(out, 4*(1+len(data)%5))
		writerProgram(t, data, sw)
		for range open {
			sw.ExitBlock()
		}
		if err := sw.Flush(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.b, w.Bytes()) {
			t.Fatalf("stream writer's bytes\n% x\nwant\n% x", out.b, w.Bytes())
		}
	})
}

// oracleOps converts an abbreviation for internal/bitwriter.
func oracleOps(a *Abbrev) []bitwriter.Op {
	var ops []bitwriter.Op
	for _, op := range a.Ops {
		switch op.Enc {
		case Literal:
			ops = append(ops, bitwriter.Lit(op.Value))
		case Fixed:
			ops = append(ops, bitwriter.FixedOp(op.Value))
		case VBR:
			ops = append(ops, bitwriter.VBROp(op.Value))
		case Array:
			ops = append(ops, bitwriter.Array)
		case Char6:
			ops = append(ops, bitwriter.Char6)
		case Blob:
			ops = append(ops, bitwriter.Blob)
		}
	}
	return ops
}

// readEvents reads a stream back into events, BLOCKINFO installed and
// left out.
func readEvents(data []byte) ([]event, error) {
	r := NewReader(data)
	if _, err := ReadMagic(r.Cursor()); err != nil {
		return nil, err
	}
	var out []event
	for !(r.Depth() == 0 && r.AtEnd()) {
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		switch e.Kind {
		case EntryEndBlock:
			out = append(out, event{kind: "exit"})
		case EntrySubBlock:
			if e.ID == BLOCKINFO_BLOCK_ID {
				bi, err := r.ReadBlockInfoBlock(false)
				if err != nil {
					return nil, err
				}
				r.SetBlockInfo(bi)
				continue
			}
			if _, err := r.EnterBlock(e.ID); err != nil {
				return nil, err
			}
			out = append(out, event{kind: "enter", id: e.ID})
		case EntryDefineAbbrev:
			if _, err := r.DefineAbbrev(); err != nil {
				return nil, err
			}
		case EntryRecord:
			rec, err := r.ReadRecord(e.ID, nil)
			if err != nil {
				return nil, err
			}
			ev := event{kind: "record", id: rec.Code, ops: rec.Ops}
			if rec.HasBlob {
				ev.blob = rec.Blob
			}
			out = append(out, ev)
		}
	}
	return out, nil
}
