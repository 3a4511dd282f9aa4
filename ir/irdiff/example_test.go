package irdiff_test

import (
	"os"

	"github.com/bcextract/bcextract/ir/irdiff"
	"github.com/bcextract/bcextract/ir/structhash"
)

// Two builds of a library: the modules pair by source file name although
// the archive members were renamed; one function changed, one was added.
func ExampleCompare() {
	h := func(b byte) structhash.Sum { return structhash.Sum{b} } // hashes from structhash.Function
	old := []*irdiff.Module{
		{Path: "libfoo.a(parse.o)#1", Source: "parse.c", Funcs: []irdiff.Func{{Name: "parse", Hash: h(1)}, {Name: "lex", Hash: h(2)}}},
	}
	new := []*irdiff.Module{
		{Path: "libfoo.a(parse-v2.o)#1", Source: "parse.c", Funcs: []irdiff.Func{{Name: "parse", Hash: h(1)}, {Name: "lex", Hash: h(3)}, {Name: "peek", Hash: h(4)}}},
	}
	r := irdiff.Compare(old, new)
	r.WriteText(os.Stdout, nil)
	// Output:
	// added   libfoo.a(parse-v2.o)#1: peek
	// changed libfoo.a(parse-v2.o)#1: lex
}
