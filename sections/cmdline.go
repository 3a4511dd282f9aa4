package sections

import (
	"bytes"
	"strings"
)

// DecodeCmdlines splits the contents of an ELF/COFF .llvmcmd or a Mach-O
// __LLVM,__cmdline section, written by clang -fembed-bitcode (also =marker),
// into command lines. The section holds the cc1 arguments, each followed by a
// NUL ("-cc1\0-triple\0x86_64-pc-linux-gnu\0…"); a relocatable link (ld -r)
// concatenates the sections of its inputs, so a new command line starts at
// each "-cc1" argument. Arguments before the first "-cc1" form a command line
// of their own.
//
// Nothing here is an error: an empty section has no command lines, a final
// argument without its NUL is kept, and empty arguments (two NULs in a row)
// are kept as "".
func DecodeCmdlines(data []byte) [][]string {
	if len(data) == 0 {
		return nil
	}
	nargs := bytes.Count(data, []byte{0})
	if data[len(data)-1] != 0 {
		nargs++
	}
	s := string(data) // one copy; the arguments are substrings of it
	args := make([]string, 0, nargs)
	nlines := 1
	for off := 0; off < len(s); {
		n := strings.IndexByte(s[off:], 0)
		if n < 0 {
			n = len(s) - off
		}
		a := s[off : off+n]
		if a == "-cc1" && len(args) > 0 {
			nlines++
		}
		args = append(args, a)
		off += n + 1
	}
	// Exact sizes, so the result costs at most 16 bytes per argument and 24 per
	// command line, with no growth.
	lines := make([][]string, 0, nlines)
	start := 0
	for i, a := range args {
		if a == "-cc1" && i > start {
			lines = append(lines, args[start:i:i])
			start = i
		}
	}
	return append(lines, args[start:len(args):len(args)])
}
