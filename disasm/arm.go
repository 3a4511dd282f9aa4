package disasm

import "golang.org/x/arch/arm/armasm"

// decodeARM decodes one A32 (ARM mode) instruction.
func decodeARM(d *Decoder, code []byte, pc uint64) (string, int, target, error) {
	inst, err := armasm.Decode(code, armasm.ModeARM)
	if err != nil {
		return "", 0, target{}, err
	}
	if inst.Op == 0 {
		return "", 0, target{}, errUnknown
	}
	if d.syntax == Go {
		return armasm.GoSyntax(inst, pc, d.Symbols, nil), inst.Len, target{}, nil
	}
	return armasm.GNUSyntax(inst), inst.Len, target{}, nil
}
