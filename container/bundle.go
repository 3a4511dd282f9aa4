package container

import (
	"github.com/bcextract/bcextract/container/xar"
)

// BundleInfo is what the table of contents of a bitcode bundle (the xar
// archive ld64 writes into __LLVM,__bundle) records about the link: its "Ld"
// subdocument. The fields are empty when the bundle has none.
type BundleInfo struct {
	Version     string // of the bundle format ("1.0")
	Arch        string // <architecture>: "arm64", "x86_64", …
	Platform    string // "macOS", "iOS", …
	SDKVersion  string // "14.0.0"
	HideSymbols bool   // the bitcode's symbols were obfuscated
	// Dylibs and WeakDylibs are the libraries the image links against,
	// those of the SDK as "{SDKPATH}/usr/lib/libSystem.B.dylib".
	Dylibs, WeakDylibs []string
	LinkOptions        []string // the linker's options, one argument each
	// Member describes the file a payload holds, nil on the payload of the
	// bundle itself.
	Member *BundleMember
}

// A BundleMember is one file of a bitcode bundle, as its table of contents
// describes it. The clang (or swift) arguments recorded for it are the
// payload's Cmdline.
type BundleMember struct {
	// Name is the file's path in the archive ("1", "2", "lto.o").
	Name string
	// FileType is ld64's <file-type>: Bitcode, LTO, Bundle, Object, …
	FileType string
	// Encoding is the MIME type of the archived bytes:
	// "application/octet-stream" (stored as is), "application/x-gzip" or
	// "application/x-bzip2".
	Encoding string
	// Tool is the compiler whose arguments the payload's Cmdline holds:
	// "clang", "swift", or "".
	Tool string
	// Size is the file's size once decoded: len(Data).
	Size int64
}

func newBundleInfo(ld *xar.Ld) *BundleInfo {
	if ld == nil {
		return &BundleInfo{}
	}
	return &BundleInfo{
		Version: ld.Version, Arch: ld.Architecture, Platform: ld.Platform, SDKVersion: ld.SDKVersion,
		HideSymbols: ld.HideSymbols, Dylibs: ld.Dylibs, WeakDylibs: ld.WeakDylibs, LinkOptions: ld.LinkOptions,
	}
}

// bundle reports whole, the payload of a bitcode bundle (a __LLVM,__bundle
// section, or a bundle inside one) named by n, and then one payload per file
// the bundle holds, in the order of its table of contents:
//
//   - bitcode (ld64's file types Bitcode and LTO, or bytes that are bitcode)
//     as KindBitcode, with the command line the TOC records for it; an
//     input's marker (nothing, or one zero byte) as KindMarker;
//   - a bundle (file type Bundle) as KindBundle, followed by its own files
//     when it is stored as is;
//   - an object (file type Object), or any container Detect knows, stored
//     as is, is walked like any other.
//
// Other files (exported-symbol lists, order files, -sectcreate sections) are
// not payloads. A file whose data lies outside the archive, does not decode
// or does not match its checksum is reported as an Error and skipped; so is
// the whole table of contents when it cannot be read, and whole is then
// reported alone. The bundles of one walk share a budget with its compressed
// sections (see ErrBundleData).
func (s *walk) bundle(n node, whole *Payload) {
	if n.depth+1 >= s.max {
		s.fail(n, whole.Off, ErrTooDeep)
		s.emit(whole)
		return
	}
	h, err := xar.ReadHeader(whole.Data)
	if err == nil && !s.spend(int64(len(whole.Data))+int64(h.TOCSize)) {
		err = ErrBundleData
	}
	var r *xar.Reader
	if err == nil {
		r, err = xar.NewReader(whole.Data)
	}
	if err != nil {
		s.fail(n, whole.Off, err)
		whole.Malformed = true
		s.emit(whole)
		return
	}
	info := newBundleInfo(r.Ld)
	if whole.Bundle != nil {
		info.Member = whole.Bundle.Member // a bundle inside a bundle
	}
	whole.Bundle = info
	s.emit(whole)
	var files []*xar.File
	var names []string
	for _, f := range r.Files {
		if f.HasData && (f.Type == "file" || f.Type == "") {
			files = append(files, f)
			names = append(names, f.Path)
		}
	}
	labels := uniqueLabels(names)
	for i, f := range files {
		if s.stop != nil {
			return
		}
		path, ok := s.join(n, whole.Off, n.path, "/", labels[i])
		if !ok {
			return
		}
		fileNode := node{file: n.file, path: path, base: n.base, depth: n.depth + 1, viaThin: n.viaThin}
		s.bundleFile(fileNode, whole, f)
	}
}

// spend takes n bytes from the walk's budget for decoded data (bundles and
// compressed sections), if it has them.
func (s *walk) spend(n int64) bool {
	if n > s.decodeBudget {
		s.decodeBudget = 0
		return false
	}
	s.decodeBudget -= n
	return true
}

// bundleFile reports the file f of the bundle whole.
func (s *walk) bundleFile(n node, whole *Payload, f *xar.File) {
	if !s.spend(f.Cost()) { // the bytes read and decoded, and the decoder's memory
		off := int64(-1)
		if f.Off >= 0 {
			off = whole.Off + f.Off
		}
		s.fail(n, off, ErrBundleData)
		return
	}
	data, err := f.Data()
	if err != nil {
		s.fail(n, whole.Off, err)
		return
	}
	info := *whole.Bundle
	info.Member = &BundleMember{Name: f.Path, FileType: f.FileType, Encoding: f.Encoding, Tool: f.Tool, Size: int64(len(data))}
	p := *whole
	p.Path, p.Kind, p.Module, p.Bundle = n.path, KindBitcode, 0, &info
	p.Off, p.Size, p.Data = whole.Off+f.Off, f.Length, data
	p.Cmdline = nil
	for _, a := range f.Cmd {
		p.Cmdline = append(append(p.Cmdline, a...), 0)
	}
	stored := f.Encoding == xar.EncodingNone
	switch {
	case (f.FileType == "Bitcode" || f.FileType == "Bundle") && isMarker(data, MachO):
		// ld64 copies an input's bitcode marker (one zero byte) as it is.
		p.Kind = KindMarker
		s.emit(&p)
	case f.FileType == "Bundle" || xar.IsXar(data):
		p.Kind, p.Cmdline = KindBundle, nil
		if stored {
			s.bundle(n, &p)
		} else {
			s.emit(&p)
		}
	case f.FileType == "Bitcode" || f.FileType == "LTO" || Detect(data) == Bitcode:
		s.emit(&p)
	case stored && Detect(data) != Unknown:
		n.base = p.Off
		s.container(n, data)
	}
}
