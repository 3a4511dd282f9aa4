package disasm

import "golang.org/x/arch/ppc64/ppc64asm"

// decodePPC64 decodes one Power instruction: 4 bytes, or 8 for a prefixed
// one, in the byte order of the architecture.
func decodePPC64(d *Decoder, code []byte, pc uint64) (string, int, target, error) {
	inst, err := ppc64asm.Decode(code, d.spec.order)
	if err != nil {
		return "", 0, target{}, err
	}
	if inst.Op == 0 {
		return "", 0, target{}, errUnknown
	}
	if d.syntax == Go {
		return ppc64asm.GoSyntax(inst, pc, d.Symbols), inst.Len, target{}, nil
	}
	return ppc64asm.GNUSyntax(inst, pc), inst.Len, target{}, nil
}
