package sections

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"slices"
	"strings"
	"testing"
)

// The fuzz targets check more than "no panic": every decoder returns either a
// value that re-encodes to its input or a *DecodeError whose offset lies in
// the input. Seeds are the table inputs, most of them cut from objects built
// by clang-22/llc-22.

// byteOrders are the byte orders the fixed-size decoders are fuzzed in.
var byteOrders = []interface {
	binary.ByteOrder
	binary.AppendByteOrder
}{binary.LittleEndian, binary.BigEndian}

func addHexSeeds(f *testing.F, hexes ...string) {
	for _, h := range hexes {
		b, err := hex.DecodeString(h)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// checkFuzzErr checks that err is a *DecodeError for section with an offset
// within data (at most len(data)).
func checkFuzzErr(t *testing.T, err error, section string, data []byte) *DecodeError {
	t.Helper()
	var de *DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("error %v (%T) is not a *DecodeError", err, err)
	}
	if de.Section != section || de.Off < 0 || de.Off > int64(len(data)) || de.Msg == "" {
		t.Fatalf("bad error %#v for %d bytes", de, len(data))
	}
	return de
}

func FuzzDecodeAddrsig(f *testing.F) {
	for _, tt := range addrsigTests {
		addHexSeeds(f, tt.hex)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		syms, err := DecodeAddrsig("s", data)
		if len(syms) > len(data) {
			t.Fatalf("%d entries from %d bytes", len(syms), len(data))
		}
		end := len(data)
		if err != nil {
			end = int(checkFuzzErr(t, err, "s", data).Off)
		}
		// The entries returned are those of the bytes before the error.
		again, err2 := DecodeAddrsig("s", data[:end])
		if err2 != nil || !slices.Equal(again, syms) {
			t.Fatalf("prefix %d gives %v, %v; want %v", end, again, err2, syms)
		}
		var canon []byte
		for _, s := range syms {
			canon = binary.AppendUvarint(canon, uint64(s))
		}
		if back, err := DecodeAddrsig("s", canon); err != nil || !slices.Equal(back, syms) {
			t.Fatalf("round trip: %v, %v; want %v", back, err, syms)
		}
	})
}

func FuzzDecodeDependentLibraries(f *testing.F) {
	for _, tt := range deplibsTests {
		addHexSeeds(f, tt.hex)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		libs, err := DecodeDependentLibraries("s", data)
		if err != nil {
			checkFuzzErr(t, err, "s", data)
			if libs != nil || data[len(data)-1] == 0 {
				t.Fatalf("error %v with %d entries for % x", err, len(libs), data)
			}
			return
		}
		var b []byte
		for _, l := range libs {
			if l.Off != int64(len(b)) {
				t.Fatalf("entry %q at %d, want %d", l.Name, l.Off, len(b))
			}
			b = append(append(b, l.Name...), 0)
		}
		if !bytes.Equal(b, data) {
			t.Fatalf("round trip: % x, want % x", b, data)
		}
	})
}

func FuzzDecodeLinkerOptions(f *testing.F) {
	for _, tt := range linkerOptionsTests {
		addHexSeeds(f, tt.hex)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		opts, err := DecodeLinkerOptions("s", data)
		if err != nil {
			checkFuzzErr(t, err, "s", data)
			if opts != nil {
				t.Fatalf("error %v with %d options", err, len(opts))
			}
			return
		}
		var b []byte
		for _, o := range opts {
			b = append(append(append(append(b, o.Key...), 0), o.Value...), 0)
		}
		if !bytes.Equal(b, data) {
			t.Fatalf("round trip: % x, want % x", b, data)
		}
	})
}

func FuzzDecodeCGProfileWeights(f *testing.F) {
	for _, tt := range cgWeightsTests {
		addHexSeeds(f, tt.hex)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, bo := range byteOrders {
			w, err := DecodeCGProfileWeights("s", data, bo)
			if err != nil {
				checkFuzzErr(t, err, "s", data)
				if w != nil || len(data)%8 == 0 {
					t.Fatalf("error %v with %d weights for %d bytes", err, len(w), len(data))
				}
				continue
			}
			var b []byte
			for _, x := range w {
				b = bo.AppendUint64(b, x)
			}
			if !bytes.Equal(b, data) {
				t.Fatalf("%v round trip: % x, want % x", bo, b, data)
			}
		}
	})
}

func FuzzDecodeCGProfileEntries(f *testing.F) {
	for _, tt := range cgEntriesTests {
		addHexSeeds(f, tt.hex)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, bo := range byteOrders {
			es, err := DecodeCGProfileEntries("s", data, bo)
			end := len(data)
			if err != nil {
				end = int(checkFuzzErr(t, err, "s", data).Off)
				if end != len(data)/16*16 || end == len(data) {
					t.Fatalf("error at %d for %d bytes", end, len(data))
				}
			}
			var b []byte
			for _, e := range es {
				b = bo.AppendUint64(bo.AppendUint32(bo.AppendUint32(b, e.From), e.To), e.Weight)
			}
			if !bytes.Equal(b, data[:end]) {
				t.Fatalf("%v round trip: % x, want % x", bo, b, data[:end])
			}
		}
	})
}

// FuzzPairCGProfile reads the first byte as a weight count and the rest as
// symbol indices, one per byte.
func FuzzPairCGProfile(f *testing.F) {
	f.Add([]byte{3, 3, 4, 5, 3, 4, 5})
	f.Add([]byte{2, 3, 4})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var weights []uint64
		var syms []uint32
		if len(data) > 0 {
			for i := range int(data[0]) {
				weights = append(weights, uint64(i)*1000)
			}
			for _, c := range data[1:] {
				syms = append(syms, uint32(c))
			}
		}
		es, err := PairCGProfile("s", weights, syms)
		if (err == nil) != (len(syms) == 2*len(weights)) {
			t.Fatalf("%d weights, %d indices: error %v", len(weights), len(syms), err)
		}
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) || de.Off < 0 || de.Off > 8*int64(len(weights)) || es != nil {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		for i, e := range es {
			if e != (CGProfileEntry{syms[2*i], syms[2*i+1], weights[i]}) {
				t.Fatalf("entry %d = %v", i, e)
			}
		}
	})
}

func FuzzDecodeSymPart(f *testing.F) {
	for _, tt := range sympartTests {
		addHexSeeds(f, tt.hex)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := DecodeSymPart("s", data)
		if err != nil {
			checkFuzzErr(t, err, "s", data)
			if p != (SymPart{}) {
				t.Fatalf("error %v with %+v", err, p)
			}
			return
		}
		if rest := int64(len(data)) - p.AddrOff; rest != 4 && rest != 8 {
			t.Fatalf("%+v leaves %d bytes", p, rest)
		}
		if string(data[:p.AddrOff]) != p.Partition+"\x00" || strings.IndexByte(p.Partition, 0) >= 0 {
			t.Fatalf("%+v does not match % x", p, data)
		}
	})
}

func FuzzDecodeCmdlines(f *testing.F) {
	for _, tt := range cmdlineTests {
		addHexSeeds(f, tt.hex)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := DecodeCmdlines(data)
		var args []string
		for i, l := range lines {
			if len(l) == 0 || (i > 0 && l[0] != "-cc1") || slices.Contains(l[1:], "-cc1") {
				t.Fatalf("line %d: %q", i, l)
			}
			args = append(args, l...)
		}
		var b []byte
		for _, a := range args {
			b = append(append(b, a...), 0)
		}
		if len(data) > 0 && data[len(data)-1] != 0 {
			b = b[:len(b)-1]
		}
		if !bytes.Equal(b, data) {
			t.Fatalf("round trip: %q, want %q", b, data)
		}
	})
}
