package demangle

import (
	"strconv"
	"strings"
)

// This file demangles Rust v0 symbol names
// (https://rust-lang.github.io/rfcs/2603-rust-symbol-name-mangling-v0.html)
// as LLVM 22's rustDemangle prints them: "{closure#0}" for closures,
// "::<" before the generic arguments of a value path, the instantiating
// crate left out, at most 500 levels of nesting.

// rustMaxDepth is the nesting at which LLVM gives up on a name.
const rustMaxDepth = 500

type rustDemangler struct {
	in    string // the name after "_R", up to its first "."
	pos   int
	out   []byte
	print bool // false while skipping (an impl path, the instantiating crate)
	err   bool
	depth int
	bound int // lifetimes bound by the enclosing binders
	max   int
	steps int
}

// rustV0 demangles "_R..." within an output of max bytes.
func rustV0(name string, max int) (string, bool) {
	if !strings.HasPrefix(name, "_R") {
		return "", false
	}
	rest := name[2:]
	in, suffix, dotted := strings.Cut(rest, ".")
	d := &rustDemangler{in: in, print: true, max: max, steps: 16*max + 4096}
	d.path(false, false)
	if d.pos != len(d.in) {
		d.print = false
		d.path(false, false)
	}
	if d.pos != len(d.in) {
		d.err = true
	}
	if dotted {
		d.emit(" (.")
		d.emit(suffix)
		d.emit(")")
	}
	if d.err {
		return "", false
	}
	return string(d.out), true
}

func (d *rustDemangler) emit(s string) {
	if d.err || !d.print {
		return
	}
	if len(d.out)+len(s) > d.max {
		d.err = true
		return
	}
	d.out = append(d.out, s...)
}

func (d *rustDemangler) emitByte(c byte) {
	if d.err || !d.print {
		return
	}
	if len(d.out)+1 > d.max {
		d.err = true
		return
	}
	d.out = append(d.out, c)
}

func (d *rustDemangler) look() byte {
	if d.err || d.pos >= len(d.in) {
		return 0
	}
	return d.in[d.pos]
}

func (d *rustDemangler) consume() byte {
	if d.err || d.pos >= len(d.in) {
		d.err = true
		return 0
	}
	d.pos++
	return d.in[d.pos-1]
}

func (d *rustDemangler) consumeIf(c byte) bool {
	if d.err || d.pos >= len(d.in) || d.in[d.pos] != c {
		return false
	}
	d.pos++
	return true
}

// enter counts one level of nesting and one step of work.
func (d *rustDemangler) enter() bool {
	d.steps--
	if d.err || d.depth >= rustMaxDepth || d.steps < 0 {
		d.err = true
		return false
	}
	d.depth++
	return true
}

func (d *rustDemangler) exit() { d.depth-- }

// backref reads a back reference and runs f at its target.
func (d *rustDemangler) backref(f func()) {
	at := d.base62()
	if d.err || at >= uint64(d.pos) {
		d.err = true
		return
	}
	if !d.print {
		return
	}
	saved := d.pos
	d.pos = int(at)
	f()
	d.pos = saved
}

func isRustLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isRustUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// path demangles a <path>; inType leaves out the "::" before generic
// arguments, and leaveOpen leaves their ">" out (for a dyn trait's
// associated types), reporting whether it did.
func (d *rustDemangler) path(inType, leaveOpen bool) bool {
	if !d.enter() {
		return false
	}
	defer d.exit()
	switch d.consume() {
	case 'C':
		d.optionalBase62('s')
		d.identifier(d.parseIdentifier())
	case 'M':
		d.implPath(inType)
		d.emit("<")
		d.typ()
		d.emit(">")
	case 'X':
		d.implPath(inType)
		d.emit("<")
		d.typ()
		d.emit(" as ")
		d.path(true, false)
		d.emit(">")
	case 'Y':
		d.emit("<")
		d.typ()
		d.emit(" as ")
		d.path(true, false)
		d.emit(">")
	case 'N':
		ns := d.consume()
		if !isRustLower(ns) && !isRustUpper(ns) {
			d.err = true
			break
		}
		d.path(inType, false)
		dis := d.optionalBase62('s')
		id, puny := d.parseIdentifier()
		if isRustUpper(ns) {
			d.emit("::{")
			switch ns {
			case 'C':
				d.emit("closure")
			case 'S':
				d.emit("shim")
			default:
				d.emitByte(ns)
			}
			if id != "" {
				d.emit(":")
				d.identifier(id, puny)
			}
			d.emit("#")
			d.emit(strconv.FormatUint(dis, 10))
			d.emit("}")
		} else if id != "" {
			d.emit("::")
			d.identifier(id, puny)
		}
	case 'I':
		d.path(inType, false)
		if !inType {
			d.emit("::")
		}
		d.emit("<")
		for i := 0; !d.err && !d.consumeIf('E'); i++ {
			if i > 0 {
				d.emit(", ")
			}
			d.genericArg()
		}
		if leaveOpen {
			return true
		}
		d.emit(">")
	case 'B':
		open := false
		d.backref(func() { open = d.path(inType, leaveOpen) })
		return open
	default:
		d.err = true
	}
	return false
}

func (d *rustDemangler) implPath(inType bool) {
	saved := d.print
	d.print = false
	d.optionalBase62('s')
	d.path(inType, false)
	d.print = saved
}

func (d *rustDemangler) genericArg() {
	switch {
	case d.consumeIf('L'):
		d.lifetime(d.base62())
	case d.consumeIf('K'):
		d.constant()
	default:
		d.typ()
	}
}

var rustBasicTypes = [256]string{
	'a': "i8", 'b': "bool", 'c': "char", 'd': "f64", 'e': "str", 'f': "f32",
	'h': "u8", 'i': "isize", 'j': "usize", 'l': "i32", 'm': "u32", 'n': "i128",
	'o': "u128", 'p': "_", 's': "i16", 't': "u16", 'u': "()", 'v': "...",
	'x': "i64", 'y': "u64", 'z': "!",
}

func (d *rustDemangler) typ() {
	if !d.enter() {
		return
	}
	defer d.exit()
	start := d.pos
	c := d.consume()
	if s := rustBasicTypes[c]; s != "" {
		d.emit(s)
		return
	}
	switch c {
	case 'A':
		d.emit("[")
		d.typ()
		d.emit("; ")
		d.constant()
		d.emit("]")
	case 'S':
		d.emit("[")
		d.typ()
		d.emit("]")
	case 'T':
		d.emit("(")
		i := 0
		for ; !d.err && !d.consumeIf('E'); i++ {
			if i > 0 {
				d.emit(", ")
			}
			d.typ()
		}
		if i == 1 {
			d.emit(",")
		}
		d.emit(")")
	case 'R', 'Q':
		d.emit("&")
		if d.consumeIf('L') {
			if lt := d.base62(); lt != 0 {
				d.lifetime(lt)
				d.emit(" ")
			}
		}
		if c == 'Q' {
			d.emit("mut ")
		}
		d.typ()
	case 'P':
		d.emit("*const ")
		d.typ()
	case 'O':
		d.emit("*mut ")
		d.typ()
	case 'F':
		d.fnSig()
	case 'D':
		d.dynBounds()
		if d.consumeIf('L') {
			if lt := d.base62(); lt != 0 {
				d.emit(" + ")
				d.lifetime(lt)
			}
		} else {
			d.err = true
		}
	case 'B':
		d.backref(d.typ)
	default:
		d.pos = start
		d.path(true, false)
	}
}

func (d *rustDemangler) fnSig() {
	saved := d.bound
	defer func() { d.bound = saved }()
	d.binder()
	if d.consumeIf('U') {
		d.emit("unsafe ")
	}
	if d.consumeIf('K') {
		d.emit("extern \"")
		if d.consumeIf('C') {
			d.emit("C")
		} else {
			id, puny := d.parseIdentifier()
			if puny {
				d.err = true
			}
			d.emit(strings.ReplaceAll(id, "_", "-"))
		}
		d.emit("\" ")
	}
	d.emit("fn(")
	for i := 0; !d.err && !d.consumeIf('E'); i++ {
		if i > 0 {
			d.emit(", ")
		}
		d.typ()
	}
	d.emit(")")
	if !d.consumeIf('u') {
		d.emit(" -> ")
		d.typ()
	}
}

func (d *rustDemangler) dynBounds() {
	saved := d.bound
	defer func() { d.bound = saved }()
	d.emit("dyn ")
	d.binder()
	for i := 0; !d.err && !d.consumeIf('E'); i++ {
		if i > 0 {
			d.emit(" + ")
		}
		d.dynTrait()
	}
}

func (d *rustDemangler) dynTrait() {
	open := d.path(true, true)
	for !d.err && d.consumeIf('p') {
		if !open {
			open = true
			d.emit("<")
		} else {
			d.emit(", ")
		}
		id, _ := d.parseIdentifier()
		d.emit(id)
		d.emit(" = ")
		d.typ()
	}
	if open {
		d.emit(">")
	}
}

func (d *rustDemangler) binder() {
	n := d.optionalBase62('G')
	if d.err || n == 0 {
		return
	}
	if n >= uint64(len(d.in)-d.bound) {
		d.err = true
		return
	}
	d.emit("for<")
	for i := uint64(0); i != n; i++ {
		d.bound++
		if i > 0 {
			d.emit(", ")
		}
		d.lifetime(1)
	}
	d.emit("> ")
}

func (d *rustDemangler) constant() {
	if !d.enter() {
		return
	}
	defer d.exit()
	c := d.consume()
	switch c {
	case 'a', 's', 'l', 'x', 'n', 'i', 'h', 't', 'm', 'y', 'o', 'j':
		if d.consumeIf('n') {
			d.emit("-")
		}
		v, digits := d.hexNumber()
		if len(digits) <= 16 {
			d.emit(strconv.FormatUint(v, 10))
		} else {
			d.emit("0x")
			d.emit(digits)
		}
	case 'b':
		_, digits := d.hexNumber()
		switch digits {
		case "0":
			d.emit("false")
		case "1":
			d.emit("true")
		default:
			d.err = true
		}
	case 'c':
		v, digits := d.hexNumber()
		if d.err || len(digits) > 6 {
			d.err = true
			return
		}
		d.emit("'")
		switch v {
		case '\t':
			d.emit(`\t`)
		case '\r':
			d.emit(`\r`)
		case '\n':
			d.emit(`\n`)
		case '\\':
			d.emit(`\\`)
		case '"':
			d.emit(`"`)
		case '\'':
			d.emit(`\'`)
		default:
			if v >= 0x20 && v <= 0x7e {
				d.emitByte(byte(v))
			} else {
				d.emit(`\u{`)
				d.emit(digits)
				d.emit("}")
			}
		}
		d.emit("'")
	case 'p':
		d.emit("_")
	case 'B':
		d.backref(d.constant)
	default:
		d.err = true
	}
}

// parseIdentifier reads ["u"] <decimal-number> ["_"] <bytes>.
func (d *rustDemangler) parseIdentifier() (string, bool) {
	puny := d.consumeIf('u')
	n := d.decimal()
	d.consumeIf('_')
	if d.err || n > uint64(len(d.in)-d.pos) {
		d.err = true
		return "", false
	}
	s := d.in[d.pos : d.pos+int(n)]
	d.pos += int(n)
	for i := 0; i < len(s); i++ {
		if !isRustValid(s[i]) {
			d.err = true
			return "", false
		}
	}
	return s, puny
}

func isRustValid(c byte) bool {
	return isDigit(c) || isRustLower(c) || isRustUpper(c) || c == '_'
}

func (d *rustDemangler) identifier(s string, puny bool) {
	if d.err || !d.print {
		return
	}
	if !puny {
		d.emit(s)
		return
	}
	dec, ok := punycode(s)
	if !ok {
		d.err = true
		return
	}
	d.emit(dec)
}

func (d *rustDemangler) optionalBase62(tag byte) uint64 {
	if !d.consumeIf(tag) {
		return 0
	}
	n := d.base62()
	if d.err || n == ^uint64(0) {
		d.err = true
		return 0
	}
	return n + 1
}

// base62 reads {<0-9a-zA-Z>} "_", "_" being 0 and "<n>_" n+1.
func (d *rustDemangler) base62() uint64 {
	if d.consumeIf('_') {
		return 0
	}
	var v uint64
	for {
		c := d.consume()
		var digit uint64
		switch {
		case c == '_':
			if v == ^uint64(0) {
				d.err = true
				return 0
			}
			return v + 1
		case isDigit(c):
			digit = uint64(c - '0')
		case isRustLower(c):
			digit = 10 + uint64(c-'a')
		case isRustUpper(c):
			digit = 36 + uint64(c-'A')
		default:
			d.err = true
			return 0
		}
		if v > (^uint64(0)-digit)/62 {
			d.err = true
			return 0
		}
		v = v*62 + digit
	}
}

// decimal reads "0" or a number without leading zeros.
func (d *rustDemangler) decimal() uint64 {
	c := d.look()
	if !isDigit(c) {
		d.err = true
		return 0
	}
	if c == '0' {
		d.consume()
		return 0
	}
	var v uint64
	for isDigit(d.look()) {
		digit := uint64(d.consume() - '0')
		if v > (^uint64(0)-digit)/10 {
			d.err = true
			return 0
		}
		v = v*10 + digit
	}
	return v
}

// hexNumber reads "0_" or <1-9a-f> {<0-9a-f>} "_"; the value is
// meaningful for up to 16 digits.
func (d *rustDemangler) hexNumber() (uint64, string) {
	start := d.pos
	c := d.look()
	if !isDigit(c) && (c < 'a' || c > 'f') {
		d.err = true
	}
	var v uint64
	if d.consumeIf('0') {
		if !d.consumeIf('_') {
			d.err = true
		}
	} else {
		for !d.err && !d.consumeIf('_') {
			c := d.consume()
			v *= 16
			switch {
			case isDigit(c):
				v += uint64(c - '0')
			case c >= 'a' && c <= 'f':
				v += 10 + uint64(c-'a')
			default:
				d.err = true
			}
		}
	}
	if d.err {
		return 0, ""
	}
	return v, d.in[start : d.pos-1]
}

// lifetime prints lifetime i: '_ for 0, else a De Bruijn index into the
// bound lifetimes, named 'a to 'z, then 'z1, 'z2, ...
func (d *rustDemangler) lifetime(i uint64) {
	if i == 0 {
		d.emit("'_")
		return
	}
	if i-1 >= uint64(d.bound) {
		d.err = true
		return
	}
	depth := uint64(d.bound) - i
	d.emit("'")
	if depth < 26 {
		d.emitByte(byte('a' + depth))
	} else {
		d.emit("z")
		d.emit(strconv.FormatUint(depth-26+1, 10))
	}
}

// punycode decodes an identifier of Rust's punycode (RFC 3492 with "_"
// as the delimiter).
func punycode(s string) (string, bool) {
	var out []rune
	basic := s
	rest := ""
	if i := strings.LastIndexByte(s, '_'); i >= 0 {
		basic, rest = s[:i], s[i+1:]
		for j := 0; j < len(basic); j++ {
			if !isRustValid(basic[j]) {
				return "", false
			}
			out = append(out, rune(basic[j]))
		}
	} else {
		rest = s
	}
	const (
		base = 36
		tmin = 1
		tmax = 26
		skew = 38
	)
	bias, n, damp := 72, 0x80, 700
	adapt := func(delta, points int) int {
		delta /= damp
		delta += delta / points
		damp = 2
		k := 0
		for delta > (base-tmin)*tmax/2 {
			delta /= base - tmin
			k += base
		}
		return k + (base-tmin+1)*delta/(delta+skew)
	}
	const maxInt = int(^uint(0) >> 1)
	i := 0
	for idx := 0; idx < len(rest); i++ {
		oldI, w := i, 1
		for k := base; ; k += base {
			if idx == len(rest) {
				return "", false
			}
			c := rest[idx]
			idx++
			var digit int
			switch {
			case isRustLower(c):
				digit = int(c - 'a')
			case isDigit(c):
				digit = 26 + int(c-'0')
			default:
				return "", false
			}
			if digit > (maxInt-i)/w {
				return "", false
			}
			i += digit * w
			t := k - bias
			if k <= bias {
				t = tmin
			} else if k >= bias+tmax {
				t = tmax
			}
			if digit < t {
				break
			}
			if w > maxInt/(base-t) {
				return "", false
			}
			w *= base - t
		}
		points := len(out) + 1
		bias = adapt(i-oldI, points)
		if i/points > maxInt-n {
			return "", false
		}
		n += i / points
		i %= points
		if n >= 0xD800 && n <= 0xDFFF || n > 0x10FFFF {
			return "", false
		}
		out = append(out, 0)
		copy(out[i+1:], out[i:])
		out[i] = rune(n)
	}
	var b strings.Builder
	for _, r := range out {
		b.WriteRune(r)
	}
	return b.String(), true
}
