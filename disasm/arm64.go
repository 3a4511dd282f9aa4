package disasm

import "golang.org/x/arch/arm64/arm64asm"

// decodeARM64 decodes one AArch64 instruction (always 4 bytes, little
// endian).
func decodeARM64(d *Decoder, code []byte, pc uint64) (string, int, error) {
	inst, err := arm64asm.Decode(code)
	if err != nil {
		return "", 0, err
	}
	if inst.Op == 0 {
		return "", 0, errUnknown
	}
	if d.syntax == Go {
		return arm64asm.GoSyntax(inst, pc, d.Symbols, nil), 4, nil
	}
	return arm64asm.GNUSyntax(inst), 4, nil
}
