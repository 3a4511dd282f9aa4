// Package xartest writes xar archives for tests and fixtures: bitcode bundles
// laid out as Apple's linker (ld64, through libxar) writes the
// __LLVM,__bundle section of an image linked with -bitcode_bundle, and
// malformed variants of them. It shares no code with the reader in package
// xar beyond the Ld type.
//
// The archive:
//
//	header  28 bytes, big-endian: "xar!", header size 28, version 1,
//	        compressed TOC length (8 bytes), uncompressed TOC length (8),
//	        checksum algorithm 1 (SHA-1)
//	TOC     the XML table of contents, zlib-compressed
//	heap    at offset 0 the SHA-1 of the compressed TOC (20 bytes), then
//	        each member's archived bytes, in order
//
// The TOC has the element order of libxar's output, and the "Ld"
// subdocument ld64 adds; each member is a <file> of type "file" with ld64's
// <file-type> and its command line as <clang><cmd>…</cmd></clang>.
package xartest

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"encoding/xml"

	"github.com/bcextract/bcextract/container/xar"
)

// An Encoding is how a member's bytes are archived.
type Encoding int

// Encodings. Zlib is what libxar writes as "application/x-gzip"; Gzip is a
// gzip stream under the same name.
const (
	Stored Encoding = iota // application/octet-stream
	Zlib                   // application/x-gzip, a zlib stream
	Gzip                   // application/x-gzip, a gzip stream
)

// A Member is one file of a bundle.
type Member struct {
	Name     string
	FileType string // ld64's <file-type> ("Bitcode"); "" for none
	Data     []byte
	Encoding Encoding
	Cmd      []string // the clang arguments; none: no <clang> element
	// Corrupt flips the last archived byte after the checksums are taken.
	Corrupt bool
	// LieOffset, if not 0, is the heap offset the TOC gives for the data,
	// wherever it really is.
	LieOffset int64
}

// A Bundle is an archive to write.
type Bundle struct {
	Ld           *xar.Ld // the "Ld" subdocument; nil for none
	CreationTime string
	Members      []Member
}

// The table of contents, in the element order of libxar's output.
type tocXar struct {
	XMLName xml.Name   `xml:"xar"`
	Subdoc  *tocSubdoc `xml:"subdoc"`
	TOC     tocTOC     `xml:"toc"`
}

type tocSubdoc struct {
	Name        string     `xml:"subdoc_name,attr"`
	Version     string     `xml:"version"`
	Arch        string     `xml:"architecture"`
	HideSymbols string     `xml:"hide-symbols,omitempty"`
	Platform    string     `xml:"platform"`
	SDK         string     `xml:"sdkversion"`
	Dylibs      *tocDylibs `xml:"dylibs"`
	Options     *tocList   `xml:"link-options"`
}

// Elements holding a list: none is written for an empty one.
type tocDylibs struct {
	Lib  []string `xml:"lib"`
	Weak []string `xml:"weak"`
}

type tocList struct {
	Option []string `xml:"option"`
	Cmd    []string `xml:"cmd"`
}

type tocTOC struct {
	Checksum struct {
		Style  string `xml:"style,attr"`
		Size   int    `xml:"size"`
		Offset int    `xml:"offset"`
	} `xml:"checksum"`
	CreationTime string    `xml:"creation-time"`
	Files        []tocFile `xml:"file"`
}

type tocFile struct {
	ID   int    `xml:"id,attr"`
	Name string `xml:"name"`
	Type string `xml:"type"`
	Data struct {
		Archived  tocSum `xml:"archived-checksum"`
		Extracted tocSum `xml:"extracted-checksum"`
		Size      int    `xml:"size"`
		Offset    int64  `xml:"offset"`
		Encoding  struct {
			Style string `xml:"style,attr"`
		} `xml:"encoding"`
		Length int `xml:"length"`
	} `xml:"data"`
	FileType string   `xml:"file-type,omitempty"`
	Clang    *tocList `xml:"clang"`
}

type tocSum struct {
	Style string `xml:"style,attr"`
	Value string `xml:",chardata"`
}

func sha1Hex(b []byte) string {
	s := sha1.Sum(b)
	return hex.EncodeToString(s[:])
}

// TOC returns the bundle's table of contents (XML) and its heap, whose
// first 20 bytes are left for the TOC's checksum.
func (b *Bundle) TOC() (toc, heap []byte) {
	var doc tocXar
	if ld := b.Ld; ld != nil {
		doc.Subdoc = &tocSubdoc{Name: "Ld", Version: ld.Version, Arch: ld.Architecture, Platform: ld.Platform, SDK: ld.SDKVersion}
		if ld.HideSymbols {
			doc.Subdoc.HideSymbols = "1"
		}
		if len(ld.Dylibs)+len(ld.WeakDylibs) > 0 {
			doc.Subdoc.Dylibs = &tocDylibs{ld.Dylibs, ld.WeakDylibs}
		}
		if len(ld.LinkOptions) > 0 {
			doc.Subdoc.Options = &tocList{Option: ld.LinkOptions}
		}
	}
	doc.TOC.Checksum.Style, doc.TOC.Checksum.Size = "sha1", sha1.Size
	doc.TOC.CreationTime = b.CreationTime
	heap = make([]byte, sha1.Size)
	for i, m := range b.Members {
		f := tocFile{ID: i + 1, Name: m.Name, Type: "file", FileType: m.FileType}
		if len(m.Cmd) > 0 {
			f.Clang = &tocList{Cmd: m.Cmd}
		}
		archived := encode(m.Data, m.Encoding)
		f.Data.Encoding.Style = xar.EncodingGzip
		if m.Encoding == Stored {
			f.Data.Encoding.Style = xar.EncodingNone
		}
		f.Data.Archived = tocSum{"sha1", sha1Hex(archived)}
		f.Data.Extracted = tocSum{"sha1", sha1Hex(m.Data)}
		f.Data.Size, f.Data.Length = len(m.Data), len(archived)
		f.Data.Offset = int64(len(heap))
		if m.LieOffset != 0 {
			f.Data.Offset = m.LieOffset
		}
		heap = append(heap, archived...)
		if m.Corrupt && len(archived) > 0 {
			heap[len(heap)-1] ^= 0xff
		}
		doc.TOC.Files = append(doc.TOC.Files, f)
	}
	x, err := xml.MarshalIndent(&doc, "", " ")
	if err != nil {
		panic(err) // the types above always marshal
	}
	return append([]byte(xml.Header), append(x, '\n')...), heap
}

// Bytes returns the archive.
func (b *Bundle) Bytes() []byte { return Archive(b.TOC()) }

// Archive assembles an archive from a table of contents (XML, compressed
// here) and a heap, whose first 20 bytes it overwrites with the SHA-1 of the
// compressed TOC.
func Archive(toc, heap []byte) []byte {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write(toc)
	zw.Close()
	sum := sha1.Sum(z.Bytes())
	out := make([]byte, 28, 28+z.Len()+len(heap))
	copy(out, xar.Magic)
	be := binary.BigEndian
	be.PutUint16(out[4:], 28)
	be.PutUint16(out[6:], 1)
	be.PutUint64(out[8:], uint64(z.Len()))
	be.PutUint64(out[16:], uint64(len(toc)))
	be.PutUint32(out[24:], uint32(xar.XAR_CKSUM_SHA1))
	out = append(append(out, z.Bytes()...), heap...)
	copy(out[28+z.Len():], sum[:])
	return out
}

func encode(data []byte, e Encoding) []byte {
	var b bytes.Buffer
	switch e {
	case Zlib:
		w, _ := zlib.NewWriterLevel(&b, zlib.BestCompression)
		w.Write(data)
		w.Close()
	case Gzip:
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression) // no name, time 0
		w.Write(data)
		w.Close()
	default:
		return data
	}
	return b.Bytes()
}
