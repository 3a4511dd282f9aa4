package bcanalyzer

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
)

// FuzzDump runs the text and JSON printers over arbitrary input: each must end
// with output or an error, and JSON output must stay valid either way.
func FuzzDump(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/bc/*")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil && len(b) < 16<<10 {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o := Options{Dump: true, ShowBinaryBlobs: len(data)%2 == 0, NonSymbolic: len(data)%3 == 0}
		w := bufio.NewWriter(io.Discard)
		if err := analyzeText(w, "fuzz", data, o); err != nil {
			var fe *bitstream.FormatError
			if errors.As(err, &fe) && fe.BitPos > uint64(len(data))*8 {
				t.Fatalf("error past the end: %v", err)
			}
		}
		var out jsonBuffer
		jw := bufio.NewWriter(&out)
		analyzeJSON(jw, "fuzz", data, o)
		jw.Flush()
		if !json.Valid(out) {
			t.Fatalf("invalid JSON: %.200q", out)
		}
	})
}

type jsonBuffer []byte

func (b *jsonBuffer) Write(p []byte) (int, error) { *b = append(*b, p...); return len(p), nil }
