package bcwrite

import (
	"bytes"
	"testing"
)

// TestOlderProducerUseLists writes modules of LLVM 19 with the use-list
// orders it recorded and checks each is byte for byte what opt-22 writes
// for it (testdata/uselist, NAME.opt.bc): LLVM 22's reader drops the
// orders of constant data and of a function a blockaddress names (LLVM 21
// on no longer count the blockaddress among its uses), and its upgrade of
// the lifetime calls reorders the uses of their allocas, which its writer
// then predicts anew. Written with the orders LLVM 19 recorded, three
// allocas' orders differed and two orders of constants were more in
// lifetime-llvm19.bc, and the order of @f was more in blockaddr-llvm19.bc.
func TestOlderProducerUseLists(t *testing.T) {
	for _, name := range []string{"lifetime-llvm19", "blockaddr-llvm19"} {
		m, r := openModule(t, readFile(t, "testdata/uselist/"+name+".bc"))
		got, err := Write(m, Options{Loader: r, ModuleID: name + ".bc"})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := readFile(t, "testdata/uselist/"+name+".opt.bc")
		if !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Errorf("%s: written otherwise than opt-22, from byte 0x%x of 0x%x", name, i, len(want))
		}
	}
}
