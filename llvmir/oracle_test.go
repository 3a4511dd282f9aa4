package llvmir

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The oracle test builds an LLVM IR bitstream holding, for each block ID
// in oracle range, one top-level block with one unabbreviated record per
// record code in range, dumps it with llvm-bcanalyzer-22 and compares every
// printed block and record name with BlockName and RecordName.

const (
	oracleTool     = "llvm-bcanalyzer-22"
	oracleMaxBlock = 39  // block IDs 0..oracleMaxBlock
	oracleMaxCode  = 129 // record codes 0..oracleMaxCode in every block
	oracleWidth    = 4   // abbrev ID width inside the generated blocks
	// oracleInfoBID is the block ID that the generated BLOCKINFO block
	// names. It must not be one of the IDs dumped, so that the BLOCKINFO
	// names cannot hide the built-in ones.
	oracleInfoBID = 100
)

// bitWriter appends bits to a byte slice, LSB first within each byte.
type bitWriter struct {
	buf  []byte
	nbit uint64
}

// fixed writes the low width bits of v.
func (w *bitWriter) fixed(v uint64, width uint) {
	for i := uint(0); i < width; i++ {
		if w.nbit%8 == 0 {
			w.buf = append(w.buf, 0)
		}
		if v>>i&1 != 0 {
			w.buf[w.nbit/8] |= 1 << (w.nbit % 8)
		}
		w.nbit++
	}
}

// vbr writes v as VBR chunks of width bits.
func (w *bitWriter) vbr(v uint64, width uint) {
	hi := uint64(1) << (width - 1)
	for v >= hi {
		w.fixed(v&(hi-1)|hi, width)
		v >>= width - 1
	}
	w.fixed(v, width)
}

// align32 pads with zero bits to a multiple of 32 bits.
func (w *bitWriter) align32() {
	for w.nbit%32 != 0 {
		w.fixed(0, 1)
	}
}

// enterBlock writes ENTER_SUBBLOCK (abbrev ID in outerWidth bits) up to and
// including a placeholder length word, and returns the byte offset of that
// word for endBlock.
func (w *bitWriter) enterBlock(id uint32, outerWidth, width uint) int {
	w.fixed(1, outerWidth)
	w.vbr(uint64(id), 8)
	w.vbr(uint64(width), 4)
	w.align32()
	at := len(w.buf)
	w.fixed(0, 32)
	return at
}

// endBlock writes END_BLOCK and patches the length word at lenAt.
func (w *bitWriter) endBlock(lenAt int, width uint) {
	w.fixed(0, width)
	w.align32()
	words := (len(w.buf) - lenAt - 4) / 4
	binary.LittleEndian.PutUint32(w.buf[lenAt:], uint32(words))
}

// record writes an unabbreviated record.
func (w *bitWriter) record(code uint32, ops []uint64, width uint) {
	w.fixed(3, width)
	w.vbr(uint64(code), 6)
	w.vbr(uint64(len(ops)), 6)
	for _, op := range ops {
		w.vbr(op, 6)
	}
}

// oracleStream returns the generated stream. Every block has no operands
// in its records, except BLOCKINFO, whose records all carry
// [oracleInfoBID, 'A'] so that SETBID, BLOCKNAME and SETRECORDNAME are
// well formed and only ever describe block oracleInfoBID.
func oracleStream() []byte {
	w := &bitWriter{}
	for _, b := range []byte{'B', 'C', 0x0, 0xC, 0xE, 0xD} {
		if b >= 'A' {
			w.fixed(uint64(b), 8)
		} else {
			w.fixed(uint64(b), 4)
		}
	}
	for id := uint32(0); id <= oracleMaxBlock; id++ {
		at := w.enterBlock(id, 2, oracleWidth)
		var ops []uint64
		if id == uint32(BLOCKINFO_BLOCK_ID) {
			ops = []uint64{oracleInfoBID, 'A'}
		}
		for code := uint32(0); code <= oracleMaxCode; code++ {
			w.record(code, ops, oracleWidth)
		}
		w.endBlock(at, oracleWidth)
	}
	return w.buf
}

// oracleName is one name read from the dump.
type oracleName struct {
	block, code uint32
	isBlock     bool
	name        string
}

// parseOracleDump reads the block open lines and record lines of a
// bcanalyzer dump of oracleStream. Record codes are implied by position:
// the n-th record of a block has code n.
func parseOracleDump(out []byte) ([]oracleName, error) {
	var names []oracleName
	sc := bufio.NewScanner(bytes.NewReader(out))
	block, next := -1, 0
	var code uint32
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "Summary of ") {
			break
		}
		if line == "" {
			continue
		}
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		if !strings.HasPrefix(trimmed, "<") {
			return nil, fmt.Errorf("unexpected line %q", line)
		}
		name := trimmed[1:]
		if i := strings.IndexAny(name, " /(>"); i >= 0 {
			name = name[:i]
		}
		switch {
		case strings.HasPrefix(trimmed, "</"):
			block = -1
		case indent == 0:
			block, next = next, next+1
			code = 0
			names = append(names, oracleName{block: uint32(block), isBlock: true, name: name})
		case indent == 2 && block >= 0:
			names = append(names, oracleName{block: uint32(block), code: code, name: name})
			code++
		default:
			return nil, fmt.Errorf("unexpected line %q", line)
		}
	}
	return names, sc.Err()
}

// TestNamesAgainstBcanalyzer compares BlockName and RecordName with what
// llvm-bcanalyzer-22 prints for every block ID 0..39 and record code
// 0..129. It is skipped under -short and when the tool is not on PATH.
func TestNamesAgainstBcanalyzer(t *testing.T) {
	if testing.Short() {
		t.Skip("oracle test skipped in -short mode")
	}
	tool, err := exec.LookPath(oracleTool)
	if err != nil {
		t.Skipf("%s not on PATH", oracleTool)
	}
	file := filepath.Join(t.TempDir(), "names.bc")
	if err := os.WriteFile(file, oracleStream(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "-dump", "-dump-blockinfo", "-disable-histogram", file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", oracleTool, err, stderr.Bytes())
	}
	if !bytes.Contains(out, []byte("\n        Stream type: LLVM IR\n")) {
		t.Fatalf("%s did not treat the stream as LLVM IR:\n%s", oracleTool, out)
	}
	names, err := parseOracleDump(out)
	if err != nil {
		t.Fatal(err)
	}
	const want = (oracleMaxBlock + 1) * (oracleMaxCode + 2)
	if len(names) != want {
		t.Fatalf("parsed %d names from the dump, want %d", len(names), want)
	}
	mismatches := 0
	for _, n := range names {
		var got string
		if n.isBlock {
			s, ok := BlockName(n.block)
			if !ok {
				s = "UnknownBlock" + strconv.FormatUint(uint64(n.block), 10)
			}
			got = s
		} else {
			s, ok := RecordName(n.block, n.code)
			if !ok {
				s = "UnknownCode" + strconv.FormatUint(uint64(n.code), 10)
			}
			got = s
		}
		if got != n.name {
			mismatches++
			if n.isBlock {
				t.Errorf("block %d: bcanalyzer %q, BlockName %q", n.block, n.name, got)
			} else {
				t.Errorf("block %d code %d: bcanalyzer %q, RecordName %q", n.block, n.code, n.name, got)
			}
		}
	}
	t.Logf("checked %d block names and %d record names against %s; %d mismatches",
		oracleMaxBlock+1, len(names)-(oracleMaxBlock+1), oracleTool, mismatches)
}
