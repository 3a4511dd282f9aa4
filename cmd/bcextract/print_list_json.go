package main

import (
	"errors"

	"github.com/bcextract/bcextract/bbmap"
	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/sections"
)

// jsonListDoc is the document 'list --json' prints.
type jsonListDoc struct {
	Payloads []jsonPayload `json:"payloads"`
	Errors   []jsonError   `json:"errors"`
}

// jsonPayload is one payload in JSON.
type jsonPayload struct {
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

// jsonError is one problem met in an input: where (the file holding the
// bytes, the container path, the byte offset in the file when known), what
// (error: the cause alone), and the line printed on stderr (message).
type jsonError struct {
	Path    string `json:"path,omitempty"`
	File    string `json:"file,omitempty"`
	Offset  *int64 `json:"offset,omitempty"`
	Error   string `json:"error"`
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"` // of a sample or address file
}

func newJSONPayload(r *listed) jsonPayload {
	p := &r.p
	j := jsonPayload{
		Path: p.Path, Kind: p.Kind.String(), Format: p.Format.String(), Arch: p.Arch,
		Section: p.Section, SectionType: uint32(p.SectionType), File: p.File,
		SectionOff: p.SectionOff, SectionSize: p.SectionSize, OffloadArch: p.OffloadArch,
		Offset: p.Off, Size: p.Size, Module: p.Module,
		Producer: r.ident.Producer, Triple: triple(r),
		Cmdline: cmdlineArgs(p.Cmdline), Bundle: newJSONBundle(p.Bundle),
	}
	if p.Compression != container.CompressNone {
		n := int64(len(p.Data))
		j.Compressed, j.DecompressedSize = p.Compression.String(), &n
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

func newJSONError(err error) jsonError {
	var ce *container.Error
	if errors.As(err, &ce) {
		j := jsonError{Path: ce.Path, File: ce.File, Error: ce.Msg(), Message: err.Error()}
		if ce.Off >= 0 {
			off := ce.Off
			j.Offset = &off
		}
		if se := (*bbmap.SampleError)(nil); errors.As(err, &se) {
			j.Line = se.Line
		}
		return j
	}
	return jsonError{Error: err.Error(), Message: err.Error()}
}

// triple is a module's triple, or an offload image's.
func triple(r *listed) string {
	if r.ident.Triple != "" {
		return r.ident.Triple
	}
	return r.p.Triple
}

// cmdlineArgs splits one command line's NUL-terminated arguments.
func cmdlineArgs(b []byte) []string {
	if cl := sections.DecodeCmdlines(b); len(cl) > 0 {
		return cl[0]
	}
	return nil
}
