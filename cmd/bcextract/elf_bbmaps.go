package main

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

// This file reads the BB address maps of an ELF file for both commands that
// show them: sections --bb-addr-map, which prints them as llvm-readobj-22
// does, and bbmap, which needs each function's name and the section its
// code is in.

const stt_FUNC = 2

// noSym marks a range whose address field has no relocation.
const noSym = ^uint32(0)

// A bbMapSection is one BB address map section of an ELF file, decoded.
type bbMapSection struct {
	sec  *elf.Section
	maps []sections.BBAddrMap
	// relocSyms holds, in a relocatable object, the symbol index of the
	// relocation that supplies each range's address (noSym if none): the
	// ranges of maps[0] in order, then those of maps[1], and so on. It is
	// nil when the file is linked or the count does not match.
	relocSyms []uint32
	// warning is what llvm-readobj-22 warns instead of dumping the section
	// (its relocations are missing or unreadable, or its contents are
	// malformed); maps is nil then. err is the error behind it.
	warning string
	err     error
}

// loadBBMapSection decodes the BB address map section s of the ELF file f
// held in data: SHT_LLVM_BB_ADDR_MAP as LLVM 22 does, and the LLVM 14
// layout of SHT_LLVM_BB_ADDR_MAP_V0. In a relocatable object the range
// addresses come from the relocations of s (RELA, CREL, or REL with the
// addend stored in the field). With syms nil, an address is the
// relocation's addend alone, as llvm-readobj takes it; otherwise it is S + A,
// the value of the relocation's symbol (from syms) plus the addend, which
// is the offset of the code in its section also when the relocation names a
// function or a local label rather than a section symbol (RISC-V does).
func loadBBMapSection(f *elf.File, data []byte, s *elf.Section, syms []elf.Symbol) bbMapSection {
	ms := bbMapSection{sec: s}
	in := openBBMapSection(f, data, s, syms, true)
	if in.warning != "" {
		ms.warning, ms.err = in.warning, in.err
		return ms
	}
	var err error
	if s.Type == elf.SHT_LLVM_BB_ADDR_MAP_V0 {
		ms.maps, err = sections.DecodeBBAddrMapV0(in.contents, in.opts)
	} else {
		ms.maps, err = sections.DecodeBBAddrMap(in.contents, in.opts)
	}
	if err != nil {
		ms.warning, ms.err = bbMapWarning(s, err), err
		ms.maps = nil
		return ms
	}
	n := 0
	for i := range ms.maps {
		n += len(ms.maps[i].Ranges)
	}
	if *in.used != nil && len(*in.used) == n {
		ms.relocSyms = *in.used
	}
	return ms
}

// bbMapWarning is llvm-readobj-22's warning for the BB address map section
// s that does not decode.
func bbMapWarning(s *elf.Section, err error) string {
	return fmt.Sprintf("unable to dump SHT_LLVM_BB_ADDR_MAP section with index %d: %s", s.Index, msgOf(err))
}

// A bbMapInput is a BB address map section ready to decode: its contents
// and the options that give its ranges their addresses, or the warning
// llvm-readobj-22 gives instead of decoding it.
type bbMapInput struct {
	contents []byte
	opts     sections.BBAddrMapOptions
	// used collects, if tracked, the symbol index of the relocation of
	// each range the decoder asks for (noSym if none), in order.
	used    *[]uint32
	warning string
	err     error
}

// openBBMapSection prepares the BB address map section s for decoding (see
// loadBBMapSection): its contents, decompressed, and in a relocatable
// object the addends of its relocations, whose symbols are collected in
// used if track is set.
func openBBMapSection(f *elf.File, data []byte, s *elf.Section, syms []elf.Symbol, track bool) bbMapInput {
	ms := bbMapInput{used: new([]uint32)}
	bo := elfByteOrder(f)
	contents, cerr := sectionContents(f, data, s) // reported after the relocations, as LLVM does
	opts := sections.BBAddrMapOptions{Section: s.Name, Index: s.Index, ByteOrder: bo, AddrSize: addrSize(f)}
	used := ms.used
	if f.Type == goelf.ET_REL {
		rs := f.RelocSection(s.Index)
		if rs < 0 {
			ms.warning = fmt.Sprintf("unable to get relocation section for SHT_LLVM_BB_ADDR_MAP section with index %d", s.Index)
			ms.err = errors.New("no relocation section")
			return ms
		}
		rels, err := f.Relocs(data, rs)
		if err != nil {
			ms.warning = fmt.Sprintf("unable to read relocations for SHT_LLVM_BB_ADDR_MAP section with index %d: %v", s.Index, err)
			ms.err = err
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
				t.sym = noSym
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
		ms.warning = fmt.Sprintf("unable to dump SHT_LLVM_BB_ADDR_MAP section with index %d: %s", s.Index, compressedMsg(cerr))
		ms.err = cerr
		return ms
	}
	ms.contents, ms.opts = contents, opts
	return ms
}

func elfByteOrder(f *elf.File) binary.ByteOrder {
	if f.Data == goelf.ELFDATA2MSB {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// sectionData returns the contents of s, a section of the ELF file in data
// (elf.NewFile checked the range).
func sectionData(data []byte, s *elf.Section) []byte {
	if s.NoBits {
		return nil
	}
	return data[s.Off : s.Off+s.Size]
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

// funcSymbols names the functions of BB address maps as llvm-readobj does:
// the first defined STT_FUNC symbol with the function's address (in a
// relocatable object, among those of the function's section).
type funcSymbols struct {
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

func newFuncSymbols(f *elf.File, syms []elf.Symbol) *funcSymbols {
	fs := &funcSymbols{rel: f.Type == goelf.ET_REL}
	n := 0
	for i := range syms {
		if syms[i].Type() == stt_FUNC && syms[i].Shndx != 0 {
			n++
		}
	}
	fs.funcs = make([]funcSymbol, 0, n)
	for i := range syms {
		sym := &syms[i]
		if sym.Type() != stt_FUNC || sym.Shndx == 0 {
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

// name returns the name of the function at addr, in section shndx of a
// relocatable object (shndx is ignored in a linked file).
func (fs *funcSymbols) name(shndx int, addr uint64) (string, bool) {
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
