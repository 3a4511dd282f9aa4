package main

import (
	goelf "debug/elf"
	"encoding/binary"

	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/sections"
)

const stt_FUNC = 2

func (d *sectionsDump) bbAddrMaps(root roScope) {
	for _, s := range d.ofType(elf.SHT_LLVM_BB_ADDR_MAP) {
		l := root.list("BBAddrMap")
		opts := sections.BBAddrMapOptions{Section: s.Name, Index: s.Index, ByteOrder: d.byteOrder(), AddrSize: addrSize(d.f)}
		if d.f.Type == goelf.ET_REL {
			rs := d.f.RelocSection(s.Index)
			if rs < 0 {
				d.warn("unable to get relocation section for SHT_LLVM_BB_ADDR_MAP section with index %d", s.Index)
				l.end()
				continue
			}
			rels, err := d.f.Relocs(d.data, rs)
			if err != nil {
				d.warn("unable to read relocations for SHT_LLVM_BB_ADDR_MAP section with index %d: %v", s.Index, err)
				l.end()
				continue
			}
			// REL relocations keep the addend in the relocated field
			// itself. (llvm-readobj-22 refuses REL here and prints an empty
			// map: "has invalid sh_entsize: expected 12, but got 8".)
			rel := d.f.Sections[rs].Type == elf.SHT_REL
			contents := d.contents(s)
			addends := make(map[uint64]uint64, len(rels))
			for _, r := range rels {
				a := uint64(r.Addend)
				if rel {
					a = implicitAddend(contents, r.Off, addrSize(d.f), d.byteOrder())
				}
				addends[r.Off] = a
			}
			opts.Relocatable = true
			opts.Addend = func(off uint64) (uint64, bool) { a, ok := addends[off]; return a, ok }
		}
		maps, err := sections.DecodeBBAddrMap(d.contents(s), opts)
		if err != nil {
			d.warn("unable to dump SHT_LLVM_BB_ADDR_MAP section with index %d: %s", s.Index, msgOf(err))
			l.end()
			continue
		}
		for i := range maps {
			d.bbAddrMap(l, s, &maps[i])
		}
		l.end()
	}
}

// implicitAddend reads the address-sized field at off, 0 if out of range.
func implicitAddend(b []byte, off uint64, size int, bo binary.ByteOrder) uint64 {
	if off > uint64(len(b)) || uint64(len(b))-off < uint64(size) {
		return 0
	}
	if size == 8 {
		return bo.Uint64(b[off:])
	}
	return uint64(bo.Uint32(b[off:]))
}

// functionName names the function at addr as llvm-readobj does: the first
// defined STT_FUNC symbol with that value (in a relocatable object, in the
// section the map is linked to).
func (d *sectionsDump) functionName(s *elf.Section, addr uint64) string {
	if d.funcs == nil {
		d.funcs = make(map[funcKey]string)
		for _, sym := range d.symbols() {
			if sym.Type() != stt_FUNC || sym.Shndx == 0 {
				continue
			}
			k := funcKey{sym.Value, sym.Shndx}
			if d.f.Type != goelf.ET_REL {
				k.shndx = 0
			}
			if _, ok := d.funcs[k]; !ok {
				d.funcs[k] = sym.Name
			}
		}
	}
	k := funcKey{addr, 0}
	if d.f.Type == goelf.ET_REL {
		k.shndx = uint16(s.Link)
	}
	if name, ok := d.funcs[k]; ok {
		return name
	}
	d.warn("could not identify function symbol for address (0x%x) in SHT_LLVM_BB_ADDR_MAP section with index %d", addr, s.Index)
	return "<?>"
}

// A funcKey finds a function symbol by address (and, in relocatable
// objects, section index).
type funcKey struct {
	addr  uint64
	shndx uint16
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
