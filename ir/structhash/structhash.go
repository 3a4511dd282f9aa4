// Package structhash computes the structural hash of a function: a digest of
// what the function does, which two builds of the same code share.
//
// The hash covers the function's type, calling convention, attributes,
// alignment, section, garbage collector, personality, prefix and prologue
// data, and every instruction of its body: opcode, result type, flags,
// operands, constants (compared by value), callees and the global values it
// refers to (by name), and the metadata other than debug info that its
// instructions carry (by content: !tbaa, !range, !prof, !llvm.loop ...).
//
// It leaves out what changes between two builds of the same code without
// changing the code: the names of arguments, blocks and instructions (a
// value is identified by its position), slot and metadata numbering, debug
// info (!dbg locations, #dbg records, and every DI node wherever it is
// used: a loop's !llvm.loop node hashes the same whatever DILocations it
// lists, or none when built without -g) and the other attachments that only say where in the source an
// instruction came from (!srcloc, see [SkipsAttachment]). The function's
// own name, linkage and visibility are left out too, so a function that
// was renamed or made static hashes the same.
package structhash

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"slices"

	"github.com/bcextract/bcextract/ir"
)

// A Sum is a structural hash: the first 16 bytes of a SHA-256 digest.
type Sum [16]byte

// String returns s as 32 lowercase hexadecimal digits.
func (s Sum) String() string { return hex.EncodeToString(s[:]) }

// IsZero reports whether s is the zero Sum, which no function hashes to in
// practice: [Function] returns it for a declaration.
func (s Sum) IsZero() bool { return s == Sum{} }

// Function returns the structural hash of f's body, which must be loaded
// (see [ir.BodyLoader]); the zero Sum for a declaration. It is a
// convenience for one call of a fresh [Hasher].
func Function(f *ir.Function) Sum {
	var h Hasher
	return h.Function(f)
}

// A Hasher computes structural hashes, reusing its buffers from one
// function to the next. The zero Hasher is ready to use; a Hasher is not
// safe for concurrent use.
type Hasher struct {
	b []byte // the serialized function, hashed at the end

	// Local values: arguments, then instructions with a result, in order,
	// and blocks, numbered by position.
	insts  map[*ir.Instruction]int32
	args   map[*ir.Argument]int32
	blocks map[*ir.Block]int32
	// done holds the digests of the composite types and of the aggregate
	// and expression constants met so far: each is serialized once and
	// written as the digest of its content wherever it is used, so a type
	// or constant whose operands are shared (a DAG) costs time linear in
	// its size, and two equal ones are the same whether or not the reader
	// made them one value.
	done map[any]digest
	// cut says a marker of deep was written since the innermost once
	// began.
	cut bool
	// open holds the types and constants being serialized: met again
	// within themselves (a cycle, which only a malformed module has),
	// they are a marker.
	open map[any]bool
	// mds numbers the metadata nodes met so far, so that a second use (or
	// a cycle: a loop node lists itself) is a back reference.
	mds map[ir.Metadata]int
	// depth bounds the recursion through constants and metadata.
	depth int
	// stack and walking are digestAll's: the constants being walked,
	// and the same as a set.
	stack   []constFrame
	walking map[ir.Constant]bool
}

// maxDepth is how deep the hasher follows nested types and metadata, and
// constants met within them, before it writes a marker instead: hostile
// input can nest them without end, and no real module comes near.
// Constants nested in constants are followed to the bottom (see
// digestAll).
const maxDepth = 1000

// The tags that start each serialized item, so that different item kinds
// cannot serialize alike.
const (
	tagFunc byte = iota + 1
	tagBlock
	tagInst
	tagNil
	tagLocal
	tagBlockRef
	tagGlobal
	tagInt
	tagBigInt
	tagFP
	tagNull
	tagUndef
	tagPoison
	tagData
	tagAggregate
	tagExpr
	tagBlockAddr
	tagDSOLocal
	tagNoCFI
	tagPtrAuth
	tagAsm
	tagMDValue
	tagType
	tagMDString
	tagMDTuple
	tagMDValueAs
	tagMDRef
	tagDebugInfo
	tagAttr
	tagDeep
	tagUnknown
	tagRef
)

// A digest stands for a type or constant written once: 64 bits of FNV-1a
// over its serialization. A collision would need two different types or
// constants of one function to meet, and would make them hash alike.
type digest [8]byte

func digestOf(b []byte) digest {
	const offset, prime = 14695981039346656037, 1099511628211
	x := uint64(offset)
	for _, c := range b {
		x ^= uint64(c)
		x *= prime
	}
	var d digest
	binary.LittleEndian.PutUint64(d[:], x)
	return d
}

// Function returns the structural hash of f's body (see the package
// function Function).
func (h *Hasher) Function(f *ir.Function) Sum {
	if f == nil || !f.HasBody {
		return Sum{}
	}
	h.reset()
	h.byte(tagFunc)
	h.typ(f.Sig)
	h.uint(uint64(f.CallConv))
	h.attrList(&f.Attrs)
	h.uint(f.Align)
	h.uint(f.PrefAlign)
	h.str(f.Section)
	h.str(f.GC)
	h.constant(f.Personality)
	h.constant(f.Prefix)
	h.constant(f.Prologue)
	h.attachments(f.Metadata)

	// Number every local value first: a phi may use a value defined
	// further down.
	n := 0
	for _, a := range f.Params {
		h.args[a] = int32(n)
		n++
		if a != nil {
			h.typ(a.Typ)
		}
	}
	h.uint(uint64(len(f.Params)))
	for i, b := range f.Blocks {
		h.blocks[b] = int32(i)
		if b == nil {
			continue
		}
		for _, in := range b.Instrs {
			if in != nil && in.Typ != nil && in.Typ.Kind != ir.VoidType {
				h.insts[in] = int32(n)
				n++
			}
		}
	}
	h.uint(uint64(len(f.Blocks)))
	for _, b := range f.Blocks {
		h.byte(tagBlock)
		if b == nil {
			h.byte(tagNil)
			continue
		}
		h.uint(uint64(len(b.Instrs)))
		for _, in := range b.Instrs {
			h.inst(in)
		}
	}
	d := sha256.Sum256(h.b)
	var s Sum
	copy(s[:], d[:])
	return s
}

func (h *Hasher) reset() {
	h.b = h.b[:0]
	h.depth, h.cut = 0, false
	if h.insts == nil {
		h.insts = make(map[*ir.Instruction]int32)
		h.args = make(map[*ir.Argument]int32)
		h.blocks = make(map[*ir.Block]int32)
		h.done = make(map[any]digest)
		h.open = make(map[any]bool)
		h.mds = make(map[ir.Metadata]int)
		h.walking = make(map[ir.Constant]bool)
		return
	}
	// A map is cleared in time proportional to what it once held: those
	// that one large function grew are made anew.
	if len(h.insts) > 4096 {
		h.insts = make(map[*ir.Instruction]int32)
		h.blocks = make(map[*ir.Block]int32)
	}
	clear(h.open)
	clear(h.walking)
	clear(h.stack)
	h.stack = h.stack[:0]
	clear(h.insts)
	clear(h.args)
	clear(h.blocks)
	clear(h.mds)
	// The digests of types, constants and attribute sets stay: they are
	// of content that does not change, wherever it is met. They are
	// dropped when many, not to hold the values of every module hashed.
	if len(h.done) > 1<<16 {
		clear(h.done)
	}
}

func (h *Hasher) byte(c byte) { h.b = append(h.b, c) }
func (h *Hasher) uint(v uint64) {
	if v < 0x80 {
		h.b = append(h.b, byte(v))
		return
	}
	h.b = binary.AppendUvarint(h.b, v)
}
func (h *Hasher) int(v int64) { h.b = binary.AppendVarint(h.b, v) }
func (h *Hasher) bool(v bool) {
	if v {
		h.byte(1)
	} else {
		h.byte(0)
	}
}

// str writes s with its length, so that two strings cannot run together.
func (h *Hasher) str(s string) {
	h.uint(uint64(len(s)))
	h.b = append(h.b, s...)
}

func (h *Hasher) inst(in *ir.Instruction) {
	h.byte(tagInst)
	if in == nil {
		h.byte(tagNil)
		return
	}
	h.byte(byte(in.Op))
	h.typ(in.Typ)
	h.uint(uint64(in.Flags))
	h.byte(byte(in.FMF))
	h.byte(byte(in.Pred))
	h.typ(in.ElemType)
	h.uint(in.Align)
	h.uint(uint64(in.AddrSpace))
	h.byte(byte(in.Ordering))
	h.byte(byte(in.FailOrdering))
	h.str(in.SyncScope())
	h.byte(byte(in.RMW))
	h.uint(uint64(len(in.Indices())))
	for _, i := range in.Indices() {
		h.uint(uint64(i))
	}
	h.uint(uint64(len(in.Mask())))
	for _, m := range in.Mask() {
		h.int(int64(m))
	}
	h.uint(uint64(len(in.Operands)))
	for _, v := range in.Operands {
		h.value(v)
	}
	h.uint(uint64(len(in.Succs)))
	for _, b := range in.Succs {
		h.blockRef(b)
	}
	h.uint(uint64(len(in.Cases())))
	for _, c := range in.Cases() {
		h.constant(c)
	}
	h.uint(uint64(len(in.Incoming)))
	for _, b := range in.Incoming {
		h.blockRef(b)
	}
	h.blockRef(in.Unwind)
	switch in.Op {
	case ir.Call, ir.Invoke, ir.CallBr:
		h.value(in.Callee)
		h.typ(in.FuncType)
		h.uint(uint64(in.CallConv))
		h.attrList(&in.Attrs)
		h.byte(byte(in.Tail))
		h.uint(uint64(len(in.Bundles())))
		for _, b := range in.Bundles() {
			h.str(b.Tag)
			h.uint(uint64(len(b.Inputs)))
			for _, v := range b.Inputs {
				h.value(v)
			}
		}
	}
	h.uint(uint64(len(in.Clauses())))
	for _, c := range in.Clauses() {
		h.bool(c.Filter)
		h.constant(c.Value)
	}
	h.attachments(in.Metadata)
}

// blockRef writes a block by its position; a block of another function
// (which a well-formed body never names) by a marker.
func (h *Hasher) blockRef(b *ir.Block) {
	if b == nil {
		h.byte(tagNil)
		return
	}
	h.byte(tagBlockRef)
	if i, ok := h.blocks[b]; ok {
		h.uint(uint64(i))
	} else {
		h.byte(tagUnknown)
	}
}

// attachments writes the metadata attachments other than debug info and
// source locations, by kind name and content.
func (h *Hasher) attachments(as []ir.Attachment) {
	for _, a := range as {
		if SkipsAttachment(a) {
			continue
		}
		h.str(a.Kind)
		h.metadata(a.Node)
	}
	h.byte(tagNil)
}

// SkipsAttachment reports whether the hash leaves the metadata attachment
// a out: a's node is debug info (a DI node under any kind, !DIAssignID
// say), or a's kind only says where in the source the instruction or
// function came from, which moves when an unrelated line above it is
// edited:
//
//   - !dbg, the DILocation (on an instruction) or DISubprogram (on a
//     function);
//   - !srcloc, which clang attaches to inline asm calls (the byte offset
//     in the source of each line of the asm string, !{i64 113, i64 121})
//     and to calls of functions with an error or warning attribute (one
//     offset, an i32 before clang 19), for the back end's diagnostics.
//
// Of LLVM 22's fixed metadata kinds (FixedMetadataKinds.def) only !dbg is
// a location; the others carry what the code means or how it is optimized
// (!tbaa, !range, !prof, !memprof and !callsite stack ids, which count
// lines from the function's start, ...) and are hashed. !srcloc is a kind
// clang registers by name. A custom kind is hashed unless it is known to be
// a location only: !heapallocsite, for one, names a type. An !llvm.loop
// whose operands (after itself) are all debug info is left out too.
// Hashed metadata leaves out its operands that are debug info or tuples
// of nothing but debug info, and takes strings and values by content.
func SkipsAttachment(a ir.Attachment) bool {
	switch a.Kind {
	case "dbg", "srcloc":
		return true
	case "llvm.loop":
		// A loop ID of nothing but its source locations (the -g build's
		// of a loop without hints), which LLVM drops with the debug info
		// (stripDebugLocFromLoopID).
		t, ok := a.Node.(*ir.MDTuple)
		if ok && len(t.Ops) > 1 && !slices.ContainsFunc(t.Ops[1:], func(op ir.Metadata) bool { return !onlyDebugInfo(op, 0) }) {
			return true
		}
	}
	return ir.IsDebugInfo(a.Node)
}

// onlyDebugInfo reports whether md is debug info, or a tuple of nothing
// but debug info (deeply): what stripping a module's debug info removes
// whole.
func onlyDebugInfo(md ir.Metadata, depth int) bool {
	if ir.IsDebugInfo(md) {
		return true
	}
	t, ok := md.(*ir.MDTuple)
	if !ok || len(t.Ops) == 0 || depth >= 16 {
		return false
	}
	for _, op := range t.Ops {
		if !onlyDebugInfo(op, depth+1) {
			return false
		}
	}
	return true
}

func (h *Hasher) value(v ir.Value) {
	switch v := v.(type) {
	case nil:
		h.byte(tagNil)
	case *ir.Argument:
		h.local(v)
	case *ir.Instruction:
		h.local(v)
	case *ir.Block:
		h.blockRef(v)
	case *ir.InlineAsm:
		h.byte(tagAsm)
		h.typ(v.FuncType)
		h.str(v.Asm)
		h.str(v.Constraints)
		h.bool(v.SideEffect)
		h.bool(v.AlignStack)
		h.bool(v.IntelDialect)
		h.bool(v.CanThrow)
	case *ir.MetadataValue:
		h.byte(tagMDValue)
		h.metadata(v.MD)
	case ir.Constant:
		h.constant(v)
	default:
		h.byte(tagUnknown)
	}
}

func (h *Hasher) local(v ir.Value) {
	var i int32
	var ok bool
	switch v := v.(type) {
	case *ir.Instruction:
		i, ok = h.insts[v]
	case *ir.Argument:
		i, ok = h.args[v]
	}
	if ok {
		h.byte(tagLocal)
		h.uint(uint64(i))
		return
	}
	h.byte(tagUnknown)
}

func (h *Hasher) constant(c ir.Constant) {
	if h.depth >= maxDepth {
		h.deep()
		return
	}
	switch c.(type) {
	case *ir.ConstAggregate, *ir.ConstExpr, *ir.PtrAuth, *ir.DSOLocalEquivalent, *ir.NoCFI:
		if h.depth >= walkDepth && !isNilConst(c) {
			if _, ok := h.done[c]; !ok {
				h.digestAll(c)
			}
		}
		h.once(c, func() { h.constBody(c) })
		return
	case *ir.ConstData:
		h.once(c, func() { h.constBody(c) })
		return
	}
	h.constBody(c)
}

// walkDepth is the depth from which the constants a constant is made of
// are digested first, deepest first, by digestAll: constants nest as
// deeply as a module has them (a chain of 50,000 getelementptr
// expressions is valid), which recursion would follow only to maxDepth.
var walkDepth = 64 // a variable for the tests

// A constFrame is a constant digestAll walks and the index of its next
// operand.
type constFrame struct {
	c ir.Constant
	i int
}

// digestAll computes the digests of root and of the constants it is made
// of that have none yet, operands before their users, with a stack of its
// own (h.stack, from its length on entry): writing root then follows one
// level only, every operand being a reference to its digest. A constant
// met again within itself (a cycle, which only a model built by hand has)
// is left to once, which marks it.
func (h *Hasher) digestAll(root ir.Constant) {
	base := len(h.stack)
	h.walking[root] = true
	h.stack = append(h.stack, constFrame{c: root})
	for len(h.stack) > base {
		top := &h.stack[len(h.stack)-1]
		op, more := constOperand(top.c, top.i)
		if more {
			top.i++
			switch op.(type) {
			case *ir.ConstAggregate, *ir.ConstExpr, *ir.PtrAuth, *ir.DSOLocalEquivalent, *ir.NoCFI:
				if isNilConst(op) || h.walking[op] {
					continue
				}
				if _, ok := h.done[op]; ok {
					continue
				}
				h.walking[op] = true
				if len(h.stack) == cap(h.stack) {
					// Double, not append's smaller steps: a chain
					// grows the stack to its length.
					h.stack = append(make([]constFrame, 0, 2*cap(h.stack)+64), h.stack...)
				}
				h.stack = append(h.stack, constFrame{c: op})
			}
			continue
		}
		c := top.c
		h.stack[len(h.stack)-1] = constFrame{}
		h.stack = h.stack[:len(h.stack)-1]
		delete(h.walking, c)
		start := len(h.b)
		h.once(c, func() { h.constBody(c) })
		h.b = h.b[:start]
	}
}

// constOperand returns operand i of c, a constant made of others, false
// past the last.
func constOperand(c ir.Constant, i int) (ir.Constant, bool) {
	switch c := c.(type) {
	case *ir.ConstAggregate:
		if i < len(c.Elems) {
			return c.Elems[i], true
		}
	case *ir.ConstExpr:
		if i < len(c.Operands) {
			return c.Operands[i], true
		}
	case *ir.PtrAuth:
		switch i {
		case 0:
			return c.Ptr, true
		case 1:
			return c.Key, true
		case 2:
			return c.Disc, true
		case 3:
			return c.AddrDisc, true
		case 4:
			return c.DeactivationSymbol, true
		}
	case *ir.DSOLocalEquivalent:
		if i == 0 {
			return c.Global, true
		}
	case *ir.NoCFI:
		if i == 0 {
			return c.Global, true
		}
	}
	return nil, false
}

// isNilConst reports whether c is nil or a nil pointer of the kinds
// digestAll walks.
func isNilConst(c ir.Constant) bool {
	switch c := c.(type) {
	case nil:
		return true
	case *ir.ConstAggregate:
		return c == nil
	case *ir.ConstExpr:
		return c == nil
	case *ir.PtrAuth:
		return c == nil
	case *ir.DSOLocalEquivalent:
		return c == nil
	case *ir.NoCFI:
		return c == nil
	}
	return false
}

// once writes the digest of what body writes for key (a type or a
// constant), running body only the first time.
func (h *Hasher) once(key any, body func()) {
	d, ok := h.done[key]
	if !ok {
		if h.open[key] {
			h.deep()
			return
		}
		h.open[key] = true
		outer := h.cut
		h.cut = false
		start := len(h.b)
		body()
		d = digestOf(h.b[start:])
		h.b = h.b[:start]
		delete(h.open, key)
		// What was cut short depends on where it was met from: it is
		// not kept for elsewhere.
		if !h.cut {
			h.done[key] = d
		}
		h.cut = h.cut || outer
	}
	h.byte(tagRef)
	h.b = append(h.b, d[:]...)
}

// deep writes the marker of what is not followed (a cycle, or nesting past
// maxDepth), and notes that what is being written was cut short.
func (h *Hasher) deep() {
	h.byte(tagDeep)
	h.cut = true
}

// constBody writes c in full.
func (h *Hasher) constBody(c ir.Constant) {
	h.depth++
	defer func() { h.depth-- }()
	switch c := c.(type) {
	case nil:
		h.byte(tagNil)
	case *ir.Function:
		h.global(c.Name, c.Typ)
	case *ir.GlobalVar:
		h.global(c.Name, c.Typ)
	case *ir.Alias:
		h.global(c.Name, c.Typ)
	case *ir.IFunc:
		h.global(c.Name, c.Typ)
	case *ir.ConstInt:
		h.typ(c.Typ)
		if c.Big != nil {
			h.byte(tagBigInt)
			h.str(c.Big.String())
		} else {
			h.byte(tagInt)
			h.int(c.V)
		}
	case *ir.ConstFP:
		h.byte(tagFP)
		h.typ(c.Typ)
		h.uint(c.Bits[0])
		h.uint(c.Bits[1])
	case *ir.ConstNull:
		h.byte(tagNull)
		h.typ(c.Typ)
	case *ir.Undef:
		h.byte(tagUndef)
		h.typ(c.Typ)
	case *ir.Poison:
		h.byte(tagPoison)
		h.typ(c.Typ)
	case *ir.ConstData:
		h.byte(tagData)
		h.typ(c.Typ)
		h.uint(uint64(len(c.Elems)))
		for _, e := range c.Elems {
			h.uint(e)
		}
	case *ir.ConstAggregate:
		h.byte(tagAggregate)
		h.typ(c.Typ)
		h.uint(uint64(len(c.Elems)))
		for _, e := range c.Elems {
			h.constant(e)
		}
	case *ir.ConstExpr:
		h.byte(tagExpr)
		h.byte(byte(c.Op))
		h.typ(c.Typ)
		h.uint(uint64(c.Flags))
		h.typ(c.SrcElem)
		h.byte(byte(c.Pred))
		h.bool(c.HasInRange)
		if c.HasInRange && c.InRangeLo != nil && c.InRangeHi != nil {
			h.str(c.InRangeLo.String())
			h.str(c.InRangeHi.String())
		}
		h.uint(uint64(len(c.Operands)))
		for _, op := range c.Operands {
			h.constant(op)
		}
	case *ir.BlockAddress:
		h.byte(tagBlockAddr)
		if c.Func != nil {
			h.str(c.Func.Name)
		}
		h.int(int64(c.Block))
	case *ir.DSOLocalEquivalent:
		h.byte(tagDSOLocal)
		h.constant(c.Global)
	case *ir.NoCFI:
		h.byte(tagNoCFI)
		h.constant(c.Global)
	case *ir.PtrAuth:
		h.byte(tagPtrAuth)
		h.constant(c.Ptr)
		h.constant(c.Key)
		h.constant(c.Disc)
		h.constant(c.AddrDisc)
		h.constant(c.DeactivationSymbol)
	default:
		h.byte(tagUnknown)
	}
}

// global writes a reference to a global value: its name and type. An
// unnamed global (@0) is known only by its type.
func (h *Hasher) global(name string, t *ir.Type) {
	h.byte(tagGlobal)
	h.str(name)
	h.typ(t)
}

func (h *Hasher) typ(t *ir.Type) {
	if t == nil {
		h.byte(tagNil)
		return
	}
	switch t.Kind {
	case ir.StructType, ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType, ir.FunctionType, ir.TargetExtType:
		h.once(t, func() { h.typeBody(t) })
		return
	}
	h.typeBody(t)
}

// typeBody writes t in full.
func (h *Hasher) typeBody(t *ir.Type) {
	if h.depth >= maxDepth {
		h.deep()
		return
	}
	h.depth++
	defer func() { h.depth-- }()
	h.byte(tagType)
	h.byte(byte(t.Kind))
	switch t.Kind {
	case ir.IntegerType:
		h.uint(uint64(t.BitWidth))
	case ir.PointerType:
		h.uint(uint64(t.AddrSpace))
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		h.uint(t.Len)
		h.typ(t.Elem)
	case ir.FunctionType:
		h.typ(t.Ret)
		h.uint(uint64(len(t.Params)))
		for _, p := range t.Params {
			h.typ(p)
		}
		h.bool(t.VarArg)
	case ir.StructType:
		h.bool(t.Identified)
		h.str(t.Name)
		h.bool(t.Opaque)
		h.bool(t.Packed)
		h.uint(uint64(len(t.Fields)))
		for _, f := range t.Fields {
			h.typ(f)
		}
	case ir.TargetExtType:
		h.str(t.Name)
		h.uint(uint64(len(t.TypeParams)))
		for _, p := range t.TypeParams {
			h.typ(p)
		}
		h.uint(uint64(len(t.IntParams)))
		for _, p := range t.IntParams {
			h.uint(uint64(p))
		}
	}
}

func (h *Hasher) attrList(l *ir.AttrList) {
	h.attrSet(l.Fn)
	h.attrSet(l.Ret)
	// Trailing empty sets are none (LLVM's AttributeList has none: an
	// upgrade that empties the last parameter's set leaves it here).
	ps := l.Params
	for len(ps) > 0 && len(ps[len(ps)-1]) == 0 {
		ps = ps[:len(ps)-1]
	}
	h.uint(uint64(len(ps)))
	for _, s := range ps {
		h.attrSet(s)
	}
}

// attrKey names an attribute set by its backing array: the sets of a
// module are shared by the calls that use them.
type attrKey struct {
	p *ir.Attribute
	n int
}

func (h *Hasher) attrSet(s ir.AttrSet) {
	if len(s) == 0 {
		h.byte(0)
		return
	}
	h.once(attrKey{&s[0], len(s)}, func() { h.attrSetBody(s) })
}

func (h *Hasher) attrSetBody(s ir.AttrSet) {
	h.uint(uint64(len(s)))
	for i := range s {
		a := &s[i]
		h.byte(tagAttr)
		h.uint(uint64(a.Kind))
		h.uint(a.Int)
		h.typ(a.Type)
		h.constantRange(a.Range)
		h.uint(uint64(len(a.Ranges)))
		for _, r := range a.Ranges {
			h.constantRange(r)
		}
		h.str(a.Key)
		h.str(a.Value)
	}
}

func (h *Hasher) constantRange(r ir.ConstantRange) {
	h.uint(uint64(r.BitWidth))
	if r.Lo != nil && r.Hi != nil {
		h.str(r.Lo.String())
		h.str(r.Hi.String())
	} else {
		h.byte(tagNil)
	}
}

// metadata writes a node by content; a node met before, by the number of
// its first meeting, which also ends cycles (a loop node lists itself).
// Debug-info nodes are one marker each, whatever their content (and left
// out of tuples).
func (h *Hasher) metadata(md ir.Metadata) {
	switch {
	case md == nil:
		h.byte(tagNil)
		return
	case ir.IsDebugInfo(md):
		h.byte(tagDebugInfo)
		return
	}
	switch md := md.(type) {
	case *ir.MDString:
		// By content: LLVM makes equal strings one (MDString::get), a
		// model may hold several.
		h.byte(tagMDString)
		h.str(md.Value)
		return
	case *ir.ValueAsMetadata:
		// By its value, which LLVM makes one per value
		// (ValueAsMetadata::get): an upgrade's i64 0 is the module's.
		h.byte(tagMDValueAs)
		h.value(md.Value)
		return
	}
	if i, ok := h.mds[md]; ok {
		h.byte(tagMDRef)
		h.uint(uint64(i))
		return
	}
	h.mds[md] = len(h.mds)
	if h.depth >= maxDepth {
		h.deep()
		return
	}
	h.depth++
	defer func() { h.depth-- }()
	switch md := md.(type) {
	case *ir.MDTuple:
		// A DI operand (or a tuple of nothing but debug info) is left
		// out, not written as a marker: a loop's node lists DILocations
		// in a -g build only, and LLVM's strip of the debug info drops
		// both.
		h.byte(tagMDTuple)
		h.bool(md.Distinct)
		n := 0
		for _, op := range md.Ops {
			if !onlyDebugInfo(op, 0) {
				n++
			}
		}
		h.uint(uint64(n))
		for _, op := range md.Ops {
			if !onlyDebugInfo(op, 0) {
				h.metadata(op)
			}
		}
	default:
		h.byte(tagUnknown)
	}
}
