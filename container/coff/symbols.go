package coff

import (
	"encoding/binary"
	"fmt"
)

// SymbolNames returns the name of every entry of the symbol table of the
// object in data (the data given to NewFile), indexed as COFF symbol
// indices count: auxiliary records take indices of their own and have
// empty names. Long names come from the string table that follows the
// symbol table; their total length is held to the size of data.
func (f *File) SymbolNames(data []byte) ([]string, error) {
	t := f.symtab
	if t.symOff == 0 || t.nsyms == 0 {
		return nil, nil
	}
	if t.symOff > uint64(len(data)) || t.nsyms > (uint64(len(data))-t.symOff)/t.symSize {
		return nil, &FormatError{int64(t.symOff), fmt.Sprintf("symbol table of %d symbols at 0x%x runs past the end of the data (0x%x bytes)", t.nsyms, t.symOff, len(data))}
	}
	strtab := stringTable{data: data, off: t.symOff + t.nsyms*t.symSize, present: true}
	names := make([]string, t.nsyms)
	budget := len(data)
	for i := uint64(0); i < t.nsyms; {
		e := data[t.symOff+i*t.symSize:]
		var name string
		if binary.LittleEndian.Uint32(e) == 0 {
			s, err := strtab.lookup(uint64(binary.LittleEndian.Uint32(e[4:])))
			if err != nil {
				return nil, &FormatError{int64(t.symOff + i*t.symSize), fmt.Sprintf("symbol %d: %v", i, err)}
			}
			name = s
		} else {
			n := 0
			for n < 8 && e[n] != 0 {
				n++
			}
			name = string(e[:n])
		}
		if budget -= len(name); budget < 0 {
			return nil, &FormatError{int64(t.symOff + i*t.symSize), "symbol names add up to more than the data"}
		}
		names[i] = name
		aux := uint64(e[t.symSize-1]) // NumberOfAuxSymbols, the last byte
		i += 1 + aux
	}
	return names, nil
}
