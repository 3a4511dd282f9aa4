// Package jsonstr appends JSON strings to byte slices, for the JSON writers
// that build their output by hand to stay fast.
package jsonstr

import "unicode/utf8"

const hexDigits = "0123456789ABCDEF"

// Append appends s to b as a JSON string. Control characters are escaped as
// \u00XX; bytes that are not valid UTF-8 become U+FFFD, since JSON text is
// UTF-8. Nothing else is escaped: "<" and "&" stay as they are.
func Append[S ~string | ~[]byte](b []byte, s S) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
		if r == utf8.RuneError && n == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}
