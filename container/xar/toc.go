package xar

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Ld is the "Ld" subdocument of a bitcode bundle's table of contents: what
// ld64 needs to redo the link from the bundle's bitcode.
type Ld struct {
	Version      string // of the bundle format: "1.0"
	Architecture string // "arm64", "x86_64", …
	Platform     string // "macOS", "iOS", …
	SDKVersion   string // "14.0.0"
	HideSymbols  bool   // <hide-symbols>1</hide-symbols>: symbols were obfuscated
	// Dylibs and WeakDylibs are the libraries linked against, SDK ones as
	// "{SDKPATH}/usr/lib/libSystem.B.dylib".
	Dylibs, WeakDylibs []string
	LinkOptions        []string // the linker's options, one argument each
}

// Encodings of archived data: MIME types, as in <encoding style="…"/>.
const (
	EncodingNone  = "application/octet-stream" // stored as is
	EncodingGzip  = "application/x-gzip"       // a zlib stream (or, accepted too, gzip)
	EncodingBzip2 = "application/x-bzip2"
)

// A Checksum is a checksum the TOC records: its algorithm ("sha1", "md5",
// "sha256", "sha512", or "none") and its value in hexadecimal.
type Checksum struct {
	Style, Hex string
}

// A File is one <file> element of the table of contents.
type File struct {
	ID   string // the id attribute
	Name string
	// Path is Name, preceded by the names of the directories holding the
	// file, joined by "/".
	Path     string
	Type     string // "file", "directory", "symlink", …
	FileType string // ld64's <file-type>: Bitcode, LTO, Object, Bundle, Exports, OrderFile, Section
	// Tool and Cmd are the compiler ("clang" or "swift") and the arguments
	// that produced a bitcode member, from <clang><cmd>…</cmd></clang>.
	Tool string
	Cmd  []string
	// HasData reports a <data> element; the fields below describe it.
	HasData bool
	// Encoding is the archived bytes' encoding (EncodingNone when the TOC
	// names none).
	Encoding string
	// Off is the offset of the archived bytes in the archive (the heap's
	// start plus the TOC's <offset>), or -1 when there are none or they are
	// not inside it.
	Off int64
	// Length is the number of archived bytes, Size their size once decoded.
	Length, Size                        int64
	ArchivedChecksum, ExtractedChecksum Checksum

	r                 *Reader
	off, length, size uint64 // as the TOC gives them
	err               error  // found while reading the TOC
}

func (f *File) label() string { return fmt.Sprintf("file %s (%q)", f.ID, f.Path) }

// The XML of a table of contents, as ld64 (through libxar) writes it. The
// tags give the element paths parseTOC reads into each field, as
// encoding/xml would.
type xmlDoc struct {
	Subdocs []xmlSubdoc `xml:"subdoc"`
	TOC     struct {
		Checksum     *xmlChecksum `xml:"checksum"`
		CreationTime string       `xml:"creation-time"`
		Files        []xmlFile    `xml:"file"`
	} `xml:"toc"`
}

type xmlSubdoc struct {
	Name         string   `xml:"subdoc_name,attr"`
	Version      string   `xml:"version"`
	Architecture string   `xml:"architecture"`
	Platform     string   `xml:"platform"`
	SDKVersion   string   `xml:"sdkversion"`
	HideSymbols  string   `xml:"hide-symbols"`
	Dylibs       []string `xml:"dylibs>lib"`
	WeakDylibs   []string `xml:"dylibs>weak"`
	LinkOptions  []string `xml:"link-options>option"`
}

type xmlChecksum struct {
	Style  string `xml:"style,attr"`
	Offset string `xml:"offset"`
	Size   string `xml:"size"`
}

type xmlFile struct {
	ID   string `xml:"id,attr"`
	Name struct {
		Enctype string `xml:"enctype,attr"`
		Text    string `xml:",chardata"`
	} `xml:"name"`
	Type     string    `xml:"type"`
	Data     *xmlData  `xml:"data"`
	FileType string    `xml:"file-type"`
	Clang    []string  `xml:"clang>cmd"`
	Swift    []string  `xml:"swift>cmd"`
	Files    []xmlFile `xml:"file"`
}

type xmlData struct {
	Offset   string `xml:"offset"`
	Length   string `xml:"length"`
	Size     string `xml:"size"`
	Encoding struct {
		Style string `xml:"style,attr"`
	} `xml:"encoding"`
	Archived  xmlSum `xml:"archived-checksum"`
	Extracted xmlSum `xml:"extracted-checksum"`
	// Older xar versions wrote this name.
	Unarchived xmlSum `xml:"unarchived-checksum"`
}

type xmlSum struct {
	Style string `xml:"style,attr"`
	Hex   string `xml:",chardata"`
}

// ld returns the "Ld" subdocument, nil if there is none.
func (doc *xmlDoc) ld() *Ld {
	for _, s := range doc.Subdocs {
		if s.Name != "Ld" {
			continue
		}
		return &Ld{
			Version: trim(s.Version), Architecture: trim(s.Architecture),
			Platform: trim(s.Platform), SDKVersion: trim(s.SDKVersion),
			HideSymbols: trim(s.HideSymbols) == "1",
			Dylibs:      s.Dylibs, WeakDylibs: s.WeakDylibs, LinkOptions: s.LinkOptions,
		}
	}
	return nil
}

func trim(s string) string { return strings.TrimSpace(s) }

// parseNum reads a decimal number of the TOC.
func parseNum(s string) (uint64, error) {
	v, err := strconv.ParseUint(trim(s), 10, 63)
	if err != nil {
		return 0, fmt.Errorf("bad number %q", s)
	}
	return v, nil
}

// addFiles appends the files xs, inside the directory dir, and the files
// inside them, to r.Files. Each file's Path repeats its directories' names,
// so the paths' total length is held to the size of the XML (*pathBudget):
// many files deep in directories of long names would otherwise make it
// quadratic.
func (r *Reader) addFiles(xs []xmlFile, dir string, depth int, pathBudget *int) error {
	if depth > maxDirDepth && len(xs) > 0 {
		return &FormatError{r.TOCOff, fmt.Sprintf("table of contents: directories nested more than %d deep", maxDirDepth), nil}
	}
	for i := range xs {
		x := &xs[i]
		f := &File{r: r, ID: trim(x.ID), Name: x.Name.Text, Type: trim(x.Type), FileType: trim(x.FileType), Off: -1}
		if x.Name.Enctype == "base64" {
			if b, err := base64.StdEncoding.DecodeString(trim(x.Name.Text)); err == nil {
				f.Name = string(b)
			}
		}
		f.Path = f.Name
		if dir != "" {
			if *pathBudget -= len(dir) + 1 + len(f.Name); *pathBudget < 0 {
				return &FormatError{r.TOCOff, "table of contents: file paths add up to more than its size", ErrTOCLimit}
			}
			f.Path = dir + "/" + f.Name
		}
		switch {
		case x.Clang != nil:
			f.Tool, f.Cmd = "clang", x.Clang
		case x.Swift != nil:
			f.Tool, f.Cmd = "swift", x.Swift
		}
		if x.Data != nil {
			f.setData(x.Data)
		}
		r.Files = append(r.Files, f)
		if err := r.addFiles(x.Files, f.Path, depth+1, pathBudget); err != nil {
			return err
		}
	}
	return nil
}

func (f *File) setData(d *xmlData) {
	f.HasData = true
	f.Encoding = trim(d.Encoding.Style)
	if f.Encoding == "" {
		f.Encoding = EncodingNone
	}
	f.ArchivedChecksum = Checksum{trim(d.Archived.Style), trim(d.Archived.Hex)}
	f.ExtractedChecksum = Checksum{trim(d.Extracted.Style), trim(d.Extracted.Hex)}
	if f.ExtractedChecksum.Style == "" {
		f.ExtractedChecksum = Checksum{trim(d.Unarchived.Style), trim(d.Unarchived.Hex)}
	}
	var errs [3]error
	f.off, errs[0] = parseNum(d.Offset)
	f.length, errs[1] = parseNum(d.Length)
	f.size, errs[2] = parseNum(d.Size)
	f.Length, f.Size = int64(f.length), int64(f.size)
	if err := errors.Join(errs[:]...); err != nil {
		f.err = &FormatError{f.r.TOCOff, fmt.Sprintf("%s: <data>: %v", f.label(), strings.ReplaceAll(err.Error(), "\n", ", ")), nil}
	}
}
