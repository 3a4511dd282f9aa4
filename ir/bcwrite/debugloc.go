package bcwrite

import (
	"fmt"
	"strings"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// This file writes what a body holds of debug info besides its
// attachments, as LLVM 22 does: instructions' locations (DEBUG_LOC, or
// DEBUG_LOC_AGAIN for the location written last), debug records
// (DEBUG_RECORD_*, after the instruction they go before), and the
// function-local metadata they use: local values and argument lists,
// numbered after the function's other metadata (incorporateFunction).

// The abbreviation IDs writeBlockInfo gives the debug records and
// locations of a function block, after fnCmpFlagsAbbrev.
const (
	fnDebugRecordValueAbbrev = fnCmpFlagsAbbrev + 1 + iota
	fnDebugLocAbbrev
)

// isLocal reports whether md is a function-local value's metadata.
func isLocal(md ir.Metadata) bool {
	v, ok := md.(*ir.ValueAsMetadata)
	if !ok {
		return false
	}
	_, c := v.Value.(ir.Constant)
	return !c
}

// checkLocation returns what in md, the location of a debug record or
// a metadata operand, this writer cannot write yet: function-local
// values and argument lists of them are written in the function's
// METADATA block.
func checkLocation(md ir.Metadata, seen *mdSeen) error {
	if l, ok := md.(*ir.DIArgList); ok {
		for _, a := range l.Args {
			if !isLocal(a) {
				if err := checkMD(a, seen); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if isLocal(md) {
		return nil
	}
	if md == nil {
		return &UnsupportedError{What: "a null metadata operand"}
	}
	return checkMD(md, seen)
}

// checkDebug returns what of in's location and debug records this
// writer cannot write yet.
func checkDebug(in *ir.Instruction, seen *mdSeen) error {
	if in.DebugLoc != nil {
		l, ok := in.DebugLoc.(*ir.DILocation)
		if !ok {
			return &UnsupportedError{What: fmt.Sprintf("a debug location of kind %T", in.DebugLoc)}
		}
		// The location itself is written in the instruction's record;
		// its operands are mostly those of the instruction before.
		scope, at := nodeKey{l.Scope, nodeID(l.Scope)}, nodeKey{l.InlinedAt, nodeID(l.InlinedAt)}
		if scope != seen.lastScope || at != seen.lastInlinedAt {
			if err := checkMD(l.Scope, seen); err != nil {
				return err
			}
			if err := checkMD(l.InlinedAt, seen); err != nil {
				return err
			}
			seen.lastScope, seen.lastInlinedAt = scope, at
		}
	}
	for _, r := range in.DebugRecords {
		for i, op := range r.Ops {
			if r.Kind != ir.DbgLabel && (i == 0 || r.Kind == ir.DbgAssign && i == 4) {
				if err := checkLocation(op, seen); err != nil {
					return err
				}
				continue
			}
			if op == nil {
				return &UnsupportedError{What: "a debug record with a null operand"}
			}
			if err := checkMD(op, seen); err != nil {
				return err
			}
		}
	}
	return nil
}

// enumNonLocal numbers what of a debug record's location md is not
// function-local (EnumerateNonLocalValuesFromMetadata).
func (e *enumerator) enumNonLocal(tag uint32, md ir.Metadata) {
	if l, ok := md.(*ir.DIArgList); ok {
		for _, a := range l.Args {
			if !isLocal(a) {
				e.enumMD(tag, a)
			}
		}
		return
	}
	if !isLocal(md) {
		e.enumMD(tag, md)
	}
}

// enumRecordMD numbers the metadata of in's debug records: a label's
// label and location; a variable record's location, expression,
// variable and location, and a dbg_assign's address, ID and address
// expression.
func (e *enumerator) enumRecordMD(tag uint32, in *ir.Instruction) {
	for _, r := range in.DebugRecords {
		o := r.Ops
		switch r.Kind {
		case ir.DbgLabel:
			e.enumMD(tag, o[0])
			e.enumMD(tag, o[1])
		case ir.DbgAssign:
			// [value, variable, expression, ID, address, address
			// expression, location]
			e.enumNonLocal(tag, o[0])
			e.enumMD(tag, o[2])
			e.enumMD(tag, o[1])
			e.enumMD(tag, o[6])
			e.enumNonLocal(tag, o[4])
			e.enumMD(tag, o[3])
			e.enumMD(tag, o[5])
		default:
			// [value, variable, expression, location]
			e.enumNonLocal(tag, o[0])
			e.enumMD(tag, o[2])
			e.enumMD(tag, o[1])
			e.enumMD(tag, o[3])
		}
	}
}

// enumLocMD numbers the operands of in's location, which is written in
// the instruction's DEBUG_LOC rather than numbered itself.
func (e *enumerator) enumLocMD(tag uint32, in *ir.Instruction) {
	l, ok := in.DebugLoc.(*ir.DILocation)
	if !ok || l == nil {
		return
	}
	// Most instructions share the operands of the one before, which
	// numbering again for the same function would leave as they are.
	c := &e.md.lastLoc
	now := locCache{tag: tag, scope: nodeKey{l.Scope, nodeID(l.Scope)},
		inlinedAt: nodeKey{l.InlinedAt, nodeID(l.InlinedAt)}, seq: e.md.seq}
	if *c == now {
		return
	}
	e.enumMD(tag, l.Scope)
	e.enumMD(tag, l.InlinedAt)
	now.seq = e.md.seq
	*c = now
}

// A locCache is the operands of the location enumLocMD numbered last,
// for the function tag, when the numbering's last number was seq.
type locCache struct {
	tag              uint32
	scope, inlinedAt nodeKey
	seq              uint32
}

// argListKey identifies an argument list as LLVM's context uniques it:
// by its arguments.
func (e *enumerator) argListKey(l *ir.DIArgList) string {
	var b strings.Builder
	b.WriteString("!arglist")
	for _, a := range l.Args {
		fmt.Fprintf(&b, ",%v", e.mdKey(a))
	}
	return b.String()
}

// localKey is mdKey for function-local metadata.
func (e *enumerator) localKey(md ir.Metadata) any {
	if l, ok := md.(*ir.DIArgList); ok {
		return e.argListKey(l)
	}
	return e.mdKey(md)
}

// localMD numbers f's function-local metadata after the metadata of its
// block: the local values its debug records use, in the order met, then
// their argument lists.
func (e *enumerator) localMD(f *ir.Function) {
	var opBuf []ir.Value
	s := &e.md
	var values, lists []ir.Metadata
	add := func(md ir.Metadata) {
		if l, ok := md.(*ir.DIArgList); ok {
			lists = append(lists, l)
			for _, a := range l.Args {
				if isLocal(a) {
					values = append(values, a)
				}
			}
		} else if isLocal(md) {
			values = append(values, md)
		}
	}
	for _, blk := range f.Blocks {
		for _, in := range blk.Instrs {
			for _, v := range operands(&opBuf, in) {
				if mv, ok := v.(*ir.MetadataValue); ok {
					add(mv.MD)
				}
			}
			for _, r := range in.DebugRecords {
				if r.Kind == ir.DbgLabel {
					continue
				}
				add(r.Ops[0])
				if r.Kind == ir.DbgAssign {
					add(r.Ops[4])
				}
			}
		}
	}
	next := uint32(len(s.module) + len(s.fn[e.valueID(f)+1]))
	for _, md := range append(values, lists...) {
		k := e.localKey(md)
		if s.localFinal == nil {
			s.localFinal = map[any]uint32{}
		}
		if _, ok := s.localFinal[k]; ok {
			continue
		}
		s.localFinal[k] = next
		next++
		s.locals = append(s.locals, md)
	}
}

// forgetLocalMD drops the numbers of the body's function-local metadata.
func (e *enumerator) forgetLocalMD() {
	for _, md := range e.md.locals {
		delete(e.md.localFinal, e.localKey(md))
	}
	e.md.locals = e.md.locals[:0]
}

// localRecords writes the body's function-local metadata: a local value
// as METADATA_VALUE [type, value], an argument list as
// METADATA_ARG_LIST [metadata...].
func (w *writer) localRecords() {
	e := w.e
	for _, md := range e.md.locals {
		switch m := md.(type) {
		case *ir.ValueAsMetadata:
			w.bs.WriteRecord(uint32(llvmir.METADATA_VALUE), []uint64{uint64(e.typeID(m.Value.Type())), uint64(e.valueID(m.Value))})
		case *ir.DIArgList:
			ops := make([]uint64, 0, len(m.Args))
			for _, a := range m.Args {
				ops = append(ops, e.localID(a))
			}
			w.bs.WriteRecord(uint32(llvmir.METADATA_ARG_LIST), ops)
		}
	}
}

// localID returns the number of md, function-local or not.
func (e *enumerator) localID(md ir.Metadata) uint64 {
	if _, ok := md.(*ir.DIArgList); ok || isLocal(md) {
		return uint64(e.md.localFinal[e.localKey(md)])
	}
	return e.mdID(md)
}

// sameLoc reports whether a and b are the same location: LLVM's
// uniqued locations are equal when all they hold is.
func sameLoc(a, b *ir.DILocation) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Distinct || b.Distinct {
		return false
	}
	return a.Line == b.Line && a.Column == b.Column && a.Scope == b.Scope && a.InlinedAt == b.InlinedAt &&
		a.ImplicitCode == b.ImplicitCode && a.AtomGroup == b.AtomGroup && a.AtomRank == b.AtomRank
}

// debugLoc writes in's location, if any, after it: DEBUG_LOC_AGAIN when
// it is last's, else DEBUG_LOC [line, column, scope+1, inlinedAt+1,
// implicit, atom group, atom rank]. It returns the location written
// last.
func (w *writer) debugLoc(in *ir.Instruction, last *ir.DILocation) *ir.DILocation {
	l, ok := in.DebugLoc.(*ir.DILocation)
	if !ok || l == nil {
		return last
	}
	if sameLoc(l, last) {
		w.bs.WriteRecord(uint32(llvmir.FUNC_CODE_DEBUG_LOC_AGAIN), nil)
		return last
	}
	ops := []uint64{uint64(l.Line), uint64(l.Column), w.e.mdOrNullID(l.Scope), w.e.mdOrNullID(l.InlinedAt),
		b2u(l.ImplicitCode), l.AtomGroup, uint64(l.AtomRank)}
	if w.older() {
		// Key-instruction atoms are LLVM 21's: an older reader takes
		// the five operands before them.
		w.loseAtom(l)
		w.bs.WriteRecord(uint32(llvmir.FUNC_CODE_DEBUG_LOC), ops[:5])
		return l
	}
	w.bs.WriteAbbrevRecord(fnDebugLocAbbrev, uint32(llvmir.FUNC_CODE_DEBUG_LOC), ops, nil)
	return l
}

// debugRecords writes in's debug records; id is the number of the next
// instruction's value. A dbg_value of a value numbered before id is
// DEBUG_RECORD_VALUE_SIMPLE [location, variable, expression, relative
// value]; other records name their operands by metadata number.
func (w *writer) debugRecords(in *ir.Instruction, id uint64) {
	e := w.e
	for _, r := range in.DebugRecords {
		o := r.Ops
		if r.Kind == ir.DbgLabel {
			w.bs.WriteRecord(uint32(llvmir.FUNC_CODE_DEBUG_RECORD_LABEL), []uint64{e.mdID(o[1]), e.mdID(o[0])})
			continue
		}
		loc := o[3]
		if r.Kind == ir.DbgAssign {
			loc = o[6]
		}
		ops := []uint64{e.mdID(loc), e.mdID(o[1]), e.mdID(o[2])}
		switch r.Kind {
		case ir.DbgValue:
			if v, ok := o[0].(*ir.ValueAsMetadata); ok {
				if vid := uint64(e.valueID(v.Value)); vid < id {
					w.bs.WriteAbbrevRecord(fnDebugRecordValueAbbrev, uint32(llvmir.FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE),
						append(ops, id-vid), nil)
					continue
				}
			}
			w.bs.WriteRecord(uint32(llvmir.FUNC_CODE_DEBUG_RECORD_VALUE), append(ops, e.localID(o[0])))
		case ir.DbgDeclare:
			w.bs.WriteRecord(uint32(llvmir.FUNC_CODE_DEBUG_RECORD_DECLARE), append(ops, e.localID(o[0])))
		case ir.DbgDeclareValue:
			if w.older() {
				w.lose("#dbg_declare_value record (dropped)")
				continue
			}
			w.bs.WriteRecord(uint32(llvmir.FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE), append(ops, e.localID(o[0])))
		case ir.DbgAssign:
			w.bs.WriteRecord(uint32(llvmir.FUNC_CODE_DEBUG_RECORD_ASSIGN),
				append(ops, e.localID(o[0]), e.mdID(o[3]), e.mdID(o[5]), e.localID(o[4])))
		}
	}
}
