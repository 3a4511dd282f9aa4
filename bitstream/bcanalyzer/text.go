// Package bcanalyzer prints what llvm-bcanalyzer-22 prints for a bitstream
// file, byte for byte: the dump of its blocks and records (-dump, with
// -dump-blockinfo, -non-symbolic and -show-binary-blobs) and the summary of
// its blocks with the histogram of record codes; and the same as one JSON
// document. Names of blocks and records come from the stream's BLOCKINFO
// and, for LLVM IR, from package llvmir, as llvm-bcanalyzer finds them.
// [Text] and [JSON] are the entry points; [Options] are the flags.
package bcanalyzer

import (
	"bufio"
	"fmt"
	"strconv"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/wrapper"
)

// names resolves block and record names the way llvm-bcanalyzer does:
// reserved IDs first, then BLOCKINFO names, then (LLVM IR streams only) the
// built-in tables.
type names struct {
	kind bitstream.StreamKind
	bi   *bitstream.BlockInfo
}

func (n names) block(id uint32) (string, bool) {
	if id < bitstream.FirstApplicationBlockID {
		if id == bitstream.BLOCKINFO_BLOCK_ID { // named for every stream kind
			return llvmir.BlockName(id)
		}
		return "", false
	}
	if s, ok := n.bi.BlockName(id); ok {
		return cString(s), true
	}
	if n.kind == bitstream.LLVMIRStream {
		return llvmir.BlockName(id)
	}
	return "", false
}

func (n names) record(block, code uint32) (string, bool) {
	if block < bitstream.FirstApplicationBlockID {
		if block == bitstream.BLOCKINFO_BLOCK_ID { // named for every stream kind
			return llvmir.RecordName(block, code)
		}
		return "", false
	}
	if s, ok := n.bi.RecordName(block, code); ok {
		return cString(s), true
	}
	if n.kind == bitstream.LLVMIRStream {
		return llvmir.RecordName(block, code)
	}
	return "", false
}

// cString cuts s at its first NUL: llvm-bcanalyzer prints BLOCKINFO names as
// C strings.
func cString(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return s[:i]
		}
	}
	return s
}

// textPrinter prints the dump part of llvm-bcanalyzer -dump as the stream is
// walked.
type textPrinter struct {
	w      *bufio.Writer
	o      Options
	r      *bitstream.Reader
	kind   bitstream.StreamKind
	frames []textFrame
	buf    []byte
}

// textFrame is what the printer remembers of an open block.
type textFrame struct {
	dumped     bool // whether the block's lines are printed
	name       string
	named      bool
	mdIndexPos uint64 // target of the last METADATA INDEX_OFFSET
}

func (p *textPrinter) names() names { return names{p.kind, p.r.BlockInfo()} }

func (p *textPrinter) wrapperHeader(h wrapper.Header) {
	fmt.Fprintf(p.w, "<BITCODE_WRAPPER_HEADER Magic=0x%08x Version=0x%08x Offset=0x%08x Size=0x%08x CPUType=0x%08x/>\n",
		h.Magic, h.Version, h.Offset, h.Size, h.CPUType)
}

func (p *textPrinter) indent(b []byte, depth int) []byte {
	for i := 0; i < depth; i++ {
		b = append(b, ' ', ' ')
	}
	return b
}

func (p *textPrinter) BlockInfoStart(depth int) error {
	if !p.o.DumpBlockinfo {
		b := p.indent(p.buf[:0], depth)
		b = append(b, "<BLOCKINFO_BLOCK/>\n"...)
		p.w.Write(b)
		p.buf = b
	}
	return nil
}

func (p *textPrinter) EnterBlock(ev *bitstream.BlockEvent) error {
	f := textFrame{dumped: ev.ID != bitstream.BLOCKINFO_BLOCK_ID || p.o.DumpBlockinfo}
	if f.dumped {
		f.name, f.named = p.names().block(ev.ID)
		b := p.indent(p.buf[:0], ev.Depth)
		b = append(b, '<')
		b = appendName(b, f.name, f.named, "UnknownBlock", ev.ID)
		if p.o.NonSymbolic && f.named {
			b = append(b, " BlockID="...)
			b = strconv.AppendUint(b, uint64(ev.ID), 10)
		}
		b = append(b, " NumWords="...)
		b = strconv.AppendUint(b, uint64(ev.NumWords), 10)
		b = append(b, " BlockCodeSize="...)
		b = strconv.AppendUint(b, uint64(ev.CodeWidth), 10)
		b = append(b, ">\n"...)
		p.w.Write(b)
		p.buf = b
	}
	if ev.Depth < len(p.frames) {
		p.frames[ev.Depth] = f
		p.frames = p.frames[:ev.Depth+1]
	} else {
		p.frames = append(p.frames, f)
	}
	return nil
}

func (p *textPrinter) ExitBlock(ev *bitstream.BlockEvent) error {
	f := &p.frames[ev.Depth]
	if f.dumped {
		b := p.indent(p.buf[:0], ev.Depth)
		b = append(b, "</"...)
		b = appendName(b, f.name, f.named, "UnknownBlock", ev.ID)
		b = append(b, ">\n"...)
		p.w.Write(b)
		p.buf = b
	}
	p.frames = p.frames[:ev.Depth]
	return nil
}

func appendName(b []byte, name string, named bool, unknown string, id uint32) []byte {
	if named {
		return append(b, name...)
	}
	b = append(b, unknown...)
	return strconv.AppendUint(b, uint64(id), 10)
}

func (p *textPrinter) Record(ev *bitstream.BlockEvent, rec *bitstream.RecordEvent) error {
	f := &p.frames[ev.Depth]
	if !f.dumped {
		return nil
	}
	b := p.indent(p.buf[:0], ev.Depth)
	b = append(b, ' ', ' ', '<')
	name, named := p.names().record(ev.ID, rec.Code)
	b = appendName(b, name, named, "UnknownCode", rec.Code)
	if p.o.NonSymbolic && named {
		b = append(b, " codeid="...)
		b = strconv.AppendUint(b, uint64(rec.Code), 10)
	}
	if rec.Abbrev != nil {
		b = append(b, " abbrevid="...)
		b = strconv.AppendUint(b, uint64(rec.AbbrevID), 10)
	}
	for i, v := range rec.Ops {
		if i < len(opLabels) {
			b = append(b, opLabels[i]...)
		} else {
			b = append(b, " op"...)
			b = appendUint(b, uint64(i))
			b = append(b, '=')
		}
		if int64(v) < 0 {
			b = append(b, '-')
			v = -v
		}
		b = appendUint(b, v)
	}
	if ev.ID == uint32(llvmir.METADATA_BLOCK_ID) {
		switch rec.Code {
		case uint32(llvmir.METADATA_INDEX_OFFSET):
			if len(rec.Ops) != 2 {
				b = append(b, "(Invalid record)"...)
			} else {
				f.mdIndexPos = rec.EndBit + rec.Ops[0] + rec.Ops[1]<<32
			}
		case uint32(llvmir.METADATA_INDEX):
			b = append(b, " (offset "...)
			if f.mdIndexPos == rec.StartBit {
				b = append(b, "match)"...)
			} else {
				b = append(b, "mismatch: "...)
				b = strconv.AppendUint(b, f.mdIndexPos, 10)
				b = append(b, " vs "...)
				b = strconv.AppendUint(b, rec.StartBit, 10)
				b = append(b, ')')
			}
		}
	}
	b = append(b, '/', '>')
	if a := rec.Abbrev; a != nil && a.ArrayIndex > 0 {
		b = appendRecordString(b, rec.Ops, a.ArrayIndex-1)
	}
	var err error
	if rec.HasBlob {
		if ev.ID == uint32(llvmir.METADATA_BLOCK_ID) && rec.Code == uint32(llvmir.METADATA_STRINGS) {
			b, err = p.appendMetadataStrings(b, ev.Depth, rec)
		} else {
			b = append(b, " blob data = "...)
			switch {
			case p.o.ShowBinaryBlobs:
				b = append(b, '\'')
				b = appendEscaped(b, rec.Blob)
				b = append(b, '\'')
			case printable(rec.Blob):
				b = append(b, '\'')
				b = append(b, rec.Blob...)
				b = append(b, '\'')
			default:
				b = append(b, "unprintable, "...)
				b = strconv.AppendInt(b, int64(len(rec.Blob)), 10)
				b = append(b, " bytes."...)
			}
		}
	}
	if err == nil {
		b = append(b, '\n')
	}
	p.w.Write(b)
	p.buf = b
	return err
}

// appendRecordString appends " record string = '...'" when every operand
// from index from on is printable ASCII in its low byte, as llvm-bcanalyzer
// does for records whose abbreviation has an array.
func appendRecordString(b []byte, ops []uint64, from int) []byte {
	if from > len(ops) {
		// llvm-bcanalyzer reads past the record here (a blob before the
		// array and no elements); print nothing.
		return b
	}
	for _, v := range ops[from:] {
		if !isPrint(byte(v)) {
			return b
		}
	}
	b = append(b, " record string = '"...)
	for _, v := range ops[from:] {
		b = append(b, byte(v))
	}
	return append(b, '\'')
}

func (p *textPrinter) appendMetadataStrings(b []byte, depth int, rec *bitstream.RecordEvent) ([]byte, error) {
	m, err := llvmir.NewMetadataStrings(rec.Ops, rec.Blob)
	if err != nil {
		return b, &bitstream.FormatError{BitPos: rec.StartBit, Msg: err.Error(), Err: err}
	}
	b = append(b, " num-strings = "...)
	b = strconv.AppendUint(b, uint64(m.Count), 10)
	b = append(b, " {\n"...)
	for {
		s, err := m.Next()
		if err != nil {
			return b, &bitstream.FormatError{BitPos: rec.StartBit, Msg: err.Error(), Err: err}
		}
		b = p.indent(b, depth)
		b = append(b, "    '"...)
		b = appendEscaped(b, s)
		b = append(b, "'\n"...)
		if !m.More() {
			break
		}
		if len(b) > 64<<10 {
			p.w.Write(b)
			b = b[:0]
		}
	}
	b = p.indent(b, depth)
	return append(b, ' ', ' ', '}'), nil
}

// opLabels holds " op0=", " op1=", ... for the common operand indexes.
var opLabels = func() []string {
	l := make([]string, 256)
	for i := range l {
		l[i] = " op" + strconv.Itoa(i) + "="
	}
	return l
}()

// appendUint appends v in decimal; faster than strconv for the small values
// most operands have.
func appendUint(b []byte, v uint64) []byte {
	if v < 10 {
		return append(b, byte('0'+v))
	}
	if v < 100 {
		return append(b, byte('0'+v/10), byte('0'+v%10))
	}
	var buf [20]byte
	i := len(buf)
	for v >= 10 {
		q := v / 10
		i--
		buf[i] = byte('0' + v - q*10)
		v = q
	}
	i--
	buf[i] = byte('0' + v)
	return append(b, buf[i:]...)
}

func isPrint(c byte) bool { return c >= 0x20 && c <= 0x7e }

func printable(s []byte) bool {
	for _, c := range s {
		if !isPrint(c) {
			return false
		}
	}
	return true
}

const upperHex = "0123456789ABCDEF"

// appendEscaped escapes s as LLVM's raw_ostream::write_escaped does with hex
// escapes.
func appendEscaped(b, s []byte) []byte {
	for _, c := range s {
		switch c {
		case '\\':
			b = append(b, '\\', '\\')
		case '\t':
			b = append(b, '\\', 't')
		case '\n':
			b = append(b, '\\', 'n')
		case '"':
			b = append(b, '\\', '"')
		default:
			if isPrint(c) {
				b = append(b, c)
			} else {
				b = append(b, '\\', 'x', upperHex[c>>4], upperHex[c&15])
			}
		}
	}
	return b
}

// writeSummary prints llvm-bcanalyzer's summary.
func writeSummary(w *bufio.Writer, file string, kind bitstream.StreamKind, bi *bitstream.BlockInfo, s *bitstream.Stats, o Options) {
	n := names{kind, bi}
	fmt.Fprintf(w, "Summary of %s:\n", cString(file))
	fmt.Fprintf(w, "         Total size: %s\n", sizeString(s.TotalBits))
	fmt.Fprintf(w, "        Stream type: %s\n", kind)
	fmt.Fprintf(w, "  # Toplevel Blocks: %d\n\n", s.TopLevelBlocks)
	w.WriteString("Per-block Summary:\n")
	for _, bs := range s.Blocks() {
		fmt.Fprintf(w, "  Block ID #%d", bs.ID)
		if name, ok := n.block(bs.ID); ok {
			fmt.Fprintf(w, " (%s)", name)
		}
		w.WriteString(":\n")
		fmt.Fprintf(w, "      Num Instances: %d\n", bs.Instances)
		fmt.Fprintf(w, "         Total Size: %s\n", sizeString(bs.Bits))
		fmt.Fprintf(w, "    Percent of file: %2.4f%%\n", float64(bs.Bits)*100.0/float64(s.TotalBits))
		if bs.Instances > 1 {
			inst := float64(bs.Instances)
			avg := float64(bs.Bits) / inst
			fmt.Fprintf(w, "       Average Size: %.2f/%.2fB/%dW\n", avg, avg/8, uint64(avg/32))
			fmt.Fprintf(w, "  Tot/Avg SubBlocks: %d/%e\n", bs.SubBlocks, float64(bs.SubBlocks)/inst)
			fmt.Fprintf(w, "    Tot/Avg Abbrevs: %d/%e\n", bs.Abbrevs, float64(bs.Abbrevs)/inst)
			fmt.Fprintf(w, "    Tot/Avg Records: %d/%e\n", bs.Records, float64(bs.Records)/inst)
		} else {
			fmt.Fprintf(w, "      Num SubBlocks: %d\n", bs.SubBlocks)
			fmt.Fprintf(w, "        Num Abbrevs: %d\n", bs.Abbrevs)
			fmt.Fprintf(w, "        Num Records: %d\n", bs.Records)
		}
		if bs.Records > 0 {
			fmt.Fprintf(w, "    Percent Abbrevs: %2.4f%%\n", float64(bs.AbbreviatedRecords)*100.0/float64(bs.Records))
		}
		w.WriteString("\n")
		if o.NoHistogram || bs.Records == 0 {
			continue
		}
		w.WriteString("\tRecord Histogram:\n\t\t  Count    # Bits     b/Rec   % Abv  Record Kind\n")
		for _, cs := range bs.Codes() {
			fmt.Fprintf(w, "\t\t%7d %9d", cs.Count, cs.Bits)
			if cs.Count > 1 {
				fmt.Fprintf(w, " %9.1f", float64(cs.Bits)/float64(cs.Count))
			} else {
				w.WriteString("          ")
			}
			if cs.Abbreviated > 0 {
				fmt.Fprintf(w, " %7.2f", float64(cs.Abbreviated)/float64(cs.Count)*100)
			} else {
				w.WriteString("        ")
			}
			name, ok := n.record(bs.ID, cs.Code)
			w.WriteString("  ")
			w.Write(appendName(nil, name, ok, "UnknownCode", cs.Code))
			w.WriteString("\n")
		}
		w.WriteString("\n")
	}
}

func sizeString(bits uint64) string {
	return fmt.Sprintf("%db/%.2fB/%dW", bits, float64(bits)/8, bits/32)
}
