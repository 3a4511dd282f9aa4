package bitcode_test

import (
	"testing"

	"github.com/bcextract/bcextract/internal/irtest"
)

// BenchmarkReadModuleRelease reads the module and every function body,
// releasing each body before the next is loaded, as a printer that
// releases them does. The module is a committed fixture with debug info,
// or the file named by $BCX_BENCH_BC (e.g. Rust's libstd module).
func BenchmarkReadModuleRelease(b *testing.B) {
	data := irtest.BenchData(b, "../../testdata/ir/di-coro-O0.bc")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r, m, err := irtest.Open(data)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, fn := range m.Functions {
			if fn == nil || !fn.HasBody {
				continue
			}
			if err := r.LoadBody(fn); err != nil {
				b.Fatal(err)
			}
			if len(fn.Blocks) == 0 {
				b.Fatalf("@%s: no blocks", fn.Name)
			}
			r.ReleaseBody(fn)
			n++
		}
		if n == 0 {
			b.Fatal("no bodies")
		}
	}
}
