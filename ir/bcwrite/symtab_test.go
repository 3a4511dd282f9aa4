package bcwrite

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/wrapper"
)

// symtabProducer is the LLVM version opt-22 names in the fixtures.
const symtabProducer = "22.1.8"

// topBlobs returns the blobs of a bitcode file's top-level SYMTAB and
// STRTAB blocks (symtab nil when there is none).
func topBlobs(data []byte) (symtab, strtab []byte, err error) {
	if wrapper.IsWrapper(data) {
		if _, data, err = wrapper.Unwrap(data); err != nil {
			return nil, nil, err
		}
	}
	r := bitstream.NewReader(data)
	if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
		return nil, nil, err
	}
	for !r.AtEnd() {
		e, err := r.Next()
		if err != nil {
			return nil, nil, err
		}
		if e.Kind != bitstream.EntrySubBlock {
			return nil, nil, fmt.Errorf("unexpected top-level entry %v", e.Kind)
		}
		if e.ID != uint32(llvmir.SYMTAB_BLOCK_ID) && e.ID != uint32(llvmir.STRTAB_BLOCK_ID) {
			if err := r.SkipBlock(); err != nil {
				return nil, nil, err
			}
			continue
		}
		id := e.ID
		if _, err := r.EnterBlock(id); err != nil {
			return nil, nil, err
		}
		for {
			e, err := r.Next()
			if err != nil {
				return nil, nil, err
			}
			if e.Kind == bitstream.EntryEndBlock {
				break
			}
			if e.Kind == bitstream.EntryDefineAbbrev {
				if _, err := r.DefineAbbrev(); err != nil {
					return nil, nil, err
				}
				continue
			}
			if e.Kind == bitstream.EntrySubBlock {
				if err := r.SkipBlock(); err != nil {
					return nil, nil, err
				}
				continue
			}
			rec, err := r.ReadRecord(e.ID, nil)
			if err != nil {
				return nil, nil, err
			}
			if rec.HasBlob {
				blob := bytes.Clone(rec.Blob)
				if blob == nil {
					blob = []byte{}
				}
				if id == uint32(llvmir.SYMTAB_BLOCK_ID) {
					symtab = blob
				} else {
					strtab = blob
				}
			}
		}
	}
	return symtab, strtab, nil
}

// seedWriterStrings adds to st what LLVM 22's module writer adds before
// the IR symbol table: comdat names, then each global variable's name
// (and partition when it takes the long record form), each function's,
// alias's and ifunc's name and partition.
func seedWriterStrings(m *ir.Module, st *strtab) {
	for _, c := range m.Comdats {
		st.add(c.Name)
	}
	for _, g := range m.Globals {
		st.add(g.Name)
		if g.ThreadLocal != ir.NotThreadLocal || g.Visibility != ir.DefaultVisibility ||
			g.UnnamedAddr != ir.NoUnnamedAddr || g.ExternallyInitialized ||
			g.DLLStorage != ir.DefaultStorage || g.Comdat != nil || len(g.Attrs) > 0 ||
			g.DSOLocal || g.Linkage.IsLocal() || g.Partition != "" ||
			g.Sanitizer != (ir.SanitizerMetadata{}) || g.CodeModel != ir.NoCodeModel {
			st.add(g.Partition)
		}
	}
	for _, f := range m.Functions {
		st.add(f.Name)
		st.add(f.Partition)
	}
	for _, a := range m.Aliases {
		st.add(a.Name)
		st.add(a.Partition)
	}
	for _, i := range m.IFuncs {
		st.add(i.Name)
		st.add(i.Partition)
	}
}

func readFixtureModule(t testing.TB, data []byte) *ir.Module {
	t.Helper()
	m, _ := openModule(t, data)
	return m
}

// openModule reads the one module of bitcode data and its reader.
func openModule(t testing.TB, data []byte) (*ir.Module, *bitcode.Reader) {
	t.Helper()
	f, err := bitcode.Options{}.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := f.Modules[0].Module()
	if err != nil {
		t.Fatal(err)
	}
	return m, f.Modules[0]
}

// readFile returns the bytes of the file at path.
func readFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestSymtabFixtures rebuilds the SYMTAB and STRTAB blobs of every
// opt-22-written fixture and compares them byte for byte.
func TestSymtabFixtures(t *testing.T) {
	files, err := filepath.Glob("testdata/symtab/*.bc")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".bc"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			wantSym, wantStr, err := topBlobs(data)
			if err != nil {
				t.Fatal(err)
			}
			m := readFixtureModule(t, data)
			var st strtab
			seedWriterStrings(m, &st)
			blob, ok, err := buildSymtab(m, &st, symtabProducer, true)
			if err != nil {
				t.Fatal(err)
			}
			if ok != (wantSym != nil) {
				t.Fatalf("ok = %v, fixture has a SYMTAB block: %v", ok, wantSym != nil)
			}
			if !bytes.Equal(st.buf, wantStr) {
				t.Errorf("STRTAB differs:\n got %q\nwant %q", st.buf, wantStr)
			}
			if !bytes.Equal(blob, wantSym) {
				t.Errorf("SYMTAB differs:\n%s", symtabDiff(blob, wantSym, st.buf, wantStr))
			}
		})
	}
}

// symtabDiff describes how two SYMTAB blobs differ, decoded when they
// decode.
func symtabDiff(got, want, gotStr, wantStr []byte) string {
	g, gerr := bitcode.DecodeSymtab(got, gotStr)
	w, werr := bitcode.DecodeSymtab(want, wantStr)
	if gerr != nil || werr != nil {
		return fmt.Sprintf("got %x (%v)\nwant %x (%v)", got, gerr, want, werr)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "got %d bytes, want %d\n", len(got), len(want))
	if g.Producer != w.Producer || g.TargetTriple != w.TargetTriple || g.SourceFileName != w.SourceFileName ||
		g.COFFLinkerOpts != w.COFFLinkerOpts || fmt.Sprint(g.DependentLibraries) != fmt.Sprint(w.DependentLibraries) {
		fmt.Fprintf(&b, "header: got %q %q %q %q %q, want %q %q %q %q %q\n",
			g.Producer, g.TargetTriple, g.SourceFileName, g.COFFLinkerOpts, g.DependentLibraries,
			w.Producer, w.TargetTriple, w.SourceFileName, w.COFFLinkerOpts, w.DependentLibraries)
	}
	if fmt.Sprint(g.Comdats) != fmt.Sprint(w.Comdats) {
		fmt.Fprintf(&b, "comdats: got %v, want %v\n", g.Comdats, w.Comdats)
	}
	for i := 0; i < max(len(g.Symbols), len(w.Symbols)); i++ {
		var gs, ws string
		if i < len(g.Symbols) {
			gs = fmt.Sprintf("%+v", g.Symbols[i])
		}
		if i < len(w.Symbols) {
			ws = fmt.Sprintf("%+v", w.Symbols[i])
		}
		if gs != ws {
			fmt.Fprintf(&b, "symbol %d:\n got %s\nwant %s\n", i, gs, ws)
		}
	}
	if b.Len() == 0 {
		fmt.Fprintf(&b, "same decoding, different bytes:\n got %x\nwant %x", got, want)
	}
	return b.String()
}

// TestSymtabUnsupported checks the cases buildSymtab reports rather than
// models, and those where LLVM drops the table.
func TestSymtabUnsupported(t *testing.T) {
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	ptr := &ir.Type{Kind: ir.PointerType}
	fnTy := &ir.Type{Kind: ir.FunctionType, Ret: &ir.Type{Kind: ir.VoidType}}
	const elf = "e-m:e-i64:64-n8:16:32:64-S128"
	hdr := func(name string, l ir.Linkage) ir.GlobalHeader {
		return ir.GlobalHeader{Name: name, Typ: ptr, ValueType: i32, Linkage: l}
	}
	tests := []struct {
		name     string
		m        *ir.Module
		ok       bool
		err      string // substring of the error, "" for none
		strings  string // the strtab after
		noParser bool   // built as by a tool that registers no assembler parser
	}{
		{
			name:    "no datalayout",
			m:       &ir.Module{Triple: "t", SourceFilename: "1.ll", Functions: []*ir.Function{{GlobalHeader: hdr("f", ir.ExternalLinkage), Sig: fnTy}}},
			strings: "22.1.8t1.ll",
		},
		{
			name: "module asm",
			m:    &ir.Module{Triple: "x86_64-unknown-linux-gnu", DataLayout: elf, Asm: []string{".globl foo", "foo:"}},
			err:  "module-level inline assembly",
		},
		{
			// As llvm-link-22 and llvm-as-22, which register no target.
			name:     "module asm, no assembler parser registered",
			m:        &ir.Module{Triple: "x86_64-unknown-linux-gnu", DataLayout: elf, Asm: []string{".globl foo", "foo:"}},
			noParser: true,
		},
		{
			name: "module asm without an assembler parser",
			m:    &ir.Module{Triple: "nvptx64-nvidia-cuda", DataLayout: "e-i64:64", Asm: []string{"foo:"}},
		},
		{
			name: "common function",
			m: &ir.Module{Triple: "x86_64-unknown-linux-gnu", DataLayout: elf,
				Functions: []*ir.Function{{GlobalHeader: hdr("f", ir.CommonLinkage), Sig: fnTy}}},
			strings: "22.1.8x86_64-unknown-linux-gnuf",
		},
		{
			name: "common of unsized type",
			m: &ir.Module{Triple: "x86_64-unknown-linux-gnu", DataLayout: elf,
				Globals: []*ir.GlobalVar{{GlobalHeader: ir.GlobalHeader{Name: "c", Typ: ptr,
					ValueType: &ir.Type{Kind: ir.StructType, Identified: true, Opaque: true}, Linkage: ir.CommonLinkage}}}},
			err:     "size is not known",
			strings: "22.1.8x86_64-unknown-linux-gnuc",
		},
		{
			name: "alias of nothing",
			m: &ir.Module{Triple: "x86_64-unknown-linux-gnu", DataLayout: elf,
				Aliases: []*ir.Alias{{GlobalHeader: hdr("a", ir.ExternalLinkage), Aliasee: &ir.ConstNull{Typ: ptr}}}},
			strings: "22.1.8x86_64-unknown-linux-gnua",
		},
		{
			name: "COFF comdat without leader",
			m: func() *ir.Module {
				c := &ir.Comdat{Name: "nolead"}
				return &ir.Module{Triple: "x86_64-pc-windows-msvc", DataLayout: "e-m:w-i64:64-n8:16:32:64-S128",
					Comdats: []*ir.Comdat{c},
					Globals: []*ir.GlobalVar{{GlobalHeader: hdr("g", ir.ExternalLinkage), Init: &ir.ConstInt{Typ: i32}, Comdat: c}}}
			}(),
			strings: "22.1.8x86_64-pc-windows-msvcg",
		},
		{
			name: "bad data layout",
			m:    &ir.Module{Triple: "x86_64-unknown-linux-gnu", DataLayout: "q"},
			err:  "data layout",
			// The header's strings only.
			strings: "22.1.8x86_64-unknown-linux-gnu",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var st strtab
			blob, ok, err := buildSymtab(tc.m, &st, symtabProducer, !tc.noParser)
			if ok != tc.ok || (blob != nil) != tc.ok {
				t.Errorf("ok = %v (blob %d bytes), want %v", ok, len(blob), tc.ok)
			}
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("err = %v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("err = %v, want one saying %q", err, tc.err)
			}
			var ue *UnsupportedError
			if err != nil && !errors.As(err, &ue) {
				t.Errorf("err %T is not an *UnsupportedError", err)
			}
			if string(st.buf) != tc.strings {
				t.Errorf("strtab = %q, want %q", st.buf, tc.strings)
			}
		})
	}
}

// TestLibcallConditions checks that every condition of the generated
// table is one buildSymtab evaluates.
func TestLibcallConditions(t *testing.T) {
	check := func(cond string) {
		if _, ok := libcallConds[cond]; !ok {
			t.Errorf("condition %q is not evaluated", cond)
		}
	}
	for _, tgt := range libcallTargets {
		check(tgt.cond)
		for _, g := range tgt.groups {
			check(g.cond)
		}
	}
}

// TestLibcalls checks which runtime library call names count as used,
// per target, as LLVM 22's symbol table marks them (probed with opt-22).
func TestLibcalls(t *testing.T) {
	tests := []struct {
		triple    string
		used, not []string
	}{
		{"x86_64-unknown-linux-gnu", []string{"memcpy", "sqrtf", "__stack_chk_fail", "__stack_chk_guard", "_Unwind_Resume", "exp10", "sincos"}, []string{"abort", "memchr", "__exp10", "__security_cookie"}},
		{"x86_64-apple-macosx14.0.0", []string{"memcpy", "__bzero", "memset_pattern16", "__exp10", "__sincos_stret"}, []string{"exp10", "sincos"}},
		{"x86_64-apple-macosx10.4", []string{"memcpy"}, []string{"__bzero", "memset_pattern16", "__exp10", "__sincos_stret"}},
		{"x86_64-pc-windows-msvc", []string{"memcpy", "__security_check_cookie", "__security_cookie"}, []string{"__stack_chk_fail"}},
		{"i686-unknown-linux-gnu", []string{"__divdi3", "memcpy"}, nil},
		{"wasm32-unknown-unknown", []string{"memcpy"}, []string{"_Unwind_Resume"}},
		{"nvptx64-nvidia-cuda", nil, []string{"memcpy"}},
		{"armv7-unknown-linux-gnueabihf", []string{"__aeabi_fadd", "__aeabi_idiv", "__gnu_h2f_ieee", "sincos"}, []string{"__addsf3", "__divsi3", "__aeabi_memcpy4"}},
		{"armv7-linux-gnueabihf", []string{"__addsf3", "__divsi3"}, []string{"__aeabi_fadd", "sincos"}},
		{"armv7-pc-windows-msvc", []string{"__rt_sdiv", "__gnu_h2f_ieee"}, []string{"__stack_chk_fail", "__divsi3"}},
		{"armv7k-apple-watchos", []string{"__sincos_stret", "__addsf3"}, []string{"_Unwind_SjLj_Register"}},
		{"arm-apple-darwin", []string{"_Unwind_SjLj_Register", "__addsf3"}, []string{"__sincos_stret"}},
		{"unknownarch-unknown-linux", nil, []string{"memcpy"}},
	}
	for _, tc := range tests {
		b := &symtabBuilder{tt: ir.ParseTriple(tc.triple)}
		for _, n := range tc.used {
			if got, err := b.isLibcall(n); !got || err != nil {
				t.Errorf("%s: %s used = %v, %v; want true", tc.triple, n, got, err)
			}
		}
		for _, n := range tc.not {
			if got, err := b.isLibcall(n); got || err != nil {
				t.Errorf("%s: %s used = %v, %v; want false", tc.triple, n, got, err)
			}
		}
	}
}

// FuzzSymtab builds the symbol table of modules read from arbitrary
// bytes: no panic, and a table that decodes to one symbol per global
// value (and _GLOBAL_OFFSET_TABLE_).
func FuzzSymtab(f *testing.F) {
	files, _ := filepath.Glob("testdata/symtab/*.bc")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		bf, err := bitcode.Options{}.Open(data)
		if err != nil || len(bf.Modules) == 0 {
			return
		}
		m, err := bf.Modules[0].Module()
		if err != nil {
			return
		}
		var st strtab
		blob, ok, err := buildSymtab(m, &st, symtabProducer, true)
		if err != nil || !ok {
			return
		}
		s, err := bitcode.DecodeSymtab(blob, st.buf)
		if err != nil {
			t.Fatalf("own table does not decode: %v", err)
		}
		n := len(m.Functions) + len(m.Globals) + len(m.Aliases) + len(m.IFuncs)
		if len(s.Symbols) != n && len(s.Symbols) != n+1 {
			t.Fatalf("%d symbols for %d global values", len(s.Symbols), n)
		}
		if s.Producer != symtabProducer || s.TargetTriple != m.Triple || s.SourceFileName != m.SourceFilename {
			t.Fatalf("header %q %q %q", s.Producer, s.TargetTriple, s.SourceFileName)
		}
	})
}

// TestAliaseeObject checks the walk to an alias's object, and that one
// through a constant expression of exponentially many paths ends.
func TestAliaseeObject(t *testing.T) {
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	ptr := &ir.Type{Kind: ir.PointerType}
	g := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "g", Typ: ptr, ValueType: i64}}
	h := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "h", Typ: ptr, ValueType: i64}}
	p2i := func(c ir.Constant) ir.Constant {
		return &ir.ConstExpr{Typ: i64, Op: ir.PtrToInt, Operands: []ir.Constant{c}}
	}
	bin := func(op ir.Opcode, a, b ir.Constant) ir.Constant {
		return &ir.ConstExpr{Typ: i64, Op: op, Operands: []ir.Constant{a, b}}
	}
	one := &ir.ConstInt{Typ: i64, V: 1}
	a := &ir.Alias{GlobalHeader: ir.GlobalHeader{Name: "a", Typ: ptr}, Aliasee: g}
	loop := &ir.Alias{GlobalHeader: ir.GlobalHeader{Name: "loop", Typ: ptr}}
	loop.Aliasee = loop
	deep := ir.Constant(one)
	for range 200 {
		deep = bin(ir.Add, deep, deep)
	}
	tests := []struct {
		name string
		c    ir.Constant
		want ir.Constant
	}{
		{"object", g, g},
		{"alias", &ir.Alias{Aliasee: a}, g},
		{"gep", &ir.Alias{Aliasee: &ir.ConstExpr{Typ: ptr, Op: ir.GetElementPtr, Operands: []ir.Constant{g, one}}}, g},
		{"add", &ir.Alias{Aliasee: bin(ir.Add, one, p2i(g))}, g},
		{"add of two", &ir.Alias{Aliasee: bin(ir.Add, p2i(h), p2i(g))}, nil},
		{"sub", &ir.Alias{Aliasee: bin(ir.Sub, p2i(g), one)}, g},
		{"sub of object", &ir.Alias{Aliasee: bin(ir.Sub, p2i(g), p2i(h))}, nil},
		{"addrspacecast", &ir.Alias{Aliasee: &ir.ConstExpr{Typ: ptr, Op: ir.AddrSpaceCast, Operands: []ir.Constant{g}}}, nil},
		{"cycle", loop, nil},
		{"exponential", &ir.Alias{Aliasee: bin(ir.Add, deep, p2i(g))}, nil},
	}
	for _, tc := range tests {
		if got := ir.AliaseeObject(tc.c); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
