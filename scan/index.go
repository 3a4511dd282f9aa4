package scan

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/bcextract/bcextract/container"
)

// An Index gathers the payloads of a scan by content: each distinct
// content (SHA-256 and kind) once, with every place it occurs. It is what a
// manifest of the extracted payloads lists. The zero value is empty and
// ready to use; it is not safe for concurrent use.
type Index struct {
	m map[indexKey]*Entry
}

type indexKey struct {
	sum  [32]byte
	kind container.Kind
}

// An Entry is one distinct payload content in an Index.
type Entry struct {
	SHA256 [32]byte
	Kind   container.Kind
	Size   int64
	// Stored is the Stored name of its payloads (the first one not empty).
	Stored string
	// Producer, Triple and SourceFilename are those of its payloads.
	Producer, Triple, SourceFilename string
	// Origins are the places it occurs, sorted by File and then Path.
	Origins []Origin
}

// An Origin is one place a payload occurs.
type Origin struct {
	File string // the file holding the payload (Payload.File)
	Path string // its container path
}

// Add adds the payloads of r.
func (x *Index) Add(r *Result) {
	if x.m == nil {
		x.m = make(map[indexKey]*Entry)
	}
	for i := range r.Payloads {
		p := &r.Payloads[i]
		k := indexKey{p.SHA256, p.Kind}
		e := x.m[k]
		if e == nil {
			e = &Entry{SHA256: p.SHA256, Kind: p.Kind, Size: p.Size,
				Producer: p.Producer, Triple: p.Triple, SourceFilename: p.SourceFilename}
			x.m[k] = e
		}
		if e.Stored == "" {
			e.Stored = p.Stored
		}
		e.Origins = append(e.Origins, Origin{File: p.File, Path: p.Path})
	}
}

// Len returns the number of distinct contents.
func (x *Index) Len() int { return len(x.m) }

// Entries returns the distinct contents sorted by SHA-256 and kind, each
// with its origins sorted: the same list whatever order the payloads were
// added in.
func (x *Index) Entries() []Entry {
	out := make([]Entry, 0, len(x.m))
	for _, e := range x.m {
		o := slices.Clone(e.Origins)
		slices.SortFunc(o, func(a, b Origin) int {
			return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Path, b.Path))
		})
		c := *e
		c.Origins = o
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Entry) int {
		return cmp.Or(bytes.Compare(a.SHA256[:], b.SHA256[:]), cmp.Compare(a.Kind, b.Kind))
	})
	return out
}
