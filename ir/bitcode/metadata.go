package bitcode

import (
	"cmp"
	"slices"
	"strings"
	"unsafe"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// mdList is the metadata list: the metadata of each ID, module-level ones
// first, then the current function's. Nodes are made when their record is
// read and their operands filled in by resolve, so that forward references
// and cycles cost nothing.
type mdList struct {
	items   []ir.Metadata
	pending []mdPending // nodes whose operands are not filled in yet
	named   []namedPending
	globals []globalAttachPending
	// DILocations by content, as LLVM uniques them module-wide: in locs
	// those whose scope and inlinedAt are null or module-level nodes, in
	// fnLocs those with a node of the body being loaded, which no other
	// body can meet again and LoadBody forgets when it ends.
	locs, fnLocs locTable
	// fixes are debug-info references to metadata not read yet (di.go).
	fixes fixList
	// typeRefs are the composite types of LLVM 3.8 and older by their
	// identifier (upgradeTypeRefs); nil when none was read.
	typeRefs *oldTypeRefs
	// bareGlobalVars says a DIGlobalVariable of version 0 was read
	// (upgradeCUVariables).
	bareGlobalVars bool
	emptyExpr      *ir.SpecializedNode
	// The slabs of module-level tuples and their operands (newTuple).
	tupleSlab []ir.MDTuple
	opSlab    []ir.Metadata
	// dropNamed is Options.DropNamedMetadata; lazy says that the module-level
	// tuples are kept as records until something uses them (see
	// lazyTuple), lazyReady that they can be made (their block is read).
	dropNamed, lazy, lazyReady bool
	// arcMarker says Options.DropNamedMetadata left out !clang.arc.retainAutoreleasedReturnValueMarker.
	arcMarker bool
	lazyAt    []uint32
	lazyRecs  [][]uint32
	lazyWork  []uint64
	// Uniquing after upgrades (mdunique.go): typed says whether the
	// module has typed pointers; needUnique that the block being read
	// may have nodes LLVM would merge.
	uniq       *mdUniquer
	typed      uniqueState
	needUnique bool
}

type mdPending struct {
	node ir.Metadata // *ir.MDTuple or *ir.DIArgList
	ids  []uint64    // operand IDs plus one, 0 for null (tuples); IDs (arg lists)
	// vals are a tuple's operands that are values, where ids has 0
	// (METADATA_OLD_NODE), nil for none.
	vals []ir.Metadata
}

type namedPending struct {
	nm  *ir.NamedMetadata
	ids []uint64
}

type globalAttachPending struct {
	valueID uint64
	ops     []uint64 // (kind, node) pairs
}

// locKey is what LLVM uniques a DILocation by; its scope and inlinedAt
// are node IDs (ir.MDTuple.ID), so that the key holds no pointer.
type locKey struct {
	group     uint64
	scope, ia uint32
	line      uint32
	col       uint16
	rank      uint8
	implicit  bool
}

// locAnyKey is the key of a location whose scope or inlinedAt has no ID.
type locAnyKey struct {
	locKey
	scope, ia ir.Metadata
}

// A locTable holds uniqued DILocations by content.
type locTable struct {
	byID map[locKey]*ir.DILocation    // scope and inlinedAt with IDs or null
	any  map[locAnyKey]*ir.DILocation // the others
}

// get returns the location of key k, whose scope and inlinedAt are scope
// and ia; byID says they have IDs or are null.
func (t *locTable) get(k locKey, scope, ia ir.Metadata, byID bool) *ir.DILocation {
	if byID {
		return t.byID[k]
	}
	return t.any[locAnyKey{k, scope, ia}]
}

// put adds d, the location get did not find.
func (t *locTable) put(k locKey, scope, ia ir.Metadata, byID bool, d *ir.DILocation) {
	if byID {
		if t.byID == nil {
			t.byID = map[locKey]*ir.DILocation{}
		}
		t.byID[k] = d
		return
	}
	if t.any == nil {
		t.any = map[locAnyKey]*ir.DILocation{}
	}
	t.any[locAnyKey{k, scope, ia}] = d
}

// reset empties t.
func (t *locTable) reset() {
	clear(t.byID)
	clear(t.any)
}

// The names of the debug-info node records, by record code.
var diNames = map[llvmir.MetadataCode]string{
	llvmir.METADATA_LOCATION:           "DILocation",
	llvmir.METADATA_GENERIC_DEBUG:      "GenericDINode",
	llvmir.METADATA_SUBRANGE:           "DISubrange",
	llvmir.METADATA_ENUMERATOR:         "DIEnumerator",
	llvmir.METADATA_BASIC_TYPE:         "DIBasicType",
	llvmir.METADATA_FILE:               "DIFile",
	llvmir.METADATA_DERIVED_TYPE:       "DIDerivedType",
	llvmir.METADATA_COMPOSITE_TYPE:     "DICompositeType",
	llvmir.METADATA_SUBROUTINE_TYPE:    "DISubroutineType",
	llvmir.METADATA_COMPILE_UNIT:       "DICompileUnit",
	llvmir.METADATA_SUBPROGRAM:         "DISubprogram",
	llvmir.METADATA_LEXICAL_BLOCK:      "DILexicalBlock",
	llvmir.METADATA_LEXICAL_BLOCK_FILE: "DILexicalBlockFile",
	llvmir.METADATA_NAMESPACE:          "DINamespace",
	llvmir.METADATA_TEMPLATE_TYPE:      "DITemplateTypeParameter",
	llvmir.METADATA_TEMPLATE_VALUE:     "DITemplateValueParameter",
	llvmir.METADATA_GLOBAL_VAR:         "DIGlobalVariable",
	llvmir.METADATA_LOCAL_VAR:          "DILocalVariable",
	llvmir.METADATA_EXPRESSION:         "DIExpression",
	llvmir.METADATA_OBJC_PROPERTY:      "DIObjCProperty",
	llvmir.METADATA_IMPORTED_ENTITY:    "DIImportedEntity",
	llvmir.METADATA_MODULE:             "DIModule",
	llvmir.METADATA_MACRO:              "DIMacro",
	llvmir.METADATA_MACRO_FILE:         "DIMacroFile",
	llvmir.METADATA_GLOBAL_VAR_EXPR:    "DIGlobalVariableExpression",
	llvmir.METADATA_LABEL:              "DILabel",
	llvmir.METADATA_STRING_TYPE:        "DIStringType",
	llvmir.METADATA_COMMON_BLOCK:       "DICommonBlock",
	llvmir.METADATA_GENERIC_SUBRANGE:   "DIGenericSubrange",
	llvmir.METADATA_ASSIGN_ID:          "DIAssignID",
	llvmir.METADATA_SUBRANGE_TYPE:      "DISubrangeType",
	llvmir.METADATA_FIXED_POINT_TYPE:   "DIFixedPointType",
}

// droppable are the debug-info nodes of a function's metadata that
// DropDebugInfo reads past (with DILocation): those of a function's body,
// its scopes, variables, expressions and labels. Its DISubprogram, which
// clang writes in the function's own metadata, and what that names (its
// file, its types) are kept.
var droppable = map[llvmir.MetadataCode]bool{
	// DILocation is dropped everywhere, with its own case.
	llvmir.METADATA_LEXICAL_BLOCK:      true,
	llvmir.METADATA_LEXICAL_BLOCK_FILE: true,
	llvmir.METADATA_LOCAL_VAR:          true,
	llvmir.METADATA_EXPRESSION:         true,
	llvmir.METADATA_LABEL:              true,
	llvmir.METADATA_ASSIGN_ID:          true,
}

// kindRank returns LLVM's in-memory ID of metadata kind name, which orders
// attachments.
func (r *Reader) rankOf(name string) int {
	if k, ok := r.kindRank[name]; ok {
		return k
	}
	if id, ok := llvmir.FixedMetadataKind(name); ok {
		r.kindRank[name] = int(id)
		return int(id)
	}
	k := llvmir.NumFixedMetadataKinds + len(r.kindRank)
	r.kindRank[name] = k
	if r.m != nil {
		r.m.MetadataKinds = append(r.m.MetadataKinds, name)
	}
	return k
}

func (r *Reader) addKind(ops []uint64) error {
	if len(ops) < 1 {
		return r.errorf("invalid metadata kind record")
	}
	name := opsString(ops[1:])
	if old, dup := r.kinds[ops[0]]; dup {
		if old == name && r.fn != nil && r.loaded[r.fn.f] {
			// A kind a body's own metadata block names, met again as
			// the body is loaded again.
			return nil
		}
		return r.errorf("conflicting METADATA_KIND records (kind %d twice)", ops[0])
	}
	r.kinds[ops[0]] = name
	r.rankOf(name)
	return nil
}

func (r *Reader) readMetadataKinds() error {
	return r.simpleBlock(uint32(llvmir.METADATA_KIND_BLOCK_ID), func(rec *bitstream.Record) error {
		if rec.Code != uint32(llvmir.METADATA_KIND) {
			r.skip("skipped unknown METADATA_KIND record %d", rec.Code)
			return nil
		}
		return r.addKind(rec.Ops)
	})
}

// mdAt returns metadata id, or an error when it is not defined.
func (r *Reader) mdAt(id uint64) (ir.Metadata, error) {
	m := r.md.get(id)
	if m == nil {
		return nil, r.errorf("invalid metadata ID %d", id)
	}
	return m, nil
}

// get returns metadata id (from 0), nil when it is not read yet: a
// module-level tuple kept as its record is made now (see lazyTuple), once
// its block has been read.
func (l *mdList) get(id uint64) ir.Metadata {
	if id >= uint64(len(l.items)) {
		return nil
	}
	if m := l.items[id]; m != nil || !l.lazyReady || id >= uint64(len(l.lazyAt)) || l.lazyAt[id] == 0 {
		return m
	}
	return l.makeLazy(id)
}

// lazyChunkLen is the length of the chunks of mdList.lazyRecs; a longer
// tuple is made at once.
const lazyChunkLen = 1 << 16

// lazyTuple keeps the record of the next module-level tuple, distinct or
// not, with operands ops and node ID id, for makeLazy to make it when it
// is used: in lazyRecs, its ID, its operand count times two plus one when
// distinct, and its operands. False when the tuple is to be made now.
func (l *mdList) lazyTuple(distinct bool, ops []uint64, id uint32) bool {
	k := len(ops) + 2
	if k > lazyChunkLen/16 || len(l.lazyRecs) >= 1<<15 {
		return false
	}
	for _, op := range ops {
		if op > 1<<32-1 {
			return false
		}
	}
	if n := len(l.lazyRecs); n == 0 || cap(l.lazyRecs[n-1])-len(l.lazyRecs[n-1]) < k {
		l.lazyRecs = append(l.lazyRecs, make([]uint32, 0, lazyChunkLen))
	}
	c := len(l.lazyRecs) - 1
	rec := l.lazyRecs[c]
	at := c*lazyChunkLen + len(rec)
	head := uint32(len(ops)) << 1
	if distinct {
		head |= 1
	}
	rec = append(rec, id, head)
	for _, op := range ops {
		rec = append(rec, uint32(op))
	}
	l.lazyRecs[c] = rec
	item := len(l.items)
	for len(l.lazyAt) < item {
		l.lazyAt = appendDoubling(l.lazyAt, 0)
	}
	l.lazyAt = appendDoubling(l.lazyAt, uint32(at)+1)
	return true
}

// lazyRec returns the record lazyTuple kept for metadata id: the node ID,
// whether it is distinct, and its operands.
func (l *mdList) lazyRec(id uint64) (uint32, bool, []uint32) {
	at := int(l.lazyAt[id] - 1)
	rec := l.lazyRecs[at/lazyChunkLen][at%lazyChunkLen:]
	k := int(rec[1] >> 1)
	return rec[0], rec[1]&1 != 0, rec[2 : 2+k]
}

// isLazy reports whether metadata id is a tuple kept as its record.
func (l *mdList) isLazy(id uint64) bool {
	return id < uint64(len(l.lazyAt)) && l.lazyAt[id] != 0 && l.items[id] == nil
}

// makeLazy makes the tuple kept as the record of metadata id, and those
// kept that it refers to, directly or not: first every node (so that
// cycles cost nothing), then their operands. The walk keeps its own list:
// a chain of tuples can be as long as the module is large.
func (l *mdList) makeLazy(id uint64) ir.Metadata {
	work := append(l.lazyWork[:0], id)
	l.lazyShell(id)
	for i := 0; i < len(work); i++ {
		_, _, ops := l.lazyRec(work[i])
		for _, op := range ops {
			if op != 0 && l.isLazy(uint64(op-1)) {
				l.lazyShell(uint64(op - 1))
				work = append(work, uint64(op-1))
			}
		}
	}
	for _, w := range work {
		n := l.items[w].(*ir.MDTuple)
		_, _, ops := l.lazyRec(w)
		l.lazyAt[w] = 0
		ok := true
		for _, op := range ops {
			if op != 0 && (uint64(op-1) >= uint64(len(l.items)) || l.items[op-1] == nil) {
				ok = false
				break
			}
		}
		if !ok {
			// An operand that is not there: as a record read
			// before it, the node waits for it.
			ids := make([]uint64, len(ops))
			for i, op := range ops {
				ids[i] = uint64(op)
			}
			l.pending = append(l.pending, mdPending{node: n, ids: ids})
			continue
		}
		n.Ops = l.takeOps(len(ops), true)
		for i, op := range ops {
			if op != 0 {
				n.Ops[i] = l.items[op-1]
			}
		}
	}
	l.lazyWork = work[:0]
	return l.items[id]
}

// lazyShell makes the node of the tuple kept for metadata id, without its
// operands.
func (l *mdList) lazyShell(id uint64) {
	nid, distinct, _ := l.lazyRec(id)
	if len(l.tupleSlab) == 0 {
		l.tupleSlab = make([]ir.MDTuple, tupleSlabLen)
	}
	n := &l.tupleSlab[0]
	l.tupleSlab = l.tupleSlab[1:]
	n.ID, n.Distinct = nid, distinct
	l.items[id] = n
}

func (r *Reader) pushMD(m ir.Metadata) {
	r.md.items = appendDoubling(r.md.items, m)
}

// appendDoubling is append, except that a full array grows to twice its
// length, never less: append grows a large one by a quarter, which for a
// list of millions of metadata makes four times its size of garbage.
func appendDoubling[T any](s []T, v T) []T {
	if len(s) == cap(s) && len(s) >= 1024 {
		t := make([]T, len(s), 2*len(s))
		copy(t, s)
		s = t
	}
	return append(s, v)
}

// readMetadata reads a METADATA block, module-level or in a function.
func (r *Reader) readMetadata(inFunc bool) error {
	var name string
	haveName := false
	if inFunc {
		r.md.startBody()
	} else {
		r.md.lazy = r.md.dropNamed && !hasTypedPointers(r.types)
		r.md.lazyReady = false
	}
	err := r.simpleBlock(uint32(llvmir.METADATA_BLOCK_ID), func(rec *bitstream.Record) error {
		ops := rec.Ops
		if len(r.md.items) >= maxConstantRecords {
			return r.errorf("too much metadata")
		}
		code := llvmir.MetadataCode(rec.Code)
		switch code {
		case llvmir.METADATA_STRINGS:
			s, err := llvmir.NewMetadataStrings(ops, rec.Blob)
			if err != nil {
				return r.errorf("%v", err)
			}
			if uint64(s.Count) > uint64(len(rec.Blob))*8 {
				return r.errorf("METADATA_STRINGS count %d exceeds its blob", s.Count)
			}
			// The strings are made a slab at a time. LLVM's writer writes
			// each once; two equal ones (crafted) are one MDString in
			// LLVM, and the nodes over them one node: merged
			// (needUnique), which compares strings by text.
			var slab []ir.MDString
			seen := make(map[string]struct{}, min(int(s.Count), 1<<16))
			for left := int(s.Count); s.More(); left-- {
				b, err := s.Next()
				if err != nil {
					return r.errorf("%v", err)
				}
				if len(slab) == 0 {
					slab = make([]ir.MDString, max(1, min(left, 256)))
				}
				m := &slab[0]
				slab = slab[1:]
				if r.shareStrings && len(b) > 0 {
					m.Value = unsafe.String(&b[0], len(b))
				} else {
					m.Value = string(b)
				}
				if _, dup := seen[m.Value]; dup {
					r.md.needUnique = true
				}
				seen[m.Value] = struct{}{}
				r.pushMD(m)
			}
		case llvmir.METADATA_STRING_OLD:
			str := opsString(ops)
			if strings.HasPrefix(str, oldLoopPrefix) {
				r.oldLoopTags = true
			}
			r.pushMD(&ir.MDString{Value: str})
		case llvmir.METADATA_VALUE:
			if len(ops) != 2 {
				return r.errorf("invalid metadata value record")
			}
			t := r.typeByID(ops[0])
			if t == nil || t.Kind == ir.MetadataType || t.Kind == ir.VoidType {
				return r.errorf("invalid metadata value type")
			}
			m, err := r.valueMD(ops[1], t)
			if err != nil {
				return err
			}
			r.pushMD(m)
		case llvmir.METADATA_NODE, llvmir.METADATA_DISTINCT_NODE:
			distinct := code == llvmir.METADATA_DISTINCT_NODE
			if !inFunc && r.md.lazy && r.md.lazyTuple(distinct, ops, r.nodeID()) {
				r.pushMD(nil)
				break
			}
			r.pushMD(r.md.newTuple(distinct, ops, r.nodeID(), !inFunc))
		case llvmir.METADATA_ARG_LIST:
			n := &ir.DIArgList{}
			ids := make([]uint64, len(ops))
			for i, v := range ops {
				ids[i] = v + 1
			}
			r.md.pending = append(r.md.pending, mdPending{node: n, ids: ids})
			r.pushMD(n)
		case llvmir.METADATA_NAME:
			name, haveName = opsString(ops), true
		case llvmir.METADATA_NAMED_NODE:
			if !haveName {
				return r.errorf("named metadata without a name")
			}
			haveName = false
			if r.md.dropNamed && !upgradedFromNamed[name] {
				r.md.arcMarker = r.md.arcMarker || name == arcMarker // see upgradeARC
				break
			}
			nm := &ir.NamedMetadata{Name: name}
			r.m.NamedMetadata = append(r.m.NamedMetadata, nm)
			if ok, err := r.md.namedOps(r, nm, ops); err != nil {
				return err
			} else if !ok {
				r.md.named = append(r.md.named, namedPending{nm, append([]uint64(nil), ops...)})
			}
		case llvmir.METADATA_KIND:
			return r.addKind(ops)
		case llvmir.METADATA_GLOBAL_DECL_ATTACHMENT:
			if len(ops)%2 == 0 {
				return r.errorf("invalid global declaration attachment record")
			}
			r.md.globals = append(r.md.globals, globalAttachPending{ops[0], append([]uint64(nil), ops[1:]...)})
		case llvmir.METADATA_INDEX_OFFSET, llvmir.METADATA_INDEX:
			// Lazy-loading aids.
		case llvmir.METADATA_LOCATION:
			if len(ops) != 5 && len(ops) != 6 && len(ops) != 8 {
				return r.errorf("invalid DILocation record")
			}
			if r.noDebug {
				r.pushMD(droppedDebugInfo)
				return nil
			}
			// The scope is an ID here, an ID plus one in DEBUG_LOC.
			var buf [8]uint64
			lops := append(buf[:0], ops...)
			lops[3]++
			r.pushMD(r.location(lops))
		case llvmir.METADATA_OLD_NODE:
			n, err := r.oldNode(ops)
			if err != nil {
				return err
			}
			r.pushMD(n)
		case llvmir.METADATA_OLD_FN_NODE:
			m, err := r.oldFnNode(ops)
			if err != nil {
				return err
			}
			r.pushMD(m)
		default:
			if n, ok := diNames[code]; ok {
				if r.noDebug && (droppable[code] || !inFunc && code != llvmir.METADATA_SUBPROGRAM && code != llvmir.METADATA_FILE) {
					r.pushMD(droppedDebugInfo)
					return nil
				}
				d, err := r.diNode(code, n, ops)
				if err != nil {
					return err
				}
				r.pushMD(d)
				return nil
			}
			r.skip("skipped unknown METADATA record %d", rec.Code)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !inFunc {
		r.md.lazyReady = true
	}
	if err := r.md.resolve(r); err != nil {
		return err
	}
	if inFunc && r.fn != nil {
		if r.md.typed == typedYes {
			if r.md.needUnique {
				r.md.uniqueBody(r.fn.nmd)
			}
			r.md.shareBody(r.fn.nmd, r.fn.modID)
			r.checkBodies(r.fn.nmd)
		}
	} else if !inFunc && r.md.needUnique {
		r.md.uniqueModule(r)
	}
	r.md.needUnique = false
	if !inFunc {
		r.upgradeLocalImports()
		r.upgradeCUSubprograms()
		r.upgradeCUVariables()
		r.upgradeTypeRefs()
	}
	if cap(r.ops) > 1<<16 {
		// A long record (a named node of millions of operands) would
		// keep the operands' buffer as long as the reader.
		r.ops = nil
	}
	return nil
}

// location makes the DILocation of a METADATA_LOCATION record (or of a
// function's DEBUG_LOC, in the same layout), uniqued as LLVM does.
func (r *Reader) location(ops []uint64) ir.Metadata {
	if len(ops) < 5 {
		return &ir.DILocation{ID: r.nodeID()}
	}
	distinct := ops[0] != 0 // as MetadataLoader reads it: any non-zero value
	b := diBuilder{r: r, mdOps: mdOps{ops: ops}}
	scope, ia := b.lookup(ops[3]), b.lookup(ops[4])
	// A forward reference is not uniqued: its target is not known yet.
	fwd := ops[3] != 0 && scope == nil || ops[4] != 0 && ia == nil
	k := locKey{line: uint32(ops[1]), col: uint16(ops[2])}
	if len(ops) > 5 {
		k.implicit = ops[5] != 0
	}
	if len(ops) > 7 {
		k.group, k.rank = ops[6], uint8(ops[7])
	}
	uniqued := !distinct && !fwd && scope != nil
	sid, ok := mdID(scope)
	iid, iok := mdID(ia)
	byID := ok && iok
	k.scope, k.ia = sid, iid
	tab := &r.md.locs
	if fs := r.fn; fs != nil && (sid > fs.modID || iid > fs.modID) {
		tab = &r.md.fnLocs
	}
	if uniqued {
		if old := tab.get(k, scope, ia, byID); old != nil {
			return old
		}
	}
	d := r.newLocation()
	*d = ir.DILocation{
		Scope:        scope,
		InlinedAt:    ia,
		AtomGroup:    k.group,
		Line:         k.line,
		Column:       k.col,
		AtomRank:     k.rank,
		Distinct:     distinct,
		ImplicitCode: k.implicit,
		ID:           r.nodeID(),
	}
	if fwd {
		if ops[3] != 0 && scope == nil {
			r.md.fixes.add(diFix{loc: d, field: -1, ref: -1, id: ops[3]})
		}
		if ops[4] != 0 && ia == nil {
			r.md.fixes.add(diFix{loc: d, field: -1, ref: 1, id: ops[4]})
		}
	}
	if uniqued {
		tab.put(k, scope, ia, byID, d)
	}
	if r.owning != nil && (!uniqued || tab == &r.md.fnLocs) {
		r.owning.locs = append(r.owning.locs, d)
	}
	return d
}

// mdID returns the ID of a node (0 for null), false when m is not null
// and has none.
func mdID(m ir.Metadata) (uint32, bool) {
	var id uint32
	switch m := m.(type) {
	case nil:
		return 0, true
	case *ir.DILocation:
		if m != nil {
			id = m.ID
		}
	case *ir.SpecializedNode:
		if m != nil {
			id = m.ID
		}
	case *ir.MDTuple:
		if m != nil {
			id = m.ID
		}
	}
	return id, id != 0
}

// The slabs module-level tuples and their operands are taken from (see
// newTuple): a module can have millions of small tuples.
const (
	tupleSlabLen = 256
	opSlabLen    = 4096
)

// newTuple makes the tuple of a METADATA_NODE or METADATA_DISTINCT_NODE
// record, its operands (ops, IDs plus one, 0 for null) filled in at once
// when all of them are read, as the writer's order makes most of them;
// the others wait for resolve. A module-level tuple (slab) lives as long as
// the module, and is taken with its operands from slabs shared by many.
func (l *mdList) newTuple(distinct bool, ops []uint64, id uint32, slab bool) *ir.MDTuple {
	var n *ir.MDTuple
	if slab {
		if len(l.tupleSlab) == 0 {
			l.tupleSlab = make([]ir.MDTuple, tupleSlabLen)
		}
		n = &l.tupleSlab[0]
		l.tupleSlab = l.tupleSlab[1:]
	} else {
		n = new(ir.MDTuple)
	}
	n.ID, n.Distinct = id, distinct
	for _, op := range ops {
		if op != 0 && l.get(op-1) == nil {
			l.pending = append(l.pending, mdPending{node: n, ids: append([]uint64(nil), ops...)})
			return n
		}
	}
	n.Ops = l.takeOps(len(ops), slab)
	for i, op := range ops {
		if op != 0 {
			n.Ops[i] = l.items[op-1]
		}
	}
	return n
}

// takeOps returns k null operands (an empty array, not nil, for none):
// from the operand slab when slab and k is small, the array's capacity its
// length, so that it cannot grow into its neighbours'.
func (l *mdList) takeOps(k int, slab bool) []ir.Metadata {
	if !slab || k == 0 || k > opSlabLen/16 {
		return make([]ir.Metadata, k)
	}
	if cap(l.opSlab)-len(l.opSlab) < k {
		l.opSlab = make([]ir.Metadata, 0, opSlabLen)
	}
	n := len(l.opSlab)
	l.opSlab = l.opSlab[:n+k]
	return l.opSlab[n : n+k : n+k]
}

// namedOps fills in the operands of named metadata nm from ops, metadata
// IDs, when all of them are read (false when not).
func (l *mdList) namedOps(r *Reader, nm *ir.NamedMetadata, ops []uint64) (bool, error) {
	for _, id := range ops {
		m := l.get(id)
		if m == nil {
			return false, nil
		}
		if _, isNode := m.(ir.MDNode); !isNode {
			return false, r.errorf("invalid named metadata: expect a node")
		}
	}
	nm.Ops = make([]ir.MDNode, len(ops))
	for i, id := range ops {
		nm.Ops[i] = l.items[id].(ir.MDNode)
	}
	return true, nil
}

// resolve fills in the operands of the nodes read so far, named metadata
// and global attachments.
func (l *mdList) resolve(r *Reader) error {
	l.resolveFixes()
	// Making a tuple kept as its record (get) may add to the list.
	pending := l.pending
	l.pending = nil
	keep := pending[:0]
	for _, p := range pending {
		ok := true
		for _, id := range p.ids {
			if id != 0 && l.get(id-1) == nil {
				ok = false
				break
			}
		}
		if !ok {
			keep = append(keep, p)
			continue
		}
		switch n := p.node.(type) {
		case *ir.MDTuple:
			n.Ops = make([]ir.Metadata, len(p.ids))
			for i, id := range p.ids {
				if id != 0 {
					n.Ops[i] = l.items[id-1]
					if n.Ops[i] == ir.Metadata(n) {
						// A uniqued node that a forward reference makes
						// refer to itself is made distinct
						// (MDNode::handleChangedOperand): LLVM 3.5's loop
						// IDs.
						n.Distinct = true
					}
				} else if p.vals != nil {
					n.Ops[i] = p.vals[i]
				}
			}
		case *ir.DIArgList:
			for _, id := range p.ids {
				if v, ok := l.items[id-1].(*ir.ValueAsMetadata); ok {
					n.Args = append(n.Args, v)
				}
			}
		}
	}
	clear(pending[len(keep):]) // the backing array would keep the nodes alive
	l.pending = append(keep, l.pending...)
	keepN := l.named[:0]
	for _, p := range l.named {
		ok, err := l.namedOps(r, p.nm, p.ids)
		if err != nil {
			return err
		}
		if !ok {
			keepN = append(keepN, p)
		}
	}
	l.named = keepN
	for _, g := range l.globals {
		if g.valueID >= uint64(len(r.values)) {
			return r.errorf("invalid global attachment value ID")
		}
		atts, err := r.attachments(g.ops)
		if err != nil {
			return err
		}
		switch v := r.values[g.valueID].(type) {
		case *ir.GlobalVar:
			v.Metadata = append(v.Metadata, atts...)
			r.sortAttachments(v.Metadata)
		case *ir.Function:
			v.Metadata = append(v.Metadata, atts...)
			r.sortAttachments(v.Metadata)
		default:
			return r.errorf("invalid global attachment value")
		}
	}
	l.globals = l.globals[:0]
	return nil
}

// unresolved returns the ID of metadata that a node read so far refers to
// and that was never defined, and whether there is one. LLVM's reader
// refuses such a body ("Invalid function metadata: outgoing forward
// refs") and, at module level, goes on with a temporary node it cannot
// print (llvm-dis-22 crashes on some): both are refused here.
func (l *mdList) unresolved() (uint64, bool) {
	if l.fixes.len() > 0 {
		return l.fixes.chunks[0][0].id - 1, true
	}
	for _, p := range l.pending {
		for _, id := range p.ids {
			if _, tuple := p.node.(*ir.MDTuple); tuple {
				id-- // plus one for tuples, 0 for null
				if id == ^uint64(0) {
					continue
				}
			}
			if l.get(id) == nil {
				return id, true
			}
		}
	}
	for _, p := range l.named {
		for _, id := range p.ids {
			if l.get(id) == nil {
				return id, true
			}
		}
	}
	return 0, false
}

// attachments decodes (kind, node) pairs.
func (r *Reader) attachments(ops []uint64) ([]ir.Attachment, error) {
	var out []ir.Attachment
	for i := 0; i+1 < len(ops); i += 2 {
		name, ok := r.kinds[ops[i]]
		if !ok {
			return nil, r.errorf("invalid metadata kind ID %d", ops[i])
		}
		m, err := r.mdAt(ops[i+1])
		if err != nil {
			return nil, err
		}
		n, ok := m.(ir.MDNode)
		if !ok {
			return nil, r.errorf("invalid metadata attachment: expect a node")
		}
		out = append(out, ir.Attachment{Kind: name, Node: n})
	}
	return out, nil
}

func (r *Reader) sortAttachments(a []ir.Attachment) {
	if len(a) < 2 {
		return
	}
	slices.SortStableFunc(a, func(x, y ir.Attachment) int { return cmp.Compare(r.rankOf(x.Kind), r.rankOf(y.Kind)) })
}

// oldNode reads METADATA_OLD_NODE of LLVM 3.5 and older: a tuple of
// (type, value) pairs, each a metadata ID (metadata type), a value
// (another type) or null (void).
func (r *Reader) oldNode(ops []uint64) (*ir.MDTuple, error) {
	if len(ops)%2 == 1 {
		return nil, r.errorf("invalid old metadata node record")
	}
	n := &ir.MDTuple{ID: r.nodeID()}
	k := len(ops) / 2
	ids := make([]uint64, k)
	var vals []ir.Metadata
	ready := true
	for i := range k {
		t := r.typeByID(ops[2*i])
		if t == nil {
			return nil, r.errorf("invalid old metadata node record")
		}
		switch t.Kind {
		case ir.MetadataType:
			ids[i] = ops[2*i+1] + 1
			if r.md.get(ops[2*i+1]) == nil {
				ready = false
			}
		case ir.VoidType:
		default:
			m, err := r.valueMD(ops[2*i+1], t)
			if err != nil {
				return nil, err
			}
			if vals == nil {
				vals = make([]ir.Metadata, k)
			}
			vals[i] = m
		}
	}
	if !ready {
		r.md.pending = append(r.md.pending, mdPending{node: n, ids: ids, vals: vals})
		return n, nil
	}
	n.Ops = make([]ir.Metadata, k)
	for i, id := range ids {
		if id != 0 {
			n.Ops[i] = r.md.get(id - 1)
		} else if vals != nil {
			n.Ops[i] = vals[i]
		}
	}
	return n, nil
}

// oldFnNode reads METADATA_OLD_FN_NODE of LLVM 3.5 and older, function-
// local metadata: a value of the body as metadata when the record is one
// (type, value) pair of a value type; LLVM 22 reads any other as an empty
// tuple.
func (r *Reader) oldFnNode(ops []uint64) (ir.Metadata, error) {
	if len(ops)%2 == 1 {
		return nil, r.errorf("invalid old function metadata record")
	}
	var t *ir.Type
	if len(ops) == 2 {
		t = r.typeByID(ops[0])
	}
	if t == nil || t.Kind == ir.MetadataType || t.Kind == ir.VoidType {
		return r.md.tuple(r, []ir.Metadata{}), nil // MDTuple::get: one for all
	}
	return r.valueMD(ops[1], t)
}

// valueMD returns value id of type t as metadata, as METADATA_VALUE makes
// it.
func (r *Reader) valueMD(id uint64, t *ir.Type) (ir.Metadata, error) {
	v, err := r.valueOrFwd(id, t)
	if err != nil {
		return nil, err
	}
	if r.oldConstExprs && firstRemoved(v, 0) != ir.BadOp {
		// Metadata has no block to expand a removed constant
		// expression into: LLVM 22's reader makes it poison.
		v = &ir.Poison{Typ: t}
	}
	if r.md.typed != typedNo {
		r.noteValue(v)
	}
	return &ir.ValueAsMetadata{Value: v}, nil
}

// upgradedFromNamed are the named metadata from which LLVM 22's upgrades
// change functions (the branch-protection module flags into function
// attributes, NVVM annotations into kernels and their attributes): read
// with Options.DropNamedMetadata too, and dropped once the upgrades are
// done, so that funcs, callgraph and diff see the functions LLVM 22 reads.
var upgradedFromNamed = map[string]bool{"llvm.module.flags": true, "nvvm.annotations": true}
