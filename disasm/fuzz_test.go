package disasm

import (
	"encoding/hex"
	"strings"
	"testing"
)

// FuzzDecode decodes arbitrary bytes on every architecture and syntax: every
// instruction is 1 to 15 bytes long, never longer than what is left, and a
// walk covers every byte exactly once.
func FuzzDecode(f *testing.F) {
	for _, tt := range decodeTests {
		code, _ := hex.DecodeString(strings.Replace(tt.hex, "|", "", 1))
		f.Add(code, tt.pc)
	}
	f.Add([]byte{0x0f, 0x0f, 0x0f, 0x0f, 0x62, 0xf1, 0x7c, 0x48, 0x10, 0x00}, uint64(1<<63))
	f.Add([]byte{0x13, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00}, uint64(0))
	f.Fuzz(func(t *testing.T, code []byte, pc uint64) {
		for a := Arch386; a <= ArchRISCV64; a++ {
			for _, s := range a.Syntaxes() {
				d, err := NewDecoder(a, s)
				if err != nil {
					t.Fatal(err)
				}
				total := 0
				next := pc
				d.Walk(code, pc, func(in Inst) bool {
					if in.Len < 1 || in.Len > 15 || total+in.Len > len(code) || in.Addr != next {
						t.Fatalf("%v %v: %+v at offset %d of %d bytes", a, s, in, total, len(code))
					}
					if in.Bad != (in.Text == "(bad)") || in.Text == "" {
						t.Fatalf("%v %v: %+v", a, s, in)
					}
					total += in.Len
					next += uint64(in.Len)
					return true
				})
				if total != len(code) {
					t.Fatalf("%v %v: walked %d of %d bytes", a, s, total, len(code))
				}
			}
		}
	})
}
