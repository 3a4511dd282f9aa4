package bitwriter

import (
	"bytes"
	"testing"
)

func TestFieldsAndPatch(t *testing.T) {
	w := New()
	w.Fixed(0x5, 3)
	w.VBR(100, 0) // writes nothing
	w.VBR(100, 4) // 100 = 0b1_100_100: chunks 0b1100, 0b1100, 0b0001
	if got := w.BitLen(); got != 3+12 {
		t.Fatalf("BitLen = %d, want 15", got)
	}
	w.Patch(0, 0x2, 3)
	w.Align32()
	w.Raw([]byte{0xAB})
	want := []byte{0x62, 0x0E, 0, 0, 0xAB}
	if !bytes.Equal(w.Bytes, want) {
		t.Fatalf("Bytes = % x, want % x", w.Bytes, want)
	}
}

func TestBlockLength(t *testing.T) {
	w := New()
	w.Magic([4]byte{'B', 'C', 0xC0, 0xDE})
	w.EnterBlock(8, 3)
	if got := w.BlockLenPos(); got != 64 {
		t.Fatalf("BlockLenPos = %d, want 64", got)
	}
	if w.Width() != 3 || w.Depth() != 1 {
		t.Fatalf("Width %d, Depth %d; want 3, 1", w.Width(), w.Depth())
	}
	w.Unabbrev(1, 2)
	w.EndBlock()
	if w.Width() != 2 || w.Depth() != 0 {
		t.Fatalf("Width %d, Depth %d after EndBlock; want 2, 0", w.Width(), w.Depth())
	}
	if got := w.Bytes[8]; got != 1 || len(w.Bytes) != 16 {
		t.Fatalf("length word %d in %d bytes; want 1 in 16", got, len(w.Bytes))
	}
}

// TestAbbrevRecord checks AbbrevRecord against the same fields written one
// by one.
func TestAbbrevRecord(t *testing.T) {
	ops := []Op{Lit(7), FixedOp(4), Char6, VBROp(0), Blob, Array, VBROp(6)}
	got := New()
	got.AbbrevRecord(4, ops, []uint64{9, 'x', 0, 300, 1}, []byte("hi"))
	want := New()
	want.Abbrev(4)
	want.Fixed(9, 4)
	want.Char6('x')
	want.Blob([]byte("hi"))
	want.VBR(2, 6)
	want.VBR(300, 6)
	want.VBR(1, 6)
	if !bytes.Equal(got.Bytes, want.Bytes) || got.BitLen() != want.BitLen() {
		t.Fatalf("AbbrevRecord wrote % x (%d bits), want % x (%d bits)", got.Bytes, got.BitLen(), want.Bytes, want.BitLen())
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(w *Writer){
		"char6":        func(w *Writer) { w.Char6('-') },
		"vbr1":         func(w *Writer) { w.VBR(1, 1) },
		"patch":        func(w *Writer) { w.Patch(0, 1, 1) },
		"lenpos":       func(w *Writer) { w.BlockLenPos() },
		"extra values": func(w *Writer) { w.Operands([]Op{Lit(1)}, []uint64{1}, nil) },
		"no value":     func(w *Writer) { w.Operands([]Op{FixedOp(3)}, nil, nil) },
		"bad enc":      func(w *Writer) { w.Operands([]Op{EncOp(6)}, []uint64{1}, nil) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f(New())
		})
	}
}
