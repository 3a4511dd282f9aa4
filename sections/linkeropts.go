package sections

import (
	"bytes"
	"strings"
)

// A LinkerOption is one key/value pair of an SHT_LLVM_LINKER_OPTIONS section
// (.linker-options), written from !llvm.linker.options. llvm-readobj prints it
// as "Key: Value" with no escaping.
type LinkerOption struct {
	Key, Value string
}

// DecodeLinkerOptions decodes an SHT_LLVM_LINKER_OPTIONS section: NUL-terminated
// strings that alternate key, value, key, value. An empty section has no
// options.
//
// As in llvm-readobj 22, the checks come before any option is returned, and a
// broken section yields no options. The errors are *DecodeError with these
// Msg values, which readobj prints after
// "SHT_LLVM_LINKER_OPTIONS section at index N is broken: ":
//
//   - the last byte is not NUL: "the content is not null-terminated", Off at
//     the start of the unterminated string;
//   - an odd number of strings: `an incomplete key-value pair was found. The
//     last possible key was: "<key>"`, the last string inserted as is, Off at
//     its start.
func DecodeLinkerOptions(section string, data []byte) ([]LinkerOption, error) {
	if len(data) == 0 {
		return nil, nil
	}
	if data[len(data)-1] != 0 {
		start := bytes.LastIndexByte(data, 0) + 1
		return nil, &DecodeError{Section: section, Off: int64(start), Msg: msgNotNullTerminated}
	}
	count := bytes.Count(data, []byte{0})
	if count%2 != 0 {
		body := data[:len(data)-1]
		start := bytes.LastIndexByte(body, 0) + 1
		return nil, &DecodeError{
			Section: section,
			Off:     int64(start),
			Msg:     `an incomplete key-value pair was found. The last possible key was: "` + string(body[start:]) + `"`,
		}
	}
	s := string(data) // one copy; keys and values are substrings of it
	opts := make([]LinkerOption, 0, count/2)
	for off := 0; off < len(s); {
		k := strings.IndexByte(s[off:], 0) // found: the last byte is NUL
		key := s[off : off+k]
		off += k + 1
		v := strings.IndexByte(s[off:], 0) // found: the count is even
		opts = append(opts, LinkerOption{Key: key, Value: s[off : off+v]})
		off += v + 1
	}
	return opts, nil
}
