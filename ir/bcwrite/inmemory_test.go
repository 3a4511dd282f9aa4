package bcwrite

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// TestInMemoryAsLoaded writes each fixture twice for every reader version:
// from a module whose bodies the writer loads (and loads again for its
// second pass) as convert writes, and from the same module with every
// body already in memory as link writes what it linked. The bytes must be
// the same, or both writes refuse the module: a rewrite for an older
// reader that made anew, in the second pass, what the first numbered
// (the !annotation tuples did) writes references to nodes that are not
// there.
func TestInMemoryAsLoaded(t *testing.T) {
	var files []string
	for _, root := range []string{"../../testdata/ir", "testdata/decl"} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".bc") && !strings.Contains(path, "/refused/") {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 100 {
		t.Fatalf("%d fixtures found, want 100 or more", len(files))
	}
	compared := 0
	for _, path := range files {
		data := readFile(t, path)
		if _, _, ok := openOne(data); !ok {
			continue
		}
		for _, v := range []int{13, 14, 15, 16, 19, 22} {
			// Each write is of a module read anew: one for LLVM 14 or
			// older is changed into its typed-pointer form for good.
			lazy, r, _ := openOne(data)
			whole, r2, _ := openOne(data)
			loaded := true
			for _, f := range whole.Functions {
				if f.HasBody && r2.LoadBody(f) != nil {
					loaded = false
					break
				}
			}
			if !loaded {
				break
			}
			want, err1 := Write(lazy, Options{ModuleID: "m", Loader: r, Version: v, Losses: &Losses{}})
			got, err2 := Write(whole, Options{ModuleID: "m", Version: v, Losses: &Losses{}})
			switch {
			case (err1 == nil) != (err2 == nil):
				t.Errorf("%s for LLVM %d: bodies loaded: %v; in memory: %v", path, v, err1, err2)
			case err1 == nil && !bytes.Equal(want, got):
				t.Errorf("%s for LLVM %d: %d bytes with the bodies loaded, %d with them in memory", path, v, len(want), len(got))
			case err1 == nil:
				compared++
			}
		}
	}
	t.Logf("%d fixtures, %d writes compared", len(files), compared)
	if compared < 500 {
		t.Errorf("%d writes compared, want 500 or more", compared)
	}
}

// openOne reads the module of data when it holds one that reads cleanly.
func openOne(data []byte) (*ir.Module, *bitcode.Reader, bool) {
	f, err := bitcode.Options{}.Open(data)
	if err != nil || len(f.Modules) != 1 {
		return nil, nil, false
	}
	m, err := f.Modules[0].Module()
	if err != nil {
		return nil, nil, false
	}
	return m, f.Modules[0], true
}
