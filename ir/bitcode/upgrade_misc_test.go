package bitcode

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/assembly"
)

// UpgradeAttributes on one attribute group: the results are llvm-dis-22's
// for LLVM 14 groups with these attributes.
func TestUpgradeAttrGroup(t *testing.T) {
	s := func(k, v string) ir.Attribute { return ir.Attribute{Key: k, Value: v} }
	nullValid := ir.Attribute{Kind: ir.AttrNullPointerIsValid}
	for _, c := range []struct {
		name     string
		in, want ir.AttrSet
	}{
		{"elim true", ir.AttrSet{s("no-frame-pointer-elim", "true")}, ir.AttrSet{s("frame-pointer", "all")}},
		{"elim false", ir.AttrSet{s("no-frame-pointer-elim", "false")}, ir.AttrSet{s("frame-pointer", "none")}},
		{"non-leaf", ir.AttrSet{s("no-frame-pointer-elim-non-leaf", "")}, ir.AttrSet{s("frame-pointer", "non-leaf")}},
		{"false and non-leaf", ir.AttrSet{s("no-frame-pointer-elim", "false"), s("no-frame-pointer-elim-non-leaf", "")},
			ir.AttrSet{s("frame-pointer", "non-leaf")}},
		{"true wins", ir.AttrSet{s("frame-pointer", "none"), s("no-frame-pointer-elim", "true"), s("no-frame-pointer-elim-non-leaf", "")},
			ir.AttrSet{s("frame-pointer", "all")}},
		{"null valid", ir.AttrSet{s("a", "b"), s("null-pointer-is-valid", "true")}, ir.AttrSet{s("a", "b"), nullValid}},
		{"null not valid", ir.AttrSet{s("null-pointer-is-valid", "false")}, ir.AttrSet{}},
		{"untouched", ir.AttrSet{s("frame-pointer", "all"), s("denormal-fp-math", "ieee,ieee")},
			ir.AttrSet{s("frame-pointer", "all"), s("denormal-fp-math", "ieee,ieee")}},
	} {
		got := upgradeAttrGroup(append(ir.AttrSet(nil), c.in...))
		ir.SortAttrs(got)
		ir.SortAttrs(c.want)
		if len(got) != len(c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i].Kind != c.want[i].Kind || got[i].Key != c.want[i].Key || got[i].Value != c.want[i].Value {
				t.Errorf("%s: got %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

// A compile unit missing from !llvm.dbg.cu fails LLVM's verifier (and
// llvm-dis-22 strips the debug info) only when the verifier visits it: a
// call to an intrinsic reaches it through its metadata argument, a call to
// a function LLVM does not know does not (the fixture as it is).
func TestUnlistedUnit(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ir/debuginfo/di-unlisted-unit.bc")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		callee string
		want   []string
	}{
		{"llvm.codeview.annotatioo", nil},
		{"llvm.codeview.annotation", []string{unlistedUnit + "; not done"}},
	} {
		in := bytes.ReplaceAll(data, []byte("llvm.codeview.annotatioo"), []byte(c.callee))
		_, rs, err := loadAll(in)
		if err != nil {
			t.Fatalf("%s: %v", c.callee, err)
		}
		var got []string
		for _, s := range rs[0].Skipped() {
			got = append(got, s.Msg)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("calling %s: reported %q, want %q", c.callee, got, c.want)
		}
	}
}

// TestGoldens reads the modules kept under testdata/*/ (a unit missing
// from !llvm.dbg.cu that named metadata reaches; fuzzers' mutations) and
// prints them as llvm-dis-22 does (NAME.dis), nothing reported, read again
// when a body shows what LLVM strips (Options.Reread) as dis reads them;
// for NAME.bc with a NAME.want, a reader without Reread reports what
// NAME.want says; with a NAME.err, printing fails as it says, every time.
func TestGoldens(t *testing.T) {
	paths, _ := filepath.Glob("testdata/*/*.bc")
	if len(paths) < 2 {
		t.Fatalf("%d fixtures", len(paths))
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if msg, err := os.ReadFile(strings.TrimSuffix(path, ".bc") + ".err"); err == nil {
				// A body that fails however often it is loaded (LLVM 22
				// crashes on it: no .dis).
				w := strings.TrimSpace(string(msg))
				r, m := firstModule(t, data)
				for i := range 2 {
					err := assembly.Write(io.Discard, m, assembly.Options{Loader: r})
					if err == nil || !strings.Contains(err.Error(), w) {
						t.Errorf("printing it (%d): %v, want %q", i+1, err, w)
					}
				}
				return
			}
			ms, rs, err := loadAll(data)
			if err != nil {
				t.Fatal(err)
			}
			if report, err := os.ReadFile(strings.TrimSuffix(path, ".bc") + ".want"); err == nil {
				var b bytes.Buffer
				err := assembly.Write(&b, ms[0], assembly.Options{ModuleID: filepath.Base(path), Loader: rs[0]})
				s := rs[0].Skipped()
				w := strings.TrimSpace(string(report))
				if err != nil || len(s) == 0 || !strings.Contains(s[0].Msg, w) {
					t.Errorf("reported %v (%v), want %q", s, err, w)
				}
			}
			want, err := os.ReadFile(strings.TrimSuffix(path, ".bc") + ".dis")
			if err != nil {
				t.Fatal(err)
			}
			f, err := Options{Reread: true}.Open(data)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			r, err := ReadAgain(f.Modules[0], func(r *Reader) error {
				b.Reset()
				m, err := r.Module()
				if err != nil {
					return err
				}
				return assembly.Write(&b, m, assembly.Options{ModuleID: filepath.Base(path), Loader: r})
			})
			if err != nil {
				t.Fatal(err)
			}
			if s := r.Skipped(); len(s) > 0 {
				t.Errorf("reported %v", s)
			}
			if b.String() != string(want) {
				t.Errorf("prints\n%s\nwant\n%s", b.String(), want)
			}
		})
	}
}

// TestNVVMUpgradedByName: which llvm.nvvm.* names LLVM 22.1.8's upgrade
// takes by name (AutoUpgrade.cpp, upgradeIntrinsicFunction1's NVVM
// rules), for declarations of the types given.
func TestNVVMUpgradedByName(t *testing.T) {
	i1 := &ir.Type{Kind: ir.IntegerType, BitWidth: 1}
	i16 := &ir.Type{Kind: ir.IntegerType, BitWidth: 16}
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	bf16 := &ir.Type{Kind: ir.BFloatType}
	p0 := &ir.Type{Kind: ir.PointerType}
	p3 := &ir.Type{Kind: ir.PointerType, AddrSpace: 3}
	fn := func(ret *ir.Type, params ...*ir.Type) *ir.Type {
		return &ir.Type{Kind: ir.FunctionType, Ret: ret, Params: params}
	}
	for _, c := range []struct {
		rest string
		sig  *ir.Type
		want bool
	}{
		{"brev32", fn(i32, i32), true},
		{"brev32", fn(i32, i32, i32), false}, // one argument only
		{"max.ui", fn(i32, i32, i32), true},
		{"max.ui", fn(i32, i32, i32, i32), false}, // two only (LLVM 21 took any)
		{"fmax.ftz.nan.xorsign.abs.bf16x2", fn(i32, i32, i32), true},
		{"fmax.ftz.nan.xorsign.abs.bf16x2", fn(bf16, bf16, bf16), false}, // returns bfloat
		{"fma.rn.ftz.relu.bf16", fn(i16, i16, i16, i16), true},
		{"fma.rn.nan.bf16", fn(i16, i16, i16, i16), false},
		{"neg.bf16x2", fn(i32, i32), true},
		{"mapa.shared.cluster", fn(p3, p3, i32), true},
		{"mapa.shared.cluster", fn(p0, p0, i32), false},
		{"cp.async.bulk.global.to.shared.cluster", fn(i1, p3, p3), true},
		{"cp.async.bulk.global.to.shared.cluster", fn(i1, p0, p3), false},
		// The old form ends in i64 ch, i1, i1; LLVM 22's adds i32 cta_group.
		{"cp.async.bulk.tensor.g2s.tile.1d", fn(i1, p0, p0, i32, i1, i1), true},
		{"cp.async.bulk.tensor.g2s.tile.1d", fn(i1, p0, p0, i1, i1, i32), false},
		{"cp.async.bulk.tensor.g2s.tile.1d", fn(i1, p3, p0, i1, i1, i32), true}, // shared, not shared::cluster
		{"abs.ll", fn(i32, i32), true},
		{"abs.x", fn(i32, i32), false},
		{"ex2.approx.f16x2", fn(i32, i32), true},
		{"ex2.approx.f16", fn(i16, i16), false},
		{"atomic.load.add.f32.p3", fn(i32, p3, i32), true},
		{"ptr.gen.to.shared.p3.p0", fn(p3, p0), true},
		{"ptr.gen.to.nowhere", fn(p0, p0), false},
		{"ptr.global.to.gen.p0.p1", fn(p0, p0), true},
		{"ptr.global.to.shared", fn(p0, p0), false},
		{"ldg.global.f.f32", fn(i32, p0, i32), true},
		{"barrier0.popc", fn(i32, i32), true},
		{"tanh.approx.f32", fn(i32, i32), true},
		{"made.up.intrinsic", fn(i32, i32), false},
	} {
		if got := nvvmUpgradedByName(c.rest, c.sig); got != c.want {
			t.Errorf("llvm.nvvm.%s (%d parameters): %v, want %v", c.rest, len(c.sig.Params), got, c.want)
		}
	}
}

// TestBodyDebugInfoStripped: invalid debug info only a body reaches is
// not reported to a caller that strips the module's debug info
// (ir.StripDebugInfo, ir.DebugStripper), as `convert --strip-debug` does:
// it wants none, as opt-22 --strip-debug writes none.
func TestBodyDebugInfoStripped(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ir/upgrade/strip/di-body-scope-llvm22.bc")
	if err != nil {
		t.Fatal(err)
	}
	r, m := firstModule(t, data)
	ir.StripDebugInfo(m)
	loader := ir.DebugStripper{Module: m, Loader: r}
	for _, f := range m.Functions {
		if f.HasBody {
			if err := loader.LoadBody(f); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s := r.Skipped(); len(s) > 0 {
		t.Errorf("reported %v", s)
	}
}

// TestUnlistedUnitODRUniquing: read as opt-22 and llvm-link-22 read
// (Options.DebugTypeODRUniquing), a module whose DICompileUnit is missing
// from !llvm.dbg.cu keeps its debug info, whether the named metadata or a
// body reaches the unit: their verifier does not check it (both write the
// module with its debug info).
func TestUnlistedUnitODRUniquing(t *testing.T) {
	for _, c := range []struct {
		file, global string
	}{
		{"testdata/unlisted/di-unlisted-unit-named.bc", "g"},
		{"../../testdata/ir/upgrade/strip/di-unlisted-cu-llvm19.bc", ""},
	} {
		data, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Options{DebugTypeODRUniquing: true, Reread: true}.Open(data)
		if err != nil {
			t.Fatal(err)
		}
		r := f.Modules[0]
		if err := loadBodies(r); err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if s := r.Skipped(); len(s) > 0 {
			t.Errorf("%s: reported %v", c.file, s)
		}
		m, _ := r.Module()
		for _, g := range m.Globals {
			if g.Name == c.global && !hasAttachment(g.Metadata, "dbg") {
				t.Errorf("%s: @%s lost its !dbg", c.file, g.Name)
			}
		}
		for _, fn := range m.Functions {
			if fn.HasBody && (!hasAttachment(fn.Metadata, "dbg") || fn.Blocks[0].Instrs[0].DebugLoc == nil) {
				t.Errorf("%s: @%s lost its debug info", c.file, fn.Name)
			}
		}
	}
}

// TestAnalysisReadUpgrades: read for funcs, callgraph and diff (named
// metadata left out), a module still gets the upgrades LLVM 22 makes from
// its module flags (branch protection into function attributes), its
// named metadata then dropped; and a call redirected to the one
// declaration of two typed-pointer manglings (whilerw of double* and
// long*) has its callee's function type, so it is a direct call.
func TestAnalysisReadUpgrades(t *testing.T) {
	analysis := Options{DropDebugInfo: true, DropNamedMetadata: true, DropSummary: true, ReuseBodies: true}
	data, err := os.ReadFile("../../testdata/ir/upgrade/branchprot-llvm14.bc")
	if err != nil {
		t.Fatal(err)
	}
	f, err := analysis.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := f.Modules[0].Module()
	if err != nil {
		t.Fatal(err)
	}
	if len(m.NamedMetadata) != 0 {
		t.Errorf("%d named metadata, want none", len(m.NamedMetadata))
	}
	for _, fn := range m.Functions {
		if fn.HasBody && !slices.ContainsFunc(fn.Attrs.Fn, func(a ir.Attribute) bool {
			return a.Key == "sign-return-address" && a.Value == "non-leaf"
		}) {
			t.Errorf("@%s: no \"sign-return-address\"=\"non-leaf\"", fn.Name)
		}
	}

	data, err = os.ReadFile("../../testdata/ir/upgrade/aarch64-sve-rev-llvm14-O1.bc")
	if err != nil {
		t.Fatal(err)
	}
	f, err = analysis.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	r := f.Modules[0]
	if m, err = r.Module(); err != nil {
		t.Fatal(err)
	}
	for _, fn := range m.Functions {
		if fn.Name != "rwf" && fn.Name != "rwi" {
			continue
		}
		if err := r.LoadBody(fn); err != nil {
			t.Fatal(err)
		}
		in := fn.Blocks[0].Instrs[0]
		callee, ok := in.Callee.(*ir.Function)
		if !ok || callee.Name != "llvm.aarch64.sve.whilerw.d.nxv2i1.p0" || in.FuncType != callee.ValueType {
			t.Errorf("@%s calls %v of type %p, callee's %p", fn.Name, in.Callee, in.FuncType, callee.ValueType)
		}
	}
}

// TestUpgradeCoroEndLazy loads the bodies of an LLVM 14 coroutine after
// llvm.coro.end's declaration was given another type, as a writer for an
// older reader gives it (bcwrite's olderDecls) while the bodies are
// loaded: each call is still made LLVM 22's void (ptr, i1, token) one.
// (The upgrade took the declaration's type at load time, which made
// `convert --llvm 16` index past its two parameters or not, as the body
// was loaded before or after the change.)
func TestUpgradeCoroEndLazy(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ir/upgrade/coro-end-llvm14.bc")
	if err != nil {
		t.Fatal(err)
	}
	r, m := firstModule(t, data)
	var end *ir.Function
	for _, fn := range m.Functions {
		if fn.Name == "llvm.coro.end" {
			end = fn
		}
	}
	if end == nil || len(end.Sig.Params) != 3 || end.Sig.Ret.Kind != ir.VoidType {
		t.Fatalf("llvm.coro.end declared as %+v", end)
	}
	want := end.Sig
	older := *want
	older.Params, older.Ret = want.Params[:2:2], &ir.Type{Kind: ir.IntegerType, BitWidth: 1}
	end.Sig, end.ValueType = &older, &older
	calls := 0
	for _, fn := range m.Functions {
		if !fn.HasBody {
			continue
		}
		if err := r.LoadBody(fn); err != nil {
			t.Fatalf("@%s: %v", fn.Name, err)
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if in.Op != ir.Call || in.Callee != ir.Value(end) {
					continue
				}
				calls++
				if in.FuncType != want || in.Typ != want.Ret || len(in.Operands) != 3 {
					t.Errorf("@%s: call of llvm.coro.end of type %v returning %v, %d operands", fn.Name, in.FuncType, in.Typ, len(in.Operands))
				}
			}
		}
	}
	if calls != 2 {
		t.Errorf("%d calls of llvm.coro.end, want 2", calls)
	}
}

// firstModule reads the first module of data, its bodies not loaded.
func firstModule(t *testing.T, data []byte) (*Reader, *ir.Module) {
	t.Helper()
	f, err := Options{}.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	r := f.Modules[0]
	m, err := r.Module()
	if err != nil {
		t.Fatal(err)
	}
	return r, m
}
