package readobj

import (
	"encoding/binary"

	"github.com/bcextract/bcextract/container/coff"
	"github.com/bcextract/bcextract/sections"
)

// coffDump dumps the LLVM sections of a COFF object as llvm-readobj's
// COFFDumper does: --addrsig and --cg-profile; the ELF-only options print
// nothing. --cmdline, which llvm-readobj lacks, dumps .llvmcmd.
func (d *dumper) coffDump(root, sum scope) {
	f, err := coff.NewFile(d.data)
	if err != nil {
		sum.end()
		d.err = err // the file cannot be dumped, as llvm-readobj says too
		return
	}
	format, arch, bits := "COFF-<unknown arch>", "unknown", "32bit"
	switch f.Machine {
	case coff.IMAGE_FILE_MACHINE_I386:
		format, arch = "COFF-i386", "i386"
	case coff.IMAGE_FILE_MACHINE_AMD64:
		format, arch, bits = "COFF-x86-64", "x86_64", "64bit"
	case coff.IMAGE_FILE_MACHINE_ARMNT:
		format, arch = "COFF-ARM", "thumb"
	case coff.IMAGE_FILE_MACHINE_ARM64:
		format, arch, bits = "COFF-ARM64", "aarch64", "64bit"
	case coff.IMAGE_FILE_MACHINE_ARM64EC:
		format, arch, bits = "COFF-ARM64EC", "aarch64", "64bit"
	case coff.IMAGE_FILE_MACHINE_ARM64X:
		format, arch, bits = "COFF-ARM64X", "aarch64", "64bit"
	}
	sum.str("Format", format)
	sum.str("Arch", arch)
	sum.str("AddressSize", bits)
	sum.end()
	var name func(uint32) string // the symbol table, read when needed
	symbolName := func(i uint32) string {
		if name == nil {
			names, err := f.SymbolNames(d.data)
			if err != nil {
				d.warn("%v", err)
			}
			name = d.namer(names)
		}
		return name(i)
	}
	find := func(n string) []byte {
		for i := range f.Sections {
			s := &f.Sections[i]
			if s.Name == n && !s.ZeroFill {
				return d.data[s.Off : s.Off+s.Size]
			}
		}
		return nil
	}
	if d.o.CGProfile {
		if b := find(".llvm.call-graph-profile"); b != nil {
			entries, err := sections.DecodeCGProfileEntries(".llvm.call-graph-profile", b, binary.LittleEndian)
			if err != nil {
				d.warn("%s", msgOf(err))
			}
			writeCGProfile(root, entries, nil, symbolName)
		}
	}
	if d.o.Addrsig {
		if b := find(".llvm_addrsig"); b != nil {
			idx, err := sections.DecodeAddrsig(".llvm_addrsig", b)
			l := root.list("Addrsig")
			if err != nil {
				d.warn("%s", msgOf(err))
			}
			for _, i := range idx {
				l.named("Sym", symbolName(i), uint64(i))
			}
			l.end()
		}
	}
	if d.o.Cmdlines {
		l := root.list("CommandLines")
		for i := range f.Sections {
			if s := &f.Sections[i]; s.Name == ".llvmcmd" && !s.ZeroFill {
				writeCmdlines(l, s.Name, d.data[s.Off:s.Off+s.Size])
			}
		}
		l.end()
	}
}
