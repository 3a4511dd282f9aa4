// Fuzzing of the PC section decoder, the truncation sweep over the fixtures,
// and the allocation and speed checks.

package sections

import (
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestDecodePCSectionTruncated cuts each fixture section at every byte: a
// prefix gives the entries that fit whole in it and, unless it ends between
// entries, an error at the start of the first entry that does not.
func TestDecodePCSectionTruncated(t *testing.T) {
	for _, ft := range pcLinkedTests {
		f := pcOpen(t, ft.file)
		for sec, want := range ft.sections {
			s, data := pcSection(t, f, sec)
			l := pcLayout(sec, ft.entrySize, ft.bo)
			for i := range len(data) + 1 {
				got, err := DecodePCSection(sec, data[:i], s.Addr, l)
				n := 0 // entries that end within the prefix
				for n < len(want) {
					end := int64(len(data))
					if n+1 < len(want) {
						end = want[n+1].Off
					}
					if end > int64(i) {
						break
					}
					n++
				}
				var de *DecodeError
				switch {
				case len(got) != n:
					t.Errorf("%s %s[:%d]: %d entries, want %d", ft.file, sec, i, len(got), n)
				case n == len(want) || int64(i) == want[n].Off:
					if err != nil {
						t.Errorf("%s %s[:%d]: %v", ft.file, sec, i, err)
					}
				case !errors.As(err, &de) || de.Off != want[n].Off:
					t.Errorf("%s %s[:%d]: error %v, want one at %d", ft.file, sec, i, err, want[n].Off)
				}
			}
		}
	}
}

// pcFuzzAux are the aux layouts the fuzzer picks from with the high four
// bits of its mode byte.
var pcFuzzAux = [][]PCAuxKind{
	nil, {PCAuxU8}, {PCAuxU16}, {PCAuxU32}, {PCAuxU64},
	pcAuxF, pcAuxI, pcAuxIC,
	{PCAuxU32, PCAuxU64, PCAuxU8}, {PCAuxU8, PCAuxU64, PCAuxU16}, {PCAuxU8, PCAuxU64},
	{PCAuxU8, PCAuxU32}, {PCAuxU64, PCAuxU64, PCAuxU64},
}

// pcFuzzLayout decodes a mode byte: bit 0 EntrySize 8, bit 1 Function,
// bit 2 Compressed, bit 3 big endian, bits 4-7 the aux layout.
func pcFuzzLayout(mode byte) PCSectionLayout {
	l := PCSectionLayout{EntrySize: 4, ByteOrder: binary.LittleEndian}
	if mode&1 != 0 {
		l.EntrySize = 8
	}
	l.Function = mode&2 != 0
	l.Compressed = mode&4 != 0
	if mode&8 != 0 {
		l.ByteOrder = binary.BigEndian
	}
	l.Aux = pcFuzzAux[int(mode>>4)%len(pcFuzzAux)]
	return l
}

// pcFuzzMode is the inverse of pcFuzzLayout; ok is false for a layout the
// fuzzer cannot express.
func pcFuzzMode(l PCSectionLayout) (mode byte, ok bool) {
	i := slices.IndexFunc(pcFuzzAux, func(a []PCAuxKind) bool { return slices.Equal(a, l.Aux) })
	if i < 0 {
		return 0, false
	}
	mode = byte(i) << 4
	if l.EntrySize == 8 {
		mode |= 1
	}
	if l.Function {
		mode |= 2
	}
	if l.Compressed {
		mode |= 4
	}
	if l.ByteOrder == binary.BigEndian {
		mode |= 8
	}
	return mode, true
}

// pcEncode writes entries back in layout l, with canonical ULEB128s.
func pcEncode(es []PCEntry, l PCSectionLayout) []byte {
	bo := l.ByteOrder.(binary.AppendByteOrder)
	var b []byte
	for _, e := range es {
		if l.EntrySize == 4 {
			b = bo.AppendUint32(b, uint32(e.PCRel))
		} else {
			b = bo.AppendUint64(b, uint64(e.PCRel))
		}
		if l.Function {
			if l.Compressed {
				b = binary.AppendUvarint(b, e.Size)
			} else {
				b = bo.AppendUint32(b, uint32(e.Size))
			}
		}
		for i, k := range l.Aux {
			v := e.Aux[i]
			switch {
			case k == PCAuxU8:
				b = append(b, byte(v))
			case l.Compressed:
				b = binary.AppendUvarint(b, v)
			case k == PCAuxU16:
				b = bo.AppendUint16(b, uint16(v))
			case k == PCAuxU32:
				b = bo.AppendUint32(b, uint32(v))
			default:
				b = bo.AppendUint64(b, v)
			}
		}
	}
	return b
}

// FuzzDecodePCSection checks a value or an error: entries tile the bytes
// before the error, which decode alone to the same entries; each value fits
// its field; the entries encode back to the input (to equal values when
// compressed, since ULEB128s may be overlong); and DecodePCSectionWith
// changes nothing but the PC fields it is given.
func FuzzDecodePCSection(f *testing.F) {
	for _, tt := range pcCases {
		if mode, ok := pcFuzzMode(tt.l); ok && tt.l.ByteOrder != nil {
			f.Add(mode, tt.addr, secUnhex(f, tt.hex))
		}
	}
	for _, ft := range pcLinkedTests {
		elfFile := pcOpen(f, ft.file)
		for sec := range ft.sections {
			s, data := pcSection(f, elfFile, sec)
			mode, ok := pcFuzzMode(pcLayout(sec, ft.entrySize, ft.bo))
			if !ok {
				f.Fatalf("no mode for %s", sec)
			}
			f.Add(mode, s.Addr, data)
		}
	}
	f.Fuzz(func(t *testing.T, mode byte, addr uint64, data []byte) {
		l := pcFuzzLayout(mode)
		es, err := DecodePCSection("s", data, addr, l)
		end := int64(len(data))
		if err != nil {
			end = checkFuzzErr(t, err, "s", data).Off
		}
		if len(es) > len(data)/l.EntrySize {
			t.Fatalf("%d entries from %d bytes", len(es), len(data))
		}
		for i, e := range es {
			switch {
			case i == 0 && e.Off != 0, i > 0 && e.Off <= es[i-1].Off, e.Off >= end:
				t.Fatalf("entry %d at %d (error at %d)", i, e.Off, end)
			case e.PC != addr+uint64(e.Off)+uint64(e.PCRel):
				t.Fatalf("entry %d: PC %#x", i, e.PC)
			case l.EntrySize == 4 && int64(int32(e.PCRel)) != e.PCRel:
				t.Fatalf("entry %d: PCRel %#x from 4 bytes", i, e.PCRel)
			case e.Size > math.MaxUint32 || !l.Function && e.Size != 0:
				t.Fatalf("entry %d: size %#x", i, e.Size)
			case len(e.Aux) != len(l.Aux) || len(l.Aux) == 0 && e.Aux != nil:
				t.Fatalf("entry %d: aux %v", i, e.Aux)
			}
			for j, k := range l.Aux {
				if k < 8 && e.Aux[j]>>(8*k) != 0 {
					t.Fatalf("entry %d: aux %d = %#x is not a %v", i, j, e.Aux[j], k)
				}
			}
		}
		again, err2 := DecodePCSection("s", data[:end], addr, l)
		if err2 != nil || !reflect.DeepEqual(again, es) {
			t.Fatalf("prefix %d: %+v, %v; want %+v", end, again, err2, es)
		}
		canon := pcEncode(es, l)
		if !l.Compressed && string(canon) != string(data[:end]) {
			t.Fatalf("round trip: % x, want % x", canon, data[:end])
		}
		back, err2 := DecodePCSection("s", canon, addr, l)
		if err2 != nil || len(back) != len(es) {
			t.Fatalf("re-decode: %d entries, %v", len(back), err2)
		}
		for i := range back {
			if back[i].PCRel != es[i].PCRel || back[i].Size != es[i].Size || !slices.Equal(back[i].Aux, es[i].Aux) {
				t.Fatalf("re-decode entry %d: %+v, want %+v", i, back[i], es[i])
			}
		}
		pcrel := func(off int64) (int64, bool) { return off * 3, off%2 == 0 }
		with, err2 := DecodePCSectionWith("s", data, addr, l, pcrel)
		if !reflect.DeepEqual(err2, err) || len(with) != len(es) {
			t.Fatalf("with pcrel: %d entries, %v; want %d, %v", len(with), err2, len(es), err)
		}
		for i, e := range with {
			w := es[i]
			if v, ok := pcrel(w.Off); ok {
				w.PCRel, w.PC = v, addr+uint64(w.Off)+uint64(v)
			}
			if !reflect.DeepEqual(e, w) {
				t.Fatalf("with pcrel, entry %d = %+v, want %+v", i, e, w)
			}
		}
	})
}

func FuzzParsePCAuxLayout(f *testing.F) {
	for _, s := range []string{"", "u32,u64", "i8, i16", "u8,,u8", "u128"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		kinds, err := ParsePCAuxLayout(s)
		if err != nil {
			if kinds != nil {
				t.Fatalf("%q: %v with %v", s, err, kinds)
			}
			return
		}
		names := make([]string, len(kinds))
		for i, k := range kinds {
			if !k.valid() {
				t.Fatalf("%q: kind %d", s, k)
			}
			names[i] = k.String()
		}
		back, err := ParsePCAuxLayout(strings.Join(names, ","))
		if err != nil || !slices.Equal(back, kinds) {
			t.Fatalf("%q: %v round trips to %v, %v", s, kinds, back, err)
		}
	})
}
func TestDecodePCSectionAllocs(t *testing.T) {
	f := pcOpen(t, "x86_64-small")
	s, data := pcSection(t, f, "pcs_func_c")
	l := pcLayout("pcs_func_c", 4, binary.LittleEndian)
	if a := testing.AllocsPerRun(100, func() { DecodePCSection("pcs_func_c", data, s.Addr, l) }); a > 2 {
		t.Errorf("DecodePCSection allocates %v times, want at most 2", a)
	}
}

func BenchmarkDecodePCSection(b *testing.B) {
	f := pcOpen(b, "x86_64-small")
	s, one := pcSection(b, f, "pcs_func_c")
	var data []byte
	for range 200 { // the PC fields are wrong after the first copy; no matter
		data = append(data, one...)
	}
	l := pcLayout("pcs_func_c", 4, binary.LittleEndian)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		es, err := DecodePCSection("pcs_func_c", data, s.Addr, l)
		if err != nil || len(es) != 6*200 {
			b.Fatal(len(es), err)
		}
	}
}
