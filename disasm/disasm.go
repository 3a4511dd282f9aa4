// Package disasm decodes machine instructions one at a time, for the
// instruction listings of bcextract's bbmap command. It is a thin layer over
// golang.org/x/arch, kept in a package of its own (as Go keeps
// cmd/internal/disasm apart from cmd/internal/objfile) so that nothing else
// links the decoding tables.
//
// [NewDecoder] returns a [Decoder] for an architecture (usually taken from an
// ELF header with [ArchFromELF]) and an assembler syntax, and fails for an
// architecture or syntax this package cannot decode. [Decoder.Decode] and [Decoder.Walk] never fail: bytes that do not
// form an instruction come back as a "(bad)" [Inst] of the length
// llvm-objdump skips over on that architecture, so that a listing always
// moves forward and shows every byte.
package disasm

import (
	goelf "debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
)

// errUnknown is returned by the decoders for an instruction that
// golang.org/x/arch decodes without error but as no operation: x86asm
// returns a lone prefix byte that way (for an invalid or truncated
// instruction after prefixes), ppc64asm a zero word.
var errUnknown = errors.New("unknown instruction")

// An Arch is an instruction set Decode knows.
type Arch uint8

// The architectures, named as Go names them.
const (
	ArchUnknown Arch = iota
	Arch386
	ArchAMD64
	ArchARM // 32-bit Arm, A32 (ARM mode) only: golang.org/x/arch does not decode Thumb
	ArchARM64
	ArchPPC64   // 64-bit Power, big endian
	ArchPPC64LE // 64-bit Power, little endian
	ArchRISCV64
)

// A Syntax is an assembler syntax for instruction text.
type Syntax uint8

// The syntaxes. GNU is the default and exists for every architecture; Intel
// only for 386 and amd64.
const (
	GNU   Syntax = iota // GNU/AT&T, as binutils objdump prints it
	Intel               // Intel, x86 only
	Go                  // Go assembler (Plan 9) syntax
)

var syntaxNames = [...]string{GNU: "gnu", Intel: "intel", Go: "go"}

// String returns the syntax's name as ParseSyntax accepts it.
func (s Syntax) String() string {
	if int(s) < len(syntaxNames) {
		return syntaxNames[s]
	}
	return fmt.Sprintf("Syntax(%d)", uint8(s))
}

// ParseSyntax returns the syntax named s: "gnu", "intel" or "go".
func ParseSyntax(s string) (Syntax, error) {
	for i, n := range syntaxNames {
		if n == s {
			return Syntax(i), nil
		}
	}
	return 0, fmt.Errorf("unknown syntax %q (want gnu, intel or go)", s)
}

// SymLookup names an address for instruction text: the symbol holding addr
// and the symbol's address, or "" when there is none. Only the Go syntax
// uses it, which prints branch targets and addresses as names; the GNU and
// Intel syntaxes print addresses and leave naming them to the caller, which
// gets the address an instruction refers to in Inst.Target.
type SymLookup func(addr uint64) (name string, base uint64)

// An Inst is one decoded instruction, or one run of bytes that did not
// decode.
type Inst struct {
	Addr uint64 // address of the first byte
	Len  int    // length in bytes, at least 1
	Text string // assembler text; "(bad)" when Bad
	Bad  bool   // the bytes do not decode (or are cut off) on this architecture
	// Target is the address the instruction's PC-relative operand refers
	// to, as its text prints it in the GNU and Intel syntaxes, when
	// HasTarget: the destination of a branch or call (x86, AArch64) or the
	// address an AArch64 ADR or ADRP computes (a page for ADRP). These are
	// the addresses llvm-objdump names with "<symbol+offset>".
	Target    uint64
	HasTarget bool
}

// An archSpec is what this package knows of one architecture: its decoder,
// the syntaxes the decoder can print, how far to step over bytes that do not
// decode, and the byte order of instruction words.
type archSpec struct {
	name     string
	decode   func(d *Decoder, code []byte, pc uint64) (text string, n int, tgt target, err error)
	syntaxes []Syntax
	// badLen is the length of an undecodable instruction at the start of
	// code, as llvm-objdump steps over it.
	badLen func(code []byte) int
	order  binary.ByteOrder
}

// archs is indexed by Arch. It is never written.
var archs = [...]archSpec{
	ArchUnknown: {name: "unknown"},
	Arch386:     {name: "i386", decode: decodeX86, syntaxes: []Syntax{GNU, Intel, Go}, badLen: fixedLen(1), order: binary.LittleEndian},
	ArchAMD64:   {name: "x86_64", decode: decodeX86, syntaxes: []Syntax{GNU, Intel, Go}, badLen: fixedLen(1), order: binary.LittleEndian},
	ArchARM:     {name: "arm", decode: decodeARM, syntaxes: []Syntax{GNU, Go}, badLen: fixedLen(4), order: binary.LittleEndian},
	// AArch64 instructions are little endian even in big-endian programs.
	ArchARM64:   {name: "aarch64", decode: decodeARM64, syntaxes: []Syntax{GNU, Go}, badLen: fixedLen(4), order: binary.LittleEndian},
	ArchPPC64:   {name: "powerpc64", decode: decodePPC64, syntaxes: []Syntax{GNU, Go}, badLen: fixedLen(4), order: binary.BigEndian},
	ArchPPC64LE: {name: "powerpc64le", decode: decodePPC64, syntaxes: []Syntax{GNU, Go}, badLen: fixedLen(4), order: binary.LittleEndian},
	ArchRISCV64: {name: "riscv64", decode: decodeRISCV64, syntaxes: []Syntax{GNU, Go}, badLen: riscvLen, order: binary.LittleEndian},
}

func fixedLen(n int) func([]byte) int { return func([]byte) int { return n } }

// A target is the address a decoded instruction refers to (see
// Inst.Target), ok false when it refers to none.
type target struct {
	addr uint64
	ok   bool
}

// String returns the architecture's name in an LLVM target triple, as
// package container names an ELF file's ("x86_64", "aarch64", "i386",
// "powerpc64le", ...), "unknown" for ArchUnknown.
func (a Arch) String() string {
	if int(a) < len(archs) {
		return archs[a].name
	}
	return fmt.Sprintf("Arch(%d)", uint8(a))
}

// Syntaxes returns the syntaxes the architecture's decoder prints, the
// default first; none for an architecture it cannot decode.
func (a Arch) Syntaxes() []Syntax {
	if int(a) < len(archs) {
		return append([]Syntax(nil), archs[a].syntaxes...)
	}
	return nil
}

// ArchFromELF returns the architecture of an ELF file's header fields, or
// ArchUnknown. Machines with an instruction set this package does not
// decode (and 32-bit RISC-V) are ArchUnknown; the x32 ABI (EM_X86_64 in a
// 32-bit file) is amd64.
func ArchFromELF(m goelf.Machine, class goelf.Class, data goelf.Data) Arch {
	switch m {
	case goelf.EM_386:
		return Arch386
	case goelf.EM_X86_64:
		return ArchAMD64
	case goelf.EM_ARM:
		return ArchARM
	case goelf.EM_AARCH64:
		return ArchARM64
	case goelf.EM_PPC64:
		if data == goelf.ELFDATA2LSB {
			return ArchPPC64LE
		}
		return ArchPPC64
	case goelf.EM_RISCV:
		if class == goelf.ELFCLASS64 {
			return ArchRISCV64
		}
	}
	return ArchUnknown
}

// A Decoder decodes the instructions of one architecture into one syntax.
// It holds no state between calls and may be shared by goroutines as long
// as Symbols may.
type Decoder struct {
	arch   Arch
	syntax Syntax
	spec   *archSpec
	// Symbols, if not nil, names branch targets and PC-relative
	// addresses in the instruction text.
	Symbols SymLookup
}

// NewDecoder returns a decoder for arch printing syntax s. It fails for an
// architecture this package cannot decode and for a syntax the
// architecture's decoder does not have (Intel outside x86).
func NewDecoder(arch Arch, s Syntax) (*Decoder, error) {
	if int(arch) >= len(archs) || archs[arch].decode == nil {
		return nil, fmt.Errorf("cannot disassemble %v", arch)
	}
	spec := &archs[arch]
	for _, have := range spec.syntaxes {
		if have == s {
			return &Decoder{arch: arch, syntax: s, spec: spec}, nil
		}
	}
	return nil, fmt.Errorf("no %v syntax for %v", s, arch)
}

// Arch returns the decoder's architecture.
func (d *Decoder) Arch() Arch { return d.arch }

// Syntax returns the decoder's syntax.
func (d *Decoder) Syntax() Syntax { return d.syntax }

// Decode decodes the instruction at the start of code, whose first byte is
// at address pc. code may extend past the instruction: pass everything up
// to the end of the section, and compare Len with what is left. Bytes that
// do not decode, or an instruction cut off by the end of code, give a Bad
// instruction as long as llvm-objdump's step over them (one byte on x86,
// the instruction unit elsewhere), but never longer than code. Decode
// returns Len 0 only for empty code.
func (d *Decoder) Decode(code []byte, pc uint64) Inst {
	if len(code) == 0 {
		return Inst{Addr: pc}
	}
	text, n, tgt, err := d.spec.decode(d, code, pc)
	if err != nil || n <= 0 || n > len(code) {
		n = d.spec.badLen(code)
		if n > len(code) {
			n = len(code)
		}
		return Inst{Addr: pc, Len: n, Text: "(bad)", Bad: true}
	}
	return Inst{Addr: pc, Len: n, Text: text, Target: tgt.addr, HasTarget: tgt.ok}
}

// Walk decodes code, which starts at address pc, from the first byte to the
// last and calls f for each instruction until f returns false.
func (d *Decoder) Walk(code []byte, pc uint64, f func(Inst) bool) {
	for len(code) > 0 {
		in := d.Decode(code, pc)
		if !f(in) {
			return
		}
		code = code[in.Len:]
		pc += uint64(in.Len)
	}
}
