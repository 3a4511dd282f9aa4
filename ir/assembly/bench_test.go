package assembly_test

import (
	"io"
	"testing"

	"github.com/bcextract/bcextract/internal/irtest"
	"github.com/bcextract/bcextract/ir/assembly"
)

// BenchmarkReadModule reads the module and every function body, as dis
// does, without printing.
func BenchmarkReadModule(b *testing.B) {
	data := irtest.BenchData(b, "../../testdata/ir/di-coro-O0.bc")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r, m, err := irtest.Open(data)
		if err != nil {
			b.Fatal(err)
		}
		for _, fn := range m.Functions {
			if fn == nil || !fn.HasBody {
				continue
			}
			if err := r.LoadBody(fn); err != nil {
				b.Fatal(err)
			}
			fn.Params, fn.Blocks = nil, nil
		}
	}
}

// BenchmarkWrite reads the module and prints it, one body after another;
// the bytes per second are those of the bitcode.
func BenchmarkWrite(b *testing.B) { benchmarkWrite(b, 0) }

// BenchmarkWritePrefetch is BenchmarkWrite with the bodies read ahead in
// a goroutine of their own, as bcextract dis reads them.
func BenchmarkWritePrefetch(b *testing.B) { benchmarkWrite(b, 16) }

func benchmarkWrite(b *testing.B, prefetch int) {
	data := irtest.BenchData(b, "../../testdata/ir/di-coro-O0.bc")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r, m, err := irtest.Open(data)
		if err != nil {
			b.Fatal(err)
		}
		if err := assembly.Write(io.Discard, m, assembly.Options{ModuleID: "x.bc", Loader: r, Prefetch: prefetch}); err != nil {
			b.Fatal(err)
		}
	}
}
