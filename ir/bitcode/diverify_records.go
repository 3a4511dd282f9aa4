package bitcode

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// The debug-info checks LLVM's verifier makes of a body's debug records
// (Verifier::visit(DbgVariableRecord), visit(DbgLabelRecord),
// verifyFragmentExpression, verifyFnArgs, verifyNotEntryValue in LLVM
// 22.1.8): the kinds of their operands, the subprogram of a variable or
// label agreeing with the location's, one variable per argument number of
// a function with a subprogram, a fragment inside its variable, and no
// entry value but of a swiftasync argument.

// dvArg is a DILocalVariable's argument number field; dvFlagArtificial
// is DIFlagArtificial.
var dvArg = ir.FieldNameOf("arg")

const dvFlagArtificial = 1 << 6

// recordChecker checks the debug records of one function.
type recordChecker struct {
	hasSP bool
	args  map[uint64]ir.Metadata // a function's argument variables by number
}

// check returns the message of the first check d fails, "" when none.
func (c *recordChecker) check(f *ir.Function, d *ir.DebugRecord) string {
	if d.Kind == ir.DbgLabel {
		return checkLabelRecord(d)
	}
	var loc, vr, expr, dl ir.Metadata
	switch {
	case d.Kind == ir.DbgAssign && len(d.Ops) == 7:
		loc, vr, expr, dl = d.Ops[0], d.Ops[1], d.Ops[2], d.Ops[6]
	case d.Kind != ir.DbgAssign && len(d.Ops) == 4:
		loc, vr, expr, dl = d.Ops[0], d.Ops[1], d.Ops[2], d.Ops[3]
	default:
		return "" // not a shape this reader makes
	}
	if !recordLocation(loc) {
		return "invalid #dbg record address/value"
	}
	if vam, ok := loc.(*ir.ValueAsMetadata); ok && vam != nil && d.Kind == ir.DbgDeclare && vam.Value != nil {
		if k := vam.Value.Type().Kind; k != ir.PointerType && k != ir.IntegerType {
			return "location of #dbg_declare must be a pointer or int"
		}
	}
	v := dvNode(vr)
	if v == nil || v.Kind != "DILocalVariable" {
		return "invalid #dbg record variable"
	}
	e := dvNode(expr)
	if e == nil || e.Kind != "DIExpression" {
		return "invalid #dbg record expression"
	}
	if d.Kind == ir.DbgAssign {
		if id := dvNode(d.Ops[3]); id == nil || id.Kind != "DIAssignID" {
			return "invalid #dbg_assign DIAssignID"
		}
		if _, ok := d.Ops[4].(*ir.ValueAsMetadata); !ok && !emptyTuple(d.Ops[4]) {
			return "invalid #dbg_assign address"
		}
		if ae := dvNode(d.Ops[5]); ae == nil || ae.Kind != "DIExpression" {
			return "invalid #dbg_assign address expression"
		}
	}
	l, ok := dl.(*ir.DILocation)
	if !ok || l == nil {
		return "invalid #dbg record DILocation"
	}
	varSP, locSP := localSubprogram(dvMD(v, dvScope)), localSubprogram(l.Scope)
	if varSP != nil && locSP != nil {
		if varSP != locSP {
			return "mismatched subprogram between #dbg record variable and DILocation"
		}
		if c.hasSP && l.InlinedAt == nil {
			if arg := dvInt(v, dvArg); arg != 0 {
				if c.args == nil {
					c.args = map[uint64]ir.Metadata{}
				}
				if prev := c.args[arg]; prev != nil && prev != vr {
					return "conflicting debug info for argument"
				}
				c.args[arg] = vr
			}
		}
	}
	if !dvExprValid(e.Fields) {
		return ""
	}
	if n := len(e.Fields); n >= 3 && uint64(e.Fields[n-3].Int) == uint64(dwarf.OpLLVMFragment) &&
		dvFlagSet(v)&dvFlagArtificial == 0 {
		if size := variableSize(v); size != 0 {
			// FragmentInfo's bits are taken as unsigned (32 bits).
			fragSize, fragOffset := uint32(e.Fields[n-1].Int), uint32(e.Fields[n-2].Int)
			if uint64(fragSize+fragOffset) > size {
				return "fragment is larger than or outside of variable"
			}
			if uint64(fragSize) == size {
				return "fragment covers entire variable"
			}
		}
	}
	if len(e.Fields) > 0 && uint64(e.Fields[0].Int) == uint64(dwarf.OpLLVMEntryValue) && !entryValueAllowed(f, loc) {
		return "Entry values are only allowed in MIR unless they target a swiftasync Argument"
	}
	return ""
}

// checkLabelRecord is the verifier's visit(DbgLabelRecord).
func checkLabelRecord(d *ir.DebugRecord) string {
	if len(d.Ops) != 2 {
		return ""
	}
	label := dvNode(d.Ops[0])
	if label == nil || label.Kind != "DILabel" {
		return "invalid #dbg_label intrinsic variable"
	}
	if d.Ops[1] != nil {
		if _, ok := d.Ops[1].(*ir.DILocation); !ok {
			return "" // checked elsewhere
		}
	}
	l, _ := d.Ops[1].(*ir.DILocation)
	if l == nil {
		return "#dbg_label record requires a !dbg attachment"
	}
	labelSP, locSP := localSubprogram(dvMD(label, dvScope)), localSubprogram(l.Scope)
	if labelSP != nil && locSP != nil && labelSP != locSP {
		return "mismatched subprogram between #dbg_label label and !dbg attachment"
	}
	return ""
}

// recordLocation reports whether m may be a debug record's location: a
// value, a DIArgList, or an empty tuple (undef, as once written).
func recordLocation(m ir.Metadata) bool {
	switch m := m.(type) {
	case *ir.ValueAsMetadata:
		return m != nil
	case *ir.DIArgList:
		return m != nil
	}
	return emptyTuple(m)
}

// emptyTuple reports whether m is !{}.
func emptyTuple(m ir.Metadata) bool {
	t, ok := m.(*ir.MDTuple)
	return ok && t != nil && len(t.Ops) == 0
}

// localSubprogram is the verifier's getSubprogram: the DISubprogram a
// local scope is in, following lexical blocks' scopes; nil for anything
// else (a broken chain is checked elsewhere).
func localSubprogram(m ir.Metadata) *ir.SpecializedNode {
	for steps := 0; steps < 1<<16; steps++ {
		n := dvNode(m)
		if n == nil {
			return nil
		}
		switch n.Kind {
		case "DISubprogram":
			return n
		case "DILexicalBlock", "DILexicalBlockFile":
			m = dvMD(n, dvScope)
		default:
			return nil
		}
	}
	return nil
}

// variableSize is DIVariable::getSizeInBits: the size of the variable's
// type, or of the base types its derived types lead to; 0 when none says.
func variableSize(v *ir.SpecializedNode) uint64 {
	t := dvMD(v, dvType)
	for steps := 0; steps < 1<<16; steps++ {
		n := dvNode(t)
		if n == nil || !dvIs(n, dcType) {
			return 0
		}
		if size, ok := dvConstSExt(n, dvSize); ok && size != 0 {
			return uint64(size) // DIType::getSizeInBits, zero-extended
		}
		if n.Kind != "DIDerivedType" {
			return 0
		}
		t = dvMD(n, dvBaseType)
	}
	return 0
}

// entryValueAllowed reports whether a record whose expression begins
// with an entry value may have one: its location an undef or poison
// value, or a swiftasync argument of f.
func entryValueAllowed(f *ir.Function, loc ir.Metadata) bool {
	vam, ok := loc.(*ir.ValueAsMetadata)
	if !ok || vam == nil {
		return false
	}
	switch v := vam.Value.(type) {
	case *ir.Undef, *ir.Poison:
		return true
	case *ir.Argument:
		for i, p := range f.Params {
			if p == v {
				return f.Attrs.Param(i).Has(ir.AttrSwiftAsync)
			}
		}
	}
	return false
}
