package container

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/container/archive"
	"github.com/bcextract/bcextract/container/coff"
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/container/macho"
	"github.com/bcextract/bcextract/container/wasm"
	"github.com/bcextract/bcextract/internal/mmap"
	"github.com/bcextract/bcextract/sections"
	"github.com/bcextract/bcextract/wrapper"
)

// DefaultMaxDepth is the nesting depth of containers a zero Walker accepts:
// an archive in a universal file in an archive is depth 3.
const DefaultMaxDepth = 16

// A Walker finds the payloads of files. The zero value is ready to use.
// A Walker keeps the files of thin archive members mapped until Close, so
// the payloads it reported stay valid until then.
type Walker struct {
	// MaxDepth bounds the nesting of containers; 0 means DefaultMaxDepth.
	MaxDepth int
	// OpenFile maps the file of a thin archive's member. Nil means mapping
	// it read-only from the file system.
	OpenFile func(name string) (data []byte, c io.Closer, err error)

	closers []io.Closer
}

// Close releases the files the Walker opened for thin archive members.
func (w *Walker) Close() error {
	var errs []error
	for _, c := range w.closers {
		errs = append(errs, c.Close())
	}
	w.closers = nil
	return errors.Join(errs...)
}

// Walk calls fn for every payload in data, which holds the file named file,
// in file order. A malformed container or payload does not stop the walk:
// its siblings are still visited, and Walk returns every such problem as an
// *Error, joined with errors.Join. A payload whose bitcode cannot be split
// into modules is still reported, whole, besides its error. If fn returns an
// error, the walk stops and Walk returns that error.
func (w *Walker) Walk(file string, data []byte, fn func(*Payload) error) error {
	s := &walk{w: w, fn: fn, max: w.MaxDepth, bundleBudget: 16*int64(len(data)) + 1<<20}
	if s.max <= 0 {
		s.max = DefaultMaxDepth
	}
	n := node{file: file, path: file}
	if Detect(data) == Unknown {
		// The magic number at byte 0 is what is not recognized.
		s.fail(n, 0, ErrUnknownFormat)
	} else {
		s.container(n, data)
	}
	if s.stop != nil {
		return s.stop
	}
	return errors.Join(s.errs...)
}

// Errors returns the errors a Walk returned, one per problem: those
// joined in err, or err itself.
func Errors(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// node is a position in the container tree.
type node struct {
	file  string // the file holding the bytes
	path  string // container path of this container
	base  int64  // offset of this container's bytes in file
	depth int
	// viaThin is set inside a thin archive's member: a thin archive there
	// is not followed, so that archives naming themselves (or each other)
	// cannot make the walk open files without end.
	viaThin bool
}

type walk struct {
	w    *Walker
	fn   func(*Payload) error
	max  int
	errs []error
	stop error
	// bundleBudget is the data the bitcode bundles may still take (their
	// tables of contents, and their files' archived and decoded bytes).
	bundleBudget int64
}

func (s *walk) fail(n node, off int64, err error) {
	if rel, _, ok := located(err); ok && off >= 0 {
		off += rel
	}
	s.errs = append(s.errs, &Error{Path: n.path, File: n.file, Off: off, Err: err})
}

func (s *walk) emit(p *Payload) {
	if s.stop == nil {
		s.stop = s.fn(p)
	}
}

// container walks the container in data, whose format is known to be one
// Detect recognizes. Unknown formats are ignored (archive members that are
// not objects, such as a Rust rlib's metadata).
func (s *walk) container(n node, data []byte) {
	if s.stop != nil {
		return
	}
	if n.depth >= s.max {
		s.fail(n, n.base, ErrTooDeep)
		return
	}
	switch Detect(data) {
	case Bitcode:
		s.bitcodeFile(n, data)
	case ELF:
		s.elf(n, data)
	case MachO:
		s.macho(n, data)
	case Universal:
		s.universal(n, data)
	case COFF, PE:
		s.coff(n, data)
	case Wasm:
		s.wasm(n, data)
	case Archive:
		s.archive(n, data)
	case Offload:
		whole := Payload{Path: n.path, Kind: KindOffload, Format: Offload, File: n.file, Off: n.base, Size: int64(len(data)), Data: data,
			SectionOff: n.base, SectionSize: int64(len(data))}
		for _, p := range s.offload(n, whole) {
			s.emit(&p)
		}
	}
}

func (s *walk) child(n node, path string, off int64) node {
	return node{file: n.file, path: path, base: n.base + off, depth: n.depth + 1, viaThin: n.viaThin}
}

func (s *walk) archive(n node, data []byte) {
	a, err := archive.Parse(data)
	if err != nil {
		// The members before the bad header are still walked, as llvm-ar
		// lists them.
		s.fail(n, n.base, err)
		if a == nil {
			return
		}
	}
	if a.Kind == archive.Thin && n.viaThin {
		s.fail(n, n.base, ErrNestedThin)
		return
	}
	names := make([]string, len(a.Members))
	for i := range a.Members {
		names[i] = a.Members[i].Name
	}
	labels := uniqueLabels(names)
	for i := range a.Members {
		m := &a.Members[i]
		path := n.path + "(" + labels[i] + ")"
		if a.Kind != archive.Thin {
			data := m.Data
			if a.Kind == archive.BSD && Detect(data) == Bitcode {
				// Darwin archives pad members to 8 bytes with newlines,
				// counted in the member's size.
				data = trimPad(data)
			}
			s.container(s.child(n, path, m.Off), data)
			continue
		}
		file := m.Name
		if !filepath.IsAbs(file) {
			file = filepath.Join(filepath.Dir(n.file), file)
		}
		mn := node{file: file, path: path, depth: n.depth + 1, viaThin: true}
		data, err := s.open(file)
		if err != nil {
			// Located at the member's header in the archive, which names
			// the file that cannot be read.
			s.errs = append(s.errs, &Error{Path: path, File: n.file, Off: n.base + m.HeaderOff,
				Err: fmt.Errorf("thin archive member: %w", err)})
			continue
		}
		if Detect(data) != Unknown {
			s.container(mn, data)
		}
	}
}

// trimPad drops the newlines (at most 7) that pad a BSD archive member.
func trimPad(b []byte) []byte {
	for i := 0; i < 7 && len(b) > 0 && b[len(b)-1] == '\n'; i++ {
		b = b[:len(b)-1]
	}
	return b
}

func (s *walk) open(name string) ([]byte, error) {
	if s.w.OpenFile != nil {
		data, c, err := s.w.OpenFile(name)
		if err != nil {
			return nil, err
		}
		if c != nil {
			s.w.closers = append(s.w.closers, c)
		}
		return data, nil
	}
	m, err := mmap.Open(name)
	if err != nil {
		return nil, err
	}
	s.w.closers = append(s.w.closers, m)
	return m.Bytes, nil
}

func (s *walk) universal(n node, data []byte) {
	arches, err := macho.ParseFat(data)
	if err != nil {
		s.fail(n, n.base, err)
		return
	}
	names := make([]string, len(arches))
	for i, a := range arches {
		names[i] = a.Arch
	}
	labels := uniqueLabels(names)
	for i, a := range arches {
		c := s.child(n, n.path+"["+labels[i]+"]", a.Off)
		s.container(c, data[a.Off:a.Off+a.Size])
	}
}

// A section is a section of an object that holds a payload.
type section struct {
	name  string
	typ   uint32
	index int
	off   int64 // in the object's data
	size  int64
	kind  Kind
}

func (s *walk) elf(n node, data []byte) {
	f, err := elf.NewFile(data)
	if err != nil {
		s.fail(n, n.base, err)
		return
	}
	var secs []section
	for _, sec := range f.Sections {
		if sec.NoBits {
			continue
		}
		var k Kind
		switch {
		case sec.Name == ".llvmbc":
			k = KindBitcode
		case sec.Name == ".llvmcmd":
			k = KindCmdline
		case sec.Type == elf.SHT_LLVM_LTO || sec.Name == ".llvm.lto":
			k = KindLTO
		case sec.Type == elf.SHT_LLVM_OFFLOADING || sec.Name == ".llvm.offloading":
			k = KindOffload
		case elf.IsLLVMType(sec.Type):
			k = KindExtension
		default:
			continue
		}
		secs = append(secs, section{sec.Name, sec.Type, sec.Index, sec.Off, sec.Size, k})
	}
	s.object(n, data, ELF, f.Arch, secs)
}

func (s *walk) macho(n node, data []byte) {
	f, err := macho.NewFile(data)
	if err != nil {
		s.fail(n, n.base, err)
		return
	}
	var secs []section
	for _, sec := range f.Sections {
		if sec.ZeroFill {
			continue
		}
		var k Kind
		switch {
		case sec.Seg == "__LLVM" && sec.Name == "__bitcode":
			k = KindBitcode
		case sec.Seg == "__LLVM" && sec.Name == "__cmdline":
			k = KindCmdline
		case sec.Seg == "__LLVM" && sec.Name == "__bundle":
			k = KindBundle
		case sec.Seg == "__LLVM", sec.Seg == "__DATA" && sec.Name == "__llvm_addrsig":
			k = KindExtension
		default:
			continue
		}
		secs = append(secs, section{sec.Seg + "," + sec.Name, 0, sec.Index, sec.Off, sec.Size, k})
	}
	s.object(n, data, MachO, f.Arch, secs)
}

func (s *walk) coff(n node, data []byte) {
	f, err := coff.NewFile(data)
	if err != nil {
		s.fail(n, n.base, err)
		return
	}
	format := COFF
	if f.Image {
		format = PE
	}
	var secs []section
	for _, sec := range f.Sections {
		if sec.ZeroFill {
			continue
		}
		var k Kind
		switch {
		case sec.Name == ".llvmbc":
			k = KindBitcode
		case sec.Name == ".llvmcmd":
			k = KindCmdline
		case sec.Name == ".llvm.lto":
			k = KindLTO
		case strings.HasPrefix(sec.Name, ".llvm.offloading"):
			k = KindOffload
		case strings.HasPrefix(sec.Name, ".llvm"), sec.Name == ".deplibs":
			k = KindExtension
		default:
			continue
		}
		secs = append(secs, section{sec.Name, 0, sec.Index, sec.Off, sec.Size, k})
	}
	s.object(n, data, format, f.Arch, secs)
}

// wasm reports the payloads of a WebAssembly binary: its custom sections
// .llvmbc and .llvmcmd.
func (s *walk) wasm(n node, data []byte) {
	f, err := wasm.NewFile(data)
	if err != nil {
		s.fail(n, n.base, err)
		return
	}
	var secs []section
	for _, sec := range f.Sections {
		var k Kind
		switch {
		case sec.ID != wasm.WASM_SEC_CUSTOM:
			continue
		case sec.Name == ".llvmbc":
			k = KindBitcode
		case sec.Name == ".llvmcmd":
			k = KindCmdline
		default:
			continue
		}
		secs = append(secs, section{sec.Name, 0, sec.Index, sec.Off, sec.Size, k})
	}
	s.object(n, data, Wasm, f.Arch(), secs)
}

// object reports the payloads of one object's sections, pairing bitcode
// modules with their command lines; a bitcode bundle is followed by its
// files.
func (s *walk) object(n node, data []byte, format Format, arch string, secs []section) {
	if len(secs) == 0 {
		return
	}
	names := make([]string, len(secs))
	for i := range secs {
		names[i] = secs[i].name
	}
	dup := duplicates(names)
	// Sections may overlap, so splitting each one could read the same bytes
	// many times over; the bytes split per object are bounded instead.
	budget := 2*int64(len(data)) + 1<<20
	var out []Payload
	var bundles []int          // indexes in out of bitcode bundles to open
	bitcode, cmdline := -1, -1 // index in out of the first module / command line
	nbitcode, ncmdline := 0, 0
	for _, sec := range secs {
		label := sec.name
		if dup[sec.name] {
			label += "@" + strconv.Itoa(sec.index)
		}
		sn := node{file: n.file, path: n.path + ":" + label, base: n.base, depth: n.depth}
		if sec.off < 0 || sec.size < 0 || sec.off > int64(len(data)) || sec.size > int64(len(data))-sec.off {
			// The format packages check ranges; this keeps a slip there
			// from becoming a panic.
			s.fail(sn, n.base, fmt.Errorf("section contents [0x%x,+%d) outside the object (%d bytes)", sec.off, sec.size, len(data)))
			continue
		}
		b := data[sec.off : sec.off+sec.size]
		p := Payload{
			Path: sn.path, Kind: sec.kind, Format: format, Arch: arch,
			Section: sec.name, SectionType: sec.typ, File: n.file,
			Off: n.base + sec.off, Size: sec.size, Data: b,
			SectionOff: n.base + sec.off, SectionSize: sec.size,
		}
		split := sec.kind == KindBitcode || sec.kind == KindLTO || sec.kind == KindCmdline
		if split && sec.size > budget {
			s.fail(sn, p.Off, ErrOverlap)
			out = append(out, p)
			continue
		}
		if split {
			budget -= sec.size
		}
		switch sec.kind {
		case KindBitcode, KindLTO:
			if sec.kind == KindBitcode && isMarker(b, format) {
				p.Kind = KindMarker
				out = append(out, p)
				continue
			}
			start := len(out)
			out = s.modules(out, sn, p)
			if sec.kind == KindBitcode && bitcode < 0 {
				bitcode, nbitcode = start, len(out)-start
			}
		case KindCmdline:
			start := len(out)
			out = splitCmdlines(out, p)
			if cmdline < 0 {
				cmdline, ncmdline = start, len(out)-start
			}
		case KindOffload:
			out = append(out, s.offload(sn, p)...)
		case KindBundle:
			// ld64 writes one zero byte when its inputs carry markers.
			if isMarker(b, format) {
				p.Kind = KindMarker
			} else {
				bundles = append(bundles, len(out))
			}
			out = append(out, p)
		default:
			out = append(out, p)
		}
	}
	if bitcode >= 0 && cmdline >= 0 && nbitcode == ncmdline {
		for i := 0; i < nbitcode; i++ {
			out[bitcode+i].Cmdline = out[cmdline+i].Data
		}
	}
	for i := range out {
		if len(bundles) > 0 && bundles[0] == i {
			// Its files are decoded and reported one at a time.
			bundles = bundles[1:]
			s.bundle(node{file: n.file, path: out[i].Path, base: n.base, depth: n.depth, viaThin: n.viaThin}, &out[i])
			continue
		}
		s.emit(&out[i])
	}
}

// isMarker reports whether the contents of a bitcode section are the stub
// -fembed-bitcode=marker leaves: nothing on ELF, COFF and WebAssembly, one
// zero byte on Mach-O (also in __LLVM,__bundle, and as a bundle's file).
func isMarker(b []byte, f Format) bool {
	return len(b) == 0 || f == MachO && len(b) == 1 && b[0] == 0
}

// bitcodeFile reports the modules of a bare bitcode file or member. A file
// holding several MODULE blocks (llvm-cat -b) is one payload: its modules
// share one string table and are not files of their own.
func (s *walk) bitcodeFile(n node, data []byte) {
	p := Payload{
		Path: n.path, Kind: KindBitcode, Format: Bitcode, File: n.file,
		Off: n.base, Size: int64(len(data)), Data: data,
		SectionOff: n.base, SectionSize: int64(len(data)),
	}
	if _, _, err := wrapper.Unwrap(data); err == nil {
		// A wrapped file holds one stream; what follows the wrapped range
		// is ignored by LLVM, and kept in the payload.
		p.Path, p.Module = n.path+"#1", 1
		s.emit(&p)
		return
	}
	out := s.modules(nil, n, p)
	for i := range out {
		s.emit(&out[i])
	}
}

// modules appends to out one payload per module of whole, which holds one
// or more bitcode files back to back. If they cannot be told apart, whole
// is appended as it is and the error reported.
func (s *walk) modules(out []Payload, n node, whole Payload) []Payload {
	spans, err := wrapper.Split(whole.Data)
	if err != nil {
		s.fail(n, whole.Off, err)
		return append(out, whole)
	}
	m := 0
	for _, sp := range spans {
		if sp.Kind == wrapper.Padding {
			continue
		}
		m++
		p := whole
		p.Path = n.path + "#" + strconv.Itoa(m)
		p.Module = m
		p.Off = whole.Off + sp.Off
		p.Size = sp.Size
		p.Data = whole.Data[sp.Off : sp.Off+sp.Size]
		out = append(out, p)
	}
	if m == 0 {
		s.fail(n, whole.Off, ErrNoModule)
		return append(out, whole)
	}
	return out
}

// offload returns one payload per image of the offload binaries in whole
// (a .llvm.offloading section or an offload package): bitcode images as
// bitcode, others as offload images. If the binaries cannot be decoded,
// whole is returned as it is and the error reported.
func (s *walk) offload(n node, whole Payload) []Payload {
	bins, err := sections.DecodeOffloading(whole.Section, whole.Data)
	if err != nil {
		s.fail(n, whole.Off, err)
		return []Payload{whole}
	}
	out := make([]Payload, 0, len(bins))
	for i := range bins {
		b := &bins[i]
		p := whole
		p.Path = n.path + "#" + strconv.Itoa(i+1)
		p.Module = i + 1
		p.Off = whole.Off + b.ImageOff
		p.Size = b.ImageSize
		p.Data = whole.Data[b.ImageOff : b.ImageOff+b.ImageSize]
		p.Triple, p.OffloadArch = b.String("triple"), b.String("arch")
		if b.ImageKind == sections.IMG_Bitcode {
			p.Kind = KindBitcode
		}
		out = append(out, p)
	}
	return out
}

// cc1 starts each clang command line in a command-line section.
var cc1 = []byte("-cc1\x00")

// splitCmdlines appends to out one payload per command line of whole: a
// new command line starts at each "-cc1" argument. Their bytes cover whole
// exactly.
func splitCmdlines(out []Payload, whole Payload) []Payload {
	b := whole.Data
	var starts []int
	for i := 0; i < len(b); {
		if (i == 0 || b[i-1] == 0) && bytes.HasPrefix(b[i:], cc1) {
			starts = append(starts, i)
			i += len(cc1)
			continue
		}
		j := bytes.IndexByte(b[i:], 0)
		if j < 0 {
			break
		}
		i += j + 1
	}
	if len(starts) == 0 || starts[0] != 0 {
		starts = append([]int{0}, starts...)
	}
	if len(b) == 0 {
		return append(out, whole)
	}
	for i, st := range starts {
		end := len(b)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		p := whole
		p.Path = whole.Path + "#" + strconv.Itoa(i+1)
		p.Module = i + 1
		p.Off = whole.Off + int64(st)
		p.Size = int64(end - st)
		p.Data = b[st:end]
		out = append(out, p)
	}
	return out
}
