package bitcode_test

import (
	"os"
	"testing"
	"unsafe"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// TestShareStrings checks that with ShareStrings the metadata strings of
// the module level and of a body lie in the bitcode, with the values they
// have without it.
func TestShareStrings(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ir/di-coro-O0.bc")
	if err != nil {
		t.Fatal(err)
	}
	inData := func(s string) bool {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		base := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
		return p >= base && p+uintptr(len(s)) <= base+uintptr(len(data))
	}
	// ident is the string of !llvm.ident; name the name of the first
	// body's DISubprogram.
	read := func(share bool) (ident, name string) {
		f, err := bitcode.Options{ShareStrings: share}.Open(data)
		if err != nil {
			t.Fatal(err)
		}
		r := f.Modules[0]
		m, err := r.Module()
		if err != nil {
			t.Fatal(err)
		}
		for _, nm := range m.NamedMetadata {
			if nm.Name == "llvm.ident" {
				ident = nm.Ops[0].(*ir.MDTuple).Ops[0].(*ir.MDString).Value
			}
		}
		for _, fn := range m.Functions {
			if !fn.HasBody {
				continue
			}
			if err := r.LoadBody(fn); err != nil {
				t.Fatal(err)
			}
			for _, a := range fn.Metadata {
				if sp, ok := a.Node.(*ir.SpecializedNode); ok && a.Kind == "dbg" {
					for _, fl := range sp.Fields {
						if fl.Name.String() == "name" {
							return ident, fl.Text()
						}
					}
				}
			}
		}
		t.Fatal("no DISubprogram name")
		return
	}
	ident, name := read(false)
	sIdent, sName := read(true)
	if ident != sIdent || name != sName {
		t.Errorf("shared strings %q, %q; want %q, %q", sIdent, sName, ident, name)
	}
	if inData(ident) || inData(name) {
		t.Errorf("strings %q, %q lie in the bitcode without ShareStrings", ident, name)
	}
	if !inData(sIdent) || !inData(sName) {
		t.Errorf("strings %q, %q do not lie in the bitcode with ShareStrings", sIdent, sName)
	}
	// As di-coro-O0.dis prints them.
	if ident != "Debian clang version 22.1.8 (1~deb12u1)" || name != "fib" {
		t.Errorf("strings %q, %q; want the fixture's", ident, name)
	}
}
