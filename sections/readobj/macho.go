package readobj

import (
	"encoding/binary"

	"github.com/bcextract/bcextract/container/macho"
	"github.com/bcextract/bcextract/sections"
)

// machoDump dumps the LLVM sections of a thin Mach-O file as llvm-readobj's
// MachODumper does: --cg-profile (__LLVM,__cg_profile); the other options
// of llvm-readobj print nothing for Mach-O. --cmdline, which llvm-readobj
// lacks, dumps __LLVM,__cmdline.
func (d *dumper) machoDump(root, sum scope) {
	f, err := macho.NewFile(d.data)
	if err != nil {
		sum.end()
		d.err = err // the file cannot be dumped, as llvm-readobj says too
		return
	}
	is64 := f.Cpu&0x01000000 != 0 // CPU_ARCH_ABI64
	format, arch := "Mach-O 32-bit unknown", "unknown"
	if is64 {
		format = "Mach-O 64-bit unknown"
	}
	switch f.Cpu {
	case macho.CPU_TYPE_X86_64:
		format, arch = "Mach-O 64-bit x86-64", "x86_64"
	case macho.CPU_TYPE_X86:
		format, arch = "Mach-O 32-bit i386", "i386"
	case macho.CPU_TYPE_ARM64:
		format, arch = "Mach-O arm64", "aarch64"
	case macho.CPU_TYPE_ARM64_32:
		format, arch = "Mach-O arm64 (ILP32)", "aarch64_32"
	case macho.CPU_TYPE_ARM:
		format, arch = "Mach-O arm", "arm"
	}
	bits := "32bit"
	if is64 {
		bits = "64bit"
	}
	sum.str("Format", format)
	sum.str("Arch", arch)
	sum.str("AddressSize", bits)
	sum.end()
	if d.o.CGProfile {
		d.machoCGProfile(root, f)
	}
	if d.o.Cmdlines {
		l := root.list("CommandLines")
		for i := range f.Sections {
			if s := &f.Sections[i]; s.Seg == "__LLVM" && s.Name == "__cmdline" && !s.ZeroFill {
				writeCmdlines(l, "__LLVM,__cmdline", d.data[s.Off:s.Off+s.Size])
			}
		}
		l.end()
	}
}

// machoCGProfile dumps __LLVM,__cg_profile as llvm-readobj --cg-profile.
func (d *dumper) machoCGProfile(root scope, f *macho.File) {
	for i := range f.Sections {
		s := &f.Sections[i]
		if s.Seg != "__LLVM" || s.Name != "__cg_profile" || s.ZeroFill {
			continue
		}
		bo := binary.ByteOrder(binary.LittleEndian)
		if d.data[0] == 0xfe { // MH_MAGIC stored big-endian
			bo = binary.BigEndian
		}
		entries, err := sections.DecodeCGProfileEntries("__LLVM,__cg_profile", d.data[s.Off:s.Off+s.Size], bo)
		if err != nil {
			d.warn("%s", msgOf(err))
		}
		names, nerr := f.SymbolNames(d.data)
		if nerr != nil {
			d.warn("%v", nerr)
		}
		writeCGProfile(root, entries, nil, d.namer(names))
	}
}
