package archive

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse checks that Parse never panics, that errors are *FormatErrors
// inside the input, and that every member it returns lies inside the input
// and aliases it.
func FuzzParse(f *testing.F) {
	for _, data := range fixtures() {
		f.Add(data)
	}
	for _, pattern := range []string{"../../testdata/containers/*.a", "../../testdata/containers/thin/*.a"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			if data, err := os.ReadFile(name); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Parse(data)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(data)) {
				t.Fatalf("Parse = %v, %v; want a *FormatError inside the input", a, err)
			}
			if a == nil {
				return
			}
			// The members before the error are checked like any others.
		}
		n := int64(len(data))
		if len(a.Members) > len(data)/HeaderSize {
			t.Fatalf("%d members in %d bytes", len(a.Members), n)
		}
		for i, m := range a.Members {
			if m.Index != i || m.HeaderOff < int64(len(Magic)) || m.HeaderOff+HeaderSize > n || m.Size < 0 {
				t.Fatalf("member %d: index %d, header at %d, size %d", i, m.Index, m.HeaderOff, m.Size)
			}
			if a.Kind == Thin {
				if m.Off != -1 || m.Data != nil {
					t.Fatalf("thin member %d: Off %d, Data %d bytes", i, m.Off, len(m.Data))
				}
				continue
			}
			if m.Off < m.HeaderOff+HeaderSize || m.Off+m.Size > n || int64(len(m.Data)) != m.Size || cap(m.Data) != len(m.Data) {
				t.Fatalf("member %d: Off %d, Size %d, %d bytes of data, in %d bytes", i, m.Off, m.Size, len(m.Data), n)
			}
			if m.Size > 0 && &m.Data[0] != &data[m.Off] {
				t.Fatalf("member %d: Data does not alias the input at %d", i, m.Off)
			}
		}
	})
}
