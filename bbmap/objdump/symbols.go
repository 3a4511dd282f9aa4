package objdump

import (
	goelf "debug/elf"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/container/elf"
)

// This file names the targets of branches, calls and AArch64 ADR/ADRP for
// bbmap --disasm as llvm-objdump-22 -d does: "callq 0x201540
// <__cxa_throw@plt>", "ja 0x2011fd <classify+0x2d>".
//
// llvm-objdump keeps, per section, the symbols defined in it, sorted by
// address (then, at one address, by name and type), and per file the
// symbols that are in no section (undefined, absolute, common). It leaves
// out symbols without a name, file and section symbols, and mapping
// symbols ($x, $d...) when naming; it adds a NAME@plt symbol for each PLT
// entry (see plt.go) and, when it starts disassembling an executable
// section that has no symbol at its start, one named after the section. A
// target is named after the last symbol at or below it in the section
// holding it: in a linked file the section with the highest address at or
// below the target (all sections at that address, the largest first), in
// a relocatable object the section being disassembled; failing that, the
// last symbol in no section at or below it. The name has "+0xOFFSET" when
// the target is past the symbol's address.

// A targetSym is a symbol branch targets may be named after.
type targetSym struct {
	addr uint64
	name string
	typ  uint8 // STT_*
	// plt marks a PLT entry's symbol, named name + "@plt". The suffix is
	// added only when printing: hostile relocations can make many PLT
	// symbols of one long name.
	plt bool
}

// pltSuffix ends the names of PLT entries.
const pltSuffix = "@plt"

// fullName returns the symbol's name as llvm-objdump has it.
func (s *targetSym) fullName() string {
	if s.plt {
		return s.name + pltSuffix
	}
	return s.name
}

// targetLess is llvm-objdump's order of the symbols of a section: by
// address, then name, then type.
func targetLess(a, b *targetSym) bool {
	if a.addr != b.addr {
		return a.addr < b.addr
	}
	if c := compareNames(a, b); c != 0 {
		return c < 0
	}
	return a.typ < b.typ
}

// compareNames compares the full names of a and b (see fullName) without
// building them.
func compareNames(a, b *targetSym) int {
	if !a.plt && !b.plt {
		return strings.Compare(a.name, b.name)
	}
	at, bt := "", ""
	if a.plt {
		at = pltSuffix
	}
	if b.plt {
		bt = pltSuffix
	}
	// Compare a.name+at with b.name+bt byte by byte.
	la, lb := len(a.name)+len(at), len(b.name)+len(bt)
	for i := 0; i < la && i < lb; i++ {
		ca, cb := byteAt(a.name, at, i), byteAt(b.name, bt, i)
		if ca != cb {
			if ca < cb {
				return -1
			}
			return 1
		}
	}
	switch {
	case la < lb:
		return -1
	case la > lb:
		return 1
	}
	return 0
}

// byteAt returns byte i of s+t.
func byteAt(s, t string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return t[i-len(s)]
}

// sortTargets sorts a list of symbols as llvm-objdump does (stably: equal
// symbols keep the order of the symbol table).
func sortTargets(list []targetSym) {
	sort.SliceStable(list, func(a, b int) bool { return targetLess(&list[a], &list[b]) })
}

// A sectionAt is a section by address, for the lookup of a linked file.
type sectionAt struct {
	addr  uint64
	size  int64
	index int
}

// A sectionGroup is the sections of a linked file at one address, in the
// order llvm-objdump tries them (the largest first). A target is named
// from the first of them that has a symbol at or below it, or whose
// section-start symbol exists by then; the prefix minima find that one by
// binary search, so that many sections at one address (a hostile file's)
// cost no walk per target.
type sectionGroup struct {
	addr  uint64
	order []int // section indexes
	// minSym[k] is the lowest first-symbol address among order[:k+1]
	// (MaxUint64: no symbol); minDummy[k] the lowest index of a section
	// with a section-start symbol among them (MaxInt: none).
	minSym   []uint64
	minDummy []int
}

// branchTargets names target addresses; build it with newBranchTargets.
type branchTargets struct {
	rel   bool
	bySec [][]targetSym // by section index, sorted by targetLess
	// dummy[i] is the symbol llvm-objdump adds at the start of executable
	// section i when no symbol is there (name "" if none is added). It
	// exists only once llvm-objdump has reached section i, which it
	// disassembles in index order: when naming a target from section k,
	// the dummies of sections up to k.
	dummy    []targetSym
	groups   []sectionGroup      // linked files: the sections by address
	abs      []targetSym         // symbols in no section, sorted
	demangle func(string) string // with -C; nil otherwise
}

const (
	sttFunc      = 2
	sttSection   = 3
	sttFile      = 4
	shnLoreserve = 0xff00
)

// newBranchTargets collects the symbols of the ELF file f (syms is its
// symbol table, possibly empty) as llvm-objdump does.
func newBranchTargets(f *elf.File, data []byte, syms []elf.Symbol) *branchTargets {
	t := &branchTargets{rel: f.Type == goelf.ET_REL, bySec: make([][]targetSym, len(f.Sections)), dummy: make([]targetSym, len(f.Sections))}
	inSection := 0
	for i := 1; i < len(syms); i++ {
		s := &syms[i]
		if s.Name == "" || s.Type() == sttSection || s.Type() == sttFile || isMappingSymbol(f, s.Name) {
			continue
		}
		addr := s.Value
		if f.Machine == goelf.EM_ARM && s.Type() == sttFunc {
			addr &^= 1 // the Thumb bit
		}
		switch {
		case s.Shndx == 0 || s.Shndx >= shnLoreserve:
			t.abs = append(t.abs, targetSym{addr: addr, name: s.Name, typ: s.Type()})
		case int(s.Shndx) < len(f.Sections):
			if t.rel {
				addr += f.Sections[s.Shndx].Addr
			}
			t.bySec[s.Shndx] = append(t.bySec[s.Shndx], targetSym{addr: addr, name: s.Name, typ: s.Type()})
			inSection++
		}
	}
	if inSection == 0 {
		// A stripped file: llvm-objdump takes the dynamic symbols that
		// are defined in a section.
		for i := range f.Sections {
			if f.Sections[i].Type != elf.SHT_DYNSYM {
				continue
			}
			dyn, _ := f.Symbols(data, i)
			for j := 1; j < len(dyn); j++ {
				s := &dyn[j]
				if s.Name != "" && s.Type() != sttSection && s.Shndx != 0 && s.Shndx < shnLoreserve && int(s.Shndx) < len(f.Sections) {
					t.bySec[s.Shndx] = append(t.bySec[s.Shndx], targetSym{addr: s.Value, name: s.Name, typ: s.Type()})
				}
			}
			break
		}
	}
	for _, p := range pltSymbols(f, data) {
		t.bySec[p.section] = append(t.bySec[p.section], p.sym)
	}
	for i := range t.bySec {
		sortTargets(t.bySec[i])
	}
	sortTargets(t.abs)
	for i := range f.Sections {
		s := &f.Sections[i]
		if s.Flags&elf.SHF_EXECINSTR == 0 || s.NoBits || s.Size == 0 {
			continue
		}
		// llvm-objdump adds one unless the first symbols are at the
		// section's start.
		if list := t.bySec[i]; len(list) == 0 || list[0].addr != s.Addr {
			t.dummy[i] = targetSym{addr: s.Addr, name: s.Name, typ: sttFunc}
		}
	}
	if !t.rel {
		t.groupSections(f)
	}
	return t
}

// groupSections builds t.groups: llvm-objdump sorts the sections by
// address, then size, stably, and tries those at one address from the
// last.
func (t *branchTargets) groupSections(f *elf.File) {
	secs := make([]sectionAt, len(f.Sections))
	for i := range f.Sections {
		secs[i] = sectionAt{f.Sections[i].Addr, f.Sections[i].Size, i}
	}
	sort.SliceStable(secs, func(a, b int) bool {
		if secs[a].addr != secs[b].addr {
			return secs[a].addr < secs[b].addr
		}
		return secs[a].size < secs[b].size
	})
	for lo := 0; lo < len(secs); {
		hi := lo + 1
		for hi < len(secs) && secs[hi].addr == secs[lo].addr {
			hi++
		}
		g := sectionGroup{addr: secs[lo].addr}
		minSym, minDummy := uint64(math.MaxUint64), math.MaxInt
		for k := hi - 1; k >= lo; k-- {
			i := secs[k].index
			g.order = append(g.order, i)
			if i < len(t.bySec) {
				if list := t.bySec[i]; len(list) > 0 {
					minSym = min(minSym, list[0].addr)
				}
				if t.dummy[i].name != "" {
					minDummy = min(minDummy, i)
				}
			}
			g.minSym = append(g.minSym, minSym)
			g.minDummy = append(g.minDummy, minDummy)
		}
		t.groups = append(t.groups, g)
		lo = hi
	}
}

// isMappingSymbol reports an Arm, AArch64 or RISC-V mapping symbol: "$a",
// "$d", "$t" or "$x", alone or followed by "." and more.
func isMappingSymbol(f *elf.File, name string) bool {
	switch f.Machine {
	case goelf.EM_ARM, goelf.EM_AARCH64, goelf.EM_RISCV:
	default:
		return false
	}
	if len(name) < 2 || name[0] != '$' || len(name) > 2 && name[2] != '.' {
		return false
	}
	switch name[1] {
	case 'a', 'd', 't', 'x':
		return true
	}
	return false
}

// name returns the text llvm-objdump prints after a target address of an
// instruction in section cur, "<symbol>" or "<symbol+0xOFFSET>", or "" when
// no symbol names it.
func (t *branchTargets) name(target uint64, cur int) string {
	sym, ok := t.find(target, cur)
	if !ok {
		return ""
	}
	name := sym.fullName()
	if t.demangle != nil {
		name = t.demangle(name)
	}
	if disp := target - sym.addr; disp != 0 {
		return "<" + name + "+0x" + strconv.FormatUint(disp, 16) + ">"
	}
	return "<" + name + ">"
}

// find returns the symbol a target is named after (see the file comment).
func (t *branchTargets) find(target uint64, cur int) (targetSym, bool) {
	if t.rel {
		if sym, ok := t.last(cur, target, cur); ok {
			return sym, true
		}
		return lastAtOrBelow(t.abs, target)
	}
	i := sort.Search(len(t.groups), func(i int) bool { return t.groups[i].addr > target })
	if i > 0 {
		g := &t.groups[i-1]
		// The first section with a symbol at or below the target, or
		// with a section-start symbol that exists by section cur (it is
		// at the group's address, at or below the target).
		k := sort.Search(len(g.order), func(k int) bool { return g.minSym[k] <= target })
		if d := sort.Search(len(g.order), func(k int) bool { return g.minDummy[k] <= cur }); d < k {
			k = d
		}
		if k < len(g.order) {
			if sym, ok := t.last(g.order[k], target, cur); ok {
				return sym, true
			}
		}
	}
	return lastAtOrBelow(t.abs, target)
}

// last returns the last symbol of section sec at or below target, with
// the section's dummy symbol if llvm-objdump has added it by the time it
// disassembles section cur.
func (t *branchTargets) last(sec int, target uint64, cur int) (targetSym, bool) {
	if sec < 0 || sec >= len(t.bySec) {
		return targetSym{}, false
	}
	best, ok := lastAtOrBelow(t.bySec[sec], target)
	// The dummy goes before the symbols equal to it (lower_bound), so it
	// is the last one only if it sorts after the best.
	if d := t.dummy[sec]; d.name != "" && sec <= cur && d.addr <= target && (!ok || targetLess(&best, &d)) {
		return d, true
	}
	return best, ok
}

// lastAtOrBelow returns the last symbol of the sorted list at or below addr.
func lastAtOrBelow(list []targetSym, addr uint64) (targetSym, bool) {
	i := sort.Search(len(list), func(i int) bool { return list[i].addr > addr })
	if i == 0 {
		return targetSym{}, false
	}
	return list[i-1], true
}
