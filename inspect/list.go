package inspect

import (
	"fmt"
	"strconv"
	"text/tabwriter"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// A Listed is one payload of 'bcextract list' and, for a module, what
// bitcode.ReadIdent read of it (zero for other payloads).
type Listed struct {
	Payload container.Payload
	Ident   bitcode.Ident
	// File is, for a container.KindBitcodePath payload, the bitcode file
	// it names and what was found there; nil for other payloads.
	File *ListedFile
}

// A ListedFile is the bitcode file a gllvm or wllvm path names.
type ListedFile struct {
	Path   string        // as listed
	Exists bool          // whether it was found
	Ident  bitcode.Ident // what bitcode.ReadIdent read of it, when found
}

// WriteListHeader prints the header line of the table 'bcextract list'
// prints; tw should be tabwriter.NewWriter(w, 0, 8, 2, ' ', 0), as the
// command's.
func WriteListHeader(tw *tabwriter.Writer) {
	fmt.Fprintln(tw, "PATH\tKIND\tSECTION\tOFFSET\tSIZE\tPRODUCER\tTRIPLE")
}

// WriteListRow prints the table row of one payload: container path, kind,
// section, byte offset, size, producer and triple ("-" for none); for the
// path of a bitcode file, the producer and triple of the file, and then
// its path ("(missing)" after it when it was not found).
func WriteListRow(tw *tabwriter.Writer, r *Listed) {
	p := &r.Payload
	b := make([]byte, 0, 160)
	b = append(b, p.Path...)
	b = append(b, '\t')
	b = append(b, p.Kind.String()...)
	b = append(b, '\t')
	b = append(b, dash(p.Section)...)
	b = append(b, "\t0x"...)
	b = strconv.AppendInt(b, p.Off, 16)
	b = append(b, '\t')
	b = strconv.AppendInt(b, p.Size, 10)
	b = append(b, '\t')
	b = append(b, dash(r.Ident.Producer)...)
	b = append(b, '\t')
	b = append(b, dash(r.triple())...)
	if f := r.File; f != nil {
		b = append(b, '\t')
		b = append(b, f.Path...)
		if !f.Exists {
			b = append(b, " (missing)"...)
		}
	}
	b = append(b, '\n')
	tw.Write(b)
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
