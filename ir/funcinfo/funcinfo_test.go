package funcinfo_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/bcextract/bcextract/internal/irtest"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/funcinfo"
)

// describe describes every function of testdata/irdiff/cxx.bc.
func describe(t *testing.T) map[string]funcinfo.Func {
	t.Helper()
	r, m := irtest.Module(t, "../../testdata/irdiff/cxx.bc")
	var d funcinfo.Describer
	out := make(map[string]funcinfo.Func)
	for _, fn := range m.Functions {
		if fn.HasBody {
			if err := r.LoadBody(fn); err != nil {
				t.Fatal(err)
			}
		}
		out[fn.Name] = d.Describe(fn, nil)
	}
	return out
}

// TestCxx checks the description of cxx.bc's functions against
// llvm-dis-22's text (blocks and instructions counted in it) and the
// source (testdata/irdiff/README.md).
func TestCxx(t *testing.T) {
	got := describe(t)
	for _, w := range []struct {
		name                  string
		linkage               ir.Linkage
		blocks, instrs, calls int
		line                  uint64
		callees, attrs        string
	}{
		{"_ZN7CounterC2Ei", ir.ExternalLinkage, 1, 10, 0, 15, "", "nounwind"},
		{"_ZN7CounterD2Ev", ir.ExternalLinkage, 3, 12, 2, 16, "ext_sink,__clang_call_terminate", "nounwind"},
		{"__clang_call_terminate", ir.LinkOnceODRLinkage, 1, 3, 2, 0, "__cxa_begin_catch,_ZSt9terminatev", "noinline,noreturn,nounwind"},
		{"_ZN7CounterD0Ev", ir.ExternalLinkage, 1, 6, 2, 16, "_ZN7CounterD2Ev,_ZdlPvm", "nounwind"},
		{"_Z3runi", ir.ExternalLinkage, 8, 47, 13, 28, "llvm.lifetime.start.p0,_ZN7CounterC2Ei,_Z7biggestIiET_S0_S0_,_ZN7Counter4stepEi,_Z7biggestIdET_S0_S0_,_ZNK7Counter5valueEv,llvm.lifetime.end.p0,_ZN7CounterD2Ev", ""},
		{"_Z7biggestIdET_S0_S0_", ir.LinkOnceODRLinkage, 4, 14, 0, 23, "", "nounwind"},
		{"_ZNK7Counter5valueEv", ir.LinkOnceODRLinkage, 1, 6, 0, 9, "", "nounwind"},
	} {
		f, ok := got[w.name]
		if !ok {
			t.Errorf("@%s missing", w.name)
			continue
		}
		file := "cxx.cpp"
		if w.line == 0 {
			file = ""
		}
		if !f.Defined || f.Linkage != w.linkage || f.Blocks != w.blocks || f.Instructions != w.instrs ||
			f.CallSites != w.calls || f.Line != w.line || f.File != file ||
			strings.Join(f.Callees, ",") != w.callees || strings.Join(f.Attrs, ",") != w.attrs || f.Hash.IsZero() {
			t.Errorf("@%s: %+v, want %+v", w.name, f, w)
		}
	}
	if d := got["_ZdlPvm"]; d.Defined || d.Blocks != 0 || !d.Hash.IsZero() || d.Linkage != ir.ExternalLinkage {
		t.Errorf("declaration: %+v", d)
	}
}

func TestWrite(t *testing.T) {
	got := describe(t)
	f := got["_ZN7CounterD0Ev"]
	line := string(funcinfo.AppendJSON(nil, "cxx.bc#1", &f, nil))
	want := `{"path":"cxx.bc#1","name":"_ZN7CounterD0Ev","linkage":"external","defined":true,"blocks":1,"instructions":6,"call_sites":2,"callees":["_ZN7CounterD2Ev","_ZdlPvm"],"file":"cxx.cpp","line":16,"attrs":["nounwind"],"hash":"` + f.Hash.String() + "\"}\n"
	if line != want {
		t.Errorf("JSON:\n%s\nwant:\n%s", line, want)
	}
	dem := "Counter::~Counter()"
	if line := string(funcinfo.AppendJSON(nil, "p", &f, &dem)); !strings.Contains(line, `"name":"_ZN7CounterD0Ev","demangled":"Counter::~Counter()","linkage"`) {
		t.Errorf("JSON with demangled: %s", line)
	}
	decl := got["_ZdlPvm"]
	if line := string(funcinfo.AppendJSON(nil, "p", &decl, nil)); !strings.HasSuffix(line, `"defined":false,"blocks":0,"instructions":0,"call_sites":0,"callees":[],"file":"cxx.cpp","line":0,"attrs":["nounwind"],"hash":""}`+"\n") {
		t.Errorf("declaration JSON: %s", line)
	}

	var b bytes.Buffer
	tab := funcinfo.NewTable(&b)
	tab.Add("cxx.bc#1", &f, "Counter::~Counter()")
	tab.Add("cxx.bc#1", &decl, "operator delete(void*, unsigned long)")
	odd := funcinfo.Func{Name: "a\tb"}
	tab.Add("x\ny", &odd, odd.Name)
	if err := tab.Flush(); err != nil {
		t.Fatal(err)
	}
	wantTab := "PATH      FUNCTION                               LINKAGE   BLOCKS  INSTRS  CALLS  SOURCE      HASH              ATTRS     CALLEES\n" +
		"cxx.bc#1  Counter::~Counter()                    external  1       6       2      cxx.cpp:16  " + f.Hash.String()[:16] + "  nounwind  _ZN7CounterD2Ev,_ZdlPvm\n" +
		"cxx.bc#1  operator delete(void*, unsigned long)  external  -       -       -      cxx.cpp     -                 nounwind  -\n" +
		`x\ny      a\tb                                   external  -       -       -      -           -                 -         -` + "\n"
	if b.String() != wantTab {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), wantTab)
	}
}

// A function's description, as a line of funcs --json.
func ExampleDescriber() {
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	void := &ir.Type{Kind: ir.VoidType}
	sig := &ir.Type{Kind: ir.FunctionType, Ret: i32}
	helper := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "helper", ValueType: sig}, Sig: sig}
	c := &ir.Instruction{Op: ir.Call, Typ: i32, Callee: helper, FuncType: sig}
	f := &ir.Function{
		GlobalHeader: ir.GlobalHeader{Name: "main", ValueType: sig},
		Sig:          sig, HasBody: true, // its body loaded
		Attrs:  ir.AttrList{Fn: ir.AttrSet{{Kind: ir.AttrNoInline}}},
		Blocks: []*ir.Block{{Instrs: []*ir.Instruction{c, {Op: ir.Ret, Typ: void, Operands: []ir.Value{c}}}}},
	}
	var d funcinfo.Describer
	fn := d.Describe(f, nil)
	fmt.Println(fn.Name, fn.Blocks, fn.Instructions, fn.CallSites, fn.Callees, fn.Attrs)
	// Output: main 1 2 1 [helper] [noinline]
}

// TestDropDebugInfo: a body read without its debug info and into the
// memory of the body before it (as funcs reads them) is described as when
// read in full, on every fixture.
func TestDropDebugInfo(t *testing.T) {
	var files []string
	for _, g := range []string{"../../testdata/ir/*.bc", "../../testdata/irdiff/*.bc"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	if len(files) < 60 {
		t.Fatalf("%d fixtures", len(files))
	}
	read := func(data []byte, drop bool) []funcinfo.Func {
		f, err := bitcode.Options{DropDebugInfo: drop, ReuseBodies: drop}.Open(data)
		if err != nil {
			t.Fatal(err)
		}
		var out []funcinfo.Func
		var d funcinfo.Describer
		for _, r := range f.Modules {
			m, err := r.Module()
			if err != nil {
				t.Fatal(err)
			}
			for _, fn := range m.Functions {
				if fn.HasBody {
					if err := r.LoadBody(fn); err != nil {
						t.Fatal(err)
					}
					if drop {
						for _, b := range fn.Blocks {
							for _, in := range b.Instrs {
								if in.DebugLoc != nil || len(in.DebugRecords) > 0 {
									t.Fatalf("@%s: debug info kept", fn.Name)
								}
							}
						}
					}
				}
				out = append(out, d.Describe(fn, nil))
			}
		}
		return out
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		full, dropped := read(data, false), read(data, true)
		if !reflect.DeepEqual(full, dropped) {
			for i := range full {
				if !reflect.DeepEqual(full[i], dropped[i]) {
					t.Errorf("%s: described differently without debug info:\n%+v\n%+v", name, full[i], dropped[i])
					break
				}
			}
		}
	}
}

// TestTableAsTabwriter: a Table writes the bytes text/tabwriter writes of
// its rows (padding 2, spaces), wide and multi-byte cells included.
func TestTableAsTabwriter(t *testing.T) {
	fns := []funcinfo.Func{
		{Name: "main", Defined: true, Blocks: 3, Instructions: 1234567, CallSites: 2, Callees: []string{"f", "g"}, File: "a.c", Line: 7, Attrs: []string{"nounwind"}},
		{Name: "größe_überall", File: "ü.c"},
		{Name: "日本語の関数", Defined: true, Blocks: 10, Callees: []string{"日本"}},
		{Name: "", Defined: true},
	}
	var got, want bytes.Buffer
	tab := funcinfo.NewTable(&got)
	tw := tabwriter.NewWriter(&want, 0, 0, 2, ' ', 0)
	var rows bytes.Buffer
	ref := funcinfo.NewTable(&rows)
	for i := range fns {
		path := strings.Repeat("p", 3*i+1) + ".bc#1"
		tab.Add(path, &fns[i], fns[i].Name)
		ref.Add(path, &fns[i], fns[i].Name)
	}
	if err := tab.Flush(); err != nil {
		t.Fatal(err)
	}
	// The same rows, unpadded (a Table of them, its padding taken out
	// again), through a tabwriter.
	if err := ref.Flush(); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.SplitAfter(rows.String(), "\n") {
		if line == "" {
			continue
		}
		tw.Write([]byte(regexp.MustCompile(`  +`).ReplaceAllString(line, "\t")))
	}
	tw.Flush()
	if got.String() != want.String() {
		t.Errorf("table:\n%s\nwant (tabwriter):\n%s", got.String(), want.String())
	}
}
