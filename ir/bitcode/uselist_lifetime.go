package bitcode

import (
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// This file gives the values an upgraded lifetime call uses the use-list
// orders LLVM 22 holds after the upgrade. LLVM's reader applies a body's
// use-list orders as it reads the body, then upgrades its calls: each
// lifetime call, in the order of the body, is made anew (its pointer
// operand a use put first in the pointer's use list) and the old one
// erased (so found comparing opt-22's outputs with the orders older
// producers recorded). The orders the producer recorded, for the body as
// it wrote it, then no longer say the order in memory, which LLVM 22's
// writer predicts anew.

// A lifetimeChange is a lifetime call upgradeLifetime changed: the call
// read, at position pos of the body as read, and the call made in its
// place (nil when it was dropped).
type lifetimeChange struct {
	old, new *ir.Instruction
	pos      int
}

// A bodyUse is a use of a value by the instruction at position pos of the
// body as read, as its operand op (in LLVM's operand order); made is set
// for a use by a call the upgrade made.
type bodyUse struct {
	pos, op int
	made    bool
}

// lifetimeUseLists gives f.UseListOrders the orders LLVM 22 holds for the
// function-local values that the lifetime calls lts (of f's body as read,
// orig) used or use.
func lifetimeUseLists(f *ir.Function, orig []*ir.Instruction, lts []lifetimeChange) {
	affected := map[ir.Value]bool{}
	local := func(v ir.Value) bool {
		switch v.(type) {
		case *ir.Instruction, *ir.Argument:
			return true
		}
		return false
	}
	for _, lt := range lts {
		for _, v := range lt.old.Operands {
			if local(v) {
				affected[v] = true
			}
		}
		if lt.new != nil {
			for _, v := range lt.new.Operands {
				if local(v) {
					affected[v] = true
				}
			}
		}
	}
	if len(affected) == 0 {
		return
	}
	changed := make(map[int]*lifetimeChange, len(lts))
	for i := range lts {
		changed[lts[i].pos] = &lts[i]
	}
	// The uses of each affected value, before and after the upgrade, in
	// position order; where each value is.
	before, after := map[ir.Value][]bodyUse{}, map[ir.Value][]bodyUse{}
	at := map[ir.Value]int{}
	var buf []ir.Value
	for k, in := range orig {
		if affected[in] {
			at[in] = k
		}
		for op, o := range in.LLVMOperands(&buf) {
			if affected[o] {
				before[o] = append(before[o], bodyUse{pos: k, op: op})
				if changed[k] == nil {
					after[o] = append(after[o], bodyUse{pos: k, op: op})
				}
			}
		}
		if lt := changed[k]; lt != nil && lt.new != nil {
			for op, o := range lt.new.LLVMOperands(&buf) {
				if affected[o] {
					after[o] = append(after[o], bodyUse{pos: k, op: op, made: true})
				}
			}
		}
	}
	orders := map[ir.Value]int{}
	for i, o := range f.UseListOrders {
		orders[o.Value] = i
	}
	var drop []ir.Value
	for v := range affected {
		vpos := -1 // an argument comes before every instruction
		if p, ok := at[v]; ok {
			vpos = p
		}
		in := readerOrder(before[v], vpos)
		// The order in memory once the producer's order is applied.
		mem := make([]bodyUse, len(in))
		shuffle := identity(len(in))
		if i, ok := orders[v]; ok && isPermutation(f.UseListOrders[i].Shuffle, len(in)) {
			shuffle = f.UseListOrders[i].Shuffle
		}
		for i, u := range in {
			mem[shuffle[i]] = u
		}
		for _, lt := range lts {
			mem = slices.DeleteFunc(mem, func(u bodyUse) bool { return u.pos == lt.pos && !u.made })
			if lt.new == nil {
				continue
			}
			for op, o := range lt.new.LLVMOperands(&buf) {
				if o == v {
					mem = slices.Insert(mem, 0, bodyUse{pos: lt.pos, op: op, made: true})
				}
			}
		}
		out := readerOrder(after[v], vpos)
		if len(out) != len(mem) {
			continue
		}
		where := make(map[bodyUse]uint64, len(mem))
		for i, u := range mem {
			where[u] = uint64(i)
		}
		s := make([]uint64, len(out))
		sorted := true
		for i, u := range out {
			s[i] = where[u]
			sorted = sorted && s[i] == uint64(i)
		}
		i, had := orders[v]
		switch {
		case sorted && had:
			drop = append(drop, v)
		case sorted:
		case had:
			f.UseListOrders[i].Shuffle = s
		default:
			f.UseListOrders = append(f.UseListOrders, ir.UseListOrder{Value: v, Shuffle: s})
		}
	}
	if len(drop) > 0 {
		f.UseListOrders = slices.DeleteFunc(f.UseListOrders, func(o ir.UseListOrder) bool {
			return slices.Contains(drop, o.Value)
		})
	}
}

// readerOrder returns uses, of a value at position vpos, in the order
// LLVM's reader makes them as its writer predicts it
// (predictValueUseListOrderImpl): the uses by instructions after the
// value first, the last first (an instruction's operands from the last),
// then those by instructions up to it, in order.
func readerOrder(uses []bodyUse, vpos int) []bodyUse {
	out := slices.Clone(uses)
	slices.SortFunc(out, func(a, b bodyUse) int {
		ka, kb := a.pos > vpos, b.pos > vpos
		switch {
		case ka && !kb:
			return -1
		case !ka && kb:
			return 1
		case a.pos != b.pos:
			if ka {
				return b.pos - a.pos
			}
			return a.pos - b.pos
		case ka:
			return b.op - a.op
		}
		return a.op - b.op
	})
	return out
}

func identity(n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = uint64(i)
	}
	return s
}

// isPermutation reports whether s is a permutation of 0..n-1.
func isPermutation(s []uint64, n int) bool {
	if len(s) != n {
		return false
	}
	seen := make([]bool, n)
	for _, x := range s {
		if x >= uint64(n) || seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

// keepsUseList reports whether LLVM 22's reader applies an order of the
// uses of v the module records: not for constant data, which has no use
// list from LLVM 21 on (ir.HasUseList), nor, from a producer before
// LLVM 21, for a function a blockaddress names: those counted the
// blockaddress among its uses, which it no longer is (LLVM's reader drops
// an order whose length is not the number of uses).
func (r *Reader) keepsUseList(v ir.Value) bool {
	if !ir.HasUseList(v) {
		return false
	}
	f, ok := v.(*ir.Function)
	return !ok || !r.addrTaken[f] || producerMajor(r.producer) >= 21
}

// producerMajor returns the major version of an LLVM producer string
// ("LLVM19.1.7": 19), 22 for another.
func producerMajor(p string) int {
	rest, ok := strings.CutPrefix(p, "LLVM")
	if !ok {
		return 22
	}
	n, i := 0, 0
	for ; i < len(rest) && rest[i] >= '0' && rest[i] <= '9' && n < 1000; i++ {
		n = n*10 + int(rest[i]-'0')
	}
	if i == 0 {
		return 22
	}
	return n
}
