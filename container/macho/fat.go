package macho

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
)

// Universal (fat) file magic numbers, stored big-endian.
const (
	FAT_MAGIC    = 0xcafebabe // 20-byte fat_arch entries, 32-bit offsets
	FAT_MAGIC_64 = 0xcafebabf // 32-byte fat_arch_64 entries, 64-bit offsets
)

// maxFatArch32 bounds nfat_arch for FAT_MAGIC. Java class files start with the
// same four bytes, followed by their minor and major version (major >= 45),
// so LLVM's identify_magic only takes 0xcafebabe for a universal file when
// the next word is below 43 (it looks at the last byte only; this package
// looks at the whole word).
const maxFatArch32 = 43

const (
	fatHeaderSize  = 8
	fatArchSize32  = 20
	fatArchSize64  = 32
	fatArchOffSize = 8 // offset of the slice offset in both entry kinds
)

// ErrNotFat is returned by ParseFat for data that is not a universal file.
// Compare with ==.
var ErrNotFat = &FormatError{0, "not a universal (fat) file"}

// A FatArch is one slice of a universal file: an architecture and the byte
// range of its file (a Mach-O file, an ar archive, …) within the universal
// file's data.
type FatArch struct {
	Cpu, SubCpu uint32 // cputype, cpusubtype (with its capability bits)
	Arch        string // ArchName(Cpu, SubCpu)
	Off, Size   int64  // Off+Size <= len(data)
	Align       uint32 // log2 of the alignment, as stored; not checked
}

// IsFat reports whether data starts with a universal file header: the
// big-endian magic 0xcafebabe with fewer than 43 architectures, or 0xcafebabf.
func IsFat(data []byte) bool {
	if len(data) < fatHeaderSize {
		return false
	}
	switch binary.BigEndian.Uint32(data) {
	case FAT_MAGIC:
		return binary.BigEndian.Uint32(data[4:]) < maxFatArch32
	case FAT_MAGIC_64:
		return true
	}
	return false
}

// ParseFat reads the header of the universal file in data and returns its
// slices in header order. It reads the header itself, unlike
// debug/macho.NewFatFile, so that slices need not be Mach-O files (universal
// static libraries hold ar archives) and nothing is copied.
//
// The checks are those that keep a caller that slices data[Off:Off+Size] and
// looks inside safe and bounded: the entries fit in data; every slice lies
// within data and after the header and its entries (so a slice is always
// shorter than the file holding it); no two non-empty slices overlap (LLVM
// rejects that too; without it a small file could name the same large range
// many times); and no two slices have the same CPU type and subtype, ignoring
// capability bits (as LLVM and debug/macho require). Alignment is not
// checked. ParseFat returns ErrNotFat when IsFat(data) is false.
func ParseFat(data []byte) ([]FatArch, error) {
	if !IsFat(data) {
		return nil, ErrNotFat
	}
	be := binary.BigEndian
	entSize := uint64(fatArchSize32)
	if be.Uint32(data) == FAT_MAGIC_64 {
		entSize = fatArchSize64
	}
	n := be.Uint32(data[4:])
	tableEnd := fatHeaderSize + uint64(n)*entSize
	if tableEnd > uint64(len(data)) {
		return nil, &FormatError{4, fmt.Sprintf("%d architectures of %d bytes each do not fit in 0x%x bytes", n, entSize, len(data))}
	}
	arches := make([]FatArch, n)
	for i := range arches {
		e := data[fatHeaderSize+uint64(i)*entSize:]
		a := &arches[i]
		a.Cpu, a.SubCpu = be.Uint32(e), be.Uint32(e[4:])
		a.Arch = ArchName(a.Cpu, a.SubCpu)
		var off, size uint64
		if entSize == fatArchSize64 {
			off, size, a.Align = be.Uint64(e[8:]), be.Uint64(e[16:]), be.Uint32(e[24:])
		} else {
			off, size, a.Align = uint64(be.Uint32(e[8:])), uint64(be.Uint32(e[12:])), be.Uint32(e[16:])
		}
		entOff := int64(fatHeaderSize + uint64(i)*entSize)
		if off > uint64(len(data)) || size > uint64(len(data))-off {
			return nil, &FormatError{entOff + fatArchOffSize, fmt.Sprintf("slice %d (%s) [0x%x, 0x%x) runs past the end of the data (0x%x bytes)",
				i, a.Arch, off, off+size, len(data))}
		}
		if off < tableEnd {
			return nil, &FormatError{entOff + fatArchOffSize, fmt.Sprintf("slice %d (%s) at 0x%x overlaps the universal header, which ends at 0x%x",
				i, a.Arch, off, tableEnd)}
		}
		a.Off, a.Size = int64(off), int64(size)
	}
	if err := checkFatOverlaps(arches, entSize); err != nil {
		return nil, err
	}
	return arches, nil
}

// checkFatOverlaps rejects duplicate architectures and overlapping slices,
// in O(n log n) for the n entries (bounded by len(data)/20).
func checkFatOverlaps(arches []FatArch, entSize uint64) error {
	if len(arches) < 2 {
		return nil
	}
	entOff := func(i int) int64 { return int64(fatHeaderSize + uint64(i)*entSize) }
	idx := make([]int, len(arches))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int {
		a, b := &arches[i], &arches[j]
		return cmp.Or(cmp.Compare(a.Cpu, b.Cpu), cmp.Compare(a.SubCpu&^CPU_SUBTYPE_MASK, b.SubCpu&^CPU_SUBTYPE_MASK), cmp.Compare(i, j))
	})
	for k := 1; k < len(idx); k++ {
		a, b := &arches[idx[k-1]], &arches[idx[k]]
		if a.Cpu == b.Cpu && a.SubCpu&^CPU_SUBTYPE_MASK == b.SubCpu&^CPU_SUBTYPE_MASK {
			i := max(idx[k-1], idx[k]) // report the later entry
			return &FormatError{entOff(i), fmt.Sprintf("slices %d and %d are both for %s", min(idx[k-1], idx[k]), i, a.Arch)}
		}
	}

	slices.SortFunc(idx, func(i, j int) int {
		return cmp.Or(cmp.Compare(arches[i].Off, arches[j].Off), cmp.Compare(i, j))
	})
	// Among the non-empty slices sorted by start, an overlap shows up
	// between a slice and the furthest-reaching one before it.
	reach := -1 // index of the non-empty slice seen so far that ends last
	for _, i := range idx {
		a := &arches[i]
		if a.Size == 0 {
			continue
		}
		if reach >= 0 {
			r := &arches[reach]
			if a.Off < r.Off+r.Size {
				// Report the entry that comes later in the header.
				j, k := max(i, reach), min(i, reach)
				x, y := &arches[j], &arches[k]
				return &FormatError{entOff(j) + fatArchOffSize, fmt.Sprintf("slice %d (%s) [0x%x, 0x%x) overlaps slice %d (%s) [0x%x, 0x%x)",
					j, x.Arch, x.Off, x.Off+x.Size, k, y.Arch, y.Off, y.Off+y.Size)}
			}
		}
		if reach < 0 || a.Off+a.Size > arches[reach].Off+arches[reach].Size {
			reach = i
		}
	}
	return nil
}
