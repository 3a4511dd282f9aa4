package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

// expandResponseFiles returns args with each argument @FILE replaced by
// the arguments the file FILE holds, as LLVM's tools expand a response
// file (cl::ExpandResponseFiles with the GNU tokenizer), so that a list
// of inputs longer than a command line can take is given as llvm-link's
// is: arguments are separated by blanks (spaces, tabs, line ends), a
// backslash takes the next character as it is, and single or double
// quotes hold blanks (a backslash in them escapes the next character too).
// A file's @FILE arguments are expanded in turn (FILE relative to the
// working directory, as LLVM takes it); a file that includes itself is an
// error. An @FILE that names no file is left as it is, as LLVM leaves it
// (a command then says it cannot open it). A UTF-8 byte-order mark is
// skipped.
//
// takesValue says whether an argument is a flag whose value is the next
// argument (-o PATH): that value is never expanded (dis --function @main
// names a function, whatever file main is).
func expandResponseFiles(args []string, takesValue func(arg string) bool, readFile func(string) ([]byte, error)) ([]string, error) {
	if !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "@") }) {
		return args, nil
	}
	var out []string
	var expand func(args []string, stack []string) error
	expand = func(args []string, stack []string) error {
		for i := 0; i < len(args); i++ {
			a := args[i]
			if takesValue(a) && i+1 < len(args) {
				out = append(out, a, args[i+1])
				i++
				continue
			}
			name, ok := strings.CutPrefix(a, "@")
			if !ok || name == "" {
				out = append(out, a)
				continue
			}
			data, err := readFile(name)
			if errors.Is(err, fs.ErrNotExist) {
				out = append(out, a)
				continue
			}
			if err != nil {
				return fmt.Errorf("response file %s: %w", a, err)
			}
			if slices.Contains(stack, name) {
				return fmt.Errorf("response file %s includes itself (%s)", a, strings.Join(append(stack, name), " -> "))
			}
			if len(stack) >= maxResponseDepth {
				return fmt.Errorf("response file %s: response files nested more than %d deep", a, maxResponseDepth)
			}
			text, _ := strings.CutPrefix(string(data), "\xef\xbb\xbf")
			if err := expand(tokenizeGNU(text), append(stack, name)); err != nil {
				return err
			}
		}
		return nil
	}
	if err := expand(args, nil); err != nil {
		return nil, err
	}
	return out, nil
}

// maxResponseDepth bounds how deep response files may include others.
const maxResponseDepth = 64

// maxResponseSize bounds the size of a response file (@/dev/zero is an
// error, not a hang).
var maxResponseSize = 64 << 20

// readResponseFile reads the response file name, at most
// maxResponseSize bytes of it.
func readResponseFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(maxResponseSize)+1))
	if err == nil && len(data) > maxResponseSize {
		err = fmt.Errorf("more than %d bytes", maxResponseSize)
	}
	return data, err
}

// tokenizeGNU splits src into arguments as LLVM's
// cl::TokenizeGNUCommandLine does.
func tokenizeGNU(src string) []string {
	var out []string
	var tok strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			i++
			tok.WriteByte(src[i])
		case c == '\'' || c == '"':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' && i+1 < len(src) {
					i++
				}
				tok.WriteByte(src[i])
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			if tok.Len() > 0 {
				out = append(out, tok.String())
			}
			tok.Reset()
		default:
			tok.WriteByte(c)
		}
	}
	if tok.Len() > 0 {
		out = append(out, tok.String())
	}
	return out
}

// flagTakesValue returns, for a command's flag set, whether an argument
// is one of its flags given without its value, which the next argument
// is: "--output" or "-o", not "--output=PATH", "-oPATH" or a bool flag.
func flagTakesValue(fs *pflag.FlagSet) func(string) bool {
	return func(a string) bool {
		var f *pflag.Flag
		switch {
		case strings.HasPrefix(a, "--") && len(a) > 2 && !strings.Contains(a, "="):
			f = fs.Lookup(a[2:])
		case len(a) >= 2 && a[0] == '-' && a[1] != '-':
			// Shorthands run together (-fo PATH): the last takes it.
			f = fs.ShorthandLookup(a[len(a)-1:])
			for _, c := range a[1 : len(a)-1] {
				if g := fs.ShorthandLookup(string(c)); g == nil || g.NoOptDefVal == "" {
					return false // -oPATH, or not flags of this set
				}
			}
		}
		return f != nil && f.NoOptDefVal == ""
	}
}
