package main

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
	"github.com/bcextract/bcextract/scan"
)

// jsonScanPayload is one line of 'scan --json' for a payload. The keys the
// issue asks for are always present, "" or [] when unknown.
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

func newJSONScanPayload(p *scan.Payload) *jsonScanPayload {
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

// scanPrinter prints the results of a scan as they come: a table on out,
// with problems on stderr, or JSON Lines on out.
type scanPrinter struct {
	out    *bufio.Writer
	stderr io.Writer
	enc    *json.Encoder // nil for the table
	werr   error
	line   []byte
}

func newScanPrinter(out *bufio.Writer, stderr io.Writer, jsonOut bool) *scanPrinter {
	p := &scanPrinter{out: out, stderr: stderr}
	if jsonOut {
		p.enc = json.NewEncoder(out)
		p.enc.SetEscapeHTML(false)
	} else {
		fmt.Fprintf(out, "%-9s %9s  %-12s  %-26s %-30s %s\n", "KIND", "SIZE", "SHA256", "TRIPLE", "PRODUCER", "PATH")
	}
	return p
}

// err returns the first error writing to out.
func (p *scanPrinter) err() error {
	if p.werr != nil {
		return p.werr
	}
	// A bufio.Writer keeps the error of a failed flush and returns it
	// from every Write; an empty write reports it.
	_, err := p.out.Write(nil)
	return err
}

func (p *scanPrinter) result(r *scan.Result) {
	for i := range r.Payloads {
		pl := &r.Payloads[i]
		if p.enc != nil {
			p.encode(newJSONScanPayload(pl))
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
	for _, e := range r.Errors {
		if p.enc != nil {
			p.encode(newJSONError(e))
		} else {
			reportf(p.stderr, "%v", e)
		}
	}
}

func (p *scanPrinter) encode(v any) {
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

// writeScanSummary writes the closing summary of a scan.
func writeScanSummary(w io.Writer, st *scan.Stats, store *scanStore, elapsed time.Duration) {
	secs := elapsed.Seconds()
	var b strings.Builder
	fmt.Fprintf(&b, "bcextract scan: %d files, %.1f MB, in %.2fs (%.0f files/s, %.1f MB/s)\n",
		st.Files, mb(st.Bytes), secs, float64(st.Files)/secs, mb(st.Bytes)/secs)
	fmt.Fprintf(&b, "  objects:  %d walked, %d skipped (no object, archive or bitcode magic)\n", st.Objects, st.Skipped)
	fmt.Fprintf(&b, "  payloads: %d", st.NumPayloads())
	var kinds []string
	for k := container.KindBitcode; k <= container.KindExtension; k++ {
		if n := st.Payloads[k]; n > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s", n, k))
		}
	}
	if len(kinds) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(kinds, ", "))
	}
	fmt.Fprintf(&b, ", %.1f MB\n", mb(st.PayloadBytes))
	if store != nil {
		written, kept := store.counts()
		fmt.Fprintf(&b, "  stored:   %d distinct payloads in %s (%d written, %d already there)\n", written+kept, store.dir, written, kept)
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
