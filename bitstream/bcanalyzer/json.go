package bcanalyzer

import (
	"bufio"
	"encoding/base64"
	"errors"
	"strconv"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/jsonstr"
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/wrapper"
)

// jsonPrinter writes the "blocks" of the JSON document (see JSON) as the
// stream is walked.
type jsonPrinter struct {
	w     *bufio.Writer
	r     *bitstream.Reader
	kind  bitstream.StreamKind
	buf   []byte
	first []bool // per open array: nothing written in it yet
}

func (p *jsonPrinter) names() names { return names{p.kind, p.r.BlockInfo()} }

// sep writes the comma that goes before an element of the innermost array.
func (p *jsonPrinter) sep(b []byte) []byte {
	top := len(p.first) - 1
	if p.first[top] {
		p.first[top] = false
		return b
	}
	return append(b, ',')
}

func (p *jsonPrinter) BlockInfoStart(int) error { return nil }

func (p *jsonPrinter) EnterBlock(ev *bitstream.BlockEvent) error {
	b := p.sep(p.buf[:0])
	b = append(b, `{"kind":"block","id":`...)
	b = strconv.AppendUint(b, uint64(ev.ID), 10)
	b = append(b, `,"name":`...)
	name, ok := p.names().block(ev.ID)
	b = appendJSONName(b, name, ok)
	b = append(b, `,"abbrev_width":`...)
	b = strconv.AppendUint(b, uint64(ev.CodeWidth), 10)
	b = append(b, `,"num_words":`...)
	b = strconv.AppendUint(b, uint64(ev.NumWords), 10)
	b = append(b, `,"bit_offset":`...)
	b = strconv.AppendUint(b, ev.StartBit, 10)
	b = append(b, `,"entries":[`...)
	p.first = append(p.first, true)
	p.w.Write(b)
	p.buf = b
	return nil
}

func (p *jsonPrinter) ExitBlock(*bitstream.BlockEvent) error {
	p.first = p.first[:len(p.first)-1]
	p.w.WriteString("]}")
	return nil
}

func (p *jsonPrinter) Record(ev *bitstream.BlockEvent, rec *bitstream.RecordEvent) error {
	b := p.sep(p.buf[:0])
	b = append(b, `{"kind":"record","code":`...)
	b = strconv.AppendUint(b, uint64(rec.Code), 10)
	b = append(b, `,"name":`...)
	name, ok := p.names().record(ev.ID, rec.Code)
	b = appendJSONName(b, name, ok)
	b = append(b, `,"abbrev_id":`...)
	if rec.Abbrev != nil {
		b = strconv.AppendUint(b, uint64(rec.AbbrevID), 10)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"bit_offset":`...)
	b = strconv.AppendUint(b, rec.StartBit, 10)
	b = append(b, `,"bit_size":`...)
	b = strconv.AppendUint(b, rec.EndBit-rec.StartBit, 10)
	b = append(b, `,"ops":[`...)
	for i, v := range rec.Ops {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, v, 10)
	}
	b = append(b, ']')
	if rec.HasBlob {
		b = append(b, `,"blob":"`...)
		b = base64.StdEncoding.AppendEncode(b, rec.Blob)
		b = append(b, '"')
		if ev.ID == uint32(llvmir.METADATA_BLOCK_ID) && rec.Code == uint32(llvmir.METADATA_STRINGS) {
			b = appendJSONMetadataStrings(b, rec)
		}
	}
	b = append(b, '}')
	p.w.Write(b)
	p.buf = b
	return nil
}

// appendJSONMetadataStrings adds the decoded strings, when they decode.
func appendJSONMetadataStrings(b []byte, rec *bitstream.RecordEvent) []byte {
	m, err := llvmir.NewMetadataStrings(rec.Ops, rec.Blob)
	if err != nil {
		return b
	}
	mark := len(b)
	b = append(b, `,"strings":[`...)
	for i := 0; ; i++ {
		s, err := m.Next()
		if err != nil {
			return b[:mark]
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
		if !m.More() {
			break
		}
	}
	return append(b, ']')
}

func appendJSONName(b []byte, name string, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return appendJSONString(b, []byte(name))
}

// appendJSONString appends s as a JSON string (see jsonstr.Append).
func appendJSONString(b []byte, s []byte) []byte { return jsonstr.Append(b, s) }

func analyzeJSON(w *bufio.Writer, name string, data []byte, o Options) error {
	b := append([]byte(nil), `{"file":`...)
	b = appendJSONString(b, []byte(name))
	var hdr *wrapper.Header
	r, kind, base, err := openStream(name, data, func(h wrapper.Header) { hdr = &h })
	b = append(b, `,"wrapper":`...)
	if hdr != nil {
		b = append(b, `{"magic":`...)
		b = strconv.AppendUint(b, uint64(hdr.Magic), 10)
		b = append(b, `,"version":`...)
		b = strconv.AppendUint(b, uint64(hdr.Version), 10)
		b = append(b, `,"offset":`...)
		b = strconv.AppendUint(b, uint64(hdr.Offset), 10)
		b = append(b, `,"size":`...)
		b = strconv.AppendUint(b, uint64(hdr.Size), 10)
		b = append(b, `,"cpu_type":`...)
		b = strconv.AppendUint(b, uint64(hdr.CPUType), 10)
		b = append(b, '}')
	} else {
		b = append(b, "null"...)
	}
	if err != nil {
		b = append(b, `,"stream_type":null,"summary":null`...)
		b = appendJSONError(b, err, base)
		w.Write(append(b, "}\n"...))
		return err
	}
	b = append(b, `,"stream_type":`...)
	b = appendJSONString(b, []byte(kind.String()))
	var v bitstream.Visitor
	var p *jsonPrinter
	if o.Dump {
		b = append(b, `,"blocks":[`...)
		p = &jsonPrinter{w: w, r: r, kind: kind, first: []bool{true}}
		v = p
	}
	w.Write(b)
	stats, err := bitstream.Walk(r, v)
	b = b[:0]
	if p != nil {
		for range p.first[1:] {
			b = append(b, "]}"...)
		}
		b = append(b, ']')
	}
	if err != nil {
		b = append(b, `,"summary":null`...)
		b = appendJSONError(b, err, base)
		w.Write(append(b, "}\n"...))
		return &streamError{name, base, err}
	}
	b = append(b, `,"summary":`...)
	b = appendJSONSummary(b, names{kind, r.BlockInfo()}, stats)
	b = append(b, `,"error":null}`+"\n"...)
	w.Write(b)
	return nil
}

func appendJSONError(b []byte, err error, base uint64) []byte {
	b = append(b, `,"error":{"message":`...)
	var fe *bitstream.FormatError
	if errors.As(err, &fe) {
		b = appendJSONString(b, []byte(fe.Msg))
		b = append(b, `,"bit_offset":`...)
		b = strconv.AppendUint(b, fe.BitPos, 10)
		b = append(b, `,"stream_byte_offset":`...)
		b = strconv.AppendUint(b, base, 10)
	} else {
		b = appendJSONString(b, []byte(err.Error()))
	}
	return append(b, '}')
}

func appendJSONSummary(b []byte, n names, s *bitstream.Stats) []byte {
	b = append(b, `{"total_bits":`...)
	b = strconv.AppendUint(b, s.TotalBits, 10)
	b = append(b, `,"toplevel_blocks":`...)
	b = strconv.AppendUint(b, s.TopLevelBlocks, 10)
	b = append(b, `,"blocks":[`...)
	for i, bs := range s.Blocks() {
		if i > 0 {
			b = append(b, ',')
		}
		name, ok := n.block(bs.ID)
		b = append(b, `{"id":`...)
		b = strconv.AppendUint(b, uint64(bs.ID), 10)
		b = append(b, `,"name":`...)
		b = appendJSONName(b, name, ok)
		for _, f := range []struct {
			key string
			v   uint64
		}{
			{"instances", bs.Instances}, {"bits", bs.Bits}, {"subblocks", bs.SubBlocks},
			{"abbrevs", bs.Abbrevs}, {"records", bs.Records}, {"abbreviated_records", bs.AbbreviatedRecords},
		} {
			b = append(b, `,"`...)
			b = append(b, f.key...)
			b = append(b, `":`...)
			b = strconv.AppendUint(b, f.v, 10)
		}
		b = append(b, `,"codes":[`...)
		for j, cs := range bs.Codes() {
			if j > 0 {
				b = append(b, ',')
			}
			name, ok := n.record(bs.ID, cs.Code)
			b = append(b, `{"code":`...)
			b = strconv.AppendUint(b, uint64(cs.Code), 10)
			b = append(b, `,"name":`...)
			b = appendJSONName(b, name, ok)
			b = append(b, `,"count":`...)
			b = strconv.AppendUint(b, cs.Count, 10)
			b = append(b, `,"bits":`...)
			b = strconv.AppendUint(b, cs.Bits, 10)
			b = append(b, `,"abbreviated":`...)
			b = strconv.AppendUint(b, cs.Abbreviated, 10)
			b = append(b, '}')
		}
		b = append(b, "]}"...)
	}
	return append(b, "]}"...)
}
