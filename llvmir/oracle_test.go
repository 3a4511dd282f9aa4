package llvmir

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/bitwriter"
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

// oracleStream returns the generated stream. Every block has no operands
// in its records, except BLOCKINFO, whose records all carry
// [oracleInfoBID, 'A'] so that SETBID, BLOCKNAME and SETRECORDNAME are
// well formed and only ever describe block oracleInfoBID.
func oracleStream() []byte {
	w := bitwriter.New()
	w.Magic([4]byte{'B', 'C', 0xC0, 0xDE})
	for id := uint64(0); id <= oracleMaxBlock; id++ {
		w.EnterBlock(id, oracleWidth)
		var ops []uint64
		if id == uint64(BLOCKINFO_BLOCK_ID) {
			ops = []uint64{oracleInfoBID, 'A'}
		}
		for code := uint64(0); code <= oracleMaxCode; code++ {
			w.Unabbrev(code, ops...)
		}
		w.EndBlock()
	}
	return w.Bytes
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
