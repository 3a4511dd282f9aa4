package main

import (
	goelf "debug/elf"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container/elf"
)

// An elfOrder is a byte order that also appends.
type elfOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// archELF returns an ELF file of the class, byte order and machine given
// whose sections are null, an empty BB address map and .shstrtab.
func archELF(class goelf.Class, order elfOrder, machine goelf.Machine) []byte {
	shstr := "\x00.llvm_bb_addr_map\x00.shstrtab\x00"
	is64 := class == goelf.ELFCLASS64
	ehsize, shentsize := 52, 40
	if is64 {
		ehsize, shentsize = 64, 64
	}
	out := make([]byte, ehsize)
	strOff := len(out)
	out = append(out, shstr...)
	for len(out)%8 != 0 {
		out = append(out, 0)
	}
	shoff := len(out)
	type sec struct {
		name, typ   uint32
		off, size   uint64
		align, link uint32
	}
	secs := []sec{{}, {1, uint32(elf.SHT_LLVM_BB_ADDR_MAP), uint64(strOff), 0, 1, 0}, {19, uint32(goelf.SHT_STRTAB), uint64(strOff), uint64(len(shstr)), 1, 0}}
	for _, s := range secs {
		out = order.AppendUint32(out, s.name)
		out = order.AppendUint32(out, s.typ)
		word := func(v uint64) {
			if is64 {
				out = order.AppendUint64(out, v)
			} else {
				out = order.AppendUint32(out, uint32(v))
			}
		}
		word(0) // flags
		word(0) // addr
		word(s.off)
		word(s.size)
		out = order.AppendUint32(out, s.link)
		out = order.AppendUint32(out, 0) // info
		word(uint64(s.align))
		word(0) // entsize
	}
	data := byte(goelf.ELFDATA2LSB)
	if order == elfOrder(binary.BigEndian) {
		data = byte(goelf.ELFDATA2MSB)
	}
	copy(out, []byte{0x7f, 'E', 'L', 'F', byte(class), data, 1})
	order.PutUint16(out[16:], uint16(goelf.ET_EXEC))
	order.PutUint16(out[18:], uint16(machine))
	order.PutUint32(out[20:], 1)
	if is64 {
		order.PutUint64(out[40:], uint64(shoff))
		order.PutUint16(out[52:], uint16(ehsize))
		order.PutUint16(out[58:], uint16(shentsize))
		order.PutUint16(out[60:], uint16(len(secs)))
		order.PutUint16(out[62:], uint16(len(secs)-1))
	} else {
		order.PutUint32(out[32:], uint32(shoff))
		order.PutUint16(out[40:], uint16(ehsize))
		order.PutUint16(out[46:], uint16(shentsize))
		order.PutUint16(out[48:], uint16(len(secs)))
		order.PutUint16(out[50:], uint16(len(secs)-1))
	}
	return out
}

// TestBBMapJSONArch checks that bbmap --json names a file's architecture
// as list --json does (the architecture of an LLVM target triple, from
// the ELF header), for every machine: null where list has no "arch".
func TestBBMapJSONArch(t *testing.T) {
	le, be := elfOrder(binary.LittleEndian), elfOrder(binary.BigEndian)
	tests := []struct {
		name    string
		class   goelf.Class
		order   elfOrder
		machine goelf.Machine
		want    string // "" for none
	}{
		{"x86-64", goelf.ELFCLASS64, le, goelf.EM_X86_64, "x86_64"},
		{"x32", goelf.ELFCLASS32, le, goelf.EM_X86_64, "x86_64"},
		{"i386", goelf.ELFCLASS32, le, goelf.EM_386, "i386"},
		{"aarch64", goelf.ELFCLASS64, le, goelf.EM_AARCH64, "aarch64"},
		{"aarch64 big-endian", goelf.ELFCLASS64, be, goelf.EM_AARCH64, "aarch64_be"},
		{"arm big-endian", goelf.ELFCLASS32, be, goelf.EM_ARM, "armeb"},
		{"ppc64", goelf.ELFCLASS64, be, goelf.EM_PPC64, "powerpc64"},
		{"ppc64le", goelf.ELFCLASS64, le, goelf.EM_PPC64, "powerpc64le"},
		{"riscv64", goelf.ELFCLASS64, le, goelf.EM_RISCV, "riscv64"},
		{"riscv32", goelf.ELFCLASS32, le, goelf.EM_RISCV, "riscv32"},
		{"s390x", goelf.ELFCLASS64, be, goelf.EM_S390, "s390x"},
		{"unknown machine", goelf.ELFCLASS64, le, goelf.Machine(0x7777), ""},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-"))
			if err := os.WriteFile(name, archELF(tt.class, tt.order, tt.machine), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, stderr := runCmd(t, "bbmap", "--json", name)
			var doc struct {
				Arch *string `json:"arch"`
			}
			if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil {
				t.Fatalf("bbmap --json: exit %d, %v, stderr %q, stdout %q", code, err, stderr, out)
			}
			code, out, stderr = runCmd(t, "list", "--json", name)
			var list struct {
				Payloads []struct {
					Arch string `json:"arch"`
				} `json:"payloads"`
			}
			if err := json.Unmarshal([]byte(out), &list); code != 0 || err != nil || len(list.Payloads) != 1 {
				t.Fatalf("list --json: exit %d, %v, stderr %q, stdout %q", code, err, stderr, out)
			}
			got := "<null>"
			if doc.Arch != nil {
				got = *doc.Arch
			}
			want := tt.want
			if want == "" {
				want = "<null>"
			}
			if got != want || list.Payloads[0].Arch != tt.want {
				t.Errorf(`bbmap "arch" %s, list "arch" %q, want %s`, got, list.Payloads[0].Arch, want)
			}
		})
	}
}
