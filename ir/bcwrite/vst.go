package bcwrite

import (
	"slices"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/xxh3"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// A nameTable lays out names as LLVM's StringMap does (StringMap.cpp:
// LookupBucketFor, RemoveKey, RehashTable): 16 buckets at the first
// insertion, a name's bucket the low bits of its XXH3-64 hash (32 bits
// kept), taken buckets probed quadratically (+1, +2, ...); a removed name
// leaves a tombstone, which the first name inserted whose probe passes it
// takes; the table doubled once more than three quarters full, or
// rebuilt at its size once fewer than an eighth of its buckets are empty,
// its entries moved in bucket order and its tombstones dropped. A
// function's value symbol table is such a map, and LLVM's writer lists
// the names in bucket order.
type nameTable struct {
	slots  []int32 // the entry in a bucket: emptySlot, tombSlot or an index of names
	hashes []uint32
	names  []string
	items  int
	tombs  int
}

// The slots of a nameTable that hold no entry.
const (
	emptySlot = -1
	tombSlot  = -2
)

// insert adds name unless it is in the table.
func (t *nameTable) insert(name string) {
	if t.slots == nil {
		t.rebuild(16)
	}
	h := uint32(xxh3.String(name))
	mask := uint32(len(t.slots) - 1)
	b, tomb := h&mask, -1
	for probe := uint32(1); ; probe++ {
		e := t.slots[b]
		if e == emptySlot {
			break
		}
		if e == tombSlot {
			if tomb < 0 {
				tomb = int(b)
			}
		} else if t.hashes[b] == h && t.names[e] == name {
			return
		}
		b = (b + probe) & mask
	}
	if tomb >= 0 {
		b = uint32(tomb)
		t.tombs--
	}
	t.slots[b], t.hashes[b] = int32(len(t.names)), h
	t.names = append(t.names, name)
	t.items++
	if n := len(t.slots); t.items*4 > n*3 {
		t.rebuild(n * 2)
	} else if n-(t.items+t.tombs) <= n/8 {
		t.rebuild(n)
	}
}

// find returns the bucket of name, -1 when it is not in the table.
func (t *nameTable) find(name string) int {
	if t.slots == nil {
		return -1
	}
	h := uint32(xxh3.String(name))
	mask := uint32(len(t.slots) - 1)
	b := h & mask
	for probe := uint32(1); ; probe++ {
		e := t.slots[b]
		if e == emptySlot {
			return -1
		}
		if e != tombSlot && t.hashes[b] == h && t.names[e] == name {
			return int(b)
		}
		b = (b + probe) & mask
	}
}

// remove takes name out of the table, leaving a tombstone.
func (t *nameTable) remove(name string) {
	if b := t.find(name); b >= 0 {
		t.slots[b] = tombSlot
		t.items--
		t.tombs++
	}
}

// rebuild makes a table of n buckets and moves the entries into it in
// bucket order.
func (t *nameTable) rebuild(n int) {
	oldSlots, oldHashes := t.slots, t.hashes
	t.slots, t.hashes = make([]int32, n), make([]uint32, n)
	for i := range t.slots {
		t.slots[i] = emptySlot
	}
	mask := uint32(n - 1)
	for i, e := range oldSlots {
		if e < 0 {
			continue
		}
		h := oldHashes[i]
		b := h & mask
		for probe := uint32(1); t.slots[b] != emptySlot; probe++ {
			b = (b + probe) & mask
		}
		t.slots[b], t.hashes[b] = e, h
	}
	t.tombs = 0
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

// namedValues returns f's named values in the order LLVM's writer lists
// them, the layout of the function's symbol table: the names as
// f.Names took and let go of them, then those of the body's values not
// in the table, in the order of the body (arguments, then each block and
// its instructions), as a reader or an assembler names them. Without
// f.Names, the body's names go in after "phi.constexpr" when the body has
// a phi: LLVM's reader, at the first phi of a body, adds a block of that
// name to hold the instructions of constant expressions it may have to
// expand, and erases it, unused, once the body is read. byName is a map
// to use, empty.
func namedValues(f *ir.Function, byName map[string]ir.Value) []ir.Value {
	var body []ir.Value
	add := func(v ir.Value) {
		if n := nameOf(v); n != "" {
			body = append(body, v)
			if _, dup := byName[n]; !dup {
				byName[n] = v
			}
		}
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
	if len(body) == 0 {
		return nil
	}
	var t nameTable
	if f.Names != nil {
		for _, e := range f.Names {
			if e.Gone {
				t.remove(e.Name)
			} else {
				t.insert(e.Name)
			}
		}
	} else if hasPhi(f) {
		t.insert("phi.constexpr")
	}
	for _, v := range body {
		t.insert(nameOf(v))
	}
	out := make([]ir.Value, 0, len(body))
	for _, e := range t.slots {
		if e < 0 {
			continue
		}
		// A name taken that no value has any more is no entry to write.
		if v, ok := byName[t.names[e]]; ok {
			out = append(out, v)
			delete(byName, t.names[e])
		}
	}
	if len(out) < len(body) {
		// Two values of one name (not valid IR): the other is kept too.
		for _, v := range body {
			if byName[nameOf(v)] != v && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	clear(byName)
	return out
}

// functionVST writes the function's VALUE_SYMTAB block
// (writeFunctionLevelValueSymbolTable): its names in the layout of
// LLVM's symbol table, a block by its number, a value by its own.
func (w *writer) functionVST(f *ir.Function, s *funcState) {
	if w.byName == nil {
		w.byName = map[string]ir.Value{}
	}
	named := namedValues(f, w.byName)
	if len(named) == 0 {
		return
	}
	b := w.bs
	b.EnterBlock(uint32(llvmir.VALUE_SYMTAB_BLOCK_ID), 4)
	for _, v := range named {
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
