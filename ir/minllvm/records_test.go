package minllvm

import (
	"testing"

	"github.com/bcextract/bcextract/llvmir"
)

// chars returns s as record operands, one a character.
func chars(s string) []uint64 {
	ops := make([]uint64, len(s))
	for i := range len(s) {
		ops[i] = uint64(s[i])
	}
	return ops
}

// asm returns the operands of an INLINEASM record of asm string a and
// constraints c.
func asm(a, c string) []uint64 {
	ops := []uint64{5, 1, uint64(len(a))}
	ops = append(ops, chars(a)...)
	ops = append(ops, uint64(len(c)))
	return append(ops, chars(c)...)
}

// fwd is a relative value ID of a forward reference one ahead.
const fwd = 1<<32 - 1

type recordCase struct {
	name string
	code uint32
	ops  []uint64
	v    int
	what string
}

func checkRecords(t *testing.T, f func(uint32, []uint64) (int, string), cases []recordCase) {
	t.Helper()
	for _, c := range cases {
		v, what := f(c.code, c.ops)
		if v != c.v || what != c.what {
			t.Errorf("%s: got %d %q, want %d %q", c.name, v, what, c.v, c.what)
		}
	}
}

func TestModuleRecord(t *testing.T) {
	// GLOBALVAR as LLVM 22 writes it: strtab offset and size, then the
	// 18 fields.
	gv := func(align, sanitizer, codeModel uint64) []uint64 {
		return []uint64{0, 1, 3, 2, 0, 0, align, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, sanitizer, codeModel}
	}
	fn := func(align uint64) []uint64 {
		return []uint64{4, 1, 5, 0, 0, 0, 1, align, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}
	}
	cases := []recordCase{
		{"simple global", uint32(llvmir.MODULE_CODE_GLOBALVAR), []uint64{0, 1, 3, 3, 5, 3, 4, 0}, 0, ""},
		{"global of 20 operands", uint32(llvmir.MODULE_CODE_GLOBALVAR), gv(4, 0, 0), 0, ""},
		{"global code_model", uint32(llvmir.MODULE_CODE_GLOBALVAR), gv(4, 0, 4), 18, "global code_model (MODULE_CODE_GLOBALVAR field 17)"},
		{"global sanitizer", uint32(llvmir.MODULE_CODE_GLOBALVAR), gv(4, 1, 0), 15, "global sanitizer metadata (no_sanitize_address, sanitize_memtag, ...)"},
		{"global align 2^29", uint32(llvmir.MODULE_CODE_GLOBALVAR), gv(30, 0, 0), 0, ""},
		{"global align 2^30", uint32(llvmir.MODULE_CODE_GLOBALVAR), gv(31, 0, 0), 14, "alignment above 2^29"},
		{"function", uint32(llvmir.MODULE_CODE_FUNCTION), fn(5), 0, ""},
		{"function align 2^32", uint32(llvmir.MODULE_CODE_FUNCTION), fn(33), 14, "alignment above 2^29"},
		{"alias", uint32(llvmir.MODULE_CODE_ALIAS), []uint64{0, 1, 3, 0, 7, 0, 0, 0, 0, 0, 1, 0, 0}, 0, ""},
		{"ifunc", uint32(llvmir.MODULE_CODE_IFUNC), []uint64{0, 1, 3, 0, 7, 0, 0, 1, 0, 0}, 0, ""},
		{"comdat", uint32(llvmir.MODULE_CODE_COMDAT), []uint64{0, 1, 2}, 0, ""},
		{"version", uint32(llvmir.MODULE_CODE_VERSION), []uint64{2}, 0, ""},
		{"source_filename", uint32(llvmir.MODULE_CODE_SOURCE_FILENAME), chars("a.c"), 0, ""},
		{"hash", uint32(llvmir.MODULE_CODE_HASH), []uint64{1, 2, 3, 4, 5}, 0, ""},
		{"vstoffset", uint32(llvmir.MODULE_CODE_VSTOFFSET), []uint64{100}, 0, ""},
		{"x86_64 data layout", uint32(llvmir.MODULE_CODE_DATALAYOUT),
			chars("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"), 0, ""},
		{"amdgpu data layout", uint32(llvmir.MODULE_CODE_DATALAYOUT),
			chars("e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"), 0, ""},
		{"goff data layout", uint32(llvmir.MODULE_CODE_DATALAYOUT), chars("E-m:l-i1:8:16-i8:8:16-i64:64-f128:64-v128:64-a:8:16-n32:64"), 14, "data layout mangling mode m:l (GOFF)"},
		{"pointer flags", uint32(llvmir.MODULE_CODE_DATALAYOUT), chars("e-pu1:64:64-i64:64"), 22, "data layout pointer specification with flags or an address space name"},
		{"address space name", uint32(llvmir.MODULE_CODE_DATALAYOUT), chars("e-p1(global):64:64"), 22, "data layout pointer specification with flags or an address space name"},
	}
	checkRecords(t, func(c uint32, ops []uint64) (int, string) { return moduleRecord(llvmir.ModuleCode(c), ops) }, cases)
}

func TestTypeRecord(t *testing.T) {
	cases := []recordCase{
		{"opaque pointer", uint32(llvmir.TYPE_CODE_OPAQUE_POINTER), []uint64{0}, 15, "opaque pointer type (ptr)"},
		{"target type", uint32(llvmir.TYPE_CODE_TARGET_TYPE), []uint64{0}, 16, "target extension type (target(...))"},
		{"typed pointer", uint32(llvmir.TYPE_CODE_POINTER), []uint64{3, 0}, 0, ""},
		{"integer", uint32(llvmir.TYPE_CODE_INTEGER), []uint64{32}, 0, ""},
		{"bfloat", uint32(llvmir.TYPE_CODE_BFLOAT), nil, 0, ""},
		{"x86_amx", uint32(llvmir.TYPE_CODE_X86_AMX), nil, 0, ""},
		{"scalable vector", uint32(llvmir.TYPE_CODE_VECTOR), []uint64{4, 1, 1}, 0, ""},
		{"function", uint32(llvmir.TYPE_CODE_FUNCTION), []uint64{0, 1, 2}, 0, ""},
		{"named struct", uint32(llvmir.TYPE_CODE_STRUCT_NAMED), []uint64{0, 1}, 0, ""},
		{"unknown", 27, nil, Latest + 1, "type record of an unknown code"},
	}
	checkRecords(t, func(c uint32, ops []uint64) (int, string) { return typeRecord(llvmir.TypeCode(c), ops) }, cases)
}

func TestConstantsRecord(t *testing.T) {
	const ia = "inline asm constant with its function type (CST_CODE_INLINEASM)"
	cases := []recordCase{
		{"integer", uint32(llvmir.CST_CODE_INTEGER), []uint64{2}, 0, ""},
		{"poison", uint32(llvmir.CST_CODE_POISON), nil, 0, ""},
		{"dso_local_equivalent", uint32(llvmir.CST_CODE_DSO_LOCAL_EQUIVALENT), []uint64{1, 2}, 0, ""},
		{"gep", uint32(llvmir.CST_CODE_CE_GEP), []uint64{3, 3, 1, 2, 4, 5, 4, 6}, 19, "constant getelementptr (CST_CODE_CE_GEP)"},
		{"gep inrange", uint32(llvmir.CST_CODE_CE_GEP_WITH_INRANGE), []uint64{3, 1, 64, 0, 16, 1, 2, 4, 5}, 19, "constant getelementptr (CST_CODE_CE_GEP)"},
		{"old gep", uint32(llvmir.CST_CODE_CE_GEP_OLD), []uint64{3, 1, 2, 4, 5}, 0, ""},
		{"old inbounds gep", uint32(llvmir.CST_CODE_CE_INBOUNDS_GEP), []uint64{3, 1, 2, 4, 5}, 0, ""},
		{"old inrange gep", uint32(llvmir.CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD), []uint64{3, 3, 1, 2, 4, 5}, 0, ""},
		{"ptrtoint", uint32(llvmir.CST_CODE_CE_CAST), []uint64{uint64(llvmir.CAST_PTRTOINT), 1, 2}, 0, ""},
		{"ptrtoaddr", uint32(llvmir.CST_CODE_CE_CAST), []uint64{uint64(llvmir.CAST_PTRTOADDR), 1, 2}, 22, "ptrtoaddr constant expression"},
		{"binop", uint32(llvmir.CST_CODE_CE_BINOP), []uint64{0, 1, 2, 2}, 0, ""},
		{"inline asm", uint32(llvmir.CST_CODE_INLINEASM), asm("nop", "~{memory}"), 14, ia},
		{"inline asm, callbr label", uint32(llvmir.CST_CODE_INLINEASM), asm("jmp ${0:l}", "!i,~{dirflag}"), 15, "callbr label constraint in inline asm (\"!i\")"},
		{"inline asm, second label", uint32(llvmir.CST_CODE_INLINEASM), asm("", "r,!i"), 15, "callbr label constraint in inline asm (\"!i\")"},
		{"inline asm, short", uint32(llvmir.CST_CODE_INLINEASM), []uint64{5, 1}, 14, ia},
		{"inline asm of LLVM 13", uint32(llvmir.CST_CODE_INLINEASM_OLD3), []uint64{1, 0, 0}, 0, ""},
		{"no_cfi", uint32(llvmir.CST_CODE_NO_CFI_VALUE), []uint64{1, 2}, 14, "no_cfi constant"},
		{"ptrauth", uint32(llvmir.CST_CODE_PTRAUTH), []uint64{1, 2, 3, 4}, 19, "ptrauth constant"},
		{"ptrauth2", uint32(llvmir.CST_CODE_PTRAUTH2), []uint64{1, 2, 3, 4, 5}, 22, "ptrauth constant with a deactivation symbol operand (CST_CODE_PTRAUTH2)"},
		{"unknown", 40, nil, 0, ""},
	}
	checkRecords(t, func(c uint32, ops []uint64) (int, string) {
		return constantsRecord(llvmir.ConstantsCode(c), ops)
	}, cases)
	if v, _ := splatNeed(llvmir.CST_CODE_INTEGER, true); v != 18 {
		t.Errorf("splat integer: got %d, want 18", v)
	}
	if v, _ := splatNeed(llvmir.CST_CODE_INTEGER, false); v != 0 {
		t.Errorf("scalar integer: got %d, want 0", v)
	}
	if v, _ := splatNeed(llvmir.CST_CODE_AGGREGATE, true); v != 0 {
		t.Errorf("vector aggregate: got %d, want 0", v)
	}
}

func TestFunctionRecord(t *testing.T) {
	const (
		orOp    = uint64(llvmir.BINOP_OR)
		icmpEQ  = 32
		fcmpOEQ = 1
		castOp  = "cast with a flags operand"
	)
	cast := func(op llvmir.CastOpcode, flags ...uint64) []uint64 {
		return append([]uint64{1, 5, uint64(op)}, flags...)
	}
	cases := []recordCase{
		// BINOP [lhs, rhs, opcode, flags?]
		{"add nsw", uint32(llvmir.FUNC_CODE_INST_BINOP), []uint64{2, 1, 0, 2}, 0, ""},
		{"or", uint32(llvmir.FUNC_CODE_INST_BINOP), []uint64{2, 1, orOp}, 0, ""},
		{"or disjoint", uint32(llvmir.FUNC_CODE_INST_BINOP), []uint64{2, 1, orOp, 1}, 18, "or disjoint flag"},
		{"or disjoint, forward lhs", uint32(llvmir.FUNC_CODE_INST_BINOP), []uint64{fwd, 7, 1, orOp, 1}, 18, "or disjoint flag"},
		// The forward reference's type ID is 11, which is not or's
		// opcode here: the opcode is sub (1).
		{"sub, forward lhs of type 11", uint32(llvmir.FUNC_CODE_INST_BINOP), []uint64{fwd, 11, 1, 1, 1}, 0, ""},
		{"fadd fast", uint32(llvmir.FUNC_CODE_INST_BINOP), []uint64{2, 1, 0, 0xfe}, 0, ""},
		// CAST [val, destty, opcode, flags?]
		{"zext", uint32(llvmir.FUNC_CODE_INST_CAST), cast(llvmir.CAST_ZEXT), 0, ""},
		{"zext, forward operand", uint32(llvmir.FUNC_CODE_INST_CAST), []uint64{fwd, 3, 5, uint64(llvmir.CAST_ZEXT)}, 0, ""},
		{"zext nneg", uint32(llvmir.FUNC_CODE_INST_CAST), cast(llvmir.CAST_ZEXT, 1), 18, "zext nneg flag"},
		{"zext nneg, forward operand", uint32(llvmir.FUNC_CODE_INST_CAST), []uint64{0, 3, 5, uint64(llvmir.CAST_ZEXT), 1}, 18, "zext nneg flag"},
		{"uitofp nneg", uint32(llvmir.FUNC_CODE_INST_CAST), cast(llvmir.CAST_UITOFP, 1), 19, "uitofp nneg flag"},
		{"trunc nuw", uint32(llvmir.FUNC_CODE_INST_CAST), cast(llvmir.CAST_TRUNC, 1), 19, "trunc nuw/nsw flags"},
		{"trunc nsw", uint32(llvmir.FUNC_CODE_INST_CAST), cast(llvmir.CAST_TRUNC, 2), 19, "trunc nuw/nsw flags"},
		{"fptrunc fast", uint32(llvmir.FUNC_CODE_INST_CAST), cast(llvmir.CAST_FPTRUNC, 0xfe), 21, "fast-math flags on fptrunc/fpext"},
		{"fpext nnan", uint32(llvmir.FUNC_CODE_INST_CAST), cast(llvmir.CAST_FPEXT, 2), 21, "fast-math flags on fptrunc/fpext"},
		{"sitofp with flags", uint32(llvmir.FUNC_CODE_INST_CAST), cast(llvmir.CAST_SITOFP, 2), 18, castOp},
		{"bitcast with flags 0", uint32(llvmir.FUNC_CODE_INST_CAST), cast(llvmir.CAST_BITCAST, 0), 18, castOp},
		{"ptrtoaddr", uint32(llvmir.FUNC_CODE_INST_CAST), cast(llvmir.CAST_PTRTOADDR), 22, "ptrtoaddr instruction"},
		// GEP [flags, type, base, indices...]
		{"gep", uint32(llvmir.FUNC_CODE_INST_GEP), []uint64{0, 3, 1, 2}, 0, ""},
		{"gep inbounds (LLVM 22)", uint32(llvmir.FUNC_CODE_INST_GEP), []uint64{3, 3, 1, 2}, 0, ""},
		{"gep inbounds (LLVM 18)", uint32(llvmir.FUNC_CODE_INST_GEP), []uint64{1, 3, 1, 2}, 0, ""},
		{"gep nusw", uint32(llvmir.FUNC_CODE_INST_GEP), []uint64{2, 3, 1, 2}, 19, "getelementptr nusw/nuw flags"},
		{"gep nuw", uint32(llvmir.FUNC_CODE_INST_GEP), []uint64{4, 3, 1, 2}, 19, "getelementptr nusw/nuw flags"},
		{"gep inbounds nuw", uint32(llvmir.FUNC_CODE_INST_GEP), []uint64{7, 3, 1, 2}, 19, "getelementptr nusw/nuw flags"},
		// CMP2 [lhs, rhs, pred, flags?]
		{"icmp", uint32(llvmir.FUNC_CODE_INST_CMP2), []uint64{2, 1, icmpEQ}, 0, ""},
		{"icmp, forward lhs", uint32(llvmir.FUNC_CODE_INST_CMP2), []uint64{fwd, 3, 1, icmpEQ}, 0, ""},
		{"icmp samesign", uint32(llvmir.FUNC_CODE_INST_CMP2), []uint64{2, 1, icmpEQ, 1}, 21, "icmp samesign flag"},
		{"icmp samesign, forward lhs", uint32(llvmir.FUNC_CODE_INST_CMP2), []uint64{fwd, 3, 1, icmpEQ, 1}, 21, "icmp samesign flag"},
		{"fcmp fast", uint32(llvmir.FUNC_CODE_INST_CMP2), []uint64{2, 1, fcmpOEQ, 0xfe}, 0, ""},
		// ALLOCA [type, size type, size, packed, addrspace?]
		{"alloca", uint32(llvmir.FUNC_CODE_INST_ALLOCA), []uint64{3, 4, 5, 64 | 3}, 0, ""},
		{"alloca align 2^29", uint32(llvmir.FUNC_CODE_INST_ALLOCA), []uint64{3, 4, 5, 64 | 30}, 0, ""},
		{"alloca align 2^30", uint32(llvmir.FUNC_CODE_INST_ALLOCA), []uint64{3, 4, 5, 64 | 31}, 14, "alloca alignment above 2^29"},
		{"alloca align 2^31", uint32(llvmir.FUNC_CODE_INST_ALLOCA), []uint64{3, 4, 5, 64 | 1<<8}, 14, "alloca alignment above 2^29"},
		{"alloca addrspace", uint32(llvmir.FUNC_CODE_INST_ALLOCA), []uint64{3, 4, 5, 64 | 3, 5}, 15, "alloca in a non-default address space (FUNC_CODE_INST_ALLOCA of 5 operands)"},
		// LOAD/STORE
		{"load", uint32(llvmir.FUNC_CODE_INST_LOAD), []uint64{1, 3, 4, 0}, 0, ""},
		{"load align 2^32", uint32(llvmir.FUNC_CODE_INST_LOAD), []uint64{1, 3, 33, 0}, 14, "alignment above 2^29"},
		{"store", uint32(llvmir.FUNC_CODE_INST_STORE), []uint64{1, 2, 4, 0}, 0, ""},
		{"store atomic", uint32(llvmir.FUNC_CODE_INST_STOREATOMIC), []uint64{1, 2, 4, 0, 7, 1}, 0, ""},
		{"load atomic align 2^31", uint32(llvmir.FUNC_CODE_INST_LOADATOMIC), []uint64{1, 3, 32, 0, 4, 1}, 14, "alignment above 2^29"},
		// CMPXCHG [ptr, cmp, new, vol, success, ssid, failure, weak, align?]
		{"cmpxchg", uint32(llvmir.FUNC_CODE_INST_CMPXCHG), []uint64{3, 2, 1, 0, 7, 1, 7, 0, 4}, 0, ""},
		{"cmpxchg align 2^31", uint32(llvmir.FUNC_CODE_INST_CMPXCHG), []uint64{3, 2, 1, 0, 7, 1, 7, 0, 32}, 14, "alignment above 2^29"},
		{"cmpxchg, forward cmp", uint32(llvmir.FUNC_CODE_INST_CMPXCHG), []uint64{3, fwd, 5, 1, 0, 7, 1, 7, 0, 32}, 14, "alignment above 2^29"},
		// ATOMICRMW [ptr, val, op, vol, ordering, ssid, align?]
		{"atomicrmw add", uint32(llvmir.FUNC_CODE_INST_ATOMICRMW), []uint64{2, 1, uint64(llvmir.RMW_ADD), 0, 7, 1, 3}, 0, ""},
		{"atomicrmw fsub", uint32(llvmir.FUNC_CODE_INST_ATOMICRMW), []uint64{2, 1, uint64(llvmir.RMW_FSUB), 0, 7, 1, 3}, 0, ""},
		{"atomicrmw fmax", uint32(llvmir.FUNC_CODE_INST_ATOMICRMW), []uint64{2, 1, uint64(llvmir.RMW_FMAX), 0, 7, 1, 3}, 15, "atomicrmw fmax/fmin"},
		{"atomicrmw uinc_wrap", uint32(llvmir.FUNC_CODE_INST_ATOMICRMW), []uint64{2, 1, uint64(llvmir.RMW_UINC_WRAP), 0, 7, 1, 3}, 16, "atomicrmw uinc_wrap/udec_wrap"},
		{"atomicrmw usub_sat", uint32(llvmir.FUNC_CODE_INST_ATOMICRMW), []uint64{2, 1, uint64(llvmir.RMW_USUB_SAT), 0, 7, 1, 3}, 21, "atomicrmw usub_cond/usub_sat"},
		{"atomicrmw fminimum", uint32(llvmir.FUNC_CODE_INST_ATOMICRMW), []uint64{2, 1, uint64(llvmir.RMW_FMINIMUM), 0, 7, 1, 3}, 21, "atomicrmw fmaximum/fminimum"},
		{"atomicrmw unknown", uint32(llvmir.FUNC_CODE_INST_ATOMICRMW), []uint64{2, 1, 21, 0, 7, 1, 3}, Latest + 1, "atomicrmw of an unknown operation"},
		{"atomicrmw fmax, forward value", uint32(llvmir.FUNC_CODE_INST_ATOMICRMW), []uint64{2, fwd, 4, uint64(llvmir.RMW_FMAX), 0, 7, 1, 3}, 15, "atomicrmw fmax/fmin"},
		// The forward value's type ID 13 is not the operation.
		{"atomicrmw add, forward value of type 13", uint32(llvmir.FUNC_CODE_INST_ATOMICRMW), []uint64{2, fwd, 13, 1, 0, 7, 1, 3}, 0, ""},
		{"old atomicrmw fmin", uint32(llvmir.FUNC_CODE_INST_ATOMICRMW_OLD), []uint64{2, 1, uint64(llvmir.RMW_FMIN), 0, 7, 1}, 15, "atomicrmw fmax/fmin"},
		// DEBUG_LOC [line, col, scope, ia, implicit?, group?, rank?]
		{"debug loc of 5", uint32(llvmir.FUNC_CODE_DEBUG_LOC), []uint64{3, 4, 5, 0, 1}, 0, ""},
		{"debug loc of 7", uint32(llvmir.FUNC_CODE_DEBUG_LOC), []uint64{3, 4, 5, 0, 0, 0, 0}, 0, ""},
		{"debug loc atoms", uint32(llvmir.FUNC_CODE_DEBUG_LOC), []uint64{3, 4, 5, 0, 0, 1, 1}, 21, "DILocation key-instruction atoms (FUNC_CODE_DEBUG_LOC)"},
		{"debug loc implicit of 7", uint32(llvmir.FUNC_CODE_DEBUG_LOC), []uint64{3, 4, 5, 0, 1, 0, 0}, 21, "implicit-code DILocation in a FUNC_CODE_DEBUG_LOC of more than 5 operands"},
		// Records known to LLVM 13, and new codes.
		{"call", uint32(llvmir.FUNC_CODE_INST_CALL), []uint64{0, 1 << 15, 3, 4}, 0, ""},
		{"callbr", uint32(llvmir.FUNC_CODE_INST_CALLBR), []uint64{0, 1 << 15, 1, 1, 2, 3, 4}, 0, ""},
		{"freeze", uint32(llvmir.FUNC_CODE_INST_FREEZE), []uint64{1}, 0, ""},
		{"phi fast", uint32(llvmir.FUNC_CODE_INST_PHI), []uint64{3, 2, 0, 4, 1, 0xfe}, 0, ""},
		{"operand bundle", uint32(llvmir.FUNC_CODE_OPERAND_BUNDLE), []uint64{1, 2, 3}, 0, ""},
		{"operand bundle metadata", uint32(llvmir.FUNC_CODE_OPERAND_BUNDLE), []uint64{1, uint64(llvmir.OB_METADATA), 3}, 21, "metadata operand in an operand bundle"},
		{"blockaddr users", uint32(llvmir.FUNC_CODE_BLOCKADDR_USERS), []uint64{3}, 15, "blockaddress users record (FUNC_CODE_BLOCKADDR_USERS)"},
		{"dbg_value", uint32(llvmir.FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE), []uint64{1, 2, 3, 4}, 19, "debug records (#dbg_value, #dbg_declare, #dbg_assign, #dbg_label)"},
		{"dbg_label", uint32(llvmir.FUNC_CODE_DEBUG_RECORD_LABEL), []uint64{1, 2}, 19, "debug records (#dbg_value, #dbg_declare, #dbg_assign, #dbg_label)"},
		{"dbg_declare_value", uint32(llvmir.FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE), []uint64{1, 2, 3, 4}, 22, "#dbg_declare_value record"},
		{"unknown", 67, nil, Latest + 1, "instruction record of an unknown code"},
		{"removed code 14", 14, nil, Latest + 1, "instruction record of an unknown code"},
	}
	checkRecords(t, func(c uint32, ops []uint64) (int, string) {
		return functionRecord(llvmir.FunctionCode(c), ops)
	}, cases)
}

// TestRecordsNoAlloc checks that the rules allocate nothing.
func TestRecordsNoAlloc(t *testing.T) {
	dl := chars("e-m:e-p270:32:32-i64:64-n8:16:32:64-S128")
	ia := asm("jmp ${0:l}", "!i")
	gep := []uint64{7, 3, 1, 2}
	n := testing.AllocsPerRun(100, func() {
		moduleRecord(llvmir.MODULE_CODE_DATALAYOUT, dl)
		constantsRecord(llvmir.CST_CODE_INLINEASM, ia)
		functionRecord(llvmir.FUNC_CODE_INST_GEP, gep)
		functionRecord(67, nil)
		typeRecord(27, nil)
	})
	if n != 0 {
		t.Errorf("%v allocations per run", n)
	}
}
