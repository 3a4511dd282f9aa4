package readobj

import (
	goelf "debug/elf"
	"sort"
	"strconv"

	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/sections"
)

// PCSectionOptions name the PC sections (!pcsections) to dump and say what
// their entries look like: the format does not describe itself.
type PCSectionOptions struct {
	// Names are the sections as the metadata names them: "name", or
	// "name!C" for the compressed encoding.
	Names []string
	// EntrySize is the size in bytes of an entry's PC-relative field: 4
	// (small code model) or 8 (medium and large).
	EntrySize int
	// Function says the entries are function entries: the PC, then the
	// function's size.
	Function bool
	// Aux is the layout of the auxiliary constants after each entry,
	// e.g. "u32,u64" (see sections.ParsePCAuxLayout).
	Aux string
}

// pcSections dumps the PC sections the user named.
func (d *dumper) pcSections(root scope) {
	aux, err := sections.ParsePCAuxLayout(d.o.PC.Aux)
	if err != nil {
		d.warn("--pc-section-aux: %v", err)
		return
	}
	l := root.list("PCSections")
	defer l.end()
	for _, md := range d.o.PC.Names {
		name, compressed := sections.SplitPCSectionName(md)
		layout := sections.PCSectionLayout{
			EntrySize: d.o.PC.EntrySize, Function: d.o.PC.Function,
			Compressed: compressed, Aux: aux, ByteOrder: d.byteOrder(),
		}
		found := false
		for i := range d.f.Sections {
			s := &d.f.Sections[i]
			if s.Name != name || s.NoBits {
				continue
			}
			found = true
			d.pcSection(l, s, layout)
		}
		if !found {
			d.warn("no section named %q", name)
		}
	}
}

func (d *dumper) pcSection(l scope, s *elf.Section, layout sections.PCSectionLayout) {
	var pcrel func(int64) (int64, bool)
	var relocSyms map[int64]uint32 // entry offset -> relocation symbol, in ET_REL
	if d.f.Type == goelf.ET_REL {
		if rs := d.f.RelocSection(s.Index); rs >= 0 {
			rels, err := d.f.Relocs(d.data, rs)
			if err != nil {
				d.warn("unable to read relocations for section %s: %v", s.Name, err)
			}
			byOff := make(map[int64]elf.Reloc, len(rels))
			relocSyms = make(map[int64]uint32, len(rels))
			for _, r := range rels {
				byOff[int64(r.Off)] = r
				relocSyms[int64(r.Off)] = r.Sym
			}
			syms := d.symbols()
			pcrel = func(off int64) (int64, bool) {
				r, ok := byOff[off]
				if !ok || int(r.Sym) >= len(syms) {
					return 0, false
				}
				// The field holds S + A - P; P is the entry's own offset.
				return int64(syms[r.Sym].Value) + r.Addend - off, true
			}
		}
	}
	entries, err := sections.DecodePCSectionWith(s.Name, d.contents(s), d.sectionAddr(s), layout, pcrel)
	if err != nil {
		d.warn("unable to decode PC section %s (index %d): %s", s.Name, s.Index, msgOf(err))
	}
	sec := l.dict("PCSection")
	defer sec.end()
	sec.str("Name", s.Name)
	sec.num("Index", uint64(s.Index))
	es := sec.list("Entries")
	defer es.end()
	for _, e := range entries {
		ed := es.dict("")
		ed.hex("Offset", uint64(e.Off))
		ed.hex("PC", e.PC)
		shndx := uint16(0)
		if sym, ok := relocSyms[e.Off]; ok && int(sym) < len(d.symbols()) {
			shndx = d.symbols()[sym].Shndx
		}
		if fn, off, ok := d.containingFunction(e.PC, shndx); ok {
			ed.str("Function", fn+"+0x"+strconv.FormatUint(off, 16))
		}
		if layout.Function {
			ed.num("Size", e.Size)
		}
		if len(layout.Aux) > 0 {
			ed.list64("Aux", e.Aux)
		}
		ed.end()
	}
}

// sectionAddr is a section's address in a linked file (0 in ET_REL).
func (d *dumper) sectionAddr(s *elf.Section) uint64 { return s.Addr }

// containingFunction finds the defined STT_FUNC symbol whose range holds
// pc (in a relocatable object, among those of section shndx).
func (d *dumper) containingFunction(pc uint64, shndx uint16) (string, uint64, bool) {
	if d.byAddr == nil {
		for _, s := range d.symbols() {
			if s.Type() == sttFunc && s.Shndx != 0 {
				d.byAddr = append(d.byAddr, s)
			}
		}
		sort.SliceStable(d.byAddr, func(i, j int) bool { return d.byAddr[i].Value < d.byAddr[j].Value })
	}
	i := sort.Search(len(d.byAddr), func(i int) bool { return d.byAddr[i].Value > pc })
	for i--; i >= 0 && d.byAddr[i].Value <= pc; i-- {
		s := &d.byAddr[i]
		if d.f.Type == goelf.ET_REL && s.Shndx != shndx {
			continue
		}
		if pc < s.Value+s.Size || pc == s.Value {
			return d.demangled(s.Name), pc - s.Value, true
		}
	}
	return "", 0, false
}
