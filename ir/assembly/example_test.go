package assembly_test

import (
	"os"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/assembly"
)

// Example prints a module with one function, int @add(int, int), that adds
// its unnamed arguments.
func Example() {
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	sig := &ir.Type{Kind: ir.FunctionType, Ret: i32, Params: []*ir.Type{i32, i32}}
	a, b := &ir.Argument{Typ: i32}, &ir.Argument{Typ: i32}
	sum := &ir.Instruction{Op: ir.Add, Typ: i32, Flags: ir.NSW, Operands: []ir.Value{a, b}}
	ret := &ir.Instruction{Op: ir.Ret, Typ: &ir.Type{Kind: ir.VoidType}, Operands: []ir.Value{sum}}
	add := &ir.Function{
		GlobalHeader: ir.GlobalHeader{Name: "add", Typ: &ir.Type{Kind: ir.PointerType}, ValueType: sig},
		Sig:          sig,
		HasBody:      true,
		Params:       []*ir.Argument{a, b},
		Blocks:       []*ir.Block{{Instrs: []*ir.Instruction{sum, ret}}},
	}
	m := &ir.Module{Triple: "x86_64-unknown-linux-gnu", Functions: []*ir.Function{add}}
	if err := assembly.Write(os.Stdout, m, assembly.Options{ModuleID: "add.bc"}); err != nil {
		panic(err)
	}
	// Output:
	// ; ModuleID = 'add.bc'
	// target triple = "x86_64-unknown-linux-gnu"
	//
	// define i32 @add(i32 %0, i32 %1) {
	//   %3 = add nsw i32 %0, %1
	//   ret i32 %3
	// }
}
