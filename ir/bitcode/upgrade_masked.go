package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// Before LLVM 22, llvm.masked.load/store/gather/scatter took the
// alignment as an i32 argument; LLVM 22 drops it and puts an align
// attribute on the pointer argument of each call instead. The declaration
// is re-declared (remangled: typed pointers' v4p0i64 becomes v4p0) at the
// end of the function list; calls keep their tail marker, name and
// metadata.

// maskedAlignArg returns the index of the alignment argument of an old
// masked memory intrinsic with type sig, and the pointer argument's.
func maskedAlignArg(name string, sig *ir.Type) (align, ptr int, ok bool) {
	if sig == nil || sig.Kind != ir.FunctionType || len(sig.Params) != 4 || sig.VarArg {
		return 0, 0, false
	}
	switch {
	case strings.HasPrefix(name, "llvm.masked.load."), strings.HasPrefix(name, "llvm.masked.gather."):
		align, ptr = 1, 0
	case strings.HasPrefix(name, "llvm.masked.store."), strings.HasPrefix(name, "llvm.masked.scatter."):
		align, ptr = 2, 1
	default:
		return 0, 0, false
	}
	if t := sig.Params[align]; t.Kind != ir.IntegerType || t.BitWidth != 32 {
		return 0, 0, false
	}
	return align, ptr, true
}

// maskedUpgrade is one upgraded masked intrinsic declaration.
type maskedUpgrade struct {
	oldSig     *ir.Type
	align, ptr int
}

// upgradeMaskedDecl changes f's type to LLVM 22's and reports whether it
// did.
func (r *Reader) upgradeMaskedDecl(f *ir.Function) bool {
	align, ptr, ok := maskedAlignArg(f.Name, f.Sig)
	if !ok {
		return false
	}
	params := make([]*ir.Type, 0, 3)
	params = append(params, f.Sig.Params[:align]...)
	params = append(params, f.Sig.Params[align+1:]...)
	sig := &ir.Type{Kind: ir.FunctionType, Ret: f.Sig.Ret, Params: params}
	name, ok := ir.IntrinsicMangledName(f.Name, sig)
	if !ok {
		return false
	}
	if r.up.masked == nil {
		r.up.masked = map[*ir.Function]maskedUpgrade{}
	}
	r.up.masked[f] = maskedUpgrade{oldSig: f.Sig, align: align, ptr: ptr}
	f.Name, f.Sig, f.ValueType = name, sig, sig
	f.Attrs = ir.AttrList{}
	if intrinsicAttrs != nil {
		if l, ok := intrinsicAttrs(name, sig); ok {
			f.Attrs = l
		}
	}
	return true
}

// upgradeMaskedCall changes a call of an upgraded masked intrinsic in
// place.
func (r *Reader) upgradeMaskedCall(in *ir.Instruction) {
	if in.Op != ir.Call || len(r.up.masked) == 0 {
		return
	}
	f, ok := in.Callee.(*ir.Function)
	if !ok {
		return
	}
	u, ok := r.up.masked[f]
	if !ok || in.FuncType != u.oldSig || len(in.Operands) != 4 {
		return
	}
	var alignBytes uint64
	if c, ok := in.Operands[u.align].(*ir.ConstInt); ok && c.Big == nil && c.V > 0 {
		alignBytes = uint64(c.V)
	}
	ops := make([]ir.Value, 0, 3)
	ops = append(ops, in.Operands[:u.align]...)
	ops = append(ops, in.Operands[u.align+1:]...)
	in.Operands, in.FuncType = ops, f.Sig
	in.Attrs = ir.AttrList{}
	if alignBytes != 0 && alignBytes&(alignBytes-1) == 0 {
		in.Attrs.Params = make([]ir.AttrSet, u.ptr+1)
		in.Attrs.Params[u.ptr] = ir.AttrSet{{Kind: ir.AttrAlignment, Int: alignBytes}}
	}
}
