package minllvm

import "testing"

// TestI1AlignOf: what data layouts say of i1 to LLVM 22 against LLVM 21
// (the layouts of AArch64, x86-64 and AMDGPU, and made-up ones).
func TestI1AlignOf(t *testing.T) {
	tests := []struct {
		layout string
		want   i1Align
	}{
		{"e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32", i1Align{pref: true}},
		{"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", i1Align{}},
		{"e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9", i1Align{}},
		{"e-i8:16", i1Align{pref: true, abi: true}},
		{"e-i8:8:8", i1Align{}},
		{"e-i1:8:8-i8:8:32", i1Align{}}, // i1 named
		{"e-i8:x:32", i1Align{}},        // not a number: left to the reader
		{"", i1Align{}},
	}
	for _, tt := range tests {
		chars := make([]uint64, len(tt.layout))
		for i := range tt.layout {
			chars[i] = uint64(tt.layout[i])
		}
		if got := i1AlignOf(chars); got != tt.want {
			t.Errorf("%q: %+v, want %+v", tt.layout, got, tt.want)
		}
	}
}
