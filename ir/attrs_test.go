package ir

import (
	"slices"
	"testing"
)

// TestAttrListRef checks that a list's reference is that of its slices:
// the same for two lists of the same slices, another for a copy of equal
// attributes or for the same slices cut shorter.
func TestAttrListRef(t *testing.T) {
	fn := AttrSet{{Kind: AttrNoUnwind}}
	params := []AttrSet{{{Kind: AttrNoUndef}}, nil}
	a := AttrList{Fn: fn, Params: params}
	b := AttrList{Fn: fn, Params: params}
	tests := []struct {
		name string
		x, y AttrList
		same bool
	}{
		{"same slices", a, b, true},
		{"empty", AttrList{}, AttrList{Fn: AttrSet{}}, true},
		{"copy", a, AttrList{Fn: slices.Clone(fn), Params: params}, false},
		{"params copied", a, AttrList{Fn: fn, Params: slices.Clone(params)}, false},
		{"fewer params", a, AttrList{Fn: fn, Params: params[:1]}, false},
		{"ret for fn", a, AttrList{Ret: fn, Params: params}, false},
	}
	for _, tt := range tests {
		if same := tt.x.Ref() == tt.y.Ref(); same != tt.same {
			t.Errorf("%s: same reference %t, want %t", tt.name, same, tt.same)
		}
	}
}
