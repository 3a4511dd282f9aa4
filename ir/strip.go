package ir

import (
	"slices"
	"strings"
)

// StripDebugInfo removes the module-level debug info of m as LLVM's
// StripDebugInfo does (`opt -strip-debug`): the named metadata whose name
// starts with "llvm.dbg." and llvm.gcov, and the !dbg attachments of the
// global variables and the function declarations. The bodies are stripped
// one at a time by StripBodyDebugInfo, which a DebugStripper calls as it
// loads them; a body already in memory is stripped here.
func StripDebugInfo(m *Module) {
	kept := m.NamedMetadata[:0]
	for _, nmd := range m.NamedMetadata {
		if !strings.HasPrefix(nmd.Name, "llvm.dbg.") && nmd.Name != "llvm.gcov" {
			kept = append(kept, nmd)
		}
	}
	clear(m.NamedMetadata[len(kept):])
	m.NamedMetadata = kept
	for _, g := range m.Globals {
		g.Metadata = withoutKind(g.Metadata, "dbg")
	}
	for _, f := range m.Functions {
		// A declaration's attachments are the module's; those of a
		// function with a body come with the body.
		f.Metadata = withoutKind(f.Metadata, "dbg")
		if f.Blocks != nil {
			StripBodyDebugInfo(m, f)
		}
	}
}

// StripBodyDebugInfo removes the debug info of function f, whose body is
// loaded, as LLVM's stripDebugInfo(Function&) does: the function's !dbg
// attachment, calls of debug intrinsics, instructions' locations and debug
// records, their !heapallocsite and !DIAssignID attachments, and the
// locations in their loop metadata (a loop ID that reaches a DILocation
// is made anew without them, once per function, or dropped when it holds
// nothing else). As LLVM, which names the kind to clear it, it registers
// the kind heapallocsite in m.MetadataKinds at the first instruction with
// an attachment.
func StripBodyDebugInfo(m *Module, f *Function) {
	f.Metadata = withoutKind(f.Metadata, "dbg")
	loops := map[MDNode]MDNode{}
	for _, b := range f.Blocks {
		kept := b.Instrs[:0]
		for _, in := range b.Instrs {
			if isDebugIntrinsicCall(in) {
				continue
			}
			kept = append(kept, in)
			in.DebugLoc = nil
			in.DebugRecords = nil
			if len(in.Metadata) == 0 {
				continue
			}
			if !slices.Contains(m.MetadataKinds, "heapallocsite") {
				m.MetadataKinds = append(m.MetadataKinds, "heapallocsite")
			}
			md := in.Metadata[:0]
			for _, a := range in.Metadata {
				switch a.Kind {
				case "heapallocsite", "DIAssignID":
					continue
				case "llvm.loop":
					n, ok := loops[a.Node]
					if !ok {
						n = stripLoopLocations(a.Node)
						loops[a.Node] = n
					}
					if n == nil {
						continue
					}
					a.Node = n
				}
				md = append(md, a)
			}
			clear(in.Metadata[len(md):])
			in.Metadata = md
		}
		clear(b.Instrs[len(kept):])
		b.Instrs = kept
	}
}

// isDebugIntrinsicCall reports whether in calls a debug intrinsic
// (llvm.dbg.*), which a module read from older bitcode may still hold.
func isDebugIntrinsicCall(in *Instruction) bool {
	if in.Op != Call {
		return false
	}
	f, ok := in.Callee.(*Function)
	return ok && strings.HasPrefix(f.Name, "llvm.dbg.")
}

// withoutKind returns as without the attachments of kind k.
func withoutKind(as []Attachment, k string) []Attachment {
	kept := as[:0]
	for _, a := range as {
		if a.Kind != k {
			kept = append(kept, a)
		}
	}
	clear(as[len(kept):])
	return kept
}

// stripLoopLocations returns loop ID n without the operands that are or
// reach a DILocation (stripDebugLocFromLoopID): n itself when none does,
// nil when nothing else is left, else a new distinct loop ID whose first
// operand is itself.
func stripLoopLocations(n MDNode) MDNode {
	t, ok := n.(*MDTuple)
	if !ok || len(t.Ops) == 0 {
		return n
	}
	visited := map[Metadata]bool{n: true}
	reach := map[Metadata]bool{}
	found := false
	for _, op := range t.Ops {
		if reachesLocation(visited, reach, op) {
			found = true
		}
	}
	if !found {
		return n
	}
	all := true
	for _, op := range t.Ops[1:] {
		if !reachesLocation(visited, reach, op) {
			all = false
		}
	}
	if all {
		return nil
	}
	nt := &MDTuple{Distinct: true, Ops: []Metadata{nil}}
	for _, op := range t.Ops[1:] {
		switch {
		case IsNilMetadata(op):
			nt.Ops = append(nt.Ops, nil)
		case isLocation(op) || reach[op]:
		default:
			nt.Ops = append(nt.Ops, op)
		}
	}
	nt.Ops[0] = nt
	return nt
}

func isLocation(md Metadata) bool {
	_, ok := md.(*DILocation)
	return ok
}

// reachesLocation reports whether md is a DILocation or a node from which
// one is reachable (isDILocationReachable), noting in reach every node
// found to reach one.
func reachesLocation(visited, reach map[Metadata]bool, md Metadata) bool {
	if IsNilMetadata(md) {
		return false
	}
	var ops []Metadata
	switch m := md.(type) {
	case *DILocation:
		return true
	case *MDTuple:
		ops = m.Ops
	case *SpecializedNode:
		ops = m.Refs
		if ops == nil {
			for _, f := range m.Fields {
				if f.MD != nil && (f.Kind == FieldMD || f.Kind == FieldConstInt || f.Kind == FieldSize || f.Kind == FieldMDList) {
					ops = append(ops, f.MD)
				}
			}
		}
	default:
		return false
	}
	if reach[md] {
		return true
	}
	if visited[md] {
		return false
	}
	visited[md] = true
	for _, op := range ops {
		if reachesLocation(visited, reach, op) {
			reach[md] = true
		}
	}
	return reach[md]
}

// A DebugStripper is a body loader that strips the debug info of each
// body Loader loads (StripBodyDebugInfo), as LLVM's reader does once
// StripDebugInfo has run (setStripDebugInfo). It releases bodies through
// Loader when that is a BodyReleaser.
type DebugStripper struct {
	Module *Module
	Loader BodyLoader
}

// A DebugInfoStripSetter is a BodyLoader that can be told that its
// caller strips the debug info of every body it loads from then on, as
// LLVM's StripDebugInfo tells its reader (setStripDebugInfo): what it
// would check or report of that debug info no longer matters.
type DebugInfoStripSetter interface {
	SetStripDebugInfo()
}

// LoadBody loads f's body and strips its debug info. It first tells
// Loader so, when it is a DebugInfoStripSetter.
func (s DebugStripper) LoadBody(f *Function) error {
	if d, ok := s.Loader.(DebugInfoStripSetter); ok {
		d.SetStripDebugInfo()
	}
	if err := s.Loader.LoadBody(f); err != nil {
		return err
	}
	StripBodyDebugInfo(s.Module, f)
	return nil
}

// UpgradesBodies reports whether Loader may upgrade bodies with what the
// module level holds: true unless it is a BodyUpgrader that says not.
func (s DebugStripper) UpgradesBodies() bool {
	u, ok := s.Loader.(BodyUpgrader)
	return !ok || u.UpgradesBodies()
}

// ReleaseBody releases f's body through the loader, when it releases
// bodies.
func (s DebugStripper) ReleaseBody(f *Function) {
	if r, ok := s.Loader.(BodyReleaser); ok {
		r.ReleaseBody(f)
	}
}
