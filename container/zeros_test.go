package container

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"
)

// Zero bytes in a bare bitcode file where a top-level block should start
// are what llvm-bcanalyzer-22 calls an invalid record at top level (and
// llvm-dis-22 a malformed block): an error at the first zero byte, after
// the files before it are reported (the magic number alone is none),
// unless they are the last one or two words, which llvm-dis-22 ignores
// (not llvm-bcanalyzer-22). Zero bytes between two files of a
// file holding several back to back (a dumped .llvmbc section) are padding,
// up to 4096 of them. In a section, zero bytes are always padding.
func TestBitcodeFileZeros(t *testing.T) {
	plain, err := os.ReadFile("../testdata/bc/plain.bc") // 3360 bytes
	if err != nil {
		t.Fatal(err)
	}
	magic := []byte("BC\xc0\xde")
	zeros := func(n int) []byte { return make([]byte, n) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	tests := []struct {
		name    string
		data    []byte
		want    []row
		errAt   int64 // -1: no error
		errWant error
	}{
		{"magic-zeros.bc", cat(magic, zeros(1<<20)), nil, 4, ErrZeroTail},
		// At most two zero words after the last block are ignored, as
		// llvm-dis-22 ignores them.
		{"magic-word.bc", cat(magic, zeros(4)), []row{{"magic-word.bc#1", KindBitcode, 0, 4, false}}, -1, nil},
		{"magic-words.bc", cat(magic, zeros(8)), []row{{"magic-words.bc#1", KindBitcode, 0, 4, false}}, -1, nil},
		{"magic-3words.bc", cat(magic, zeros(12)), nil, 4, ErrZeroTail},
		{"trailing.bc", cat(plain, zeros(100)), []row{{"trailing.bc#1", KindBitcode, 0, 3360, false}}, 3360, ErrZeroTail},
		{"trailing4.bc", cat(plain, zeros(4)), []row{{"trailing4.bc#1", KindBitcode, 0, 3360, false}}, -1, nil},
		{"trailing8.bc", cat(plain, zeros(8)), []row{{"trailing8.bc#1", KindBitcode, 0, 3360, false}}, -1, nil},
		{"trailing12.bc", cat(plain, zeros(12)), []row{{"trailing12.bc#1", KindBitcode, 0, 3360, false}}, 3360, ErrZeroTail},
		{"between.bc", cat(plain, zeros(4096), plain), []row{
			{"between.bc#1", KindBitcode, 0, 3360, false},
			{"between.bc#2", KindBitcode, 3360 + 4096, 3360, false},
		}, -1, nil},
		{"far.bc", cat(plain, zeros(4097), plain), []row{{"far.bc#1", KindBitcode, 0, 3360, false}}, 3360, ErrZeroTail},
		{"second-trailing.bc", cat(plain, zeros(8), plain, zeros(12)), []row{
			{"second-trailing.bc#1", KindBitcode, 0, 3360, false},
			{"second-trailing.bc#2", KindBitcode, 3368, 3360, false},
		}, 3368 + 3360, ErrZeroTail},
		{"magic-only.bc", magic, []row{{"magic-only.bc#1", KindBitcode, 0, 4, false}}, -1, nil},
		// Zeros that end the data inside a word: at the end of the data,
		// where LLVM's readers say the length is not a multiple of 4.
		{"cut-word.bc", cat(plain, zeros(5)), []row{{"cut-word.bc#1", KindBitcode, 0, 3360, false}}, 3365, ErrZeroTail},
		{"cut-word1.bc", cat(plain, zeros(1)), []row{{"cut-word1.bc#1", KindBitcode, 0, 3360, false}}, 3361, ErrZeroTail},
	}
	for _, tt := range tests {
		var w Walker
		var ps []Payload
		err := w.Walk(tt.name, tt.data, func(p *Payload) error { ps = append(ps, *p); return nil })
		got := rows(ps)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %+v; want %+v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: %+v, want %+v", tt.name, got[i], tt.want[i])
			}
		}
		errs := Errors(err)
		var ce *Error
		switch {
		case tt.errAt < 0 && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.errAt >= 0 && (len(errs) != 1 || !errors.As(errs[0], &ce) || ce.Off != tt.errAt || !errors.Is(ce, tt.errWant) || ce.Path != tt.name):
			t.Errorf("%s: errors %v; want %v at byte %#x", tt.name, errs, tt.errWant, tt.errAt)
		}
	}
}

// Modules counts the payloads split from a section or file, for each of
// them.
func TestModulesCount(t *testing.T) {
	ps, err := walkFixture(t, "prog")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ps {
		got = append(got, fmt.Sprintf("%s %d/%d", p.Path, p.Module, p.Modules))
	}
	want := []string{
		"prog:.llvmbc#1 1/3", "prog:.llvmbc#2 2/3", "prog:.llvmbc#3 3/3",
		"prog:.llvmcmd#1 1/3", "prog:.llvmcmd#2 2/3", "prog:.llvmcmd#3 3/3",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q; want %q", got, want)
	}
}
