package bitcode

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// maxMask is the longest shufflevector mask we decode.
const maxMask = 1 << 16

// funcState is the state of one LoadBody (Reader.fs, reset for the next).
type funcState struct {
	f    *ir.Function
	nmod int // module-level values
	nmd  int // module-level metadata
	// modID is the last node ID given before the body was read: nodes
	// with a higher one are the body's own.
	modID uint32
	// blocks are the body's blocks. Until finishBody, a block's Preds
	// are its uses, in the order they were made: the blocks of the
	// terminators that use it, nil for a use by a block address.
	blocks   []*ir.Block
	cur      int
	insts    []*ir.Instruction // every instruction, for attachments
	fwd      map[uint64]*ir.Instruction
	bundles  []ir.OperandBundle
	lastLoc  ir.Metadata
	uselists [][]uint64
	// orders are the USELIST records in their order, for
	// Function.UseListOrders.
	orders []useListRec
	// nameLog is Function.Names: what claim and free did, in order.
	nameLog []ir.NameEvent
	next    uint64 // the next value number

	// names are the names the body's values have so far, as LLVM's
	// ValueSymbolTable of the function holds them (see claim), and
	// lastUnique the number it appended last to make a name unique.
	names      map[string]struct{}
	lastUnique int
	// phiTemp is the name of the block LLVM's reader keeps at hand for
	// the instructions of a phi's incoming value while no edge block
	// holds them (a name it takes, "" when it has none); edges are the
	// edge blocks made so far, in the order made (see phiValue).
	phiTemp string
	edges   []phiEdge
	// memo holds needsExpand's answers for the body.
	memo map[ir.Value]bool
	// blockAddr says a block of the body has a use by a block address;
	// addrTaken lists the blocks that have one.
	blockAddr bool
	addrTaken map[int]bool
}

// A phiEdge is a block LLVM's reader puts on the edge from one block to
// another for the instructions of a phi's incoming value.
type phiEdge struct {
	from, to, bb *ir.Block
}

// maxNames is the number of names above which reset drops the names map
// rather than clearing it (clearing costs its capacity, not its length).
const maxNames = 4096

// reset empties fs for the next body, keeping its arrays and maps.
func (fs *funcState) reset() {
	clear(fs.insts)
	clear(fs.uselists)
	clear(fs.fwd)
	names := fs.names
	if len(names) > maxNames {
		names = nil
	}
	clear(names)
	clear(fs.edges)
	*fs = funcState{insts: fs.insts[:0], uselists: fs.uselists[:0], fwd: fs.fwd, names: names, edges: fs.edges[:0]}
}

// maxLocalName is the longest name LLVM gives a value of a function
// (the -non-global-value-max-name-size default): a longer one is cut.
const maxLocalName = 1024

// claim returns the name a value of the body named name gets in the
// function's symbol table, as LLVM's ValueSymbolTable gives it, and takes
// it: name cut to maxLocalName bytes, or, when that is in use, it followed
// by the next number of the table (1, 2, ...) that makes a name not in use.
func (fs *funcState) claim(name string) string {
	if name == "" {
		return ""
	}
	if len(name) > maxLocalName {
		name = name[:maxLocalName]
	}
	if fs.names == nil {
		fs.names = make(map[string]struct{})
	}
	if _, used := fs.names[name]; !used {
		return fs.take(name)
	}
	base := name
	for {
		fs.lastUnique++
		suffix := strconv.Itoa(fs.lastUnique)
		if len(base)+len(suffix) > maxLocalName {
			base = base[:maxLocalName-len(suffix)]
			continue
		}
		name = base + suffix
		if _, used := fs.names[name]; !used {
			return fs.take(name)
		}
	}
}

// take adds name, not in use, to the names and their log.
func (fs *funcState) take(name string) string {
	fs.names[name] = struct{}{}
	fs.nameLog = append(fs.nameLog, ir.NameEvent{Name: name})
	return name
}

// free lets go of name, as LLVM's symbol table does when the value named
// so is erased or renamed; nothing for a name not in use.
func (fs *funcState) free(name string) {
	if _, used := fs.names[name]; !used {
		return
	}
	delete(fs.names, name)
	fs.nameLog = append(fs.nameLog, ir.NameEvent{Name: name, Gone: true})
}

// rename gives a value named old the name name (see claim), freeing old.
func (fs *funcState) rename(old, name string) string {
	if old != "" {
		fs.free(old)
	}
	return fs.claim(name)
}

// noteBlockAddress records a use of block bb of f by a blockaddress
// constant: a use that is not a predecessor but counts in use-list order.
// A use made while reading a body that LLVM's reader reads after f's
// (readBefore) comes once f's use lists are sorted, and changes nothing.
func (r *Reader) noteBlockAddress(f *ir.Function, bb int) {
	if r.addrTaken == nil {
		r.addrTaken = map[*ir.Function]bool{}
	}
	r.addrTaken[f] = true
	if fs := r.fn; fs != nil {
		if fs.f == f {
			// LLVM makes one blockaddress constant per block: a second
			// one (another function's, already read) is the same.
			if bb < len(fs.blocks) && !fs.addrTaken[bb] {
				fs.blocks[bb].Preds = append(fs.blocks[bb].Preds, nil)
				if fs.addrTaken == nil {
					fs.addrTaken = map[int]bool{}
				}
				fs.addrTaken[bb] = true
				fs.blockAddr = true
			}
			return
		}
		if r.readBefore(f, fs.f) {
			return
		}
	}
	if r.blockAddrUses == nil {
		r.blockAddrUses = map[*ir.Function]map[int]bool{}
	}
	m := r.blockAddrUses[f]
	if m == nil {
		m = map[int]bool{}
		r.blockAddrUses[f] = m
		r.fwdQueue = append(r.fwdQueue, f)
	}
	m[bb] = true
}

// readBefore reports whether LLVM's reader (llvm-dis's order, see
// forwardRefBodies) reads f's body before g's. Before forwardRefBodies is
// done, a function it has not read is read after all it has.
func (r *Reader) readBefore(f, g *ir.Function) bool {
	if r.readOrder == nil {
		r.ordered()
	}
	i, ok := r.readOrder[f]
	if !ok {
		return false
	}
	j, ok := r.readOrder[g]
	return !ok || i < j
}

// forwardRefBodies reads first, as LLVM's reader does before llvm-dis
// reads all the rest in module order (getLazyModule's
// materializeForwardReferencedFunctions), the bodies whose blocks block
// addresses take while the module is read: the functions of the module's
// constants' block addresses, then those of the block addresses in the
// bodies so read, in the order first taken, then the functions that the
// BLOCKADDR_USERS records of those bodies list. The others follow in
// module order. That order says which uses by block addresses a block has
// when its use list is sorted; the bodies read here keep their
// predecessor lists (keepPreds).
func (r *Reader) forwardRefBodies() error {
	if len(r.fwdQueue) == 0 {
		return nil // module order, made when needed (readBefore)
	}
	r.readOrder = make(map[*ir.Function]int, len(r.withBodies))
	read := func(f *ir.Function) error {
		if _, done := r.readOrder[f]; done {
			return nil
		}
		if !f.HasBody {
			return r.errorf("never resolved function from blockaddress: @%s", f.Name)
		}
		r.readOrder[f] = len(r.readOrder)
		if err := r.LoadBody(f); err != nil {
			return err
		}
		f.Params, f.Blocks = nil, nil
		return nil
	}
	r.backRefs = []*ir.Function{}
	for i := 0; i < len(r.fwdQueue); i++ {
		if err := read(r.fwdQueue[i]); err != nil {
			return err
		}
	}
	users := r.backRefs
	r.backRefs = nil
	for _, f := range users {
		if err := read(f); err != nil {
			return err
		}
	}
	r.fwdQueue = nil
	r.ordered()
	return nil
}

// ordered gives the bodies readOrder does not hold yet their places, in
// module order after those it holds.
func (r *Reader) ordered() {
	if r.readOrder == nil {
		r.readOrder = make(map[*ir.Function]int, len(r.withBodies))
	}
	for _, f := range r.withBodies {
		if _, done := r.readOrder[f]; !done {
			r.readOrder[f] = len(r.readOrder)
		}
	}
}

// keepPreds makes the predecessor lists of a body whose blocks have uses
// by block addresses the same at every load as at its first: the uses a
// blockaddress constant of the module makes when first built are made
// once, at the body's first load, and would be missing from the use lists
// of the loads after it.
func (r *Reader) keepPreds(fs *funcState) {
	f := fs.f
	saved, ok := r.predsOrder[f]
	if !ok {
		if !fs.blockAddr || len(r.missingUsers) > 0 {
			return
		}
		index := make(map[*ir.Block]int32, len(f.Blocks))
		for i, b := range f.Blocks {
			index[b] = int32(i)
		}
		saved = make([][]int32, len(f.Blocks))
		for i, b := range f.Blocks {
			for _, p := range b.Preds {
				saved[i] = append(saved[i], index[p])
			}
		}
		if r.predsOrder == nil {
			r.predsOrder = map[*ir.Function][][]int32{}
		}
		r.predsOrder[f] = saved
		return
	}
	if len(saved) != len(f.Blocks) {
		return
	}
	for i, b := range f.Blocks {
		if len(saved[i]) != len(b.Preds) {
			continue
		}
		for j, p := range saved[i] {
			if int(p) < len(f.Blocks) {
				b.Preds[j] = f.Blocks[p]
			}
		}
	}
}

// LoadBody decodes the body of f (f.HasBody) into f.Params and f.Blocks.
// It implements ir.BodyLoader. Bodies may be loaded in any order and more
// than once; Module must have been called.
//
// The first time it loads a body whose blocks the instructions of bodies
// before it (in the order LLVM's reader reads them) take the address of,
// it loads those bodies first, if they were never loaded, and leaves them
// unloaded (Params and Blocks nil): the predecessor lists of f depend on
// them (see noteBlockAddress).
//
// With Options.Reread, once a body shows part of the module invalid that
// LLVM drops from the whole module (see Strip), this load and every one
// after it return a *RereadError (the body loaded as read).
func (r *Reader) LoadBody(f *ir.Function) error {
	if err := r.bodyErr[f]; err != nil {
		return err
	}
	r.missingUsers = nil
	if err := r.loadBody(f); err != nil {
		return err
	}
	missing := r.missingUsers
	if len(missing) == 0 {
		if r.reread != nil {
			return r.reread
		}
		return nil
	}
	r.missingUsers = nil
	for _, h := range missing {
		if r.loaded[h] {
			continue
		}
		if err := r.LoadBody(h); err != nil {
			continue // reported when it is loaded for good
		}
		h.Params, h.Blocks = nil, nil
	}
	if err := r.loadBody(f); err != nil {
		return err
	}
	if r.reread != nil {
		return r.reread
	}
	return nil
}

func (r *Reader) loadBody(f *ir.Function) (err error) {
	if r.m == nil {
		return &Error{Bit: r.base + r.modBit, Msg: "LoadBody called before Module"}
	}
	if r.modErr != nil {
		return r.modErr
	}
	bit, ok := r.bodyBit[f]
	if !ok {
		if !f.HasBody {
			return nil
		}
		return &Error{Bit: r.base + r.modBit, Msg: "function @" + f.Name + " has no body in the module"}
	}
	if r.reuse && r.last != nil {
		r.release(r.last, r.lastBlocks)
	}
	saved := r.br
	r.br = bitstream.NewReader(r.stream)
	r.br.SetStrictLengths(true)
	r.br.SetBlockInfo(r.bi)
	nmod, nmd := len(r.values), len(r.md.items)
	fs := &r.fs
	fs.f, fs.nmod, fs.nmd, fs.modID = f, nmod, nmd, r.lastID
	if fs.fwd == nil {
		fs.fwd = map[uint64]*ir.Instruction{}
	}
	r.fn = fs
	r.startOwning()
	defer func() {
		r.endOwning(f, err == nil)
		fs.reset()
		// Cleared, not only cut: the backing arrays would keep the body
		// alive.
		clear(r.values[nmod:])
		clear(r.pend[nmod:])
		r.values = r.values[:nmod]
		r.pend = r.pend[:nmod]
		if t := r.tids; t != nil {
			t.vals = t.vals[:nmod]
			clear(t.fwd)
		}
		for i := nmd; i < len(r.md.items); i++ {
			r.md.items[i] = nil
		}
		r.md.items = r.md.items[:nmd]
		clear(r.md.pending)
		r.md.pending = r.md.pending[:0]
		r.md.fixes.reset()
		r.md.fnLocs.reset()
		r.fn = nil
		r.br = saved
		if err != nil {
			err = r.wrapErr(err)
			f.Params, f.Blocks = nil, nil
		}
		if r.reuse {
			r.last, r.lastBlocks = f, f.Blocks
		}
	}()
	if err := r.br.JumpToBit(bit); err != nil {
		return err
	}
	r.recBit = bit
	if _, err := r.br.EnterBlock(uint32(llvmir.FUNCTION_BLOCK_ID)); err != nil {
		return err
	}
	// A module-level forward reference never resolves in a function.
	r.md.fixes.reset()
	if r.fnMD == nil {
		r.fnMD = map[*ir.Function]int{}
	}
	if r.bodyPers[f] {
		f.Personality = nil
	}
	if n, ok := r.fnMD[f]; ok && n <= len(f.Metadata) {
		f.Metadata = f.Metadata[:n]
	} else {
		r.fnMD[f] = len(f.Metadata)
	}
	f.Params = make([]*ir.Argument, len(f.Sig.Params))
	var paramIDs []uint32
	if r.tids != nil {
		if ids := r.tids.containedIDs(r.tids.fnType[f]); len(ids) > 0 {
			paramIDs = ids[1:]
		}
	}
	for i, t := range f.Sig.Params {
		a := &ir.Argument{Typ: t}
		f.Params[i] = a
		r.pushValue(a)
		if i < len(paramIDs) {
			r.setValueTypeID(paramIDs[i])
		}
	}
	f.Blocks = nil
	fs.next = uint64(len(r.values))
	if err := r.functionBody(fs); err != nil {
		return err
	}
	r.upgradeBody(f)
	f.Names = fs.nameLog
	dropBadBranchWeights(f)
	if sp := r.fnSubprograms[f]; sp != nil {
		r.attachSubprogram(f, sp)
	}
	r.checkBodyDebugInfo(f)
	if r.stripDebug {
		r.stripBody(f)
	}
	if r.loaded == nil {
		r.loaded = map[*ir.Function]bool{}
	}
	r.loaded[f] = true
	return nil
}

func (r *Reader) functionBody(fs *funcState) error {
	for {
		e, err := r.next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case bitstream.EntryDefineAbbrev:
			continue
		case bitstream.EntryEndBlock:
			return r.finishBody(fs)
		case bitstream.EntrySubBlock:
			switch llvmir.BlockID(e.ID) {
			case llvmir.CONSTANTS_BLOCK_ID:
				err = r.readConstants()
				fs.next = uint64(len(r.values))
			case llvmir.VALUE_SYMTAB_BLOCK_ID:
				err = r.readFuncVST(fs)
			case llvmir.METADATA_ATTACHMENT_ID:
				err = r.readAttachments(fs)
			case llvmir.METADATA_BLOCK_ID:
				err = r.readMetadata(true)
			case llvmir.USELIST_BLOCK_ID:
				err = r.simpleBlock(e.ID, func(rec *bitstream.Record) error {
					switch llvmir.UseListCode(rec.Code) {
					case llvmir.USELIST_CODE_BB:
						if len(rec.Ops) < 3 {
							return r.errorf("invalid uselist record")
						}
						fs.uselists = append(fs.uselists, append([]uint64(nil), rec.Ops...))
						fs.orders = append(fs.orders, useListRec{bb: true, ops: fs.uselists[len(fs.uselists)-1]})
					case llvmir.USELIST_CODE_DEFAULT:
						// Values' use lists print nothing; they are
						// kept for a writer.
						if len(rec.Ops) < 3 {
							return r.errorf("invalid uselist record")
						}
						fs.orders = append(fs.orders, useListRec{ops: slices.Clone(rec.Ops)})
					default:
						r.skip("skipped unknown USELIST record %d", rec.Code)
					}
					return nil
				})
			default:
				r.skip("skipped unknown block %d in FUNCTION_BLOCK", e.ID)
				err = r.br.SkipBlock()
			}
			if err != nil {
				return err
			}
			continue
		}
		rec, err := r.readRecord(e.ID)
		if err != nil {
			return err
		}
		if err := r.instRecord(fs, &rec); err != nil {
			return err
		}
	}
}

// A useListRec is a USELIST record of a body: [shuffle..., id], id a
// block's (bb) or a value's.
type useListRec struct {
	bb  bool
	ops []uint64
}

func (r *Reader) finishBody(fs *funcState) error {
	if len(fs.bundles) > 0 {
		return r.errorf("operand bundles found with no consumer")
	}
	if len(fs.fwd) > 0 {
		return r.errorf("never resolved value found in function")
	}
	if id, ok := r.md.unresolved(); ok {
		return r.errorf("invalid function metadata: forward reference to metadata ID %d never resolved", id)
	}
	if len(fs.blocks) == 0 {
		return r.errorf("function body without blocks")
	}
	for _, b := range fs.blocks {
		if len(b.Instrs) == 0 || !b.Instrs[len(b.Instrs)-1].Op.IsTerminator() {
			return r.errorf("malformed block: no terminator")
		}
	}
	// Use lists: newest use first, then the USELIST_CODE_BB permutations.
	for _, b := range fs.blocks {
		slices.Reverse(b.Preds)
	}
	for _, rec := range fs.uselists {
		id := rec[len(rec)-1]
		idx := rec[:len(rec)-1]
		if id >= uint64(len(fs.blocks)) {
			return r.errorf("invalid uselist block ID")
		}
		l := fs.blocks[id].Preds
		if len(l) != len(idx) {
			continue // as LLVM: a mismatch leaves the order alone
		}
		perm := make([]int, len(l))
		for i := range perm {
			perm[i] = i
		}
		slices.SortStableFunc(perm, func(a, b int) int { return cmp.Compare(idx[a], idx[b]) })
		old := slices.Clone(l)
		for i, p := range perm {
			l[i] = old[p]
		}
	}
	// A use by a block address counts in the order but is no predecessor.
	for _, b := range fs.blocks {
		b.Preds = slices.DeleteFunc(b.Preds, func(u *ir.Block) bool { return u == nil })
	}
	if fs.phiTemp != "" {
		// The block LLVM's reader kept at hand for a phi's constant
		// expressions, unused, is erased once the body is read.
		fs.free(fs.phiTemp)
		fs.phiTemp = ""
	}
	fs.f.UseListOrders = nil
	for _, o := range fs.orders {
		id := o.ops[len(o.ops)-1]
		var v ir.Value
		switch {
		case o.bb:
			v = fs.blocks[id] // checked above
		case id < uint64(len(r.values)) && r.values[id] != nil:
			v = r.values[id]
		default:
			r.skip("skipped a use-list order of value %d, which the function does not have", id)
			continue
		}
		if !r.keepsUseList(v) {
			continue
		}
		fs.f.UseListOrders = append(fs.f.UseListOrders, ir.UseListOrder{Value: v, Shuffle: o.ops[:len(o.ops)-1]})
	}
	fs.f.Blocks = fs.blocks
	if len(fs.edges) > 0 {
		fs.f.Blocks = r.finishEdges(fs)
	}
	r.keepPreds(fs)
	r.checkBodyUnits(fs.f)
	return nil
}

func (r *Reader) readFuncVST(fs *funcState) error {
	return r.simpleBlock(uint32(llvmir.VALUE_SYMTAB_BLOCK_ID), func(rec *bitstream.Record) error {
		switch llvmir.ValueSymtabCode(rec.Code) {
		case llvmir.VST_CODE_ENTRY:
			if len(rec.Ops) < 1 {
				return r.errorf("invalid VST entry record")
			}
			id := rec.Ops[0]
			if id >= uint64(len(r.values)) || r.values[id] == nil {
				return r.errorf("invalid value ID in symbol table")
			}
			name := opsString(rec.Ops[1:])
			switch v := r.values[id].(type) {
			case *ir.Argument:
				v.Name = fs.rename(v.Name, name)
			case *ir.Instruction:
				v.Name = fs.rename(v.Name, name)
			case *ir.Function, *ir.GlobalVar, *ir.Alias, *ir.IFunc:
				// LLVM's reader renames the global value (a module
				// no producer writes); constants take no name.
				r.skip("a value symbol table of @%s names a global value %q: llvm-dis-22 renames it; not done", fs.f.Name, name)
			}
		case llvmir.VST_CODE_BBENTRY:
			if len(rec.Ops) < 1 || rec.Ops[0] >= uint64(len(fs.blocks)) {
				return r.errorf("invalid bbentry record")
			}
			b := fs.blocks[rec.Ops[0]]
			b.Name = fs.rename(b.Name, opsString(rec.Ops[1:]))
		}
		return nil
	})
}

func (r *Reader) readAttachments(fs *funcState) error {
	return r.simpleBlock(uint32(llvmir.METADATA_ATTACHMENT_ID), func(rec *bitstream.Record) error {
		if rec.Code != uint32(llvmir.METADATA_ATTACHMENT) {
			r.skip("skipped unknown METADATA_ATTACHMENT record %d", rec.Code)
			return nil
		}
		ops := rec.Ops
		if len(ops) == 0 {
			return r.errorf("invalid metadata attachment record")
		}
		if len(ops)%2 == 0 {
			atts, err := r.attachments(ops)
			if err != nil {
				return err
			}
			fs.f.Metadata = append(fs.f.Metadata, atts...)
			r.sortAttachments(fs.f.Metadata)
			r.checkSubprogramUnit(atts)
			return nil
		}
		if ops[0] >= uint64(len(fs.insts)) {
			return r.errorf("invalid instruction ID in metadata attachment")
		}
		in := fs.insts[ops[0]]
		for i := 1; i+1 < len(ops); i += 2 {
			name, ok := r.kinds[ops[i]]
			if !ok {
				return r.errorf("invalid metadata kind ID %d", ops[i])
			}
			m, err := r.mdAt(ops[i+1])
			if err != nil {
				return err
			}
			if v, ok := m.(*ir.ValueAsMetadata); ok {
				if _, isConst := v.Value.(ir.Constant); !isConst {
					break // a local value: LLVM drops the rest
				}
			}
			n, ok := m.(ir.MDNode)
			if !ok {
				return r.errorf("invalid metadata attachment: expect a node")
			}
			if name == "dbg" {
				in.DebugLoc = n
				continue
			}
			if name == "tbaa" {
				if r.strip&StripTBAA != 0 {
					continue // a tag failed before (Reread)
				}
				n = r.checkTBAA(in, n)
			}
			if name == "llvm.loop" && r.oldLoopTags {
				n = r.upgradeLoopAttachment(n)
			}
			replaced := false
			for j := range in.Metadata {
				if in.Metadata[j].Kind == name {
					in.Metadata[j].Node = n
					replaced = true
				}
			}
			if !replaced {
				in.Metadata = append(in.Metadata, ir.Attachment{Kind: name, Node: n})
			}
		}
		r.sortAttachments(in.Metadata)
		return nil
	})
}

// valueOrFwd returns value id; an ID past the values read so far is a
// forward reference to an instruction of type t.
func (r *Reader) valueOrFwd(id uint64, t *ir.Type) (ir.Value, error) {
	if id < uint64(len(r.values)) {
		v, err := r.value(id)
		if err == nil && t != nil && v != nil && !equalTypes(v.Type(), t, 0) {
			// LLVM's getValueFwdRef: a value of another type than the
			// record says is an invalid record.
			return nil, r.errorf("invalid record: value %d is not of the type the record gives it", id)
		}
		return v, err
	}
	fs := r.fn
	if fs == nil || t == nil || id > 1<<32 {
		return nil, r.errorf("invalid value ID %d", id)
	}
	if ph := fs.fwd[id]; ph != nil {
		if !equalTypes(ph.Typ, t, 0) {
			return nil, r.errorf("invalid record: forward reference %d used with two types", id)
		}
		return ph, nil
	}
	if t.Kind == ir.VoidType || t.Kind == ir.LabelType || t.Kind == ir.MetadataType {
		return nil, r.errorf("invalid forward reference type")
	}
	ph := r.newInstruction()
	ph.Typ = t
	fs.fwd[id] = ph
	return ph, nil
}

// equalTypes reports whether a and b are one type of LLVM's: the same
// identified struct, pointers of one address space (typed pointers are
// all ptr once read), or types of the same structure.
func equalTypes(a, b *ir.Type, depth int) bool {
	switch {
	case a == b:
		return true
	case a == nil || b == nil || a.Kind != b.Kind || a.Identified || b.Identified || depth > 64:
		return false
	}
	switch a.Kind {
	case ir.PointerType:
		return a.AddrSpace == b.AddrSpace
	case ir.IntegerType:
		return a.BitWidth == b.BitWidth
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		return a.Len == b.Len && equalTypes(a.Elem, b.Elem, depth+1)
	case ir.StructType:
		if a.Packed != b.Packed || len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if !equalTypes(a.Fields[i], b.Fields[i], depth+1) {
				return false
			}
		}
		return true
	case ir.FunctionType:
		if a.VarArg != b.VarArg || len(a.Params) != len(b.Params) || !equalTypes(a.Ret, b.Ret, depth+1) {
			return false
		}
		for i := range a.Params {
			if !equalTypes(a.Params[i], b.Params[i], depth+1) {
				return false
			}
		}
		return true
	case ir.TargetExtType:
		return false // one of the table, met above if the same
	}
	return true // the types without parameters: void, float, label, ...
}

// fnValue is getFnValueByID: a metadata-typed operand is a metadata ID.
func (r *Reader) fnValue(id uint64, t *ir.Type) (ir.Value, error) {
	if t != nil && t.Kind == ir.MetadataType {
		m, err := r.mdAt(id)
		if err != nil {
			return nil, err
		}
		return &ir.MetadataValue{Typ: t, MD: m}, nil
	}
	return r.valueOrFwd(id, t)
}

func (r *Reader) relID(v uint64) uint64 {
	if r.relative {
		return uint64(uint32(r.fn.next - v))
	}
	return v
}

// pair reads a value-and-type operand (getValueTypePair).
func (r *Reader) pair(ops []uint64, i *int) (ir.Value, error) {
	if *i >= len(ops) {
		return nil, r.errorf("record too short")
	}
	id := r.relID(ops[*i])
	*i++
	if id < r.fn.next {
		return r.fnValue(id, nil)
	}
	if *i >= len(ops) {
		return nil, r.errorf("record too short")
	}
	t := r.typeByID(ops[*i])
	*i++
	if t == nil {
		return nil, r.errorf("invalid type ID")
	}
	return r.fnValue(id, t)
}

// edgeBlock returns the block made on the edge from block from to the
// current block, nil when there is none.
func (fs *funcState) edgeBlock(from *ir.Block) *ir.Block {
	to := fs.blocks[fs.cur]
	for _, e := range fs.edges {
		if e.from == from && e.to == to {
			return e.bb
		}
	}
	return nil
}

// phiValue returns what a phi of the current block takes for v coming
// from block from, whose edge has the block edge (nil when none yet). As
// LLVM's reader does, it holds a block at hand for the edge first (a name
// taken, see phiTemp), then puts the instructions of a constant expression
// LLVM 22 lacks in it, when v is one; a block that got instructions is
// the edge's from then on.
func (r *Reader) phiValue(fs *funcState, from, edge *ir.Block, v ir.Value) ir.Value {
	if edge == nil && fs.phiTemp == "" {
		fs.phiTemp = fs.claim("phi.constexpr")
	}
	if !r.oldConstExprs || !r.mustExpand(fs, &v) {
		return v
	}
	b := edge
	if b == nil {
		b = r.newBlock()
		b.Name, b.Added = fs.phiTemp, true
		fs.edges = append(fs.edges, phiEdge{from: from, to: fs.blocks[fs.cur], bb: b})
		fs.phiTemp = ""
	}
	r.expandInto(fs, b, &v)
	return v
}

// finishEdges puts the edge blocks of phiValue in place, as LLVM's reader
// does once the body is read: each in turn gets a branch to the phi's
// block, takes the place of that block among the successors of the
// incoming block's terminator and in the phis of the phi's block, and goes
// just before the phi's block. Their uses follow: the edge block is the
// phi's block's newest predecessor; the incoming block is no longer one of
// them but the edge block's.
func (r *Reader) finishEdges(fs *funcState) []*ir.Block {
	blocks := fs.blocks
	for _, e := range fs.edges {
		br := r.newInstruction()
		br.Op, br.Typ = ir.Br, r.shape(ir.Type{Kind: ir.VoidType})
		br.Succs = append(br.Succs[:0], e.to)
		e.bb.Instrs = append(e.bb.Instrs, br)
		preds := append(e.to.Preds[:0:0], e.bb)
		for _, p := range e.to.Preds {
			if p != e.from {
				preds = append(preds, p)
			}
		}
		e.to.Preds = preds
		if t := e.from.Instrs[len(e.from.Instrs)-1]; t.Op.IsTerminator() {
			for i, s := range t.Succs {
				if s == e.to {
					t.Succs[i] = e.bb
					e.bb.Preds = append(e.bb.Preds, e.from)
				}
			}
			if t.Unwind == e.to {
				t.Unwind = e.bb
				e.bb.Preds = append(e.bb.Preds, e.from)
			}
		}
		for _, in := range e.to.Instrs {
			if in.Op != ir.PHI {
				break
			}
			for i, b := range in.Incoming {
				if b == e.from {
					in.Incoming[i] = e.bb
				}
			}
		}
		at := slices.Index(blocks, e.to)
		blocks = slices.Insert(blocks, at, e.bb)
	}
	return blocks
}

// useBlocks records uses of blocks by the terminator being built, in the
// order LLVM's constructors set its operands.
func (fs *funcState) useBlocks(bs ...*ir.Block) {
	user := fs.blocks[fs.cur]
	for _, b := range bs {
		b.Preds = append(b.Preds, user)
	}
}

// A shapeKey identifies a type that is not identified by name: what
// findType needs to find a type of the table again.
type shapeKey struct {
	kind     ir.TypeKind
	bits, as uint32
	n        uint64
	elem     *ir.Type
	f0, f1   *ir.Type
	nf       int
	packed   bool
}

func keyOf(t *ir.Type) (shapeKey, bool) {
	if t.Identified || t.Kind == ir.FunctionType || t.Kind == ir.TargetExtType || len(t.Fields) > 2 {
		return shapeKey{}, false
	}
	k := shapeKey{kind: t.Kind, bits: t.BitWidth, as: t.AddrSpace, n: t.Len, elem: t.Elem, nf: len(t.Fields), packed: t.Packed}
	if len(t.Fields) > 0 {
		k.f0 = t.Fields[0]
	}
	if len(t.Fields) > 1 {
		k.f1 = t.Fields[1]
	}
	return k, true
}

// findType returns a type of the table equal to t, or t (remembered, so
// that the next such type is the same).
func (r *Reader) findType(t *ir.Type) *ir.Type {
	k, ok := keyOf(t)
	if !ok {
		return t
	}
	if r.shapes == nil {
		r.shapes = map[shapeKey]*ir.Type{}
		for _, u := range r.types {
			if u == nil {
				continue
			}
			if ku, ok := keyOf(u); ok {
				if _, dup := r.shapes[ku]; !dup {
					r.shapes[ku] = u
				}
			}
		}
	}
	if u := r.shapes[k]; u != nil {
		return u
	}
	r.shapes[k] = t
	return t
}

func (r *Reader) i1() *ir.Type { return r.shape(ir.Type{Kind: ir.IntegerType, BitWidth: 1}) }

func (r *Reader) tokenType() *ir.Type { return r.findType(&ir.Type{Kind: ir.TokenType}) }

// boolLike returns i1, or a vector of i1 shaped as t.
func (r *Reader) boolLike(t *ir.Type) *ir.Type {
	if t.IsVector() {
		return r.findType(&ir.Type{Kind: t.Kind, Len: t.Len, Elem: r.i1()})
	}
	return r.i1()
}

// lastInst is getLastInstruction.
func (fs *funcState) lastInst() *ir.Instruction {
	if fs.cur < len(fs.blocks) {
		if b := fs.blocks[fs.cur]; len(b.Instrs) > 0 {
			return b.Instrs[len(b.Instrs)-1]
		}
	}
	if fs.cur > 0 && fs.cur-1 < len(fs.blocks) {
		if b := fs.blocks[fs.cur-1]; len(b.Instrs) > 0 {
			return b.Instrs[len(b.Instrs)-1]
		}
	}
	return nil
}

func (r *Reader) instRecord(fs *funcState, rec *bitstream.Record) error {
	ops := rec.Ops
	code := llvmir.FunctionCode(rec.Code)
	switch code {
	case llvmir.FUNC_CODE_DECLAREBLOCKS:
		if len(ops) < 1 || ops[0] == 0 || ops[0] > uint64(len(r.stream)) || fs.blocks != nil {
			return r.errorf("invalid declareblocks record")
		}
		fs.blocks = make([]*ir.Block, ops[0])
		for j := range fs.blocks {
			fs.blocks[j] = r.newBlock()
		}
		fs.addrTaken = r.blockAddrUses[fs.f]
		for bb := range fs.addrTaken {
			if bb < len(fs.blocks) {
				fs.blocks[bb].Preds = append(fs.blocks[bb].Preds, nil)
				fs.blockAddr = true
			}
		}
		delete(r.blockAddrUses, fs.f)
		return nil
	case llvmir.FUNC_CODE_BLOCKADDR_USERS:
		// The functions whose instructions take the address of this
		// one's blocks (see forwardRefBodies and LoadBody).
		for _, id := range ops {
			if id >= uint64(len(r.values)) {
				continue
			}
			g, ok := r.values[id].(*ir.Function)
			if !ok {
				continue
			}
			if r.backRefs != nil {
				r.backRefs = append(r.backRefs, g)
			}
			if !r.loaded[g] && r.readBefore(g, fs.f) {
				r.missingUsers = append(r.missingUsers, g)
			}
		}
		return nil
	case llvmir.FUNC_CODE_DEBUG_LOC_AGAIN:
		last := fs.lastInst()
		if last == nil {
			return r.errorf("invalid debug_loc_again record")
		}
		last.DebugLoc = fs.lastLoc
		return nil
	case llvmir.FUNC_CODE_DEBUG_LOC:
		last := fs.lastInst()
		if last == nil || len(ops) < 4 {
			return r.errorf("invalid debug loc record")
		}
		if r.noDebug {
			return nil
		}
		lops := [8]uint64{0, ops[0], ops[1], ops[2], ops[3], 0, 0, 0}
		if len(ops) >= 5 {
			lops[5] = ops[4]
		}
		if len(ops) == 7 {
			lops[6], lops[7] = ops[5], ops[6]
		}
		// Read even when the debug info is stripped: LLVM strips it
		// once the bodies are read, and a location naming no node
		// fails the body all the same.
		loc := r.location(lops[:])
		if !r.stripDebug {
			fs.lastLoc = loc
			last.DebugLoc = loc
		}
		return nil
	case llvmir.FUNC_CODE_OPERAND_BUNDLE:
		return r.operandBundle(fs, rec)
	}
	if code >= llvmir.FUNC_CODE_DEBUG_RECORD_VALUE && code <= llvmir.FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE {
		if r.noDebug {
			return nil
		}
		if r.stripDebug {
			// Read, then dropped: LLVM strips the debug info once the
			// bodies are read, and a record naming no node fails the
			// body all the same.
			in := fs.lastInst()
			if in == nil {
				return r.debugRecord(fs, code, ops)
			}
			n := len(in.DebugRecords)
			err := r.debugRecord(fs, code, ops)
			clear(in.DebugRecords[n:])
			in.DebugRecords = in.DebugRecords[:n]
			if n == 0 {
				in.DebugRecords = nil
			}
			return err
		}
		return r.debugRecord(fs, code, ops)
	}
	if fs.blocks == nil || fs.cur >= len(fs.blocks) {
		return r.errorf("invalid instruction with no basic block")
	}
	in := r.newInstruction() // not before: most records of a body with debug info are not instructions
	c := opCursor{r: r, fs: fs, v: ops, code: code}
	if err := r.decodeInst(&c, fs, in); err != nil {
		return err
	}
	if in.Op == ir.BadOp {
		r.freeInstruction(in)
		return nil // skipped
	}
	if r.oldConstExprs {
		if err := r.expandOperands(fs, in); err != nil {
			r.freeInstruction(in)
			return err
		}
	}
	if len(fs.bundles) > 0 && in.Op != ir.Call && in.Op != ir.Invoke && in.Op != ir.CallBr {
		return r.errorf("operand bundles found with no consumer")
	}
	if in.Typ == nil {
		in.Typ = r.shape(ir.Type{Kind: ir.VoidType})
	}
	if in.Typ.Kind != ir.VoidType {
		if ph := fs.fwd[fs.next]; ph != nil {
			if !equalTypes(ph.Typ, in.Typ, 0) {
				// LLVM's ValueList::assignValue.
				return r.errorf("invalid record: assigned value does not match type of forward declaration")
			}
			*ph = *in
			*in = ir.Instruction{} // its arrays are ph's now
			r.freeInstruction(in)
			in = ph
			delete(fs.fwd, fs.next)
		}
		r.pushValue(in)
		if r.tids != nil {
			r.setValueTypeID(r.resultTypeID(&c, in))
		}
		fs.next++
	}
	b := fs.blocks[fs.cur]
	b.Instrs = append(b.Instrs, in)
	fs.insts = append(fs.insts, in)
	if in.Op.IsTerminator() {
		fs.cur++
	}
	return nil
}

// decodeInst reads the instruction record c into in, by the decoder of
// its family (inst_*.go). A record LLVM 22 does not know is skipped: in.Op
// is then BadOp.
func (r *Reader) decodeInst(c *opCursor, fs *funcState, in *ir.Instruction) error {
	switch c.code {
	case llvmir.FUNC_CODE_INST_UNOP:
		return r.instUnop(c, in)
	case llvmir.FUNC_CODE_INST_BINOP:
		return r.instBinop(c, in)
	case llvmir.FUNC_CODE_INST_CAST:
		return r.instCast(c, in)
	case llvmir.FUNC_CODE_INST_CMP, llvmir.FUNC_CODE_INST_CMP2:
		return r.instCmp(c, in)
	case llvmir.FUNC_CODE_INST_GEP:
		return r.instGEP(c, in)
	case llvmir.FUNC_CODE_INST_ALLOCA:
		return r.instAlloca(c, in)
	case llvmir.FUNC_CODE_INST_LOAD, llvmir.FUNC_CODE_INST_LOADATOMIC:
		return r.instLoad(c, in)
	case llvmir.FUNC_CODE_INST_STORE, llvmir.FUNC_CODE_INST_STOREATOMIC:
		return r.instStore(c, in)
	case llvmir.FUNC_CODE_INST_CMPXCHG:
		return r.instCmpXchg(c, in)
	case llvmir.FUNC_CODE_INST_ATOMICRMW:
		return r.instAtomicRMW(c, in)
	case llvmir.FUNC_CODE_INST_FENCE:
		return r.instFence(c, in)
	case llvmir.FUNC_CODE_INST_EXTRACTVAL:
		return r.instExtractValue(c, in)
	case llvmir.FUNC_CODE_INST_INSERTVAL:
		return r.instInsertValue(c, in)
	case llvmir.FUNC_CODE_INST_SELECT, llvmir.FUNC_CODE_INST_VSELECT:
		return r.instSelect(c, in)
	case llvmir.FUNC_CODE_INST_EXTRACTELT:
		return r.instExtractElement(c, in)
	case llvmir.FUNC_CODE_INST_INSERTELT:
		return r.instInsertElement(c, in)
	case llvmir.FUNC_CODE_INST_SHUFFLEVEC:
		return r.instShuffleVector(c, in)
	case llvmir.FUNC_CODE_INST_PHI:
		return r.instPhi(c, fs, in)
	case llvmir.FUNC_CODE_INST_LANDINGPAD:
		return r.instLandingPad(c, in)
	case llvmir.FUNC_CODE_INST_VAARG:
		return r.instVAArg(c, in)
	case llvmir.FUNC_CODE_INST_FREEZE:
		return r.instFreeze(c, in)
	case llvmir.FUNC_CODE_INST_RET:
		return r.instRet(c, in)
	case llvmir.FUNC_CODE_INST_BR:
		return r.instBr(c, fs, in)
	case llvmir.FUNC_CODE_INST_SWITCH:
		return r.instSwitch(c, fs, in)
	case llvmir.FUNC_CODE_INST_INDIRECTBR:
		return r.instIndirectBr(c, fs, in)
	case llvmir.FUNC_CODE_INST_INVOKE, llvmir.FUNC_CODE_INST_CALL, llvmir.FUNC_CODE_INST_CALLBR:
		return r.decodeCall(c, fs, in)
	case llvmir.FUNC_CODE_INST_RESUME:
		return r.instResume(c, in)
	case llvmir.FUNC_CODE_INST_UNREACHABLE:
		in.Op = ir.Unreachable
		return nil
	case llvmir.FUNC_CODE_INST_CLEANUPRET:
		return r.instCleanupRet(c, fs, in)
	case llvmir.FUNC_CODE_INST_CATCHRET:
		return r.instCatchRet(c, fs, in)
	case llvmir.FUNC_CODE_INST_CATCHSWITCH:
		return r.instCatchSwitch(c, fs, in)
	case llvmir.FUNC_CODE_INST_CATCHPAD, llvmir.FUNC_CODE_INST_CLEANUPPAD:
		return r.instPad(c, in)
	case llvmir.FUNC_CODE_INST_GEP_OLD, llvmir.FUNC_CODE_INST_INBOUNDS_GEP_OLD:
		return r.instGEP(c, in)
	case llvmir.FUNC_CODE_INST_LANDINGPAD_OLD:
		return r.instLandingPad(c, in)
	case llvmir.FUNC_CODE_INST_STORE_OLD, llvmir.FUNC_CODE_INST_STOREATOMIC_OLD:
		return r.instStore(c, in)
	case llvmir.FUNC_CODE_INST_CMPXCHG_OLD:
		return r.instCmpXchg(c, in)
	case llvmir.FUNC_CODE_INST_ATOMICRMW_OLD:
		return r.instAtomicRMW(c, in)
	}
	// LLVM 22 rejects the module; a newer producer's instruction is
	// skipped, and the value numbers after it may be off.
	r.skip("skipped unknown FUNCTION_BLOCK record %d", uint32(c.code))
	in.Op = ir.BadOp
	return nil
}
