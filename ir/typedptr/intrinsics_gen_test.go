package typedptr

import (
	"reflect"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// TestIntrinsicPointees checks entries of intrinsicPointees against
// LLVM 14's Intrinsics.td, read by hand.
func TestIntrinsicPointees(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []pointeeRule // nil: not in the table
	}{
		// [llvm_anyvector_ty], [LLVMAnyPointerType<LLVMMatchType<0>>,
		// llvm_i32_ty, LLVMScalarOrSameVectorWidth<0, llvm_i1_ty>,
		// LLVMMatchType<0>]: <4 x float>* for a <4 x float> result.
		{"llvm.masked.load", []pointeeRule{{pos: 1, kind: ptrToType, ref: 0}}},
		// [], [llvm_anyvector_ty, LLVMAnyPointerType<LLVMMatchType<0>>,
		// llvm_i32_ty, LLVMScalarOrSameVectorWidth<0, llvm_i1_ty>]
		{"llvm.masked.store", []pointeeRule{{pos: 2, kind: ptrToType, ref: 1}}},
		// [llvm_anyvector_ty], [LLVMVectorOfAnyPointersToElt<0>, ...]
		{"llvm.masked.gather", []pointeeRule{{pos: 1, kind: vecOfPtrToElt, ref: 0}}},
		// [], [llvm_anyvector_ty, LLVMVectorOfAnyPointersToElt<0>, ...]
		{"llvm.masked.scatter", []pointeeRule{{pos: 2, kind: vecOfPtrToElt, ref: 1}}},
		// [llvm_anyvector_ty], [LLVMPointerToElt<0>, ...]
		{"llvm.masked.expandload", []pointeeRule{{pos: 1, kind: ptrToElt, ref: 0}}},
		// [], [llvm_ptrptr_ty, llvm_ptr_ty] (llvm_ptrptr_ty:
		// LLVMPointerType<llvm_ptr_ty>, i8**)
		{"llvm.gcroot", []pointeeRule{{pos: 1, kind: ptrToFixed, fixed: "i8*"}}},
		// [], [llvm_ptr_ty, llvm_ptrptr_ty]
		{"llvm.stackprotector", []pointeeRule{{pos: 2, kind: ptrToFixed, fixed: "i8*"}}},
		// [llvm_descriptor_ty], [llvm_i64_ty, llvm_anyptr_ty]
		// (llvm_descriptor_ty: LLVMPointerType<llvm_empty_ty>, {}*)
		{"llvm.invariant.start", []pointeeRule{{pos: 0, kind: ptrToFixed, fixed: "{}"}}},
		// AdvSIMD_1Vec_PredLoad_Intrinsic: [llvm_anyvector_ty],
		// [LLVMScalarOrSameVectorWidth<0, llvm_i1_ty>, LLVMPointerToElt<0>]
		{"llvm.aarch64.sve.ld1", []pointeeRule{{pos: 2, kind: ptrToElt, ref: 0}}},
		// AdvSIMD_2Vec_Store_Intrinsic: [], [llvm_anyvector_ty,
		// LLVMMatchType<0>, LLVMAnyPointerType<LLVMMatchType<0>>]
		{"llvm.aarch64.neon.st2", []pointeeRule{{pos: 3, kind: ptrToType, ref: 1}}},
		// RISCVUSLoad: [llvm_anyvector_ty], [LLVMMatchType<0>,
		// LLVMPointerType<LLVMMatchType<0>>, llvm_anyint_ty]
		{"llvm.riscv.vle", []pointeeRule{{pos: 2, kind: ptrToType, ref: 0}}},
		// Only i8 pointers.
		{"llvm.memcpy", nil},
		{"llvm.arm.neon.vld1", nil},
		// AdvSIMD_2Vec_Load_Intrinsic: [LLVMMatchType<0>,
		// llvm_anyvector_ty], [LLVMAnyPointerType<LLVMMatchType<0>>]:
		// the pointee is a member of the struct result, which a rule
		// cannot refer to.
		{"llvm.aarch64.neon.ld2", nil},
	} {
		got, ok := intrinsicPointees[tc.name]
		if tc.want == nil {
			if ok {
				t.Errorf("%s: %+v, want no entry", tc.name, got)
			}
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestIntrinsicPointeesWellFormed checks every rule of the table for what
// its consumer relies on.
func TestIntrinsicPointeesWellFormed(t *testing.T) {
	for name, rules := range intrinsicPointees {
		if len(rules) == 0 {
			t.Errorf("%s: no rules", name)
		}
		for i, r := range rules {
			if i > 0 && r.pos <= rules[i-1].pos {
				t.Errorf("%s: rules not in increasing order of pos", name)
			}
			switch r.kind {
			case ptrToFixed:
				if r.fixed == "" || r.fixed == "i8" || r.ref != 0 {
					t.Errorf("%s: bad ptrToFixed rule %+v", name, r)
				}
			case ptrToType, ptrToElt, vecOfPtrToElt:
				if r.fixed != "" || r.ref < 0 || r.ref == r.pos {
					t.Errorf("%s: bad rule %+v", name, r)
				}
			default:
				t.Errorf("%s: bad kind in %+v", name, r)
			}
		}
	}
}

// TestFixedPointeesParse checks that parseType makes every fixed pointee
// of the table but x86_mmx (which LLVM 22 lacks): a rule whose pointee it
// did not make was passed over, the pointer left i8*, and LLVM 14's
// verifier refused llvm.invariant.start returning i8* rather than {}*.
func TestFixedPointeesParse(t *testing.T) {
	l := &lowerer{interned: map[string]*ir.Type{}, ptrs: map[ptrKey]*ir.Type{}}
	for name, rules := range intrinsicPointees {
		for _, r := range rules {
			if r.kind == ptrToFixed && r.fixed != "x86_mmx" && l.parseType(r.fixed) == nil {
				t.Errorf("%s: pointee %q not parsed", name, r.fixed)
			}
		}
	}
	if v := l.parseType("<16 x i32>"); v == nil || v.Kind != ir.FixedVectorType || v.Len != 16 ||
		v.Elem.Kind != ir.IntegerType || v.Elem.BitWidth != 32 {
		t.Errorf("<16 x i32> parsed as %+v", v)
	}
	for _, bad := range []string{"<16 x i32", "<x x i32>", "<4 x foo>", "{i8}"} {
		if v := l.parseType(bad); v != nil {
			t.Errorf("%q parsed as %+v, want nil", bad, v)
		}
	}
	// declare {}* @llvm.invariant.start.p0i8(i64, i8*)
	i64 := l.intern(&ir.Type{Kind: ir.IntegerType, BitWidth: 64})
	ptr := &ir.Type{Kind: ir.PointerType}
	sig := l.applyRules(&ir.Type{Kind: ir.FunctionType, Ret: ptr, Params: []*ir.Type{i64, ptr}},
		pointeeRules("llvm.invariant.start.p0"))
	if p := sig.Ret.Pointee; p == nil || p.Kind != ir.StructType || len(p.Fields) != 0 || p.Identified {
		t.Errorf("llvm.invariant.start returns a pointer to %+v, want {}", p)
	}
}
