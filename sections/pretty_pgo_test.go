package sections

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The expected strings were printed by llvm-readobj-22
// --pretty-pgo-analysis-map (TestPrettyPGOReadobj checks them again).
var prettyFrequencyTests = []struct {
	freq, entry uint64
	want        string
}{
	{0, 0, "0"},
	{0, 5, "0"},
	{7, 0, "<invalid BFI>"},
	{1000, 1000, "1.0"},
	{500, 1000, "0.5"},
	{1, 3, "0.3333333333"},
	{2, 3, "0.6666666667"},
	{7, 3, "2.333333333"},
	{1000000000, 3, "333333333.3"},
	{math.MaxUint64 / 3, 1, "6148914691236517205.0"},
	{math.MaxUint64, 1, "18446744073709551615.0"},
	{math.MaxUint64, 3, "6148914691236517205.0"},
	{math.MaxUint64, 2, "9223372036854775807.5"},
	{math.MaxUint64, math.MaxUint64, "1.0"},
	{math.MaxUint64 - 1, math.MaxUint64, "1.0"},
	{1, math.MaxUint64, "5.421010862E-20"},
	{1, 1 << 63, "0.0000000000000000001"},
	{3, 1 << 62, "0.00000000000000000065"},
	{1, 3 << 62, "7.228014483E-20"},
	{1, 1 << 50, "0.0000000000000008881784197"},
	{1, 10, "0.1"},
	{1, 7, "0.1428571429"},
	{1, 1000000007, "0.000000000999999993"},
	{99999999999, 1, "99999999999.0"},
	{99999999999, 10, "9999999999.9"},
	{999999999999, 1000, "1000000000.0"},
	{19999999999, 2000000000, "10.0"},
	{1 << 40, 3, "366503875925.3"},
	{5, 9, "0.5555555556"},
	{1, 999999, "0.000001000001"},
	{123456789, 100000000, "1.23456789"},
	{1234567891, 1000000000, "1.234567891"},
	{12345678915, 10000000000, "1.234567892"},
	{0x2aaaaaab, 0x80000000, "0.3333333335"},
	{1, 10000000000000000001, "1.0E-19"},
	{1, 10000000000004000000, "1.0E-19"},
	{3, 10000000000004000000, "3.0E-19"},
	{99999999999, 100000000000, "1.0"},
	{1, 1 << 56, "0.00000000000000001387778781"},
	{1, 1 << 57, "0.0000000000000000069388939"},
	{5, 1 << 60, "0.00000000000000000433680869"},
	{1 << 20, 3 << 62, "0.00000000000007579122515"},
}

func TestPrettyFrequency(t *testing.T) {
	for _, c := range prettyFrequencyTests {
		if got := PrettyFrequency(c.freq, c.entry); got != c.want {
			t.Errorf("PrettyFrequency(%d, %d) = %q, want %q", c.freq, c.entry, got, c.want)
		}
	}
}

var prettyProbabilityTests = []struct {
	num  uint32
	want string
}{
	{0, "0x00000000 / 0x80000000 = 0.00%"},
	{1, "0x00000001 / 0x80000000 = 0.00%"},
	{0x80000000, "0x80000000 / 0x80000000 = 100.00%"},
	{0x40000000, "0x40000000 / 0x80000000 = 50.00%"},
	{0x2aaaaaab, "0x2aaaaaab / 0x80000000 = 33.33%"},
	{0x55555555, "0x55555555 / 0x80000000 = 66.67%"},
	{0x90000000, "0x90000000 / 0x80000000 = 112.50%"},
	{0x7fffffff, "0x7fffffff / 0x80000000 = 100.00%"},
	{0xfffffffe, "0xfffffffe / 0x80000000 = 200.00%"},
	{0xffffffff, "?%"},
	{0x00a7c5ac, "0x00a7c5ac / 0x80000000 = 0.51%"},
	{0x0020c49c, "0x0020c49c / 0x80000000 = 0.10%"},
	{0x0010624e, "0x0010624e / 0x80000000 = 0.05%"},
}

func TestPrettyProbability(t *testing.T) {
	for _, c := range prettyProbabilityTests {
		if got := PrettyProbability(c.num); got != c.want {
			t.Errorf("PrettyProbability(%#x) = %q, want %q", c.num, got, c.want)
		}
	}
}

func prettyNeedTool(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("oracle test: skipped under -short")
	}
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed", name)
	}
	return p
}

// prettyELF wraps a BB address map section into an x86-64 ET_EXEC file:
// sections null, .text, the map, .shstrtab.
func prettyELF(data []byte) []byte {
	le := binary.LittleEndian
	shstr := "\x00.text\x00.llvm_bb_addr_map\x00.shstrtab\x00"
	type sec struct {
		name  int
		typ   uint32
		flags uint64
		data  []byte
		link  uint32
	}
	secs := []sec{{}, {1, 1, 6, make([]byte, 16), 0}, {7, 0x6fff4c0a, 0x80, data, 1}, {26, 3, 0, []byte(shstr), 0}}
	out := make([]byte, 64)
	offs := make([]uint64, len(secs))
	for i := 1; i < len(secs); i++ {
		offs[i] = uint64(len(out))
		out = append(out, secs[i].data...)
		for len(out)%8 != 0 {
			out = append(out, 0)
		}
	}
	shoff := len(out)
	for i, s := range secs {
		out = le.AppendUint32(out, uint32(s.name))
		out = le.AppendUint32(out, s.typ)
		for _, v := range []uint64{s.flags, 0, offs[i], uint64(len(s.data))} {
			out = le.AppendUint64(out, v)
		}
		out = le.AppendUint32(out, s.link)
		out = le.AppendUint32(out, 0)
		out = le.AppendUint64(out, 1)
		out = le.AppendUint64(out, 0)
	}
	copy(out, "\x7fELF\x02\x01\x01")
	le.PutUint16(out[16:], uint16(elf.ET_EXEC))
	le.PutUint16(out[18:], uint16(elf.EM_X86_64))
	le.PutUint32(out[20:], 1)
	le.PutUint64(out[40:], uint64(shoff))
	le.PutUint16(out[52:], 64)
	le.PutUint16(out[58:], 64)
	le.PutUint16(out[60:], uint16(len(secs)))
	le.PutUint16(out[62:], uint16(len(secs)-1))
	return out
}

// readobjPretty runs llvm-readobj-22 --bb-addr-map --pretty-pgo-analysis-map
// on file and returns, per function of its first map section, the
// "Frequency" and "Probability" strings of every PGO block.
func readobjPretty(t *testing.T, tool, file string) (freqs, probs [][]string) {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.Command(tool, "--bb-addr-map", "--pretty-pgo-analysis-map", "--elf-output-style=JSON", file)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.Bytes())
	}
	var files []struct {
		BBAddrMap []struct {
			Function struct {
				PGO struct {
					Entries []struct {
						Frequency  string
						Successors []struct{ Probability string }
					} `json:"PGO BB entries"`
				} `json:"PGO analyses"`
			}
		}
	}
	if err := json.Unmarshal(out, &files); err != nil || len(files) != 1 {
		t.Fatalf("readobj JSON: %v", err)
	}
	for _, fn := range files[0].BBAddrMap {
		var fs, ps []string
		for _, e := range fn.Function.PGO.Entries {
			fs = append(fs, e.Frequency)
			for _, s := range e.Successors {
				ps = append(ps, s.Probability)
			}
		}
		freqs, probs = append(freqs, fs), append(probs, ps)
	}
	return freqs, probs
}

// prettySection builds a map with one function per pair: block 0 has
// frequency entry and a successor with probability p[0], block 1 frequency
// freq and one with p[1].
func prettySection(pairs [][2]uint64, probs [][2]uint32) []byte {
	var b []byte
	uleb := func(v uint64) { b = binary.AppendUvarint(b, v) }
	for i, p := range pairs {
		b = append(b, 2, byte(BBFreq|BrProb))
		b = binary.LittleEndian.AppendUint64(b, uint64(0x1000+i*16))
		b = append(b, 2, 0, 0, 1, 0, 1, 0, 1, 1)
		for j, f := range []uint64{p[1], p[0]} {
			uleb(f)
			b = append(b, 1, 1)
			uleb(uint64(probs[i][j]))
		}
	}
	return b
}

// TestPrettyPGOReadobj compares both functions with llvm-readobj-22 on the
// table values and on many random frequencies and probabilities.
func TestPrettyPGOReadobj(t *testing.T) {
	tool := prettyNeedTool(t, "llvm-readobj-22")
	var pairs [][2]uint64
	var probs [][2]uint32
	for _, c := range prettyFrequencyTests {
		if c.entry != 0 { // entry 0: readobj prints "0" or "<invalid BFI>" for block 0 too
			pairs = append(pairs, [2]uint64{c.freq, c.entry})
		}
	}
	for _, c := range prettyProbabilityTests {
		probs = append(probs, [2]uint32{c.num, c.num ^ 0x80000000})
	}
	n := 3000
	if s := os.Getenv("PRETTY_RANDOM"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	r := rand.New(rand.NewPCG(7, uint64(n)))
	value := func() uint64 {
		switch r.IntN(5) {
		case 0:
			return r.Uint64()
		case 1:
			return 1 + r.Uint64N(1000)
		case 2:
			return 1 << r.IntN(64)
		case 3:
			return r.Uint64() >> r.IntN(64)
		default:
			return uint64(math.Pow(10, float64(r.IntN(20)))) - uint64(r.IntN(2))
		}
	}
	for range n {
		e := value()
		if e == 0 {
			e = 1
		}
		pairs = append(pairs, [2]uint64{value(), e})
	}
	for len(probs) < len(pairs) {
		p := [2]uint32{r.Uint32(), r.Uint32() >> r.IntN(32)}
		probs = append(probs, p)
	}
	file := filepath.Join(t.TempDir(), "pretty.o")
	if err := os.WriteFile(file, prettyELF(prettySection(pairs, probs)), 0o644); err != nil {
		t.Fatal(err)
	}
	freqs, ps := readobjPretty(t, tool, file)
	if len(freqs) != len(pairs) {
		t.Fatalf("readobj printed %d functions, want %d", len(freqs), len(pairs))
	}
	for i, p := range pairs {
		want := []string{PrettyFrequency(p[1], p[1]), PrettyFrequency(p[0], p[1])}
		if strings.Join(freqs[i], "|") != strings.Join(want, "|") {
			t.Errorf("freq %d entry %d: readobj %q, ours %q", p[0], p[1], freqs[i], want)
		}
		want = []string{PrettyProbability(probs[i][0]), PrettyProbability(probs[i][1])}
		if strings.Join(ps[i], "|") != strings.Join(want, "|") {
			t.Errorf("probabilities %#x: readobj %q, ours %q", probs[i], ps[i], want)
		}
	}
}

const prettyPGOIR = `
declare i32 @g(i32)
define i32 @f(i32 %x) !prof !0 {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %loop, label %exit, !prof !1
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %body ]
  %m = and i32 %i, 3
  switch i32 %m, label %body [ i32 0, label %a
                               i32 1, label %b
                               i32 2, label %c2 ], !prof !2
a:
  %ra = call i32 @g(i32 %i)
  br label %body
b:
  %rb = call i32 @g(i32 %m)
  br label %body
c2:
  %rc = call i32 @g(i32 7)
  br label %body
body:
  %n = add i32 %i, 1
  %d = icmp slt i32 %n, %x
  br i1 %d, label %loop, label %exit, !prof !3
exit:
  %p = phi i32 [ 0, %entry ], [ %n, %body ]
  ret i32 %p
}
!0 = !{!"function_entry_count", i64 1000}
!1 = !{!"branch_weights", i32 1, i32 2}
!2 = !{!"branch_weights", i32 5, i32 3, i32 7, i32 11}
!3 = !{!"branch_weights", i32 997, i32 3}
`

// TestPrettyPGOCompiled formats the PGO map llc-22 writes and compares every
// block with llvm-readobj-22.
func TestPrettyPGOCompiled(t *testing.T) {
	tool := prettyNeedTool(t, "llvm-readobj-22")
	llc := prettyNeedTool(t, "llc-22")
	dir := t.TempDir()
	ir, obj := filepath.Join(dir, "p.ll"), filepath.Join(dir, "p.o")
	if err := os.WriteFile(ir, []byte(prettyPGOIR), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-O2", "-filetype=obj", "-basic-block-address-map", "-pgo-analysis-map=func-entry-count,bb-freq,br-prob", ir, "-o", obj}
	if msg, err := exec.Command(llc, args...).CombinedOutput(); err != nil {
		t.Fatalf("llc-22: %v\n%s", err, msg)
	}
	f, err := elf.Open(obj)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var maps []BBAddrMap
	for _, s := range f.Sections {
		if s.Type != 0x6fff4c0a {
			continue
		}
		data, err := s.Data()
		if err != nil {
			t.Fatal(err)
		}
		// The addresses need relocations, which this test does not look at.
		o := BBAddrMapOptions{Section: s.Name, ByteOrder: f.ByteOrder, AddrSize: 8,
			Relocatable: true, Addend: func(uint64) (uint64, bool) { return 0, true }}
		if maps, err = DecodeBBAddrMap(data, o); err != nil {
			t.Fatal(err)
		}
	}
	freqs, ps := readobjPretty(t, tool, obj)
	if len(maps) == 0 || len(freqs) != len(maps) {
		t.Fatalf("readobj printed %d functions, we decoded %d", len(freqs), len(maps))
	}
	n := 0
	for i, m := range maps {
		var fs, pr []string
		for _, e := range m.PGO.BBEntries {
			fs = append(fs, PrettyFrequency(e.BlockFreq, m.PGO.BBEntries[0].BlockFreq))
			for _, s := range e.Successors {
				pr = append(pr, PrettyProbability(s.Prob))
				n++
			}
		}
		if fmt.Sprint(fs) != fmt.Sprint(freqs[i]) || fmt.Sprint(pr) != fmt.Sprint(ps[i]) {
			t.Errorf("function %d:\nreadobj %q %q\nours    %q %q", i, freqs[i], ps[i], fs, pr)
		}
		if testing.Verbose() {
			t.Logf("function %d: frequencies %q, probabilities %q", i, fs, pr)
		}
	}
	if n == 0 {
		t.Error("no successors compared")
	}
}
