package objdump

import (
	goelf "debug/elf"
	"encoding/binary"

	"github.com/bcextract/bcextract/container/elf"
)

// pltSymbols returns the NAME@plt symbols llvm-objdump-22 makes for the PLT
// entries of an x86-64, i386 or little-endian AArch64 ELF file
// (ELFObjectFileBase::getPltEntries). It finds the entries in the sections
// named .plt and .plt.got by their first instructions, each giving the
// address of the GOT slot it jumps through: "jmp *disp(%rip)" on x86-64;
// "jmp *addr" or, in position-independent code, "jmp *off(%ebx)" (off from
// .got.plt) on i386; "adrp x16, page" then "ldr x17, [x16, #off]", after
// an optional "bti c", on AArch64. A JUMP_SLOT relocation of .rela.plt (or
// .rel.plt) at a slot names its entry, put in section .plt; on x86 a
// GLOB_DAT relocation of .rela.dyn (.rel.dyn) does too, put in .plt.got,
// where GNU ld places the entries of symbols that also need one. The name
// is the relocation's symbol's plus "@plt", its type the symbol's.
//
// llvm-objdump-22 looks at no .plt.sec: the entries of an IBT-enabled PLT
// (-z force-ibt, GNU ld's -z ibtplt) have no names, and neither do those
// of other architectures.
func pltSymbols(f *elf.File, data []byte) []pltSymbol {
	var jumpSlot, globDat uint32
	switch {
	case f.Machine == goelf.EM_X86_64:
		jumpSlot, globDat = uint32(goelf.R_X86_64_JMP_SLOT), uint32(goelf.R_X86_64_GLOB_DAT)
	case f.Machine == goelf.EM_386:
		jumpSlot, globDat = uint32(goelf.R_386_JMP_SLOT), uint32(goelf.R_386_GLOB_DAT)
	case f.Machine == goelf.EM_AARCH64 && f.Data == goelf.ELFDATA2LSB:
		jumpSlot = uint32(goelf.R_AARCH64_JUMP_SLOT) // and no GLOB_DAT: 0
	default:
		return nil
	}
	relaPlt, relaDyn := -1, -1
	pltSec, pltGotSec := -1, -1
	var gotPlt uint64 // the address of .got.plt, the base of i386's PIC entries
	type entry struct{ plt, got uint64 }
	var entries []entry
	for i := range f.Sections {
		s := &f.Sections[i]
		switch s.Name {
		case ".got.plt":
			gotPlt = s.Addr
		case ".rela.plt", ".rel.plt":
			relaPlt = i
		case ".rela.dyn", ".rel.dyn":
			relaDyn = i
		case ".plt", ".plt.got":
			if s.Name == ".plt" && pltSec < 0 {
				pltSec = i
			}
			if s.Name == ".plt.got" && pltGotSec < 0 {
				pltGotSec = i
			}
			var b []byte
			if !s.NoBits {
				b = data[s.Off : s.Off+s.Size]
			}
			findPLTEntries(f.Machine, s.Addr, b, func(plt, got uint64) { entries = append(entries, entry{plt, got}) })
		}
	}
	gotToPLT := make(map[uint64]uint64, len(entries))
	for _, e := range entries {
		if e.got&(1<<32) != 0 && f.Machine == goelf.EM_386 {
			e.got = uint64(int64(int32(e.got)) + int64(gotPlt)) // offset from .got.plt
		}
		if _, ok := gotToPLT[e.got]; !ok { // the first entry of a slot
			gotToPLT[e.got] = e.plt
		}
	}
	var out []pltSymbol
	add := func(rs int, typ uint32, sec int) {
		if rs < 0 || sec < 0 || len(gotToPLT) == 0 {
			return
		}
		rels, err := f.Relocs(data, rs)
		if err != nil {
			return
		}
		var syms []elf.Symbol
		if link := int(f.Sections[rs].Link); link > 0 && link < len(f.Sections) {
			syms, _ = f.Symbols(data, link)
		}
		for _, r := range rels {
			if r.Type != typ {
				continue
			}
			plt, ok := gotToPLT[r.Off]
			if !ok || r.Sym == 0 || int(r.Sym) >= len(syms) || syms[r.Sym].Name == "" {
				continue
			}
			s := &syms[r.Sym]
			out = append(out, pltSymbol{sec, targetSym{addr: plt, name: s.Name, typ: s.Type(), plt: true}})
		}
	}
	add(relaPlt, jumpSlot, pltSec)
	add(relaDyn, globDat, pltGotSec)
	return out
}

// A pltSymbol is a NAME@plt symbol and the index of its section.
type pltSymbol struct {
	section int
	sym     targetSym
}

// findPLTEntries calls fn with the address of each PLT entry in b (the
// contents of a section at address va) and the address of the GOT slot
// it jumps through, as LLVM's MCInstrAnalysis::findPltEntries finds them.
// On i386 a slot given as an offset from .got.plt has bit 32 set.
func findPLTEntries(m goelf.Machine, va uint64, b []byte, fn func(plt, got uint64)) {
	le := binary.LittleEndian
	switch m {
	case goelf.EM_386:
		for i := 0; i+6 < len(b); {
			switch {
			case b[i] == 0xff && b[i+1] == 0xa3: // jmp *off(%ebx)
				fn(va+uint64(i), uint64(le.Uint32(b[i+2:]))|1<<32)
				i += 6
			case b[i] == 0xff && b[i+1] == 0x25: // jmp *addr
				fn(va+uint64(i), uint64(le.Uint32(b[i+2:])))
				i += 6
			default:
				i++
			}
		}
	case goelf.EM_X86_64:
		for i := 0; i+6 < len(b); {
			if b[i] == 0xff && b[i+1] == 0x25 { // jmp *disp32(%rip)
				fn(va+uint64(i), va+uint64(i)+6+uint64(le.Uint32(b[i+2:])))
				i += 6
			} else {
				i++
			}
		}
	case goelf.EM_AARCH64:
		for i := 0; i+7 < len(b); i += 4 {
			insn := le.Uint32(b[i:])
			off := 0
			if insn == 0xd503245f { // bti c
				off = 4
				if i+off+4 > len(b) {
					break
				}
				insn = le.Uint32(b[i+off:])
			}
			if insn&0x9f000000 != 0x90000000 { // adrp
				continue
			}
			off += 4
			// LLVM takes the page of the entry's first instruction, and
			// 18 of the 21 bits of the immediate.
			got := (va+uint64(i))>>12<<12 + uint64(insn>>29&3)<<12 + uint64(insn>>5&0x3ffff)<<14
			if i+off+4 > len(b) {
				break
			}
			if insn2 := le.Uint32(b[i+off:]); insn2>>22 == 0x3e5 { // ldr xt, [xn, #imm]
				got += uint64(insn2>>10&0xfff) << 3
				fn(va+uint64(i), got)
				i += 4
			}
		}
	}
}
