package sections

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strconv"
)

// Reasons LLVM 22 gives for an OffloadBinary it rejects: the messages of
// object_error::parse_failed and object_error::unexpected_eof. llvm-objdump-22
// --offloading prints them as
//
//	llvm-objdump-22: error: '<file>': while extracting offloading files: <Msg>
//
// and nothing else for the file.
const (
	msgOffloadInvalid = "Invalid data was encountered while parsing the file"
	msgOffloadEOF     = "The end of the file was unexpectedly encountered"
)

// Sizes of the OffloadBinary version 1 records, and the version itself.
const (
	offloadHeaderSize = 32                                   // magic, version, size, entry offset, entry size
	offloadEntrySize  = 40                                   // kinds, flags, string map, image
	offloadStrEntSize = 16                                   // key offset, value offset
	offloadMinSize    = offloadHeaderSize + offloadEntrySize // LLVM 22 rejects a shorter buffer
	offloadVersion    = 1                                    // the only version LLVM 22 reads or writes
)

// offloadMagic starts every OffloadBinary (0x10FF10AD read as big-endian).
const offloadMagic = "\x10\xff\x10\xad"

// ImageKind is the kind of device image an OffloadBinary carries (LLVM's
// object::ImageKind).
type ImageKind uint16

// The image kinds of LLVM 22. llvm-offload-binary-22 picks one from the
// extension of the image file: .o, .bc, .cubin, .fatbin, .s; anything else,
// .spv included, gives IMG_None.
const (
	IMG_None      ImageKind = iota // no kind recorded
	IMG_Object                     // an object file, ELF for every current offload target
	IMG_Bitcode                    // LLVM IR bitcode
	IMG_Cubin                      // NVIDIA cubin
	IMG_Fatbinary                  // NVIDIA fat binary
	IMG_PTX                        // PTX assembly
	IMG_SPIRV                      // SPIR-V
)

var imageKindNames = [...]struct{ objdump, c string }{
	IMG_None:      {"<none>", "IMG_None"},
	IMG_Object:    {"elf", "IMG_Object"},
	IMG_Bitcode:   {"llvm ir", "IMG_Bitcode"},
	IMG_Cubin:     {"cubin", "IMG_Cubin"},
	IMG_Fatbinary: {"fatbinary", "IMG_Fatbinary"},
	IMG_PTX:       {"ptx", "IMG_PTX"},
	IMG_SPIRV:     {"<none>", "IMG_SPIRV"}, // llvm-objdump-22 has no name for it
}

// String returns the name llvm-objdump-22 --offloading prints after "kind":
// "elf", "llvm ir", "cubin", "fatbinary" or "ptx", and "<none>" for IMG_None,
// IMG_SPIRV and values LLVM 22 does not define.
func (k ImageKind) String() string {
	if int(k) < len(imageKindNames) {
		return imageKindNames[k].objdump
	}
	return "<none>"
}

// GoString returns the constant's name, e.g. "IMG_SPIRV", or "ImageKind(9)".
func (k ImageKind) GoString() string {
	if int(k) < len(imageKindNames) {
		return imageKindNames[k].c
	}
	return "ImageKind(" + strconv.Itoa(int(k)) + ")"
}

// OffloadKind is the offloading model that produced an image (LLVM's
// object::OffloadKind). The values are bits, but an entry holds one of them.
type OffloadKind uint16

// The offload kinds of LLVM 22.
const (
	OFK_None   OffloadKind = 0
	OFK_OpenMP OffloadKind = 1 << 0
	OFK_Cuda   OffloadKind = 1 << 1
	OFK_HIP    OffloadKind = 1 << 2
	OFK_SYCL   OffloadKind = 1 << 3
)

var offloadKindNames = []struct {
	k          OffloadKind
	objdump, c string
}{
	{OFK_None, "none", "OFK_None"},
	{OFK_OpenMP, "openmp", "OFK_OpenMP"},
	{OFK_Cuda, "cuda", "OFK_Cuda"},
	{OFK_HIP, "hip", "OFK_HIP"},
	{OFK_SYCL, "sycl", "OFK_SYCL"},
}

// String returns the name llvm-objdump-22 --offloading prints after
// "producer" (LLVM's getOffloadKindName): "openmp", "cuda", "hip", "sycl",
// and "none" for OFK_None and any other value, combinations of bits included.
func (k OffloadKind) String() string {
	for _, n := range offloadKindNames {
		if n.k == k {
			return n.objdump
		}
	}
	return "none"
}

// GoString returns the constant's name, e.g. "OFK_HIP", or "OffloadKind(3)".
func (k OffloadKind) GoString() string {
	for _, n := range offloadKindNames {
		if n.k == k {
			return n.c
		}
	}
	return "OffloadKind(" + strconv.Itoa(int(k)) + ")"
}

// An OffloadString is one key/value pair of an OffloadBinary's string map.
type OffloadString struct {
	Key, Value string
}

// An OffloadBinary is one OffloadBinary (format version 1) as
// clang-offload-packager / llvm-offload-binary write it and clang embeds it
// with -fembed-offload-object: one device image and the strings describing
// it.
type OffloadBinary struct {
	Off         int64 // offset of the binary's header in the decoded data
	Size        int64 // the header's size field: the binary spans data[Off:Off+Size]
	Version     uint32
	ImageKind   ImageKind
	OffloadKind OffloadKind
	Flags       uint32
	// Strings holds the string map in stored order, usually "arch" and
	// "triple" first, then any other key given to the packager. Keys may
	// repeat; see String.
	Strings []OffloadString
	// The image is data[ImageOff:ImageOff+ImageSize], relative to the data
	// given to DecodeOffloading (not to the binary).
	ImageOff, ImageSize int64
}

// String returns the value of key, or "" if there is none. As in LLVM, whose
// string map keeps one value per key, a repeated key gives its last value.
// The "triple" and "arch" values are what llvm-objdump-22 prints.
func (b *OffloadBinary) String(key string) string {
	for i := len(b.Strings) - 1; i >= 0; i-- {
		if b.Strings[i].Key == key {
			return b.Strings[i].Value
		}
	}
	return ""
}

// IsOffloadBinary reports whether data starts with the OffloadBinary magic
// 10 FF 10 AD, the test LLVM's identify_magic makes.
func IsOffloadBinary(data []byte) bool {
	return len(data) >= len(offloadMagic) && string(data[:len(offloadMagic)]) == offloadMagic
}

// DecodeOffloading decodes an SHT_LLVM_OFFLOADING section (.llvm.offloading,
// or a COFF section whose name starts with it), or a file written by
// clang-offload-packager: OffloadBinaries back to back until the data ends.
// The fields are little-endian, as every LLVM host writes them.
//
// Like LLVM 22 (and unlike later versions, which align to 8), the next binary
// starts at Off+Size even if Size is not a multiple of 8; the writer always
// makes it one. Nothing may follow the last binary, not even zero padding.
// Empty data holds no binaries.
//
// Each binary gets the checks LLVM 22's OffloadBinary::create makes, first
// against the rest of the data and then against the binary's own Size bytes
// (LLVM parses the binary twice, the second time in a copy of those bytes).
// A failed check gives a *DecodeError with Msg
//
//	"Invalid data was encountered while parsing the file"
//
// when fewer than 72 bytes are left (Off at the binary) or Size is below 72
// (Off at the size field), the magic is wrong (Off at the binary), or the
// version is not 1 (Off at the version), and
//
//	"The end of the file was unexpectedly encountered"
//
// when Size exceeds the data or is below 40, the entry's offset exceeds
// Size-40 or the header's entry size exceeds Size-32, or the image or the
// string map starts past the end; Off is then at the offending field.
//
// LLVM 22 checks nothing else: it reads the string map wherever the entry
// says, after the first parse's checks, and leaves the image size to its
// users. DecodeOffloading reports what lies outside the binary with the
// second message too: string map entries (Off at the count), an image
// running past the end (Off at the image size), a key or value starting past
// the end (Off at the string entry's field). A key or value runs to its NUL
// or, as in LLVM's NUL-terminated copy, to the end of the binary; one
// starting at the end is empty.
//
// The binaries decoded before an error come back with it; llvm-objdump-22
// prints none of them.
//
// The binaries are checked and counted in a first pass that allocates
// nothing, so that the result is allocated once at its size.
func DecodeOffloading(section string, data []byte) ([]OffloadBinary, error) {
	n := 0
	var err error
	for off := 0; off < len(data); n++ {
		var b OffloadBinary
		if b, err = decodeOffloadBinary(section, data, off, false); err != nil {
			break
		}
		off += int(b.Size) // Size >= 72 and within the data
	}
	if n == 0 {
		return nil, err
	}
	bins := make([]OffloadBinary, 0, n)
	for off := 0; off < len(data); {
		b, err := decodeOffloadBinary(section, data, off, true)
		if err != nil {
			return bins, err
		}
		bins = append(bins, b)
		off += int(b.Size)
	}
	return bins, nil
}

// offloadEntryFields are the fields of an entry, read at byte e of the data.
type offloadEntryFields struct {
	strOff, numStr, imgOff, imgSize uint64
}

func readOffloadEntry(data []byte, e int) offloadEntryFields {
	le := binary.LittleEndian
	return offloadEntryFields{
		strOff:  le.Uint64(data[e+8:]),
		numStr:  le.Uint64(data[e+16:]),
		imgOff:  le.Uint64(data[e+24:]),
		imgSize: le.Uint64(data[e+32:]),
	}
}

// checkOffloadHeader makes OffloadBinary::create's checks on the binary at
// data[off:end], in LLVM 22's order. A buffer too short is reported at byte
// shortAt. It returns the absolute offset of the entry, or the first failure.
func checkOffloadHeader(section string, data []byte, off, end, shortAt int) (int, error) {
	buf := data[off:end]
	fail := func(at int, msg string) (int, error) {
		return 0, &DecodeError{Section: section, Off: int64(at), Msg: msg}
	}
	if len(buf) < offloadMinSize {
		return fail(shortAt, msgOffloadInvalid)
	}
	if !IsOffloadBinary(buf) {
		return fail(off, msgOffloadInvalid)
	}
	le := binary.LittleEndian
	if le.Uint32(buf[4:]) != offloadVersion {
		return fail(off+4, msgOffloadInvalid)
	}
	size := le.Uint64(buf[8:])
	if size > uint64(len(buf)) || size < offloadEntrySize {
		return fail(off+8, msgOffloadEOF)
	}
	if le.Uint64(buf[16:]) > size-offloadEntrySize {
		return fail(off+16, msgOffloadEOF)
	}
	if le.Uint64(buf[24:]) > size-offloadHeaderSize {
		return fail(off+24, msgOffloadEOF)
	}
	e := off + int(le.Uint64(buf[16:])) // within buf, 40 bytes before its size
	ent := readOffloadEntry(data, e)
	if ent.imgOff > uint64(len(buf)) {
		return fail(e+24, msgOffloadEOF)
	}
	if ent.strOff > uint64(len(buf)) {
		return fail(e+8, msgOffloadEOF)
	}
	return e, nil
}

// decodeOffloadBinary decodes the binary at data[off:]. Without strs it
// checks everything but leaves the binary's Strings nil, allocating nothing.
func decodeOffloadBinary(section string, data []byte, off int, strs bool) (OffloadBinary, error) {
	// LLVM 22 parses the binary twice: in the rest of the section, then in a
	// copy of its first Size bytes.
	if _, err := checkOffloadHeader(section, data, off, len(data), off); err != nil {
		return OffloadBinary{}, err
	}
	le := binary.LittleEndian
	size := int(le.Uint64(data[off+8:])) // checked: at most len(data)-off
	// In the copy, a short buffer means Size is below 72.
	e, err := checkOffloadHeader(section, data, off, off+size, off+8)
	if err != nil {
		return OffloadBinary{}, err
	}
	fail := func(at int) (OffloadBinary, error) {
		return OffloadBinary{}, &DecodeError{Section: section, Off: int64(at), Msg: msgOffloadEOF}
	}
	ent := readOffloadEntry(data, e)
	usize := uint64(size)
	// strOff and imgOff are at most size (checked above).
	if ent.numStr > (usize-ent.strOff)/offloadStrEntSize {
		return fail(e + 16)
	}
	if ent.imgSize > usize-ent.imgOff {
		return fail(e + 32)
	}
	bin := data[off : off+size]
	var strList []OffloadString
	if strs {
		strList, err = decodeOffloadStrings(section, bin, off, int(ent.strOff), int(ent.numStr))
	} else {
		err = checkOffloadStrings(section, bin, off, int(ent.strOff), int(ent.numStr))
	}
	if err != nil {
		return OffloadBinary{}, err
	}
	return OffloadBinary{
		Off:         int64(off),
		Size:        int64(size),
		Version:     le.Uint32(data[off+4:]),
		ImageKind:   ImageKind(le.Uint16(data[e:])),
		OffloadKind: OffloadKind(le.Uint16(data[e+2:])),
		Flags:       le.Uint32(data[e+4:]),
		Strings:     strList,
		ImageOff:    int64(off) + int64(ent.imgOff),
		ImageSize:   int64(ent.imgSize),
	}, nil
}

// checkOffloadStrings makes the checks of decodeOffloadStrings, in the same
// order, without decoding anything.
func checkOffloadStrings(section string, bin []byte, base, at, n int) error {
	le := binary.LittleEndian
	for i := range 2 * n {
		p := at + 8*i
		if le.Uint64(bin[p:]) > uint64(len(bin)) {
			return &DecodeError{Section: section, Off: int64(base + p), Msg: msgOffloadEOF}
		}
	}
	return nil
}

// decodeOffloadStrings reads the n string entries at bin[at:] (they fit) of
// the binary bin, which starts at byte base of the data. Each key and value
// runs from its offset to the next NUL or the end of bin.
//
// Entries may point anywhere and at the same bytes many times, so the work
// and the copying are kept linear in len(bin): every distinct offset's end
// is found in one pass over sorted offsets, and the strings are substrings
// of one copy of the bytes they span.
func decodeOffloadStrings(section string, bin []byte, base, at, n int) ([]OffloadString, error) {
	if n == 0 {
		return nil, nil
	}
	le := binary.LittleEndian
	offs := make([]int, 0, 2*n) // n entries fit in bin: bounded by len(bin)/8
	for i := range n {
		p := at + i*offloadStrEntSize
		for j := range 2 {
			o := le.Uint64(bin[p+8*j:])
			if o > uint64(len(bin)) {
				return nil, &DecodeError{Section: section, Off: int64(base + p + 8*j), Msg: msgOffloadEOF}
			}
			offs = append(offs, int(o))
		}
	}
	starts := slices.Clone(offs)
	slices.Sort(starts)
	starts = slices.Compact(starts)
	ends := make([]int, len(starts))
	next := len(bin) // where the string at the following start ends
	for i := len(starts) - 1; i >= 0; i-- {
		lim := len(bin)
		if i+1 < len(starts) {
			lim = starts[i+1]
		}
		if z := bytes.IndexByte(bin[starts[i]:lim], 0); z >= 0 {
			next = starts[i] + z
		}
		ends[i] = next
	}
	lo, hi := starts[0], slices.Max(ends)
	s := string(bin[lo:hi])
	str := func(o int) string {
		i, _ := slices.BinarySearch(starts, o)
		return s[o-lo : ends[i]-lo]
	}
	out := make([]OffloadString, n)
	for i := range out {
		out[i] = OffloadString{Key: str(offs[2*i]), Value: str(offs[2*i+1])}
	}
	return out, nil
}
