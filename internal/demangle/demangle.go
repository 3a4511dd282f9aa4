// Package demangle turns mangled symbol names into the text LLVM 22's tools
// print with -C/--demangle: llvm-nm-22, llvm-readobj-22 and llvm-objdump-22
// all call llvm::demangle, which this package imitates with a demangler of
// its own for Itanium C++ names (itanium.go, nodes.go) and Rust v0 names
// (rust.go), checked name by name against llvm-nm-22 -C
// (testdata/llvm22.txt, scripts/conformance_demangle.sh).
//
// llvm::demangle tries the name as it is, then without one leading "_" (a
// Mach-O or 32-bit Windows prefix); each try accepts an Itanium C++ name
// (one to four "_" and a "Z": "_Z…", Mach-O's "__Z…", and
// "___Z…_block_invoke" for Apple blocks) or a Rust v0 name
// ("_R…"), and on the first try a name after one leading ".". A suffix
// from a "." after the encoding is printed after it as " (.suffix)".
// Legacy Rust names ("_ZN…17h<hash>E") are Itanium names to LLVM, and so
// to us. A name that is none of these, or that does not parse, is kept.
//
// Microsoft C++ names ("?…") and D names ("_D…") are kept, where LLVM
// demangles them; the README lists the other known differences.
//
// Names are untrusted input. A name longer than MaxInput bytes is kept, and
// so is one whose demangled form would exceed MaxOutput(len(name)) bytes
// (substitutions can make the output grow exponentially with the input)
// or whose printing would visit more than 16 nodes per byte of that bound
// (an empty pack expansion prints nothing however much it holds).
package demangle

import "strings"

// MaxInput is the longest name demangled; longer names are kept as they
// are. The longest of the 338,000 names scripts/conformance_demangle.sh
// compares (LLVM's static libraries among them) has 950 bytes, and a name
// of 4096 bytes that nests as deeply as it can takes about 20 ms.
const MaxInput = 4096

// MaxOutput returns the longest demangled form allowed for a name of n
// bytes: 64 bytes per byte of the name, plus 256. Real names stay under 30
// per byte (the highest, an iterator of LLVM's static libraries, has
// 28.9).
func MaxOutput(n int) int { return 64*n + 256 }

// Name returns name demangled as llvm::demangle does, and whether it was
// demangled (otherwise it returns name).
func Name(name string) (string, bool) {
	if len(name) > MaxInput {
		return name, false
	}
	max := MaxOutput(len(name))
	if s, ok := nonMicrosoft(name, true, max); ok {
		return s, true
	}
	if strings.HasPrefix(name, "_") {
		if s, ok := nonMicrosoft(name[1:], false, max); ok {
			return s, true
		}
	}
	return name, false
}

// nonMicrosoft is LLVM's nonMicrosoftDemangle: an Itanium or a Rust v0
// name, after a "." when leadingDot allows it.
func nonMicrosoft(name string, leadingDot bool, max int) (string, bool) {
	dot := ""
	if leadingDot && strings.HasPrefix(name, ".") {
		name, dot = name[1:], "."
	}
	var s string
	var ok bool
	switch {
	case isItanium(name):
		s, ok = itanium(name, max-len(dot))
	case strings.HasPrefix(name, "_R"):
		s, ok = rustV0(name, max-len(dot))
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

// itanium demangles an Itanium name within an output of max bytes.
func itanium(name string, max int) (string, bool) {
	n := newItaniumParser(name).parse()
	if n == nil {
		return "", false
	}
	p := newPrinter(max)
	p.print(n)
	if p.failed {
		return "", false
	}
	return string(p.buf), true
}
