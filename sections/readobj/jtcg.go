package readobj

import (
	goelf "debug/elf"
	"strconv"

	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/sections"
)

// relocator resolves the address fields of a section: in a relocatable
// object through its relocations (symbol value + addend, the addend read
// from the field for REL), elsewhere as stored.
type relocator struct {
	d     *dumper
	byOff map[int64]elf.Reloc
	rel   bool
}

func (d *dumper) relocator(s *elf.Section) *relocator {
	r := &relocator{d: d}
	if d.f.Type != goelf.ET_REL {
		return r
	}
	rs := d.f.RelocSection(s.Index)
	if rs < 0 {
		return r
	}
	rels, err := d.f.Relocs(d.data, rs)
	if err != nil {
		d.warn("unable to read relocations for section %s: %v", s.Name, err)
	}
	r.rel = d.f.Sections[rs].Type == elf.SHT_REL
	r.byOff = make(map[int64]elf.Reloc, len(rels))
	for _, x := range rels {
		r.byOff[int64(x.Off)] = x
	}
	return r
}

// resolve returns the address the field at off holds and a name for it:
// "function+0xN" when a function contains it, else the relocation symbol.
func (r *relocator) resolve(off int64, stored uint64) (uint64, string) {
	addr, shndx := stored, uint16(0)
	sym := ""
	if x, ok := r.byOff[off]; ok {
		syms := r.d.symbols()
		addend := uint64(x.Addend)
		if r.rel {
			addend = stored
		}
		if int(x.Sym) < len(syms) {
			addr = syms[x.Sym].Value + addend
			shndx = syms[x.Sym].Shndx
			sym = r.d.demangled(r.d.f.SymbolName(&syms[x.Sym]))
			if addend != 0 {
				sym += "+0x" + strconv.FormatUint(addend, 16)
			}
		}
	}
	if fn, o, ok := r.d.containingFunction(addr, shndx); ok {
		if o == 0 {
			return addr, fn
		}
		return addr, fn + "+0x" + strconv.FormatUint(o, 16)
	}
	return addr, sym
}

func (d *dumper) jumpTableSizes(root scope) {
	l := root.list("JumpTableSizes")
	defer l.end()
	for _, s := range d.ofType(elf.SHT_LLVM_JT_SIZES) {
		jts, err := sections.DecodeJumpTableSizes(s.Name, d.contents(s), d.byteOrder(), addrSize(d.f))
		if err != nil {
			d.warn("unable to decode SHT_LLVM_JT_SIZES section with index %d: %s", s.Index, msgOf(err))
		}
		r := d.relocator(s)
		for _, jt := range jts {
			e := l.dict("JumpTable")
			e.str("Section", s.Name)
			e.hex("Offset", uint64(jt.Off))
			addr, name := r.resolve(jt.Off, jt.Address)
			e.hex("Address", addr)
			if name != "" {
				e.str("Symbol", name)
			}
			e.num("Entries", jt.Entries)
			e.end()
		}
	}
}

func (d *dumper) callGraph(root scope) {
	l := root.list("CallGraph")
	defer l.end()
	for _, s := range d.ofType(elf.SHT_LLVM_CALL_GRAPH) {
		fns, err := sections.DecodeCallGraph(s.Name, d.contents(s), d.byteOrder(), addrSize(d.f))
		if err != nil {
			d.warn("unable to decode SHT_LLVM_CALL_GRAPH section with index %d: %s", s.Index, msgOf(err))
		}
		r := d.relocator(s)
		for i := range fns {
			fn := &fns[i]
			e := l.dict("Function")
			e.hex("Offset", uint64(fn.Off))
			e.num("Version", uint64(fn.Version))
			e.hex("Flags", uint64(fn.Flags))
			addr, name := r.resolve(fn.AddressOff, fn.Address)
			e.hex("Address", addr)
			e.str("Name", dashEmpty(name))
			e.yesNo("IndirectTarget", fn.IsIndirectTarget())
			e.hex("TypeID", fn.TypeID)
			if fn.HasDirectCallees() {
				dc := e.list("DirectCallees")
				for j, c := range fn.DirectCallees {
					a, n := r.resolve(fn.DirectCalleeOffs[j], c)
					cd := dc.dict("")
					cd.hex("Address", a)
					cd.str("Name", dashEmpty(n))
					cd.end()
				}
				dc.end()
			}
			if fn.HasIndirectCallees() {
				ic := e.list("IndirectCalleeTypeIDs")
				for _, t := range fn.IndirectTypeIDs {
					ic.line("0x" + string(appendUpperHex(nil, t)))
				}
				ic.end()
			}
			e.end()
		}
	}
}

func dashEmpty(s string) string {
	if s == "" {
		return "<?>"
	}
	return s
}
