package disasm

import "golang.org/x/arch/riscv64/riscv64asm"

// decodeRISCV64 decodes one RISC-V instruction: 2 bytes (compressed) or 4.
func decodeRISCV64(d *Decoder, code []byte, pc uint64) (string, int, target, error) {
	inst, err := riscv64asm.Decode(code)
	if err != nil {
		return "", 0, target{}, err
	}
	if inst.Op == 0 {
		return "", 0, target{}, errUnknown
	}
	if d.syntax == Go {
		return riscv64asm.GoSyntax(inst, pc, d.Symbols, nil), inst.Len, target{}, nil
	}
	return riscv64asm.GNUSyntax(inst), inst.Len, target{}, nil
}

// riscvLen is the length the low bits of the first halfword give an
// instruction (2 for compressed, else 4), which LLVM's disassembler skips
// when the instruction does not decode.
func riscvLen(code []byte) int {
	if code[0]&3 != 3 {
		return 2
	}
	return 4
}
