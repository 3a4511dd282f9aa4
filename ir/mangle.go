package ir

import (
	"strconv"
	"strings"
)

// A ManglingMode is the name mangling a data layout asks for with its
// "m:" specification: 'e' (ELF), 'l' (GOFF), 'm' (MIPS), 'o' (Mach-O),
// 'w' (Windows COFF), 'x' (32-bit Windows COFF), 'a' (XCOFF), or 0 for
// none.
type ManglingMode byte

// ManglingModeOf returns the mangling mode of a data layout string (its
// last "m:" specification, as LLVM reads them in order), 0 when it has
// none.
func ManglingModeOf(datalayout string) ManglingMode {
	var m ManglingMode
	for spec := range strings.SplitSeq(datalayout, "-") {
		if len(spec) == 3 && spec[:2] == "m:" && strings.IndexByte("elmowxa", spec[2]) >= 0 {
			m = ManglingMode(spec[2])
		}
	}
	return m
}

// GlobalPrefix returns the prefix of every mangled global name: "_" for
// Mach-O and 32-bit Windows, "" otherwise (LLVM's getGlobalPrefix).
func (m ManglingMode) GlobalPrefix() string {
	if m == 'o' || m == 'x' {
		return "_"
	}
	return ""
}

// PrivatePrefix returns the prefix of private symbols' names: ".L" for
// ELF and Windows, "L" for Mach-O and 32-bit Windows, "$" for MIPS, "L#"
// for GOFF, "L.." for XCOFF (LLVM's getPrivateGlobalPrefix).
func (m ManglingMode) PrivatePrefix() string {
	switch m {
	case 'e', 'w':
		return ".L"
	case 'o', 'x':
		return "L"
	case 'm':
		return "$"
	case 'l':
		return "L#"
	case 'a':
		return "L.."
	}
	return ""
}

// The calling conventions whose names Windows decorates.
const (
	callX86StdCall    CallingConv = 64
	callX86FastCall   CallingConv = 65
	callX86VectorCall CallingConv = 80
)

// A MangleFunc describes the function a name belongs to (or an alias's
// aliasee function), for the decorations of Windows calling conventions.
type MangleFunc struct {
	CallConv CallingConv
	// VarArg, NumParams and SRet (the first parameter is sret) decide
	// whether a variadic function gets a byte count.
	VarArg    bool
	NumParams int
	SRet      bool
	// ArgBytes is the byte count of the "@N" suffix: the parameters'
	// sizes, each rounded up to the pointer size, sret left out, byval
	// and the like counting the pointee. Negative when not known: the
	// name then goes without the suffix (and vectorcall's extra "@").
	ArgBytes int64
}

// Mangle returns the symbol name LLVM 22's Mangler makes of an IR name
// (getNameWithPrefix, private labels allowed): a name starting with
// "\x01" verbatim without it; else the private prefix for a private
// symbol, then the global prefix (none before "?" on Windows, "@" for
// fastcall and none for vectorcall functions with 32-bit Windows
// mangling, none for vectorcall anywhere), the name, and Windows' "@N"
// (stdcall, fastcall) or "@@N" (vectorcall) byte count. fn is the
// function the name belongs to, nil for a variable.
func (m ManglingMode) Mangle(name string, private bool, fn *MangleFunc) string {
	var b strings.Builder
	if strings.HasPrefix(name, "\x01") {
		return name[1:]
	}
	noQuestionPrefix := (m == 'w' || m == 'x') && strings.HasPrefix(name, "?")
	prefix := m.GlobalPrefix()
	cc := CallingConv(0)
	if fn != nil && !noQuestionPrefix {
		cc = fn.CallConv
	}
	decorate := cc == callX86VectorCall || (m == 'x' && (cc == callX86StdCall || cc == callX86FastCall))
	if decorate {
		switch cc {
		case callX86FastCall:
			prefix = "@"
		case callX86VectorCall:
			prefix = ""
		}
	}
	if noQuestionPrefix {
		prefix = ""
	}
	if private {
		b.WriteString(m.PrivatePrefix())
	}
	b.WriteString(prefix)
	b.WriteString(name)
	if !decorate || fn.ArgBytes < 0 {
		return b.String()
	}
	if cc == callX86VectorCall {
		b.WriteByte('@')
	}
	if !fn.VarArg || fn.NumParams == 0 || (fn.NumParams == 1 && fn.SRet) {
		b.WriteByte('@')
		b.WriteString(strconv.FormatInt(fn.ArgBytes, 10))
	}
	return b.String()
}
