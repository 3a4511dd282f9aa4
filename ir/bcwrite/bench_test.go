package bcwrite_test

import (
	"fmt"
	"testing"

	"github.com/bcextract/bcextract/internal/irtest"
	"github.com/bcextract/bcextract/ir/bcwrite"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// BenchmarkConvert reads a module and writes it, its summary dropped, as
// `bcextract convert --drop-summary [--llvm N]` does: bodies are read one
// at a time while they are written (for LLVM 14, each given typed
// pointers as it is read). The module is a committed fixture with
// debug info, or the file named by $BCX_BENCH_BC (e.g. Rust's libstd
// module, scripts/bench_convert.sh's).
func BenchmarkConvert(b *testing.B) {
	data := irtest.BenchData(b, "../../testdata/ir/di-coro-O0.bc")
	for _, v := range []int{22, 14} {
		b.Run(fmt.Sprintf("llvm%d", v), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				f, err := bitcode.Options{DropSummary: true}.Open(data)
				if err != nil {
					b.Fatal(err)
				}
				r := f.Modules[0]
				m, err := r.Module()
				if err != nil {
					b.Fatal(err)
				}
				out, err := bcwrite.Write(m, bcwrite.Options{ModuleID: "m", Loader: r, DropSummary: true,
					SizeHint: len(data), Version: v})
				if err != nil {
					b.Fatal(err)
				}
				if len(out) < len(data)/4 {
					b.Fatalf("%d bytes written of %d read", len(out), len(data))
				}
			}
		})
	}
}
