package link

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/bcextract/bcextract/ir"
)

// The module flag behaviours (Module::ModFlagBehavior).
const (
	flagError        = 1
	flagWarning      = 2
	flagRequire      = 3
	flagOverride     = 4
	flagAppend       = 5
	flagAppendUnique = 6
	flagMax          = 7
	flagMin          = 8
)

// A flag is one module flag: !{i32 behaviour, !"id", value}.
type flag struct {
	node     ir.MDNode
	behavior uint64
	id       string
	value    ir.Metadata
}

// parseFlag reads module flag node n; ok is false when n is not one.
func parseFlag(n ir.MDNode) (flag, bool) {
	t, ok := n.(*ir.MDTuple)
	if !ok || len(t.Ops) != 3 {
		return flag{}, false
	}
	b, ok := constIntOf(t.Ops[0])
	id, ok2 := t.Ops[1].(*ir.MDString)
	if !ok || !ok2 {
		return flag{}, false
	}
	return flag{node: n, behavior: uint64(b.V), id: id.Value, value: t.Ops[2]}, true
}

func constIntOf(md ir.Metadata) (*ir.ConstInt, bool) {
	v, ok := md.(*ir.ValueAsMetadata)
	if !ok {
		return nil, false
	}
	c, ok := v.Value.(*ir.ConstInt)
	return c, ok && c.Big == nil
}

// flagText prints a flag's value as LLVM's messages do ('i32 1').
func flagText(md ir.Metadata) string {
	if c, ok := constIntOf(md); ok {
		return "i" + strconv.Itoa(int(c.Typ.BitWidth)) + " " + strconv.FormatInt(c.V, 10)
	}
	if s, ok := md.(*ir.MDString); ok {
		return "!" + strconv.Quote(s.Value)
	}
	return fmt.Sprintf("%T", md)
}

// linkModuleFlags is IRLinker::linkModuleFlagsMetadata.
func (m *mover) linkModuleFlags() error {
	l, dst := m.l, m.l.m
	var srcFlags *ir.NamedMetadata
	for _, n := range m.src.NamedMetadata {
		if n.Name == "llvm.module.flags" {
			srcFlags = n
		}
	}
	if srcFlags == nil {
		return nil
	}
	var dstFlags *ir.NamedMetadata
	for _, n := range dst.NamedMetadata {
		if n.Name == "llvm.module.flags" {
			dstFlags = n
		}
	}
	if dstFlags == nil {
		dstFlags = &ir.NamedMetadata{Name: "llvm.module.flags"}
		dst.NamedMetadata = append(dst.NamedMetadata, dstFlags)
	}
	uniq := func(n ir.MDNode) ir.MDNode {
		m.mapMD(n)
		if u, ok := l.md.unique(n).(ir.MDNode); ok {
			return u
		}
		return n
	}
	if len(dstFlags.Ops) == 0 {
		for _, op := range srcFlags.Ops {
			dstFlags.Ops = append(dstFlags.Ops, uniq(op))
		}
		return nil
	}
	type entry struct {
		f   flag
		idx int
	}
	flags := map[string]entry{}
	var requirements []ir.Metadata
	var mins []int
	seenMin := map[string]bool{}
	for i, op := range dstFlags.Ops {
		f, ok := parseFlag(op)
		if !ok {
			return &UnsupportedError{What: "a module flag that is not !{i32, !\"id\", value}"}
		}
		if f.behavior == flagRequire {
			requirements = append(requirements, f.value)
			continue
		}
		if f.behavior == flagMin {
			mins = append(mins, i)
		}
		flags[f.id] = entry{f, i}
	}
	same := func(a, b ir.Metadata) bool { return l.md.unique(a) == l.md.unique(b) }
	// sameElem is same for the elements of an AppendUnique flag's
	// value: the context's one string of each text (a module's strings
	// are their own objects here).
	sameElem := func(a, b ir.Metadata) bool {
		sa, ok1 := a.(*ir.MDString)
		sb, ok2 := b.(*ir.MDString)
		if ok1 && ok2 {
			return sa.Value == sb.Value
		}
		return same(a, b)
	}
	for _, op := range srcFlags.Ops {
		op = uniq(op)
		sf, ok := parseFlag(op)
		if !ok {
			return &UnsupportedError{What: "a module flag that is not !{i32, !\"id\", value}"}
		}
		de, have := flags[sf.id]
		seenMin[sf.id] = true
		if sf.behavior == flagRequire {
			dup := false
			for _, r := range requirements {
				dup = dup || r == sf.value
			}
			if !dup {
				requirements = append(requirements, sf.value)
				dstFlags.Ops = append(dstFlags.Ops, op)
			}
			continue
		}
		if !have {
			if sf.behavior == flagMin {
				mins = append(mins, len(dstFlags.Ops))
				delete(seenMin, sf.id)
			}
			flags[sf.id] = entry{sf, len(dstFlags.Ops)}
			dstFlags.Ops = append(dstFlags.Ops, op)
			continue
		}
		df := de.f
		override := func() {
			dstFlags.Ops[de.idx] = op
			flags[sf.id] = entry{sf, de.idx}
		}
		if df.behavior == flagOverride {
			if sf.behavior == flagOverride && !same(sf.value, df.value) {
				return &Error{Msg: "linking module flags '" + sf.id + "': IDs have conflicting override values in '" + m.name + "' and '" + l.name + "'"}
			}
			continue
		} else if sf.behavior == flagOverride {
			override()
			continue
		}
		if sf.behavior != df.behavior {
			minWarn := sf.behavior == flagMin && df.behavior == flagWarning || df.behavior == flagMin && sf.behavior == flagWarning
			maxWarn := sf.behavior == flagMax && df.behavior == flagWarning || df.behavior == flagMax && sf.behavior == flagWarning
			if !minWarn && !maxWarn {
				return &Error{Msg: "linking module flags '" + sf.id + "': IDs have conflicting behaviors in '" + m.name + "' and '" + l.name + "'"}
			}
		}
		switch sf.behavior {
		case flagError:
			if !same(sf.value, df.value) {
				return &Error{Msg: "linking module flags '" + sf.id + "': IDs have conflicting values: '" + flagText(sf.value) + "' from " + m.name + ", and '" + flagText(df.value) + "' from " + l.name}
			}
		case flagWarning:
			if !same(sf.value, df.value) {
				l.warn("linking module flags '" + sf.id + "': IDs have conflicting values ('" + flagText(sf.value) + "' from " + m.name + " with '" + flagText(df.value) + "' from " + l.name + ")")
			}
		case flagMax, flagMin:
			sv, ok1 := constIntOf(sf.value)
			dv, ok2 := constIntOf(df.value)
			if !ok1 || !ok2 {
				return &UnsupportedError{What: "a Max or Min module flag that is not an integer"}
			}
			if sf.behavior == flagMax && uint64(sv.V) > uint64(dv.V) || sf.behavior == flagMin && uint64(sv.V) < uint64(dv.V) {
				override()
			}
		case flagAppend, flagAppendUnique:
			dv, ok1 := df.value.(*ir.MDTuple)
			sv, ok2 := sf.value.(*ir.MDTuple)
			if !ok1 || !ok2 {
				return &UnsupportedError{What: "an Append module flag whose value is not a tuple ('" + sf.id + "')"}
			}
			if !dv.Distinct {
				// ensureDistinctOp: the flag and its value made
				// distinct, to be added to in place.
				dv = &ir.MDTuple{Ops: slices.Clone(dv.Ops), Distinct: true}
				t := df.node.(*ir.MDTuple)
				flagNode := &ir.MDTuple{Ops: []ir.Metadata{t.Ops[0], t.Ops[1], dv}, Distinct: true}
				dstFlags.Ops[de.idx] = flagNode
				flags[sf.id] = entry{flag{node: flagNode, behavior: df.behavior, id: df.id, value: dv}, de.idx}
			}
			for _, o := range sv.Ops {
				if sf.behavior == flagAppendUnique && slices.ContainsFunc(dv.Ops, func(d ir.Metadata) bool { return sameElem(d, o) }) {
					continue
				}
				dv.Ops = append(dv.Ops, o)
			}
		default:
			if !same(sf.value, df.value) {
				return &UnsupportedError{What: "merging module flags of behaviour " + strconv.FormatUint(sf.behavior, 10) + " ('" + sf.id + "')"}
			}
		}
	}
	for _, i := range mins {
		f, _ := parseFlag(dstFlags.Ops[i])
		if seenMin[f.id] {
			continue
		}
		v, ok := constIntOf(f.value)
		if !ok {
			return &UnsupportedError{What: "a Min module flag that is not an integer ('" + f.id + "')"}
		}
		t := f.node.(*ir.MDTuple)
		n := &ir.MDTuple{Ops: []ir.Metadata{t.Ops[0], t.Ops[1], &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: v.Typ}}}}
		dstFlags.Ops[i] = l.md.unique(n).(ir.MDNode)
	}
	for _, r := range requirements {
		t, ok := r.(*ir.MDTuple)
		if !ok || len(t.Ops) != 2 {
			continue
		}
		id, _ := t.Ops[0].(*ir.MDString)
		if id == nil {
			continue
		}
		e, ok := flags[id.Value]
		if !ok || !same(e.f.value, t.Ops[1]) {
			return &Error{Msg: "linking module flags '" + id.Value + "': does not have the required value"}
		}
	}
	return nil
}
