package bbmap

import (
	"errors"
	"io"
	"strings"
	"testing"
)

type sample struct{ addr, count uint64 }

func TestReadSamples(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []sample
		line int    // line of the error, 0 for none
		msg  string // the error's Msg
	}{
		{"empty", "", nil, 0, ""},
		{"hex and decimal", "0x401000 3\n4198400 0x10\n0X10 1\n", []sample{{0x401000, 3}, {4198400, 16}, {16, 1}}, 0, ""},
		{"blanks, comments, CRLF, no final newline", "# perf\n\n  0x10\t2 \r\n\t# x\n0x20 1", []sample{{0x10, 2}, {0x20, 1}}, 0, ""},
		{"max", "0xffffffffffffffff 18446744073709551615\n", []sample{{1<<64 - 1, 1<<64 - 1}}, 0, ""},
		{"one field", "0x10 1\n0x20\n", []sample{{0x10, 1}}, 2, `want "ADDR COUNT", found one field`},
		{"three fields", "0x10 1 2\n", nil, 1, `want "ADDR COUNT", found more than two fields`},
		{"bad address", "\n\nzz 1\n", nil, 3, `bad address "zz"`},
		{"hex digits without 0x", "ff 1\n", nil, 1, `bad address "ff"`},
		{"bare 0x", "0x 1\n", nil, 1, `bad address "0x"`},
		{"negative count", "0x10 -1\n", nil, 1, `bad count "-1"`},
		{"address overflow", "0x10000000000000000 1\n", nil, 1, `bad address "0x10000000000000000"`},
		{"count overflow", "1 18446744073709551616\n", nil, 1, `bad count "18446744073709551616"`},
		{"long line", "0x10 1\n" + strings.Repeat(" ", MaxSampleLine+1) + "\n", []sample{{0x10, 1}}, 2, "line longer than 4096 bytes"},
	}
	for _, tt := range tests {
		var got []sample
		err := ReadSamples(strings.NewReader(tt.in), func(a, c uint64) error {
			got = append(got, sample{a, c})
			return nil
		})
		if len(got) != len(tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		} else {
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
					break
				}
			}
		}
		var se *SampleError
		switch {
		case tt.line == 0 && err != nil:
			t.Errorf("%s: unexpected error %v", tt.name, err)
		case tt.line != 0 && !errors.As(err, &se):
			t.Errorf("%s: error %v, want a *SampleError at line %d", tt.name, err, tt.line)
		case tt.line != 0 && (se.Line != tt.line || se.Msg != tt.msg):
			t.Errorf("%s: error at line %d %q, want line %d %q", tt.name, se.Line, se.Msg, tt.line, tt.msg)
		}
	}
}

func TestSampleErrorOffset(t *testing.T) {
	in := "0x10 1\n# c\n0x20 x\n"
	err := ReadSamples(strings.NewReader(in), func(uint64, uint64) error { return nil })
	var se *SampleError
	if !errors.As(err, &se) || se.Off != int64(strings.Index(in, "0x20")) || se.Line != 3 {
		t.Fatalf("error %#v, want line 3 at byte %d", err, strings.Index(in, "0x20"))
	}
	if got, want := err.Error(), `line 3: bad count "x" (at byte 0xb)`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	// The callback's error is reachable.
	stop := errors.New("stop")
	err = ReadSamples(strings.NewReader(in), func(uint64, uint64) error { return stop })
	if !errors.Is(err, stop) || !errors.As(err, &se) || se.Line != 1 {
		t.Errorf("callback error: %v", err)
	}
	// A reader's error is returned as it is.
	err = ReadSamples(io.MultiReader(strings.NewReader("0x1 1\n"), errReader{}), func(uint64, uint64) error { return nil })
	if !errors.Is(err, errRead) || errors.As(err, &se) {
		t.Errorf("reader error: %v", err)
	}
}

var errRead = errors.New("read failed")

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errRead }

func TestReadAddresses(t *testing.T) {
	var got []uint64
	err := ReadAddresses(strings.NewReader("0x10\n# c\n\n  32 \n0x30 4\n"), func(a uint64) error {
		got = append(got, a)
		return nil
	})
	var se *SampleError
	if len(got) != 2 || got[0] != 0x10 || got[1] != 32 || !errors.As(err, &se) || se.Line != 5 ||
		se.Msg != "want one address, found more than one field" {
		t.Errorf("got %v, %v", got, err)
	}
}

func TestParseAddress(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want uint64
		ok   bool
	}{
		{"0", 0, true}, {"0x0", 0, true}, {"0xdeadBEEF", 0xdeadbeef, true}, {"4198400", 4198400, true},
		{"", 0, false}, {"0x", 0, false}, {"-1", 0, false}, {"1e3", 0, false}, {"0x1g", 0, false},
		{"18446744073709551615", 1<<64 - 1, true}, {"18446744073709551616", 0, false},
	} {
		got, err := ParseAddress(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseAddress(%q) = %#x, %v; want %#x, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// TestAggregate sums a hand-made sample file over sum and sq of
// bbmap-x86_64 (see x86Funcs); the expected sums were added up by hand.
func TestAggregate(t *testing.T) {
	in := `# address count
0x201170 10
0x20117b 5
0x20117c 1
0x20118a 7
0x2011a3 100
0x2011a7 20
2101673 3
0x2011be 2
0x2011bf 4
0x2011c0 50
0x2011c5 0x8
0x2011c6 9
0x0 1
`
	x := NewIndex(x86Funcs())
	p, err := x.Aggregate(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	// Blocks of sum: 0 1 5 6 3 4 7 2, then sq's 0.
	wantBlocks := []uint64{15, 1, 0, 0, 0, 120 + 3, 0, 2, 58}
	for i, w := range wantBlocks {
		if p.Blocks[i] != w {
			t.Errorf("block %d (ID %d): %d samples, want %d", i, x.Block(i).ID, p.Blocks[i], w)
		}
	}
	if p.Funcs[0] != 141 || p.Funcs[1] != 58 {
		t.Errorf("functions: %v, want [141 58]", p.Funcs)
	}
	if p.Samples != 13 || p.Total != 220 || p.Outside != 21 {
		t.Errorf("samples %d, total %d, outside %d; want 13, 220, 21", p.Samples, p.Total, p.Outside)
	}
	if _, err := x.Aggregate(strings.NewReader("0x201170 18446744073709551615\n0x0 1\n")); err == nil ||
		!strings.Contains(err.Error(), "line 2: counts add up to more than 2^64-1") {
		t.Errorf("overflow: %v", err)
	}
}
