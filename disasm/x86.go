package disasm

import (
	"fmt"
	"strings"

	"golang.org/x/arch/x86/x86asm"
)

// decodeX86 decodes one 386 or amd64 instruction.
func decodeX86(d *Decoder, code []byte, pc uint64) (string, int, target, error) {
	mode := 64
	if d.arch == Arch386 {
		mode = 32
	}
	inst, err := x86asm.Decode(code, mode)
	if err != nil {
		return "", 0, target{}, err
	}
	if inst.Op == 0 {
		return "", 0, target{}, errUnknown
	}
	if inst.Op == x86asm.VZEROUPPER || inst.Op == x86asm.VZEROALL {
		inst = noModRM(inst, code, mode)
	}
	var tgt target
	var rel x86asm.Rel
	for _, a := range inst.Args {
		if r, ok := a.(x86asm.Rel); ok {
			rel = r
			tgt = target{pc + uint64(inst.Len) + uint64(int64(r)), true}
			break
		}
	}
	var text string
	switch d.syntax {
	case Intel:
		text = x86asm.IntelSyntax(inst, pc, nil)
	case Go:
		var sym x86asm.SymLookup
		if d.Symbols != nil {
			sym = x86asm.SymLookup(d.Symbols)
		}
		return x86asm.GoSyntax(inst, pc, sym), inst.Len, tgt, nil
	default:
		text = x86asm.GNUSyntax(inst, pc, nil)
	}
	if tgt.ok && pc == 0 {
		// At address 0 x86asm prints a branch target relative, ".+0x10";
		// llvm-objdump prints the address.
		text = strings.Replace(text, fmt.Sprintf(".%+#x", int64(rel)), fmt.Sprintf("%#x", tgt.addr), 1)
	}
	return text, inst.Len, tgt, nil
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
