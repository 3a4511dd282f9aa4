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
	// first is, for each block whose address a body uses (its own
	// function's included), the first such function in module order,
	// by instruction operands, metadata operands or debug records; pos
	// is the place of each function noted, in module order.
	first map[blockKey]*ir.Function
	pos   map[*ir.Function]int
	// self is, for each block whose address its own function's body
	// uses, where that body first does.
	self map[blockKey]selfUse
	// module are the blocks whose blockaddress the reader makes before
	// any body (see moduleMade), once asked for.
	module map[blockKey]bool
}

// A selfUse tells how a body uses the address of one of its own blocks:
// op is the index (counting the body's instructions from 0) of the first
// instruction with it among its operands (-1 for none); md says a
// metadata operand or debug record holds it.
type selfUse struct {
	op int
	md bool
}

// note records the blockaddresses of other functions' blocks that the
// body of f uses in its instructions' operands, directly or inside
// constants (LLVM follows a blockaddress's users through constants that
// are not global values), and those a use-list order of f names. Called
// for the bodies in module order, it also records the first body that
// uses each blockaddress, in operands or in the values of metadata
// operands and debug records, and how f uses those of its own blocks
// (for takenBlockOrder).
func (u *blockAddrUses) note(f *ir.Function) {
	var opBuf []ir.Value
	var visit func(c ir.Constant, depth int)
	if u.pos == nil {
		u.pos = map[*ir.Function]int{}
		u.first = map[blockKey]*ir.Function{}
	}
	u.pos[f] = len(u.pos)
	inMD := false
	idx := 0
	visit = func(c ir.Constant, depth int) {
		if ba, ok := c.(*ir.BlockAddress); ok {
			if ba.Func == nil {
				return
			}
			k := blockKey{ba.Func, ba.Block}
			if u.first[k] == nil {
				u.first[k] = f
			}
			if ba.Func == f {
				u.noteSelf(k, idx, inMD)
			}
			if ba.Func == f || inMD {
				return
			}
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
	visitMD := func(md ir.Metadata) {
		inMD = true
		eachMDConstant(md, func(c ir.Constant) { visit(c, 0) })
		inMD = false
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, r := range in.DebugRecords {
				if len(r.Ops) > 0 {
					visitMD(r.Ops[0])
				}
				if r.Kind == ir.DbgAssign && len(r.Ops) > 4 {
					visitMD(r.Ops[4])
				}
			}
			for _, v := range operands(&opBuf, in) {
				switch v := v.(type) {
				case ir.Constant:
					visit(v, 0)
				case *ir.MetadataValue:
					visitMD(v.MD)
				}
			}
			idx++
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

// takenBlock reports whether the use-list order of block i of f, in a
// module of LLVM 22, is not written for an older reader: when another
// function's body or metadata holds the block's blockaddress, or f's
// metadata, or the module's metadata alone (not its constants, which an
// older reader resolves as the module block ends, as LLVM 22's does),
// where LLVM's reader adds its use at another time than its writer
// expects (takenBlockOrder, which is LLVM 22's).
func (w *writer) takenBlock(f *ir.Function, i int) bool {
	if w.t.version >= LatestVersion || !strings.HasPrefix(w.m.Producer, "LLVM22.") {
		return false
	}
	u := &w.baUses
	k := blockKey{f, i}
	if len(u.users[k]) > 0 || u.first[k] != nil && u.first[k] != f || u.self[k].md {
		return true
	}
	made, numbered := w.moduleMade(k)
	return made && !numbered
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
}

// noteSelf records that instruction idx of the body of block k's
// function uses k's address, in a metadata operand or debug record (md)
// or not.
func (u *blockAddrUses) noteSelf(k blockKey, idx int, md bool) {
	if u.self == nil {
		u.self = map[blockKey]selfUse{}
	}
	s, ok := u.self[k]
	if !ok {
		s = selfUse{op: -1}
	}
	if md {
		s.md = true
	} else if s.op < 0 {
		s.op = idx
	}
	u.self[k] = s
}

// eachMDConstant calls do with each constant metadata md holds as a
// location: a value, or the values of a DIArgList.
func eachMDConstant(md ir.Metadata, do func(c ir.Constant)) {
	switch m := md.(type) {
	case *ir.ValueAsMetadata:
		if c, ok := m.Value.(ir.Constant); ok {
			do(c)
		}
	case *ir.DIArgList:
		for _, a := range m.Args {
			if a == nil {
				continue
			}
			if c, ok := a.Value.(ir.Constant); ok {
				do(c)
			}
		}
	}
}

// moduleMade reports whether LLVM's reader makes the blockaddress of
// block k before it reads any body, and whether its writer numbers it so
// (numbered): when the module's constants hold it (of its initializers,
// aliasees, resolvers and function data, resolved as the module block
// ends), both; when only a value of the module-level metadata does (made
// as the metadata is loaded, before the first body), made only.
func (w *writer) moduleMade(k blockKey) (made, numbered bool) {
	u := &w.baUses
	if u.module == nil {
		u.module = map[blockKey]bool{}
		seen := map[ir.Constant]bool{}
		var visit func(c ir.Constant, tree bool)
		visit = func(c ir.Constant, tree bool) {
			if c == nil || seen[c] {
				return
			}
			seen[c] = true
			if ba, ok := c.(*ir.BlockAddress); ok {
				k := blockKey{ba.Func, ba.Block}
				u.module[k] = u.module[k] || tree
				return
			}
			switch c.(type) {
			case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
				return
			}
			for _, o := range constOperands(c) {
				visit(o, tree)
			}
		}
		for _, c := range moduleConstants(w.m) {
			visit(c, true)
		}
		for _, md := range w.e.md.module {
			eachMDConstant(md, func(c ir.Constant) { visit(c, false) })
		}
	}
	numbered, made = u.module[k]
	return made, numbered
}

// moduleConstants returns the roots of the constants the module level
// holds: initializers, aliasees, resolvers, and functions' personality,
// prefix and prologue data.
func moduleConstants(m *ir.Module) []ir.Constant {
	var out []ir.Constant
	for _, g := range m.Globals {
		out = append(out, g.Init)
	}
	for _, a := range m.Aliases {
		out = append(out, a.Aliasee)
	}
	for _, i := range m.IFuncs {
		out = append(out, i.Resolver)
	}
	for _, f := range m.Functions {
		out = append(out, f.Personality, f.Prefix, f.Prologue)
	}
	return out
}

// Where a block's blockaddress's use is among the block's uses, as LLVM's
// reader makes them and as its writer expects them, when it is not at
// an index among the uses of the function's body (0 first, n after them
// all, in the order the writer expects them).
const (
	baNone = -1 // not a use (not made; or not numbered by the writer)
	baLate = -2 // made by a later body: not a use when the block's USELIST block is read, then the first
)

// takenBlockOrder returns the use-list order opt-22 writes for block i of
// f, whose address a body or the module level may take, when the model
// holds shuffle for it (read from the input): nil for none. A block whose
// address nothing takes keeps shuffle.
//
// LLVM's reader (BitcodeReader::materializeModule) reads the bodies in
// module order after the module level. It makes the block's blockaddress
// (one for all its users) where it first materializes it
// (materializeValue): as the module block ends when the module's
// constants hold it, as the module's metadata is loaded when a value of
// it does, else as the first body that uses it is read (at the start, for
// a value of its metadata; else at the instruction using it), keeping a
// placeholder block (BasicBlockFwdRefs) until f is read. Its use of the
// block is added then: a list has its latest use first. f's USELIST block,
// read at the end of f's body, applies an order only when it names as
// many uses as the block has then (parseUseLists); a later body adds the
// blockaddress's use after it, at the head.
//
// LLVM's writer (predictValueUseListOrder) expects the uses ordered by
// the numbers orderModule gives their users: the blockaddress's use last
// when it numbers it before f's instructions (for the module's constants,
// an earlier body, or the values of f's metadata operands and debug
// records, numbered before its instructions), first when a later body
// numbers it first, among f's uses just before the instruction whose
// operand it first is in f, and leaves it out when only module metadata
// holds it. The order it writes is that of the uses as it
// expects them into the order the reader made.
func (w *writer) takenBlockOrder(f *ir.Function, i int, shuffle []uint64) []uint64 {
	k := blockKey{f, i}
	if w.baUses.first[k] == nil {
		if made, numbered := w.moduleMade(k); !made && !numbered {
			// No blockaddress (the common case: not worth a look at
			// the whole body).
			return shuffle
		}
	}
	at := bodyUses(f, f.Blocks[i])
	made, numbered := w.blockAddrPlace(f, k, at)
	if made == baNone && numbered == baNone {
		// No blockaddress: the order as read.
		return shuffle
	}
	return blockUseOrder(len(at), made, numbered, shuffle)
}

// blockAddrPlace returns where the reader puts the use of the
// blockaddress of block k of f (made) and where the writer expects it
// (numbered), as takenBlockOrder tells: an index among the uses of f's
// body, baNone or baLate (made only). at are the indexes of the
// instructions of those uses (bodyUses).
func (w *writer) blockAddrPlace(f *ir.Function, k blockKey, at []int) (made, numbered int) {
	u := &w.baUses
	n := len(at)
	// before returns the index, in the writer's order, of a use made
	// just before instruction idx is.
	before := func(idx int) int {
		c := 0
		for _, x := range at {
			if x >= idx {
				c++
			}
		}
		return c
	}
	made, numbered = baNone, baNone
	switch first := u.first[k]; {
	case first == nil:
	case u.pos[first] < u.pos[f]:
		made, numbered = n, n
	case first == f:
		made, numbered = n, n
		if self := u.self[k]; !self.md && self.op >= 0 {
			made, numbered = before(self.op), before(self.op)
		}
	default:
		made, numbered = baLate, 0
	}
	modMade, modNumbered := w.moduleMade(k)
	if modMade {
		made = n
	}
	if modNumbered {
		numbered = n
	}
	return made, numbered
}

// blockUseOrder returns the use-list order LLVM's writer writes for a
// block with n uses in its function's body, whose blockaddress's use the
// reader puts at made and the writer expects at numbered (as
// takenBlockOrder tells), when the input gave the block order shuffle:
// nil when the writer expects the order the reader made.
//
// The body's uses are taken to be read in the order the writer expects
// them, as for any other value.
func blockUseOrder(n, made, numbered int, shuffle []uint64) []uint64 {
	const ba = -1
	// with returns the body's uses 0..n-1 with the blockaddress's at p.
	with := func(p int) []int {
		l := make([]int, 0, n+1)
		for j := range n {
			if j == p {
				l = append(l, ba)
			}
			l = append(l, j)
		}
		if p == n {
			l = append(l, ba)
		}
		return l
	}
	// The uses as the reader has them when it reads the USELIST block,
	// then as it leaves them.
	read := with(made)
	mem := read
	if len(shuffle) == len(read) && isPerm(shuffle) {
		mem = make([]int, len(read))
		for j, p := range shuffle {
			mem[p] = read[j]
		}
	}
	if made == baLate {
		mem = append([]int{ba}, mem...)
	}
	// The writer lists the uses it numbers, in memory order, and sorts
	// them as it expects them.
	pos := make(map[int]int, len(mem))
	for _, x := range mem {
		if x != ba || numbered != baNone {
			pos[x] = len(pos)
		}
	}
	expect := with(numbered)
	out := make([]uint64, len(expect))
	moved := false
	for j, x := range expect {
		out[j] = uint64(pos[x])
		moved = moved || pos[x] != j
	}
	if !moved {
		return nil
	}
	return out
}

// isPerm reports whether s is a permutation of 0..len(s)-1.
func isPerm(s []uint64) bool {
	seen := make([]bool, len(s))
	for _, p := range s {
		if p >= uint64(len(s)) || seen[p] {
			return false
		}
		seen[p] = true
	}
	return true
}

// bodyUses returns, for each use of block b in the operands of f's
// instructions, the index of its instruction (counting from 0), in
// instruction and operand order (a phi's incoming blocks are none).
func bodyUses(f *ir.Function, b *ir.Block) []int {
	var opBuf []ir.Value
	var at []int
	idx := 0
	for _, x := range f.Blocks {
		for _, in := range x.Instrs {
			for _, v := range operands(&opBuf, in) {
				if blk, ok := v.(*ir.Block); ok && blk == b {
					at = append(at, idx)
				}
			}
			idx++
		}
	}
	return at
}
