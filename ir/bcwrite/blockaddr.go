package bcwrite

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// A blockKey names a block of a function: the target of a blockaddress.
type blockKey struct {
	f     *ir.Function
	block int
}

// blockAddrUses are the functions whose bodies use the address of a
// block of another function, found as the module level is numbered, for
// the BLOCKADDR_USERS record of that function.
type blockAddrUses struct {
	// users are, for each block whose address another function's body
	// uses, those functions, in module order.
	users map[blockKey][]*ir.Function
	// shuffled are the blocks whose address has a use-list order.
	shuffled map[blockKey]bool
}

// note records the blockaddresses of other functions' blocks that the
// body of f uses in its instructions' operands, directly or inside
// constants (LLVM follows a blockaddress's users through constants that
// are not global values), and those a use-list order of f names.
func (u *blockAddrUses) note(f *ir.Function) {
	var opBuf []ir.Value
	var visit func(c ir.Constant, depth int)
	visit = func(c ir.Constant, depth int) {
		if ba, ok := c.(*ir.BlockAddress); ok {
			if ba.Func == f || ba.Func == nil {
				return
			}
			k := blockKey{ba.Func, ba.Block}
			if u.users == nil {
				u.users = map[blockKey][]*ir.Function{}
			}
			if l := u.users[k]; len(l) == 0 || l[len(l)-1] != f {
				u.users[k] = append(l, f)
			}
			return
		}
		if depth > 64 {
			return
		}
		for _, o := range constOperands(c) {
			visit(o, depth+1)
		}
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, v := range operands(&opBuf, in) {
				if c, ok := v.(ir.Constant); ok {
					visit(c, 0)
				}
			}
		}
	}
	for _, o := range f.UseListOrders {
		if ba, ok := o.Value.(*ir.BlockAddress); ok {
			if u.shuffled == nil {
				u.shuffled = map[blockKey]bool{}
			}
			u.shuffled[blockKey{ba.Func, ba.Block}] = true
		}
	}
}

// takenBlock reports whether block i of f has its address taken in the
// body of another function of a module of LLVM 22, whose use-list order
// blockAddrUsers does not write for an older reader.
func (w *writer) takenBlock(f *ir.Function, i int) bool {
	return w.t.version < LatestVersion && strings.HasPrefix(w.m.Producer, "LLVM22.") && len(w.baUses.users[blockKey{f, i}]) > 0
}

// blockAddrUsers writes the BLOCKADDR_USERS record of function f: the
// other functions whose bodies use the address of one of its blocks, as
// LLVM's writer lists them, walking the blocks in order and each block's
// blockaddress's users in their use-list order, the function read last
// first (a reader adds a use at the head of the list).
func (w *writer) blockAddrUsers(f *ir.Function) {
	if !w.knows(15) {
		// LLVM 15's record: an older reader refuses it (and needs
		// none, as it materializes a function's users otherwise).
		return
	}
	var ops []uint64
	seen := map[*ir.Function]bool{}
	for i := range f.Blocks {
		k := blockKey{f, i}
		users := w.baUses.users[k]
		if len(users) > 1 && w.baUses.shuffled[k] && w.unsupported == nil {
			w.unsupported = &UnsupportedError{What: "the use-list order of a blockaddress the bodies of several other functions use (of @" + f.Name + ")"}
		}
		for j := len(users) - 1; j >= 0; j-- {
			if g := users[j]; !seen[g] {
				seen[g] = true
				ops = append(ops, uint64(w.e.valueID(g)))
			}
		}
	}
	if len(ops) == 0 {
		return
	}
	w.bs.WriteRecord(uint32(llvmir.FUNC_CODE_BLOCKADDR_USERS), ops)
	if !strings.HasPrefix(w.m.Producer, "LLVM22.") {
		// An older producer's use-list orders are written as recorded
		// (see functionUseLists).
		return
	}
	if w.t.version < LatestVersion {
		// An older reader is given the other orders without it
		// (functionUseLists): an order changes no meaning.
		return
	}
	for _, o := range f.UseListOrders {
		b, ok := o.Value.(*ir.Block)
		if !ok || w.unsupported != nil {
			continue
		}
		for i, x := range f.Blocks {
			if x == b && len(w.baUses.users[blockKey{f, i}]) > 0 {
				// The block's blockaddress is among its users, where
				// LLVM's reader puts it as it reads the bodies that use
				// it: LLVM predicts the order anew (not modelled yet).
				w.unsupported = &UnsupportedError{What: "the use-list order of a block whose address another function's body takes (in @" + f.Name + ")"}
			}
		}
	}
}
