package bitcode

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// The layouts clang-19 writes (as llvm-dis-19 prints them) and what
// llvm-dis-22 prints for the same bitcode.
func TestUpgradeDataLayout(t *testing.T) {
	for _, c := range []struct{ triple, in, want string }{
		{"aarch64-unknown-linux-gnu",
			"e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32",
			"e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"},
		{"arm64-apple-macosx13.0.0",
			"e-m:o-i64:64-i128:128-n32:64-S128-Fn32",
			"e-m:o-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-n32:64-S128-Fn32"},
		{"aarch64-pc-windows-msvc",
			"e-m:w-p:64:64-i32:32-i64:64-i128:128-n32:64-S128-Fn32",
			"e-m:w-p270:32:32-p271:32:32-p272:64:64-p:64:64-i32:32-i64:64-i128:128-n32:64-S128-Fn32"},
		{"wasm32-unknown-unknown",
			"e-m:e-p:32:32-p10:8:8-p20:8:8-i64:64-n32:64-S128-ni:1:10:20",
			"e-m:e-p:32:32-p10:8:8-p20:8:8-i64:64-i128:128-n32:64-S128-ni:1:10:20"},
		{"powerpc64le-unknown-linux-gnu",
			"e-m:e-Fn32-i64:64-n32:64-S128-v256:256:256-v512:512:512",
			"e-m:e-Fn32-i64:64-i128:128-n32:64-S128-v256:256:256-v512:512:512"},
		{"mips64-unknown-linux-gnuabi64",
			"E-m:e-i8:8:32-i16:16:32-i64:64-n32:64-S128",
			"E-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"},
		{"sparc-unknown-linux-gnu",
			"E-m:e-p:32:32-i64:64-f128:64-n32-S64",
			"E-m:e-p:32:32-i64:64-i128:128-f128:64-n32-S64"},
		{"r600--",
			"e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1",
			"m:e-e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"},
		{"amdgcn-amd-amdhsa",
			"e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9",
			"m:e-e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"},
		// Unchanged: already current.
		{"x86_64-unknown-linux-gnu",
			"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128",
			"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"},
		{"riscv64-unknown-linux-gnu", "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128", "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"},
		{"armv7-unknown-linux-gnueabihf", "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64", "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64"},
		{"", "", ""},
	} {
		if got := upgradeDataLayout(c.in, c.triple); got != c.want {
			t.Errorf("%s: upgradeDataLayout(%q)\n got %q\nwant %q", c.triple, c.in, got, c.want)
		}
		// Upgrading is idempotent.
		if got := upgradeDataLayout(c.want, c.triple); got != c.want {
			t.Errorf("%s: upgrading %q again gives %q", c.triple, c.want, got)
		}
	}
}

// Names llvm-dis-22 prints for clang-14's typed-pointer intrinsic names
// (testdata/ir/llvm14-*.dis).
func TestIntrinsicRemangle(t *testing.T) {
	p0 := &ir.Type{Kind: ir.PointerType}
	i1 := &ir.Type{Kind: ir.IntegerType, BitWidth: 1}
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	void := &ir.Type{Kind: ir.VoidType}
	memcpy := func(n *ir.Type) *ir.Type {
		return &ir.Type{Kind: ir.FunctionType, Ret: void, Params: []*ir.Type{p0, p0, n, i1}}
	}
	for _, c := range []struct {
		name string
		sig  *ir.Type
		want string
	}{
		{"llvm.memcpy.p0i8.p0i8.i64", memcpy(i64), "llvm.memcpy.p0.p0.i64"},
		{"llvm.memcpy.p0i8.p0i8.i32", memcpy(i32), "llvm.memcpy.p0.p0.i32"},
		{"llvm.memcpy.p0.p0.i64", memcpy(i64), "llvm.memcpy.p0.p0.i64"},
		{"llvm.umax.i32", &ir.Type{Kind: ir.FunctionType, Ret: i32, Params: []*ir.Type{i32, i32}}, "llvm.umax.i32"},
	} {
		got, ok := ir.IntrinsicMangledName(c.name, c.sig)
		if !ok || got != c.want {
			t.Errorf("IntrinsicMangledName(%q) = %q, %v; want %q", c.name, got, ok, c.want)
		}
	}
	if _, ok := ir.IntrinsicMangledName("llvm.trap", &ir.Type{Kind: ir.FunctionType, Ret: void}); ok {
		t.Error("llvm.trap is not overloaded")
	}
}

// TestStripFixtures: a body whose debug info or !tbaa LLVM's verifiers
// reject (testdata/ir/upgrade/strip/NAME.bc) makes LLVM drop the debug
// info, or every !tbaa, of the whole module. A reader without
// Options.Reread reports it (a Skip whose message holds every line of
// NAME.want, and "not done"); with it, a *RereadError says what to strip
// (tbaa-* the !tbaa, the others the debug info), and the Reader Reread
// gives reads every body with nothing to report. (ir/assembly's
// TestGoldenStrip compares the text with llvm-dis-22's.)
func TestStripFixtures(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/ir/upgrade/strip/*.bc")
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata/ir/upgrade/strip")
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(p, ".bc") + ".want")
		if err != nil {
			t.Fatal(err)
		}
		_, rs, err := loadAll(data)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		var msgs []string
		for _, r := range rs {
			for _, s := range r.Skipped() {
				msgs = append(msgs, s.Msg)
			}
		}
		all := strings.Join(msgs, "\n")
		for _, w := range append(strings.Split(strings.TrimSpace(string(want)), "\n"), "; not done") {
			if !strings.Contains(all, w) {
				t.Errorf("%s: reported %q; want a message with %q", p, all, w)
			}
		}

		wantStrip := StripDebugInfo
		if strings.HasPrefix(filepath.Base(p), "tbaa-") {
			wantStrip = StripTBAA
		}
		f, err := Options{Reread: true}.Open(data)
		if err != nil {
			t.Fatal(err)
		}
		r := f.Modules[0]
		err = loadBodies(r)
		var re *RereadError
		if !errors.As(err, &re) || re.Strip != wantStrip {
			t.Errorf("%s: with Reread: %v; want a RereadError stripping %v", p, err, wantStrip)
			continue
		}
		if s := r.Skipped(); len(s) > 0 {
			t.Errorf("%s: with Reread, reported %v", p, s)
		}
		again := r.Reread(re.Strip)
		if err := loadBodies(again); err != nil {
			t.Errorf("%s: read again without its %v: %v", p, re.Strip, err)
		}
		if s := again.Skipped(); len(s) > 0 {
			t.Errorf("%s: read again without its %v: reported %v", p, re.Strip, s)
		}
	}
}

// loadBodies reads r's module and loads every body.
func loadBodies(r *Reader) error {
	m, err := r.Module()
	if err != nil {
		return err
	}
	for _, fn := range m.Functions {
		if fn.HasBody {
			if err := r.LoadBody(fn); err != nil {
				return err
			}
		}
	}
	return nil
}

// The old intrinsics the tables name, found as LLVM finds an intrinsic
// by the longest dotted prefix of a declaration's name, but never in
// place of a longer LLVM 22 intrinsic.
func TestOldIntrinsicOf(t *testing.T) {
	for _, c := range []struct {
		name, old string
		kind      int
	}{
		{"llvm.nvvm.barrier0", "llvm.nvvm.barrier0", oldChanged},
		{"llvm.nvvm.barrier", "llvm.nvvm.barrier", oldChanged},
		{"llvm.nvvm.barrier.cta.sync.aligned.all", "", 0},
		{"llvm.amdgcn.atomic.inc.i32.p1i32", "llvm.amdgcn.atomic.inc", oldChanged},
		{"llvm.amdgcn.ldexp.f32", "llvm.amdgcn.ldexp", oldRenamed},
		{"llvm.experimental.vector.reverse.v4i32", "llvm.experimental.vector.reverse", oldRenamed},
		{"llvm.x86.avx512bf16.cvtne2ps2bf16.512", "llvm.x86.avx512bf16.cvtne2ps2bf16.512", oldChanged},
		{"llvm.x86.ssse3.pabs.b", "llvm.x86.ssse3.pabs.b", oldUnprobed},
		{"llvm.memcpy.p0i8.p0i8.i64", "", 0},
		{"llvm.foo", "", 0},
	} {
		old, kind := oldIntrinsicOf(c.name)
		if old != c.old || kind != c.kind {
			t.Errorf("oldIntrinsicOf(%q) = %q, %d; want %q, %d", c.name, old, kind, c.old, c.kind)
		}
	}
}

// The generated tables are sorted (they are searched) and hold no name
// twice.
func TestUpgradeTablesSorted(t *testing.T) {
	for i := 1; i < len(renamedIntrinsics); i++ {
		if renamedIntrinsics[i-1][0] >= renamedIntrinsics[i][0] {
			t.Errorf("renamedIntrinsics: %q before %q", renamedIntrinsics[i-1][0], renamedIntrinsics[i][0])
		}
	}
	for i := 1; i < len(changedIntrinsics); i++ {
		if changedIntrinsics[i-1].name >= changedIntrinsics[i].name {
			t.Errorf("changedIntrinsics: %q before %q", changedIntrinsics[i-1].name, changedIntrinsics[i].name)
		}
	}
	for i := 1; i < len(goneIntrinsics); i++ {
		if goneIntrinsics[i-1] >= goneIntrinsics[i] {
			t.Errorf("goneIntrinsics: %q before %q", goneIntrinsics[i-1], goneIntrinsics[i])
		}
	}
	for i := 1; i < len(unprobedIntrinsics); i++ {
		if unprobedIntrinsics[i-1] >= unprobedIntrinsics[i] {
			t.Errorf("unprobedIntrinsics: %q before %q", unprobedIntrinsics[i-1], unprobedIntrinsics[i])
		}
	}
	for _, r := range renamedIntrinsics {
		if _, ok := ir.IntrinsicName(r[1]); !ok {
			t.Errorf("%s is renamed to %s, no intrinsic of LLVM 22", r[0], r[1])
		}
	}
}

// The NVVM address-space conversions and the spaces they convert to.
func TestNVVMPtrCast(t *testing.T) {
	for _, c := range []struct {
		name string
		as   uint32
		ok   bool
	}{
		{"ptr.gen.to.global.p1i8.p0i8", 1, true},
		{"ptr.gen.to.param.p101.p0", 101, true},
		{"ptr.shared.to.gen.p0i8.p3i8", 0, true},
		{"ptr.local.to.gen", 0, true},
		{"ptr.gen.to.other.p1.p0", 0, false},
		{"ptr.shared.to.genx", 0, false},
		{"ldg.global.f", 0, false},
	} {
		as, ok := nvvmPtrCast(c.name)
		if as != c.as || ok != c.ok {
			t.Errorf("nvvmPtrCast(%q) = %d, %v; want %d, %v", c.name, as, ok, c.as, c.ok)
		}
	}
}

// Target intrinsics no LLVM here knows are reported; LLVM 22's, those
// LLVM 22 dropped and leaves alone, and names out of the target name
// spaces are not.
func TestUnknownTargetIntrinsic(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{"llvm.nvvm.made.up.intrinsic", true},
		{"llvm.x86.avx10.something.new", true},
		{"llvm.nvvm.barrier.cta.sync.aligned.all", false},
		{"llvm.amdgcn.buffer.load.f32", false},
		{"llvm.riscv.crc32.b", false},
		{"llvm.foo", false},
		{"llvm.not.a.real.intrinsic", false},
	} {
		if got := unknownTargetIntrinsic(c.name); got != c.want {
			t.Errorf("unknownTargetIntrinsic(%q) = %v", c.name, got)
		}
	}
}

// TestIndirectAsmArgs checks which arguments of inline assembly are
// indirect, as InlineAsm::ParseConstraints counts them: an output that is
// not indirect takes no argument, clobbers and labels none, and
// constraints that do not parse give none.
func TestIndirectAsmArgs(t *testing.T) {
	for _, tc := range []struct {
		cons string
		want []int
	}{
		{"=*rm,r", []int{0}},
		{"=r,*m,r,=*m", []int{0, 2}},
		{"r,~{memory},!i,*m", []int{1}},
		{"=&r,=*m", []int{0}},
		{"", nil},
		{"*m,,r", nil},
		{"*m,", nil},
		{"r,r", nil},
	} {
		if got := indirectAsmArgs(tc.cons); !slices.Equal(got, tc.want) {
			t.Errorf("indirectAsmArgs(%q) = %v, want %v", tc.cons, got, tc.want)
		}
	}
}

// TestUpgradeKinds: the metadata kinds the reader registers as LLVM 22's
// does, in its order (opt-22's METADATA_KIND block, after the producer's
// kinds): an AMDGPU atomic's upgrade registers only the kinds it attaches
// (no !amdgpu.ignore.denormal.mode for a fadd of no float), and a module
// whose debug info is stripped gets heapallocsite last, once every body
// is read, when an instruction has an attachment.
func TestUpgradeKinds(t *testing.T) {
	for _, c := range []struct {
		path          string
		kinds         []string // the last of MetadataKinds
		late          []string
		notRegistered string
	}{
		// LLVM 19's fadd of <2 x i16> on flat, global and LDS memory.
		{"amdgpu-bf16-llvm19.bc", []string{"amdgpu.no.fine.grained.memory"}, []string{"heapallocsite"}, "amdgpu.ignore.denormal.mode"},
		// A float fadd: both kinds, fine-grained first.
		{"amdgpu-llvm19.bc", []string{"amdgpu.no.fine.grained.memory", "amdgpu.ignore.denormal.mode"}, []string{"heapallocsite"}, ""},
		// Invalid debug info, stripped: its !tbaa tags register the kind.
		{"strip/inlined-loop-llvm7-O2.bc", nil, []string{"heapallocsite"}, ""},
	} {
		data, err := os.ReadFile("../../testdata/ir/upgrade/" + c.path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Options{Reread: true}.Open(data)
		if err != nil {
			t.Fatal(err)
		}
		var m *ir.Module
		if _, err := ReadAgain(f.Modules[0], func(r *Reader) error {
			if m, err = r.Module(); err != nil {
				return err
			}
			for _, fn := range m.Functions {
				if err := r.LoadBody(fn); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if n := len(c.kinds); n > 0 && (len(m.MetadataKinds) < n || !slices.Equal(m.MetadataKinds[len(m.MetadataKinds)-n:], c.kinds)) {
			t.Errorf("%s: kinds %q, want them to end with %q", c.path, m.MetadataKinds, c.kinds)
		}
		if c.notRegistered != "" && slices.Contains(m.MetadataKinds, c.notRegistered) {
			t.Errorf("%s: kind %s registered, unused", c.path, c.notRegistered)
		}
		if !slices.Equal(m.LateMetadataKinds, c.late) {
			t.Errorf("%s: late kinds %q, want %q", c.path, m.LateMetadataKinds, c.late)
		}
	}
}
