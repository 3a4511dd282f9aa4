package sections

// The two value formats of llvm-readobj-22 --pretty-pgo-analysis-map: block
// frequencies relative to the function entry, printed through LLVM's
// ScaledNumber<uint64_t> (llvm/lib/Support/ScaledNumber.cpp), and branch
// probabilities as BranchProbability::print writes them. The arithmetic below
// follows LLVM step by step, since its rounding and digit rules are what the
// output shows.

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// PrettyFrequency formats freq relative to entry (the frequency of the
// function's first PGO block) as llvm-readobj-22 --pretty-pgo-analysis-map
// does: "0" for freq 0, "<invalid BFI>" for entry 0, else the quotient as a
// ScaledNumber with 10 significant digits, e.g. "1.0", "0.3333333333",
// "2.333333333", "6148914691236517205.0", and for very small quotients
// APFloat's scientific form, e.g. "5.421010862E-20".
func PrettyFrequency(freq, entry uint64) string {
	if freq == 0 {
		return "0"
	}
	if entry == 0 {
		return "<invalid BFI>"
	}
	d, e := scaledDivide(freq, entry)
	return scaledString(d, e, 10)
}

// PrettyProbability formats a branch probability numerator over LLVM's fixed
// denominator 1<<31 as BranchProbability::print does:
// "0x2aaaaaab / 0x80000000 = 33.33%"; the unknown probability 0xffffffff
// prints "?%". Numerators above the denominator print above 100%.
func PrettyProbability(num uint32) string {
	const den = 1 << 31
	if num == math.MaxUint32 {
		return "?%"
	}
	return fmt.Sprintf("0x%08x / 0x%08x = %s", num, uint32(den), ProbabilityPercent(num))
}

// ProbabilityPercent formats a branch probability numerator over 1<<31 as
// a percentage with two decimals, "33.33%", or "?%" for the unknown
// probability 0xffffffff.
func ProbabilityPercent(num uint32) string {
	const den = 1 << 31
	if num == math.MaxUint32 {
		return "?%"
	}
	// LLVM rounds to two decimals with rint before printf does.
	pct := math.RoundToEven(float64(num)/den*100*100) / 100
	return strconv.FormatFloat(pct, 'f', 2, 64) + "%"
}

// scaledDivide is ScaledNumbers::divide64: dividend/divisor as digits*2^scale
// with 64 significant bits, rounded half up. Both must be non-zero.
func scaledDivide(dividend, divisor uint64) (uint64, int) {
	shift := 0
	if z := bits.TrailingZeros64(divisor); z != 0 {
		shift -= z
		divisor >>= z
	}
	if divisor == 1 {
		return dividend, shift
	}
	if z := bits.LeadingZeros64(dividend); z != 0 {
		shift -= z
		dividend <<= z
	}
	q := dividend / divisor
	dividend %= divisor
	// Long division for the remaining bits of the quotient.
	for q>>63 == 0 && dividend != 0 {
		overflow := dividend>>63 != 0
		dividend <<= 1
		shift--
		q <<= 1
		if overflow || divisor <= dividend {
			q |= 1
			dividend -= divisor
		}
	}
	half := divisor>>1 + divisor&1
	if dividend >= half { // round on the next bit
		if q++; q == 0 {
			return 1 << 63, shift + 1
		}
	}
	return q, shift
}

// scaledString is ScaledNumberBase::toString for 64-bit digits: d*2^e in
// decimal with about precision significant digits, trailing zeros removed
// but one digit kept after the point.
func scaledString(d uint64, e int, precision int) string {
	if d == 0 {
		return "0.0"
	}
	var above, below, extra uint64
	extraShift := 0
	switch {
	case e == 0:
		above = d
	case e > 0:
		if shift := min(bits.LeadingZeros64(d), e); shift != 0 {
			d <<= shift
			e -= shift
			if e == 0 {
				above = d
			}
		}
	case e > -64:
		above = d >> -e
		below = d << (64 + e)
	case e == -64:
		below = d
	case e > -120:
		below = d >> (-e - 64)
		extra = d << (128 + e)
		extraShift = -64 - e
	}
	if above == 0 && below == 0 {
		return apfloatString(d, e, precision)
	}

	var s []byte
	digitsOut := 0
	if above != 0 {
		s = strconv.AppendUint(s, above, 10)
		digitsOut = len(s)
	} else {
		s = append(s, '0')
	}
	if below == 0 {
		return string(s) + ".0"
	}
	s = append(s, '.')

	// Emit fraction digits until the remainder is within the error of the
	// 64-bit representation, as LLVM does (its error term may wrap).
	const low60 = math.MaxUint64 >> 4
	errTerm := uint64(1) // 1 << (64 - width)
	extra = (below&0xf)<<56 | extra>>8
	below >>= 4
	sinceDot := 0
	afterDot := len(s)
	for {
		if extraShift != 0 {
			extraShift--
			errTerm *= 5
		} else {
			errTerm *= 10
		}
		below *= 10
		extra *= 10
		below += extra >> 60
		extra &= low60
		s = append(s, byte('0'+below>>60))
		below &= low60
		if digitsOut != 0 || s[len(s)-1] != '0' {
			digitsOut++
		}
		sinceDot++
		if errTerm == 0 || below<<4|extra>>60 < errTerm/2 ||
			precision != 0 && digitsOut > precision && sinceDot >= 2 {
			break
		}
	}
	if precision == 0 || digitsOut <= precision {
		return stripTrailingZeros(s)
	}

	// Truncate to precision digits (never before the first fraction digit)
	// and round half up on the first dropped digit.
	truncate := max(len(s)-(digitsOut-precision), afterDot+1)
	if truncate >= len(s) {
		return stripTrailingZeros(s)
	}
	if s[truncate] < '5' {
		return stripTrailingZeros(s[:truncate])
	}
	s = s[:truncate]
	for i := len(s) - 1; i >= 0; i-- {
		switch s[i] {
		case '.':
			continue
		case '9':
			s[i] = '0'
			continue
		}
		s[i]++
		return stripTrailingZeros(s)
	}
	return stripTrailingZeros(append([]byte{'1'}, s...))
}

// stripTrailingZeros drops trailing zeros of a number with a point but keeps
// one digit after the point.
func stripTrailingZeros(s []byte) string {
	i := len(s) - 1
	for i > 0 && s[i] == '0' {
		i--
	}
	if s[i] == '.' {
		i++
	}
	return string(s[:i+1])
}

// apfloatString is what LLVM's toStringAPFloat prints for d*2^e (d != 0):
// the number as an x87 long double through APFloat::toString with the given
// precision and no padding, i.e. always scientific ("1.5E-20", "1.0E+30").
func apfloatString(d uint64, e int, precision int) string {
	// Exact decimal expansion: value = n * 10^exp.
	tz := bits.TrailingZeros64(d)
	n := new(big.Int).SetUint64(d >> tz)
	exp := e + tz
	if exp > 0 {
		n.Lsh(n, uint(exp))
		exp = 0
	} else if exp < 0 {
		n.Mul(n, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-exp)), nil))
	}
	// First cut: drop the decimal digits well beyond the precision, by
	// truncating division (APFloat's AdjustToPrecision on the integer).
	bitsRequired := (precision*196 + 58) / 59
	if nbits := n.BitLen(); nbits > bitsRequired {
		if tens := (nbits - bitsRequired) * 59 / 196; tens > 0 {
			exp += tens
			n.Quo(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tens)), nil))
		}
	}
	// Digits, most significant first, trailing zeros folded into exp.
	digits := []byte(n.String())
	for len(digits) > 1 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		exp++
	}
	// Round half up to precision digits, dropping the zeros this leaves.
	if len(digits) > precision {
		cut := len(digits) - precision
		exp += cut
		roundUp := digits[precision] >= '5'
		digits = digits[:precision]
		if roundUp {
			i := len(digits) - 1
			for ; i >= 0 && digits[i] == '9'; i-- {
				exp++
			}
			if i < 0 {
				digits = []byte{'1'}
			} else {
				digits[i]++
				digits = digits[:i+1]
			}
		}
		for len(digits) > 1 && digits[len(digits)-1] == '0' {
			digits = digits[:len(digits)-1]
			exp++
		}
	}
	exp += len(digits) - 1
	out := append([]byte{digits[0], '.'}, digits[1:]...)
	if len(digits) == 1 {
		out = append(out, '0')
	}
	out = append(out, 'E')
	if exp >= 0 {
		out = append(out, '+')
	} else {
		out = append(out, '-')
		exp = -exp
	}
	return string(strconv.AppendInt(out, int64(exp), 10))
}
