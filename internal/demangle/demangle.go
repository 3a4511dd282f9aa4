// Package demangle turns mangled symbol names into the text LLVM 22's tools
// print with -C/--demangle: llvm-nm-22, llvm-readobj-22 and llvm-objdump-22
// all call llvm::demangle, which this package imitates on top of
// github.com/ianlancetaylor/demangle.
//
// llvm::demangle tries the name as it is, then without one leading "_" (a
// Mach-O or 32-bit Windows prefix); each try accepts an Itanium C++ name
// (one to four "_" before "Z", so "__Z" and the "___Z…_block_invoke" of
// Apple blocks too) or a Rust v0 name ("_R"), and on the first try a name
// after one leading ".". A name that is neither, or that does not parse,
// is kept. What LLVM adds and the library lacks or spells differently is
// done here:
//
//   - a suffix from a "." after the encoding is printed as LLVM prints
//     it, " (.suffix)", whatever it holds (the library knows only GCC's
//     clone suffixes);
//   - legacy Rust names ("_ZN…17h<hash>E") are read as Itanium names, as
//     LLVM does, which keeps their hash and their "$LT$" escapes;
//   - transaction clones ("_ZGTt…"), which LLVM does not know, are kept;
//   - "operator<" and "operator<<" followed by template arguments have no
//     space before the "<", as in LLVM.
//
// Microsoft C++ names ("?…") and D names ("_D…") are kept, where LLVM
// demangles them; the README lists the other known differences.
//
// Names are untrusted input. A name longer than MaxInput bytes is kept, and
// so is one whose demangled form would exceed MaxOutput(len(name)) bytes: the
// library's time grows with the square of a name's nesting depth, and
// substitutions can make the output grow exponentially with the input.
package demangle

import (
	"strings"

	ilt "github.com/ianlancetaylor/demangle"
)

// MaxInput is the longest name demangled; longer names are kept as they
// are. The longest of the 100,000 names of libLLVM, libclang-cpp and
// libstdc++ has 629 bytes, and a name of 4096 bytes that nests as deeply as
// it can takes the library about 30 ms.
const MaxInput = 4096

// MaxOutput returns the longest demangled form allowed for a name of n
// bytes: 32 bytes per byte of the name, plus 256. Real names stay under 18
// per byte (the highest among libLLVM's names is 17.3).
func MaxOutput(n int) int { return 32*n + 256 }

// maxDots is how many "." a name may hold before the suffix that LLVM
// splits off; names with a "." inside the encoding are rare, and each try
// parses the name again.
const maxDots = 4

// Name returns name demangled as llvm::demangle does, and whether it was
// demangled (otherwise it returns name).
func Name(name string) (string, bool) {
	if len(name) > MaxInput {
		return name, false
	}
	if s, ok := nonMicrosoft(name, true); ok {
		return s, true
	}
	if strings.HasPrefix(name, "_") {
		if s, ok := nonMicrosoft(name[1:], false); ok {
			return s, true
		}
	}
	return name, false
}

// nonMicrosoft is LLVM's nonMicrosoftDemangle: an Itanium or a Rust v0
// name, after a "." when leadingDot allows it.
func nonMicrosoft(name string, leadingDot bool) (string, bool) {
	dot := ""
	if leadingDot && strings.HasPrefix(name, ".") {
		name, dot = name[1:], "."
	}
	var s string
	var ok bool
	switch {
	case isItanium(name):
		s, ok = itanium(name)
	case strings.HasPrefix(name, "_R"):
		s, ok = rust(name)
	}
	if !ok {
		return "", false
	}
	return dot + s, true
}

// isItanium reports LLVM's test for an Itanium name: one to four "_" and
// a "Z".
func isItanium(s string) bool {
	n := 0
	for n < len(s) && s[n] == '_' {
		n++
	}
	return n >= 1 && n <= 4 && n < len(s) && s[n] == 'Z'
}

// itanium demangles an Itanium name ("_Z", "__Z", "___Z", "____Z"; the
// last two are blocks) with what follows the encoding as LLVM's suffix.
func itanium(name string) (string, bool) {
	// LLVM reads "__Z" as "_Z" and "____Z" as "___Z"; the library knows
	// only "_Z" and "___Z".
	switch {
	case strings.HasPrefix(name, "____Z"), strings.HasPrefix(name, "__Z") && !strings.HasPrefix(name, "___Z"):
		name = name[1:]
	}
	if strings.HasPrefix(name, "_ZGT") {
		return "", false // transaction clones: LLVM has no special name for them
	}
	block := strings.HasPrefix(name, "___Z")
	// The encoding ends at the first "." at which it parses; a "." can
	// only be inside it as part of a length-prefixed name, where a cut
	// leaves too few bytes to parse. Blocks keep their suffix: LLVM
	// drops it.
	if !block {
		from := 0
		for range maxDots {
			i := strings.IndexByte(name[from:], '.')
			if i < 0 {
				break
			}
			i += from
			if s, ok := library(name[:i], len(name)); ok {
				return s + " (" + name[i:] + ")", true
			}
			from = i + 1
		}
	}
	return library(name, len(name))
}

// rust demangles a Rust v0 name; a suffix from its first "." (identifiers
// hold none) is printed as LLVM prints it.
func rust(name string) (string, bool) {
	enc, suffix, dotted := strings.Cut(name, ".")
	s, ok := library(enc, len(name))
	if !ok {
		return "", false
	}
	if dotted {
		s += " (." + suffix + ")"
	}
	return s, true
}

// library runs the library on name with LLVM's style, legacy Rust names
// read as Itanium, and the output bounded by MaxOutput(n), n being the
// length of the whole name.
func library(name string, n int) (string, bool) {
	max := MaxOutput(n)
	pow := 1
	for 1<<pow <= max {
		pow++
	}
	s, err := ilt.ToString(name, ilt.LLVMStyle, ilt.NoRust, ilt.MaxLength(pow))
	if err != nil || len(s) > max {
		return "", false
	}
	if !strings.HasPrefix(name, "_R") {
		s = llvmOperatorLess(s)
	}
	return s, true
}

// llvmOperatorLess removes the space the library writes between
// "operator<" or "operator<<" and a template argument list; LLVM writes
// none ("operator<<<char>"). No other "operator< <" or "operator<< <"
// occurs in the library's Itanium output: identifiers hold no spaces and
// no "<".
func llvmOperatorLess(s string) string {
	if !strings.Contains(s, "operator< <") && !strings.Contains(s, "operator<< <") {
		return s
	}
	s = strings.ReplaceAll(s, "operator<< <", "operator<<<")
	return strings.ReplaceAll(s, "operator< <", "operator<<")
}
