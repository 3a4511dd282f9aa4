package readobj

import (
	goelf "debug/elf"
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/bcextract/bcextract/container/elf"
)

// The LoadName line of an ELF file's summary: the DT_SONAME of its dynamic
// table, found as llvm-readobj-22's ELF dumper finds it. The dumper reads
// the dynamic table when it is made, before the summary is printed, and
// warns then about what it cannot use (the program headers, the PT_DYNAMIC
// segment, the SHT_DYNAMIC section, the addresses of DT_STRTAB and the
// other tags it maps into the file); the name itself is looked up when the
// line is printed. loadName does both, in that order, with the same
// warnings, and returns what the line shows: "<Not found>" without a
// DT_SONAME, "<?>" when the string cannot be read.

// Dynamic tags llvm-readobj maps from a virtual address to the file, or
// otherwise reads while it parses the dynamic table.
const (
	dtNull            = 0
	dtHash            = 4
	dtStrtab          = 5
	dtSymtab          = 6
	dtRela            = 7
	dtStrsz           = 10
	dtSyment          = 11
	dtSoname          = 14
	dtRel             = 17
	dtPltrel          = 20
	dtJmprel          = 23
	dtSymtabShndx     = 34
	dtRelr            = 36
	dtCrel            = 0x40000013
	dtAndroidRelr     = 0x6fffe000
	dtGNUHash         = 0x6ffffef5
	dtAArch64AuthRelr = 0x70000012
)

// elfDyn is what the dynamic-table reading needs of one ELF file.
type elfDyn struct {
	d      *dumper
	data   []byte
	bo     binary.ByteOrder
	is64   bool
	phdrs  []elfPhdr
	phErr  string // why the program headers cannot be read, or ""
	loads  []*elfPhdr
	sorted bool // loads sorted, the warning given
}

// elfPhdr is one program header.
type elfPhdr struct {
	typ                       uint32
	off, vaddr, filesz, memsz uint64
	index                     int
}

// uintX truncates v to the file's address width, as LLVM's arithmetic on
// the fields of an ELF32 file wraps at 32 bits.
func (e *elfDyn) uintX(v uint64) uint64 {
	if e.is64 {
		return v
	}
	return uint64(uint32(v))
}

// word reads an address-sized field at off.
func (e *elfDyn) word(off uint64) uint64 {
	if e.is64 {
		return e.bo.Uint64(e.data[off:])
	}
	return uint64(e.bo.Uint32(e.data[off:]))
}

// readPhdrs reads the program header table as LLVM's program_headers does:
// an e_phentsize other than the size of a header, or a table past the end
// of the file, is an error (elf.NewFile has accepted a larger e_phentsize).
func (e *elfDyn) readPhdrs() {
	phoffAt, sizesAt, phdrSize := uint64(28), uint64(42), uint64(32)
	if e.is64 {
		phoffAt, sizesAt, phdrSize = 32, 54, 56
	}
	phoff := e.word(phoffAt)
	phentsize := uint64(e.bo.Uint16(e.data[sizesAt:]))
	phnum := uint64(e.bo.Uint16(e.data[sizesAt+2:]))
	if phnum != 0 && phentsize != phdrSize {
		e.phErr = fmt.Sprintf("invalid e_phentsize: %d", phentsize)
		return
	}
	n := uint64(len(e.data))
	if end := phoff + phnum*phentsize; end < phoff || end > n {
		e.phErr = fmt.Sprintf("program headers are longer than binary of size %d: e_phoff = 0x%x, e_phnum = %d, e_phentsize = %d", n, phoff, phnum, phentsize)
		return
	}
	e.phdrs = make([]elfPhdr, phnum)
	for i := range e.phdrs {
		h := e.data[phoff+uint64(i)*phdrSize:]
		p := &e.phdrs[i]
		p.index, p.typ = i, e.bo.Uint32(h)
		if e.is64 {
			p.off, p.vaddr = e.bo.Uint64(h[8:]), e.bo.Uint64(h[16:])
			p.filesz, p.memsz = e.bo.Uint64(h[32:]), e.bo.Uint64(h[40:])
		} else {
			p.off, p.vaddr = uint64(e.bo.Uint32(h[4:])), uint64(e.bo.Uint32(h[8:]))
			p.filesz, p.memsz = uint64(e.bo.Uint32(h[16:])), uint64(e.bo.Uint32(h[20:]))
		}
		if p.typ == uint32(goelf.PT_LOAD) {
			e.loads = append(e.loads, p)
		}
	}
}

// mapAddr returns the file offset of the virtual address va, as LLVM's
// toMappedAddr finds it in the PT_LOAD segments, or why it cannot.
func (e *elfDyn) mapAddr(va uint64) (uint64, string) {
	if e.phErr != "" {
		return 0, e.phErr
	}
	if !e.sorted {
		e.sorted = true
		if !sort.SliceIsSorted(e.loads, func(i, j int) bool { return e.loads[i].vaddr < e.loads[j].vaddr }) {
			e.d.warn("loadable segments are unsorted by virtual address")
			sort.SliceStable(e.loads, func(i, j int) bool { return e.loads[i].vaddr < e.loads[j].vaddr })
		}
	}
	i := sort.Search(len(e.loads), func(i int) bool { return va < e.loads[i].vaddr })
	if i == 0 {
		return 0, fmt.Sprintf("virtual address is not in any segment: 0x%x", va)
	}
	p := e.loads[i-1]
	delta := va - p.vaddr
	if delta >= p.filesz {
		return 0, fmt.Sprintf("virtual address is not in any segment: 0x%x", va)
	}
	off := p.off + delta
	if off >= uint64(len(e.data)) {
		return 0, fmt.Sprintf("can't map virtual address 0x%x to the segment with index %d: the segment ends at 0x%x, which is greater than the file size (0x%x)",
			va, p.index+1, e.uintX(p.off+p.filesz), len(e.data))
	}
	return off, ""
}

// dynRegion is a range of the file that should hold entries of entSize
// bytes, with the words llvm-readobj's warnings about it use.
type dynRegion struct {
	off, size, entSize uint64
	context, sizeName  string
}

// entries returns the number of entries in r, warning as LLVM's
// DynRegionInfo::getAsArrayRef does when the range is not whole entries
// within the file.
func (e *elfDyn) entries(r dynRegion) uint64 {
	n := uint64(len(e.data))
	if r.size > n-r.off {
		e.d.warn("unable to read data at 0x%x of size 0x%x (%s): it goes past the end of the file of size 0x%x", r.off, r.size, r.sizeName, n)
		return 0
	}
	if r.size%r.entSize == 0 {
		return r.size / r.entSize
	}
	msg := ""
	if r.context != "" {
		msg = r.context + " has "
	}
	e.d.warn("%sinvalid %s (0x%x)", msg, r.sizeName, r.size)
	return 0
}

// loadName returns what llvm-readobj-22 prints as the file's LoadName.
func (d *dumper) loadName() string {
	e := &elfDyn{d: d, data: d.data, bo: d.byteOrder(), is64: d.f.Class == goelf.ELFCLASS64}
	e.readPhdrs()
	dynSize := uint64(8)
	if e.is64 {
		dynSize = 16
	}

	// The first SHT_DYNSYM section's string table stands in for DT_STRTAB.
	var strtab []byte // the dynamic string table, at tabOff in the file
	var tabOff uint64
	haveStrtab := false
	var dynsym *dynRegion
	for i := range d.f.Sections {
		s := &d.f.Sections[i]
		if s.Type != elf.SHT_DYNSYM {
			continue
		}
		dynsym = &dynRegion{off: uint64(s.Off), size: uint64(s.Size), entSize: s.EntSize}
		if tab, off, err := d.stringTableOf(s); err != "" {
			d.warn("unable to get the string table for the SHT_DYNSYM section with index %d: %s", s.Index, err)
		} else {
			strtab, tabOff, haveStrtab = tab, off, true
		}
		break
	}

	// findDynamic: the first PT_DYNAMIC segment and SHT_DYNAMIC section.
	var ph *elfPhdr
	if e.phErr != "" {
		d.warn("unable to read program headers to locate the PT_DYNAMIC segment: %s", e.phErr)
	}
	for i := range e.phdrs {
		if e.phdrs[i].typ == uint32(goelf.PT_DYNAMIC) {
			ph = &e.phdrs[i]
			break
		}
	}
	var sec *elf.Section
	for i := range d.f.Sections {
		if d.f.Sections[i].Type == elf.SHT_DYNAMIC {
			sec = &d.f.Sections[i]
			break
		}
	}
	if ph != nil {
		end := e.uintX(ph.off + ph.filesz)
		if end > uint64(len(e.data)) || end < ph.off {
			d.warn("PT_DYNAMIC segment offset (0x%x) + file size (0x%x) exceeds the size of the file (0x%x)", ph.off, ph.filesz, len(e.data))
			ph = nil
		}
	}
	secName := ""
	if sec != nil {
		secName = fmt.Sprintf("SHT_DYNAMIC section with index %d", sec.Index)
	}
	if ph != nil && sec != nil {
		if e.uintX(sec.Addr+uint64(sec.Size)) > e.uintX(ph.vaddr+ph.memsz) || sec.Addr < ph.vaddr {
			d.warn("%s is not contained within the PT_DYNAMIC segment", secName)
		}
		if sec.Addr != ph.vaddr {
			d.warn("%s is not at the start of PT_DYNAMIC segment", secName)
		}
	}

	// loadDynamicTable: PT_DYNAMIC wins over SHT_DYNAMIC when both are
	// usable.
	var table *dynRegion
	if ph != nil || sec != nil {
		var fromPh, fromSec dynRegion
		phOK, secOK := false, false
		if ph != nil {
			fromPh = dynRegion{off: ph.off, size: ph.filesz, entSize: dynSize, sizeName: "PT_DYNAMIC size"}
			phOK = e.entries(fromPh) > 0
		}
		secRead := false
		if sec != nil {
			off, size := uint64(sec.Off), uint64(sec.Size)
			if off+size < off || off+size > uint64(len(e.data)) {
				d.warn("unable to read the dynamic table from %s: offset (0x%x) + size (0x%x) is greater than the file size (0x%x)", secName, off, size, len(e.data))
			} else {
				fromSec = dynRegion{off: off, size: size, entSize: dynSize, context: secName, sizeName: "size"}
				secRead = true
				secOK = e.entries(fromSec) > 0
			}
		}
		switch {
		case ph == nil || sec == nil:
			if phOK {
				table = &fromPh
			} else if secOK {
				table = &fromSec
			} else {
				d.warn("no valid dynamic table was found")
			}
		default:
			// A section whose range could not be read points nowhere,
			// which differs from the segment's place in the file.
			if !secRead || fromPh.off != fromSec.off {
				d.warn("SHT_DYNAMIC section header and PT_DYNAMIC program header disagree about the location of the dynamic table")
			}
			switch {
			case !phOK && !secOK:
				d.warn("no valid dynamic table was found")
			case phOK:
				if !secOK {
					d.warn("SHT_DYNAMIC dynamic table is invalid: PT_DYNAMIC will be used")
				}
				table = &fromPh
			default:
				d.warn("PT_DYNAMIC dynamic table is invalid: SHT_DYNAMIC will be used")
				table = &fromSec
			}
		}
	}
	if table == nil {
		return "<Not found>"
	}

	// parseDynamicTable: up to and including the first DT_NULL.
	n := e.entries(*table)
	var (
		haveSoname, haveStrBegin, haveHash, haveSymtab bool
		sonameOff, strBegin, strSize, hashAt, symtabAt uint64
	)
	mapped := func(tag int64, va uint64) (uint64, bool) {
		off, err := e.mapAddr(va)
		if err != "" {
			d.warn("unable to parse DT_%s: %s", dynTagName(d.f.Machine, tag), err)
			return 0, false
		}
		return off, true
	}
	symSize := uint64(16)
	if e.is64 {
		symSize = 24
	}
	for i := range n {
		at := table.off + i*dynSize
		var tag int64
		var val uint64
		if e.is64 {
			tag, val = int64(e.bo.Uint64(e.data[at:])), e.bo.Uint64(e.data[at+8:])
		} else {
			tag, val = int64(int32(e.bo.Uint32(e.data[at:]))), uint64(e.bo.Uint32(e.data[at+4:]))
		}
		if d.f.Machine == goelf.EM_AARCH64 && (tag == 0x70000011 || tag == 0x70000013) {
			continue // DT_AARCH64_AUTH_RELRSZ, DT_AARCH64_AUTH_RELRENT
		}
		switch tag {
		case dtHash:
			hashAt, haveHash = mapped(tag, val)
		case dtStrtab:
			strBegin, haveStrBegin = mapped(tag, val)
		case dtStrsz:
			strSize = val
		case dtSymtab:
			if off, ok := mapped(tag, val); ok {
				symtabAt, haveSymtab = off, true
			}
		case dtSyment:
			if val != symSize {
				d.warn("DT_SYMENT value of 0x%x is not the size of a symbol (0x%x)", val, symSize)
			}
		case dtSoname:
			sonameOff, haveSoname = val, true
		case dtPltrel:
			if val != dtRel && val != dtRela && val != dtCrel {
				d.warn("unknown DT_PLTREL value of %d", val)
			}
		case dtGNUHash, dtRela, dtCrel, dtRel, dtRelr, dtAndroidRelr, dtAArch64AuthRelr, dtJmprel, dtSymtabShndx:
			mapped(tag, val)
		}
		if tag == dtNull {
			break
		}
	}
	if haveStrBegin {
		fileSize := uint64(len(e.data))
		if strSize > fileSize-strBegin {
			d.warn("the dynamic string table at 0x%x goes past the end of the file (0x%x) with DT_STRSZ = 0x%x", strBegin, fileSize, strSize)
		} else {
			strtab, tabOff, haveStrtab = e.data[strBegin:strBegin+strSize], strBegin, true
		}
	}
	e.checkDynsym(dynsym, haveSymtab, symtabAt, symSize, haveHash, hashAt)

	if !haveSoname {
		return "<Not found>"
	}
	// getDynamicString.
	if !haveStrtab {
		d.warn("string table was not found")
		return "<?>"
	}
	size := uint64(len(strtab))
	switch {
	case sonameOff >= size:
		d.warn("string table at offset 0x%x: unable to read the string at 0x%x: it goes past the end of the table (0x%x)", tabOff, tabOff+sonameOff, tabOff+size)
		return "<?>"
	case strtab[size-1] != 0:
		d.warn("string table at offset 0x%x: unable to read the string at 0x%x: the string table is not null-terminated", tabOff, tabOff+sonameOff)
		return "<?>"
	}
	s := strtab[sonameOff:]
	for i, c := range s {
		if c == 0 {
			return string(s[:i])
		}
	}
	return string(s)
}

// stringTableOf returns the string table a symbol table section links to,
// and its offset in the file, as LLVM's getStringTableForSymtab does, or
// its error message.
func (d *dumper) stringTableOf(s *elf.Section) ([]byte, uint64, string) {
	if int(s.Link) >= len(d.f.Sections) {
		return nil, 0, fmt.Sprintf("invalid section index: %d", s.Link)
	}
	t := &d.f.Sections[s.Link]
	if t.Type != elf.SHT_STRTAB {
		return nil, 0, fmt.Sprintf("invalid sh_type for string table section [index %d]: expected SHT_STRTAB, but got %s", t.Index, t.Type.Name(d.f.Machine))
	}
	b := d.data[t.Off : t.Off+t.Size]
	switch {
	case len(b) == 0:
		return nil, 0, fmt.Sprintf("SHT_STRTAB string table section [index %d] is empty", t.Index)
	case b[len(b)-1] != 0:
		return nil, 0, fmt.Sprintf("SHT_STRTAB string table section [index %d] is non-null terminated", t.Index)
	}
	return b, uint64(t.Off), ""
}

// checkDynsym gives the warnings llvm-readobj gives when the dynamic
// symbol table of the SHT_DYNSYM section (dynsym, nil without one), of
// DT_SYMTAB (at symtabAt if haveSymtab) and of the DT_HASH table (at hashAt
// if haveHash) disagree.
func (e *elfDyn) checkDynsym(dynsym *dynRegion, haveSymtab bool, symtabAt, symSize uint64, haveHash bool, hashAt uint64) {
	m := e.d.f.Machine
	hashOK := haveHash && m != goelf.EM_S390 && m != goelf.EM_ALPHA
	var nchain uint64
	if hashOK {
		if hashAt+8 > uint64(len(e.data)) {
			hashOK = false // LLVM reads past the end of the file here
		} else {
			nchain = uint64(e.bo.Uint32(e.data[hashAt+4:]))
		}
	}
	if dynsym != nil {
		if haveSymtab && symtabAt != dynsym.off {
			e.d.warn("SHT_DYNSYM section header and DT_SYMTAB disagree about the location of the dynamic symbol table")
		}
		if hashOK {
			if dynsym.entSize == 0 {
				e.d.warn("SHT_DYNSYM section has sh_entsize == 0")
			} else if n := dynsym.size / dynsym.entSize; nchain != n {
				e.d.warn("hash table nchain (%d) differs from symbol count derived from SHT_DYNSYM section header (%d)", nchain, n)
			}
		}
	}
	var off, entSize uint64
	switch {
	case haveSymtab:
		off, entSize = symtabAt, symSize
	case dynsym != nil:
		off, entSize = dynsym.off, dynsym.entSize
	default:
		return
	}
	if hashOK {
		size := uint64(len(e.data))
		if derived := nchain * entSize; derived > size-off {
			e.d.warn("the size (0x%x) of the dynamic symbol table at 0x%x, derived from the hash table, goes past the end of the file (0x%x) and will be ignored", derived, off, size)
		}
	}
}

// dynTagName names a dynamic tag that llvm-readobj maps to the file, as
// LLVM's getDynamicTagAsString does on machine m.
func dynTagName(m goelf.Machine, tag int64) string {
	switch tag {
	case dtHash:
		return "HASH"
	case dtStrtab:
		return "STRTAB"
	case dtSymtab:
		return "SYMTAB"
	case dtRela:
		return "RELA"
	case dtRel:
		return "REL"
	case dtJmprel:
		return "JMPREL"
	case dtSymtabShndx:
		return "SYMTAB_SHNDX"
	case dtRelr:
		return "RELR"
	case dtCrel:
		return "CREL"
	case dtAndroidRelr:
		return "ANDROID_RELR"
	case dtGNUHash:
		return "GNU_HASH"
	case dtAArch64AuthRelr:
		switch m {
		case goelf.EM_AARCH64:
			return "AARCH64_AUTH_RELR"
		case goelf.EM_MIPS:
			return "MIPS_UNREFEXTNO"
		}
	}
	return fmt.Sprintf("<unknown:>0x%x", uint64(tag))
}
