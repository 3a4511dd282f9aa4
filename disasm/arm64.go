package disasm

import (
	"strconv"
	"strings"

	"golang.org/x/arch/arm64/arm64asm"
)

// decodeARM64 decodes one AArch64 instruction (always 4 bytes, little
// endian).
func decodeARM64(d *Decoder, code []byte, pc uint64) (string, int, target, error) {
	inst, err := arm64asm.Decode(code)
	if err != nil {
		return "", 0, target{}, err
	}
	if inst.Op == 0 {
		return "", 0, target{}, errUnknown
	}
	// The PC-relative operand of a branch, ADR or ADRP: llvm-objdump
	// prints the address it refers to, the page for ADRP.
	var tgt target
	var rel arm64asm.PCRel
	for _, a := range inst.Args {
		if r, ok := a.(arm64asm.PCRel); ok {
			rel = r
			base := pc
			if inst.Op == arm64asm.ADRP {
				base &^= 0xfff
			}
			tgt = target{base + uint64(int64(r)), true}
			break
		}
	}
	if d.syntax == Go {
		return arm64asm.GoSyntax(inst, pc, d.Symbols, nil), 4, tgt, nil
	}
	text := arm64asm.GNUSyntax(inst)
	if tgt.ok {
		// GNUSyntax prints the operand relative, ".+0x10"
		// (".+0xffffffffffffffc8" backwards).
		text = strings.Replace(text, rel.String(), "0x"+strconv.FormatUint(tgt.addr, 16), 1)
	}
	return text, 4, tgt, nil
}
