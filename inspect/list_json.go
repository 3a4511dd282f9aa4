package inspect

import (
	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/sections"
)

// ListPayload is one payload's object in the document 'list --json'
// prints; see README for every key.
type ListPayload struct {
	Path        string `json:"path"`
	Kind        string `json:"kind"`
	Format      string `json:"format"`
	Arch        string `json:"arch,omitempty"`
	Section     string `json:"section,omitempty"`
	SectionType uint32 `json:"section_type,omitempty"`
	SectionOff  int64  `json:"section_offset"`
	SectionSize int64  `json:"section_size"`
	File        string `json:"file"`
	Offset      int64  `json:"offset"`
	Size        int64  `json:"size"`
	// Compressed is "zlib" or "zstd" for a payload of a compressed ELF
	// section (offset and size then locate the stored section), absent
	// otherwise; DecompressedSize is then the payload's own size.
	Compressed       string   `json:"compressed,omitempty"`
	DecompressedSize *int64   `json:"decompressed_size,omitempty"`
	Module           int      `json:"module,omitempty"`
	Producer         string   `json:"producer,omitempty"`
	Triple           string   `json:"triple,omitempty"`
	OffloadArch      string   `json:"offload_arch,omitempty"`
	Cmdline          []string `json:"cmdline,omitempty"`
	// Bundle is what a bitcode bundle's table of contents says, on the
	// bundle and on each of its files.
	Bundle *jsonBundle `json:"bundle,omitempty"`
	// BitcodeFile is the path a gllvm or wllvm section lists, and Exists
	// whether that file was found (producer and triple are then its).
	BitcodeFile string `json:"bitcode_file,omitempty"`
	Exists      *bool  `json:"exists,omitempty"`
}

// jsonBundle is a container.BundleInfo in JSON.
type jsonBundle struct {
	Version     string            `json:"version,omitempty"`
	Arch        string            `json:"arch,omitempty"`
	Platform    string            `json:"platform,omitempty"`
	SDKVersion  string            `json:"sdk_version,omitempty"`
	HideSymbols bool              `json:"hide_symbols,omitempty"`
	Dylibs      []string          `json:"dylibs,omitempty"`
	WeakDylibs  []string          `json:"weak_dylibs,omitempty"`
	LinkOptions []string          `json:"link_options,omitempty"`
	Member      *jsonBundleMember `json:"member,omitempty"`
}

// jsonBundleMember is a container.BundleMember in JSON; "size" is the
// decoded size, which differs from the payload's when "encoding" is not
// application/octet-stream.
type jsonBundleMember struct {
	Name     string `json:"name"`
	FileType string `json:"file_type,omitempty"`
	Encoding string `json:"encoding"`
	Tool     string `json:"tool,omitempty"`
	Size     int64  `json:"size"`
}

// JSON returns the payload's object of 'list --json'.
func (r *Listed) JSON() ListPayload {
	p := &r.Payload
	j := ListPayload{
		Path: p.Path, Kind: p.Kind.String(), Format: p.Format.String(), Arch: p.Arch,
		Section: p.Section, SectionType: uint32(p.SectionType), File: p.File,
		SectionOff: p.SectionOff, SectionSize: p.SectionSize, OffloadArch: p.OffloadArch,
		Offset: p.Off, Size: p.Size, Module: p.Module,
		Producer: r.Ident.Producer, Triple: r.triple(),
		Cmdline: CmdlineArgs(p.Cmdline), Bundle: newJSONBundle(p.Bundle),
	}
	if p.Compression != container.CompressNone {
		n := int64(len(p.Data))
		j.Compressed, j.DecompressedSize = p.Compression.String(), &n
	}
	if f := r.File; f != nil {
		exists := f.Exists
		j.BitcodeFile, j.Exists = f.Path, &exists
	}
	return j
}

func newJSONBundle(b *container.BundleInfo) *jsonBundle {
	if b == nil {
		return nil
	}
	j := &jsonBundle{Version: b.Version, Arch: b.Arch, Platform: b.Platform, SDKVersion: b.SDKVersion,
		HideSymbols: b.HideSymbols, Dylibs: b.Dylibs, WeakDylibs: b.WeakDylibs, LinkOptions: b.LinkOptions}
	if m := b.Member; m != nil {
		j.Member = &jsonBundleMember{Name: m.Name, FileType: m.FileType, Encoding: m.Encoding, Tool: m.Tool, Size: m.Size}
	}
	return j
}

// triple is a module's triple, or an offload image's.
func (r *Listed) triple() string {
	if r.Ident.Triple != "" {
		return r.Ident.Triple
	}
	return r.Payload.Triple
}

// CmdlineArgs splits one command line's NUL-terminated arguments (the
// first of a .llvmcmd payload's), nil for none.
func CmdlineArgs(b []byte) []string {
	if cl := sections.DecodeCmdlines(b); len(cl) > 0 {
		return cl[0]
	}
	return nil
}
