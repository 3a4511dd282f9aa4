package bitcode

import (
	"slices"
	"testing"

	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// foldConstantMath on the expressions DIExpression::append makes of
// llvm.dbg.addr calls: the results are llvm-dis-22's for a module whose
// calls llvm-as-22 upgraded (DW_OP_deref appended, before a
// DW_OP_stack_value).
func TestFoldConstantMath(t *testing.T) {
	const (
		constu = uint64(dwarf.OpConstu)
		plus   = uint64(dwarf.OpPlus)
		minus  = uint64(dwarf.OpMinus)
		mul    = uint64(dwarf.OpMul)
		div    = uint64(dwarf.OpDiv)
		shl    = uint64(dwarf.OpShl)
		shr    = uint64(dwarf.OpShr)
		puc    = uint64(dwarf.OpPlusUconst)
		lit0   = uint64(dwarf.OpLit0)
		arg    = uint64(dwarf.OpLLVMArg)
		deref  = uint64(dwarf.OpDeref)
		stack  = uint64(dwarf.OpStackValue)
	)
	for _, c := range []struct {
		name     string
		in, want []uint64
	}{
		{"plus zero", []uint64{puc, 0, deref}, []uint64{deref}},
		{"two constants", []uint64{constu, 2, constu, 3, plus, deref}, []uint64{constu, 5, deref}},
		{"times one", []uint64{lit0 + 1, mul, deref}, []uint64{deref}},
		{"plus twice", []uint64{puc, 4, puc, 6, deref}, []uint64{puc, 10, deref}},
		{"overflow", []uint64{constu, 1<<64 - 1, constu, 1, plus, deref}, []uint64{constu, 1<<64 - 1, puc, 1, deref}},
		{"arg between", []uint64{constu, 2, plus, arg, 0, plus, constu, 3, plus, deref}, []uint64{puc, 5, arg, 0, plus, deref}},
		{"literal zero", []uint64{lit0, deref, stack}, []uint64{lit0, deref, stack}},
		{"shifts", []uint64{constu, 8, constu, 2, shr, constu, 3, shl, deref}, []uint64{constu, 16, deref}},
		{"by zero", []uint64{constu, 6, constu, 0, div, lit0 + 5, minus, deref}, []uint64{constu, 6, lit0, div, constu, 5, minus, deref}},
		{"not whole", []uint64{deref, constu}, []uint64{deref, constu}},
		{"no operation", []uint64{1 << 40, constu, 0, plus}, []uint64{1 << 40}},
	} {
		if got := foldConstantMath(slices.Clone(c.in)); !slices.Equal(got, c.want) {
			t.Errorf("%s: foldConstantMath(%v) = %v, want %v", c.name, c.in, got, c.want)
		}
	}
}
