// Package elftest builds small ELF files in memory for tests: the section
// table, the contents and the name table, nothing else.
package elftest

import "encoding/binary"

// A Section is a section for Build: its header fields and contents.
type Section struct {
	Name       string
	Type       uint32 // sh_type: 1 is SHT_PROGBITS
	Flags      uint64
	Link, Info uint32
	Data       []byte
}

// Build returns a little-endian ELF64 relocatable x86-64 file holding a
// null section, secs in order (indexes 1 to len(secs)), and a section name
// table, the last section.
func Build(secs ...Section) []byte {
	le := binary.LittleEndian
	shstr := []byte{0}
	names := make([]uint32, len(secs)+1)
	for i, s := range secs {
		names[i] = uint32(len(shstr))
		shstr = append(append(shstr, s.Name...), 0)
	}
	names[len(secs)] = uint32(len(shstr))
	shstr = append(shstr, ".shstrtab\x00"...)
	secs = append(secs[:len(secs):len(secs)], Section{Type: 3, Data: shstr})

	b := make([]byte, 64)
	copy(b, "\x7fELF\x02\x01\x01")
	le.PutUint16(b[16:], 1)  // ET_REL
	le.PutUint16(b[18:], 62) // EM_X86_64
	le.PutUint32(b[20:], 1)  // EV_CURRENT
	offs := make([]int, len(secs))
	for i, s := range secs {
		offs[i] = len(b)
		b = append(b, s.Data...)
	}
	shoff := len(b)
	b = append(b, make([]byte, 64)...) // the null section
	for i, s := range secs {
		h := make([]byte, 64)
		le.PutUint32(h, names[i])
		le.PutUint32(h[4:], s.Type)
		le.PutUint64(h[8:], s.Flags)
		le.PutUint64(h[24:], uint64(offs[i]))
		le.PutUint64(h[32:], uint64(len(s.Data)))
		le.PutUint32(h[40:], s.Link)
		le.PutUint32(h[44:], s.Info)
		b = append(b, h...)
	}
	le.PutUint64(b[40:], uint64(shoff))
	le.PutUint16(b[58:], 64)
	le.PutUint16(b[60:], uint16(len(secs)+1))
	le.PutUint16(b[62:], uint16(len(secs)))
	return b
}

// Chdr64 returns an Elf64_Chdr (little-endian) of compression type typ
// (1 zlib, 2 zstd) and uncompressed size size, followed by stream.
func Chdr64(typ uint32, size uint64, stream []byte) []byte {
	b := make([]byte, 24)
	binary.LittleEndian.PutUint32(b, typ)
	binary.LittleEndian.PutUint64(b[8:], size)
	binary.LittleEndian.PutUint64(b[16:], 1)
	return append(b, stream...)
}
