package macho

import (
	"bytes"
	gomacho "debug/macho"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// The symbol names of prog.c's objects, in symbol table order, as
// `llvm-readobj-22 --symbols` prints them (see gen.sh). The arm64 objects
// also have the ltmpN section-start labels.
var (
	x86Symbols = []string{
		"_table", "_tls_value$tlv$init", "l_llvm.embedded.module", "l_llvm.cmdline",
		"_add", "_counter", "_tls_value", "_use", "__tlv_bootstrap",
	}
	armSymbols = []string{
		"ltmp0", "_table", "ltmp1", "ltmp2", "_tls_value$tlv$init", "ltmp3", "ltmp4", "ltmp5",
		"l_llvm.embedded.module", "ltmp6", "l_llvm.cmdline",
		"_add", "_counter", "_tls_value", "_use", "__tlv_bootstrap",
	}
)

func TestSymbolNames(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"x86_64.o", x86Symbols},
		{"arm64.o", armSymbols},
		{"i386.o", x86Symbols},
		{"arm64_32.o", armSymbols},
		{"cgprofile-macho.o", []string{"_caller", "_cold", "_hot"}},
	}
	for _, tt := range tests {
		data := readFixture(t, tt.name)
		f, err := NewFile(data)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got, err := f.SymbolNames(data)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: symbols\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// TestSymbolNamesCGProfile names the ends of the __LLVM,__cg_profile
// entries of cgprofile-macho.o (from, to: symbol indices; weight) and
// compares them with what llvm-readobj-22 --cg-profile prints.
func TestSymbolNamesCGProfile(t *testing.T) {
	data := readFixture(t, "cgprofile-macho.o")
	golden := string(readFixture(t, "cgprofile-macho.o.readobj"))
	f, err := NewFile(data)
	if err != nil {
		t.Fatal(err)
	}
	names, err := f.SymbolNames(data)
	if err != nil {
		t.Fatal(err)
	}
	sec := sectionData(t, data, f, "__LLVM", "__cg_profile")
	if len(sec)%16 != 0 {
		t.Fatalf("__LLVM,__cg_profile has %d bytes", len(sec))
	}
	var b strings.Builder
	b.WriteString("CGProfile [\n")
	for e := sec; len(e) > 0; e = e[16:] {
		from, to := binary.LittleEndian.Uint32(e), binary.LittleEndian.Uint32(e[4:])
		if int(from) >= len(names) || int(to) >= len(names) {
			t.Fatalf("entry %d -> %d: %d symbols", from, to, len(names))
		}
		fmt.Fprintf(&b, "  CGProfileEntry {\n    From: %s (%d)\n    To: %s (%d)\n    Weight: %d\n  }\n",
			names[from], from, names[to], to, binary.LittleEndian.Uint64(e[8:]))
	}
	b.WriteString("]\n")
	i := strings.Index(golden, "CGProfile [")
	if i < 0 {
		t.Fatalf("no CGProfile in the golden file:\n%s", golden)
	}
	if got := b.String(); got != golden[i:] {
		t.Errorf("got\n%s\nllvm-readobj-22 printed\n%s", got, golden[i:])
	}
}

// A tsym is one nlist entry for buildSymtab.
type tsym struct {
	strx  uint32
	value uint64
}

// buildSymtab writes a Mach-O header, one LC_SYMTAB command, the nlist
// entries and the string table, in the given byte order. It returns the
// file and the offset of the command.
func buildSymtab(bo order, is64 bool, syms []tsym, strtab string) []byte {
	hdr, ent := headerSize32, nlistSize32
	magic := uint32(MH_MAGIC)
	if is64 {
		hdr, ent, magic = headerSize64, nlistSize64, MH_MAGIC_64
	}
	symoff := hdr + symtabCmdSize
	stroff := symoff + ent*len(syms)
	var b []byte
	b = bo.AppendUint32(b, magic)
	b = bo.AppendUint32(b, CPU_TYPE_ARM64)
	b = bo.AppendUint32(b, 0)
	b = bo.AppendUint32(b, MH_OBJECT)
	b = bo.AppendUint32(b, 1)
	b = bo.AppendUint32(b, symtabCmdSize)
	b = bo.AppendUint32(b, 0)
	if is64 {
		b = bo.AppendUint32(b, 0)
	}
	b = bo.AppendUint32(b, lcSymtab)
	b = bo.AppendUint32(b, symtabCmdSize)
	b = bo.AppendUint32(b, uint32(symoff))
	b = bo.AppendUint32(b, uint32(len(syms)))
	b = bo.AppendUint32(b, uint32(stroff))
	b = bo.AppendUint32(b, uint32(len(strtab)))
	for _, s := range syms {
		b = bo.AppendUint32(b, s.strx)
		b = append(b, 0xf, 1) // n_type N_SECT|N_EXT, n_sect
		b = bo.AppendUint16(b, 0)
		if is64 {
			b = bo.AppendUint64(b, s.value)
		} else {
			b = bo.AppendUint32(b, uint32(s.value))
		}
	}
	return append(b, strtab...)
}

func TestSymbolNamesCrafted(t *testing.T) {
	const strtab = " \x00_a\x00_bc\x00_unterminated"
	syms := []tsym{
		{2, 1},  // _a
		{5, 2},  // _bc
		{6, 3},  // bc: a suffix of _bc
		{0, 4},  // n_strx 0: no name (llvm-readobj prints "")
		{4, 5},  // the NUL after _a: ""
		{9, 6},  // the last string, which has no NUL: up to the end of the table
		{23, 7}, // past the string table: ""
		{1 << 31, 8},
		{1, 9}, // the NUL after the leading space
	}
	want := []string{"_a", "_bc", "bc", "", "", "_unterminated", "", "", ""}
	for _, is64 := range []bool{false, true} {
		for _, bo := range []order{binary.LittleEndian, binary.BigEndian} {
			data := buildSymtab(bo, is64, syms, strtab)
			f, err := NewFile(data)
			if err != nil {
				t.Fatalf("%v 64-bit %v: %v", bo, is64, err)
			}
			got, err := f.SymbolNames(data)
			if err != nil {
				t.Errorf("%v 64-bit %v: %v", bo, is64, err)
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%v 64-bit %v: symbols\n got %q\nwant %q", bo, is64, got, want)
			}
		}
	}

	// No LC_SYMTAB: nil, nil.
	data := buildMachO(binary.LittleEndian, true, CPU_TYPE_ARM64, 0, MH_OBJECT, nil, 0)
	f, err := NewFile(data)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := f.SymbolNames(data); got != nil || err != nil {
		t.Errorf("no LC_SYMTAB: %q, %v; want nil, nil", got, err)
	}

	// An empty symbol table.
	data = buildSymtab(binary.LittleEndian, true, nil, "")
	if f, err = NewFile(data); err != nil {
		t.Fatal(err)
	}
	if got, err := f.SymbolNames(data); len(got) != 0 || err != nil {
		t.Errorf("empty symbol table: %q, %v", got, err)
	}
}

// TestSymbolNamesSharedString points many entries into one long string:
// the names share one copy of the string table, and finding their ends
// does not take a scan of the string per entry.
func TestSymbolNamesSharedString(t *testing.T) {
	long := " " + strings.Repeat("x", 1<<20) + "\x00"
	syms := make([]tsym, 1<<16)
	for i := range syms {
		syms[i].strx = uint32(1 + i%1024)
	}
	data := buildSymtab(binary.LittleEndian, true, syms, long)
	f, err := NewFile(data)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	names, err := f.SymbolNames(data)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range names {
		if want := 1<<20 - i%1024; len(n) != want {
			t.Fatalf("name %d has %d bytes; want %d", i, len(n), want)
		}
	}
	// The names alone add up to 64 GiB; one copy of the table, the name
	// headers and the table of name ends come to about 6 MiB.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8*uint64(len(data)) {
		t.Errorf("SymbolNames allocated %d bytes for %d bytes of data", alloc, len(data))
	}
}

func TestSymbolNamesErrors(t *testing.T) {
	le := binary.LittleEndian
	valid := buildSymtab(le, true, []tsym{{2, 0}, {5, 0}}, " \x00_a\x00_bc\x00")
	const cmd = headerSize64 // offset of the LC_SYMTAB command
	patch := func(b []byte, off int, v uint32) []byte {
		c := append([]byte(nil), b...)
		le.PutUint32(c[off:], v)
		return c
	}
	// A second LC_SYMTAB command after the first.
	dup := buildSymtab(le, true, nil, "")
	dup = append(dup[:cmd+symtabCmdSize:cmd+symtabCmdSize], dup[cmd:]...)
	dup = patch(patch(dup, 16, 2), 20, 2*symtabCmdSize)
	// An LC_SYMTAB command of 8 bytes.
	small := patch(patch(buildSymtab(le, true, nil, ""), cmd+4, 8), 20, 8)
	tests := []struct {
		name string
		data []byte
		off  int64
		msg  string
	}{
		{"symoff past the end", patch(valid, cmd+8, uint32(len(valid))), cmd, "symbol table [0x"},
		{"symbol table runs past the end", patch(valid, cmd+12, 3), cmd, "(3 entries) runs past the end"},
		{"huge nsyms", patch(valid, cmd+12, 0xffffffff), cmd, "symbol table [0x38, 0x1000000028) (4294967295 entries) runs past the end of the data (0x"},
		{"huge symoff", patch(valid, cmd+8, 0xffffffff), cmd, "symbol table [0xffffffff, 0x10000001f)"},
		{"stroff past the end", patch(valid, cmd+16, 0xfffffff0), cmd, "string table [0xfffffff0, 0xfffffff9)"},
		{"strsize past the end", patch(valid, cmd+20, 11), cmd, "string table [0x58, 0x63) runs past the end of the data (0x61 bytes)"},
		{"huge strsize", patch(valid, cmd+20, 0xffffffff), cmd, "string table [0x58, 0x100000057)"},
		{"second LC_SYMTAB", dup, cmd + symtabCmdSize, "more than one LC_SYMTAB command"},
		{"LC_SYMTAB too small", small, cmd, "LC_SYMTAB command has size 0x8, less than 0x18"},
	}
	for _, tt := range tests {
		f, err := NewFile(tt.data)
		if err != nil {
			t.Errorf("%s: NewFile: %v", tt.name, err)
			continue
		}
		names, err := f.SymbolNames(tt.data)
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: SymbolNames = %q, %v; want a *FormatError", tt.name, names, err)
			continue
		}
		if fe.Off != tt.off || !strings.Contains(fe.Msg, tt.msg) {
			t.Errorf("%s: error %q at 0x%x; want %q at 0x%x", tt.name, fe.Msg, fe.Off, tt.msg, tt.off)
		}
	}
	// Data other than that given to NewFile: shorter than the command.
	f, err := NewFile(valid)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.SymbolNames(valid[:cmd+4]); err == nil {
		t.Errorf("SymbolNames of a prefix ending inside LC_SYMTAB: no error")
	}
}

// TestSymbolNamesTruncated tries every prefix of the fixtures.
func TestSymbolNamesTruncated(t *testing.T) {
	for _, name := range []string{"x86_64.o", "i386.o", "cgprofile-macho.o"} {
		data := readFixture(t, name)
		for n := 0; n <= len(data); n++ {
			checkSymbolNames(t, data[:n:n])
		}
	}
}

// checkSymbolNames checks the property every input must have: an error
// within the data, or one name per entry, each a string of the string
// table; and, when debug/macho reads the same symbol table, the same
// non-empty names.
func checkSymbolNames(t *testing.T, data []byte) {
	t.Helper()
	f := checkNewFile(t, data)
	if f == nil {
		return
	}
	names, err := f.SymbolNames(data)
	if err != nil {
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(data)) {
			t.Fatalf("%d bytes: error %v; want a *FormatError within the data", len(data), err)
		}
		if names != nil {
			t.Fatalf("%d bytes: names and an error", len(data))
		}
		return
	}
	if f.symtab == nil {
		if names != nil {
			t.Fatalf("%d bytes: names without LC_SYMTAB", len(data))
		}
		return
	}
	c := f.symtab
	if len(names) != int(c.nsyms) {
		t.Fatalf("%d bytes: %d names for %d entries", len(data), len(names), c.nsyms)
	}
	strtab := data[c.stroff : c.stroff+c.strsize]
	for i, n := range names {
		if strings.IndexByte(n, 0) >= 0 || (n != "" && !bytes.Contains(strtab, []byte(n))) {
			t.Fatalf("%d bytes: name %d %q is not a string of the string table", len(data), i, n)
		}
	}
	theirs, err := gomacho.NewFile(bytes.NewReader(data))
	if err != nil || theirs.Symtab == nil || len(theirs.Symtab.Syms) != len(names) {
		return
	}
	for i, s := range theirs.Symtab.Syms {
		// debug/macho reads n_strx 0 as the string at offset 0, and drops
		// the leading "_" of a name that holds a "." (Go's symbols, Go
		// issue 33808): "_llvm.embedded.module" is "llvm.embedded.module".
		want := names[i]
		if strings.Contains(want, ".") && want[0] == '_' {
			want = want[1:]
		}
		if names[i] != "" && want != s.Name {
			t.Fatalf("%d bytes: name %d %q; debug/macho has %q", len(data), i, names[i], s.Name)
		}
	}
}

// FuzzSymbolNames checks checkSymbolNames's property.
func FuzzSymbolNames(f *testing.F) {
	for _, s := range seeds(f) {
		if IsThin(s) {
			f.Add(s)
		}
	}
	for _, is64 := range []bool{false, true} {
		for _, bo := range []order{binary.LittleEndian, binary.BigEndian} {
			f.Add(buildSymtab(bo, is64, []tsym{{2, 0}, {5, 0}, {0, 0}, {40, 0}}, " \x00_a\x00_bc"))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSymbolNames(t, data)
	})
}
