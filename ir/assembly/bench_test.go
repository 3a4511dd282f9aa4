package assembly_test

import (
	"io"
	"os"
	"testing"

	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// benchFile is the module the benchmarks read: a committed fixture with
// debug info, or the file named by $BCX_BENCH_BC (e.g. Rust's libstd
// module, to profile a large input).
func benchFile(b *testing.B) []byte {
	b.Helper()
	name := os.Getenv("BCX_BENCH_BC")
	if name == "" {
		name = "../../testdata/ir/di-coro-O0.bc"
	}
	data, err := os.ReadFile(name)
	if err != nil {
		b.Skip(err)
	}
	return data
}

// BenchmarkReadModule reads the module and every function body, as dis
// does, without printing.
func BenchmarkReadModule(b *testing.B) {
	data := benchFile(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		f, err := bitcode.Open(data)
		if err != nil {
			b.Fatal(err)
		}
		r := f.Modules[0]
		m, err := r.Module()
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
func BenchmarkWritePrefetch(b *testing.B) { benchmarkWrite(b, 4) }

func benchmarkWrite(b *testing.B, prefetch int) {
	data := benchFile(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		f, err := bitcode.Open(data)
		if err != nil {
			b.Fatal(err)
		}
		r := f.Modules[0]
		m, err := r.Module()
		if err != nil {
			b.Fatal(err)
		}
		if err := assembly.Write(io.Discard, m, assembly.Options{ModuleID: "x.bc", Loader: r, Prefetch: prefetch}); err != nil {
			b.Fatal(err)
		}
	}
}
