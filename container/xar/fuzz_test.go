package xar_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/bcextract/bcextract/container/xar"
	"github.com/bcextract/bcextract/container/xar/xartest"
)

// FuzzNewReader checks that NewReader and every file's Data and Open return
// values or *FormatErrors inside the input, that a stored file's data
// aliases the input, that Open and Data agree, and that the files' data
// stay within the budget (16 times the input plus 1 MiB, in all).
func FuzzNewReader(f *testing.F) {
	f.Add(bundleSection(f, "app", "arm64"))
	f.Add(bundleSection(f, "bundle-gzip.o", ""))
	f.Add(small().Bytes())
	b := small()
	b.Members = append(b.Members, xartest.Member{Name: "g", Data: []byte("gzip"), Encoding: xartest.Gzip})
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		inside := func(err error) {
			var fe *xar.FormatError
			if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(data)) {
				t.Fatalf("%v: want a *FormatError inside the %d-byte input", err, len(data))
			}
		}
		r, err := xar.NewReader(data)
		if err != nil {
			inside(err)
			return
		}
		if r.TOCOff < xar.MinHeaderSize || r.HeapOff < r.TOCOff || r.HeapOff > int64(len(data)) {
			t.Fatalf("TOC at %d, heap at %d, in %d bytes", r.TOCOff, r.HeapOff, len(data))
		}
		total := 0
		for _, file := range r.Files {
			got, err := file.Data()
			var viaOpen []byte
			rd, oerr := file.Open()
			if oerr == nil {
				viaOpen, oerr = io.ReadAll(rd)
			}
			if fmt.Sprint(err) != fmt.Sprint(oerr) || err == nil && !bytes.Equal(got, viaOpen) {
				t.Fatalf("%s: Data: %d bytes, %v; Open: %d bytes, %v", file.Path, len(got), err, len(viaOpen), oerr)
			}
			if err != nil {
				inside(err)
				continue
			}
			if int64(len(got)) != file.Size && file.HasData {
				t.Fatalf("%s: %d bytes, size %d", file.Path, len(got), file.Size)
			}
			if file.Encoding == xar.EncodingNone && len(got) > 0 && &got[0] != &data[file.Off] {
				t.Fatalf("%s: stored data does not alias the input", file.Path)
			}
			if total += len(got); total > 16*len(data)+1<<20 {
				t.Fatalf("%d bytes of data from %d bytes", total, len(data))
			}
		}
	})
}
