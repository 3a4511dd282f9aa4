package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// planRISCV: RISC-V's scalar cryptography intrinsics of LLVM 13 to 16
// took their byte-select immediate as an i8 (aes32dsi, aes32dsmi,
// aes32esi, aes32esmi, sm4ks, sm4ed; an i32 since), sm4ks and sm4ed were
// overloaded on the register width (.i32, .i64), and on RV64 those two and
// sha256sig0/sig1/sum0/sum1, sm3p0/sm3p1 took and returned i64 (i32
// since). LLVM 22 declares the current one and rebuilds each call: the
// immediate as an i32, i64 operands truncated and the i32 result
// sign-extended (UpgradeIntrinsicFunction, UpgradeIntrinsicCall). name is
// f's name without "llvm.riscv.". Any other is left as it is.
func (r *Reader) planRISCV(f *ir.Function, name string) *oldIntrinsic {
	sig := f.Sig
	i64Ret := isInt(sig.Ret, 64)
	var base string
	imm := true
	switch {
	case name == "aes32dsi", name == "aes32dsmi", name == "aes32esi", name == "aes32esmi":
		if len(sig.Params) != 3 || isI32(sig.Params[2]) {
			return nil
		}
		base = name
	case strings.HasPrefix(name, "sm4ks"), strings.HasPrefix(name, "sm4ed"):
		if len(sig.Params) != 3 || isI32(sig.Params[2]) && !i64Ret {
			return nil
		}
		base = name[:len("sm4ks")]
	default:
		for _, b := range []string{"sha256sig0", "sha256sig1", "sha256sum0", "sha256sum1", "sm3p0", "sm3p1"} {
			if strings.HasPrefix(name, b) {
				base = b
			}
		}
		if base == "" || !i64Ret || len(sig.Params) != 1 {
			return nil
		}
		imm = false
	}
	// The old operands: integers of the result's width (an i8 or i32
	// immediate last).
	width := sig.Ret.BitWidth
	if sig.Ret.Kind != ir.IntegerType || width != 32 && width != 64 {
		return nil
	}
	for i, p := range sig.Params {
		if imm && i == 2 {
			if p.Kind != ir.IntegerType || p.BitWidth > 32 {
				return nil
			}
			continue
		}
		if !isInt(p, width) {
			return nil
		}
	}
	i32 := r.intType(32)
	newSig := r.fnType(i32, i32)
	if imm {
		newSig = r.fnType(i32, i32, i32, i32)
	}
	return &oldIntrinsic{f: f, oldSig: sig, newName: "llvm.riscv." + base, newSig: newSig, rewrite: rewriteRISCV}
}

func rewriteRISCV(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if len(ops) != len(u.newSig.Params) {
		return out, false
	}
	i32 := u.newSig.Ret
	wide := in.Typ.BitWidth == 64
	args := make([]ir.Value, len(ops))
	var truncs []*ir.Instruction
	for i, op := range ops {
		switch {
		case i == 2:
			// The immediate, zero-extended to an i32 constant.
			c, ok := op.(*ir.ConstInt)
			if !ok || c.Big != nil {
				return out, false
			}
			bits := c.Typ.BitWidth
			args[i] = &ir.ConstInt{Typ: i32, V: int64(int32(uint64(c.V) & (1<<bits - 1)))}
		case wide:
			// IRBuilder folds the truncation of a constant.
			switch c := op.(type) {
			case *ir.ConstInt:
				args[i] = &ir.ConstInt{Typ: i32, V: int64(int32(c.V))}
			case *ir.Undef:
				args[i] = &ir.Undef{Typ: i32}
			case *ir.Poison:
				args[i] = &ir.Poison{Typ: i32}
			case ir.Constant:
				return out, false
			default:
				t := r.newInst(in, ir.Trunc, i32, op)
				truncs = append(truncs, t)
				args[i] = t
			}
		default:
			args[i] = op
		}
	}
	out = append(out, truncs...)
	if !wide {
		rebuildCall(in, r.target(u), args)
		return out, true
	}
	// The new call takes the old one's name; its i64 value is the
	// sign extension of the new one's.
	call := r.newCall(in, r.target(u), args...)
	call.Name = in.Name
	out = append(out, call)
	becomeInst(in, ir.SExt, in.Typ, call)
	return out, true
}

// riscvLeft reports whether declaration f is one of the RISC-V
// cryptography intrinsics' old names that LLVM 22 leaves as they are, a
// function of that name and no intrinsic (planRISCV declined it): sm4ks
// and sm4ed with an i32 immediate and no i64 result, sha256sig0/sig1/
// sum0/sum1 and sm3p0/sm3p1 without an i64 result (RV32's .i32 forms).
func riscvLeft(f *ir.Function) bool {
	name, ok := strings.CutPrefix(f.Name, "llvm.riscv.")
	if !ok {
		return false
	}
	sig := f.Sig
	switch {
	case strings.HasPrefix(name, "sm4ks"), strings.HasPrefix(name, "sm4ed"):
		return len(sig.Params) >= 3 && isI32(sig.Params[2]) && !isInt(sig.Ret, 64)
	}
	for _, b := range []string{"sha256sig0", "sha256sig1", "sha256sum0", "sha256sum1", "sm3p0", "sm3p1"} {
		if strings.HasPrefix(name, b) {
			return !isInt(sig.Ret, 64)
		}
	}
	return false
}
