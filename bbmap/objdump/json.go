package objdump

import (
	"bufio"
	"errors"
	"strconv"

	"github.com/bcextract/bcextract/bbmap"
	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/internal/jsonstr"
	"github.com/bcextract/bcextract/sections"
)

// jsonPrinter prints a report as one JSON document on one line (JSON
// Lines, for several FILEs), streamed: functions as they are printed, then
// lookups as they are answered. The package documentation lists its keys.
type jsonPrinter struct {
	w      *bufio.Writer
	r      *report
	b      []byte
	nfuncs int
	nlooks int
}

func (j *jsonPrinter) flush() {
	j.w.Write(j.b)
	j.b = j.b[:0]
}

func appendJSONKey(b []byte, key string) []byte {
	b = append(b, `, "`...)
	b = append(b, key...)
	return append(b, `": `...)
}

func (j *jsonPrinter) begin() {
	b := append(j.b, `{"file": `...)
	b = jsonstr.Append(b, j.r.file)
	// The architecture as list names the file's: from the ELF header, in
	// an LLVM triple's spelling (aarch64_be, riscv32 ...), whether or not
	// --disasm decodes it; null for a machine LLVM has no name for.
	b = appendJSONKey(b, "arch")
	if a := j.r.f.Arch; a != "" {
		b = jsonstr.Append(b, a)
	} else {
		b = append(b, "null"...)
	}
	b = appendJSONKey(b, "relocatable")
	b = strconv.AppendBool(b, j.r.rel)
	b = append(b, `, "functions": [`...)
	j.b = b
	j.flush()
}

func (j *jsonPrinter) function(fi int) {
	r := j.r
	fn := &r.funcs[fi]
	m := fn.Map
	b := j.b
	if j.nfuncs > 0 {
		b = append(b, ", "...)
	}
	j.nfuncs++
	b = append(b, "{\"name\": "...)
	b = appendJSONName(b, fn.Name, fn.Name != "")
	if r.dm != nil {
		b = appendJSONKey(b, "demangled")
		b = appendJSONName(b, r.funcName(fi), fn.Name != "")
	}
	b = appendJSONKey(b, "address")
	b = strconv.AppendUint(b, m.Address(), 10)
	b = appendJSONKey(b, "section")
	sname, _ := r.sectionOf(fn.Section(0), m.Address())
	b = appendJSONName(b, sname, sname != "")
	feat := m.Features
	if feat&sections.FuncEntryCount != 0 {
		b = appendJSONKey(b, "entry_count")
		b = strconv.AppendUint(b, m.PGO.FuncEntryCount, 10)
	}
	k := 0
	if r.prof != nil {
		b = appendJSONKey(b, "samples")
		b = strconv.AppendUint(b, r.prof.Funcs[fi], 10)
		k, _ = r.index.FuncBlocks(fi)
	}
	b = append(b, `, "ranges": [`...)
	pgoIdx := 0
	for ri := range m.Ranges {
		rg := &m.Ranges[ri]
		sec := fn.Section(ri)
		if ri > 0 {
			b = append(b, ", "...)
		}
		b = append(b, `{"base": `...)
		b = strconv.AppendUint(b, rg.BaseAddress, 10)
		b = appendJSONKey(b, "section")
		sname, sidx := r.sectionOf(sec, rg.BaseAddress)
		b = appendJSONName(b, sname, sname != "")
		b = appendJSONKey(b, "section_index")
		if sidx >= 0 {
			b = strconv.AppendInt(b, int64(sidx), 10)
		} else {
			b = append(b, "null"...)
		}
		b = append(b, `, "blocks": [`...)
		for ei, e := range rg.Entries {
			if ei > 0 {
				b = append(b, ", "...)
			}
			start := rg.BaseAddress + uint64(e.Offset)
			b = append(b, `{"id": `...)
			b = strconv.AppendUint(b, uint64(e.ID), 10)
			b = appendJSONKey(b, "address")
			b = strconv.AppendUint(b, start, 10)
			b = appendJSONKey(b, "size")
			b = strconv.AppendUint(b, uint64(e.Size), 10)
			b = appendJSONKey(b, "flags")
			b = append(b, '[')
			n := 0
			for _, f := range blockFlagTable {
				if f.on(e.Metadata) {
					if n > 0 {
						b = append(b, ", "...)
					}
					n++
					b = append(append(append(b, '"'), f.name...), '"')
				}
			}
			b = append(b, ']')
			if len(e.CallsiteEndOffsets) > 0 {
				b = appendJSONKey(b, "callsite_end_offsets")
				for i, c := range e.CallsiteEndOffsets {
					if i == 0 {
						b = append(b, '[')
					} else {
						b = append(b, ", "...)
					}
					b = strconv.AppendUint(b, uint64(c), 10)
				}
				b = append(b, ']')
			}
			if feat&sections.BBHash != 0 {
				b = appendJSONKey(b, "hash")
				b = strconv.AppendUint(b, e.Hash, 10)
			}
			if pgoIdx < len(m.PGO.BBEntries) {
				pe := &m.PGO.BBEntries[pgoIdx]
				if feat&sections.BBFreq != 0 {
					b = appendJSONKey(b, "frequency")
					b = strconv.AppendUint(b, pe.BlockFreq, 10)
				}
				if feat&sections.BrProb != 0 {
					b = appendJSONKey(b, "successors")
					b = append(b, '[')
					for i, s := range pe.Successors {
						if i > 0 {
							b = append(b, ", "...)
						}
						b = append(b, `{"id": `...)
						b = strconv.AppendUint(b, uint64(s.ID), 10)
						b = appendJSONKey(b, "probability")
						b = strconv.AppendFloat(b, float64(s.Prob)/(1<<31), 'g', -1, 64)
						b = append(b, '}')
					}
					b = append(b, ']')
				}
			}
			pgoIdx++
			if r.prof != nil {
				b = appendJSONKey(b, "samples")
				b = strconv.AppendUint(b, r.prof.Blocks[k], 10)
				k++
			}
			if r.dec != nil {
				j.b = b
				j.instructions(sec, start, e.Size)
				b = j.b
			}
			b = append(b, '}')
			if len(b) > 32<<10 {
				j.b = b
				j.flush()
				b = j.b
			}
		}
		b = append(b, "]}"...)
	}
	b = append(b, "]}"...)
	j.b = b
	j.flush()
}

// instructions appends the "instructions" key of a block (and
// "disasm_error" if part of it could not be decoded).
func (j *jsonPrinter) instructions(sec int, start uint64, size uint32) {
	j.b = appendJSONKey(j.b, "instructions")
	j.b = append(j.b, '[')
	n := 0
	problem := j.r.blockInstructions(sec, start, size, func(in *blockInst) {
		b := j.b
		if n > 0 {
			b = append(b, ", "...)
		}
		n++
		b = append(b, `{"address": `...)
		b = strconv.AppendUint(b, in.Addr, 10)
		b = appendJSONKey(b, "size")
		b = strconv.AppendInt(b, int64(in.Len), 10)
		b = appendJSONKey(b, "text")
		b = jsonstr.Append(b, in.Text)
		if in.Bad {
			b = append(b, `, "bad": true`...)
		}
		if in.past > 0 {
			b = append(b, `, "crosses_end": true`...)
		}
		j.b = append(b, '}')
	})
	j.b = append(j.b, ']')
	if problem != "" {
		j.b = appendJSONKey(j.b, "disasm_error")
		j.b = jsonstr.Append(j.b, problem)
	}
}

// beginLookups does nothing: the "lookups" key comes with the first lookup,
// or at the end.
func (j *jsonPrinter) beginLookups() {}

func (j *jsonPrinter) lookup(l *lookupResult) {
	b := j.b
	if j.nlooks == 0 {
		b = append(b, "], \"lookups\": ["...)
	} else {
		b = append(b, ", "...)
	}
	j.nlooks++
	b = append(b, "{\"address\": "...)
	b = strconv.AppendUint(b, l.addr, 10)
	if j.r.rel {
		name, idx := "", -1
		if l.found {
			name, idx = j.r.sectionOf(l.section, l.loc.Start)
		}
		b = appendJSONKey(b, "section")
		b = appendJSONName(b, name, name != "")
		b = appendJSONKey(b, "section_index")
		if idx >= 0 {
			b = strconv.AppendInt(b, int64(idx), 10)
		} else {
			b = append(b, "null"...)
		}
	}
	if !l.found {
		if j.r.dm != nil {
			b = append(b, `, "function": null, "demangled": null, "range": null, "bb_id": null, "offset": null, "block_address": null}`...)
			j.b = b
			j.flush()
			return
		}
		b = append(b, `, "function": null, "range": null, "bb_id": null, "offset": null, "block_address": null}`...)
		j.b = b
		j.flush()
		return
	}
	b = appendJSONKey(b, "function")
	fname := j.r.funcs[l.loc.Func].Name
	b = appendJSONName(b, fname, fname != "")
	if j.r.dm != nil {
		b = appendJSONKey(b, "demangled")
		b = appendJSONName(b, j.r.funcName(l.loc.Func), fname != "")
	}
	b = appendJSONKey(b, "range")
	b = strconv.AppendInt(b, int64(l.loc.Range), 10)
	b = appendJSONKey(b, "bb_id")
	b = strconv.AppendUint(b, uint64(l.loc.ID), 10)
	b = appendJSONKey(b, "offset")
	b = strconv.AppendUint(b, l.loc.Offset, 10)
	b = appendJSONKey(b, "block_address")
	b = strconv.AppendUint(b, l.loc.Start, 10)
	j.b = append(b, '}')
	j.flush()
}

func (j *jsonPrinter) end(errs []error) {
	b := j.b
	if j.nlooks == 0 {
		b = append(b, "], \"lookups\": ["...)
	}
	b = append(b, "], \"samples\": "...)
	if p := j.r.prof; p != nil {
		b = append(b, `{"lines": `...)
		b = strconv.AppendInt(b, int64(p.Samples), 10)
		b = appendJSONKey(b, "total")
		b = strconv.AppendUint(b, p.Total, 10)
		b = appendJSONKey(b, "outside")
		b = strconv.AppendUint(b, p.Outside, 10)
		b = append(b, '}')
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `, "errors": `...)
	b = appendJSONErrors(b, append(errs[:len(errs):len(errs)], j.r.errs...))
	b = append(b, "}\n"...)
	j.b = b
	j.flush()
}

// appendJSONErrors appends errs as a JSON array of error objects, as in
// list --json, with "line" for a malformed line of a sample file.
func appendJSONErrors(b []byte, errs []error) []byte {
	b = append(b, '[')
	for i, err := range errs {
		if i > 0 {
			b = append(b, ", "...)
		}
		// As list --json has them: a *container.Error gives its place.
		path, file, msg := "", "", err.Error()
		off, line := int64(-1), 0
		var ce *container.Error
		if errors.As(err, &ce) {
			path, file, off, msg = ce.Path, ce.File, ce.Off, ce.Msg()
			if se := (*bbmap.SampleError)(nil); errors.As(err, &se) {
				line = se.Line
			}
		}
		b = append(b, `{"path": `...)
		b = jsonstr.Append(b, path)
		b = appendJSONKey(b, "file")
		b = jsonstr.Append(b, file)
		if off >= 0 {
			b = appendJSONKey(b, "offset")
			b = strconv.AppendInt(b, off, 10)
		}
		b = appendJSONKey(b, "error")
		b = jsonstr.Append(b, msg)
		b = appendJSONKey(b, "message")
		b = jsonstr.Append(b, err.Error())
		if line > 0 {
			b = appendJSONKey(b, "line")
			b = strconv.AppendInt(b, int64(line), 10)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendJSONName appends name as a JSON string, or null if !ok.
func appendJSONName(b []byte, name string, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return jsonstr.Append(b, name)
}
