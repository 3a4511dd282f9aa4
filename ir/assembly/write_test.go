package assembly

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// Types shared by the hand-built modules.
var (
	i1     = &ir.Type{Kind: ir.IntegerType, BitWidth: 1}
	i8     = &ir.Type{Kind: ir.IntegerType, BitWidth: 8}
	i32    = &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	i64    = &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	ptr    = &ir.Type{Kind: ir.PointerType}
	void   = &ir.Type{Kind: ir.VoidType}
	double = &ir.Type{Kind: ir.DoubleType}
)

func cint(t *ir.Type, v int64) *ir.ConstInt { return &ir.ConstInt{Typ: t, V: v} }

func attr(k ir.AttrKind) ir.Attribute { return ir.Attribute{Kind: k} }

func strAttr(k, v string) ir.Attribute { return ir.Attribute{Key: k, Value: v} }

// hello is a small C-like module: named and numbered types, globals of
// several kinds, a definition with unnamed values and a phi, a varargs
// call, attribute groups and metadata.
func hello() *ir.Module {
	s := &ir.Type{Kind: ir.StructType, Identified: true, Name: "struct.S", Fields: []*ir.Type{i32, ptr}}
	t0 := &ir.Type{Kind: ir.StructType, Identified: true, Fields: []*ir.Type{i8}}
	arr := &ir.Type{Kind: ir.ArrayType, Len: 4, Elem: i8}
	vec := &ir.Type{Kind: ir.FixedVectorType, Len: 4, Elem: i32}
	mainTy := &ir.Type{Kind: ir.FunctionType, Ret: i32, Params: []*ir.Type{i32, ptr}}
	printfTy := &ir.Type{Kind: ir.FunctionType, Ret: i32, Params: []*ir.Type{ptr}, VarArg: true}

	md4 := &ir.MDTuple{Distinct: true}
	md3 := &ir.MDTuple{Ops: []ir.Metadata{&ir.MDString{Value: "int"}, md4}}
	md2 := &ir.MDTuple{Ops: []ir.Metadata{md3, md3, &ir.ValueAsMetadata{Value: cint(i64, 0)}, &ir.ValueAsMetadata{Value: cint(i64, 0)}}}
	md0 := &ir.MDTuple{Ops: []ir.Metadata{&ir.ValueAsMetadata{Value: cint(i64, 0)}, &ir.MDString{Value: "typeid"}}}
	md1 := &ir.MDTuple{Ops: []ir.Metadata{&ir.ValueAsMetadata{Value: cint(i32, 1)}, &ir.MDString{Value: "wchar_size"}, &ir.ValueAsMetadata{Value: cint(i32, 4)}}}

	g := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "g", Typ: ptr, ValueType: i32}, Init: cint(i32, 42), Align: 4}
	str := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "s", Typ: ptr, ValueType: arr, Linkage: ir.PrivateLinkage, UnnamedAddr: ir.GlobalUnnamedAddr},
		Init: &ir.ConstData{Typ: arr, Elems: []uint64{'h', 'i', '\n', 0}}, Constant: true, Align: 1}
	anon := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Typ: ptr, ValueType: t0, Linkage: ir.InternalLinkage}, Init: &ir.ConstNull{Typ: t0}}
	v := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "v", Typ: ptr, ValueType: vec}, Init: &ir.ConstData{Typ: vec, Elems: []uint64{1, 2, 3, 4}}}
	d := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "d", Typ: ptr, ValueType: double}, Init: &ir.ConstFP{Typ: double, Bits: [2]uint64{0x3FB999999999999A}},
		Metadata: []ir.Attachment{{Kind: "type", Node: md0}}}

	nounwind := ir.AttrSet{attr(ir.AttrNoUnwind)}
	printf := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "printf", Typ: ptr, ValueType: printfTy}, Sig: printfTy,
		Attrs: ir.AttrList{Fn: nounwind, Params: []ir.AttrSet{{attr(ir.AttrNoUndef)}}}}

	argc := &ir.Argument{Typ: i32, Name: "argc"}
	arg1 := &ir.Argument{Typ: ptr}
	entry := &ir.Block{Name: "entry"}
	then := &ir.Block{Name: "then"}
	b3 := &ir.Block{}
	x := &ir.Instruction{Op: ir.Alloca, Typ: ptr, Name: "x", ElemType: s, Operands: []ir.Value{cint(i32, 1)}, Align: 8}
	ld := &ir.Instruction{Op: ir.Load, Typ: i32, Operands: []ir.Value{g}, Align: 4, Metadata: []ir.Attachment{{Kind: "tbaa", Node: md2}}}
	cmp := &ir.Instruction{Op: ir.ICmp, Typ: i1, Name: "cmp", Pred: ir.ICmpSGT, Operands: []ir.Value{argc, ld}}
	br1 := &ir.Instruction{Op: ir.Br, Typ: void, Operands: []ir.Value{cmp}, Succs: []*ir.Block{then, b3}}
	call := &ir.Instruction{Op: ir.Call, Typ: i32, Name: "call", Callee: printf, FuncType: printfTy, Operands: []ir.Value{str},
		Attrs: ir.AttrList{Fn: ir.AttrSet{attr(ir.AttrNoUnwind)}, Params: []ir.AttrSet{{attr(ir.AttrNoUndef)}}}}
	br2 := &ir.Instruction{Op: ir.Br, Typ: void, Succs: []*ir.Block{b3}}
	phi := &ir.Instruction{Op: ir.PHI, Typ: i32, Name: "r", Operands: []ir.Value{cint(i32, 0), call}, Incoming: []*ir.Block{entry, then}}
	ret := &ir.Instruction{Op: ir.Ret, Typ: void, Operands: []ir.Value{phi}}
	entry.Instrs = []*ir.Instruction{x, ld, cmp, br1}
	then.Instrs = []*ir.Instruction{call, br2}
	then.Preds = []*ir.Block{entry}
	b3.Instrs = []*ir.Instruction{phi, ret}
	b3.Preds = []*ir.Block{then, entry}
	main := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "main", Typ: ptr, ValueType: mainTy, DSOLocal: true}, Sig: mainTy,
		Attrs: ir.AttrList{
			Fn:     ir.AttrSet{attr(ir.AttrNoInline), attr(ir.AttrNoUnwind), strAttr("frame-pointer", "all")},
			Params: []ir.AttrSet{{attr(ir.AttrNoUndef)}},
		},
		HasBody: true, Params: []*ir.Argument{argc, arg1}, Blocks: []*ir.Block{entry, then, b3}}

	return &ir.Module{
		SourceFilename: "t.c",
		DataLayout:     "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-n32:64-S128",
		Triple:         "x86_64-unknown-linux-gnu",
		Types:          []*ir.Type{s, t0},
		Globals:        []*ir.GlobalVar{g, str, anon, v, d},
		Functions:      []*ir.Function{main, printf},
		NamedMetadata:  []*ir.NamedMetadata{{Name: "llvm.module.flags", Ops: []ir.MDNode{md1}}},
	}
}

const helloWant = `; ModuleID = '<stdin>'
source_filename = "t.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-n32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%0 = type { i8 }
%struct.S = type { i32, ptr }

@g = global i32 42, align 4
@s = private unnamed_addr constant [4 x i8] c"hi\0A\00", align 1
@0 = internal global %0 zeroinitializer
@v = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>
@d = global double 1.000000e-01, !type !0

; Function Attrs: noinline nounwind
define dso_local i32 @main(i32 noundef %argc, ptr %0) #0 {
entry:
  %x = alloca %struct.S, align 8
  %1 = load i32, ptr @g, align 4, !tbaa !2
  %cmp = icmp sgt i32 %argc, %1
  br i1 %cmp, label %then, label %2

then:                                             ; preds = %entry
  %call = call i32 (ptr, ...) @printf(ptr noundef @s) #1
  br label %2

2:                                                ; preds = %then, %entry
  %r = phi i32 [ 0, %entry ], [ %call, %then ]
  ret i32 %r
}

; Function Attrs: nounwind
declare i32 @printf(ptr noundef, ...) #1

attributes #0 = { noinline nounwind "frame-pointer"="all" }
attributes #1 = { nounwind }

!llvm.module.flags = !{!1}

!0 = !{i64 0, !"typeid"}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{!3, !3, i64 0, i64 0}
!3 = !{!"int", !4}
!4 = distinct !{}
`

func TestWriteModules(t *testing.T) {
	tests := []struct {
		name string
		m    func() *ir.Module
		want string
	}{
		{"hello", hello, helloWant},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Write(&buf, tt.m(), Options{ModuleID: "<stdin>"}); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s\nfirst difference at line %d", got, tt.want, firstDiff(got, tt.want))
			}
		})
	}
}

func firstDiff(a, b string) int {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range al {
		if i >= len(bl) || al[i] != bl[i] {
			return i + 1
		}
	}
	return len(al) + 1
}
