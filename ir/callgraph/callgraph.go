// Package callgraph builds the call graph of the functions of many modules,
// linked by name as a linker links them: a declaration in one module
// resolves to the definition in another, while local (internal and private)
// functions stay with their module.
//
// A call site is a call, invoke or callbr instruction. It is direct when
// its callee is a function whose type is the call's function type, as
// LLVM's CallBase::getCalledFunction has it, or a global alias of such a
// function (an edge to the aliasee, counted in [Edge.ViaAlias] too). Every
// other call site (through a pointer, inline assembly, a function called
// with another type) is an edge to the [Indirect] node. Calls of
// intrinsics are edges like any other.
package callgraph

import (
	"github.com/bcextract/bcextract/ir"
)

// Indirect is the ID of the node that stands for every indirect callee.
const Indirect = "<indirect>"

// A Call is the direct calls of one function to one callee.
type Call struct {
	// Callee is the function called, the aliasee for a call through an
	// alias.
	Callee *ir.Function
	// Sites counts the call sites; ViaAlias those of them that call
	// through a global alias.
	Sites, ViaAlias int
}

// Calls are the call sites of one function body.
type Calls struct {
	// Direct are the direct calls, one per callee, in the order of each
	// callee's first call site.
	Direct []Call
	// Indirect counts the call sites that are not direct.
	Indirect int
}

// Sites returns the number of call sites, direct and indirect.
func (c *Calls) Sites() int {
	n := c.Indirect
	for _, d := range c.Direct {
		n += d.Sites
	}
	return n
}

// Collect returns the call sites of f's body, which must be loaded (see
// [ir.BodyLoader]); nothing for a declaration.
func Collect(f *ir.Function) Calls {
	var c Calls
	var index map[*ir.Function]int // once there are many callees
	for _, b := range f.Blocks {
		if b == nil {
			continue
		}
		for _, in := range b.Instrs {
			if in == nil {
				continue
			}
			switch in.Op {
			case ir.Call, ir.Invoke, ir.CallBr:
			default:
				continue
			}
			callee, alias := Callee(in)
			if callee == nil {
				c.Indirect++
				continue
			}
			i := -1
			if index != nil {
				if j, ok := index[callee]; ok {
					i = j
				}
			} else {
				for j := range c.Direct {
					if c.Direct[j].Callee == callee {
						i = j
						break
					}
				}
			}
			if i < 0 {
				i = len(c.Direct)
				c.Direct = append(c.Direct, Call{Callee: callee})
				if index != nil {
					index[callee] = i
				} else if len(c.Direct) > 16 {
					index = make(map[*ir.Function]int, 2*len(c.Direct))
					for j, d := range c.Direct {
						index[d.Callee] = j
					}
				}
			}
			c.Direct[i].Sites++
			if alias {
				c.Direct[i].ViaAlias++
			}
		}
	}
	return c
}

// Callee returns the function a call, invoke or callbr instruction calls
// directly, and whether it calls it through a global alias; nil when the
// call is indirect (see the package documentation).
func Callee(in *ir.Instruction) (f *ir.Function, viaAlias bool) {
	v := in.Callee
	if a, ok := v.(*ir.Alias); ok {
		v, viaAlias = resolveAlias(a), true
	}
	f, ok := v.(*ir.Function)
	if !ok || f == nil || in.FuncType == nil || f.ValueType != in.FuncType {
		return nil, false
	}
	return f, viaAlias
}

// resolveAlias returns what alias a stands for, following aliases of
// aliases (a cycle, invalid IR, gives up after 64).
func resolveAlias(a *ir.Alias) ir.Constant {
	for i := 0; i < 64 && a != nil; i++ {
		next, ok := a.Aliasee.(*ir.Alias)
		if !ok {
			return a.Aliasee
		}
		a = next
	}
	return nil
}
