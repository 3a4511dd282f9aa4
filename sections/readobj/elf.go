package readobj

import (
	goelf "debug/elf"
	"encoding/binary"
	"errors"

	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/sections"
)

// msgOf returns a decoder error's message as llvm-readobj would print it.
func msgOf(err error) string {
	var de *sections.DecodeError
	if errors.As(err, &de) {
		return de.Msg
	}
	return err.Error()
}

func (d *dumper) ofType(t elf.SectionType) []*elf.Section {
	var out []*elf.Section
	for i := range d.f.Sections {
		if d.f.Sections[i].Type == t {
			out = append(out, &d.f.Sections[i])
		}
	}
	return out
}

func (d *dumper) byteOrder() binary.ByteOrder { return d.f.ByteOrder() }

func (d *dumper) dependentLibraries(root scope) {
	l := root.list("DependentLibs")
	for _, s := range d.ofType(elf.SHT_LLVM_DEPENDENT_LIBRARIES) {
		libs, err := sections.DecodeDependentLibraries(s.Name, d.contents(s))
		if err != nil {
			d.warn("SHT_LLVM_DEPENDENT_LIBRARIES section at index %d is broken: %s", s.Index, msgOf(err))
			continue
		}
		for _, lib := range libs {
			l.line(lib.Name)
		}
	}
	l.end()
}

func (d *dumper) linkerOptions(root scope) {
	l := root.list("LinkerOptions")
	for _, s := range d.ofType(elf.SHT_LLVM_LINKER_OPTIONS) {
		opts, err := sections.DecodeLinkerOptions(s.Name, d.contents(s))
		if err != nil {
			d.warn("SHT_LLVM_LINKER_OPTIONS section at index %d is broken: %s", s.Index, msgOf(err))
			continue
		}
		for _, o := range opts {
			l.str(o.Key, o.Value)
		}
	}
	l.end()
}

// relocSize is the sh_entsize llvm-readobj expects of a RELA section.
func (d *dumper) relaSize() uint64 {
	if d.f.Class == goelf.ELFCLASS64 {
		return 24
	}
	return 12
}

func (d *dumper) cgProfile(root scope) {
	for _, s := range d.ofType(elf.SHT_LLVM_CALL_GRAPH_PROFILE) {
		if s.EntSize != 8 {
			d.warn("unable to load the SHT_LLVM_CALL_GRAPH_PROFILE section: section [index %d] has invalid sh_entsize: expected 8, but got %d", s.Index, s.EntSize)
			continue
		}
		weights, err := sections.DecodeCGProfileWeights(s.Name, d.contents(s), d.byteOrder())
		if err != nil {
			d.warn("unable to load the SHT_LLVM_CALL_GRAPH_PROFILE section: section [index %d] %s", s.Index, msgOf(err))
			continue
		}
		var entries []sections.CGProfileEntry
		switch rs := d.f.RelocSection(s.Index); {
		case rs < 0:
			d.warn("relocation section for a call graph section doesn't exist")
		case d.f.Sections[rs].Type == elf.SHT_CREL:
			d.warn("unable to load relocations for SHT_LLVM_CALL_GRAPH_PROFILE section: section [index %d] has invalid sh_entsize: expected %d, but got %d",
				rs, d.relaSize(), d.f.Sections[rs].EntSize)
		default:
			rels, err := d.f.Relocs(d.data, rs)
			if err != nil {
				d.warn("unable to load relocations for SHT_LLVM_CALL_GRAPH_PROFILE section: %v", err)
				break
			}
			idx := make([]uint32, len(rels))
			for i, r := range rels {
				idx[i] = r.Sym
			}
			if entries, err = sections.PairCGProfile(s.Name, weights, idx); err != nil {
				d.warn("%s", msgOf(err))
			}
		}
		writeCGProfile(root, entries, weights, d.symbolName)
	}
}

// writeCGProfile writes one CGProfile list: the entries with From and To
// named by name or, when entries is nil, the weights alone.
func writeCGProfile(root scope, entries []sections.CGProfileEntry, weights []uint64, name func(uint32) string) {
	l := root.list("CGProfile")
	if entries != nil {
		for _, e := range entries {
			c := l.dict("CGProfileEntry")
			c.named("From", name(e.From), uint64(e.From))
			c.named("To", name(e.To), uint64(e.To))
			c.num("Weight", e.Weight)
			c.end()
		}
	} else {
		for _, w := range weights {
			c := l.dict("CGProfileEntry")
			c.num("Weight", w)
			c.end()
		}
	}
	l.end()
}

// namer names symbols by index from names, "<?>" with a warning past them.
func (d *dumper) namer(names []string) func(uint32) string {
	return func(i uint32) string {
		if int(i) < len(names) {
			return names[i]
		}
		d.warn("unable to read the name of symbol with index %d", i)
		return "<?>"
	}
}

func (d *dumper) addrsig(root scope) {
	l := root.list("Addrsig")
	defer l.end()
	secs := d.ofType(elf.SHT_LLVM_ADDRSIG)
	if len(secs) == 0 {
		return
	}
	s := secs[0]
	idx, err := sections.DecodeAddrsig(s.Name, d.contents(s))
	if err != nil {
		d.warn("unable to decode SHT_LLVM_ADDRSIG section with index %d: %s", s.Index, msgOf(err))
		return
	}
	for _, i := range idx {
		l.named("Sym", d.symbolName(i), uint64(i))
	}
}

func (d *dumper) symParts(root scope) {
	l := root.list("SymbolPartitions")
	defer l.end()
	for _, s := range d.ofType(elf.SHT_LLVM_SYMPART) {
		sp, err := sections.DecodeSymPart(s.Name, d.contents(s))
		if err != nil {
			d.warn("unable to decode SHT_LLVM_SYMPART section with index %d: %s", s.Index, msgOf(err))
			continue
		}
		e := l.dict("SymbolPartition")
		e.str("Section", s.Name)
		e.str("Partition", sp.Partition)
		if rs := d.f.RelocSection(s.Index); rs >= 0 {
			if rels, err := d.f.Relocs(d.data, rs); err == nil {
				for _, r := range rels {
					if int64(r.Off) == sp.AddrOff {
						e.named("Symbol", d.symbolName(r.Sym), uint64(r.Sym))
					}
				}
			}
		}
		e.end()
	}
}

func (d *dumper) cmdlines(root scope) {
	l := root.list("CommandLines")
	defer l.end()
	for i := range d.f.Sections {
		s := &d.f.Sections[i]
		if s.Name != ".llvmcmd" || s.NoBits {
			continue
		}
		writeCmdlines(l, s.Name, d.contents(s))
	}
}

// writeCmdlines writes the command lines of the section named section,
// whose contents are data, in the list l: one CommandLine each.
func writeCmdlines(l scope, section string, data []byte) {
	for n, args := range sections.DecodeCmdlines(data) {
		c := l.dict("CommandLine")
		c.str("Section", section)
		c.num("Module", uint64(n+1))
		a := c.list("Arguments")
		for _, arg := range args {
			a.line(arg)
		}
		a.end()
		c.end()
	}
}

// elfFormatName is the file format name llvm-readobj prints.
func elfFormatName(f *elf.File) string {
	le := f.Data == goelf.ELFDATA2LSB
	if f.Class == goelf.ELFCLASS32 {
		switch f.Machine {
		case goelf.EM_386:
			return "elf32-i386"
		case goelf.EM_X86_64:
			return "elf32-x86-64"
		case goelf.EM_ARM:
			if le {
				return "elf32-littlearm"
			}
			return "elf32-bigarm"
		case goelf.EM_MIPS:
			return "elf32-mips"
		case goelf.EM_PPC:
			if le {
				return "elf32-powerpcle"
			}
			return "elf32-powerpc"
		case goelf.EM_RISCV:
			return "elf32-littleriscv"
		case goelf.EM_SPARC, goelf.EM_SPARC32PLUS:
			return "elf32-sparc"
		case goelf.EM_LOONGARCH:
			return "elf32-loongarch"
		}
		return "elf32-unknown"
	}
	switch f.Machine {
	case goelf.EM_386:
		return "elf64-i386"
	case goelf.EM_X86_64:
		return "elf64-x86-64"
	case goelf.EM_AARCH64:
		if le {
			return "elf64-littleaarch64"
		}
		return "elf64-bigaarch64"
	case goelf.EM_PPC64:
		if le {
			return "elf64-powerpcle"
		}
		return "elf64-powerpc"
	case goelf.EM_RISCV:
		return "elf64-littleriscv"
	case goelf.EM_S390:
		return "elf64-s390"
	case goelf.EM_SPARCV9:
		return "elf64-sparc"
	case goelf.EM_MIPS:
		return "elf64-mips"
	case goelf.EM_BPF:
		return "elf64-bpf"
	case goelf.EM_LOONGARCH:
		return "elf64-loongarch"
	}
	return "elf64-unknown"
}

func (d *dumper) offloading(root scope) {
	l := root.list("Offloading")
	defer l.end()
	for _, s := range d.ofType(elf.SHT_LLVM_OFFLOADING) {
		bins, err := sections.DecodeOffloading(s.Name, d.contents(s))
		if err != nil {
			d.warn("unable to decode SHT_LLVM_OFFLOADING section with index %d: %s", s.Index, msgOf(err))
		}
		for i := range bins {
			b := &bins[i]
			e := l.dict("OffloadBinary")
			e.str("Section", s.Name)
			e.hex("Offset", uint64(b.Off))
			e.num("Size", uint64(b.Size))
			e.num("Version", uint64(b.Version))
			e.named("ImageKind", b.ImageKind.String(), uint64(b.ImageKind))
			e.named("OffloadKind", b.OffloadKind.String(), uint64(b.OffloadKind))
			e.hex("Flags", uint64(b.Flags))
			st := e.dict("Strings")
			for _, kv := range b.Strings {
				st.str(kv.Key, kv.Value)
			}
			st.end()
			e.hex("ImageOffset", uint64(b.ImageOff))
			e.num("ImageSize", uint64(b.ImageSize))
			e.end()
		}
	}
}
