package ir_test

import (
	"fmt"

	"github.com/bcextract/bcextract/ir"
)

// The attributes llvm-dis-22 gives a declaration of llvm.memcpy:
//
//	declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #0
//	attributes #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
func ExampleIntrinsicAttrs() {
	ptr := &ir.Type{Kind: ir.PointerType}
	fn := &ir.Type{
		Kind: ir.FunctionType,
		Ret:  &ir.Type{Kind: ir.VoidType},
		Params: []*ir.Type{ptr, ptr,
			{Kind: ir.IntegerType, BitWidth: 64},
			{Kind: ir.IntegerType, BitWidth: 1}},
	}
	attrs, ok := ir.IntrinsicAttrs("llvm.memcpy.p0.p0.i64", fn)
	fmt.Println(ok)
	for i, a := range attrs.Fn {
		if i > 0 {
			fmt.Print(" ")
		}
		fmt.Print(a.Kind)
	}
	fmt.Println()
	for i := range fn.Params {
		fmt.Print(i, ":")
		for _, a := range attrs.Param(i) {
			fmt.Print(" ", a.Kind)
		}
		fmt.Println()
	}
	// Output:
	// true
	// nocallback nofree nounwind willreturn memory
	// 0: noalias writeonly captures
	// 1: noalias readonly captures
	// 2:
	// 3: immarg
}
