package ir

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// parseType parses a type as llvm-dis prints it (the subset intrinsics
// use); nil if it cannot.
func parseType(s string) *Type {
	p := &typeParser{s: s}
	t := p.typ()
	if p.i != len(s) {
		return nil
	}
	return t
}

type typeParser struct {
	s string
	i int
}

func (p *typeParser) eat(tok string) bool {
	if strings.HasPrefix(p.s[p.i:], tok) {
		p.i += len(tok)
		return true
	}
	return false
}

func (p *typeParser) num() uint64 {
	j := p.i
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	n, _ := strconv.ParseUint(p.s[j:p.i], 10, 64)
	return n
}

func (p *typeParser) typ() *Type {
	simple := []struct {
		name string
		kind TypeKind
	}{
		{"void", VoidType}, {"half", HalfType}, {"bfloat", BFloatType}, {"float", FloatType},
		{"double", DoubleType}, {"x86_fp80", X86FP80Type}, {"fp128", FP128Type},
		{"ppc_fp128", PPCFP128Type}, {"label", LabelType}, {"metadata", MetadataType},
		{"token", TokenType}, {"x86_amx", X86AMXType},
	}
	switch {
	case p.eat("ptr"):
		t := &Type{Kind: PointerType}
		if p.eat(" addrspace(") {
			t.AddrSpace = uint32(p.num())
			p.eat(")")
		}
		return t
	case p.eat("i"):
		return &Type{Kind: IntegerType, BitWidth: uint32(p.num())}
	case strings.HasPrefix(p.s[p.i:], "<{ ") || strings.HasPrefix(p.s[p.i:], "{ "):
		packed := p.eat("<")
		p.eat("{ ")
		t := &Type{Kind: StructType, Packed: packed}
		for {
			t.Fields = append(t.Fields, p.typ())
			if !p.eat(", ") {
				break
			}
		}
		if packed {
			p.eat(" }>")
		} else {
			p.eat(" }")
		}
		return t
	case p.eat("{}"):
		return &Type{Kind: StructType}
	case p.eat("<"):
		t := &Type{Kind: FixedVectorType}
		if p.eat("vscale x ") {
			t.Kind = ScalableVectorType
		}
		t.Len = p.num()
		p.eat(" x ")
		t.Elem = p.typ()
		p.eat(">")
		return t
	case p.eat("["):
		t := &Type{Kind: ArrayType, Len: p.num()}
		p.eat(" x ")
		t.Elem = p.typ()
		p.eat("]")
		return t
	case p.eat("target(\""):
		j := strings.IndexByte(p.s[p.i:], '"')
		if j < 0 {
			return nil
		}
		t := &Type{Kind: TargetExtType, Name: p.s[p.i : p.i+j]}
		p.i += j + 1
		for p.eat(", ") {
			if c := p.s[p.i]; c >= '0' && c <= '9' {
				t.IntParams = append(t.IntParams, uint32(p.num()))
			} else {
				t.TypeParams = append(t.TypeParams, p.typ())
			}
		}
		p.eat(")")
		return t
	}
	for _, st := range simple {
		if p.eat(st.name) {
			return &Type{Kind: st.kind}
		}
	}
	return nil
}

// fnType returns the function type ret (params...).
func fnType(ret string, params []string, vararg bool) *Type {
	t := &Type{Kind: FunctionType, Ret: parseType(ret), VarArg: vararg}
	for _, p := range params {
		t.Params = append(t.Params, parseType(p))
	}
	return t
}

// attrText renders a set as kind names with values, for test messages.
func attrText(s AttrSet) string {
	var b strings.Builder
	for i, a := range s {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.Kind.String())
		switch a.Kind.Class() {
		case IntAttr:
			fmt.Fprintf(&b, "=%d", a.Int)
		case ConstantRangeAttr:
			fmt.Fprintf(&b, "(i%d %v, %v)", a.Range.BitWidth, a.Range.Lo, a.Range.Hi)
		}
	}
	return b.String()
}

// TestIntrinsicAttrs pins a dozen intrinsics to what llvm-dis-22 prints for
// them (the text is in each case's comment; memory and captures values are
// LLVM's encodings: 2 bits per location argmem, inaccessiblemem, errnomem,
// other, target_mem0, target_mem1; 1 read, 2 write).
func TestIntrinsicAttrs(t *testing.T) {
	const memArgRW = 3
	std := "nocallback nofree nosync nounwind willreturn"
	tests := []struct {
		name   string
		ret    string
		params []string
		vararg bool
		fn     string
		retA   string
		paramA []string
	}{
		// declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #0
		// #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
		{"llvm.memcpy.p0.p0.i64", "void", []string{"ptr", "ptr", "i64", "i1"}, false,
			"nocallback nofree nounwind willreturn memory=3", "",
			[]string{"noalias writeonly captures=0", "noalias readonly captures=0", "", "immarg"}},
		// declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #0
		// #0 = { nocallback nofree nounwind willreturn memory(argmem: write) }
		{"llvm.memset.p0.i64", "void", []string{"ptr", "i8", "i64", "i1"}, false,
			"nocallback nofree nounwind willreturn memory=2", "",
			[]string{"writeonly captures=0", "", "", "immarg"}},
		// declare void @llvm.lifetime.start.p0(ptr captures(none)) #0
		// #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
		{"llvm.lifetime.start.p0", "void", []string{"ptr"}, false,
			std + fmt.Sprintf(" memory=%d", memArgRW), "", []string{"captures=0"}},
		// declare i32 @llvm.ctlz.i32(i32, i1 immarg) #0
		// #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
		{"llvm.ctlz.i32", "i32", []string{"i32", "i1"}, false,
			"nocallback nofree nosync nounwind speculatable willreturn memory=0", "",
			[]string{"", "immarg"}},
		// declare range(i8 -1, 2) i8 @llvm.scmp.i8.i32(i32, i32) #0
		// #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
		{"llvm.scmp.i8.i32", "i8", []string{"i32", "i32"}, false,
			"nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory=0",
			"range(i8 -1, 2)", nil},
		// declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #0
		// #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
		{"llvm.nvvm.read.ptx.sreg.nctaid.x", "i32", nil, false,
			"nocallback nofree nosync nounwind speculatable willreturn memory=0",
			"noundef range(i32 1, -2147483648)", nil},
		// declare void @llvm.assume(i1 noundef) #0
		// #0 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
		{"llvm.assume", "void", []string{"i1"}, false,
			std + " memory=8", "", []string{"noundef"}},
		// declare void @llvm.trap() #0
		// #0 = { cold noreturn nounwind memory(inaccessiblemem: write) }
		{"llvm.trap", "void", nil, false, "cold noreturn nounwind memory=8", "", nil},
		// declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>) #0
		// #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
		{"llvm.vector.reduce.add.v4i32", "i32", []string{"<4 x i32>"}, false,
			"nocallback nofree nosync nounwind speculatable willreturn memory=0", "", nil},
		// declare ptr @llvm.stacksave.p0() #0
		// #0 = { nocallback nofree nosync nounwind willreturn }
		{"llvm.stacksave.p0", "ptr", nil, false, std, "", nil},
		// declare void @llvm.va_start.p0(ptr) #0
		// #0 = { nocallback nofree nosync nounwind willreturn }
		{"llvm.va_start.p0", "void", []string{"ptr"}, false, std, "", nil},
		// declare void @llvm.x86.sse2.pause() #0
		// #0 = { nounwind }
		{"llvm.x86.sse2.pause", "void", nil, false, "nounwind", "", nil},
		// declare ptr @llvm.experimental.gc.get.pointer.base.p0.p0(ptr readnone captures(none)) #0
		// #0 = { nocallback nofree nosync nounwind willreturn memory(none) }
		{"llvm.experimental.gc.get.pointer.base.p0.p0", "ptr", []string{"ptr"}, false,
			"nocallback nofree nosync nounwind willreturn memory=0", "", []string{"readnone captures=0"}},
		// LLVM 22 gives these no attributes at all, dropping the bitcode's:
		// declare i32 @llvm.experimental.deoptimize.i32(...)
		{"llvm.experimental.deoptimize.i32", "i32", nil, true, "", "", nil},
		// declare void @llvm.coro.resume(ptr)
		{"llvm.coro.resume", "void", []string{"ptr"}, false, "", "", nil},
	}
	for _, tt := range tests {
		l, ok := IntrinsicAttrs(tt.name, fnType(tt.ret, tt.params, tt.vararg))
		if !ok {
			t.Errorf("%s: not found", tt.name)
			continue
		}
		if got := attrText(l.Fn); got != tt.fn {
			t.Errorf("%s: fn %q, want %q", tt.name, got, tt.fn)
		}
		if got := attrText(l.Ret); got != tt.retA {
			t.Errorf("%s: ret %q, want %q", tt.name, got, tt.retA)
		}
		for i := range max(len(tt.paramA), len(l.Params)) {
			want := ""
			if i < len(tt.paramA) {
				want = tt.paramA[i]
			}
			if got := attrText(l.Param(i)); got != want {
				t.Errorf("%s: param %d %q, want %q", tt.name, i, got, want)
			}
		}
	}
}

func TestIntrinsicName(t *testing.T) {
	tests := []struct {
		name, base string
		ok         bool
	}{
		{"llvm.memcpy.p0.p0.i64", "llvm.memcpy", true},
		{"llvm.memcpy", "llvm.memcpy", true},
		{"llvm.memcpy.inline.p0.p0.i64", "llvm.memcpy.inline", true},
		{"llvm.x86.sse2.pause", "llvm.x86.sse2.pause", true},
		{"llvm.x86.sse2.pause.v4i32", "", false}, // not overloaded
		{"llvm.foo.bar", "", false},
		{"llvm.", "", false},
		{"llvm", "", false},
		{"memcpy", "", false},
		{"llvm.dbg.value", "llvm.dbg.value", true},
		{"llvm.vector.reduce.fadd.v4f32", "llvm.vector.reduce.fadd", true},
		{"llvm.memcpyx", "", false},
		// LLVM narrows by dotted components and takes the first name of
		// the last nonempty range: llvm.expect.with.probability here, so
		// these are no intrinsics although llvm.expect is overloaded
		// (llvm-dis-22 prints "; Unknown intrinsic").
		{"llvm.expect.with.i64", "", false},
		{"llvm.expect.wit.i64", "", false},
		{"llvm.memcpy.element.p0.p0.i64", "", false},
		{"llvm.expect.i64", "llvm.expect", true},
		{"llvm.expect.with.probability.i64", "llvm.expect.with.probability", true},
		{"llvm.aarch64.sve.add.single.x2.nxv4i32", "llvm.aarch64.sve.add.single.x2", true},
		{"llvm.aarch64.sve.add.nxv4i32", "llvm.aarch64.sve.add", true},
	}
	for _, tt := range tests {
		base, ok := IntrinsicName(tt.name)
		if base != tt.base || ok != tt.ok {
			t.Errorf("IntrinsicName(%q) = %q, %v; want %q, %v", tt.name, base, ok, tt.base, tt.ok)
		}
	}
	if _, ok := IntrinsicAttrs("llvm.memcpy.p0.p0.i64", fnType("void", []string{"ptr", "ptr"}, false)); ok {
		t.Errorf("IntrinsicAttrs accepted memcpy with 2 parameters")
	}
	if _, ok := IntrinsicAttrs("llvm.memcpy.p0.p0.i64", nil); ok {
		t.Errorf("IntrinsicAttrs accepted a nil type")
	}
}

func TestTruncRange(t *testing.T) {
	tests := []struct {
		lo, hi int64
		bits   uint32
		want   string
	}{
		{-1, 2, 8, "-1 2"},
		{-1, 2, 64, "-1 2"},
		{1, 2147483648, 32, "1 -2147483648"},
		{1, 2147483648, 64, "1 2147483648"},
		{0, 1024, 1, "0 0"},
		{-1, 2, 128, "-1 2"},
	}
	for _, tt := range tests {
		r := truncRange(tt.lo, tt.hi, tt.bits)
		if got := r.Lo.String() + " " + r.Hi.String(); got != tt.want || r.BitWidth != tt.bits {
			t.Errorf("truncRange(%d, %d, %d) = %s, want %s", tt.lo, tt.hi, tt.bits, got, tt.want)
		}
	}
}

// sampleAttr is an attribute of testdata/intrinsics_llvm22.json: kind,
// integer value and range bounds, parsed from llvm-dis-22's text.
type sampleAttr [4]int64

// TestIntrinsicAttrsLLVM22 compares IntrinsicAttrs with what llvm-dis-22
// printed for a sample of declarations (scripts/gen_intrinsics_sample.py).
func TestIntrinsicAttrsLLVM22(t *testing.T) {
	path := "testdata/intrinsics_llvm22.json"
	if p := os.Getenv("INTRINSICS_SAMPLE"); p != "" {
		path = p // a larger sample, as scripts/gen_intrinsics_sample.py says
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var samples []struct {
		Name       string
		Ret        string
		Params     []string
		VarArg     bool
		Known      bool
		Fn         []sampleAttr
		RetAttrs   []sampleAttr
		ParamAttrs [][]sampleAttr
		Text       string
	}
	if err := json.Unmarshal(data, &samples); err != nil {
		t.Fatal(err)
	}
	conv := func(s AttrSet) []sampleAttr {
		var out []sampleAttr
		for _, a := range s {
			var lo, hi int64
			if a.Range.Lo != nil {
				lo, hi = a.Range.Lo.Int64(), a.Range.Hi.Int64()
			}
			out = append(out, sampleAttr{int64(a.Kind), int64(a.Int), lo, hi})
		}
		return out
	}
	same := func(a, b []sampleAttr) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	good := 0
	for _, s := range samples {
		ft := fnType(s.Ret, s.Params, s.VarArg)
		if ft.Ret == nil || slices.Contains(ft.Params, nil) {
			t.Errorf("%s: cannot parse its types", s.Name)
			continue
		}
		l, ok := IntrinsicAttrs(s.Name, ft)
		if ok != s.Known {
			t.Errorf("%s: IntrinsicAttrs ok = %v, want %v\n\t%s", s.Name, ok, s.Known, s.Text)
			continue
		}
		bad := !same(conv(l.Fn), s.Fn) || !same(conv(l.Ret), s.RetAttrs)
		for i := range s.Params {
			var want []sampleAttr
			if i < len(s.ParamAttrs) {
				want = s.ParamAttrs[i]
			}
			bad = bad || !same(conv(l.Param(i)), want)
		}
		if ok && bad {
			t.Errorf("%s: fn %q ret %q params %v\n\tllvm-dis-22: %s", s.Name,
				attrText(l.Fn), attrText(l.Ret), l.Params, s.Text)
			continue
		}
		good++
	}
	if len(samples) < 200 {
		t.Errorf("only %d samples", len(samples))
	}
	t.Logf("%d/%d declarations as llvm-dis-22 prints them", good, len(samples))
}

// TestIntrinsicSigsHostile checks every signature against odd function
// types, as a hostile module could give: no panic. (Some do match: an
// llvm_any_ty parameter takes any type, as in LLVM.)
func TestIntrinsicSigsHostile(t *testing.T) {
	odd := []*Type{
		nil,
		{Kind: FixedVectorType},            // no element type
		{Kind: ScalableVectorType, Len: 4}, // no element type
		{Kind: StructType, Fields: []*Type{nil}},
		{Kind: IntegerType}, // i0
		{Kind: FixedVectorType, Len: 0, Elem: &Type{Kind: IntegerType, BitWidth: 7}},
		{Kind: TargetExtType},
	}
	for i := range numIntrinsicSigs {
		sig := intrinsicSigText[intrinsicSigStarts[i]:intrinsicSigStarts[i+1]]
		if _, ok := decodeSig(sig); !ok {
			t.Fatalf("signature %d (%x) does not decode", i, sig)
		}
		for _, o := range odd {
			validIntrinsicType(sig, &Type{Kind: FunctionType, Ret: o, Params: []*Type{o, o, o}})
			validIntrinsicType(sig, &Type{Kind: FunctionType, Ret: &Type{Kind: VoidType}, Params: []*Type{o}})
		}
	}
	if _, ok := IntrinsicAttrs("llvm.memcpy.p0.p0.i64", &Type{Kind: FunctionType}); ok {
		t.Errorf("memcpy accepted void ()")
	}
}

// TestIntrinsicTable checks the generated tables against each other: the
// names in strictly ascending order (lookupIntrinsic searches them), each
// an llvm. name of its own line, and every index in range.
func TestIntrinsicTable(t *testing.T) {
	if got := int(intrinsicNameStarts[numIntrinsics]); got != len(intrinsicNameText) {
		t.Fatalf("names end at %d, text is %d bytes", got, len(intrinsicNameText))
	}
	if got := int(intrinsicSigStarts[numIntrinsicSigs]); got != len(intrinsicSigText) {
		t.Fatalf("signatures end at %d, text is %d bytes", got, len(intrinsicSigText))
	}
	prev := ""
	for i := range numIntrinsics {
		name := intrinsicName(i)
		if !strings.HasPrefix(name, "llvm.") || strings.ContainsAny(name, " \n") || name <= prev {
			t.Fatalf("intrinsic %d: name %q after %q", i, name, prev)
		}
		if intrinsicNameText[intrinsicNameStarts[i+1]-1] != '\n' {
			t.Fatalf("intrinsic %d (%s): no newline after its name", i, name)
		}
		if l := intrinsicList(i); l >= len(intrinsicLists) {
			t.Fatalf("intrinsic %d (%s): attribute list %d of %d", i, name, l, len(intrinsicLists))
		}
		if s := intrinsicInfos[i] >> 1 & (1<<15 - 1); s >= numIntrinsicSigs {
			t.Fatalf("intrinsic %d (%s): signature %d of %d", i, name, s, numIntrinsicSigs)
		}
		prev = name
	}
	// Worked by hand from LLVM 22's Intrinsics.td: the first name, and
	// memcpy, overloaded on its two pointers and its length.
	if got := intrinsicName(0); got != "llvm.aarch64.addg" {
		t.Errorf("first intrinsic %q, want llvm.aarch64.addg", got)
	}
	i, ok := lookupIntrinsic("llvm.memcpy.p0.p0.i64")
	if !ok || intrinsicName(i) != "llvm.memcpy" || !intrinsicOverloaded(i) {
		t.Errorf("llvm.memcpy.p0.p0.i64: %d %v", i, ok)
	}
}
