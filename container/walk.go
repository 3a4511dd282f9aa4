package container

import (
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
	"github.com/bcextract/bcextract/mmap"
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
// in file order. The *Payload fn is given is valid only until fn returns:
// the walker reuses it for the next payload, and clears it when fn returns,
// so that a pointer kept past fn sees an empty Payload, not another
// payload's values. To keep a payload, keep p.Clone() (or a copy of *p);
// its Data stays valid as long as data (and, for a thin archive's member,
// the Walker) does. A malformed container or payload does not stop the walk:
// its siblings are still visited, and Walk returns every such problem as an
// *Error, joined with errors.Join. A payload whose bitcode cannot be split
// into modules is still reported, whole, besides its error. If fn returns an
// error, the walk stops and Walk returns that error.
func (w *Walker) Walk(file string, data []byte, fn func(*Payload) error) error {
	s := &walk{w: w, fn: fn, max: w.MaxDepth, decodeBudget: 16*int64(len(data)) + 8<<20,
		pathBudget: pathFactor*int64(len(data)) + pathSlack}
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
	// decodeBudget is the data the bitcode bundles (their tables of
	// contents, and their files' archived and decoded bytes) and the
	// compressed ELF sections (their decompressed bytes, and each file's
	// decoders) may still take: 16 times the file plus 8 MiB in all.
	decodeBudget int64
	// pathBudget is the bytes of container paths the walk may still build
	// (see ErrPathBudget); exhausted is set once it has run out.
	pathBudget int64
	exhausted  bool
	// payload is the Payload modules, offload and splitCmdlines report
	// their payloads in, one after the other (fn may not keep it), so
	// that reporting one allocates nothing but its path.
	payload Payload
}

func (s *walk) fail(n node, off int64, err error) {
	if rel, msg, ok := located(err); ok {
		if off >= 0 {
			off += rel
		}
		err = &cause{msg, err}
	}
	s.errs = append(s.errs, &Error{Path: n.path, File: n.file, Off: off, Err: err})
}

func (s *walk) emit(p *Payload) {
	if s.stop == nil {
		s.stop = s.fn(p)
	}
	if p == &s.payload {
		// Reused: a pointer fn kept must not show the next payload.
		s.payload = Payload{}
	}
}

// emitCopy reports a copy of p, made in s.payload, so that p itself does
// not escape to the heap.
func (s *walk) emitCopy(p Payload) {
	s.payload = p
	s.emit(&s.payload)
}

// container walks the container in data, whose format is known to be one
// Detect recognizes. Unknown formats are ignored (archive members that are
// not objects, such as a Rust rlib's metadata).
func (s *walk) container(n node, data []byte) {
	if s.stop != nil || s.exhausted {
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
		s.offload(n, whole)
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
		path, ok := s.join(n, n.base+m.HeaderOff, n.path, "("+labels[i], ")")
		if !ok || s.stop != nil {
			return
		}
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
	m, err := mmap.Map(name)
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
		path, ok := s.join(n, n.base, n.path, "["+labels[i], "]")
		if !ok {
			return
		}
		s.container(s.child(n, path, a.Off), data[a.Off:a.Off+a.Size])
	}
}

// A section is a section of an object that holds a payload.
type section struct {
	name  string
	typ   elf.SectionType
	index int
	off   int64 // in the object's data
	size  int64
	kind  Kind
	// ef and es are, for an ELF section stored compressed, its file and
	// section, from which decompress takes its contents; nil otherwise.
	ef *elf.File
	es *elf.Section
	// comp is how the stored contents are compressed, once decompress
	// has read the header.
	comp Compression
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
		case sec.Name == ".llvm_bc":
			k = KindBitcodePath
		case sec.Type == elf.SHT_LLVM_LTO || sec.Name == ".llvm.lto":
			k = KindLTO
		case sec.Type == elf.SHT_LLVM_OFFLOADING || sec.Name == ".llvm.offloading":
			k = KindOffload
		case elf.IsLLVMType(sec.Type):
			k = KindExtension
		default:
			continue
		}
		c := section{name: sec.Name, typ: sec.Type, index: sec.Index, off: sec.Off, size: sec.Size, kind: k}
		if sec.Compressed() {
			c.ef, c.es = f, &f.Sections[sec.Index]
		}
		secs = append(secs, c)
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
		case sec.Seg == "__WLLVM" && sec.Name == "__llvm_bc":
			k = KindBitcodePath
		case sec.Seg == "__LLVM", sec.Seg == "__DATA" && sec.Name == "__llvm_addrsig":
			k = KindExtension
		default:
			continue
		}
		secs = append(secs, section{name: sec.Seg + "," + sec.Name, index: sec.Index, off: sec.Off, size: sec.Size, kind: k})
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
		secs = append(secs, section{name: sec.Name, index: sec.Index, off: sec.Off, size: sec.Size, kind: k})
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
		secs = append(secs, section{name: sec.Name, index: sec.Index, off: sec.Off, size: sec.Size, kind: k})
	}
	s.object(n, data, Wasm, f.Arch(), secs)
}

// object reports the payloads of one object's sections, pairing bitcode
// modules with their command lines; a bitcode bundle is followed by its
// files. Payloads are made and reported one at a time, in section order,
// so that the memory a walk holds does not grow with their number: a
// section of modules of a few bytes each can hold hundreds of thousands.
// A section stored compressed is decompressed when it is reported (the
// first bitcode and command-line sections before, to pair them), and its
// payloads hold the decompressed bytes; one that cannot be is reported as
// an Error and skipped.
func (s *walk) object(n node, data []byte, format Format, arch string, secs []section) {
	if len(secs) == 0 {
		return
	}
	names := make([]string, len(secs))
	for i := range secs {
		names[i] = clip(secs[i].name)
	}
	dup := duplicates(names)
	inside := func(sec *section) bool {
		return sec.off >= 0 && sec.size >= 0 && sec.off <= int64(len(data)) && sec.size <= int64(len(data))-sec.off
	}
	// The contents of the compressed sections, decompressed once, and
	// kept only as long as needed; their errors, reported when the
	// section is.
	unpacked := make(map[int][]byte)
	unpackErr := make(map[int]error)
	decoders := false // the ELF file's decoders are charged to the budget
	contents := func(i int) ([]byte, error) {
		sec := &secs[i]
		if sec.es == nil {
			return data[sec.off : sec.off+sec.size], nil
		}
		if b, ok := unpacked[i]; ok {
			return b, nil
		}
		if err, ok := unpackErr[i]; ok {
			return nil, err
		}
		b, err := s.decompress(sec, data, &decoders)
		if err != nil {
			unpackErr[i] = err
			return nil, err
		}
		unpacked[i] = b
		return b, nil
	}
	// Sections may overlap, so splitting each one could read the same bytes
	// many times over; the bytes split per object are bounded instead: a
	// section that does not fit in what is left is reported whole. (The
	// decompressed bytes of compressed sections are bounded by the walk's
	// budget instead.)
	budget := 2*int64(len(data)) + 1<<20
	whole := make([]bool, len(secs))
	bitcode, cmdline := -1, -1 // the first bitcode section split into modules, and command-line section
	for i := range secs {
		sec := &secs[i]
		if !inside(sec) {
			continue
		}
		switch {
		case sec.kind != KindBitcode && sec.kind != KindLTO && sec.kind != KindCmdline:
		case sec.es == nil && sec.size > budget:
			whole[i] = true
		default:
			if sec.es == nil {
				budget -= sec.size
			}
			switch {
			case sec.kind == KindBitcode && bitcode < 0:
				if b, err := contents(i); err == nil && !isMarker(b, format) {
					bitcode = i
				}
			case sec.kind == KindCmdline && cmdline < 0:
				if _, err := contents(i); err == nil {
					cmdline = i
				}
			}
		}
	}
	// The i-th module of the first bitcode section gets the i-th command
	// line of the first command-line section, if they have as many.
	var cmdlines []int // the command lines' starts, and the section's end
	var cmds []byte    // the command-line section's contents
	if bitcode >= 0 && cmdline >= 0 {
		cmds, _ = contents(cmdline)
		cmdlines = append(cmdlineStarts(cmds), len(cmds))
		b, _ := contents(bitcode)
		if countModules(b) != len(cmdlines)-1 {
			cmdlines = nil
		}
	}
	for i := range secs {
		sec := &secs[i]
		if s.stop != nil || s.exhausted {
			return
		}
		label := names[i]
		if dup[label] {
			label += "@" + strconv.Itoa(sec.index)
		}
		path, ok := s.join(n, n.base+sec.off, n.path, ":", label)
		if !ok {
			return
		}
		sn := node{file: n.file, path: path, base: n.base, depth: n.depth, viaThin: n.viaThin}
		if !inside(sec) {
			// The format packages check ranges; this keeps a slip there
			// from becoming a panic.
			s.fail(sn, n.base, fmt.Errorf("section contents [0x%x,+%d) outside the object (%d bytes)", sec.off, sec.size, len(data)))
			continue
		}
		b, err := contents(i)
		if i != cmdline {
			delete(unpacked, i) // held no longer than it is reported
		}
		if err != nil {
			s.fail(sn, n.base, err)
			continue
		}
		p := Payload{
			Path: sn.path, Kind: sec.kind, Format: format, Arch: arch,
			Section: sec.name, SectionType: sec.typ, File: n.file,
			Off: n.base + sec.off, Size: sec.size, Data: b,
			SectionOff: n.base + sec.off, SectionSize: sec.size,
		}
		if sec.es != nil {
			p.Compression = sec.comp
		}
		if whole[i] {
			s.fail(sn, p.Off, ErrOverlap)
			s.emitCopy(p)
			continue
		}
		switch sec.kind {
		case KindBitcode, KindLTO:
			if sec.kind == KindBitcode && isMarker(b, format) {
				p.Kind = KindMarker
				s.emitCopy(p)
				continue
			}
			var starts []int
			if i == bitcode {
				starts = cmdlines
			}
			s.modules(sn, p, func(m int, q *Payload) {
				if starts != nil {
					q.Cmdline = cmds[starts[m-1]:starts[m]]
				}
			})
		case KindCmdline:
			s.splitCmdlines(sn, p)
		case KindBitcodePath:
			s.splitPaths(sn, p)
		case KindOffload:
			s.offload(sn, p)
		case KindBundle:
			// ld64 writes one zero byte when its inputs carry markers.
			if isMarker(b, format) {
				p.Kind = KindMarker
				s.emitCopy(p)
				continue
			}
			// Its files are decoded and reported one at a time.
			bp := p
			s.bundle(sn, &bp)
		default:
			s.emitCopy(p)
		}
	}
}

// decompress returns the contents of sec, an ELF section stored compressed,
// decompressed: charged to the walk's budget (see ErrCompressedData), with
// the ELF file's decoders the first time (*decoders records it). It sets
// sec.comp.
func (s *walk) decompress(sec *section, data []byte, decoders *bool) ([]byte, error) {
	h, err := sec.ef.CompressionHeader(data, sec.es)
	if err != nil {
		return nil, err
	}
	switch h.Type {
	case elf.ELFCOMPRESS_ZLIB:
		sec.comp = CompressZlib
	case elf.ELFCOMPRESS_ZSTD:
		sec.comp = CompressZstd
	}
	cost := int64(h.Size)
	if !*decoders {
		cost += elf.DecoderCost
	}
	if h.Size > uint64(s.decodeBudget) || !s.spend(cost) {
		return nil, &offsetError{sec.off, ErrCompressedData}
	}
	*decoders = true
	return sec.ef.Decompress(data, sec.es)
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
	if !wrapper.IsWrapper(data) {
		// (Unwrap would make an error to say so.)
	} else if _, _, err := wrapper.Unwrap(data); err == nil {
		// A wrapped file holds one stream; what follows the wrapped range
		// is ignored by LLVM, and kept in the payload.
		path, ok := s.join(n, n.base, n.path, "#1", "")
		if !ok {
			return
		}
		p.Path, p.Module, p.Modules = path, 1, 1
		s.emitCopy(p)
		return
	}
	if end, off, err := bareFilesEnd(data); err != nil {
		// What precedes the zeros is reported as usual, then the zeros
		// as LLVM's readers see them; the magic number alone, before
		// any block, is no module.
		if end > 4 {
			p.Data, p.Size, p.SectionSize = data[:end], end, end
			s.modules(n, p, nil)
		}
		s.fail(n, n.base+off, err)
		return
	} else if end < int64(len(data)) {
		// A tail LLVM's readers ignore is no part of the module.
		p.Data, p.Size, p.SectionSize = data[:end], end, end
	}
	s.modules(n, p, nil)
}

// maxFilePad is the most zero bytes a bare bitcode file may hold between
// two of the files it holds back to back.
const maxFilePad = 4096

// maxTail is the most zero bytes a bare bitcode file may hold after its
// last top-level block, its length staying a multiple of 4: LLVM's readers
// (llvm-dis-22) stop reading where at most that many bytes are left and
// ignore them (llvm-bcanalyzer-22 does not, nor do dump and stats). Other
// bytes there are read, as the start of a block cut short: llvm-dis-22
// ignores them too, but a file cut 8 bytes into a block is reported as cut
// short.
const maxTail = 8

// bareFilesEnd checks the zero bytes of a bare bitcode file (one that is
// not a section): a file holding several bitcode files back to back (a
// dumped .llvmbc section of a linked program) may have up to maxFilePad
// zero bytes between two of them, but zero bytes that run on for more or
// to the end of the data are where LLVM's readers expect a block, and fail
// (see ErrZeroTail). It returns the offset of the first such zero byte,
// and the error and its offset: the first zero byte, or the end of the
// data when the zeros end it inside a 32-bit word, which is where LLVM's
// readers fail first. It reads at most maxFilePad+1 bytes of the zeros.
// Up to maxTail zero bytes that end the data after the last file are no
// error: their offset is returned as the end. Without such zeros it
// returns len(data) and no error; an error of the split itself is left to
// modules to report.
func bareFilesEnd(data []byte) (end, off int64, err error) {
	for at := 0; at < len(data); {
		var sp wrapper.Span
		var serr error
		for sp, serr = range wrapper.Spans(data[at:]) {
			break // the file at at; the iterator stops before the zeros
		}
		if serr != nil || sp.Kind == wrapper.Padding {
			break
		}
		e := at + int(sp.Size)
		z := 0
		for e+z < len(data) && z <= maxFilePad && data[e+z] == 0 {
			z++
		}
		switch {
		case z > 0 && e+z == len(data) && z <= maxTail && z%4 == 0:
			// LLVM's readers stop where at most two words are left.
			return int64(e), 0, nil
		case z > 0 && e+z == len(data) && z%4 != 0:
			return int64(e), int64(len(data)), fmt.Errorf("%w; the data ends %d bytes into the 32-bit word at byte 0x%x", ErrZeroTail, z%4, len(data)&^3)
		case z > 0 && (e+z == len(data) || z > maxFilePad):
			return int64(e), int64(e), ErrZeroTail
		}
		at = e + z
	}
	return int64(len(data)), 0, nil
}
