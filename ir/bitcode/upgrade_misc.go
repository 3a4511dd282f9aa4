package bitcode

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// Upgrades of LLVM 22's reader that are not about intrinsic declarations:
//
//   - Attribute groups (UpgradeAttributes): "no-frame-pointer-elim" and
//     "no-frame-pointer-elim-non-leaf" become "frame-pointer" ("all" when
//     the first is "true", else "non-leaf" when the second is there, else
//     "none"), replacing any "frame-pointer" of the group;
//     "null-pointer-is-valid" leaves, and becomes null_pointer_is_valid
//     where it was "true". Call sites' groups too.
//   - Attributes of a return value or parameter that LLVM 22 finds
//     incompatible with its type (AttributeFuncs::typeIncompatible: zeroext
//     on a pointer, noundef on void, ...) leave functions and call sites;
//     LLVM's verifiers refused most of them, unverified producers wrote
//     them.
//   - A function's "implicit-section-name" attribute becomes its section
//     (UpgradeFunctionAttributes).
//   - llvm.global_ctors and llvm.global_dtors of two-field elements
//     {i32, ptr} get a third field, ptr null (UpgradeGlobalVariable): the
//     variable is made anew, keeping only its name, its linkage and its
//     elements, and moves to the end of the global list.
//   - ARC runtime calls (UpgradeARCRuntime): calls of "clang.arc.use"
//     call llvm.objc.clang.arc.use; where the module has the named
//     metadata !clang.arc.retainAutoreleasedReturnValueMarker, it becomes
//     the module flag of that name (its "#" made ";") and calls of the
//     objc_* runtime functions call their llvm.objc.* intrinsics. Each
//     intrinsic is declared at the end of the function list when the old
//     function is there; a direct call of the old function whose types
//     match the intrinsic's is rebuilt (tail marker, name and !dbg kept,
//     nothing else); the old function goes when nothing else uses it.
//   - Module flags (the rest of UpgradeModuleFlags, which LLVM's own
//     writers had done since LLVM 5 but other producers through LLVM's C
//     API may not): "PIE Level" of behavior Error becomes Max; the spaces
//     leave "Objective-C Image Info Section"; an "Objective-C Garbage
//     Collection" that is not an i8 becomes the i8 of its low byte, with
//     behavior Error, and when its upper bytes are set they become the
//     flags "Swift ABI Version", "Swift Major Version" and "Swift Minor
//     Version", added at the end; a module with "Objective-C Image Info
//     Version" gets "Objective-C Class Properties" = 0 (behavior Override)
//     when it lacks one, added before them.
//   - The first "clang.arc.attachedcall" operand bundle without operands
//     (LLVM 13's form) of a call, invoke or callbr leaves
//     (UpgradeOperandBundles).
//   - The ARC marker of inline asm, "mov\tfp...# marker for
//     objc_retainAutoreleaseReturnValue", gets ";" for its "#"
//     (UpgradeInlineAsmString).
//
// And what llvm-dis-22 drops from the whole module once part of it is
// found invalid:
//
//   - debug info in a module whose "Debug Info Version" flag is missing or
//     not 3: llvm-dis-22 strips all of it (UpgradeDebugInfo, with the
//     warning "ignoring debug info with an invalid version"); and debug
//     info that fails LLVM's verifier (stripped too, "ignoring invalid
//     debug info": a node failing a per-node check, a DICompileUnit
//     missing from !llvm.dbg.cu, a malformed debug intrinsic call);
//   - every !tbaa of the module once one tag fails LLVM's TBAA verifier
//     (after the upgrade of old scalar tags, UpgradeTBAANode, which is
//     done; upgrade_tbaa.go).
//
// What the module level shows is stripped as the module is read; what a
// body shows, once the module is handed out, makes the caller read the
// module again (reread.go), or is reported (r.skip) to a caller that
// does not.

// debugMetadataVersion is LLVM's DEBUG_METADATA_VERSION.
const debugMetadataVersion = 3

// upgradeAttrGroup applies UpgradeAttributes to the attributes of one
// attribute group, as the reader does while reading the group.
func upgradeAttrGroup(set ir.AttrSet) ir.AttrSet {
	fp := ""
	if i := stringAttr(set, "no-frame-pointer-elim"); i >= 0 {
		fp = "none"
		if set[i].Value == "true" {
			fp = "all"
		}
		set = append(set[:i], set[i+1:]...)
	}
	if i := stringAttr(set, "no-frame-pointer-elim-non-leaf"); i >= 0 {
		if fp != "all" {
			fp = "non-leaf"
		}
		set = append(set[:i], set[i+1:]...)
	}
	if fp != "" {
		if i := stringAttr(set, "frame-pointer"); i >= 0 {
			set[i].Value = fp
		} else {
			set = append(set, ir.Attribute{Key: "frame-pointer", Value: fp})
		}
	}
	if i := stringAttr(set, "null-pointer-is-valid"); i >= 0 {
		valid := set[i].Value == "true"
		set = append(set[:i], set[i+1:]...)
		if valid && !set.Has(ir.AttrNullPointerIsValid) {
			set = append(set, ir.Attribute{Kind: ir.AttrNullPointerIsValid})
		}
	}
	return set
}

// upgradeBundles drops the first empty "clang.arc.attachedcall" bundle
// of bs.
func upgradeBundles(bs []ir.OperandBundle) []ir.OperandBundle {
	for i := range bs {
		if bs[i].Tag == "clang.arc.attachedcall" && len(bs[i].Inputs) == 0 {
			return append(bs[:i:i], bs[i+1:]...)
		}
	}
	return bs
}

// upgradeAsmMarker returns callee, or a copy of it with
// UpgradeInlineAsmString applied when it is inline asm that needs it (the
// constant itself stays as read: bodies may share it).
func upgradeAsmMarker(callee ir.Value) ir.Value {
	a, ok := callee.(*ir.InlineAsm)
	if !ok || !strings.HasPrefix(a.Asm, "mov\tfp") || !strings.Contains(a.Asm, "objc_retainAutoreleaseReturnValue") {
		return callee
	}
	i := strings.Index(a.Asm, "# marker")
	if i < 0 {
		return callee
	}
	b := *a
	b.Asm = a.Asm[:i] + ";" + a.Asm[i+1:]
	return &b
}

// upgradeMisc applies the module-level upgrades of this file after
// upgradeModule.
func (r *Reader) upgradeMisc() {
	r.upgradeObjCFlags()
	r.dropIncompatibleFnAttrs()
	r.upgradeImplicitSection()
	r.upgradeGlobalCtors()
	r.checkDebugInfoVersion()
	r.debugDecided = true
	if !r.stripDebug {
		for _, sk := range r.earlyDbg {
			r.stripOrSkipAt(sk.Bit, StripDebugInfo, sk.Msg)
		}
	}
	r.earlyDbg = nil
	r.upgradeARC()
}

// upgradeObjCFlags applies the module-flag upgrades above.
func (r *Reader) upgradeObjCFlags() {
	nmd := r.moduleFlags()
	if nmd == nil {
		return
	}
	i8 := r.findType(&ir.Type{Kind: ir.IntegerType, BitWidth: 8})
	i32 := r.findType(&ir.Type{Kind: ir.IntegerType, BitWidth: 32})
	c := func(t *ir.Type, v int64) ir.Metadata { return &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: t, V: v}} }
	flag := func(b int64, id string, v ir.Metadata) *ir.MDTuple {
		return &ir.MDTuple{Ops: []ir.Metadata{c(i32, b), &ir.MDString{Value: id}, v}, ID: r.nodeID()}
	}
	hasObjC, hasClassProps, swift := false, false, false
	var swiftVal uint64
	for i, op := range nmd.Ops {
		t, ok := op.(*ir.MDTuple)
		if !ok || len(t.Ops) != 3 {
			continue
		}
		id, ok := t.Ops[1].(*ir.MDString)
		if !ok {
			continue
		}
		switch id.Value {
		case "Objective-C Image Info Version":
			hasObjC = true
		case "Objective-C Class Properties":
			hasClassProps = true
		case "PIE Level":
			if b, _, ok := ir.IntMetadata(t.Ops[0]); ok && b == 1 {
				nmd.Ops[i] = &ir.MDTuple{Ops: []ir.Metadata{c(i32, 7), t.Ops[1], t.Ops[2]}, ID: r.nodeID()}
			}
		case "Objective-C Image Info Section":
			if v, ok := t.Ops[2].(*ir.MDString); ok && strings.Contains(v.Value, " ") {
				ns := &ir.MDString{Value: strings.ReplaceAll(v.Value, " ", "")}
				nmd.Ops[i] = &ir.MDTuple{Ops: []ir.Metadata{t.Ops[0], t.Ops[1], ns}, ID: r.nodeID()}
			}
		case "Objective-C Garbage Collection":
			vm, ok := t.Ops[2].(*ir.ValueAsMetadata)
			if !ok {
				continue
			}
			if vt := vm.Value.Type(); vt != nil && vt.Kind == ir.IntegerType && vt.BitWidth == 8 {
				continue
			}
			v, _, ok := ir.IntMetadata(vm)
			if !ok {
				r.skip("llvm-dis-22 upgrades this \"Objective-C Garbage Collection\" module flag; not done")
				continue
			}
			if v&0xff != v {
				swift, swiftVal = true, v
			}
			nmd.Ops[i] = flag(1, id.Value, c(i8, int64(int8(v&0xff))))
		}
	}
	if hasObjC && !hasClassProps {
		nmd.Ops = append(nmd.Ops, flag(4, "Objective-C Class Properties", c(i32, 0)))
	}
	if swift {
		nmd.Ops = append(nmd.Ops,
			flag(1, "Swift ABI Version", c(i32, int64(swiftVal>>8&0xff))),
			flag(1, "Swift Major Version", c(i8, int64(int8(swiftVal>>24&0xff)))),
			flag(1, "Swift Minor Version", c(i8, int64(int8(swiftVal>>16&0xff)))))
	}
}

// upgradeImplicitSection makes each function's "implicit-section-name"
// attribute its section.
func (r *Reader) upgradeImplicitSection() {
	for _, f := range r.m.Functions {
		i := stringAttr(f.Attrs.Fn, "implicit-section-name")
		if i < 0 {
			continue
		}
		f.Section = f.Attrs.Fn[i].Value
		s := make(ir.AttrSet, 0, len(f.Attrs.Fn)-1)
		s = append(s, f.Attrs.Fn[:i]...)
		s = append(s, f.Attrs.Fn[i+1:]...)
		if len(s) == 0 {
			s = nil
		}
		f.Attrs.Fn = s
	}
}

// upgradeGlobalCtors gives two-field llvm.global_ctors and
// llvm.global_dtors their third field.
func (r *Reader) upgradeGlobalCtors() {
	found := false
	for _, g := range r.m.Globals {
		if g.Name == "llvm.global_ctors" || g.Name == "llvm.global_dtors" {
			found = true
			break
		}
	}
	if !found {
		return
	}
	var moved []*ir.GlobalVar
	kept := r.m.Globals[:0:0]
	for _, g := range r.m.Globals {
		ng := r.upgradeCtorList(g)
		if ng == nil {
			kept = append(kept, g)
			continue
		}
		moved = append(moved, ng)
	}
	if len(moved) > 0 {
		r.m.Globals = append(kept, moved...)
	}
}

// upgradeCtorList returns the variable that replaces g, or nil.
func (r *Reader) upgradeCtorList(g *ir.GlobalVar) *ir.GlobalVar {
	if g.Name != "llvm.global_ctors" && g.Name != "llvm.global_dtors" || g.Init == nil {
		return nil
	}
	at := g.ValueType
	if at == nil || at.Kind != ir.ArrayType || at.Elem == nil || at.Elem.Kind != ir.StructType || len(at.Elem.Fields) != 2 {
		return nil
	}
	ptr := r.ptrType(0)
	st := r.findType(&ir.Type{Kind: ir.StructType, Fields: []*ir.Type{at.Elem.Fields[0], at.Elem.Fields[1], ptr}})
	var elems []ir.Constant
	switch init := g.Init.(type) {
	case *ir.ConstNull:
		// zeroinitializer: LLVM takes its operands, none.
	case *ir.ConstAggregate:
		for _, e := range init.Elems {
			var f0, f1 ir.Constant
			switch s := e.(type) {
			case *ir.ConstAggregate:
				if len(s.Elems) != 2 {
					return nil
				}
				f0, f1 = s.Elems[0], s.Elems[1]
			case *ir.ConstNull:
				f0, f1 = zeroOf(at.Elem.Fields[0]), zeroOf(at.Elem.Fields[1])
			default:
				r.skip("llvm-dis-22 rebuilds %s (two-field elements) and this element is not done", g.Name)
				return nil
			}
			if f0 == nil || f1 == nil {
				r.skip("llvm-dis-22 rebuilds %s (two-field elements) and this element is not done", g.Name)
				return nil
			}
			elems = append(elems, &ir.ConstAggregate{Typ: st, Elems: []ir.Constant{f0, f1, &ir.ConstNull{Typ: ptr}}})
		}
	default:
		r.skip("llvm-dis-22 rebuilds %s (two-field elements) and its initializer is not done", g.Name)
		return nil
	}
	nt := r.findType(&ir.Type{Kind: ir.ArrayType, Elem: st, Len: uint64(len(elems))})
	var init ir.Constant = &ir.ConstNull{Typ: nt}
	if len(elems) > 0 {
		init = &ir.ConstAggregate{Typ: nt, Elems: elems}
	}
	return &ir.GlobalVar{
		GlobalHeader: ir.GlobalHeader{Name: g.Name, Typ: ptr, ValueType: nt, Linkage: g.Linkage},
		Init:         init,
	}
}

// zeroOf returns the zero of an integer or pointer type, nil for others.
func zeroOf(t *ir.Type) ir.Constant {
	switch t.Kind {
	case ir.IntegerType:
		return &ir.ConstInt{Typ: t}
	case ir.PointerType:
		return &ir.ConstNull{Typ: t}
	}
	return nil
}

// checkDebugInfoVersion reports debug info in a module whose "Debug Info
// Version" module flag is missing or not debugMetadataVersion. Callers
// that leave out the named metadata or the debug info are not told.
func (r *Reader) checkDebugInfoVersion() {
	if r.md.dropNamed || r.noDebug {
		return
	}
	if r.strip&StripDebugInfo != 0 {
		// A body read before showed it invalid (Reread).
		r.stripDebugInfo()
		return
	}
	if version, _ := r.m.ModuleFlagInt("Debug Info Version"); version == debugMetadataVersion {
		if r.unitlessDefinition() || r.invalidDebugInfo() != "" {
			// LLVM's verifier fails a debug-info check ("subprogram
			// definitions must have a compile unit": an old unit's list
			// of subprograms that came after it; any of verifyDINode's
			// on a node the module's named metadata or global
			// attachments reach): llvm-dis-22 ignores invalid debug
			// info.
			r.stripDebugInfo()
			return
		}
		r.checkCompileUnits()
		return
	}
	r.stripDebugInfo()
}

// invalidDebugInfo returns the message of the first of LLVM's per-node
// debug-info checks (verifyDINode) that a node fails among those the
// module's named metadata and the attachments of its globals and
// functions reach, as LLVM's verifier visits them; "" when all pass. The
// nodes only bodies reach are not checked here.
func (r *Reader) invalidDebugInfo() string {
	walk := r.verifyDIFrom
	for _, nmd := range r.m.NamedMetadata {
		if nmd == nil {
			continue
		}
		for _, op := range nmd.Ops {
			if msg := walk(op); msg != "" {
				return msg
			}
		}
	}
	for _, g := range r.m.Globals {
		for _, a := range g.Metadata {
			if msg := walk(a.Node); msg != "" {
				return msg
			}
		}
	}
	for _, f := range r.m.Functions {
		for _, a := range f.Metadata {
			if msg := walk(a.Node); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// verifyDIFrom returns the message of the first of LLVM's per-node
// debug-info checks (verifyDINode) that a node root reaches fails, as
// LLVM's verifier walks them (visitMDNode), "" when all pass. Nodes that
// passed are not checked again (r.diChecked).
func (r *Reader) verifyDIFrom(root ir.Metadata) string {
	stack := r.diPush(r.diStack[:0], root)
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		id, _ := mdID(m)
		if !r.diChecked.add(id) {
			continue
		}
		if msg := verifyDINode(m); msg != "" {
			clear(stack)
			r.diStack = stack[:0]
			return msg
		}
		switch n := m.(type) {
		case *ir.MDTuple:
			for _, o := range n.Ops {
				stack = r.diPush(stack, o)
			}
		case *ir.SpecializedNode:
			for i := range n.Fields {
				stack = r.diPush(stack, n.Fields[i].MD)
			}
			for _, o := range n.Refs {
				stack = r.diPush(stack, o)
			}
		case *ir.DILocation:
			stack = r.diPush(stack, n.Scope)
			stack = r.diPush(stack, n.InlinedAt)
		}
	}
	r.diStack = stack
	return ""
}

// diPush pushes m on verifyDIFrom's stack when it is a node not checked
// yet: strings and values have no operands to follow.
func (r *Reader) diPush(stack []ir.Metadata, m ir.Metadata) []ir.Metadata {
	var id uint32
	switch n := m.(type) {
	case *ir.MDTuple:
		if n == nil {
			return stack
		}
		id = n.ID
	case *ir.SpecializedNode:
		if n == nil {
			return stack
		}
		id = n.ID
	case *ir.DILocation:
		if n == nil {
			return stack
		}
		id = n.ID
	default:
		return stack
	}
	if r.diChecked.has(id) {
		return stack
	}
	return append(stack, m)
}

// A nodeSet is a set of metadata nodes by their reader numbers
// (Reader.nodeID: a number is never given twice, a recycled node gets a
// new one).
type nodeSet []uint64

// has reports whether node id is in s.
func (s nodeSet) has(id uint32) bool {
	w := int(id / 64)
	return id != 0 && w < len(s) && s[w]&(1<<(id%64)) != 0
}

// add adds node id to s, reporting whether it was not there. Number 0
// (no number) is never in s.
func (s *nodeSet) add(id uint32) bool {
	if id == 0 {
		return true
	}
	w := int(id / 64)
	if w >= len(*s) {
		*s = append(*s, make([]uint64, w+1-len(*s)+len(*s)/2)...)
	}
	bit := uint64(1) << (id % 64)
	if (*s)[w]&bit != 0 {
		return false
	}
	(*s)[w] |= bit
	return true
}

// checkBodyDebugInfo reports, once, debug info f's body reaches that
// fails one of LLVM's per-node checks (verifyDINode) and that the module
// level (invalidDebugInfo) did not reach: the function's attachments,
// the instructions' locations, attachments and debug records, the
// metadata arguments of calls to intrinsics. llvm-dis-22 strips the
// module's debug info then; the module is handed out by the time a body
// shows it, so the caller is told to read it again (stripOrSkip), once
// the module is known to hold debug info that LLVM's StripDebugInfo
// removes (at the module level, or in
// this body or one read before): a module with none left to strip (a
// location under an unknown attachment kind) prints as it is. A caller
// that strips the debug info of every body (SetStripDebugInfo) wants
// none, as opt --strip-debug, and is told nothing.
func (r *Reader) checkBodyDebugInfo(f *ir.Function) {
	if r.diReported || !r.debugDecided || r.md.dropNamed || r.noDebug || r.stripDebug || r.callerStrips {
		// A body read before the module-level decision is read again
		// once it is made.
		return
	}
	if r.diInvalid == "" && !r.diBodies[f] {
		if r.diBodies == nil {
			r.diBodies = map[*ir.Function]bool{}
		}
		r.diBodies[f] = true
		r.diInvalid = r.bodyDebugInfoFailure(f)
	}
	if r.diStrippable == 0 {
		r.diStrippable = 1
		if r.moduleStrippable() {
			r.diStrippable = 2
		}
	}
	if r.diStrippable == 1 && r.bodyStrippable(f) {
		r.diStrippable = 2
	}
	if r.diInvalid != "" && r.diStrippable == 2 {
		r.stripOrSkip(StripDebugInfo, "llvm-dis-22 ignores invalid debug info ("+r.diInvalid+") and strips it")
		r.diReported = true
	}
}

// SetStripDebugInfo tells r that its caller strips the debug info of
// every body it loads from now on (as ir.DebugStripper does), as LLVM's
// StripDebugInfo tells its reader (setStripDebugInfo): invalid debug info
// a body reaches is not reported then, as it is not kept.
func (r *Reader) SetStripDebugInfo() { r.callerStrips = true }

var _ ir.DebugInfoStripSetter = (*Reader)(nil)

// bodyStrippable reports whether f's body holds debug info LLVM's
// stripDebugInfo(Function&) removes (ir.StripBodyDebugInfo): its !dbg
// attachment, instructions' locations and debug records, !heapallocsite
// and !DIAssignID attachments, the locations of loop IDs.
func (r *Reader) bodyStrippable(f *ir.Function) bool {
	if hasAttachment(f.Metadata, "dbg") {
		return true
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.DebugLoc != nil || len(in.DebugRecords) > 0 {
				return true
			}
			for _, a := range in.Metadata {
				switch a.Kind {
				case "heapallocsite", "DIAssignID":
					return true
				case "llvm.loop":
					if t, ok := a.Node.(*ir.MDTuple); ok && t != nil {
						for _, op := range t.Ops[min(1, len(t.Ops)):] {
							if _, ok := op.(*ir.DILocation); ok {
								return true
							}
						}
					}
				}
			}
		}
	}
	return false
}

// bodyDebugInfoFailure returns the first of the verifier's debug-info
// checks that f's body fails (checkFunctionDebugLocs, then verifyDIFrom
// on what the body reaches) with the function's name, "" when none.
func (r *Reader) bodyDebugInfoFailure(f *ir.Function) string {
	msg := r.checkFunctionDebugLocs(f)
	visit := func(m ir.Metadata) {
		if msg == "" && !ir.IsNilMetadata(m) {
			msg = r.verifyDIFrom(m)
		}
	}
	rc := recordChecker{}
	for _, a := range f.Metadata {
		visit(a.Node)
		if n := dvNode(a.Node); a.Kind == "dbg" && n != nil && n.Kind == "DISubprogram" {
			rc.hasSP = true
		}
	}
	var last ir.Metadata
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if msg != "" {
				break
			}
			for _, d := range in.DebugRecords {
				if msg == "" {
					msg = rc.check(f, d)
				}
				for _, op := range d.Ops {
					visit(op)
				}
			}
			if in.DebugLoc != last {
				last = in.DebugLoc
				visit(last)
			}
			for _, a := range in.Metadata {
				visit(a.Node)
			}
			eachIntrinsicMDArg(in, visit)
		}
	}
	if msg == "" {
		return ""
	}
	return fmt.Sprintf("%s, reached from the body of @%s", msg, f.Name)
}

// moduleStrippable reports whether the module holds debug info outside
// the bodies that LLVM's StripDebugInfo removes: llvm.dbg.* or llvm.gcov
// named metadata, a !dbg attachment of a global or a declaration.
func (r *Reader) moduleStrippable() bool {
	for _, nmd := range r.m.NamedMetadata {
		if nmd != nil && (strings.HasPrefix(nmd.Name, "llvm.dbg.") || nmd.Name == "llvm.gcov") {
			return true
		}
	}
	for _, g := range r.m.Globals {
		if hasAttachment(g.Metadata, "dbg") {
			return true
		}
	}
	for _, f := range r.m.Functions {
		if !f.HasBody && hasAttachment(f.Metadata, "dbg") {
			return true
		}
	}
	return false
}

// hasAttachment reports whether atts has one of kind.
func hasAttachment(atts []ir.Attachment, kind string) bool {
	for _, a := range atts {
		if a.Kind == kind {
			return true
		}
	}
	return false
}

// checkFunctionDebugLocs makes the debug-info checks of LLVM's
// visitFunction on f's body, before those of its instructions: f's !dbg
// attachment is one distinct DISubprogram, attached to no other function,
// and each location of the body (and those of its llvm.loop attachments)
// leads back to it: the scope of the last location of its inlined-at
// chain is in f's subprogram. It returns the first message, "" when all
// pass.
func (r *Reader) checkFunctionDebugLocs(f *ir.Function) string {
	var sp *ir.SpecializedNode
	n := 0
	for _, a := range f.Metadata {
		if a.Kind != "dbg" {
			continue
		}
		if n++; n > 1 {
			return "function must have a single !dbg attachment"
		}
		s, ok := a.Node.(*ir.SpecializedNode)
		if !ok || s.Kind != "DISubprogram" {
			return "function !dbg attachment must be a subprogram"
		}
		if !s.Distinct {
			return "function definition may only have a distinct !dbg attachment"
		}
		if r.spAttached == nil {
			r.spAttached = map[uint32]*ir.Function{}
		}
		if g := r.spAttached[s.ID]; g != nil && g != f && s.ID != 0 {
			return "DISubprogram attached to more than one function"
		}
		r.spAttached[s.ID] = f
		sp = s
	}
	if sp == nil {
		return ""
	}
	var last *ir.DILocation
	check := func(m ir.Metadata) string {
		l, ok := m.(*ir.DILocation)
		if !ok || l == nil || l == last {
			return ""
		}
		last = l
		if s, ok := l.Scope.(*ir.SpecializedNode); !ok || !isLocalScope(s) {
			return "DILocation's scope must be a DILocalScope"
		}
		// DILocation::getInlinedAtScope, DILocalScope::getSubprogram;
		// chains LLVM would follow through nodes of other kinds (which
		// its casts do not check) are not judged.
		for steps := 0; l.InlinedAt != nil && steps < 1<<16; steps++ {
			ia, ok := l.InlinedAt.(*ir.DILocation)
			if !ok || ia == nil {
				return ""
			}
			l = ia
		}
		s, _ := l.Scope.(*ir.SpecializedNode)
		for steps := 0; s != nil && steps < 1<<16; steps++ {
			switch s.Kind {
			case "DISubprogram":
				if s != sp {
					return "!dbg attachment points at wrong subprogram for function"
				}
				return ""
			case "DILexicalBlock", "DILexicalBlockFile":
				s, _ = dvMD(s, dvScope).(*ir.SpecializedNode)
			default:
				return ""
			}
		}
		return ""
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if msg := check(in.DebugLoc); msg != "" {
				return msg
			}
			for _, a := range in.Metadata {
				if a.Kind != "llvm.loop" {
					continue
				}
				if t, ok := a.Node.(*ir.MDTuple); ok {
					for i := 1; i < len(t.Ops); i++ {
						if msg := check(t.Ops[i]); msg != "" {
							return msg
						}
					}
				}
			}
		}
	}
	return ""
}

// unitlessDefinition reports whether a module-level DISubprogram that is
// a definition has no unit.
func (r *Reader) unitlessDefinition() bool {
	unit := ir.FieldNameOf("unit")
	spFlags := ir.FieldNameOf("spFlags")
	for _, m := range r.md.items {
		n, ok := m.(*ir.SpecializedNode)
		if !ok || n.Kind != "DISubprogram" {
			continue
		}
		def, hasUnit := false, false
		for _, f := range n.Fields {
			switch f.Name {
			case spFlags:
				def = f.Int&(1<<3) != 0
			case unit:
				hasUnit = f.MD != nil
			}
		}
		if def && !hasUnit {
			return true
		}
	}
	return false
}

// stripDebugInfo strips the debug info of a module whose "Debug Info
// Version" is missing or not debugMetadataVersion, as llvm-dis-22 does
// (UpgradeDebugInfo, StripDebugInfo; it warns "ignoring debug info with
// an invalid version"): the named metadata llvm.dbg.* and llvm.gcov go,
// and the !dbg of globals and functions; each body, as it is loaded,
// loses its debug locations, debug records and dbg intrinsic calls, and
// its heapallocsite and DIAssignID attachments (stripBody). What the
// debug info was made of is no longer reachable, so not printed.
func (r *Reader) stripDebugInfo() {
	r.stripDebug = true
	keep := r.m.NamedMetadata[:0]
	for _, nmd := range r.m.NamedMetadata {
		if nmd != nil && (strings.HasPrefix(nmd.Name, "llvm.dbg.") || nmd.Name == "llvm.gcov") {
			continue
		}
		keep = append(keep, nmd)
	}
	clear(r.m.NamedMetadata[len(keep):])
	r.m.NamedMetadata = keep
	for _, g := range r.m.Globals {
		g.Metadata = dropAttachments(g.Metadata, "dbg")
	}
	for _, f := range r.m.Functions {
		f.Metadata = dropAttachments(f.Metadata, "dbg")
	}
}

// dropAttachments returns atts without those of the given kinds, atts
// itself when it has none.
func dropAttachments(atts []ir.Attachment, kinds ...string) []ir.Attachment {
	if !slices.ContainsFunc(atts, func(a ir.Attachment) bool { return slices.Contains(kinds, a.Kind) }) {
		return atts
	}
	out := make([]ir.Attachment, 0, len(atts))
	for _, a := range atts {
		if !slices.Contains(kinds, a.Kind) {
			out = append(out, a)
		}
	}
	return out
}

// stripBody strips f's body, just loaded, of what stripDebugInfo strips
// of a body (debug locations and records were not read): the function's
// !dbg, heapallocsite and DIAssignID attachments, and the debug locations
// of its loop IDs (loopStripper). A loop ID holding the placeholder of
// dropped debug info (Options.DropDebugInfo), which may have been a
// location or not, is reported.
func (r *Reader) stripBody(f *ir.Function) {
	// The attachments f had before its load were stripped with the
	// module, or are the caller's since: ReleaseBody gives them back.
	if n := r.fnMD[f]; n <= len(f.Metadata) {
		if kept := dropAttachments(f.Metadata[n:], "dbg"); len(kept) != len(f.Metadata)-n {
			f.Metadata = append(f.Metadata[:n:n], kept...)
		}
	}
	loops := loopStripper{r: r, f: f}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if len(in.Metadata) == 0 {
				continue
			}
			if !slices.Contains(r.m.LateMetadataKinds, "heapallocsite") {
				// StripDebugInfo, run once every body is read,
				// clears !heapallocsite by name here, registering
				// the kind.
				r.m.LateMetadataKinds = append(r.m.LateMetadataKinds, "heapallocsite")
			}
			in.Metadata = dropAttachments(in.Metadata, "heapallocsite", "DIAssignID")
			for i, a := range in.Metadata {
				if a.Kind != "llvm.loop" {
					continue
				}
				if holdsDropped(a.Node) {
					r.skip("llvm-dis-22 strips the debug locations of a loop ID of @%s with the module's debug info; not done", f.Name)
					continue
				}
				if nt := loops.loopID(a.Node); nt != a.Node {
					in.Metadata = replaceAttachment(in.Metadata, i, nt)
					break // one !llvm.loop per instruction
				}
			}
		}
	}
}

// replaceAttachment returns atts with attachment i's node set to n, or
// without attachment i when n is nil; atts is not changed.
func replaceAttachment(atts []ir.Attachment, i int, n ir.MDNode) []ir.Attachment {
	out := make([]ir.Attachment, 0, len(atts))
	for j, a := range atts {
		if j == i {
			if n == nil {
				continue
			}
			a.Node = n
		}
		out = append(out, a)
	}
	return out
}

// holdsDropped reports whether a loop ID's operands (after the first,
// itself) hold the placeholder of dropped debug info.
func holdsDropped(n ir.MDNode) bool {
	t, ok := n.(*ir.MDTuple)
	if !ok || t == nil {
		return false
	}
	for _, op := range t.Ops[min(1, len(t.Ops)):] {
		if op == droppedDebugInfo {
			return true
		}
	}
	return false
}

// checkCompileUnits strips the debug info of a module with a
// DICompileUnit missing from !llvm.dbg.cu that LLVM's verifier visits
// (unless it reads as opt-22 and llvm-link-22 do, with
// Options.DebugTypeODRUniquing, whose verifier does not check that),
// which fails it, as llvm-dis-22 strips it ("ignoring invalid debug
// info"), when the verifier meets it at the module level: what the named
// metadata and the attachments of functions reach (not those of global
// variables, whose variables it visits alone). One only a body reaches
// (checkBodyUnits) makes the caller read the module again. A unit only
// a plain call's metadata argument reaches is not its concern.
func (r *Reader) checkCompileUnits() {
	if r.md.dropNamed || r.noDebug || r.stripDebug || r.odrTypes {
		return
	}
	var unlisted map[ir.Metadata]bool
	for _, m := range r.md.items {
		if n, ok := m.(*ir.SpecializedNode); ok && n.Kind == "DICompileUnit" && !r.listedUnit(n) {
			if unlisted == nil {
				unlisted = map[ir.Metadata]bool{}
			}
			unlisted[n] = true
		}
	}
	if unlisted == nil {
		return
	}
	w := unitWalk{units: unlisted, seen: map[ir.Metadata]bool{}}
	for _, nmd := range r.m.NamedMetadata {
		if nmd == nil {
			continue
		}
		for _, op := range nmd.Ops {
			w.visit(op)
		}
	}
	// Not the attachments of global variables: the verifier visits
	// their DIGlobalVariableExpressions and variables only, not what
	// those refer to (visitGlobalVariable).
	for _, f := range r.m.Functions {
		w.attachments(f.Metadata)
	}
	if w.found {
		// LLVM's verifier meets it at the module level: llvm-dis-22
		// ignores the invalid debug info, as for a node failing a check.
		r.stripDebugInfo()
		return
	}
	r.unlistedUnits = unlisted
}

// checkBodyUnits tells the caller, once, to read the module again without
// its debug info (stripOrSkip) for a DICompileUnit missing from
// !llvm.dbg.cu that the module-level metadata holds (checkCompileUnits) and that f's
// body reaches as LLVM's verifier visits a body: the function's and
// instructions' attachments, locations, debug records, and the metadata
// arguments of calls to intrinsics.
func (r *Reader) checkBodyUnits(f *ir.Function) {
	if len(r.unlistedUnits) == 0 {
		return
	}
	w := unitWalk{units: r.unlistedUnits, seen: map[ir.Metadata]bool{}}
	w.attachments(f.Metadata)
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			w.visit(in.DebugLoc)
			w.attachments(in.Metadata)
			for _, d := range in.DebugRecords {
				for _, op := range d.Ops {
					w.visit(op)
				}
			}
			eachIntrinsicMDArg(in, w.visit)
		}
	}
	if w.found {
		r.stripOrSkip(StripDebugInfo, unlistedUnit)
		r.unlistedUnits = nil
	}
}

// eachIntrinsicMDArg calls fn with the metadata of each metadata
// argument of in when in calls an intrinsic of LLVM 22 (whose calls
// LLVM's verifier visits, metadata arguments included).
func eachIntrinsicMDArg(in *ir.Instruction, fn func(ir.Metadata)) {
	if in.Op != ir.Call && in.Op != ir.Invoke && in.Op != ir.CallBr {
		return
	}
	i := slices.IndexFunc(in.Operands, func(op ir.Value) bool {
		_, ok := op.(*ir.MetadataValue)
		return ok
	})
	if i < 0 {
		return
	}
	if callee, ok := in.Callee.(*ir.Function); !ok || !isIntrinsic(callee.Name) {
		return
	}
	for _, op := range in.Operands[i:] {
		if mv, ok := op.(*ir.MetadataValue); ok {
			fn(mv.MD)
		}
	}
}

// isIntrinsic reports whether name is an intrinsic of LLVM 22, one whose
// calls LLVM's verifier checks (visitIntrinsicCall).
func isIntrinsic(name string) bool {
	_, ok := ir.IntrinsicName(name)
	return ok
}

// A unitWalk visits metadata from roots, noting whether it reaches one of
// units.
type unitWalk struct {
	units map[ir.Metadata]bool
	seen  map[ir.Metadata]bool
	stack []ir.Metadata
	found bool
}

func (w *unitWalk) attachments(atts []ir.Attachment) {
	for _, a := range atts {
		w.visit(a.Node)
	}
}

// visit walks what md reaches, with a stack of its own (debug info is
// deep), until a unit is found.
func (w *unitWalk) visit(md ir.Metadata) {
	w.stack = append(w.stack[:0], md)
	for len(w.stack) > 0 && !w.found {
		m := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		if ir.IsNilMetadata(m) || w.seen[m] {
			continue
		}
		w.seen[m] = true
		if w.units[m] {
			w.found = true
			return
		}
		ir.EachOperand(m, func(op ir.Metadata) { w.stack = append(w.stack, op) })
	}
}

// unlistedUnit is the report of a DICompileUnit missing from
// !llvm.dbg.cu.
const unlistedUnit = "llvm-dis-22 ignores invalid debug info (a DICompileUnit not listed in !llvm.dbg.cu) and strips it"

// checkListedUnit reports cu when !llvm.dbg.cu does not list it.
func (r *Reader) checkListedUnit(cu *ir.SpecializedNode) {
	if r.md.dropNamed || r.noDebug || r.stripDebug || r.odrTypes || r.listedUnit(cu) {
		return
	}
	if !r.debugDecided {
		// A body read with the module, before its debug info is known
		// to stay.
		r.earlyDbg = append(r.earlyDbg, Skip{Bit: r.base + r.recBit, Msg: unlistedUnit})
		return
	}
	r.stripOrSkip(StripDebugInfo, unlistedUnit)
}

// listedUnit reports whether !llvm.dbg.cu lists cu.
func (r *Reader) listedUnit(cu *ir.SpecializedNode) bool {
	if r.unitList == nil {
		for _, nmd := range r.m.NamedMetadata {
			if nmd != nil && nmd.Name == "llvm.dbg.cu" {
				r.unitList = nmd
			}
		}
	}
	if r.unitList != nil {
		for _, op := range r.unitList.Ops {
			if op == ir.MDNode(cu) {
				return true
			}
		}
	}
	return false
}

// unitField is the FieldName of a DISubprogram's compile unit.
var unitField = ir.FieldNameOf("unit")

// checkSubprogramUnit checks the compile unit of the DISubprogram a
// function's attachments atts give it, as the function's body is read
// (a unit only a function uses is in the function's metadata).
func (r *Reader) checkSubprogramUnit(atts []ir.Attachment) {
	for _, a := range atts {
		sp, ok := a.Node.(*ir.SpecializedNode)
		if a.Kind != "dbg" || !ok || sp.Kind != "DISubprogram" {
			continue
		}
		for i := range sp.Fields {
			if sp.Fields[i].Name != unitField {
				continue
			}
			if cu, ok := sp.Fields[i].MD.(*ir.SpecializedNode); ok && cu.Kind == "DICompileUnit" {
				r.checkListedUnit(cu)
			}
		}
	}
}

// arcMarker is the named metadata (module flag since LLVM 8) that says
// the objc_* runtime calls are to become intrinsics.
const arcMarker = "clang.arc.retainAutoreleasedReturnValueMarker"

// An arcFunc is an ARC runtime function LLVM 22 replaces by an intrinsic:
// its name, the intrinsic's, and the intrinsic's type ('v' void, 'p' ptr,
// 'i' i32; the result first, then the parameters).
type arcFunc struct{ old, new, sig string }

// arcRuntime are the objc_* functions, in LLVM 22's order.
var arcRuntime = [...]arcFunc{
	{"objc_autorelease", "llvm.objc.autorelease", "pp"},
	{"objc_autoreleasePoolPop", "llvm.objc.autoreleasePoolPop", "vp"},
	{"objc_autoreleasePoolPush", "llvm.objc.autoreleasePoolPush", "p"},
	{"objc_autoreleaseReturnValue", "llvm.objc.autoreleaseReturnValue", "pp"},
	{"objc_copyWeak", "llvm.objc.copyWeak", "vpp"},
	{"objc_destroyWeak", "llvm.objc.destroyWeak", "vp"},
	{"objc_initWeak", "llvm.objc.initWeak", "ppp"},
	{"objc_loadWeak", "llvm.objc.loadWeak", "pp"},
	{"objc_loadWeakRetained", "llvm.objc.loadWeakRetained", "pp"},
	{"objc_moveWeak", "llvm.objc.moveWeak", "vpp"},
	{"objc_release", "llvm.objc.release", "vp"},
	{"objc_retain", "llvm.objc.retain", "pp"},
	{"objc_retainAutorelease", "llvm.objc.retainAutorelease", "pp"},
	{"objc_retainAutoreleaseReturnValue", "llvm.objc.retainAutoreleaseReturnValue", "pp"},
	{"objc_retainAutoreleasedReturnValue", "llvm.objc.retainAutoreleasedReturnValue", "pp"},
	{"objc_retainBlock", "llvm.objc.retainBlock", "pp"},
	{"objc_storeStrong", "llvm.objc.storeStrong", "vpp"},
	{"objc_storeWeak", "llvm.objc.storeWeak", "ppp"},
	{"objc_unsafeClaimAutoreleasedReturnValue", "llvm.objc.unsafeClaimAutoreleasedReturnValue", "pp"},
	{"objc_retainedObject", "llvm.objc.retainedObject", "pp"},
	{"objc_unretainedObject", "llvm.objc.unretainedObject", "pp"},
	{"objc_unretainedPointer", "llvm.objc.unretainedPointer", "pp"},
	{"objc_retain_autorelease", "llvm.objc.retain.autorelease", "pp"},
	{"objc_sync_enter", "llvm.objc.sync.enter", "ip"},
	{"objc_sync_exit", "llvm.objc.sync.exit", "ip"},
	{"objc_arc_annotation_topdown_bbstart", "llvm.objc.arc.annotation.topdown.bbstart", "vpp"},
	{"objc_arc_annotation_topdown_bbend", "llvm.objc.arc.annotation.topdown.bbend", "vpp"},
	{"objc_arc_annotation_bottomup_bbstart", "llvm.objc.arc.annotation.bottomup.bbstart", "vpp"},
	{"objc_arc_annotation_bottomup_bbend", "llvm.objc.arc.annotation.bottomup.bbend", "vpp"},
}

// arcUse is clang.arc.use, upgraded whether or not the marker is there.
var arcUse = arcFunc{"clang.arc.use", "llvm.objc.clang.arc.use", "v."}

// arcSig returns the function type sig stands for.
func (r *Reader) arcSig(sig string) *ir.Type {
	t := func(c byte) *ir.Type {
		switch c {
		case 'v':
			return r.findType(&ir.Type{Kind: ir.VoidType})
		case 'i':
			return r.findType(&ir.Type{Kind: ir.IntegerType, BitWidth: 32})
		}
		return r.ptrType(0)
	}
	ft := &ir.Type{Kind: ir.FunctionType, Ret: t(sig[0])}
	for i := 1; i < len(sig); i++ {
		if sig[i] == '.' {
			ft.VarArg = true
			continue
		}
		ft.Params = append(ft.Params, t(sig[i]))
	}
	return ft
}

// arcUpgrade is one ARC function being replaced: its intrinsic and
// whether anything but an upgraded call uses the old function.
type arcUpgrade struct {
	decl *ir.Function
	used bool
}

// upgradeARC does UpgradeARCRuntime: it declares the intrinsics, loads
// every body once (upgradeBody rewriting the calls and noting the other
// uses) and removes the old functions nothing uses any more.
func (r *Reader) upgradeARC() {
	marker := r.upgradeARCMarker() || r.md.arcMarker
	if !marker && !slices.ContainsFunc(r.m.Functions, func(f *ir.Function) bool { return f.Name == arcUse.old }) {
		return
	}
	names := map[string]*ir.Function{}
	for _, f := range r.m.Functions {
		if f.Name != "" {
			names[f.Name] = f
		}
	}
	todo := []arcFunc{arcUse}
	if marker {
		todo = append(todo, arcRuntime[:]...)
	}
	var added []*ir.Function
	for _, a := range todo {
		old := names[a.old]
		if old == nil {
			continue
		}
		if r.up.arc == nil {
			r.up.arc = map[*ir.Function]*arcUpgrade{}
		}
		decl := names[a.new]
		if decl == nil {
			sig := r.arcSig(a.sig)
			decl = &ir.Function{GlobalHeader: ir.GlobalHeader{Name: a.new, Typ: r.ptrType(0), ValueType: sig}, Sig: sig}
			if intrinsicAttrs != nil {
				if l, ok := intrinsicAttrs(a.new, sig); ok {
					decl.Attrs = l
				}
			}
			names[a.new] = decl
			added = append(added, decl)
		}
		r.up.arc[old] = &arcUpgrade{decl: decl, used: r.usedByGlobals(old)}
	}
	if len(r.up.arc) == 0 {
		return
	}
	for _, f := range r.m.Functions {
		if !f.HasBody || f.Blocks != nil {
			continue
		}
		if err := r.LoadBody(f); err != nil {
			// Printing reports it when it loads the body again; the old
			// functions stay meanwhile.
			for _, u := range r.up.arc {
				u.used = true
			}
			continue
		}
		f.Params, f.Blocks = nil, nil
	}
	kept := make([]*ir.Function, 0, len(r.m.Functions)+len(added))
	for _, f := range r.m.Functions {
		if u := r.up.arc[f]; u != nil && !u.used {
			continue
		}
		kept = append(kept, f)
	}
	for _, m := range r.md.items {
		if vm, ok := m.(*ir.ValueAsMetadata); ok {
			if f, ok := vm.Value.(*ir.Function); ok && r.up.arc[f] != nil && !r.up.arc[f].used {
				r.skip("llvm-dis-22 deletes ARC function @%s, which metadata refers to; not done", f.Name)
			}
		}
	}
	r.m.Functions = append(kept, added...)
}

// upgradeARCMarker turns the named metadata arcMarker into a module flag,
// and reports whether it did.
func (r *Reader) upgradeARCMarker() bool {
	at := -1
	for i, nmd := range r.m.NamedMetadata {
		if nmd != nil && nmd.Name == arcMarker {
			at = i
			break
		}
	}
	if at < 0 {
		return false
	}
	nmd := r.m.NamedMetadata[at]
	if len(nmd.Ops) == 0 {
		r.skip("llvm-dis-22 fails on an empty !%s", arcMarker)
		return false
	}
	t, ok := nmd.Ops[0].(*ir.MDTuple)
	if !ok || len(t.Ops) == 0 {
		r.skip("llvm-dis-22 upgrades !%s and this one is not done", arcMarker)
		return false
	}
	s, ok := t.Ops[0].(*ir.MDString)
	if !ok {
		return false
	}
	if parts := strings.Split(s.Value, "#"); len(parts) == 2 {
		s = &ir.MDString{Value: parts[0] + ";" + parts[1]}
	}
	i32 := r.findType(&ir.Type{Kind: ir.IntegerType, BitWidth: 32})
	flag := &ir.MDTuple{Ops: []ir.Metadata{&ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: i32, V: 1}}, &ir.MDString{Value: arcMarker}, s}, ID: r.nodeID()}
	r.m.NamedMetadata = append(r.m.NamedMetadata[:at], r.m.NamedMetadata[at+1:]...)
	if flags := r.moduleFlags(); flags != nil {
		flags.Ops = append(flags.Ops, flag)
	} else {
		r.m.NamedMetadata = append(r.m.NamedMetadata, &ir.NamedMetadata{Name: "llvm.module.flags", Ops: []ir.MDNode{flag}})
	}
	return true
}

// usedByGlobals reports whether a global's initializer, an alias, an
// ifunc or a function's personality, prefix or prologue uses f.
func (r *Reader) usedByGlobals(f *ir.Function) bool {
	for _, g := range r.m.Globals {
		if g.Init != nil && constUses(g.Init, f, 0) {
			return true
		}
	}
	for _, a := range r.m.Aliases {
		if constUses(a.Aliasee, f, 0) {
			return true
		}
	}
	for _, i := range r.m.IFuncs {
		if constUses(i.Resolver, f, 0) {
			return true
		}
	}
	for _, g := range r.m.Functions {
		for _, c := range [...]ir.Constant{g.Personality, g.Prefix, g.Prologue} {
			if c != nil && constUses(c, f, 0) {
				return true
			}
		}
	}
	return false
}

// constUses reports whether constant c uses f; past maxStrip levels it
// says yes.
func constUses(c ir.Value, f *ir.Function, depth int) bool {
	if depth > maxStrip {
		return true
	}
	switch x := c.(type) {
	case *ir.Function:
		return x == f
	case *ir.ConstExpr:
		for _, op := range x.Operands {
			if constUses(op, f, depth+1) {
				return true
			}
		}
	case *ir.ConstAggregate:
		for _, e := range x.Elems {
			if constUses(e, f, depth+1) {
				return true
			}
		}
	}
	return false
}

// upgradeARCCall rebuilds a call of an ARC function that calls its
// intrinsic now, and notes any other use of one.
func (r *Reader) upgradeARCCall(in *ir.Instruction) {
	if len(r.up.arc) == 0 {
		return
	}
	if in.Op == ir.Call {
		if old, ok := in.Callee.(*ir.Function); ok {
			if u := r.up.arc[old]; u != nil {
				if !arcCallFits(in, old, u.decl) {
					u.used = true
				} else {
					in.Callee, in.FuncType = u.decl, u.decl.Sig
					in.Attrs, in.Metadata = ir.AttrList{}, nil
					dropBundles(in)
					in.CallConv, in.FMF = 0, 0
				}
			}
		}
	} else if f, ok := in.Callee.(*ir.Function); ok && r.up.arc[f] != nil {
		r.up.arc[f].used = true
	}
	for _, op := range in.Operands {
		switch op.(type) {
		case *ir.Function, *ir.ConstExpr, *ir.ConstAggregate:
			for old, u := range r.up.arc {
				if constUses(op, old, 0) {
					u.used = true
				}
			}
		}
	}
}

// arcCallFits reports whether call in of old is one LLVM 22 rebuilds as
// a call of decl: a direct call of old's own type whose result and
// arguments have the intrinsic's types.
func arcCallFits(in *ir.Instruction, old, decl *ir.Function) bool {
	ft, nt := in.FuncType, decl.Sig
	if ft == nil || old.Sig == nil || !sameFnType(ft, old.Sig) || !sameType(in.Typ, nt.Ret) && !sameKind(in.Typ, nt.Ret) {
		return false
	}
	for i, a := range in.Operands {
		if i >= len(nt.Params) {
			break
		}
		if !sameType(a.Type(), nt.Params[i]) {
			return false
		}
	}
	return len(in.Operands) >= len(nt.Params)
}

// sameKind reports whether a and b are both void or both the same
// integer type.
func sameKind(a, b *ir.Type) bool {
	if a == nil || b == nil || a.Kind != b.Kind {
		return false
	}
	return a.Kind == ir.VoidType || a.Kind == ir.IntegerType && a.BitWidth == b.BitWidth
}

// sameFnType reports whether function types a and b are equal, pointers
// being equal by address space.
func sameFnType(a, b *ir.Type) bool {
	if a == b {
		return true
	}
	if a.Kind != ir.FunctionType || b.Kind != ir.FunctionType || a.VarArg != b.VarArg || len(a.Params) != len(b.Params) {
		return false
	}
	if !sameType(a.Ret, b.Ret) && !sameKind(a.Ret, b.Ret) {
		return false
	}
	for i := range a.Params {
		if !sameType(a.Params[i], b.Params[i]) && !sameKind(a.Params[i], b.Params[i]) {
			return false
		}
	}
	return true
}

// incompatibleAttr reports whether LLVM 22 drops attribute a from a
// return value or parameter of type t (AttributeFuncs::typeIncompatible):
// integer-only, pointer-only and FP-only attributes elsewhere, noundef on
// void.
func incompatibleAttr(a *ir.Attribute, t *ir.Type) bool {
	if t == nil {
		return false
	}
	scalar := t
	if t.IsVector() && t.Elem != nil {
		scalar = t.Elem
	}
	switch a.Kind {
	case ir.AttrAllocAlign, ir.AttrSExt, ir.AttrZExt:
		return t.Kind != ir.IntegerType
	case ir.AttrRange:
		return scalar.Kind != ir.IntegerType || a.Range.BitWidth != scalar.BitWidth
	case ir.AttrNoAlias, ir.AttrNonNull, ir.AttrReadNone, ir.AttrReadOnly, ir.AttrDereferenceable,
		ir.AttrDereferenceableOrNull, ir.AttrWritable, ir.AttrDeadOnUnwind, ir.AttrInitializes,
		ir.AttrCaptures, ir.AttrDeadOnReturn, ir.AttrNest, ir.AttrSwiftError, ir.AttrPreallocated,
		ir.AttrInAlloca, ir.AttrByVal, ir.AttrStructRet, ir.AttrByRef, ir.AttrElementType,
		ir.AttrAllocatedPointer:
		return t.Kind != ir.PointerType
	case ir.AttrAlignment:
		return scalar.Kind != ir.PointerType
	case ir.AttrNoFPClass:
		return !noFPClassType(t, 0)
	case ir.AttrNoUndef:
		return t.Kind == ir.VoidType
	}
	return false
}

// noFPClassType reports whether nofpclass applies to t: floating point,
// or vectors and arrays (nested) of it.
func noFPClassType(t *ir.Type, depth int) bool {
	for ; depth < maxStrip && t != nil; depth++ {
		switch {
		case t.IsFloatingPoint():
			return true
		case t.IsVector() || t.Kind == ir.ArrayType:
			t = t.Elem
		default:
			return false
		}
	}
	return false
}

// dropIncompatible returns s without the attributes incompatibleAttr
// finds for t: s itself when there are none (attribute sets are shared).
func dropIncompatible(s ir.AttrSet, t *ir.Type) ir.AttrSet {
	n := 0
	for i := range s {
		if incompatibleAttr(&s[i], t) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	out := make(ir.AttrSet, 0, len(s)-n)
	for i := range s {
		if !incompatibleAttr(&s[i], t) {
			out = append(out, s[i])
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// dropIncompatibleList applies dropIncompatible to the return value and
// parameters of l, for a function or call of type ft whose arguments have
// types args (nil: the parameters'). It returns l itself when nothing
// goes.
func dropIncompatibleList(l ir.AttrList, ft *ir.Type, args []ir.Value) ir.AttrList {
	if ft == nil || ft.Kind != ir.FunctionType || len(l.Ret) == 0 && len(l.Params) == 0 {
		return l
	}
	out := l
	copied := false
	if ret := dropIncompatible(l.Ret, ft.Ret); len(ret) != len(l.Ret) {
		out.Ret = ret
	}
	for i, p := range l.Params {
		if len(p) == 0 {
			continue
		}
		var t *ir.Type
		switch {
		case args != nil && i < len(args) && args[i] != nil:
			t = args[i].Type()
		case args == nil && i < len(ft.Params):
			t = ft.Params[i]
		default:
			continue
		}
		np := dropIncompatible(p, t)
		if len(np) == len(p) {
			continue
		}
		if !copied {
			out.Params = append([]ir.AttrSet(nil), l.Params...)
			copied = true
		}
		out.Params[i] = np
	}
	return out
}

// dropIncompatibleFnAttrs applies dropIncompatibleList to every
// function's attributes, as UpgradeFunctionAttributes does.
func (r *Reader) dropIncompatibleFnAttrs() {
	for _, f := range r.m.Functions {
		f.Attrs = dropIncompatibleList(f.Attrs, f.Sig, nil)
	}
}

// attachSubprogram makes sp f's !dbg, in place of any the body attached,
// as LLVM 22 does when it loads the body of a function that a DISubprogram
// of LLVM 3.7 or 3.8 names (Function::setSubprogram).
func (r *Reader) attachSubprogram(f *ir.Function, sp *ir.SpecializedNode) {
	n := r.fnMD[f] // the attachments f had before the load stay first
	for i := n; i < len(f.Metadata); i++ {
		if f.Metadata[i].Kind == "dbg" {
			f.Metadata[i].Node = sp
			return
		}
	}
	f.Metadata = append(f.Metadata, ir.Attachment{Kind: "dbg", Node: sp})
	if n <= len(f.Metadata) {
		r.sortAttachments(f.Metadata[n:])
	}
}

// A cuList is a DICompileUnit of LLVM 3.8 or older and its list of
// subprograms (a metadata ID plus one).
type cuList struct {
	cu *ir.SpecializedNode
	id uint64
}

// upgradeCUSubprograms gives each DISubprogram that an old DICompileUnit
// lists that unit, as LLVM 22 does once the module's metadata is read
// (upgradeCUSubprograms, DISubprogram::replaceUnit); the list itself is
// not kept.
func (r *Reader) upgradeCUSubprograms() {
	for _, l := range r.cuSubprograms {
		t, ok := r.md.get(l.id - 1).(*ir.MDTuple)
		if !ok {
			continue
		}
		for _, op := range t.Ops {
			if sp, ok := op.(*ir.SpecializedNode); ok && sp.Kind == "DISubprogram" {
				replaceUnit(sp, l.cu)
			}
		}
	}
	r.cuSubprograms = nil
}

// spUnitRef is the index of a DISubprogram's unit in its Refs (LLVM's
// operand order: file, scope, name, linkageName, type, unit, ...).
const spUnitRef = 5

// spAfterUnit are the DISubprogram fields that come after the unit in
// print order.
var spAfterUnit = []string{"templateParams", "declaration", "retainedNodes", "thrownTypes", "annotations", "targetFuncName", "keyInstructions"}

// replaceUnit makes cu the unit of subprogram sp: its field, where the
// print order has it, and its operand.
func replaceUnit(sp, cu *ir.SpecializedNode) {
	if spUnitRef < len(sp.Refs) {
		sp.Refs[spUnitRef] = cu
	}
	name := ir.FieldNameOf("unit")
	for i := range sp.Fields {
		if sp.Fields[i].Name == name {
			sp.Fields[i].MD = cu
			return
		}
	}
	at := len(sp.Fields)
	for i, f := range sp.Fields {
		if slices.ContainsFunc(spAfterUnit, func(s string) bool { return ir.FieldNameOf(s) == f.Name }) {
			at = i
			break
		}
	}
	sp.Fields = slices.Insert(sp.Fields, at, ir.Field{Name: name, MD: cu, Kind: ir.FieldMD})
}
