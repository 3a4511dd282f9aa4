package disasm

import "golang.org/x/arch/x86/x86asm"

// decodeX86 decodes one 386 or amd64 instruction.
func decodeX86(d *Decoder, code []byte, pc uint64) (string, int, error) {
	mode := 64
	if d.arch == Arch386 {
		mode = 32
	}
	inst, err := x86asm.Decode(code, mode)
	if err != nil {
		return "", 0, err
	}
	if inst.Op == 0 {
		return "", 0, errUnknown
	}
	if inst.Op == x86asm.VZEROUPPER || inst.Op == x86asm.VZEROALL {
		inst = noModRM(inst, code, mode)
	}
	var sym x86asm.SymLookup
	if d.Symbols != nil {
		sym = x86asm.SymLookup(d.Symbols)
	}
	var text string
	switch d.syntax {
	case Intel:
		text = x86asm.IntelSyntax(inst, pc, sym)
	case Go:
		text = x86asm.GoSyntax(inst, pc, sym)
	default:
		text = x86asm.GNUSyntax(inst, pc, sym)
	}
	return text, inst.Len, nil
}

// noModRM works around x86asm (v0.32.0) reading a ModRM byte after VZEROUPPER
// and VZEROALL, the two VEX instructions that have none: "c5 f8 77 c3" comes
// back as one 4-byte vzeroupper. It decodes the instruction again from ever
// longer prefixes of code until one gives the same operation using every byte
// it was given, which is the real instruction.
func noModRM(inst x86asm.Inst, code []byte, mode int) x86asm.Inst {
	for n := 1; n < inst.Len; n++ {
		if short, err := x86asm.Decode(code[:n], mode); err == nil && short.Op == inst.Op && short.Len == n {
			return short
		}
	}
	return inst
}
