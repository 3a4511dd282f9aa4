package disasm

import (
	goelf "debug/elf"
	"encoding/hex"
	"strings"
	"testing"
)

// decodeTests are instructions of the bbmap fixtures (testdata/sections,
// testdata/bbmap), their lengths checked against llvm-objdump-22 -d and
// their text against the mnemonic and operands it prints.
var decodeTests = []struct {
	arch   Arch
	syntax Syntax
	hex    string // the instruction's bytes, a "|" after its last one
	pc     uint64
	text   string
	bad    bool
}{
	{ArchAMD64, GNU, "4157|", 0x201170, "push %r15", false},
	{ArchAMD64, Intel, "4157|", 0x201170, "push r15", false},
	{ArchAMD64, Go, "4157|", 0x201170, "PUSHQ R15", false},
	{ArchAMD64, GNU, "7e31|4889fb", 0x20117a, "jle 0x2011ad", false},
	{ArchAMD64, GNU, "e818000000|", 0x2011a3, "callq 0x2011c0", false},
	{ArchAMD64, Intel, "e818000000|", 0x2011a3, "call 0x2011c0", false},
	{ArchAMD64, GNU, "660f1f440000|", 0x20118a, "nopw (%rax,%rax)", false},
	{ArchAMD64, GNU, "662e0f1f840000000000|", 0x2011c6, "nopw %cs:(%rax,%rax)", false},
	{ArchAMD64, GNU, "488d0d77efffff|", 0x2011da, "lea 0xffffef77(%rip),%rcx", false},
	{ArchAMD64, GNU, "ffe0|", 0x2011e8, "jmp *%rax", false},
	{ArchAMD64, Go, "ffe0|", 0x2011e8, "JMP AX", false},
	{ArchAMD64, GNU, "c5f877|c3", 0, "vzeroupper", false}, // x86asm alone takes c3 for a ModRM byte
	{ArchAMD64, GNU, "c4e17c77|c3", 0, "vzeroall", false}, // the 3-byte VEX form
	{ArchAMD64, GNU, "c5fc10442410|", 0, "vmovups 0x10(%rsp),%ymm0", false},
	{ArchAMD64, GNU, "06|c3", 0, "(bad)", true},   // push %es is invalid in 64-bit mode
	{ArchAMD64, GNU, "b8|0100", 0, "(bad)", true}, // mov $imm32 cut short
	{ArchAMD64, GNU, "f0|", 0, "(bad)", true},     // a lone prefix (llvm-objdump names it "lock"; same length)
	{ArchAMD64, GNU, "f3c3|", 0, "rep retq", false},
	{Arch386, GNU, "06|", 0, "push %es", false}, // valid in 32-bit mode
	{Arch386, GNU, "8b442408|", 0, "mov 0x8(%esp),%eax", false},
	{Arch386, Intel, "8b442408|", 0, "mov eax, dword ptr [esp+0x8]", false},
	{Arch386, GNU, "e8fcffffff|", 0x10, "call 0x11", false},
	{ArchARM64, GNU, "fd7bbda9|3f040071", 0x210158, "stp x29, x30, [sp,#-48]!", false},
	{ArchARM64, Go, "fd7bbda9|", 0x210158, "STP.W (R29, R30), -48(RSP)", false},
	{ArchARM64, GNU, "cb010054|", 0x21016c, "b.lt 0x2101a4", false},
	{ArchARM64, GNU, "c0035fd6|", 0, "ret", false},
	{ArchARM64, GNU, "00000000|", 0, "(bad)", true}, // udf #0 to llvm-objdump; x/arch does not know it
	{ArchARM64, GNU, "c003|", 0, "(bad)", true},     // cut short: the two bytes left
	{ArchARM, GNU, "70402de9|", 0x20124, "push {r4, r5, r6, lr}", false},
	{ArchARM, Go, "0c0000ba|", 0x2012c, "B.LT 0x20164", false},
	{ArchARM, GNU, "ffffffff|", 0, "(bad)", true},
	{ArchPPC64LE, GNU, "02004c3c|", 0x100101d0, "addis r2,r12,2", false},
	{ArchPPC64LE, Go, "a602087c|", 0, "MOVD LR,R0", false},
	{ArchPPC64, GNU, "7c0802a6|", 0x100101c8, "mflr r0", false},
	{ArchPPC64, GNU, "00000000|", 0, "(bad)", true},
	{ArchRISCV64, GNU, "0111|06ec", 0x11190, "addi x2,x2,-32", false},
	{ArchRISCV64, GNU, "6353b002|", 0x1119a, "blez x11,38", false},
	{ArchRISCV64, Go, "6353b002|", 0x1119a, "BGE X0, X11, 0x111c0", false},
	{ArchRISCV64, GNU, "ffffffff|0111", 0, "(bad)", true}, // a 4-byte encoding that is no instruction
	{ArchRISCV64, GNU, "63|", 0, "(bad)", true},           // one byte left
}

func TestDecode(t *testing.T) {
	for _, tt := range decodeTests {
		want, _, _ := strings.Cut(tt.hex, "|")
		code, err := hex.DecodeString(strings.Replace(tt.hex, "|", "", 1))
		if err != nil {
			t.Fatalf("%s: %v", tt.hex, err)
		}
		d, err := NewDecoder(tt.arch, tt.syntax)
		if err != nil {
			t.Fatalf("%v %v: %v", tt.arch, tt.syntax, err)
		}
		in := d.Decode(code, tt.pc)
		if in.Addr != tt.pc || in.Len != len(want)/2 || in.Text != tt.text || in.Bad != tt.bad {
			t.Errorf("%v %v %s: got %+v, want length %d %q bad=%v", tt.arch, tt.syntax, tt.hex, in, len(want)/2, tt.text, tt.bad)
		}
	}
}

func TestDecodeEmpty(t *testing.T) {
	d, _ := NewDecoder(ArchAMD64, GNU)
	if in := d.Decode(nil, 0x10); in.Len != 0 || in.Addr != 0x10 {
		t.Errorf("Decode(nil) = %+v", in)
	}
}

func TestWalk(t *testing.T) {
	// sq of bbmap-x86_64 and the padding after it.
	code, _ := hex.DecodeString("89f80fafc7c3662e0f1f840000000000")
	d, _ := NewDecoder(ArchAMD64, GNU)
	var got []string
	d.Walk(code, 0x2011c0, func(in Inst) bool {
		got = append(got, strings.Join([]string{hex.EncodeToString([]byte{byte(in.Addr)}), in.Text}, " "))
		return true
	})
	want := "c0 mov %edi,%eax|c2 imul %edi,%eax|c5 retq|c6 nopw %cs:(%rax,%rax)"
	if strings.Join(got, "|") != want {
		t.Errorf("Walk: %q, want %q", strings.Join(got, "|"), want)
	}
	n := 0
	d.Walk(code, 0, func(Inst) bool { n++; return n < 2 })
	if n != 2 {
		t.Errorf("Walk went on after f returned false: %d calls", n)
	}
}

// targetTests are branches, calls and AArch64 address computations of the
// fixtures, with the address llvm-objdump-22 -d names after them
// (testdata/sections/golden/*.objdump).
var targetTests = []struct {
	arch   Arch
	syntax Syntax
	hex    string
	pc     uint64
	text   string
	target uint64 // 0: none
}{
	{ArchAMD64, GNU, "7e31", 0x20117a, "jle 0x2011ad", 0x2011ad},
	{ArchAMD64, GNU, "e831000000", 0x2014ea, "callq 0x201520", 0x201520},
	{ArchAMD64, Intel, "e831000000", 0x2014ea, "call 0x201520", 0x201520},
	{ArchAMD64, GNU, "ebd6", 0x2014c2, "jmp 0x20149a", 0x20149a},
	{ArchAMD64, GNU, "e800000000", 0, "callq 0x5", 5}, // x86asm alone prints ".+0x0" at address 0
	{ArchAMD64, GNU, "ffe0", 0x2011e8, "jmp *%rax", 0},
	{ArchAMD64, GNU, "488d0d77efffff", 0x2011da, "lea 0xffffef77(%rip),%rcx", 0}, // a memory operand: objdump comments it
	{Arch386, GNU, "e8fcffffff", 0x10, "call 0x11", 0x11},
	{ArchARM64, GNU, "cb010054", 0x21016c, "b.lt 0x2101a4", 0x2101a4},
	{ArchARM64, GNU, "e5ffff97", 0x210434, "bl 0x2103c8", 0x2103c8},
	{ArchARM64, GNU, "c000f837", 0x2104ac, "tbnz w0, #31, 0x2104c4", 0x2104c4},
	{ArchARM64, GNU, "10010090", 0x210510, "adrp x16, 0x230000", 0x230000},
	{ArchARM64, GNU, "090d1010", 0x210470, "adr x9, 0x230610", 0x230610},
	{ArchARM64, GNU, "c0035fd6", 0, "ret", 0},
	{ArchARM, GNU, "70402de9", 0x20124, "push {r4, r5, r6, lr}", 0}, // no targets on Arm yet
}

func TestTargets(t *testing.T) {
	for _, tt := range targetTests {
		code, _ := hex.DecodeString(tt.hex)
		d, err := NewDecoder(tt.arch, tt.syntax)
		if err != nil {
			t.Fatal(err)
		}
		in := d.Decode(code, tt.pc)
		if in.Text != tt.text || in.HasTarget != (tt.target != 0) || in.Target != tt.target {
			t.Errorf("%v %v %s at %#x: %q target %#x (%v), want %q %#x", tt.arch, tt.syntax, tt.hex, tt.pc, in.Text, in.Target, in.HasTarget, tt.text, tt.target)
		}
	}
}

// Only the Go syntax names addresses through Symbols; GNU and Intel print
// the address and leave its name to the caller.
func TestSymbols(t *testing.T) {
	sq := func(addr uint64) (string, uint64) {
		if addr >= 0x2011c0 && addr < 0x2011c6 {
			return "sq", 0x2011c0
		}
		return "", 0
	}
	code, _ := hex.DecodeString("e818000000")
	for _, tt := range []struct {
		syntax Syntax
		want   string
	}{
		{GNU, "callq 0x2011c0"},
		{Intel, "call 0x2011c0"},
		{Go, "CALL sq(SB)"},
	} {
		d, _ := NewDecoder(ArchAMD64, tt.syntax)
		d.Symbols = sq
		if in := d.Decode(code, 0x2011a3); in.Text != tt.want || in.Target != 0x2011c0 {
			t.Errorf("%v call with symbols: %q target %#x, want %q 0x2011c0", tt.syntax, in.Text, in.Target, tt.want)
		}
	}
}

func TestNewDecoder(t *testing.T) {
	for _, tt := range []struct {
		arch   Arch
		syntax Syntax
		err    string
	}{
		{ArchAMD64, Intel, ""},
		{Arch386, Go, ""},
		{ArchARM64, Intel, "no intel syntax for aarch64"},
		{ArchRISCV64, Intel, "no intel syntax for riscv64"},
		{ArchUnknown, GNU, "cannot disassemble unknown"},
		{Arch(200), GNU, "cannot disassemble Arch(200)"},
		{ArchPPC64, Syntax(9), "no Syntax(9) syntax for powerpc64"},
	} {
		d, err := NewDecoder(tt.arch, tt.syntax)
		switch {
		case tt.err == "" && (err != nil || d.Arch() != tt.arch || d.Syntax() != tt.syntax):
			t.Errorf("NewDecoder(%v, %v) = %v, %v", tt.arch, tt.syntax, d, err)
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("NewDecoder(%v, %v) error %v, want %q", tt.arch, tt.syntax, err, tt.err)
		}
	}
}

func TestArchFromELF(t *testing.T) {
	for _, tt := range []struct {
		m     goelf.Machine
		class goelf.Class
		data  goelf.Data
		want  Arch
	}{
		{goelf.EM_386, goelf.ELFCLASS32, goelf.ELFDATA2LSB, Arch386},
		{goelf.EM_X86_64, goelf.ELFCLASS64, goelf.ELFDATA2LSB, ArchAMD64},
		{goelf.EM_X86_64, goelf.ELFCLASS32, goelf.ELFDATA2LSB, ArchAMD64}, // x32
		{goelf.EM_AARCH64, goelf.ELFCLASS64, goelf.ELFDATA2MSB, ArchARM64},
		{goelf.EM_ARM, goelf.ELFCLASS32, goelf.ELFDATA2LSB, ArchARM},
		{goelf.EM_PPC64, goelf.ELFCLASS64, goelf.ELFDATA2MSB, ArchPPC64},
		{goelf.EM_PPC64, goelf.ELFCLASS64, goelf.ELFDATA2LSB, ArchPPC64LE},
		{goelf.EM_RISCV, goelf.ELFCLASS64, goelf.ELFDATA2LSB, ArchRISCV64},
		{goelf.EM_RISCV, goelf.ELFCLASS32, goelf.ELFDATA2LSB, ArchUnknown},
		{goelf.EM_MIPS, goelf.ELFCLASS32, goelf.ELFDATA2MSB, ArchUnknown},
	} {
		if got := ArchFromELF(tt.m, tt.class, tt.data); got != tt.want {
			t.Errorf("ArchFromELF(%v, %v, %v) = %v, want %v", tt.m, tt.class, tt.data, got, tt.want)
		}
	}
}

func TestNames(t *testing.T) {
	for _, tt := range []struct {
		got, want string
	}{
		// LLVM's names, as package container gives an ELF file's.
		{Arch386.String(), "i386"}, {ArchAMD64.String(), "x86_64"}, {ArchARM.String(), "arm"},
		{ArchARM64.String(), "aarch64"}, {ArchPPC64.String(), "powerpc64"}, {ArchPPC64LE.String(), "powerpc64le"},
		{ArchRISCV64.String(), "riscv64"}, {ArchUnknown.String(), "unknown"}, {Arch(99).String(), "Arch(99)"},
		{GNU.String(), "gnu"}, {Intel.String(), "intel"}, {Go.String(), "go"}, {Syntax(7).String(), "Syntax(7)"},
	} {
		if tt.got != tt.want {
			t.Errorf("String() = %q, want %q", tt.got, tt.want)
		}
	}
	for _, s := range []Syntax{GNU, Intel, Go} {
		if got, err := ParseSyntax(s.String()); got != s || err != nil {
			t.Errorf("ParseSyntax(%q) = %v, %v", s.String(), got, err)
		}
	}
	if _, err := ParseSyntax("att"); err == nil || err.Error() != `unknown syntax "att" (want gnu, intel or go)` {
		t.Errorf("ParseSyntax(att): %v", err)
	}
	if got := ArchARM64.Syntaxes(); len(got) != 2 || got[0] != GNU || got[1] != Go {
		t.Errorf("ArchARM64.Syntaxes() = %v", got)
	}
	if got := ArchUnknown.Syntaxes(); len(got) != 0 {
		t.Errorf("ArchUnknown.Syntaxes() = %v", got)
	}
}
