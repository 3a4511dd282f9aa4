package bitcode

import (
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// LLVM 20 turned most !nvvm.annotations entries into what they describe
// (UpgradeNVVMAnnotations): a "kernel" of 1 into the ptx_kernel calling
// convention, the launch bounds into "nvvm.*" string attributes of the
// function, "align" into alignstack, "grid_constant" into a
// "nvvm.grid_constant" parameter attribute. The pairs it knows leave
// their entry, an entry left with no pair leaves !nvvm.annotations (which
// stays, perhaps empty).

// ptxKernel is the ptx_kernel calling convention.
const ptxKernel ir.CallingConv = 71

// nvvmDims are the annotations that give one dimension of a string
// attribute "x[,y[,z]]".
var nvvmDims = map[string]struct {
	attr string
	dim  int
}{
	"maxntidx": {"nvvm.maxntid", 0}, "maxntidy": {"nvvm.maxntid", 1}, "maxntidz": {"nvvm.maxntid", 2},
	"reqntidx": {"nvvm.reqntid", 0}, "reqntidy": {"nvvm.reqntid", 1}, "reqntidz": {"nvvm.reqntid", 2},
	"cluster_dim_x": {"nvvm.cluster_dim", 0}, "cluster_dim_y": {"nvvm.cluster_dim", 1},
	"cluster_dim_z": {"nvvm.cluster_dim", 2},
}

// nvvmScalars are the annotations that become a string attribute of
// their value.
var nvvmScalars = map[string]string{
	"minctasm": "nvvm.minctasm", "maxnreg": "nvvm.maxnreg", "maxclusterrank": "nvvm.maxclusterrank",
}

// upgradeNVVMAnnotations applies the upgrade to !nvvm.annotations.
func (r *Reader) upgradeNVVMAnnotations() {
	var nmd *ir.NamedMetadata
	for _, n := range r.m.NamedMetadata {
		if n != nil && n.Name == "nvvm.annotations" {
			nmd = n
			break
		}
	}
	if nmd == nil {
		return
	}
	type dims struct {
		v [3]int64
		n int
	}
	// The dimensions gathered per function and attribute, in the order
	// met, applied at the end.
	type dimKey struct {
		f    *ir.Function
		attr string
	}
	var dimOrder []dimKey
	gathered := map[dimKey]*dims{}
	kept := nmd.Ops[:0:0]
	for _, op := range nmd.Ops {
		t, ok := op.(*ir.MDTuple)
		if !ok || len(t.Ops) < 1 {
			kept = append(kept, op)
			continue
		}
		vm, ok := t.Ops[0].(*ir.ValueAsMetadata)
		var f *ir.Function
		if ok {
			f, _ = vm.Value.(*ir.Function)
		}
		if f == nil || len(t.Ops)%2 != 1 {
			kept = append(kept, op)
			continue
		}
		rest := []ir.Metadata{t.Ops[0]}
		for i := 1; i+1 < len(t.Ops); i += 2 {
			key, _ := t.Ops[i].(*ir.MDString)
			if key == nil {
				rest = append(rest, t.Ops[i], t.Ops[i+1])
				continue
			}
			v, isInt := mdInt(t.Ops[i+1])
			switch d, isDim := nvvmDims[key.Value]; {
			case key.Value == "kernel" && isInt:
				if v == 1 {
					f.CallConv = ptxKernel
				}
			case isDim && isInt:
				k := dimKey{f, d.attr}
				g := gathered[k]
				if g == nil {
					g = &dims{v: [3]int64{1, 1, 1}}
					gathered[k] = g
					dimOrder = append(dimOrder, k)
				}
				g.v[d.dim] = v
				g.n = max(g.n, d.dim+1)
			case nvvmScalars[key.Value] != "" && isInt:
				setFnString(f, nvvmScalars[key.Value], strconv.FormatInt(v, 10))
			case key.Value == "align" && isInt && (v&0xffff == 0 || v&0xffff&(v&0xffff-1) != 0):
				// LLVM 22 makes an Align of it and crashes.
				r.skip("an nvvm.annotations align of %d (not a power of two) is not supported", v&0xffff)
				rest = append(rest, t.Ops[i], t.Ops[i+1])
			case key.Value == "align" && isInt:
				setStackAlign(f, int(v>>16), uint64(v&0xffff))
			case key.Value == "grid_constant":
				if !setGridConstant(f, t.Ops[i+1]) {
					rest = append(rest, t.Ops[i], t.Ops[i+1])
				}
			default:
				rest = append(rest, t.Ops[i], t.Ops[i+1])
			}
		}
		switch {
		case len(rest) == len(t.Ops):
			kept = append(kept, op)
		case len(rest) > 1:
			kept = append(kept, &ir.MDTuple{Ops: rest, ID: r.nodeID()})
		}
	}
	for _, k := range dimOrder {
		g := gathered[k]
		parts := make([]string, g.n)
		for i := range parts {
			parts[i] = strconv.FormatInt(g.v[i], 10)
		}
		setFnString(k.f, k.attr, strings.Join(parts, ","))
	}
	nmd.Ops = kept
}

// mdInt returns the integer constant md holds.
func mdInt(md ir.Metadata) (int64, bool) {
	vm, ok := md.(*ir.ValueAsMetadata)
	if !ok {
		return 0, false
	}
	c, ok := vm.Value.(*ir.ConstInt)
	if !ok || c.Big != nil {
		return 0, false
	}
	return c.V, true
}

// setFnString sets f's string attribute key to val.
func setFnString(f *ir.Function, key, val string) {
	s := append(ir.AttrSet(nil), f.Attrs.Fn...)
	if i := stringAttr(s, key); i >= 0 {
		s[i].Value = val
	} else {
		s = append(s, ir.Attribute{Key: key, Value: val})
	}
	ir.SortAttrs(s)
	f.Attrs.Fn = s
}

// setStackAlign gives f's return value (index 0) or parameter index-1
// alignstack(align).
func setStackAlign(f *ir.Function, index int, align uint64) {
	a := ir.Attribute{Kind: ir.AttrStackAlignment, Int: align}
	if index == 0 {
		f.Attrs.Ret = withAttr(f.Attrs.Ret, a)
		return
	}
	if index-1 >= len(f.Sig.Params) {
		return
	}
	f.Attrs.Params = paramsUpTo(f.Attrs.Params, index)
	f.Attrs.Params[index-1] = withAttr(f.Attrs.Params[index-1], a)
}

// setGridConstant gives the parameters that md (a tuple of one-based
// indices) names the "nvvm.grid_constant" attribute.
func setGridConstant(f *ir.Function, md ir.Metadata) bool {
	t, ok := md.(*ir.MDTuple)
	if !ok {
		return false
	}
	for _, op := range t.Ops {
		i, ok := mdInt(op)
		if !ok || i < 1 || int(i) > len(f.Sig.Params) {
			return false
		}
	}
	for _, op := range t.Ops {
		i, _ := mdInt(op)
		f.Attrs.Params = paramsUpTo(f.Attrs.Params, int(i))
		f.Attrs.Params[i-1] = withAttr(f.Attrs.Params[i-1], ir.Attribute{Key: "nvvm.grid_constant"})
	}
	return true
}

// withAttr returns a copy of s with a, replacing one of its kind (or
// key).
func withAttr(s ir.AttrSet, a ir.Attribute) ir.AttrSet {
	out := make(ir.AttrSet, 0, len(s)+1)
	for _, b := range s {
		if b.Kind == a.Kind && (a.Kind != 0 || b.Key == a.Key) {
			continue
		}
		out = append(out, b)
	}
	out = append(out, a)
	ir.SortAttrs(out)
	return out
}

// paramsUpTo returns a copy of ps with at least n sets.
func paramsUpTo(ps []ir.AttrSet, n int) []ir.AttrSet {
	out := make([]ir.AttrSet, max(len(ps), n))
	copy(out, ps)
	return out
}
