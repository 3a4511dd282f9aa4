package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"
)

// The sweeps run every command over every truncation and every single-byte
// corruption of a fixture. "go test" samples them on a few small fixtures
// (the quick set): every truncation and corruption of their first
// sweepDense bytes, and sweepSamples more of each spread over the rest, in
// a few seconds; -short skips even that. -sweep.all sweeps the quick set
// in full (a few minutes), -sweep.wide one or more fixtures of every
// container format and payload besides, in full, and -sweep.files a glob
// of its own (relative to the repository root), in full. A full sweep may
// be thinned by -sweep.stride K: every offset of a fixture's first
// sweepHead bytes (its headers and tables, where most checks are) and its
// last, then every Kth offset beyond, starting at -sweep.phase; .ci/run
// sweeps the wide set at a stride of 4 with the phase turning with the
// date, so four days' runs cover every offset.
var (
	sweepAll    = flag.Bool("sweep.all", false, "sweep the quick set in full, every truncation and corruption, not a sample")
	sweepWide   = flag.Bool("sweep.wide", false, "sweep the wide set of fixtures in full, not only the quick set")
	sweepFiles  = flag.String("sweep.files", "", "sweep the fixtures matching this glob (relative to the repository root) in full")
	sweepStride = flag.Int("sweep.stride", 1, "in a full sweep, past each fixture's first 256 bytes, try every Kth offset only")
	sweepPhase  = flag.Int("sweep.phase", 0, "with -sweep.stride K, the offsets tried past the first 256 bytes are those equal to this modulo K")
)

// sweepHead is how many leading bytes of a fixture a strided sweep tries
// every offset of.
const sweepHead = 256

// The sample "go test" sweeps of each fixture: the first sweepDense
// truncations and corruptions (headers, where most checks are), then
// sweepSamples of each spread evenly over the rest.
const (
	sweepDense   = 48
	sweepSamples = 24
)

// sweepQuick is swept by "go test": small fixtures that reach bitcode,
// ELF, Mach-O, xar and thin archives.
var sweepQuick = []string{
	"testdata/bc/llvm14.bc",               // bare bitcode, LLVM 14
	"testdata/containers/bundle-marker.o", // Mach-O with a xar bundle
	"testdata/containers/thin/lib-thin.a", // thin archive (members beside it)
	"testdata/sections/deplibs.o",         // ELF with .deplibs
	"testdata/ir/funclets.bc",             // IR: funclets, invoke, landingpad
}

// sweepWideSet adds one or more fixtures of every other container format
// and extension section.
var sweepWideSet = []string{
	"testdata/inspect/cxx.bc",               // bitcode with an irsymtab, comdats
	"testdata/inspect/win32.bc",             // i686 Windows bitcode
	"testdata/containers/elf-marker.o",      // ELF with a marker section
	"testdata/containers/elf-x86_64.o",      // ELF with .llvmbc and .llvmcmd
	"testdata/containers/elf-x86_64-zstd.o", // the same, compressed: zstd and zlib
	"testdata/containers/fatlto-thin.o",     // ELF with .llvm.lto
	"testdata/containers/macho-marker.o",    // Mach-O
	"testdata/containers/macho-x86_64.o",    // Mach-O with __LLVM,__bitcode
	"testdata/containers/universal.o",       // universal Mach-O
	"testdata/containers/coff-x86_64.obj",   // COFF
	"testdata/containers/pe-x86_64.dll",     // PE image
	"testdata/containers/lib-bsd.a",         // BSD archive
	"testdata/containers/wasm-marker.o",     // WebAssembly
	"testdata/containers/wasm32.o",          // WebAssembly with .llvmbc
	"testdata/sections/linkeropts.o",        // .linker-options
	"testdata/sections/sympart.o",           // .llvm_sympart
	"testdata/sections/addrsig.o",           // .llvm_addrsig
	"testdata/sections/addrsig-coff.obj",    // COFF .llvm_addrsig
	"testdata/sections/cgprofile.o",         // call-graph profile, RELA
	"testdata/sections/cgprofile-crel.o",    // call-graph profile, CREL
	"testdata/sections/bbmap-llvm14.o",      // BB address map, version 1
	"testdata/sections/bbmap-pgo.o",         // BB address map with PGO data
	"testdata/sections/bbmap-zstd.o",        // compressed BB address map and addrsig
	"testdata/bbmap/bbmap-armv7",            // linked BB map, ARM disassembly
	"testdata/bbmap/bbmap-aarch64",          // linked BB map, AArch64
	"testdata/bbmap/bbmap-riscv64",          // linked BB map, RISC-V
	"testdata/sections/cxx-plt",             // C++ names, PLT entries
	"testdata/ir/switch-O2.bc",              // IR: switch, phi, preds, metadata
	"testdata/ir/instr-memory.bc",           // IR: atomics, GEP flags, alloca
	"testdata/ir/constants.bc",              // IR: every constant kind
}

// A sweepCmd is one command line run over each mutated input; out is a
// fresh output directory inside the run's scratch directory.
type sweepCmd struct {
	name string
	args func(in, out string) []string
}

var sweepCmds = []sweepCmd{
	{"list", func(in, _ string) []string { return []string{"list", in} }},
	{"list-json", func(in, _ string) []string { return []string{"list", "--json", in} }},
	{"extract", func(in, out string) []string { return []string{"extract", "--kind", "all", "-d", out, in} }},
	{"dump", func(in, _ string) []string { return []string{"dump", "--show-binary-blobs", in} }},
	{"stats", func(in, _ string) []string { return []string{"stats", in} }},
	{"sections", func(in, _ string) []string { return []string{"sections", "--all", "-C", in} }},
	{"inspect", func(in, _ string) []string { return []string{"inspect", "--symbols", "-C", in} }},
	{"inspect-json", func(in, _ string) []string { return []string{"inspect", "--json", in} }},
	{"bbmap", func(in, _ string) []string { return []string{"bbmap", "--disasm", "-C", in} }},
	{"dis", func(in, _ string) []string { return []string{"dis", in} }},
	{"funcs", func(in, _ string) []string { return []string{"funcs", "--json", "--all", "-C", in} }},
	{"callgraph", func(in, _ string) []string { return []string{"callgraph", in} }},
	{"scan", func(in, out string) []string {
		return []string{"scan", "--jobs", "1", "--kind", "all", "--extract-dir", out, "--manifest", filepath.Join(out, "manifest.json"), in}
	}},
}

// sweepTimeout bounds one command's run on one input: far above what any
// fixture takes, far below what a hang would.
const sweepTimeout = 20 * time.Second

// located matches what every error line must carry: a byte or bit offset.
var located = regexp.MustCompile(`at (byte 0x[0-9a-f]+|bit [0-9]+)`)

// scanSummary matches the first line of the summary scan prints on stderr
// after its error lines.
var scanSummary = regexp.MustCompile(`^bcextract scan: [0-9]+ files, `)

// absent matches the errors that say the input lacks what the command
// needs: they name the file but no offset, there being none.
var absent = regexp.MustCompile(`: (no bitcode module found|no LLVM payload found|no payload of kind .*|no basic block address map .*)$`)

func TestSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("sweeps are long")
	}
	files, sample := sweepQuick, true
	switch {
	case *sweepFiles != "":
		files, _ = filepath.Glob(filepath.Join("../..", *sweepFiles))
		for i := range files {
			files[i], _ = filepath.Rel("../..", files[i])
		}
		sample = false
	case *sweepWide:
		files, sample = append(append([]string{}, sweepQuick...), sweepWideSet...), false
	case *sweepAll:
		sample = false
	}
	if *sweepStride < 1 || *sweepPhase < 0 || *sweepPhase >= *sweepStride {
		t.Fatalf("-sweep.stride %d -sweep.phase %d: the stride must be at least 1 and the phase in [0, stride)", *sweepStride, *sweepPhase)
	}
	for _, f := range files {
		t.Run(filepath.ToSlash(f), func(t *testing.T) {
			t.Parallel()
			sweepFile(t, filepath.Join("../..", f), sample)
		})
	}
}

// sweptOffsets returns the truncation lengths, or the corrupted bytes, a
// sweep of a fixture of n bytes tries. When sampling: the first sweepDense
// and sweepSamples more spread over the rest, the last among them.
// Otherwise all of them, or with a stride k above 1 the first sweepHead,
// the last, and those past sweepHead equal to phase modulo k.
func sweptOffsets(n int, sample bool, stride, phase int) []int {
	var offs []int
	for i := 0; i < n; i++ {
		if sample {
			if i < sweepDense || i == n-1 ||
				(i-sweepDense)*sweepSamples/max(1, n-sweepDense) != (i+1-sweepDense)*sweepSamples/max(1, n-sweepDense) {
				offs = append(offs, i)
			}
		} else if i < sweepHead || i == n-1 || (i-sweepHead)%stride == phase {
			offs = append(offs, i)
		}
	}
	return offs
}

// sweepFile runs every command over every prefix of the file and over
// every copy of it with one byte XORed with 0xFF (when sample is set, over
// those sweptOffsets picks). The mutated copy is written beside the
// original's siblings (a thin archive's members must stay reachable) under
// a scratch directory.
func sweepFile(t *testing.T, path string, sample bool) {
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	scratch := t.TempDir()
	// The mutated input lives in a copy of the fixture's directory, so a
	// thin archive finds its member files by their relative names.
	dir := filepath.Join(scratch, "in")
	copyDir(t, filepath.Dir(path), dir)
	in := filepath.Join(dir, filepath.Base(path))
	out := filepath.Join(scratch, "out")
	before := listTree(t, scratch)

	var failures int
	check := func(what string, data []byte) {
		if failures > 5 {
			return
		}
		if err := os.WriteFile(in, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, c := range sweepCmds {
			if msg := sweepRun(c, in, out); msg != "" {
				failures++
				keep := filepath.Join(os.TempDir(), fmt.Sprintf("sweep-%s-%s", filepath.Base(path), strings.ReplaceAll(what, " ", "-")))
				os.WriteFile(keep, data, 0o644)
				t.Errorf("%s, %s (input kept in %s): %s", what, c.name, keep, msg)
			}
			if err := os.RemoveAll(out); err != nil {
				t.Fatal(err)
			}
		}
		if after := listTree(t, scratch); after != before {
			failures++
			t.Errorf("%s: a command wrote outside its output directory:\nbefore %s\nafter  %s", what, before, after)
		}
	}
	offs := sweptOffsets(len(orig), sample, *sweepStride, *sweepPhase)
	for _, n := range offs {
		check(fmt.Sprintf("prefix %d", n), orig[:n])
	}
	mut := bytes.Clone(orig)
	for _, i := range offs {
		mut[i] ^= 0xff
		check(fmt.Sprintf("byte %d xor 0xff", i), mut)
		mut[i] ^= 0xff
	}
}

// sweepRun runs one command and returns what is wrong with its outcome, or
// "".
func sweepRun(c sweepCmd, in, out string) string {
	type result struct {
		code           int
		stdout, stderr string
		panicked       string
	}
	done := make(chan result, 1)
	go func() {
		var stdout, stderr bytes.Buffer
		defer func() {
			if p := recover(); p != nil {
				done <- result{panicked: fmt.Sprintf("%v\n%s", p, debug.Stack())}
			}
		}()
		code := run(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, c.args(in, out))
		done <- result{code: code, stdout: stdout.String(), stderr: stderr.String()}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(sweepTimeout):
		return fmt.Sprintf("still running after %v", sweepTimeout)
	}
	switch {
	case r.panicked != "":
		return "panic: " + r.panicked
	case r.code == exitOK:
		return ""
	case r.code != exitFailure:
		return fmt.Sprintf("exit %d, stderr %q", r.code, r.stderr)
	case r.stderr == "":
		return "exit 1 with nothing on stderr"
	}
	lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	if c.name == "scan" {
		i := slices.IndexFunc(lines, scanSummary.MatchString)
		if i < 0 {
			return fmt.Sprintf("scan printed no summary: stderr %q", r.stderr)
		}
		lines = lines[:i]
		if len(lines) == 0 {
			return "scan exited 1 without an error line"
		}
	}
	for _, line := range lines {
		if !strings.HasPrefix(line, "bcextract: ") || !strings.Contains(line, in) || !(located.MatchString(line) || absent.MatchString(line)) {
			return fmt.Sprintf("error line does not name the file and an offset: %q", line)
		}
	}
	return ""
}

// copyDir copies the regular files of src (not its subdirectories, but
// those of a thin archive's "objs" directory) into dst.
func copyDir(t *testing.T, src, dst string) {
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if rel != "." && filepath.Base(src) != "thin" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// listTree names the entries of root and of its directory "in", where the
// input lies: a write outside the output directory "out" would land beside
// the input or the output directory.
func listTree(t *testing.T, root string) string {
	var names []string
	for _, dir := range []string{root, filepath.Join(root, "in")} {
		ents, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			names = append(names, e.Name())
		}
	}
	return strings.Join(names, " ")
}

func TestSweptOffsets(t *testing.T) {
	for _, tt := range []struct {
		n             int
		sample        bool
		stride, phase int
		count         int
	}{
		{10, true, 1, 0, 10}, {48, true, 1, 0, 48}, {100, false, 1, 0, 100},
		{49, true, 1, 0, 49}, {2776, true, 1, 0, sweepDense + sweepSamples}, {1412, true, 1, 0, sweepDense + sweepSamples},
		// Strided: the first 256, then 256, 260, ..., 996 (186), and 999.
		{1000, false, 4, 0, 256 + 186 + 1},
		// 259, 263, ..., 999 (186), the last among them.
		{1000, false, 4, 3, 256 + 186},
		{100, false, 4, 2, 100},
	} {
		offs := sweptOffsets(tt.n, tt.sample, tt.stride, tt.phase)
		if len(offs) != tt.count || offs[len(offs)-1] != tt.n-1 || !slices.IsSorted(offs) {
			t.Errorf("sweptOffsets(%d, %v, %d, %d): %d offsets, last %d; want %d, last %d", tt.n, tt.sample, tt.stride, tt.phase, len(offs), offs[len(offs)-1], tt.count, tt.n-1)
		}
		if !tt.sample {
			for _, i := range offs[min(len(offs), sweepHead):] {
				if (i-sweepHead)%tt.stride != tt.phase && i != tt.n-1 {
					t.Errorf("sweptOffsets(%d, false, %d, %d) tries %d", tt.n, tt.stride, tt.phase, i)
				}
			}
		}
	}
}
