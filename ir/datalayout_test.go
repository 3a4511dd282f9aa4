package ir

import "testing"

// The alignments below are llvm-dis-22's, for loads (ABI) and allocas
// (preferred) whose bitcode gives none (testdata/ir/bodies/align0-*.dis).
func TestDataLayoutAlign(t *testing.T) {
	const (
		i386  = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128"
		s390x = "E-m:e-i1:8:16-i8:8:16-i64:64-f128:64-v128:64-a:8:16-n32:64"
		avr   = "e-P1-p:16:8-i8:8-i16:8-i32:8-i64:8-f32:8-f64:8-n8-a:8"
		amd   = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
		arm64 = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
	)
	i := func(w uint32) *Type { return &Type{Kind: IntegerType, BitWidth: w} }
	ptr := func(as uint32) *Type { return &Type{Kind: PointerType, AddrSpace: as} }
	vec := func(n uint64, e *Type) *Type { return &Type{Kind: FixedVectorType, Len: n, Elem: e} }
	dbl := &Type{Kind: DoubleType}
	fp80 := &Type{Kind: X86FP80Type}
	s := &Type{Kind: StructType, Identified: true, Name: "S", Fields: []*Type{i(8), i(64), i(16)}}
	p := &Type{Kind: StructType, Identified: true, Name: "P", Packed: true, Fields: []*Type{i(8), i(64), i(16)}}
	i8i32 := &Type{Kind: StructType, Fields: []*Type{i(8), i(32)}}
	scal := &Type{Kind: ScalableVectorType, Len: 4, Elem: i(32)}
	cases := []struct {
		layout    string
		t         *Type
		abi, pref uint64
	}{
		{"", i(1), 1, 1},
		{"", i(24), 4, 4},
		{"", i(64), 4, 8},
		{"", i(128), 4, 8},
		{"", dbl, 8, 8},
		{"", fp80, 16, 16},
		{"", vec(3, i(32)), 16, 16},
		{"", s, 4, 8},
		{"", p, 1, 8},
		{"", &Type{Kind: StructType}, 1, 8},
		{i386, dbl, 4, 8},
		{i386, fp80, 4, 4},
		{i386, i(128), 16, 16},
		{i386, ptr(7), 4, 4},
		{i386, i8i32, 4, 8},
		{i386, s, 4, 8},
		{s390x, i(1), 1, 2},
		{s390x, i(128), 8, 8},
		{s390x, i8i32, 4, 4},
		{s390x, p, 1, 2},
		{s390x, scal, 8, 8},
		{avr, i(128), 1, 1},
		{avr, dbl, 1, 1},
		{avr, fp80, 16, 16},
		{avr, s, 1, 1},
		{amd, ptr(7), 32, 32},
		{amd, ptr(3), 4, 4},
		{amd, vec(3, i(32)), 16, 16},
		{arm64, i(1), 1, 4},
		{arm64, i(16), 2, 4},
	}
	for _, c := range cases {
		dl, err := ParseDataLayout(c.layout)
		if err != nil {
			t.Fatalf("%q: %v", c.layout, err)
		}
		if a, ok := dl.ABIAlign(c.t); !ok || a != c.abi {
			t.Errorf("%.20q %+v: ABI %d, %v; want %d", c.layout, *c.t, a, ok, c.abi)
		}
		if a, ok := dl.PrefAlign(c.t); !ok || a != c.pref {
			t.Errorf("%.20q %+v: preferred %d, %v; want %d", c.layout, *c.t, a, ok, c.pref)
		}
	}
}

func TestDataLayoutSizes(t *testing.T) {
	dl, err := ParseDataLayout("e-m:e-p:32:32-i64:64-f80:32")
	if err != nil {
		t.Fatal(err)
	}
	i := func(w uint32) *Type { return &Type{Kind: IntegerType, BitWidth: w} }
	s := &Type{Kind: StructType, Fields: []*Type{i(8), i(64), i(16)}}
	cases := []struct {
		t            *Type
		store, alloc uint64
	}{
		{i(1), 1, 1},
		{i(24), 3, 4},
		{i(64), 8, 8},
		{&Type{Kind: X86FP80Type}, 10, 12},
		{&Type{Kind: PointerType}, 4, 4},
		{s, 24, 24},
		{&Type{Kind: ArrayType, Len: 3, Elem: s}, 72, 72},
		{&Type{Kind: FixedVectorType, Len: 8, Elem: i(1)}, 1, 1},
		{&Type{Kind: FixedVectorType, Len: 3, Elem: i(32)}, 12, 16},
	}
	for _, c := range cases {
		if n, ok := dl.StoreSize(c.t); !ok || n != c.store {
			t.Errorf("%+v: store size %d, %v; want %d", *c.t, n, ok, c.store)
		}
		if n, ok := dl.AllocSize(c.t); !ok || n != c.alloc {
			t.Errorf("%+v: alloc size %d, %v; want %d", *c.t, n, ok, c.alloc)
		}
	}
	for _, u := range []*Type{{Kind: VoidType}, {Kind: FunctionType}, {Kind: StructType, Identified: true, Opaque: true},
		{Kind: TargetExtType, Name: "spirv.Image"}, {Kind: TokenType}} {
		if _, ok := dl.ABIAlign(u); ok {
			t.Errorf("%+v has an alignment", *u)
		}
	}
	self := &Type{Kind: StructType, Identified: true}
	self.Fields = []*Type{self}
	if _, ok := dl.ABIAlign(self); ok {
		t.Error("a struct holding itself has an alignment")
	}
}

func TestParseDataLayoutErrors(t *testing.T) {
	for _, s := range []string{"e--p:32:32", "i8:16", "i32:24", "i32:64:32", "p:0:32", "p:32:32:32:64", "x", "m:q", "a:8:0", "i0:8"} {
		if _, err := ParseDataLayout(s); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
}

// Any data layout string is read or refused without a panic, and what is
// read gives power-of-two alignments, the preferred one never below the
// ABI one, and an alloc size that is a multiple of the ABI alignment.
func FuzzParseDataLayout(f *testing.F) {
	for _, s := range []string{"", "e-m:e-i64:64-f80:128-n8:16:32:64-S128", "E-p:32:32-i64:32:64-a:0:64",
		"e-p7:160:256:256:32-v1024:1024-ni:7:8", "i1:8:16-f128:64-v128:64-a:8:16", "p:0:8", "i64:3", "A5-G1-P1-Fn32"} {
		f.Add(s)
	}
	i := func(w uint32) *Type { return &Type{Kind: IntegerType, BitWidth: w} }
	types := []*Type{i(1), i(24), i(64), i(128), i(1000), {Kind: HalfType}, {Kind: DoubleType}, {Kind: X86FP80Type},
		{Kind: FP128Type}, {Kind: PointerType}, {Kind: PointerType, AddrSpace: 7},
		{Kind: FixedVectorType, Len: 3, Elem: i(32)}, {Kind: ArrayType, Len: 5, Elem: i(16)},
		{Kind: StructType, Fields: []*Type{i(8), {Kind: DoubleType}, i(16)}},
		{Kind: StructType, Packed: true, Fields: []*Type{i(8), i(64)}}}
	f.Fuzz(func(t *testing.T, s string) {
		dl, err := ParseDataLayout(s)
		if err != nil {
			return
		}
		for _, ty := range types {
			abi, ok1 := dl.ABIAlign(ty)
			pref, ok2 := dl.PrefAlign(ty)
			if !ok1 || !ok2 {
				continue
			}
			if abi == 0 || abi&(abi-1) != 0 || pref&(pref-1) != 0 || pref < abi {
				t.Fatalf("%q: %v: ABI alignment %d, preferred %d", s, ty.Kind, abi, pref)
			}
			if n, ok := dl.AllocSize(ty); ok && n%abi != 0 {
				t.Fatalf("%q: %v: alloc size %d not a multiple of the ABI alignment %d", s, ty.Kind, n, abi)
			}
		}
	})
}
