package bbmap

import (
	goelf "debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/sections"
)

// This file reads the BB address maps of an ELF file for both views of
// them: the llvm-readobj-22 style dump (sections --bb-addr-map), and the
// objdump-style listing of package bbmap/objdump, which needs each
// function's name and the section its code is in.

const sttFunc = 2

// NoSym marks, in [ELFSection.RelocSyms], a range whose address field has
// no relocation.
const NoSym = ^uint32(0)

// An ELFSection is one BB address map section of an ELF file, decoded by
// [LoadELFSection].
type ELFSection struct {
	Section *elf.Section
	Maps    []sections.BBAddrMap
	// RelocSyms holds, in a relocatable object, the symbol index of the
	// relocation that supplies each range's address (NoSym if none): the
	// ranges of Maps[0] in order, then those of Maps[1], and so on. It is
	// nil when the file is linked or the count does not match.
	RelocSyms []uint32
	// Warning is what llvm-readobj-22 warns instead of dumping the section
	// (its relocations are missing or unreadable, or its contents are
	// malformed); Maps is nil then. Err is the error behind it (a
	// *sections.DecodeError when the contents are malformed).
	Warning string
	Err     error
}

// LoadELFSection decodes the BB address map section s of the ELF file f
// held in data: SHT_LLVM_BB_ADDR_MAP as LLVM 22 does, and the LLVM 14
// layout of SHT_LLVM_BB_ADDR_MAP_V0. In a relocatable object the range
// addresses come from the relocations of s (RELA, CREL, or REL with the
// addend stored in the field). With syms nil, an address is the
// relocation's addend alone, as llvm-readobj takes it; otherwise it is S + A,
// the value of the relocation's symbol (from syms) plus the addend, which
// is the offset of the code in its section also when the relocation names a
// function or a local label rather than a section symbol (RISC-V does).
func LoadELFSection(f *elf.File, data []byte, s *elf.Section, syms []elf.Symbol) ELFSection {
	ms := ELFSection{Section: s}
	in := openELFSection(f, data, s, syms, true)
	if in.Warning != "" {
		ms.Warning, ms.Err = in.Warning, in.Err
		return ms
	}
	var err error
	if s.Type == elf.SHT_LLVM_BB_ADDR_MAP_V0 {
		ms.Maps, err = sections.DecodeBBAddrMapV0(in.Contents, in.Options)
	} else {
		ms.Maps, err = sections.DecodeBBAddrMap(in.Contents, in.Options)
	}
	if err != nil {
		ms.Warning, ms.Err = SectionWarning(s, err), err
		ms.Maps = nil
		return ms
	}
	n := 0
	for i := range ms.Maps {
		n += len(ms.Maps[i].Ranges)
	}
	if *in.used != nil && len(*in.used) == n {
		ms.RelocSyms = *in.used
	}
	return ms
}

// SectionWarning is llvm-readobj-22's warning for the BB address map
// section s whose contents do not decode (err is the decoder's error).
func SectionWarning(s *elf.Section, err error) string {
	return fmt.Sprintf("unable to dump SHT_LLVM_BB_ADDR_MAP section with index %d: %s", s.Index, msgOf(err))
}

// An ELFSectionInput is a BB address map section ready to decode (see
// [OpenELFSection]): its contents and the options that give its ranges
// their addresses, or the warning llvm-readobj-22 gives instead of
// decoding it.
type ELFSectionInput struct {
	Contents []byte
	Options  sections.BBAddrMapOptions
	// Warning is llvm-readobj-22's warning when the section cannot be
	// decoded (its relocations are missing or unreadable, or it does not
	// decompress), "" otherwise; Err is the error behind it.
	Warning string
	Err     error
	// used collects, if tracked, the symbol index of the relocation of
	// each range the decoder asks for (NoSym if none), in order.
	used *[]uint32
}

// OpenELFSection prepares the BB address map section s of the ELF file f
// held in data for decoding with sections.DecodeBBAddrMap or a
// sections.BBAddrMapReader, one function at a time: its contents,
// decompressed, and in a relocatable object the addends of its
// relocations (see [LoadELFSection] for syms). The options' Addend
// function may be called again for a second decoding.
func OpenELFSection(f *elf.File, data []byte, s *elf.Section, syms []elf.Symbol) ELFSectionInput {
	return openELFSection(f, data, s, syms, false)
}

// openELFSection is OpenELFSection, collecting the symbols of the
// relocations the decoder asks for in used if track is set.
func openELFSection(f *elf.File, data []byte, s *elf.Section, syms []elf.Symbol, track bool) ELFSectionInput {
	ms := ELFSectionInput{used: new([]uint32)}
	bo := f.ByteOrder()
	contents, cerr := f.Contents(data, s) // reported after the relocations, as LLVM does
	opts := sections.BBAddrMapOptions{Section: s.Name, Index: s.Index, ByteOrder: bo, AddrSize: addrSize(f)}
	used := ms.used
	if f.Type == goelf.ET_REL {
		rs := f.RelocSection(s.Index)
		if rs < 0 {
			ms.Warning = fmt.Sprintf("unable to get relocation section for SHT_LLVM_BB_ADDR_MAP section with index %d", s.Index)
			ms.Err = errors.New("no relocation section")
			return ms
		}
		rels, err := f.Relocs(data, rs)
		if err != nil {
			ms.Warning = fmt.Sprintf("unable to read relocations for SHT_LLVM_BB_ADDR_MAP section with index %d: %v", s.Index, err)
			ms.Err = err
			return ms
		}
		// REL relocations keep the addend in the relocated field
		// itself. (llvm-readobj-22 refuses REL here and prints an empty
		// map: "has invalid sh_entsize: expected 12, but got 8".)
		rel := f.Sections[rs].Type == elf.SHT_REL
		type target struct {
			addend uint64
			sym    uint32
		}
		byOff := make(map[uint64]target, len(rels))
		for _, r := range rels {
			t := target{uint64(r.Addend), r.Sym}
			if rel {
				t.addend = implicitAddend(contents, r.Off, addrSize(f), bo)
			}
			if syms != nil && int(r.Sym) < len(syms) {
				t.addend += syms[r.Sym].Value
			}
			byOff[r.Off] = t // LLVM uses the last of several at one offset
		}
		opts.Relocatable = true
		// The decoder asks for the address field of each range once, in
		// the order of the section.
		opts.Addend = func(off uint64) (uint64, bool) {
			t, ok := byOff[off]
			if !ok {
				t.sym = NoSym
			}
			if track {
				*used = append(*used, t.sym)
			}
			return t.addend, ok
		}
	}
	if cerr != nil {
		// llvm-readobj-22 decompresses a compressed map (its other
		// dumps do not), and words the failure so.
		ms.Warning = fmt.Sprintf("unable to dump SHT_LLVM_BB_ADDR_MAP section with index %d: %s", s.Index, elf.Message(cerr))
		ms.Err = cerr
		return ms
	}
	ms.Contents, ms.Options = contents, opts
	return ms
}

// msgOf returns a decoder error's message as llvm-readobj would print it.
func msgOf(err error) string {
	var de *sections.DecodeError
	if errors.As(err, &de) {
		return de.Msg
	}
	return err.Error()
}

// addrSize is the size of an address in f: 8 in ELFCLASS64, else 4.
func addrSize(f *elf.File) int {
	if f.Class == goelf.ELFCLASS64 {
		return 8
	}
	return 4
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

// FuncSymbols names the functions of BB address maps as llvm-readobj does:
// the first defined STT_FUNC symbol with the function's address (in a
// relocatable object, among those of the function's section). Build it
// with [NewFuncSymbols].
type FuncSymbols struct {
	rel   bool
	funcs []funcSymbol // sorted by key, the first symbol of each key only
}

// A funcSymbol is a function symbol's name and what finds it: its address
// and, in relocatable objects, its section index (0 in linked files).
type funcSymbol struct {
	addr  uint64
	shndx uint16
	name  string
}

func (a *funcSymbol) less(b *funcSymbol) bool {
	return a.addr < b.addr || a.addr == b.addr && a.shndx < b.shndx
}

// NewFuncSymbols indexes the function symbols of syms, the symbol table of
// the ELF file f.
func NewFuncSymbols(f *elf.File, syms []elf.Symbol) *FuncSymbols {
	fs := &FuncSymbols{rel: f.Type == goelf.ET_REL}
	n := 0
	for i := range syms {
		if syms[i].Type() == sttFunc && syms[i].Shndx != 0 {
			n++
		}
	}
	fs.funcs = make([]funcSymbol, 0, n)
	for i := range syms {
		sym := &syms[i]
		if sym.Type() != sttFunc || sym.Shndx == 0 {
			continue
		}
		k := funcSymbol{sym.Value, sym.Shndx, sym.Name}
		if !fs.rel {
			k.shndx = 0
		}
		fs.funcs = append(fs.funcs, k)
	}
	// Stable, so that the first symbol of a key comes first and stays.
	slices.SortStableFunc(fs.funcs, func(a, b funcSymbol) int {
		switch {
		case a.less(&b):
			return -1
		case b.less(&a):
			return 1
		}
		return 0
	})
	fs.funcs = slices.CompactFunc(fs.funcs, func(a, b funcSymbol) bool { return a.addr == b.addr && a.shndx == b.shndx })
	return fs
}

// Name returns the name of the function at addr, in section shndx of a
// relocatable object (shndx is ignored in a linked file), and whether a
// symbol names it.
func (fs *FuncSymbols) Name(shndx int, addr uint64) (string, bool) {
	k := funcSymbol{addr: addr}
	if fs.rel {
		k.shndx = uint16(shndx)
	}
	i := sort.Search(len(fs.funcs), func(i int) bool { return !fs.funcs[i].less(&k) })
	if i < len(fs.funcs) && fs.funcs[i].addr == k.addr && fs.funcs[i].shndx == k.shndx {
		return fs.funcs[i].name, true
	}
	return "", false
}
