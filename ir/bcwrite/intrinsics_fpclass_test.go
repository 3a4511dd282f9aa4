package bcwrite

import (
	"math/big"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// TestOlderFPClass checks llvm.is.fpclass given to readers before LLVM 15
// as the tests of the value's bits it stands for (the constants worked by
// hand: 2^52 is double's least normal, 0x7fe0000000000000 = 0x7ff0...0 -
// 2^52; 0x7f800000 is float's infinity), its declarations not written,
// and the module left as it was for LLVM 15.
func TestOlderFPClass(t *testing.T) {
	const want = `define i1 @isnormal(double %x) {
  %1 = bitcast double %x to i64
  %2 = and i64 %1, 9223372036854775807
  %3 = sub i64 %2, 4503599627370496
  %r = icmp ult i64 %3, 9214364837600034816
  ret i1 %r
}

define i1 @posinf_or_nan(float %x) {
  %1 = bitcast float %x to i32
  %2 = and i32 %1, 2147483647
  %3 = icmp ugt i32 %2, 2139095040
  %4 = icmp eq i32 %2, 2139095040
  %5 = icmp sgt i32 %1, -1
  %6 = and i1 %4, %5
  %r = or i1 %3, %6
  ret i1 %r
}
`
	for _, v := range []int{14, 13} {
		_, out, losses := writeFor(t, readFile(t, "testdata/decl/fpclass.bc"), v)
		got, _, _, ok := text(t, out)
		if !ok {
			t.Fatalf("LLVM %d: what was written does not read back cleanly", v)
		}
		if i := strings.Index(got, "define"); i < 0 || !strings.HasPrefix(got[i:], want) || strings.Contains(got, "llvm.is.fpclass") {
			t.Errorf("LLVM %d: read back\n%s\nwant the functions\n%s", v, got, want)
		}
		if got, want := strings.Count(got, "define"), 5; got != want {
			t.Errorf("LLVM %d: %d functions read back, want %d", v, got, want)
		}
		if len(losses) == 0 || losses[0].What != "llvm.is.fpclass call (as the tests of the value's bits it stands for)" || losses[0].Count != 7 {
			t.Errorf("LLVM %d: losses %v", v, losses)
		}
	}
	_, out, _ := writeFor(t, readFile(t, "testdata/decl/fpclass.bc"), 15)
	if got, _, _, _ := text(t, out); strings.Count(got, "call ") != 7 {
		t.Errorf("written for LLVM 15:\n%s", got)
	}
}

// TestFPClassTests runs the tests fpClassTests makes on bit patterns of
// each IEEE format, for every set of classes, against the class each
// pattern is in by its fields (exponent all ones: infinity when the
// mantissa is 0, else a NaN, quiet when the mantissa's top bit is set;
// exponent 0: zero or subnormal; else normal): every pattern of half for
// the sets of one class and those clang and libclc use, and the bounds of
// each class in every format for all 1024 sets.
func TestFPClassTests(t *testing.T) {
	formats := []struct {
		kind        ir.TypeKind
		width, mant uint
	}{
		{ir.HalfType, 16, 10}, {ir.BFloatType, 16, 7}, {ir.FloatType, 32, 23},
		{ir.DoubleType, 64, 52}, {ir.FP128Type, 128, 112},
	}
	for _, f := range formats {
		x := &ir.Argument{Typ: &ir.Type{Kind: f.kind}}
		bit := func(n uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), n) }
		sub1 := func(v *big.Int) *big.Int { return new(big.Int).Sub(v, big.NewInt(1)) }
		or := func(a, b *big.Int) *big.Int { return new(big.Int).Or(a, b) }
		sign, minNormal := bit(f.width-1), bit(f.mant)
		inf := new(big.Int).Sub(sub1(sign), sub1(minNormal))
		quiet := bit(f.mant - 1)
		var patterns []*big.Int
		for _, p := range []*big.Int{
			big.NewInt(0), big.NewInt(1), sub1(minNormal), minNormal, or(minNormal, big.NewInt(1)),
			sub1(inf), inf, or(inf, big.NewInt(1)), or(inf, sub1(quiet)), or(inf, quiet), or(inf, sub1(minNormal)),
		} {
			patterns = append(patterns, p, or(p, sign))
		}
		sets := make([]uint32, 0, fcAll+1)
		for s := uint32(0); s <= fcAll; s++ {
			sets = append(sets, s)
		}
		for _, set := range sets {
			checkFPClass(t, x, f.width, f.mant, set, patterns)
		}
		if f.kind == ir.HalfType {
			all := make([]*big.Int, 1<<16)
			for i := range all {
				all[i] = big.NewInt(int64(i))
			}
			for _, set := range []uint32{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 3, 264, 408, 504, 515, 576, 608, 1020} {
				checkFPClass(t, x, f.width, f.mant, set, all)
			}
		}
	}
}

// checkFPClass runs fpClassTests(x, set) on each of patterns, bits of a value of
// x's format.
func checkFPClass(t *testing.T, x ir.Value, width, mant uint, set uint32, patterns []*big.Int) {
	t.Helper()
	tests := fpClassTests(x, set, nil)
	for _, p := range patterns {
		got, err := evalTests(tests, x, p, width)
		if err != nil {
			t.Fatalf("set %d: %v", set, err)
		}
		if want := set&fpClassOf(p, width, mant) != 0; got != want {
			t.Fatalf("%v, set %d, bits %#x: %v, want %v", x.Type().Kind, set, p, got, want)
		}
	}
}

// fpClassOf returns the FPClassTest bit of the value of bits p.
func fpClassOf(p *big.Int, width, mant uint) uint32 {
	exp := new(big.Int).Rsh(p, mant)
	exp.And(exp, big.NewInt(1<<(width-1-mant)-1))
	man := new(big.Int).And(p, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), mant), big.NewInt(1)))
	neg := p.Bit(int(width-1)) == 1
	bySign := func(n, pos uint32) uint32 {
		if neg {
			return n
		}
		return pos
	}
	switch {
	case exp.Int64() == 1<<(width-1-mant)-1 && man.Sign() == 0:
		return bySign(fcNegInf, fcPosInf)
	case exp.Int64() == 1<<(width-1-mant)-1 && man.Bit(int(mant-1)) == 1:
		return fcQNaN
	case exp.Int64() == 1<<(width-1-mant)-1:
		return fcSNaN
	case exp.Sign() == 0 && man.Sign() == 0:
		return bySign(fcNegZero, fcPosZero)
	case exp.Sign() == 0:
		return bySign(fcNegSub, fcPosSub)
	}
	return bySign(fcNegNormal, fcPosNormal)
}

// evalTests runs instructions tests, x being the value of bits p, and
// returns the last one's result: integers are held modulo 2^width.
func evalTests(tests []*ir.Instruction, x ir.Value, p *big.Int, width uint) (bool, error) {
	mod := new(big.Int).Lsh(big.NewInt(1), width)
	vals := map[ir.Value]*big.Int{x: p}
	get := func(v ir.Value) *big.Int {
		if c, ok := v.(*ir.ConstInt); ok {
			n := big.NewInt(c.V)
			if c.Big != nil {
				n = c.Big
			}
			return new(big.Int).Mod(n, mod)
		}
		return vals[v]
	}
	signed := func(v *big.Int) *big.Int {
		if v.Bit(int(width-1)) == 1 {
			return new(big.Int).Sub(v, mod)
		}
		return v
	}
	b2i := func(b bool) *big.Int {
		if b {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	}
	var last *big.Int
	for _, in := range tests {
		a := get(in.Operands[0])
		var b *big.Int
		if len(in.Operands) > 1 {
			b = get(in.Operands[1])
		}
		if a == nil || len(in.Operands) > 1 && b == nil {
			return false, &UnsupportedError{What: "an operand made after its use"}
		}
		var r *big.Int
		switch in.Op {
		case ir.BitCast:
			r = a
		case ir.And:
			r = new(big.Int).And(a, b)
		case ir.Or:
			r = new(big.Int).Or(a, b)
		case ir.Sub:
			r = new(big.Int).Mod(new(big.Int).Sub(a, b), mod)
		case ir.ICmp:
			switch in.Pred {
			case ir.ICmpEQ:
				r = b2i(a.Cmp(b) == 0)
			case ir.ICmpNE:
				r = b2i(a.Cmp(b) != 0)
			case ir.ICmpUGT:
				r = b2i(a.Cmp(b) > 0)
			case ir.ICmpUGE:
				r = b2i(a.Cmp(b) >= 0)
			case ir.ICmpULT:
				r = b2i(a.Cmp(b) < 0)
			case ir.ICmpSLT:
				r = b2i(signed(a).Cmp(signed(b)) < 0)
			case ir.ICmpSGT:
				r = b2i(signed(a).Cmp(signed(b)) > 0)
			default:
				return false, &UnsupportedError{What: "predicate " + in.Pred.String()}
			}
		default:
			return false, &UnsupportedError{What: "opcode " + in.Op.String()}
		}
		vals[in] = r
		last = r
	}
	return last.Sign() != 0, nil
}
