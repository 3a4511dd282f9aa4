package bitcode

import (
	"math"
	"math/bits"
	"slices"

	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// foldConstantMath folds the constant arithmetic of a DIExpression's
// elements as LLVM 22's DIExpression::foldConstantMath does, which
// DIExpression::append (the dbg.addr upgrade) applies to its result:
// literals and DW_OP_plus_uconst are first spelled as DW_OP_constu (and
// DW_OP_plus); then, from the start again after each change, the first
// constant that begins a foldable pattern is folded:
//
//	C op        (op neutral for C: plus, minus, shl, shr of 0; mul, div by 1) -> nothing
//	C1 C2 op    -> C1 op C2                (when it neither overflows nor loses bits)
//	C1 op C2 op -> (C1 op C2) op           (op plus or mul, the same twice)
//	C1 op A op C2 op -> (C1 op C2) op A op (A a DW_OP_LLVM_arg, op plus or mul thrice)
//
// and last, DW_OP_constu 0 becomes DW_OP_lit0 and DW_OP_constu C followed
// by DW_OP_plus becomes DW_OP_plus_uconst C. Elements that are not a
// sequence of whole operations are returned as they are.
func foldConstantMath(elems []uint64) []uint64 {
	if !wholeOps(elems) {
		return elems
	}
	w := canonicalExprOps(elems)
	for loc := 0; loc < len(w); {
		c1, ok := exprConst(w, loc)
		if !ok {
			loc += exprOpSize(w, loc)
			continue
		}
		// The operations after the constant, as many as there are (up
		// to five).
		var next [6]int
		next[0] = loc
		n := 1
		for n < len(next) {
			at := next[n-1] + exprOpSize(w, next[n-1])
			if at >= len(w) {
				break
			}
			next[n] = at
			n++
		}
		if n < 2 {
			break
		}
		op := func(i int) dwarf.Op { return exprOp(w, next[i]) }
		// C op, op neutral for C.
		if neutralFor(op(1), c1) {
			w = slices.Delete(w, loc, loc+3)
			loc = 0
			continue
		}
		if n < 3 {
			loc += 2
			continue
		}
		// C1 C2 op.
		if c2, ok := exprConst(w, next[1]); ok {
			if r, ok := foldExprOp(c1, c2, op(2)); ok {
				w = slices.Delete(w, loc+2, loc+5)
				w[loc+1] = r
				loc = 0
			} else {
				loc += 2
			}
			continue
		}
		if n < 4 {
			loc += 2
			continue
		}
		// C1 op C2 op.
		if c2, ok := exprConst(w, next[2]); ok && commutativePair(op(1), op(3)) {
			if r, ok := foldExprOp(c1, c2, op(1)); ok {
				w = slices.Delete(w, loc+3, loc+6)
				w[loc+1] = r
				loc = 0
			} else {
				loc += 2
			}
			continue
		}
		if n < 6 {
			loc += 2
			continue
		}
		// C1 op A op C2 op.
		if c2, ok := exprConst(w, next[4]); ok && op(2) == dwarf.OpLLVMArg &&
			commutativePair(op(1), op(3)) && commutativePair(op(3), op(5)) {
			if r, ok := foldExprOp(c1, c2, op(1)); ok {
				w = slices.Delete(w, loc+6, loc+9)
				w[loc+1] = r
				loc = 0
			} else {
				loc += 2
			}
			continue
		}
		loc += 2
	}
	return shortExprOps(w)
}

// wholeOps reports whether elems is a sequence of whole operations.
func wholeOps(elems []uint64) bool {
	i := 0
	for i < len(elems) {
		i += exprOpSize(elems, i)
	}
	return i == len(elems)
}

// exprOp is the operation at elems[i], 0 (none) for a number no
// operation has.
func exprOp(elems []uint64, i int) dwarf.Op {
	if elems[i] > math.MaxUint16 {
		return 0
	}
	return dwarf.Op(elems[i])
}

// exprOpSize is the number of elements of the operation at elems[i].
func exprOpSize(elems []uint64, i int) int { return exprOp(elems, i).ExprSize() }

// exprConst returns the operand of the DW_OP_constu at elems[i].
func exprConst(elems []uint64, i int) (uint64, bool) {
	if exprOp(elems, i) == dwarf.OpConstu {
		return elems[i+1], true
	}
	return 0, false
}

// canonicalExprOps spells literals DW_OP_constu N and DW_OP_plus_uconst C
// as DW_OP_constu C, DW_OP_plus.
func canonicalExprOps(elems []uint64) []uint64 {
	out := make([]uint64, 0, len(elems)+4)
	for i := 0; i < len(elems); {
		n := exprOpSize(elems, i)
		switch op := exprOp(elems, i); {
		case op >= dwarf.OpLit0 && op <= dwarf.OpLit31:
			out = append(out, uint64(dwarf.OpConstu), uint64(op-dwarf.OpLit0))
		case op == dwarf.OpPlusUconst:
			out = append(out, uint64(dwarf.OpConstu), elems[i+1], uint64(dwarf.OpPlus))
		default:
			out = append(out, elems[i:i+n]...)
		}
		i += n
	}
	return out
}

// shortExprOps spells DW_OP_constu 0 as DW_OP_lit0 and DW_OP_constu C,
// DW_OP_plus as DW_OP_plus_uconst C.
func shortExprOps(elems []uint64) []uint64 {
	out := make([]uint64, 0, len(elems))
	for i := 0; i < len(elems); {
		n := exprOpSize(elems, i)
		c, isConst := exprConst(elems, i)
		switch {
		case isConst && c == 0:
			out = append(out, uint64(dwarf.OpLit0))
		case isConst && i+n < len(elems) && elems[i+n] == uint64(dwarf.OpPlus):
			out = append(out, uint64(dwarf.OpPlusUconst), c)
			n++
		default:
			out = append(out, elems[i:i+n]...)
		}
		i += n
	}
	return out
}

// neutralFor reports whether op leaves its operand as it is when the
// other is c.
func neutralFor(op dwarf.Op, c uint64) bool {
	switch op {
	case dwarf.OpPlus, dwarf.OpMinus, dwarf.OpShl, dwarf.OpShr:
		return c == 0
	case dwarf.OpMul, dwarf.OpDiv:
		return c == 1
	}
	return false
}

// commutativePair reports whether a op b folds as one operation: both
// DW_OP_plus or both DW_OP_mul.
func commutativePair(a, b dwarf.Op) bool {
	return a == b && (a == dwarf.OpPlus || a == dwarf.OpMul)
}

// foldExprOp returns c1 op c2, false when it overflows, loses bits or
// divides by zero, or op is none of plus, minus, shl, shr, mul, div.
func foldExprOp(c1, c2 uint64, op dwarf.Op) (uint64, bool) {
	switch op {
	case dwarf.OpPlus:
		r, carry := bits.Add64(c1, c2, 0)
		return r, carry == 0
	case dwarf.OpMinus:
		return c1 - c2, c1 >= c2
	case dwarf.OpShl:
		if c2 >= 64 || uint64(bits.LeadingZeros64(c1)) < c2 {
			return 0, false
		}
		return c1 << c2, true
	case dwarf.OpShr:
		if c2 >= 64 || uint64(bits.TrailingZeros64(c1)) < c2 {
			return 0, false
		}
		return c1 >> c2, true
	case dwarf.OpMul:
		hi, lo := bits.Mul64(c1, c2)
		return lo, hi == 0
	case dwarf.OpDiv:
		if c2 == 0 {
			return 0, false
		}
		return c1 / c2, true
	}
	return 0, false
}
