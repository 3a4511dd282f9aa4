package readobj

import (
	"strconv"

	"github.com/bcextract/bcextract/bbmap"
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/sections"
)

// bbAddrMaps prints each SHT_LLVM_BB_ADDR_MAP section. A section is read
// twice, one function at a time in reused memory: first to learn whether it
// decodes (llvm-readobj-22 prints none of a section that does not), then to
// print it.
func (d *dumper) bbAddrMaps(root scope) {
	for _, s := range d.ofType(elf.SHT_LLVM_BB_ADDR_MAP) {
		l := root.list("BBAddrMap")
		in := bbmap.OpenELFSection(d.f, d.data, s, nil)
		if in.Warning == "" {
			r := sections.NewBBAddrMapReader(in.Contents, in.Options)
			for r.Next() != nil {
			}
			if err := r.Err(); err != nil {
				in.Warning = bbmap.SectionWarning(s, err)
			}
		}
		if in.Warning != "" {
			d.warn("%s", in.Warning)
			l.end()
			continue
		}
		r := sections.NewBBAddrMapReader(in.Contents, in.Options)
		for m := r.Next(); m != nil; m = r.Next() {
			d.bbAddrMap(l, s, m)
		}
		l.end()
	}
}

// functionName names the function at addr as llvm-readobj does (see
// bbmap.FuncSymbols), warning when no symbol matches.
func (d *dumper) functionName(s *elf.Section, addr uint64) string {
	if d.funcs == nil {
		d.funcs = bbmap.NewFuncSymbols(d.f, d.symbols())
	}
	if name, ok := d.funcs.Name(int(s.Link), addr); ok {
		return d.demangled(name)
	}
	d.warn("could not identify function symbol for address (0x%x) in SHT_LLVM_BB_ADDR_MAP section with index %d", addr, s.Index)
	return "<?>"
}

func (d *dumper) bbAddrMap(l scope, s *elf.Section, m *sections.BBAddrMap) {
	fn := l.dict("Function")
	addr := m.Address()
	fn.hex("At", addr)
	fn.str("Name", d.functionName(s, addr))
	ranges := fn.list("BB Ranges")
	for _, r := range m.Ranges {
		rd := ranges.dict("")
		rd.hex("Base Address", r.BaseAddress)
		ents := rd.list("BB Entries")
		if t, ok := ents.(*textScope); ok {
			t.bbEntries(r.Entries, m.Features&sections.BBHash != 0)
		} else {
			bbEntries(ents, r.Entries, m.Features&sections.BBHash != 0)
		}
		ents.end()
		rd.end()
	}
	ranges.end()
	defer fn.end()
	f := m.Features
	if f&(sections.FuncEntryCount|sections.BBFreq|sections.BrProb) == 0 {
		return
	}
	pd := fn.dict("PGO analyses")
	defer pd.end()
	if f&sections.FuncEntryCount != 0 {
		pd.num("FuncEntryCount", m.PGO.FuncEntryCount)
	}
	if f&(sections.BBFreq|sections.BrProb) == 0 {
		return
	}
	pl := pd.list("PGO BB entries")
	defer pl.end()
	for _, pe := range m.PGO.BBEntries {
		ped := pl.dict("")
		if f&sections.BBFreq != 0 {
			if d.o.PrettyPGO {
				ped.str("Frequency", sections.PrettyFrequency(pe.BlockFreq, m.PGO.BBEntries[0].BlockFreq))
			} else {
				ped.num("Frequency", pe.BlockFreq)
			}
			if f&sections.PostLinkCfg != 0 {
				ped.num("PostLink Frequency", uint64(pe.PostLinkBlockFreq))
			}
		}
		if f&sections.BrProb == 0 {
			ped.end()
			continue
		}
		sl := ped.list("Successors")
		for _, su := range pe.Successors {
			sd := sl.dict("")
			sd.num("ID", uint64(su.ID))
			if d.o.PrettyPGO {
				sd.str("Probability", sections.PrettyProbability(su.Prob))
			} else {
				sd.hex("Probability", uint64(su.Prob))
			}
			if f&sections.PostLinkCfg != 0 {
				sd.num("PostLink Probability", uint64(su.PostLinkFreq))
			}
			sd.end()
		}
		sl.end()
		ped.end()
	}
}

// bbEntries prints a range's BB entries, with hashes if hash is set.
func bbEntries(ents scope, es []sections.BBEntry, hash bool) {
	for _, e := range es {
		ed := ents.dict("")
		ed.num("ID", uint64(e.ID))
		ed.hex("Offset", uint64(e.Offset))
		if len(e.CallsiteEndOffsets) > 0 {
			ed.nums("Callsite End Offsets", e.CallsiteEndOffsets)
		}
		if hash {
			ed.hex("Hash", e.Hash)
		}
		ed.hex("Size", uint64(e.Size))
		ed.yesNo("HasReturn", e.Metadata.HasReturn())
		ed.yesNo("HasTailCall", e.Metadata.HasTailCall())
		ed.yesNo("IsEHPad", e.Metadata.IsEHPad())
		ed.yesNo("CanFallThrough", e.Metadata.CanFallThrough())
		ed.yesNo("HasIndirectBranch", e.Metadata.HasIndirectBranch())
		ed.end()
	}
}

// bbEntries is the function bbEntries for text, printing what its scope
// calls print, each entry's lines appended with the indentation and labels
// worked out once (bbLines): the entries are most of a map's lines.
func (t *textScope) bbEntries(es []sections.BBEntry, hash bool) {
	if t.bb == nil || t.bb.depth != t.depth {
		t.bb = newBBLines(t.depth)
	}
	c := t.bb
	out := t.out
	for i := range es {
		if len(out) > 64<<10 {
			t.out = out
			t.flush()
			out = t.out
		}
		e := &es[i]
		out = append(out, c.id...)
		out = append(strconv.AppendUint(out, uint64(e.ID), 10), c.offset...)
		out = appendUpperHex(out, uint64(e.Offset))
		if len(e.CallsiteEndOffsets) > 0 {
			out = append(out, c.calls...)
			for j, v := range e.CallsiteEndOffsets {
				if j > 0 {
					out = append(out, ", "...)
				}
				out = strconv.AppendUint(out, uint64(v), 10)
			}
			out = append(out, ']')
		}
		if hash {
			out = appendUpperHex(append(out, c.hash...), e.Hash)
		}
		out = appendUpperHex(append(out, c.size...), uint64(e.Size))
		out = append(out, c.flags[e.Metadata&31]...)
	}
	t.out = out
}

// bbLines holds the text around the numbers of a BB entry printed at depth:
// each piece ends one line and starts the next. flags holds the five flag
// lines and the closing brace for each combination of the flags.
type bbLines struct {
	depth                         int
	id, offset, calls, hash, size string
	flags                         [32]string
}

func newBBLines(depth int) *bbLines {
	open, field := indentation(depth), indentation(depth+1)
	c := &bbLines{
		depth:  depth,
		id:     open + "{\n" + field + "ID: ",
		offset: "\n" + field + "Offset: 0x",
		calls:  "\n" + field + "Callsite End Offsets: [",
		hash:   "\n" + field + "Hash: 0x",
		size:   "\n" + field + "Size: 0x",
	}
	names := [...]string{"HasReturn", "HasTailCall", "IsEHPad", "CanFallThrough", "HasIndirectBranch"}
	var b []byte
	for m := range c.flags {
		b = append(b[:0], '\n')
		for i, name := range names {
			b = appendYesNo(append(append(append(b, field...), name...), ": "...), m&(1<<i) != 0)
		}
		c.flags[m] = string(append(append(b, open...), "}\n"...))
	}
	return c
}

// appendYesNo appends "Yes" or "No" and a newline.
func appendYesNo(b []byte, yes bool) []byte {
	if yes {
		return append(b, "Yes\n"...)
	}
	return append(b, "No\n"...)
}
