package objdump

import (
	"bufio"
	"math/bits"
	"strconv"
	"unicode/utf8"

	"github.com/bcextract/bcextract/disasm"
	"github.com/bcextract/bcextract/sections"
)

// textPrinter prints a report as text: one table per function, each
// block followed by its instructions with --disasm, then the lookups.
type textPrinter struct {
	w     *bufio.Writer
	r     *report
	b     []byte   // the line being built
	num   [20]byte // scratch for numbers
	instW int      // width of the instruction addresses of the function

	// lookup table column widths
	addrW, secW, idW int
}

// blockFlagTable lists the flags of a block's metadata: LLVM's name, for
// JSON, and one letter, for text.
var blockFlagTable = [...]struct {
	name   string
	letter byte
	on     func(sections.Metadata) bool
}{
	{"HasReturn", 'R', sections.Metadata.HasReturn},
	{"HasTailCall", 'T', sections.Metadata.HasTailCall},
	{"IsEHPad", 'E', sections.Metadata.IsEHPad},
	{"CanFallThrough", 'F', sections.Metadata.CanFallThrough},
	{"HasIndirectBranch", 'I', sections.Metadata.HasIndirectBranch},
}

// blockFlags appends the one-letter flags of a block: R HasReturn,
// T HasTailCall, E IsEHPad, F CanFallThrough, I HasIndirectBranch; "-"
// for none.
func blockFlags(b []byte, md sections.Metadata) []byte {
	n := len(b)
	for _, f := range blockFlagTable {
		if f.on(md) {
			b = append(b, f.letter)
		}
	}
	if len(b) == n {
		b = append(b, '-')
	}
	return b
}

func (t *textPrinter) begin() {}

func (t *textPrinter) line() {
	t.b = append(t.b, '\n')
	t.w.Write(t.b)
	t.b = t.b[:0]
}

// pad appends spaces until the line since mark is width long.
func pad(b []byte, mark, width int) []byte {
	for len(b)-mark < width {
		b = append(b, ' ')
	}
	return b
}

// padLeft appends s right-aligned in width columns.
func padLeft(b []byte, s []byte, width int) []byte {
	for i := len(s); i < width; i++ {
		b = append(b, ' ')
	}
	return append(b, s...)
}

func appendHex(b []byte, v uint64) []byte {
	return strconv.AppendUint(append(b, '0', 'x'), v, 16)
}

// hexLen is the length of appendHex's text for v.
func hexLen(v uint64) int { return 2 + max(1, (bits.Len64(v)+3)/4) }

// decLen is the number of decimal digits of v.
func decLen(v uint64) int {
	n := 1
	for ; v >= 10; v /= 10 {
		n++
	}
	return n
}

// columns holds the widths of a function's table and what it shows.
type columns struct {
	id, addr, size, samples, freqW int
	freq, succ                     bool // the map has block frequencies, successor probabilities
}

// columns measures the table of function fi.
func (t *textPrinter) columns(fi int) columns {
	r := t.r
	m := r.funcs[fi].Map
	c := columns{id: 2, addr: 7, size: 4, samples: 7, freqW: 4}
	t.instW = 1
	for ri := range m.Ranges {
		rg := &m.Ranges[ri]
		for _, e := range rg.Entries {
			start := rg.BaseAddress + uint64(e.Offset)
			c.id = max(c.id, decLen(uint64(e.ID)))
			c.addr = max(c.addr, hexLen(start))
			c.size = max(c.size, decLen(uint64(e.Size)))
			t.instW = max(t.instW, hexLen(start+uint64(e.Size))-2)
		}
	}
	if r.prof != nil {
		first, last := r.index.FuncBlocks(fi)
		for k := first; k < last; k++ {
			c.samples = max(c.samples, decLen(r.prof.Blocks[k]))
		}
	}
	c.freq, c.succ = m.Features&sections.BBFreq != 0, m.Features&sections.BrProb != 0
	if c.freq {
		for i := range m.PGO.BBEntries {
			c.freqW = max(c.freqW, len(sections.PrettyFrequency(m.PGO.BBEntries[i].BlockFreq, m.PGO.BBEntries[0].BlockFreq)))
		}
	}
	return c
}

func (t *textPrinter) function(fi int) {
	r := t.r
	fn := &r.funcs[fi]
	m := fn.Map
	c := t.columns(fi)
	t.funcHeader(fi)
	t.columnHeads(&c)
	k := 0 // index of the block in the index (profile), and in the PGO entries from 0
	if r.prof != nil {
		k, _ = r.index.FuncBlocks(fi)
	}
	pgoIdx := 0
	for ri := range m.Ranges {
		rg := &m.Ranges[ri]
		sec := fn.Section(ri)
		if len(m.Ranges) > 1 {
			t.rangeHeader(ri, rg, sec)
		}
		for _, e := range rg.Entries {
			start := rg.BaseAddress + uint64(e.Offset)
			t.block(&c, m, start, e, k, pgoIdx)
			if r.dec != nil {
				t.instructions(sec, start, e.Size)
			}
			k++
			pgoIdx++
		}
	}
}

// funcHeader prints the line that opens the table of function fi.
func (t *textPrinter) funcHeader(fi int) {
	r := t.r
	fn := &r.funcs[fi]
	m := fn.Map
	nblocks := 0
	for ri := range m.Ranges {
		nblocks += len(m.Ranges[ri].Entries)
	}
	b := t.b[:0]
	b = appendFuncName(b, r.funcName(fi))
	b = append(b, " at "...)
	b = appendHex(b, m.Address())
	if s := r.sectionLabel(fn.Section(0), m.Address()); s != "" {
		b = append(b, " ("...)
		b = append(b, s...)
		b = append(b, ')')
	}
	b = append(b, ": "...)
	b = strconv.AppendInt(b, int64(nblocks), 10)
	if nblocks == 1 {
		b = append(b, " block in "...)
	} else {
		b = append(b, " blocks in "...)
	}
	b = strconv.AppendInt(b, int64(len(m.Ranges)), 10)
	if len(m.Ranges) == 1 {
		b = append(b, " range"...)
	} else {
		b = append(b, " ranges"...)
	}
	if m.Features&sections.FuncEntryCount != 0 {
		b = append(b, ", entry count "...)
		b = strconv.AppendUint(b, m.PGO.FuncEntryCount, 10)
	}
	if r.prof != nil {
		b = append(b, ", "...)
		b = strconv.AppendUint(b, r.prof.Funcs[fi], 10)
		b = append(b, " samples"...)
	}
	t.b = b
	t.line()
}

// columnHeads prints the heads of a function's table.
func (t *textPrinter) columnHeads(c *columns) {
	b := append(t.b, "  "...)
	mark := len(b)
	b = padLeft(b, []byte("BB"), c.id)
	b = append(b, "  ADDRESS"...)
	b = pad(b, mark, c.id+2+c.addr)
	b = append(b, "  "...)
	b = padLeft(b, []byte("SIZE"), c.size)
	b = append(b, "  FLAGS"...)
	if t.r.prof != nil {
		b = append(b, "  "...)
		b = padLeft(b, []byte("SAMPLES"), c.samples)
	}
	if c.freq {
		b = append(b, "  "...)
		fm := len(b)
		b = append(b, "FREQ"...)
		b = pad(b, fm, c.freqW)
	}
	if c.succ {
		b = append(b, "  SUCCESSORS"...)
	}
	t.b = trimRight(b)
	t.line()
}

// rangeHeader prints the line that opens range ri of a function of
// several, in address space sec.
func (t *textPrinter) rangeHeader(ri int, rg *sections.BBRange, sec int) {
	b := append(t.b, "  range "...)
	b = strconv.AppendInt(b, int64(ri), 10)
	b = append(b, " at "...)
	b = appendHex(b, rg.BaseAddress)
	if s := t.r.sectionLabel(sec, rg.BaseAddress); s != "" {
		b = append(b, " ("...)
		b = append(b, s...)
		b = append(b, ')')
	}
	b = append(b, ": "...)
	b = strconv.AppendInt(b, int64(len(rg.Entries)), 10)
	if len(rg.Entries) == 1 {
		b = append(b, " block"...)
	} else {
		b = append(b, " blocks"...)
	}
	t.b = b
	t.line()
}

// block prints the row of block e of map m at start: k is its index in
// the profile, pgoIdx in the map's PGO entries.
func (t *textPrinter) block(c *columns, m *sections.BBAddrMap, start uint64, e sections.BBEntry, k, pgoIdx int) {
	r := t.r
	b := append(t.b, "  "...)
	mark := len(b)
	b = padLeft(b, strconv.AppendUint(t.num[:0], uint64(e.ID), 10), c.id)
	b = append(b, "  "...)
	b = appendHex(b, start)
	b = pad(b, mark, c.id+2+c.addr)
	b = append(b, "  "...)
	b = padLeft(b, strconv.AppendUint(t.num[:0], uint64(e.Size), 10), c.size)
	b = append(b, "  "...)
	fm := len(b)
	b = blockFlags(b, e.Metadata)
	b = pad(b, fm, 5)
	if r.prof != nil {
		b = append(b, "  "...)
		b = padLeft(b, strconv.AppendUint(t.num[:0], r.prof.Blocks[k], 10), c.samples)
	}
	if pgoIdx < len(m.PGO.BBEntries) {
		pe := &m.PGO.BBEntries[pgoIdx]
		if c.freq {
			b = append(b, "  "...)
			fm := len(b)
			b = append(b, sections.PrettyFrequency(pe.BlockFreq, m.PGO.BBEntries[0].BlockFreq)...)
			b = pad(b, fm, c.freqW)
		}
		if c.succ {
			b = append(b, " "...)
			for _, s := range pe.Successors {
				b = append(b, ' ')
				b = strconv.AppendUint(b, uint64(s.ID), 10)
				b = append(b, ':')
				b = append(b, sections.ProbabilityPercent(s.Prob)...)
			}
		}
	}
	t.b = trimRight(b)
	t.line()
}

// instructions prints the instructions of one block, objdump style.
func (t *textPrinter) instructions(sec int, start uint64, size uint32) {
	rawW := 4 // bytes shown before the text
	switch t.r.arch {
	case disasm.Arch386, disasm.ArchAMD64:
		rawW = 10
	case disasm.ArchPPC64, disasm.ArchPPC64LE:
		rawW = 8
	}
	problem := t.r.blockInstructions(sec, start, size, func(in *blockInst) {
		b := append(t.b, "      "...)
		for i := hexLen(in.Addr) - 2; i < t.instW; i++ {
			b = append(b, ' ')
		}
		b = strconv.AppendUint(b, in.Addr, 16)
		b = append(b, ": "...)
		mark := len(b)
		for i, c := range in.raw {
			if i > 0 {
				b = append(b, ' ')
			}
			b = append(b, hexDigits[c>>4], hexDigits[c&15])
		}
		b = pad(b, mark, 3*rawW)
		b = append(b, ' ')
		b = append(b, in.Text...)
		if in.past > 0 {
			b = append(b, "  <- runs "...)
			b = strconv.AppendInt(b, int64(in.past), 10)
			if in.past == 1 {
				b = append(b, " byte past the end of the block"...)
			} else {
				b = append(b, " bytes past the end of the block"...)
			}
		}
		t.b = b
		t.line()
	})
	if problem != "" {
		t.b = append(append(append(t.b, "        ("...), problem...), ')')
		t.line()
	}
}

const hexDigits = "0123456789abcdef"

func appendFuncName(b []byte, name string) []byte {
	if name == "" {
		return append(b, "<?>"...)
	}
	return append(b, printableName(name)...)
}

// printableName escapes control characters and invalid UTF-8 in a name
// read from the file, so that it stays on its line.
func printableName(s string) string {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			q := strconv.QuoteToGraphic(s)
			return q[1 : len(q)-1]
		}
	}
	return s
}

func trimRight(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return b
}

func (t *textPrinter) beginLookups() {
	r := t.r
	if r.showMap {
		t.line()
	}
	// Column widths from the index, so that rows can be printed as the
	// addresses are read.
	t.addrW, t.idW = 7, 2
	for i := 0; i < r.index.NumBlocks(); i++ {
		blk := r.index.Block(i)
		t.addrW = max(t.addrW, hexLen(blk.End()))
		t.idW = max(t.idW, decLen(uint64(blk.ID)))
		if r.rel {
			t.secW = max(t.secW, len(r.sectionLabel(blk.Section, blk.Start)))
		}
	}
	if r.rel {
		t.secW = max(t.secW, len("SECTION"))
	}
	b := append(t.b, "ADDRESS"...)
	b = pad(b, 0, t.addrW)
	if r.rel {
		b = append(b, "  SECTION"...)
		b = pad(b, 0, t.addrW+2+t.secW)
	}
	b = append(b, "  "...)
	b = padLeft(b, []byte("BB"), t.idW)
	b = append(b, "  OFFSET  RANGE  FUNCTION"...)
	t.b = b
	t.line()
}

func (t *textPrinter) lookup(l *lookupResult) {
	b := appendHex(t.b, l.addr)
	b = pad(b, 0, t.addrW)
	if t.r.rel {
		b = append(b, "  "...)
		mark := len(b)
		if l.found {
			b = append(b, t.r.sectionLabel(l.section, l.loc.Start)...)
		} else {
			b = append(b, '-')
		}
		b = pad(b, mark, t.secW)
	}
	b = append(b, "  "...)
	if !l.found {
		b = padLeft(b, []byte("-"), t.idW)
		b = append(b, "  -       -      outside every block"...)
		t.b = b
		t.line()
		return
	}
	b = padLeft(b, strconv.AppendUint(t.num[:0], uint64(l.loc.ID), 10), t.idW)
	b = append(b, "  "...)
	mark := len(b)
	b = appendHex(b, l.loc.Offset)
	b = pad(b, mark, 6)
	b = append(b, "  "...)
	mark = len(b)
	b = strconv.AppendInt(b, int64(l.loc.Range), 10)
	b = pad(b, mark, 5)
	b = append(b, "  "...)
	b = appendFuncName(b, t.r.funcName(l.loc.Func))
	t.b = b
	t.line()
}

func (t *textPrinter) end([]error) {
	r := t.r
	if r.prof == nil {
		return
	}
	if r.showMap {
		t.line()
	}
	b := append(t.b, "samples: "...)
	b = strconv.AppendInt(b, int64(r.prof.Samples), 10)
	b = append(b, " lines, total "...)
	b = strconv.AppendUint(b, r.prof.Total, 10)
	b = append(b, ", outside every block "...)
	b = strconv.AppendUint(b, r.prof.Outside, 10)
	t.b = b
	t.line()
}
