package objdump

import (
	goelf "debug/elf"
	"fmt"
	"sort"
	"strconv"

	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/disasm"
)

// This file finds the bytes of basic blocks and walks their instructions
// for bbmap --disasm.

// codeSections finds the bytes at an address: in a relocatable object the
// address space is a section index and the address an offset into it; in a
// linked file it is the address of an allocated section.
type codeSections struct {
	f     *elf.File
	data  []byte
	rel   bool
	alloc []*elf.Section  // linked file: SHF_ALLOC sections with contents, by address
	dups  map[string]bool // names of several sections
	// maps holds the Arm and AArch64 mapping symbols ($a, $t, $x: code;
	// $d: data) of each section, by address.
	maps map[int][]mappingSym
}

// A mappingSym starts a run of code or data in an Arm or AArch64 section.
type mappingSym struct {
	addr uint64
	kind byte // 'a' (A32), 't' (Thumb), 'x' (A64) or 'd' (data)
}

func newCodeSections(f *elf.File, data []byte, syms []elf.Symbol) codeSections {
	c := codeSections{f: f, data: data, rel: f.Type == goelf.ET_REL, dups: make(map[string]bool)}
	seen := make(map[string]bool, len(f.Sections))
	for i := range f.Sections {
		n := f.Sections[i].Name
		c.dups[n] = seen[n]
		seen[n] = true
	}
	if !c.rel {
		for i := range f.Sections {
			s := &f.Sections[i]
			if s.Flags&elf.SHF_ALLOC != 0 && !s.NoBits && s.Size > 0 {
				c.alloc = append(c.alloc, s)
			}
		}
		sort.SliceStable(c.alloc, func(i, j int) bool { return c.alloc[i].Addr < c.alloc[j].Addr })
	}
	if f.Machine == goelf.EM_ARM || f.Machine == goelf.EM_AARCH64 {
		for _, sym := range syms {
			// "$d", "$d.1", "$x.foo": a mapping symbol is local, untyped,
			// and named by its kind letter alone or followed by a dot.
			n := sym.Name
			if len(n) < 2 || n[0] != '$' || len(n) > 2 && n[2] != '.' || sym.Type() != 0 || sym.Shndx == 0 {
				continue
			}
			if k := n[1]; k == 'a' || k == 't' || k == 'x' || k == 'd' {
				if c.maps == nil {
					c.maps = make(map[int][]mappingSym)
				}
				c.maps[int(sym.Shndx)] = append(c.maps[int(sym.Shndx)], mappingSym{sym.Value, k})
			}
		}
		for _, m := range c.maps {
			sort.SliceStable(m, func(i, j int) bool { return m[i].addr < m[j].addr })
		}
	}
	return c
}

// mapping returns the kind of the mapping symbol in force at addr of
// section s ('a', 't', 'x', 'd'; 0 if none) and the address where the next
// one starts (0 if none does).
func (c *codeSections) mapping(s *elf.Section, addr uint64) (kind byte, next uint64) {
	m := c.maps[s.Index]
	i := sort.Search(len(m), func(i int) bool { return m[i].addr > addr })
	if i < len(m) {
		next = m[i].addr
	}
	if i > 0 {
		kind = m[i-1].kind
	}
	return kind, next
}

// section returns the section holding addr in address space sec, or nil.
func (c *codeSections) section(sec int, addr uint64) *elf.Section {
	if c.rel {
		if sec <= 0 || sec >= len(c.f.Sections) {
			return nil
		}
		s := &c.f.Sections[sec]
		if s.NoBits || addr >= uint64(s.Size) {
			return nil
		}
		return s
	}
	i := sort.Search(len(c.alloc), func(i int) bool { return c.alloc[i].Addr > addr })
	// Sections may overlap (in a hostile file): take the last of the few
	// that start at or below addr and hold it, preferring executable code.
	var hit *elf.Section
	for j := i - 1; j >= 0 && j >= i-8; j-- {
		s := c.alloc[j]
		if addr-s.Addr < uint64(s.Size) {
			if s.Flags&elf.SHF_EXECINSTR != 0 {
				return s
			}
			if hit == nil {
				hit = s
			}
		}
	}
	return hit
}

// bytesAt returns the bytes from addr to the end of the section holding it
// in address space sec, and the section; nil if no section holds addr.
func (c *codeSections) bytesAt(sec int, addr uint64) ([]byte, *elf.Section) {
	s := c.section(sec, addr)
	if s == nil {
		return nil, nil
	}
	off := addr
	if !c.rel {
		off -= s.Addr
	}
	return c.data[s.Off+int64(off) : s.Off+s.Size], s
}

// symbolizer returns the names of the function symbols of a linked file
// for the Go syntax of the disassembler: the symbol holding an address and
// its value.
func symbolizer(syms []elf.Symbol) disasm.SymLookup {
	var funcs []elf.Symbol
	for _, s := range syms {
		if s.Type() == sttFunc && s.Shndx != 0 && s.Name != "" {
			funcs = append(funcs, s)
		}
	}
	if len(funcs) == 0 {
		return nil
	}
	sort.SliceStable(funcs, func(i, j int) bool { return funcs[i].Value < funcs[j].Value })
	return func(addr uint64) (string, uint64) {
		i := sort.Search(len(funcs), func(i int) bool { return funcs[i].Value > addr })
		if i == 0 {
			return "", 0
		}
		s := &funcs[i-1]
		if addr == s.Value || addr-s.Value < s.Size {
			return s.Name, s.Value
		}
		return "", 0
	}
}

// A blockInst is one instruction of a block, as the printers get it.
type blockInst struct {
	disasm.Inst
	raw  []byte // the instruction's bytes
	past int    // how many bytes it runs past the end of the block (0: none)
}

// blockInstructions decodes the instructions of the block at start (size
// bytes, in address space sec) and calls f for each. Data that Arm and
// AArch64 mapping symbols mark inside code (literal pools, jump tables) is
// shown as .word, .short or .byte directives, as llvm-objdump shows it, and
// Thumb code, which the decoder does not know, as bad 2-byte units. It
// returns a description of what could not be decoded: the block lies in no
// section, or runs past the end of its section; "" if nothing.
func (r *report) blockInstructions(sec int, start uint64, size uint32, f func(*blockInst)) string {
	if size == 0 {
		return ""
	}
	code, s := r.code.bytesAt(sec, start)
	if s == nil {
		return fmt.Sprintf("no section holds 0x%x", start)
	}
	end := uint64(size)
	var in blockInst
	pc := start
	for off := uint64(0); off < end; {
		if off >= uint64(len(code)) {
			return fmt.Sprintf("the block runs %d bytes past the end of %s", end-off, s.Name)
		}
		rest := code[off:]
		kind, next := r.code.mapping(s, pc)
		if next > pc && next-pc < uint64(len(rest)) {
			rest = rest[:next-pc]
		}
		switch kind {
		case 'd':
			in.Inst = r.dataDirective(rest, pc)
		case 't':
			in.Inst = disasm.Inst{Addr: pc, Len: min(2, len(rest)), Text: "(bad)", Bad: true}
		default:
			in.Inst = r.dec.Decode(rest, pc)
			in.Text = r.withTarget(&in.Inst, s.Index)
		}
		in.raw = rest[:in.Len]
		in.past = 0
		if next := off + uint64(in.Len); next > end {
			in.past = int(next - end)
		}
		f(&in)
		off += uint64(in.Len)
		pc += uint64(in.Len)
	}
	return ""
}

// dataDirective shows the data at the start of b (at address pc) as one
// directive: a 4-byte .word where 4 bytes are left, else a .short or a
// .byte, in the file's byte order.
func (r *report) dataDirective(b []byte, pc uint64) disasm.Inst {
	bo := r.f.ByteOrder()
	var v uint64
	var text string
	n := 1
	switch {
	case len(b) >= 4:
		n, v, text = 4, uint64(bo.Uint32(b)), ".word 0x"
	case len(b) >= 2:
		n, v, text = 2, uint64(bo.Uint16(b)), ".short 0x"
	default:
		v, text = uint64(b[0]), ".byte 0x"
	}
	digits := strconv.FormatUint(v, 16)
	for i := len(digits); i < 2*n; i++ {
		text += "0"
	}
	return disasm.Inst{Addr: pc, Len: n, Text: text + digits}
}
