package funcinfo_test

import (
	"testing"

	"github.com/bcextract/bcextract/internal/irtest"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/funcinfo"
)

// BenchmarkDescribe reads a module and describes every function as funcs
// does with one reader: bodies without debug info, each in the memory of
// the one before. The module is a committed fixture with debug info, or
// the file named by $BCX_BENCH_BC (Rust's libstd module, say); the bytes
// per second are those of the bitcode.
func BenchmarkDescribe(b *testing.B) {
	data := irtest.BenchData(b, "../../testdata/ir/di-coro-O0.bc")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		f, err := bitcode.Options{DropDebugInfo: true, DropSummary: true, ReuseBodies: true}.Open(data)
		if err != nil {
			b.Fatal(err)
		}
		r := f.Modules[0]
		m, err := r.Module()
		if err != nil {
			b.Fatal(err)
		}
		var d funcinfo.Describer
		for _, fn := range m.Functions {
			if !fn.HasBody {
				continue
			}
			if err := r.LoadBody(fn); err != nil {
				b.Fatal(err)
			}
			d.Describe(fn, nil)
			fn.Params, fn.Blocks = nil, nil
		}
	}
}
