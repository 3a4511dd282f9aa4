package main

import (
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/sections"
)

func (d *sectionsDump) bbAddrMaps(root roScope) {
	for _, s := range d.ofType(elf.SHT_LLVM_BB_ADDR_MAP) {
		l := root.list("BBAddrMap")
		ms := loadBBMapSection(d.f, d.data, s, nil)
		if ms.warning != "" {
			d.warn("%s", ms.warning)
		}
		for i := range ms.maps {
			d.bbAddrMap(l, s, &ms.maps[i])
		}
		l.end()
	}
}

// functionName names the function at addr as llvm-readobj does (see
// funcSymbols), warning when no symbol matches.
func (d *sectionsDump) functionName(s *elf.Section, addr uint64) string {
	if d.funcs == nil {
		d.funcs = newFuncSymbols(d.f, d.symbols())
	}
	if name, ok := d.funcs.name(int(s.Link), addr); ok {
		return d.demangled(name)
	}
	d.warn("could not identify function symbol for address (0x%x) in SHT_LLVM_BB_ADDR_MAP section with index %d", addr, s.Index)
	return "<?>"
}

func (d *sectionsDump) bbAddrMap(l roScope, s *elf.Section, m *sections.BBAddrMap) {
	fn := l.dict("Function")
	addr := m.Address()
	fn.hex("At", addr)
	fn.str("Name", d.functionName(s, addr))
	ranges := fn.list("BB Ranges")
	for _, r := range m.Ranges {
		rd := ranges.dict("")
		rd.hex("Base Address", r.BaseAddress)
		ents := rd.list("BB Entries")
		for _, e := range r.Entries {
			ed := ents.dict("")
			ed.num("ID", uint64(e.ID))
			ed.hex("Offset", uint64(e.Offset))
			if len(e.CallsiteEndOffsets) > 0 {
				ed.nums("Callsite End Offsets", e.CallsiteEndOffsets)
			}
			if m.Features&sections.BBHash != 0 {
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
			if d.o.prettyPGO {
				ped.str("Frequency", prettyFrequency(pe.BlockFreq, m.PGO.BBEntries[0].BlockFreq))
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
			if d.o.prettyPGO {
				sd.str("Probability", prettyProbability(su.Prob))
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
