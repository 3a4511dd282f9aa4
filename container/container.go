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

// String returns the format's lower-case name: "elf", "macho",
// "universal", ..., "unknown".
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
	KindBitcode     Kind = iota + 1 // one bitcode module (.llvmbc, __LLVM,__bitcode, a bitcode file or member, a file of a bitcode bundle)
	KindLTO                         // fat-LTO bitcode (.llvm.lto, SHT_LLVM_LTO)
	KindCmdline                     // the clang -cc1 arguments of one module (.llvmcmd, __LLVM,__cmdline)
	KindBundle                      // a Mach-O bitcode bundle (__LLVM,__bundle, a xar archive)
	KindMarker                      // an -fembed-bitcode=marker stub: a bitcode section with no bitcode, or ld64's one-byte __LLVM,__bundle
	KindOffload                     // an offload image (of .llvm.offloading or a package) that is not bitcode, or a section that cannot be decoded
	KindExtension                   // another LLVM extension section (SHT_LLVM_*, __LLVM,__cg_profile, ...)
	KindBitcodePath                 // the path of a bitcode file gllvm or wllvm recorded for an object (.llvm_bc, __WLLVM,__llvm_bc: one per line)
)

// NumKinds is one more than the largest Kind: an array indexed by Kind
// has NumKinds elements, and the kinds run from KindBitcode to
// NumKinds-1.
const NumKinds = int(KindBitcodePath) + 1

var kindNames = [...]string{
	KindBitcode:     "bitcode",
	KindLTO:         "lto",
	KindCmdline:     "cmdline",
	KindBundle:      "bundle",
	KindMarker:      "marker",
	KindOffload:     "offload",
	KindExtension:   "extension",
	KindBitcodePath: "bcpath",
}

// String returns the kind's name as the list command prints it: "bitcode",
// "lto", "cmdline", "bundle", "marker", "offload", "extension" or "bcpath".
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

// A Payload is one LLVM payload found in a file. The *Payload a Walk
// callback receives is the walker's, valid until the callback returns;
// keep p.Clone() instead.
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
	SectionType elf.SectionType
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
	// Module is the 1-based position of a bitcode module (or command line,
	// or offload image) in its section or file, the N of the path's final
	// "#N"; 0 when the payload is not split into modules.
	Module int
	// Modules is how many payloads were split from that section or file
	// (Module's largest value); 0 when the payload is not split.
	Modules int
	// Triple and OffloadArch are an offload image's "triple" and "arch"
	// strings; "" for other payloads.
	Triple, OffloadArch string
	// Cmdline is, for a bitcode module, the command line (NUL-separated
	// clang -cc1 arguments) that produced it, when the object records one
	// that can be paired with it, or that a bitcode bundle records for it;
	// nil otherwise.
	Cmdline []byte
	// Malformed is set on a payload reported whole because its bytes are
	// not what its kind promises (a bitcode section that cannot be split
	// into modules or holds none, an offload section that does not decode,
	// a bundle whose table of contents does not read): the walk returns an
	// Error about it, so a caller whose decoding of it fails again need not
	// report that too.
	Malformed bool
	// Bundle is what the table of contents of a bitcode bundle records, on
	// the bundle's own payload (KindBundle) and on those of its files; nil
	// for other payloads.
	Bundle *BundleInfo
}

// Clone returns a copy of p that stays valid after the Walk callback that
// received p returns. The copy shares Data, Cmdline and Bundle with p:
// none of them is reused by the walker.
func (p *Payload) Clone() *Payload {
	c := *p
	return &c
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
