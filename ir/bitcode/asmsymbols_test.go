package bitcode

import (
	"os"
	"reflect"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// TestAsmSymbols checks the symbols of module-level inline assembly the
// reader takes from the IR symbol table LLVM 22 wrote (the values are
// opt-22's table, in its order: LLVM's assembler parser keeps them in a
// StringMap), and that it gives none where no table is (llvm-as writes
// none for a module with inline assembly).
func TestAsmSymbols(t *testing.T) {
	for _, tc := range []struct {
		path string
		want []ir.AsmSymbol
	}{
		{"../bcwrite/testdata/decl/module-asm.bc", []ir.AsmSymbol{
			{Name: "asm_local"},
			{Name: "asm_global", Global: true},
			{Name: "ext_func", Undefined: true, Global: true},
			{Name: ".Ltmp0"},
			{Name: "weak_undef", Undefined: true, Weak: true},
			{Name: "asm_weak", Weak: true, Global: true},
			{Name: "asm_alias"},
			{Name: "declared_only", Undefined: true, Global: true},
			{Name: "ext_data", Undefined: true, Global: true},
		}},
		// _GLOBAL_OFFSET_TABLE_, which LLVM adds after them, is not one.
		{"../bcwrite/testdata/decl/module-asm-i386.bc", []ir.AsmSymbol{{Name: "f32", Global: true}}},
		{"../../testdata/inspect/asm.bc", []ir.AsmSymbol{
			{Name: "asm_local"},
			{Name: "asm_global", Global: true},
			{Name: "asm_weak", Weak: true, Global: true},
		}},
		{"../../testdata/ir/comdat-alias.bc", nil},
	} {
		t.Run(tc.path, func(t *testing.T) {
			data, err := os.ReadFile(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Options{}.Open(data)
			if err != nil {
				t.Fatal(err)
			}
			m, err := f.Modules[0].Module()
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Asm) == 0 {
				t.Fatal("no module asm")
			}
			if !reflect.DeepEqual(m.AsmSymbols, tc.want) {
				t.Errorf("AsmSymbols = %+v, want %+v", m.AsmSymbols, tc.want)
			}
		})
	}
}
