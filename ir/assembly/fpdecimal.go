package assembly

import (
	"math"
	"math/bits"
	"strconv"
)

// LLVM prints a float or double constant in decimal when the text that
// APFloat::toString(Str, 6, 0, false) gives for it reads back, as a
// double, to the same value (a float is compared widened to double), and
// in hexadecimal otherwise. toString does not round the exact value to six
// significant digits. It writes the value as N·10^E, N an integer (the
// significand, its trailing zero bits dropped, times a power of two or of
// five); it then drops t = floor((bits(N)-20)·59/196) decimal digits from
// N by a truncating division, and only then rounds the digits left to
// six, half up on the first one dropped. When the division leaves exactly
// six digits, they are the value truncated: 0.7 (0.69999999999999995559...)
// comes out as 6.999990e-01, which does not read back, where a correct
// rounding gives 7.000000e-01, which would.

// appendDecimal appends f as LLVM's toString spells it with six digits of
// precision ("9.500000e-01": the digits, zeros up to six after the point,
// the exponent) and reports true, if that text reads back as f; otherwise
// it appends nothing and reports false. f must be finite.
func appendDecimal(b []byte, f float64) ([]byte, bool) {
	start := len(b)
	if f == 0 {
		if math.Signbit(f) {
			b = append(b, '-')
		}
		return append(b, "0.000000e+00"...), true
	}
	// A text of six digits that reads back as f is a decimal of at most
	// six digits that rounds to f, so the shortest such decimal has no
	// more: when it has more, no six-digit text reads back.
	var tmp [32]byte
	n := 0
	for _, c := range strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) {
		if c == 'e' {
			break
		}
		if c >= '0' && c <= '9' {
			n++
		}
	}
	if n > 6 {
		return b, false
	}
	var digits [6]byte
	nd, x := toString6(f, &digits)
	b = appendSci(b, f < 0, digits[:nd], x)
	if v, _ := strconv.ParseFloat(string(b[start:]), 64); v != f {
		return b[:start], false
	}
	return b, true
}

// toString6 computes the digits of |f| (finite, nonzero) as
// APFloat::toString with six digits of precision does, into digits (most
// significant first, no trailing zeros), and returns how many there are
// and the decimal exponent of the first.
//
// |f| = m·2^e, m odd. toString's N is m·2^e (e >= 0) or m·5^-e (e < 0,
// then E = e); the quotient q = floor(N/10^t) is found without dividing
// big numbers where the powers allow, using floor(a/(bc)) =
// floor(floor(a/b)/c): m·5^n/10^t is (m·5^(n-t))>>t when n >= t and
// (m>>t)/5^(t-n) otherwise; m·2^e/10^t is (m>>(t-e))/5^t when e < t and
// (m<<(e-t))/5^t otherwise, the only case with a long division.
func toString6(f float64, digits *[6]byte) (nd, x int) {
	m, e := decompose(f)
	var n fpNat
	var nb int
	if e >= 0 {
		nb = bits.Len64(m) + e
	} else {
		n.set(m)
		n.mulPow5(-e)
		nb = n.bitLen()
	}
	exp := min(e, 0)
	// 196/59 is a little more than log2(10): the division keeps at least
	// the 20 bits six digits need, and q < 2^25.
	t := 0
	if nb > 20 {
		t = (nb - 20) * 59 / 196
	}
	exp += t
	var q uint64
	switch {
	case t == 0 && e >= 0:
		q = m << e
	case t == 0:
		q = n.w[0]
	case e < 0 && -e >= t:
		n.set(m)
		n.mulPow5(-e - t)
		q = n.shr(t)
	case e < 0:
		q = (m >> t) / pow5[t+e]
	case e < t:
		q = (m >> (t - e)) / pow5[t]
	default:
		n.set(m)
		n.shl(e - t)
		n.divPow5(t)
		q = n.w[0]
	}
	var buf [20]byte
	ds := strconv.AppendUint(buf[:0], q, 10)
	for ds[len(ds)-1] == '0' {
		ds = ds[:len(ds)-1]
		exp++
	}
	x = exp + len(ds) - 1
	if len(ds) > 6 {
		up := ds[6] >= '5'
		ds = ds[:6]
		if up {
			i := 5
			for i >= 0 && ds[i] == '9' {
				i--
			}
			if i < 0 {
				ds = append(ds[:0], '1')
				x++
			} else {
				ds[i]++
				ds = ds[:i+1]
			}
		}
		for ds[len(ds)-1] == '0' {
			ds = ds[:len(ds)-1]
		}
	}
	return copy(digits[:], ds), x
}

// appendSci appends digits (one to six, most significant first) with the
// decimal exponent x of the first as toString does: one digit, a point,
// six more (the rest, then zeros), 'e', the exponent's sign and at least
// two digits.
func appendSci(b []byte, neg bool, digits []byte, x int) []byte {
	if neg {
		b = append(b, '-')
	}
	b = append(b, digits[0], '.')
	b = append(b, digits[1:]...)
	for i := len(digits) - 1; i < 6; i++ {
		b = append(b, '0')
	}
	b = append(b, 'e')
	if x < 0 {
		b = append(b, '-')
		x = -x
	} else {
		b = append(b, '+')
	}
	if x < 10 {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, int64(x), 10)
}

// decompose returns |f| as m·2^e, m odd (f finite and nonzero).
func decompose(f float64) (m uint64, e int) {
	u := math.Float64bits(f)
	m = u & (1<<52 - 1)
	be := int(u >> 52 & 0x7ff)
	if be == 0 {
		e = -1074
	} else {
		m |= 1 << 52
		e = be - 1075
	}
	tz := bits.TrailingZeros64(m)
	return m >> tz, e + tz
}

// fpNatWords is the size of an fpNat: enough for an odd significand of a
// double times 5^1074 (2,547 bits), and for one shifted left by 971.
const fpNatWords = 40

// fpNat is a natural number of at most fpNatWords 64-bit words, kept on
// the stack: the big numbers of toString6, without math/big.
type fpNat struct {
	w [fpNatWords]uint64 // least significant first
	n int                // words in use; w[n-1] != 0 unless n == 0
}

func (z *fpNat) set(v uint64) {
	z.w[0] = v
	z.n = 0
	if v != 0 {
		z.n = 1
	}
}

// pow5 holds 5^0 to 5^27, the powers of five that fit a word.
var pow5 = func() (t [28]uint64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = t[i-1] * 5
	}
	return
}()

// mulPow5 multiplies z by 5^k; the product must fit.
func (z *fpNat) mulPow5(k int) {
	for k > 0 {
		s := min(k, len(pow5)-1)
		var carry uint64
		for i := 0; i < z.n; i++ {
			hi, lo := bits.Mul64(z.w[i], pow5[s])
			lo, c := bits.Add64(lo, carry, 0)
			z.w[i] = lo
			carry = hi + c
		}
		if carry != 0 {
			z.w[z.n] = carry
			z.n++
		}
		k -= s
	}
}

// divPow5 divides z by 5^k, rounding down.
func (z *fpNat) divPow5(k int) {
	for k > 0 {
		s := min(k, len(pow5)-1)
		var r uint64
		for i := z.n - 1; i >= 0; i-- {
			z.w[i], r = bits.Div64(r, z.w[i], pow5[s])
		}
		for z.n > 0 && z.w[z.n-1] == 0 {
			z.n--
		}
		k -= s
	}
}

func (z *fpNat) bitLen() int {
	if z.n == 0 {
		return 0
	}
	return (z.n-1)*64 + bits.Len64(z.w[z.n-1])
}

// shl shifts z left by s bits; the result must fit.
func (z *fpNat) shl(s int) {
	if z.n == 0 || s == 0 {
		return
	}
	words, sh := s/64, uint(s%64)
	n := z.n + words + 1
	for i := n - 1; i >= words; i-- {
		var v uint64
		if j := i - words; j < z.n {
			v = z.w[j] << sh
		}
		if j := i - words - 1; sh != 0 && j >= 0 {
			v |= z.w[j] >> (64 - sh)
		}
		z.w[i] = v
	}
	clear(z.w[:words])
	for n > 0 && z.w[n-1] == 0 {
		n--
	}
	z.n = n
}

// shr returns the low word of z shifted right by s bits.
func (z *fpNat) shr(s int) uint64 {
	i, sh := s/64, uint(s%64)
	if i >= z.n {
		return 0
	}
	v := z.w[i] >> sh
	if sh != 0 && i+1 < z.n {
		v |= z.w[i+1] << (64 - sh)
	}
	return v
}
