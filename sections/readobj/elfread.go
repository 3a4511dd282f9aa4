package readobj

// The ELF reading the dumps share: section contents, decompressed; the BB
// address map sections with their relocations applied as llvm-readobj-22
// applies them; function names by address. cmd/bcextract's bbmap command
// reads BB address maps the same way, with the relocation symbols' values
// added and tracked (its elf_bbmaps.go).

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

// sttFunc is STT_FUNC, a function symbol's type.
const sttFunc = 2

// sectionContents returns the contents of s, a section of the ELF file f
// held in data (elf.NewFile checked its range): a slice of data, or, for a
// section stored compressed (SHF_COMPRESSED), its contents decompressed,
// within f's budget (see elf.File.Decompress).
func sectionContents(f *elf.File, data []byte, s *elf.Section) ([]byte, error) {
	if s.Compressed() {
		return f.Decompress(data, s)
	}
	if s.NoBits {
		return nil, nil
	}
	return data[s.Off : s.Off+s.Size], nil
}

// compressedMsg is an error of sectionContents as llvm-readobj words its
// warnings: the cause, without the byte offset.
func compressedMsg(err error) string {
	var fe *elf.FormatError
	if errors.As(err, &fe) {
		return fe.Msg
	}
	return err.Error()
}

func elfByteOrder(f *elf.File) binary.ByteOrder {
	if f.Data == goelf.ELFDATA2MSB {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// bbMapWarning is llvm-readobj-22's warning for the BB address map section
// s that does not decode.
func bbMapWarning(s *elf.Section, err error) string {
	return fmt.Sprintf("unable to dump SHT_LLVM_BB_ADDR_MAP section with index %d: %s", s.Index, msgOf(err))
}

// openBBMapSection prepares the BB address map section s of the ELF file f
// held in data for decoding, as llvm-readobj-22 does: its contents,
// decompressed, and the options that give its ranges their addresses (in a
// relocatable object, the addends of its relocations: RELA, CREL, or REL
// with the addend stored in the field). It returns instead the warning
// llvm-readobj-22 gives when it dumps none of the section.
func openBBMapSection(f *elf.File, data []byte, s *elf.Section) ([]byte, sections.BBAddrMapOptions, string) {
	bo := elfByteOrder(f)
	contents, cerr := sectionContents(f, data, s) // reported after the relocations, as LLVM does
	opts := sections.BBAddrMapOptions{Section: s.Name, Index: s.Index, ByteOrder: bo, AddrSize: addrSize(f)}
	if f.Type == goelf.ET_REL {
		rs := f.RelocSection(s.Index)
		if rs < 0 {
			return nil, opts, fmt.Sprintf("unable to get relocation section for SHT_LLVM_BB_ADDR_MAP section with index %d", s.Index)
		}
		rels, err := f.Relocs(data, rs)
		if err != nil {
			return nil, opts, fmt.Sprintf("unable to read relocations for SHT_LLVM_BB_ADDR_MAP section with index %d: %v", s.Index, err)
		}
		// REL relocations keep the addend in the relocated field
		// itself. (llvm-readobj-22 refuses REL here and prints an empty
		// map: "has invalid sh_entsize: expected 12, but got 8".)
		rel := f.Sections[rs].Type == elf.SHT_REL
		byOff := make(map[uint64]uint64, len(rels))
		for _, r := range rels {
			addend := uint64(r.Addend)
			if rel {
				addend = implicitAddend(contents, r.Off, addrSize(f), bo)
			}
			byOff[r.Off] = addend // LLVM uses the last of several at one offset
		}
		opts.Relocatable = true
		opts.Addend = func(off uint64) (uint64, bool) {
			a, ok := byOff[off]
			return a, ok
		}
	}
	if cerr != nil {
		// llvm-readobj-22 decompresses a compressed map (its other
		// dumps do not), and words the failure so.
		return nil, opts, fmt.Sprintf("unable to dump SHT_LLVM_BB_ADDR_MAP section with index %d: %s", s.Index, compressedMsg(cerr))
	}
	return contents, opts, ""
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
