// Package container finds the LLVM payloads inside a file: bitcode modules,
// their command lines, fat-LTO bitcode, Mach-O bitcode bundles and markers,
// offload sections and LLVM's extension sections. It recognizes ELF,
// Mach-O (thin and universal), COFF objects, PE images, WebAssembly binaries,
// ar archives (GNU, BSD, thin; Rust .rlib files) and bare bitcode files by
// their magic numbers, and walks nested containers: an archive's members, a
// universal file's slices, the objects inside them, and the files of the
// bitcode bundles (xar archives) of Mach-O images.
//
// Containers only locate byte ranges. A payload's bytes are a sub-slice of
// the data given to the walker (usually a memory-mapped file), never a copy,
// except for a bundle member stored compressed and an ELF section stored
// compressed (SHF_COMPRESSED, zlib or zstd), whose payloads hold the decoded
// bytes (see Payload.Decoded).
//
// Every payload is named by a container path, which reads from the outside
// in:
//
//	libfoo.a(bar.o)[arm64]:__LLVM,__bitcode#1
//
// A file name, then "(member)" for each archive member, "[arch]" for each
// universal slice, ":section" for the section (Mach-O as "SEGMENT,SECTION"),
// and "#N" for the N-th module of a bitcode section or file (or the N-th
// command line of a command-line section, or the N-th image of an offload
// section or package). A file of a bitcode bundle is "/name" after the
// bundle's section: app[arm64]:__LLVM,__bundle/1. A member name, file name
// or arch that occurs
// more than once in its container has "@N" appended to every occurrence
// (N counts from 1 in file order); a section name that occurs more than once
// in its object has "@I" appended, I being the section's index.
package container

import (
	"fmt"

	"github.com/bcextract/bcextract/container/archive"
	"github.com/bcextract/bcextract/container/coff"
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/container/macho"
	"github.com/bcextract/bcextract/container/wasm"
	"github.com/bcextract/bcextract/container/xar"
	"github.com/bcextract/bcextract/sections"
	"github.com/bcextract/bcextract/wrapper"
)

// A Format is a kind of container or file.
type Format uint8

// Formats, as Detect reports them.
const (
	Unknown Format = iota
	Bitcode        // a bitcode file, raw or wrapped, possibly several modules
	ELF
	MachO     // a thin Mach-O file
	Universal // a Mach-O universal (fat) file
	COFF      // a COFF object file
	PE        // a PE image (executable or DLL)
	Archive   // an ar archive: GNU, BSD or thin
	Offload   // an offload package: OffloadBinary images back to back
	Wasm      // a WebAssembly binary (object or module)
)

var formatNames = [...]string{
	Unknown:   "unknown",
	Bitcode:   "bitcode",
	ELF:       "elf",
	MachO:     "macho",
	Universal: "universal",
	COFF:      "coff",
	PE:        "pe",
	Archive:   "archive",
	Offload:   "offload",
	Wasm:      "wasm",
}

func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// Detect returns the format of data from its magic number. It does not
// check anything past the headers it needs to tell formats apart.
func Detect(data []byte) Format {
	switch {
	case wrapper.IsRaw(data) || wrapper.IsWrapper(data):
		return Bitcode
	case elf.IsELF(data):
		return ELF
	case macho.IsThin(data):
		return MachO
	case macho.IsFat(data):
		return Universal
	case archive.IsArchive(data):
		return Archive
	case coff.IsImage(data):
		return PE
	case coff.IsObject(data):
		return COFF
	case sections.IsOffloadBinary(data):
		return Offload
	case wasm.IsWasm(data):
		return Wasm
	}
	return Unknown
}

// A Kind says what a payload holds.
type Kind uint8

// Payload kinds.
const (
	KindBitcode   Kind = iota + 1 // one bitcode module (.llvmbc, __LLVM,__bitcode, a bitcode file or member, a file of a bitcode bundle)
	KindLTO                       // fat-LTO bitcode (.llvm.lto, SHT_LLVM_LTO)
	KindCmdline                   // the clang -cc1 arguments of one module (.llvmcmd, __LLVM,__cmdline)
	KindBundle                    // a Mach-O bitcode bundle (__LLVM,__bundle, a xar archive)
	KindMarker                    // an -fembed-bitcode=marker stub: a bitcode section with no bitcode, or ld64's one-byte __LLVM,__bundle
	KindOffload                   // an offload image (of .llvm.offloading or a package) that is not bitcode, or a section that cannot be decoded
	KindExtension                 // another LLVM extension section (SHT_LLVM_*, __LLVM,__cg_profile, ...)
)

var kindNames = [...]string{
	KindBitcode:   "bitcode",
	KindLTO:       "lto",
	KindCmdline:   "cmdline",
	KindBundle:    "bundle",
	KindMarker:    "marker",
	KindOffload:   "offload",
	KindExtension: "extension",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// ParseKind returns the Kind whose String is s.
func ParseKind(s string) (Kind, bool) {
	for k, n := range kindNames {
		if n != "" && n == s {
			return Kind(k), true
		}
	}
	return 0, false
}

// IsModule reports whether a payload of kind k is a bitcode module.
func (k Kind) IsModule() bool { return k == KindBitcode || k == KindLTO }

// A Compression is how the section holding a payload is stored.
type Compression uint8

// Compressions: ELF's SHF_COMPRESSED sections, by ch_type.
const (
	CompressNone Compression = iota // stored as is
	CompressZlib                    // ELFCOMPRESS_ZLIB
	CompressZstd                    // ELFCOMPRESS_ZSTD
)

var compressionNames = [...]string{CompressNone: "", CompressZlib: "zlib", CompressZstd: "zstd"}

// String returns "zlib" or "zstd", and "" for CompressNone.
func (c Compression) String() string {
	if int(c) < len(compressionNames) {
		return compressionNames[c]
	}
	return fmt.Sprintf("Compression(%d)", uint8(c))
}

// A Payload is one LLVM payload found in a file.
type Payload struct {
	// Path is the container path naming the payload (see the package doc).
	Path string
	Kind Kind
	// Format is the format of the object holding the payload: ELF, MachO,
	// COFF, PE, Wasm, or Bitcode for a bare bitcode file or archive member.
	Format Format
	// Arch is the architecture of that object as LLVM names it in triples
	// ("x86_64", "arm64", ...), or "" when unknown or not applicable.
	Arch string
	// Section is the section's name ("" for a bitcode file or member); Mach-O
	// sections are named "SEGMENT,SECTION".
	Section string
	// SectionType is the ELF sh_type of the section, 0 for other formats.
	SectionType uint32
	// SectionOff and SectionSize locate the whole section (or bitcode file,
	// or offload package) in File: a payload split from it lies inside.
	SectionOff, SectionSize int64
	// File is the file that holds the bytes: the walked file, or for a thin
	// archive's member the member's own file.
	File string
	// Off is the byte offset of the payload in File, and Size its length.
	// For a file of a bitcode bundle they locate its archived bytes, which
	// are compressed when Decoded reports true. For a payload of a
	// compressed section (see Compression) they locate the whole section
	// as stored, compression header included, as SectionOff and
	// SectionSize do, also for each module, command line or offload image
	// split from it: those lie in the decompressed bytes, not in File.
	Off, Size int64
	// Data is the payload's bytes, a sub-slice of the walked data (or of a
	// thin member's mapping, valid until the Walker is closed): File's
	// bytes at [Off, Off+Size). The exceptions are a file of a bitcode
	// bundle stored compressed, and a payload of a compressed section:
	// Data is then the decoded file, or the payload's part of the
	// decompressed section, in a new slice (see Decoded).
	Data []byte
	// Compression is how the section holding the payload is stored: for
	// an ELF section flagged SHF_COMPRESSED, zlib or zstd (Data is then
	// decompressed); CompressNone otherwise.
	Compression Compression
	// Module is the 1-based position of a bitcode module (or command line)
	// in its section or file, 0 when the payload is not split into modules.
	Module int
	// Triple and OffloadArch are an offload image's "triple" and "arch"
	// strings; "" for other payloads.
	Triple, OffloadArch string
	// Cmdline is, for a bitcode module, the command line (NUL-separated
	// clang -cc1 arguments) that produced it, when the object records one
	// that can be paired with it, or that a bitcode bundle records for it;
	// nil otherwise.
	Cmdline []byte
	// Bundle is what the table of contents of a bitcode bundle records, on
	// the bundle's own payload (KindBundle) and on those of its files; nil
	// for other payloads.
	Bundle *BundleInfo
}

// Decoded reports whether Data was decoded from compressed bytes (a file of
// a bitcode bundle stored gzip- or bzip2-encoded, or a payload of an ELF
// section stored compressed, see Compression), and so is not File's bytes
// at [Off, Off+Size): Off and Size locate the compressed bytes, and
// len(Data) is the payload's decoded size.
func (p *Payload) Decoded() bool {
	return p.Compression != CompressNone ||
		p.Bundle != nil && p.Bundle.Member != nil && p.Bundle.Member.Encoding != xar.EncodingNone
}
