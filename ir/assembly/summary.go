package assembly

import "github.com/bcextract/bcextract/ir"

// summarySlots numbers the "^N" entries of a summary as llvm-dis does:
// module paths, then GUIDs in ascending order, then the type ids of
// typeidCompatibleVTable entries, then the type ids.
type summarySlots struct {
	guid     map[uint64]int
	vtables  map[string]int
	typeIDs  map[string]int
	typeByID map[uint64][]*ir.SummaryTypeID
	next     int
}

func newSummarySlots(s *ir.Summary) *summarySlots {
	t := &summarySlots{
		guid:     map[uint64]int{},
		vtables:  map[string]int{},
		typeIDs:  map[string]int{},
		typeByID: map[uint64][]*ir.SummaryTypeID{},
	}
	t.next = len(s.Modules)
	for _, v := range s.Values {
		if _, ok := t.guid[v.GUID]; !ok {
			t.guid[v.GUID] = t.next
			t.next++
		}
	}
	for _, v := range s.TypeIDCompatibleVTables {
		t.vtables[v.Name] = t.next
		t.next++
	}
	for _, v := range s.TypeIDs {
		t.typeIDs[v.Name] = t.next
		t.next++
		t.typeByID[v.GUID] = append(t.typeByID[v.GUID], v)
	}
	return t
}

func (t *summarySlots) guidSlot(g uint64) int {
	if n, ok := t.guid[g]; ok {
		return n
	}
	return -1
}

func boolDigit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

var summaryLinkageNames = [...]string{
	ir.ExternalLinkage:            "external",
	ir.AvailableExternallyLinkage: "available_externally",
	ir.LinkOnceAnyLinkage:         "linkonce",
	ir.LinkOnceODRLinkage:         "linkonce_odr",
	ir.WeakAnyLinkage:             "weak",
	ir.WeakODRLinkage:             "weak_odr",
	ir.AppendingLinkage:           "appending",
	ir.InternalLinkage:            "internal",
	ir.PrivateLinkage:             "private",
	ir.ExternalWeakLinkage:        "extern_weak",
	ir.CommonLinkage:              "common",
}

func summaryLinkageName(l ir.Linkage) string {
	if int(l) < len(summaryLinkageNames) {
		return summaryLinkageNames[l]
	}
	return "external"
}

func summaryVisibilityName(v ir.Visibility) string {
	switch v {
	case ir.HiddenVisibility:
		return "hidden"
	case ir.ProtectedVisibility:
		return "protected"
	}
	return "default"
}

var hotnessNames = [...]string{"unknown", "cold", "none", "hot", "critical"}

// printSummary prints the module summary as AsmWriter's
// printModuleSummaryIndex does.
func (p *printer) printSummary(s *ir.Summary) {
	t := newSummarySlots(s)
	p.byte1('\n')
	for i, m := range s.Modules {
		path := m.Path
		switch {
		case path == "" && s.Combined:
			path = "[Regular LTO]" // ModuleSummaryIndex::getRegularLTOModuleName
		case path == "":
			path = p.opt.ModuleID
		}
		p.byte1('^')
		p.int(int64(i))
		p.str(" = module: (path: \"")
		p.escaped(path)
		p.str("\", hash: (")
		for j, h := range m.Hash {
			if j > 0 {
				p.str(", ")
			}
			p.uint(uint64(h))
		}
		p.str("))\n")
	}
	for _, v := range s.Values {
		p.byte1('^')
		p.int(int64(t.guidSlot(v.GUID)))
		p.str(" = gv: (")
		if v.Name != "" {
			p.str("name: \"")
			p.str(v.Name)
			p.byte1('"')
		} else {
			p.str("guid: ")
			p.uint(v.GUID)
		}
		if len(v.Summaries) > 0 {
			p.str(", summaries: (")
			for i, gs := range v.Summaries {
				if i > 0 {
					p.str(", ")
				}
				p.globalSummary(t, gs)
			}
			p.byte1(')')
		}
		p.byte1(')')
		if v.Name != "" {
			p.str(" ; guid = ")
			p.uint(v.GUID)
		}
		p.byte1('\n')
		p.maybeFlush()
	}
	for _, tid := range s.TypeIDs {
		p.byte1('^')
		p.int(int64(t.typeIDs[tid.Name]))
		p.str(" = typeid: (name: \"")
		p.str(tid.Name)
		p.str("\", summary: (typeTestRes: (kind: ")
		p.str(ttResKindName(tid.Kind))
		p.str(", sizeM1BitWidth: ")
		p.uint(tid.SizeM1BitWidth)
		if tid.AlignLog2 != 0 {
			p.str(", alignLog2: ")
			p.uint(tid.AlignLog2)
		}
		if tid.SizeM1 != 0 {
			p.str(", sizeM1: ")
			p.uint(tid.SizeM1)
		}
		if uint8(tid.BitMask) != 0 {
			p.str(", bitMask: ")
			p.uint(uint64(uint8(tid.BitMask)))
		}
		if tid.InlineBits != 0 {
			p.str(", inlineBits: ")
			p.uint(tid.InlineBits)
		}
		p.byte1(')')
		if len(tid.WPDRes) > 0 {
			p.str(", wpdResolutions: (")
			for i, w := range tid.WPDRes {
				if i > 0 {
					p.str(", ")
				}
				p.str("(offset: ")
				p.uint(w.Offset)
				p.str(", ")
				p.wpdRes(w)
				p.byte1(')')
			}
			p.byte1(')')
		}
		p.str(")) ; guid = ")
		p.uint(tid.GUID)
		p.byte1('\n')
	}
	for _, vt := range s.TypeIDCompatibleVTables {
		p.byte1('^')
		p.int(int64(t.vtables[vt.Name]))
		p.str(" = typeidCompatibleVTable: (name: \"")
		p.str(vt.Name)
		p.str("\", summary: (")
		for i, o := range vt.VTables {
			if i > 0 {
				p.str(", ")
			}
			p.str("(offset: ")
			p.uint(o.Offset)
			p.str(", ^")
			p.int(int64(t.guidSlot(o.VTable)))
			p.byte1(')')
		}
		p.str(")) ; guid = ")
		p.uint(ir.GUID(vt.Name, ir.ExternalLinkage, ""))
		p.byte1('\n')
	}
	n := t.next
	if s.Flags != 0 {
		p.byte1('^')
		p.int(int64(n))
		p.str(" = flags: ")
		p.uint(s.Flags)
		p.byte1('\n')
		n++
	}
	p.byte1('^')
	p.int(int64(n))
	p.str(" = blockcount: ")
	p.uint(s.BlockCount)
	p.byte1('\n')
}

func ttResKindName(k uint8) string {
	switch k {
	case 0:
		return "unsat"
	case 1:
		return "byteArray"
	case 2:
		return "inline"
	case 3:
		return "single"
	case 4:
		return "allOnes"
	}
	return "unknown"
}

func (p *printer) wpdRes(w ir.WPDResolution) {
	p.str("wpdRes: (kind: ")
	switch w.Kind {
	case 1:
		p.str("singleImpl")
		p.str(", singleImplName: \"")
		p.str(w.SingleImplName)
		p.byte1('"')
	case 2:
		p.str("branchFunnel")
	default:
		p.str("indir")
	}
	if len(w.ResByArg) > 0 {
		p.str(", resByArg: (")
		for i, a := range w.ResByArg {
			if i > 0 {
				p.str(", ")
			}
			p.args(a.Args)
			p.str(", byArg: (kind: ")
			switch a.Kind {
			case 1:
				p.str("uniformRetVal")
			case 2:
				p.str("uniqueRetVal")
			case 3:
				p.str("virtualConstProp")
			default:
				p.str("indir")
			}
			if a.Kind == 1 || a.Kind == 2 {
				p.str(", info: ")
				p.uint(a.Info)
			}
			if a.Byte != 0 || a.Bit != 0 {
				p.str(", byte: ")
				p.uint(a.Byte)
				p.str(", bit: ")
				p.uint(a.Bit)
			}
			p.byte1(')')
		}
		p.byte1(')')
	}
	p.byte1(')')
}

func (p *printer) args(a []uint64) {
	p.str("args: (")
	for i, v := range a {
		if i > 0 {
			p.str(", ")
		}
		p.uint(v)
	}
	p.byte1(')')
}

func (p *printer) globalSummary(t *summarySlots, gs *ir.GlobalSummary) {
	switch gs.Kind {
	case ir.SummaryAlias:
		p.str("alias")
	case ir.SummaryFunction:
		p.str("function")
	default:
		p.str("variable")
	}
	p.str(": (module: ^")
	p.int(int64(gs.Module))
	f := gs.Flags
	p.str(", flags: (linkage: ")
	p.str(summaryLinkageName(f.Linkage))
	p.str(", visibility: ")
	p.str(summaryVisibilityName(f.Visibility))
	p.str(", notEligibleToImport: ")
	p.str(boolDigit(f.NotEligibleToImport))
	p.str(", live: ")
	p.str(boolDigit(f.Live))
	p.str(", dsoLocal: ")
	p.str(boolDigit(f.DSOLocal))
	p.str(", canAutoHide: ")
	p.str(boolDigit(f.CanAutoHide))
	p.str(", importType: ")
	if f.ImportTypeDeclaration {
		p.str("declaration")
	} else {
		p.str("definition")
	}
	p.byte1(')')
	switch gs.Kind {
	case ir.SummaryAlias:
		p.str(", aliasee: ")
		if gs.HasAliasee {
			p.byte1('^')
			p.int(int64(t.guidSlot(gs.Aliasee)))
		} else {
			p.str("null")
		}
	case ir.SummaryFunction:
		p.functionSummary(t, gs)
	default:
		p.str(", varFlags: (readonly: ")
		p.str(boolDigit(gs.VarFlags.ReadOnly))
		p.str(", writeonly: ")
		p.str(boolDigit(gs.VarFlags.WriteOnly))
		p.str(", constant: ")
		p.str(boolDigit(gs.VarFlags.Constant))
		if len(gs.VTableFuncs) > 0 {
			p.str(", vcall_visibility: ")
			p.uint(uint64(gs.VarFlags.VCallVisibility))
		}
		p.byte1(')')
		if len(gs.VTableFuncs) > 0 {
			p.str(", vTableFuncs: (")
			for i, v := range gs.VTableFuncs {
				if i > 0 {
					p.str(", ")
				}
				p.str("(virtFunc: ^")
				p.int(int64(t.guidSlot(v.Func)))
				p.str(", offset: ")
				p.uint(v.Offset)
				p.byte1(')')
			}
			p.byte1(')')
		}
	}
	if len(gs.Refs) > 0 {
		p.str(", refs: (")
		for i, r := range gs.Refs {
			if i > 0 {
				p.str(", ")
			}
			if r.ReadOnly {
				p.str("readonly ")
			} else if r.WriteOnly {
				p.str("writeonly ")
			}
			p.byte1('^')
			p.int(int64(t.guidSlot(r.GUID)))
		}
		p.byte1(')')
	}
	p.byte1(')')
}

func (p *printer) functionSummary(t *summarySlots, gs *ir.GlobalSummary) {
	p.str(", insts: ")
	p.uint(gs.Insts)
	if ff := gs.FuncFlags; ff.Any() {
		p.str(", funcFlags: (readNone: ")
		p.str(boolDigit(ff.ReadNone))
		p.str(", readOnly: ")
		p.str(boolDigit(ff.ReadOnly))
		p.str(", noRecurse: ")
		p.str(boolDigit(ff.NoRecurse))
		p.str(", returnDoesNotAlias: ")
		p.str(boolDigit(ff.ReturnDoesNotAlias))
		p.str(", noInline: ")
		p.str(boolDigit(ff.NoInline))
		p.str(", alwaysInline: ")
		p.str(boolDigit(ff.AlwaysInline))
		p.str(", noUnwind: ")
		p.str(boolDigit(ff.NoUnwind))
		p.str(", mayThrow: ")
		p.str(boolDigit(ff.MayThrow))
		p.str(", hasUnknownCall: ")
		p.str(boolDigit(ff.HasUnknownCall))
		p.str(", mustBeUnreachable: ")
		p.str(boolDigit(ff.MustBeUnreachable))
		p.byte1(')')
	}
	if len(gs.Calls) > 0 {
		p.str(", calls: (")
		for i, c := range gs.Calls {
			if i > 0 {
				p.str(", ")
			}
			p.str("(callee: ^")
			p.int(int64(t.guidSlot(c.Callee)))
			if c.Hotness != 0 {
				p.str(", hotness: ")
				if int(c.Hotness) < len(hotnessNames) {
					p.str(hotnessNames[c.Hotness])
				} else {
					p.uint(uint64(c.Hotness))
				}
			} else if c.RelBF != 0 {
				p.str(", relbf: ")
				p.uint(uint64(c.RelBF))
			}
			if c.Tail {
				p.str(", tail: 1")
			}
			p.byte1(')')
		}
		p.byte1(')')
	}
	if ti := gs.TypeIDInfo; ti != nil {
		p.str(", typeIdInfo: (")
		sep := false
		next := func() {
			if sep {
				p.str(", ")
			}
			sep = true
		}
		if len(ti.TypeTests) > 0 {
			next()
			p.str("typeTests: (")
			first := true
			for _, g := range ti.TypeTests {
				ts := t.typeByID[g]
				if len(ts) == 0 {
					if !first {
						p.str(", ")
					}
					first = false
					p.uint(g)
					continue
				}
				for _, x := range ts {
					if !first {
						p.str(", ")
					}
					first = false
					p.byte1('^')
					p.int(int64(t.typeIDs[x.Name]))
				}
			}
			p.byte1(')')
		}
		if len(ti.TypeTestAssumeVCalls) > 0 {
			next()
			p.vcalls(t, "typeTestAssumeVCalls", ti.TypeTestAssumeVCalls)
		}
		if len(ti.TypeCheckedLoadVCalls) > 0 {
			next()
			p.vcalls(t, "typeCheckedLoadVCalls", ti.TypeCheckedLoadVCalls)
		}
		if len(ti.TypeTestAssumeConstVCalls) > 0 {
			next()
			p.constVCalls(t, "typeTestAssumeConstVCalls", ti.TypeTestAssumeConstVCalls)
		}
		if len(ti.TypeCheckedLoadConstVCalls) > 0 {
			next()
			p.constVCalls(t, "typeCheckedLoadConstVCalls", ti.TypeCheckedLoadConstVCalls)
		}
		p.byte1(')')
	}
	if len(gs.Allocs) > 0 {
		p.str(", allocs: (")
		for i, a := range gs.Allocs {
			if i > 0 {
				p.str(", ")
			}
			p.str("(versions: (")
			for j, v := range a.Versions {
				if j > 0 {
					p.str(", ")
				}
				p.allocType(v)
			}
			p.str("), memProf: (")
			for j, m := range a.MIBs {
				if j > 0 {
					p.str(", ")
				}
				p.str("(type: ")
				p.allocType(m.AllocType)
				p.str(", stackIds: (")
				p.uints(m.StackIDs)
				p.str("))")
			}
			p.str("))")
		}
		p.byte1(')')
	}
	if len(gs.Callsites) > 0 {
		p.str(", callsites: (")
		for i, c := range gs.Callsites {
			if i > 0 {
				p.str(", ")
			}
			if c.HasCallee {
				p.str("(callee: ^")
				p.int(int64(t.guidSlot(c.Callee)))
			} else {
				p.str("(callee: null")
			}
			p.str(", clones: (")
			for j, v := range c.Clones {
				if j > 0 {
					p.str(", ")
				}
				p.uint(uint64(v))
			}
			p.str("), stackIds: (")
			p.uints(c.StackIDs)
			p.str("))")
		}
		p.byte1(')')
	}
	if len(gs.Params) > 0 {
		p.str(", params: (")
		for i, pa := range gs.Params {
			if i > 0 {
				p.str(", ")
			}
			p.str("(param: ")
			p.uint(pa.Param)
			p.str(", offset: ")
			p.rangeLH(pa.Lo, pa.Hi)
			if len(pa.Calls) > 0 {
				p.str(", calls: (")
				for j, c := range pa.Calls {
					if j > 0 {
						p.str(", ")
					}
					p.str("(callee: ^")
					p.int(int64(t.guidSlot(c.Callee)))
					p.str(", param: ")
					p.uint(c.Param)
					p.str(", offset: ")
					p.rangeLH(c.Lo, c.Hi)
					p.byte1(')')
				}
				p.byte1(')')
			}
			p.byte1(')')
		}
		p.byte1(')')
	}
}

// allocType prints a MemProf allocation type by name; one LLVM 22 does not
// know (the reader said so) by number.
func (p *printer) allocType(v uint8) {
	switch v {
	case ir.AllocNone:
		p.str("none")
	case ir.AllocNotCold:
		p.str("notcold")
	case ir.AllocCold:
		p.str("cold")
	case ir.AllocHot:
		p.str("hot")
	default:
		p.uint(uint64(v))
	}
}

// uints prints vs separated by ", ".
func (p *printer) uints(vs []uint64) {
	for i, v := range vs {
		if i > 0 {
			p.str(", ")
		}
		p.uint(v)
	}
}

func (p *printer) rangeLH(lo, hi int64) {
	p.byte1('[')
	p.int(lo)
	p.str(", ")
	p.int(hi)
	p.byte1(']')
}

func (p *printer) vfuncID(t *summarySlots, v ir.VFuncID) {
	ts := t.typeByID[v.GUID]
	if len(ts) == 0 {
		p.str("vFuncId: (guid: ")
		p.uint(v.GUID)
		p.str(", offset: ")
		p.uint(v.Offset)
		p.byte1(')')
		return
	}
	for i, x := range ts {
		if i > 0 {
			p.str(", ")
		}
		p.str("vFuncId: (^")
		p.int(int64(t.typeIDs[x.Name]))
		p.str(", offset: ")
		p.uint(v.Offset)
		p.byte1(')')
	}
}

func (p *printer) vcalls(t *summarySlots, tag string, vs []ir.VFuncID) {
	p.str(tag)
	p.str(": (")
	for i, v := range vs {
		if i > 0 {
			p.str(", ")
		}
		p.vfuncID(t, v)
	}
	p.byte1(')')
}

func (p *printer) constVCalls(t *summarySlots, tag string, vs []ir.ConstVCall) {
	p.str(tag)
	p.str(": (")
	for i, v := range vs {
		if i > 0 {
			p.str(", ")
		}
		p.byte1('(')
		p.vfuncID(t, v.VFunc)
		if len(v.Args) > 0 {
			p.str(", ")
			p.args(v.Args)
		}
		p.byte1(')')
	}
	p.byte1(')')
}
