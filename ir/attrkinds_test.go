package ir

import (
	"strings"
	"testing"
)

func TestAttrKinds(t *testing.T) {
	tests := []struct {
		kind  AttrKind
		num   AttrKind
		name  string
		class AttrClass
	}{
		{AttrAllocAlign, 1, "allocalign", EnumAttr},
		{AttrAlwaysInline, 3, "alwaysinline", EnumAttr},
		{AttrNoUnwind, 43, "nounwind", EnumAttr},
		{AttrOptimizeNone, 50, "optnone", EnumAttr},
		{AttrSExt, 56, "signext", EnumAttr},
		{AttrStackProtect, 72, "ssp", EnumAttr},
		{AttrZExt, 82, "zeroext", EnumAttr},
		{AttrByVal, 84, "byval", TypeAttr},
		{AttrStructRet, 88, "sret", TypeAttr},
		{AttrAlignment, 89, "align", IntAttr},
		{AttrCaptures, 92, "captures", IntAttr},
		{AttrMemory, 95, "memory", IntAttr},
		{AttrNoFPClass, 96, "nofpclass", IntAttr},
		{AttrStackAlignment, 97, "alignstack", IntAttr},
		{AttrUWTable, 98, "uwtable", IntAttr},
		{AttrRange, 100, "range", ConstantRangeAttr},
		{AttrInitializes, 101, "initializes", ConstantRangeListAttr},
	}
	for _, tt := range tests {
		if tt.kind != tt.num {
			t.Errorf("%s = %d, want %d", tt.name, tt.kind, tt.num)
		}
		if got := tt.kind.String(); got != tt.name {
			t.Errorf("AttrKind(%d).String() = %q, want %q", tt.kind, got, tt.name)
		}
		if got := tt.kind.Class(); got != tt.class {
			t.Errorf("%s.Class() = %d, want %d", tt.name, got, tt.class)
		}
		if k, ok := AttrKindByName(tt.name); !ok || k != tt.kind {
			t.Errorf("AttrKindByName(%q) = %d, %v; want %d, true", tt.name, k, ok, tt.kind)
		}
	}
	for _, k := range []AttrKind{AttrNone, NumAttrKinds, 1000} {
		if s, c := k.String(), k.Class(); s != "" || c != EnumAttr {
			t.Errorf("AttrKind(%d): %q, %d; want \"\", EnumAttr", k, s, c)
		}
	}
	if k, ok := AttrKindByName("nocapture"); ok {
		t.Errorf("AttrKindByName(nocapture) = %d, true; LLVM 22 has no such kind", k)
	}
	for k := AttrKind(1); k < NumAttrKinds; k++ {
		if got, ok := AttrKindByName(k.String()); !ok || got != k {
			t.Errorf("AttrKindByName(%q) = %d, %v; want %d", k.String(), got, ok, k)
		}
	}
}

// TestAttrKindOrder checks that sorting by kind gives the order of
// attribute groups as llvm-dis-22 prints them (clang-22 -O0 and -O2 output).
func TestAttrKindOrder(t *testing.T) {
	tests := []string{
		"noinline nounwind optnone uwtable",
		"mustprogress nofree norecurse nosync nounwind willreturn memory uwtable",
		"noundef readonly captures",
		"nocallback nofree nosync nounwind willreturn memory",
		"alwaysinline nounwind",
	}
	for _, want := range tests {
		var s AttrSet
		names := strings.Fields(want)
		for i := len(names) - 1; i >= 0; i-- {
			k, ok := AttrKindByName(names[i])
			if !ok {
				t.Fatalf("no kind %q", names[i])
			}
			s = append(s, Attribute{Kind: k})
		}
		s = append(AttrSet{{Key: "frame-pointer", Value: "all"}}, s...)
		SortAttrs(s)
		var got []string
		for _, a := range s {
			if a.Kind == AttrNone {
				got = append(got, a.Key)
			} else {
				got = append(got, a.Kind.String())
			}
		}
		if g := strings.Join(got, " "); g != want+" frame-pointer" {
			t.Errorf("sorted: %q, want %q", g, want+" frame-pointer")
		}
	}
}
