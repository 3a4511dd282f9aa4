package ir

import "testing"

// TBAA access tags through LLVM's TBAA verifier: each case's verdict is
// llvm-dis-22's (a store with the tag assembled by llvm-as-22
// -disable-verify keeps its !tbaa or loses it).
func TestTBAAValid(t *testing.T) {
	i64 := &Type{Kind: IntegerType, BitWidth: 64}
	i32 := &Type{Kind: IntegerType, BitWidth: 32}
	n := func(ops ...Metadata) *MDTuple { return &MDTuple{Ops: ops} }
	str := func(v string) Metadata { return &MDString{Value: v} }
	c64 := func(v int64) Metadata { return &ValueAsMetadata{Value: &ConstInt{Typ: i64, V: v}} }
	c32 := func(v int64) Metadata { return &ValueAsMetadata{Value: &ConstInt{Typ: i32, V: v}} }
	root := n(str("root"))
	scalar := n(str("int"), root, c64(0))             // !1
	st := n(str("s"), scalar, c64(0), scalar, c64(4)) // !2
	scalar2 := n(str("int2"), root)                   // !3
	newInt := n(root, c64(4), str("int"))             // !10
	newS := n(newInt, c64(8), str("s"), newInt, c64(0), c64(4), newInt, c64(4), c64(4))
	badOrder := n(str("s2"), scalar, c64(4), scalar, c64(0)) // !12
	for i, c := range []struct {
		tag  *MDTuple
		want bool
	}{
		{n(st, scalar, c64(0)), true},
		{n(st, scalar, c64(4)), true},
		{n(st, scalar, c64(8)), false},
		{n(scalar, scalar, c64(0), c64(2)), false},
		{n(scalar, scalar, c64(0), c64(1)), true},
		{n(scalar, str("x"), c64(0)), false},
		{n(newInt, newInt, c64(0), c64(4)), true},
		{n(newInt, newInt, c64(0)), false},
		{n(scalar, scalar, c32(0)), false},
		{n(scalar2, scalar2, c32(0)), true},
		{n(newS, newInt, c64(4), c64(4)), true},
		{n(newS, newInt, c64(12), c64(4)), false},
		{n(badOrder, scalar, c64(0)), false},
		{n(st, scalar2, c64(0)), false},
		{n(scalar, scalar, c64(0), c64(0), c64(0)), false},
	} {
		if got := ValidTBAATag(c.tag); got != c.want {
			t.Errorf("case %d: ValidTBAATag = %v, want %v", i+1, got, c.want)
		}
	}
	// An old scalar tag (two operands) is not a struct-path tag: it is
	// reported as one LLVM upgrades.
	if IsStructPathTBAATag(n(scalar, scalar)) {
		t.Error("IsStructPathTBAATag(!{!int, !int}) = true")
	}
	// A cycle in the struct path is invalid, and ends.
	cyc := n(str("c"), nil, c64(0))
	cyc.Ops[1] = cyc
	if ValidTBAATag(n(cyc, scalar, c64(0))) {
		t.Error("a cyclic base node verified")
	}
}
