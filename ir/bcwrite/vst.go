package bcwrite

import (
	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/xxh3"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// A nameTable lays out names as LLVM's StringMap does (StringMap.cpp:
// LookupBucketFor, RehashTable): 16 buckets at the first insertion, a
// name's bucket the low bits of its XXH3-64 hash (32 bits kept), taken
// buckets probed quadratically (+1, +2, ...), the table doubled, its
// entries moved in bucket order, once more than three quarters full. A
// function's value symbol table is such a map, and LLVM's writer lists
// the names in bucket order.
type nameTable struct {
	slots  []int // index of the name in a bucket, -1 for none
	hashes []uint32
	items  int
}

func (t *nameTable) insert(name string, idx int) {
	if t.slots == nil {
		t.grow(16)
	}
	h := uint32(xxh3.String(name))
	t.place(h, idx)
	t.items++
	if t.items*4 > len(t.slots)*3 {
		t.grow(len(t.slots) * 2)
	} else if len(t.slots)-t.items <= len(t.slots)/8 {
		t.grow(len(t.slots))
	}
}

// place puts entry idx of hash h in its bucket or the first free one
// probed after it.
func (t *nameTable) place(h uint32, idx int) {
	mask := uint32(len(t.slots) - 1)
	b := h & mask
	for probe := uint32(1); t.slots[b] >= 0; probe++ {
		b = (b + probe) & mask
	}
	t.slots[b], t.hashes[b] = idx, h
}

// grow makes a table of n buckets and moves the entries into it in
// bucket order.
func (t *nameTable) grow(n int) {
	oldSlots, oldHashes := t.slots, t.hashes
	t.slots, t.hashes = make([]int, n), make([]uint32, n)
	for i := range t.slots {
		t.slots[i] = -1
	}
	for i, idx := range oldSlots {
		if idx >= 0 {
			t.place(oldHashes[i], idx)
		}
	}
}

// order returns the entries in bucket order.
func (t *nameTable) order() []int {
	out := make([]int, 0, t.items)
	for _, idx := range t.slots {
		if idx >= 0 {
			out = append(out, idx)
		}
	}
	return out
}

// nameOf returns the name of a function-local value, "" for none.
func nameOf(v ir.Value) string {
	switch v := v.(type) {
	case *ir.Argument:
		return v.Name
	case *ir.Block:
		return v.Name
	case *ir.Instruction:
		return v.Name
	}
	return ""
}

// namedValues returns f's named values in the order LLVM's symbol table
// met them: those of f.NameOrder (the order a bitcode file named them),
// then the others in the order of the body (arguments, then each block
// and its instructions), as a reader or an assembler names them.
func namedValues(f *ir.Function) []ir.Value {
	var out []ir.Value
	seen := map[ir.Value]bool{}
	add := func(v ir.Value) {
		if nameOf(v) != "" && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, v := range f.NameOrder {
		add(v)
	}
	for _, p := range f.Params {
		add(p)
	}
	for _, b := range f.Blocks {
		add(b)
		for _, in := range b.Instrs {
			add(in)
		}
	}
	return out
}

// functionVST writes the function's VALUE_SYMTAB block
// (writeFunctionLevelValueSymbolTable): its names in the layout of
// LLVM's symbol table, a block by its number, a value by its own.
func (w *writer) functionVST(f *ir.Function, s *funcState) {
	named := namedValues(f)
	if len(named) == 0 {
		return
	}
	var t nameTable
	if hasPhi(f) {
		// LLVM's reader, at the first phi of a body, adds a block named
		// "phi.constexpr" to hold the instructions of constant
		// expressions it may have to expand, and erases it, unused, only
		// once the whole body, its symbol table included, is read: the
		// names are laid out around it.
		t.insert("phi.constexpr", len(named))
	}
	for i, v := range named {
		t.insert(nameOf(v), i)
	}
	b := w.bs
	b.EnterBlock(uint32(llvmir.VALUE_SYMTAB_BLOCK_ID), 4)
	for _, i := range t.order() {
		if i == len(named) {
			continue
		}
		v := named[i]
		name := nameOf(v)
		ops := w.stringOps(name)
		enc := stringEncoding(name)
		if blk, ok := v.(*ir.Block); ok {
			ops = append([]uint64{s.blocks[blk]}, ops...)
			if enc == 6 {
				b.WriteAbbrevRecord(vstBBEntry6Abbrev, uint32(llvmir.VST_CODE_BBENTRY), ops, nil)
			} else {
				b.WriteAbbrevRecord(vstEntry8Abbrev, uint32(llvmir.VST_CODE_BBENTRY), ops, nil)
			}
			continue
		}
		ops = append([]uint64{uint64(w.e.valueID(v))}, ops...)
		switch enc {
		case 6:
			b.WriteAbbrevRecord(vstEntry6Abbrev, uint32(llvmir.VST_CODE_ENTRY), ops, nil)
		case 7:
			b.WriteAbbrevRecord(vstEntry7Abbrev, uint32(llvmir.VST_CODE_ENTRY), ops, nil)
		default:
			b.WriteAbbrevRecord(vstEntry8Abbrev, uint32(llvmir.VST_CODE_ENTRY), ops, nil)
		}
	}
	b.ExitBlock()
}

// The abbreviation IDs writeBlockInfo gives the value symbol table.
const (
	vstEntry8Abbrev = 4 + iota
	vstEntry7Abbrev
	vstEntry6Abbrev
	vstBBEntry6Abbrev
)

// stringEncoding is getStringEncoding: 6 when every byte is a Char6
// character, 7 when every one is below 128, else 8.
func stringEncoding(s string) int {
	if bitstream.IsChar6(s) {
		return 6
	}
	if isASCII(s) {
		return 7
	}
	return 8
}

// hasPhi reports whether f's body has a phi with an incoming value.
func hasPhi(f *ir.Function) bool {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == ir.PHI && len(in.Operands) > 0 {
				return true
			}
		}
	}
	return false
}
