package ir

import "testing"

func TestManglingModeOf(t *testing.T) {
	tests := []struct {
		dl   string
		want ManglingMode
	}{
		{"e-m:e-i64:64-n8:16:32:64-S128", 'e'},
		{"e-m:o-i64:64-i128:128-n32:64-S128", 'o'},
		{"e-m:x-p:32:32-i64:64-f80:32-n8:16:32-a:0:32-S32", 'x'},
		{"E-m:a-p:32:32-Fi32-i64:64-n32", 'a'},
		{"e-i64:64", 0},
		{"", 0},
		{"m:e-m:w", 'w'},
		{"e-m:z", 0},
	}
	for _, tc := range tests {
		if got := ManglingModeOf(tc.dl); got != tc.want {
			t.Errorf("ManglingModeOf(%q) = %q, want %q", tc.dl, got, tc.want)
		}
	}
}

func TestMangle(t *testing.T) {
	stdcall := &MangleFunc{CallConv: callX86StdCall, NumParams: 2, ArgBytes: 12}
	tests := []struct {
		mode    ManglingMode
		name    string
		private bool
		fn      *MangleFunc
		want    string
	}{
		{'e', "f", false, nil, "f"},
		{'e', "f", true, nil, ".Lf"},
		{'o', "f", false, nil, "_f"},
		{'o', "f", true, nil, "L_f"},
		{'o', "\x01raw", true, nil, "raw"},
		{'w', "?f@@YAXXZ", false, nil, "?f@@YAXXZ"},
		{'x', "?f@@YAXXZ", false, stdcall, "?f@@YAXXZ"},
		{'x', "f", false, nil, "_f"},
		{'x', "f", false, stdcall, "_f@12"},
		{'x', "f", true, stdcall, "L_f@12"},
		{'x', "f", false, &MangleFunc{CallConv: callX86FastCall, NumParams: 1, ArgBytes: 4}, "@f@4"},
		{'x', "f", false, &MangleFunc{CallConv: callX86VectorCall, NumParams: 1, ArgBytes: 8}, "f@@8"},
		{'e', "f", false, &MangleFunc{CallConv: callX86VectorCall, NumParams: 1, ArgBytes: 8}, "f@@8"},
		{'w', "f", false, stdcall, "f"},
		{'x', "f", false, &MangleFunc{CallConv: callX86StdCall, VarArg: true, NumParams: 1, ArgBytes: 4}, "_f"},
		{'x', "f", false, &MangleFunc{CallConv: callX86StdCall, VarArg: true, ArgBytes: 0}, "_f@0"},
		{'x', "f", false, &MangleFunc{CallConv: callX86StdCall, VarArg: true, NumParams: 1, SRet: true, ArgBytes: 0}, "_f@0"},
		{'x', "f", false, &MangleFunc{CallConv: callX86StdCall, ArgBytes: -1}, "_f"},
		{'x', "f", false, &MangleFunc{CallConv: callX86VectorCall, ArgBytes: -1}, "f"},
		{'x', "f", false, &MangleFunc{CallConv: callX86VectorCall, VarArg: true, NumParams: 2, ArgBytes: 8}, "f@"},
		{'m', "f", true, nil, "$f"},
		{'l', "f", true, nil, "L#f"},
		{'a', "f", true, nil, "L..f"},
		{0, "f", true, nil, "f"},
	}
	for _, tc := range tests {
		if got := tc.mode.Mangle(tc.name, tc.private, tc.fn); got != tc.want {
			t.Errorf("%q.Mangle(%q, %v, %+v) = %q, want %q", tc.mode, tc.name, tc.private, tc.fn, got, tc.want)
		}
	}
}
