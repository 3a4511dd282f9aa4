package bitcode

import (
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// The record decoders map encoded fields as LLVM's BitcodeReader does: a
// local global keeps the default visibility and DLL storage whatever the
// record says, an old dllimport/dllexport linkage (5, 6) gives the storage
// class when the record has no field for it, and records shorter than LLVM
// accepts are refused.
func TestGlobalRecordDecoders(t *testing.T) {
	gv, ok := decodeGlobalVar([]uint64{3, 1 | 2 | 1<<2, 7, 19, 4, 2, 1, 3, 2, 1, 2, 1, 5, 1, 10, 4, 8, 3, 9, 9})
	want := globalVarFields{typ: 3, isConst: true, explicitType: true, addrSpace: 1, initID: 7, rawLinkage: 19,
		linkage: ir.LinkOnceODRLinkage, align: 4, section: 2, visibility: ir.HiddenVisibility, tls: ir.InitialExecTLS,
		unnamedAddr: ir.LocalUnnamedAddr, extInit: true, dll: ir.DLLExport, hasComdat: true, comdat: 1,
		hasAttrs: true, attrs: 5, dsoLocal: true, hasPartition: true, partOff: 10, partSize: 4, sanitizer: 8,
		codeModel: 3, extra: 2}
	if !ok || gv != want {
		t.Errorf("GLOBALVAR:\n got %+v\nwant %+v", gv, want)
	}
	// Internal (3) with hidden visibility and dllexport fields: both dropped.
	if gv, ok := decodeGlobalVar([]uint64{0, 2, 0, 3, 0, 0, 1, 0, 0, 0, 2}); !ok || gv.visibility != ir.DefaultVisibility || gv.dll != ir.DefaultStorage {
		t.Errorf("local GLOBALVAR: %+v", gv)
	}
	// Old dllimport linkage, no storage field; TLS code 1 is general dynamic.
	if gv, ok := decodeGlobalVar([]uint64{0, 2, 0, 5, 0, 0, 0, 1}); !ok || gv.linkage != ir.ExternalLinkage || gv.dll != ir.DLLImport || gv.tls != ir.GeneralDynamicTLS {
		t.Errorf("dllimport GLOBALVAR: %+v", gv)
	}
	if _, ok := decodeGlobalVar(make([]uint64, 5)); ok {
		t.Error("GLOBALVAR of 5 operands accepted")
	}

	fn, ok := decodeFunction([]uint64{9, 8, 1, 6, 2, 5, 1, 2, 1, 1, 4, 0, 0, 0, 0, 1, 3, 20, 5, 3})
	wantFn := functionFields{typ: 9, callingConv: 8, isProto: true, rawLinkage: 6, linkage: ir.ExternalLinkage,
		attrs: 2, align: 5, section: 1, visibility: ir.ProtectedVisibility, gc: 1, unnamedAddr: ir.GlobalUnnamedAddr,
		prologue: 4, dll: ir.DefaultStorage, hasComdat: true, dsoLocal: true, hasAddrSpace: true, addrSpace: 3,
		hasPartition: true, partOff: 20, partSize: 5, hasPrefAlign: true, prefAlign: 3}
	if !ok || fn != wantFn {
		t.Errorf("FUNCTION:\n got %+v\nwant %+v", fn, wantFn)
	}
	if fn, ok := decodeFunction([]uint64{0, 0, 0, 6, 0, 0, 0, 0}); !ok || fn.dll != ir.DLLExport || fn.hasComdat {
		t.Errorf("dllexport FUNCTION: %+v", fn)
	}
	if _, ok := decodeFunction(make([]uint64, 7)); ok {
		t.Error("FUNCTION of 7 operands accepted")
	}

	tests := []struct {
		code llvmir.ModuleCode
		ops  []uint64
		ok   bool
		want indirectFields
	}{
		{llvmir.MODULE_CODE_ALIAS, []uint64{1, 2, 30, 0, 1, 1, 4, 1, 1, 7, 3}, true, indirectFields{typ: 1, addrSpace: 2,
			aliasee: 30, linkage: ir.ExternalLinkage, visibility: ir.HiddenVisibility, dll: ir.DLLImport,
			tls: ir.LocalExecTLS, unnamedAddr: ir.GlobalUnnamedAddr, dsoLocal: true, hasPartition: true, partOff: 7, partSize: 3}},
		// IFUNC has no dll, tls and unnamed_addr: the next field is dso_local.
		{llvmir.MODULE_CODE_IFUNC, []uint64{1, 0, 30, 9, 2, 1}, true, indirectFields{typ: 1, aliasee: 30, rawLinkage: 9,
			linkage: ir.PrivateLinkage, dsoLocal: true}},
		// ALIAS_OLD: [pointer type, aliasee, linkage, visibility, dll, tls].
		{llvmir.MODULE_CODE_ALIAS_OLD, []uint64{4, 12, 6, 2}, true, indirectFields{typ: 4, aliasee: 12, rawLinkage: 6,
			linkage: ir.ExternalLinkage, visibility: ir.ProtectedVisibility, dll: ir.DLLExport}},
		{llvmir.MODULE_CODE_ALIAS_OLD, []uint64{4, 12}, false, indirectFields{}},
		{llvmir.MODULE_CODE_ALIAS, []uint64{4, 0, 12}, false, indirectFields{}},
	}
	for _, tt := range tests {
		got, ok := decodeIndirect(tt.code, tt.ops)
		if ok != tt.ok || got != tt.want {
			t.Errorf("%v %v:\n got %+v, %v\nwant %+v, %v", tt.code, tt.ops, got, ok, tt.want, tt.ok)
		}
	}
}
