package bcwrite

import (
	"slices"

	"github.com/bcextract/bcextract/ir"
)

// visitOrder numbers the values of f's body in the order LLVM's writer
// visits them when it predicts use-list orders (predictUseListOrder): the
// blocks, the arguments, then instruction by instruction the values its
// debug records locate, its constant and inline-asm operands (a constant
// before its own constant operands), the values its metadata operands
// hold, a shufflevector's mask, and the instruction itself. A value is
// numbered where it is first visited.
type visitOrder struct {
	e   *enumerator
	pos map[any]int
}

func (v *visitOrder) key(x ir.Value) any {
	if _, ok := x.(ir.Constant); ok {
		return v.e.valueKey(x)
	}
	return x
}

func (v *visitOrder) visit(x ir.Value) {
	if x == nil {
		return
	}
	k := v.key(x)
	if _, ok := v.pos[k]; ok {
		return
	}
	v.pos[k] = len(v.pos)
	c, ok := x.(ir.Constant)
	if !ok {
		return
	}
	for _, o := range visitedOperands(c) {
		if o != nil {
			v.visit(o)
		}
	}
}

// visitedOperands returns the constant operands of c LLVM's prediction
// descends into, in operand order.
func visitedOperands(c ir.Constant) []ir.Constant {
	switch c := c.(type) {
	case *ir.ConstAggregate, *ir.ConstExpr:
		return constOperands(c)
	case *ir.GlobalVar:
		if c.Init != nil {
			return []ir.Constant{c.Init}
		}
	case *ir.Alias:
		return []ir.Constant{c.Aliasee}
	case *ir.IFunc:
		return []ir.Constant{c.Resolver}
	case *ir.BlockAddress:
		return []ir.Constant{c.Func}
	case *ir.DSOLocalEquivalent:
		return []ir.Constant{c.Global}
	case *ir.NoCFI:
		return []ir.Constant{c.Global}
	}
	return nil
}

// metadataValues visits the values metadata md holds as a location: a
// value, or the values of a DIArgList.
func (v *visitOrder) metadataValues(md ir.Metadata) {
	switch m := md.(type) {
	case *ir.ValueAsMetadata:
		v.visit(m.Value)
	case *ir.DIArgList:
		for _, a := range m.Args {
			v.visit(a.Value)
		}
	}
}

func (w *writer) visitOrder(f *ir.Function) map[any]int {
	var opBuf []ir.Value
	v := &visitOrder{e: w.e, pos: map[any]int{}}
	for _, b := range f.Blocks {
		v.visit(b)
	}
	for _, p := range f.Params {
		v.visit(p)
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, r := range in.DebugRecords {
				if len(r.Ops) > 0 {
					v.metadataValues(r.Ops[0])
				}
				if r.Kind == ir.DbgAssign && len(r.Ops) > 4 {
					v.metadataValues(r.Ops[4])
				}
			}
			for _, o := range operands(&opBuf, in) {
				switch o := o.(type) {
				case ir.Constant, *ir.InlineAsm:
					v.visit(o)
				case *ir.MetadataValue:
					v.metadataValues(o.MD)
				}
			}
			if in.Op == ir.ShuffleVector {
				v.visit(shuffleMask(in))
			}
			v.visit(in)
		}
	}
	return v.pos
}

// useListOrder returns f's use-list orders in the order LLVM's writer
// writes them, the reverse of the order it visits their values in (see
// visitOrder): the model's, when they are so already or when a value of
// one is not visited in f's body (its order is kept as the model has it).
// A body whose debug records were stripped visits the constants those
// named later, if at all: their orders move.
func (w *writer) useListOrder(f *ir.Function) []ir.UseListOrder {
	orders := f.UseListOrders
	if len(orders) < 2 {
		return orders
	}
	pos := w.visitOrder(f)
	at := make([]int, len(orders))
	for i, o := range orders {
		p, ok := pos[(&visitOrder{e: w.e}).key(o.Value)]
		if !ok {
			return orders
		}
		at[i] = p
	}
	idx := make([]int, len(orders))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return at[b] - at[a] })
	sorted := true
	for i, j := range idx {
		sorted = sorted && i == j
	}
	if sorted {
		return orders
	}
	out := make([]ir.UseListOrder, len(orders))
	for i, j := range idx {
		out[i] = orders[j]
	}
	return out
}
