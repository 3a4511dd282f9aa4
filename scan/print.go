package scan

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/bcextract/bcextract/container"
)

// jsonScanPayload is one line of 'bcextract scan --json' for a payload. Its
// keys are always present, "" or [] when unknown, but for the omitempty ones.
type jsonScanPayload struct {
	File           string   `json:"file"`
	Path           string   `json:"path"`
	Kind           string   `json:"kind"`
	Format         string   `json:"format"`
	Arch           string   `json:"arch,omitempty"`
	Section        string   `json:"section,omitempty"`
	Offset         int64    `json:"offset"`
	Size           int64    `json:"size"`
	SHA256         string   `json:"sha256"`
	Producer       string   `json:"producer"`
	Triple         string   `json:"triple"`
	SourceFilename string   `json:"source_filename"`
	Cmdline        []string `json:"cmdline"`
	OffloadArch    string   `json:"offload_arch,omitempty"`
	Compressed     string   `json:"compressed,omitempty"` // as in list --json
	Stored         string   `json:"stored,omitempty"`
}

func newJSONScanPayload(p *Payload) *jsonScanPayload {
	cmd := p.Cmdline
	if cmd == nil {
		cmd = []string{}
	}
	return &jsonScanPayload{
		File: p.File, Path: p.Path, Kind: p.Kind.String(), Format: p.Format.String(),
		Arch: p.Arch, Section: p.Section, Offset: p.Off, Size: p.Size,
		SHA256: hex.EncodeToString(p.SHA256[:]), Producer: p.Producer, Triple: p.Triple,
		SourceFilename: p.SourceFilename, Cmdline: cmd, OffloadArch: p.OffloadArch, Compressed: p.Compression.String(), Stored: p.Stored,
	}
}

// A Printer prints the results of a scan as they come, as 'bcextract scan'
// does: a table of the payloads (kind, size, the first bytes of the
// SHA-256, triple, producer, container path) under a header line, or one
// JSON object per payload (JSON Lines) with the keys file, path, kind,
// format, arch, section, offset, size, sha256, producer, triple,
// source_filename, cmdline, offload_arch, compressed and stored.
type Printer struct {
	out     *bufio.Writer
	onError func(error)
	enc     *json.Encoder // nil for the table
	werr    error
	line    []byte
}

// NewPrinter returns a Printer writing on out: a table (its header line is
// written now), or JSON Lines when jsonLines is set. A result's errors go
// to onError, in order with its payloads (a JSON printer's caller may
// write them on out with Printer.Encode).
func NewPrinter(out *bufio.Writer, jsonLines bool, onError func(error)) *Printer {
	p := &Printer{out: out, onError: onError}
	if jsonLines {
		p.enc = json.NewEncoder(out)
		p.enc.SetEscapeHTML(false)
	} else {
		fmt.Fprintf(out, "%-9s %9s  %-12s  %-26s %-30s %s\n", "KIND", "SIZE", "SHA256", "TRIPLE", "PRODUCER", "PATH")
	}
	return p
}

// Err returns the first error writing to out.
func (p *Printer) Err() error {
	if p.werr != nil {
		return p.werr
	}
	// A bufio.Writer keeps the error of a failed flush and returns it
	// from every Write; an empty write reports it.
	_, err := p.out.Write(nil)
	return err
}

// Result prints the payloads of r, then passes its errors to onError.
func (p *Printer) Result(r *Result) {
	for i := range r.Payloads {
		pl := &r.Payloads[i]
		if p.enc != nil {
			p.Encode(newJSONScanPayload(pl))
			continue
		}
		b := p.line[:0]
		b = appendPadded(b, pl.Kind.String(), 9)
		b = append(b, ' ')
		size := strconv.FormatInt(pl.Size, 10)
		b = append(b, strings.Repeat(" ", max(0, 9-len(size)))...)
		b = append(b, size...)
		b = append(b, "  "...)
		b = hex.AppendEncode(b, pl.SHA256[:6])
		b = append(b, "  "...)
		b = appendPadded(b, dash(pl.Triple), 26)
		b = append(b, ' ')
		b = appendPadded(b, dash(pl.Producer), 30)
		b = append(b, ' ')
		b = append(b, pl.Path...)
		b = append(b, '\n')
		p.out.Write(b)
		p.line = b
	}
	if p.onError != nil {
		for _, e := range r.Errors {
			p.onError(e)
		}
	}
}

// Encode writes v as one line of JSON on a JSON printer's out, as its
// payloads are written (no HTML escaping); the first error is kept for
// Err.
func (p *Printer) Encode(v any) {
	if err := p.enc.Encode(v); err != nil && p.werr == nil {
		p.werr = err
	}
}

// appendPadded appends s and enough spaces to fill width bytes, or one
// space less when s is at least that long.
func appendPadded(b []byte, s string, width int) []byte {
	b = append(b, s...)
	for n := len(s); n < width; n++ {
		b = append(b, ' ')
	}
	return b
}

// Stored is what a store of a scan's payloads holds, for WriteSummary: its
// directory, the files it wrote and those it found already there.
type Stored struct {
	Dir           string
	Written, Kept int
}

// dash stands "-" for an unknown value in the table.
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func mb(n int64) float64 { return float64(n) / 1e6 }

// WriteSummary writes the closing summary of a scan that took elapsed, as
// 'bcextract scan' writes it on stderr: files, objects, payloads by kind,
// the store (when stored is not nil), errors and what was passed over.
func WriteSummary(w io.Writer, st *Stats, stored *Stored, elapsed time.Duration) {
	secs := elapsed.Seconds()
	var b strings.Builder
	fmt.Fprintf(&b, "bcextract scan: %d files, %.1f MB, in %.2fs (%.0f files/s, %.1f MB/s)\n",
		st.Files, mb(st.Bytes), secs, float64(st.Files)/secs, mb(st.Bytes)/secs)
	fmt.Fprintf(&b, "  objects:  %d walked, %d skipped (no object, archive or bitcode magic)\n", st.Objects, st.Skipped)
	fmt.Fprintf(&b, "  payloads: %d", st.NumPayloads())
	var kinds []string
	for k := container.KindBitcode; int(k) < container.NumKinds; k++ {
		if n := st.Payloads[k]; n > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s", n, k))
		}
	}
	if len(kinds) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(kinds, ", "))
	}
	fmt.Fprintf(&b, ", %.1f MB\n", mb(st.PayloadBytes))
	if stored != nil {
		fmt.Fprintf(&b, "  stored:   %d distinct payloads in %s (%d written, %d already there)\n", stored.Written+stored.Kept, stored.Dir, stored.Written, stored.Kept)
	}
	where := "files or directories"
	if st.Failed == 1 {
		where = "file or directory"
	}
	fmt.Fprintf(&b, "  errors:   %d, in %d %s\n", st.Errors, st.Failed, where)
	var not []string
	for _, c := range []struct {
		n    int64
		what string
	}{
		{st.Symlinks, "symbolic links"}, {st.Special, "special files"},
		{st.RepeatedDirs, "directories already walked"}, {st.OtherShard, "files of other shards"},
	} {
		if c.n > 0 {
			not = append(not, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	if len(not) > 0 {
		fmt.Fprintf(&b, "  passed over: %s\n", strings.Join(not, ", "))
	}
	io.WriteString(w, b.String())
}
