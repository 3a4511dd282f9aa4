package assembly

import (
	"math/big"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// The expected spellings below are llvm-dis-22's for the same constants.
func TestAppendFP(t *testing.T) {
	half := &ir.Type{Kind: ir.HalfType}
	bf := &ir.Type{Kind: ir.BFloatType}
	float := &ir.Type{Kind: ir.FloatType}
	fp80 := &ir.Type{Kind: ir.X86FP80Type}
	fp128 := &ir.Type{Kind: ir.FP128Type}
	ppc := &ir.Type{Kind: ir.PPCFP128Type}
	tests := []struct {
		t    *ir.Type
		bits [2]uint64
		want string
	}{
		{double, [2]uint64{0x3FB999999999999A}, "1.000000e-01"},
		{double, [2]uint64{0x3FF0000000000000}, "1.000000e+00"},
		{double, [2]uint64{0x3FF8000000000000}, "1.500000e+00"},
		{double, [2]uint64{0x54B249AD2594C37D}, "1.000000e+100"},
		{double, [2]uint64{0x8000000000000000}, "-0.000000e+00"},
		{double, [2]uint64{0}, "0.000000e+00"},
		{double, [2]uint64{1}, "4.940660e-324"},
		{double, [2]uint64{0x000FFFFFFFFFFFFF}, "0xFFFFFFFFFFFFF"},
		{double, [2]uint64{0x7FF0000000000000}, "0x7FF0000000000000"},
		{double, [2]uint64{0xFFF8000000000000}, "0xFFF8000000000000"},
		{double, [2]uint64{0x7FF8000000000000}, "0x7FF8000000000000"},
		{double, [2]uint64{0x400921FB54442D18}, "0x400921FB54442D18"}, // pi
		{double, [2]uint64{0x40091EB851EB851F}, "3.140000e+00"},
		// toString truncates these to 9.499990e-01, 6.999990e-01, ...,
		// which do not read back.
		{double, [2]uint64{0x3FEE666666666666}, "0x3FEE666666666666"}, // 0.95
		{double, [2]uint64{0x3FE6666666666666}, "0x3FE6666666666666"}, // 0.7
		{double, [2]uint64{0x3FEFAE147AE147AE}, "0x3FEFAE147AE147AE"}, // 0.99
		{double, [2]uint64{0x3EB0C6F7A0B5ED8D}, "0x3EB0C6F7A0B5ED8D"}, // 1e-6
		{double, [2]uint64{0x44B52D02C7E14AF6}, "0x44B52D02C7E14AF6"}, // 1e23
		{double, [2]uint64{0x3FB70A3D70A3D70A}, "0x3FB70A3D70A3D70A"}, // 0.09
		{double, [2]uint64{0x3FB999999999999A}, "1.000000e-01"},
		{double, [2]uint64{0x4005666666666666}, "2.675000e+00"},
		// Subnormal: the truncated digits read back (9.075990e-321 would too).
		{double, [2]uint64{0x72D}, "9.075980e-321"},
		{double, [2]uint64{0x72E}, "9.080920e-321"},
		{float, [2]uint64{0x3F733333}, "0x3FEE666660000000"}, // 0.95f
		{float, [2]uint64{0x3F000000}, "5.000000e-01"},
		{float, [2]uint64{0x4B800000}, "0x4170000000000000"}, // 16777216
		{float, [2]uint64{0x3F800000}, "1.000000e+00"},
		{float, [2]uint64{0x80000000}, "-0.000000e+00"},
		{float, [2]uint64{0x3DCCCCCD}, "0x3FB99999A0000000"}, // 0.1f
		{float, [2]uint64{0x7FA00000}, "0x7FF4000000000000"}, // signaling NaN
		{float, [2]uint64{0x7FC00000}, "0x7FF8000000000000"}, // quiet NaN
		{float, [2]uint64{0xFF800000}, "0xFFF0000000000000"}, // -inf
		{float, [2]uint64{0x40000000}, "2.000000e+00"},
		{half, [2]uint64{0x3C00}, "0xH3C00"},
		{half, [2]uint64{0x7C00}, "0xH7C00"},
		{bf, [2]uint64{0x3F80}, "0xR3F80"},
		{bf, [2]uint64{0}, "0xR0000"},
		{fp80, [2]uint64{0x8000000000000000, 0x3FFF}, "0xK3FFF8000000000000000"},
		{fp80, [2]uint64{0xC000000000000000, 0x4000}, "0xK4000C000000000000000"},
		// An unnormal is a NaN to LLVM, a pseudo-denormal a normal number
		// of exponent 1 (llvm-dis-22 on bitcode patched to hold them:
		// testdata/ir/fp/fp80.bc).
		{fp80, [2]uint64{0x0000000000000001, 0x3FFF}, "0xK7FFF0000000000000001"},
		{fp80, [2]uint64{0x0000000000000001, 0xBFFF}, "0xKFFFF0000000000000001"},
		{fp80, [2]uint64{0x8000000000000000, 0x0000}, "0xK00018000000000000000"},
		{fp80, [2]uint64{0x8000000000000000, 0x8000}, "0xK80018000000000000000"},
		{fp80, [2]uint64{0x0000000000000000, 0x7FFF}, "0xK7FFF0000000000000000"},
		{fp80, [2]uint64{0x0000000000000001, 0x0000}, "0xK00000000000000000001"},
		{fp128, [2]uint64{0, 0x3FFF000000000000}, "0xL00000000000000003FFF000000000000"},
		{ppc, [2]uint64{0x3FF0000000000000, 0}, "0xM3FF00000000000000000000000000000"},
	}
	for _, tt := range tests {
		if got := string(appendFP(nil, tt.t, tt.bits)); got != tt.want {
			t.Errorf("appendFP(%v, %#x) = %s, want %s", tt.t.Kind, tt.bits, got, tt.want)
		}
	}
}

func TestAppendName(t *testing.T) {
	tests := []struct {
		prefix byte
		name   string
		want   string
	}{
		{'@', "main", "@main"},
		{'@', "a.b-c_d", "@a.b-c_d"},
		{'@', "a$b", `@"a$b"`},
		{'%', "0x", `%"0x"`},
		{'%', "x y", `%"x y"`},
		{'%', "q\"\\", `%"q\22\\"`},
		{'@', "\x01__gnu_mcount_nc", `@"\01__gnu_mcount_nc"`},
		{'@', "héllo", `@"h\C3\A9llo"`},
		{0, "entry", "entry"},
		{'$', "comdat.1", "$comdat.1"},
	}
	for _, tt := range tests {
		if got := string(appendName(nil, tt.prefix, tt.name)); got != tt.want {
			t.Errorf("appendName(%q, %q) = %s, want %s", tt.prefix, tt.name, got, tt.want)
		}
	}
}

func TestAppendEscaped(t *testing.T) {
	in := "\x00\x01\t\n\"\\\x7f\x80\xff~ \x1f"
	want := `\00\01\09\0A\22\\\7F\80\FF~ \1F`
	if got := string(appendEscaped(nil, in)); got != want {
		t.Errorf("appendEscaped = %s, want %s", got, want)
	}
}

func TestAppendMDIdentifier(t *testing.T) {
	tests := []struct{ in, want string }{
		{"llvm.module.flags", "llvm.module.flags"},
		{"tbaa", "tbaa"},
		{"a$b", "a$b"},
		{"1abc", `\31abc`},
		{"a b", `a\20b`},
		{"", "<empty name> "},
	}
	for _, tt := range tests {
		if got := string(appendMDIdentifier(nil, tt.in)); got != tt.want {
			t.Errorf("appendMDIdentifier(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// The encodings are those llvm-as-22 writes for the text (read back with
// llvm-bcanalyzer-22), the text what llvm-dis-22 prints for them.
func TestAppendMemory(t *testing.T) {
	tests := []struct {
		v    uint32
		want string
	}{
		{0, "memory(none)"},
		{0xfff, "memory(readwrite)"},
		{0x555, "memory(read)"},
		{0x003, "memory(argmem: readwrite)"},
		{0x455, "memory(read, target_mem0: none)"},
		{0x800, "memory(target_mem1: write)"},
		{0xff3, "memory(readwrite, inaccessiblemem: none)"},
		{0x004, "memory(inaccessiblemem: read)"},
		{0x204, "memory(inaccessiblemem: read, target_mem0: write)"},
		{0x951, "memory(read, inaccessiblemem: none, target_mem1: write)"},
		{0x101, "memory(argmem: read, target_mem0: read)"},
		{0xa59, "memory(read, inaccessiblemem: write, target_mem0: write, target_mem1: write)"},
		{0x013, "memory(argmem: readwrite, errnomem: read)"},
	}
	for _, tt := range tests {
		if got := string(appendMemory(nil, tt.v)); got != tt.want {
			t.Errorf("appendMemory(%#x) = %s, want %s", tt.v, got, tt.want)
		}
	}
}

func TestAppendCaptures(t *testing.T) {
	tests := []struct {
		v    uint32
		want string
	}{
		{0x00, "captures(none)"},
		{0xff, "captures(address, provenance)"},
		{0x77, "captures(address, read_provenance)"},
		{0x0f, "captures(ret: address, provenance)"},
		{0x1f, "captures(address_is_null, ret: address, provenance)"},
		{0x33, "captures(address)"},
	}
	for _, tt := range tests {
		if got := string(appendCaptures(nil, tt.v)); got != tt.want {
			t.Errorf("appendCaptures(%#x) = %s, want %s", tt.v, got, tt.want)
		}
	}
}

func TestAppendFPClass(t *testing.T) {
	tests := []struct {
		v    uint32
		want string
	}{
		{0, "(none)"},
		{0x3ff, "(all)"},
		{0x3 | 0x200 | 0x60 | 0x90 | 0x108, "(nan pinf zero sub norm)"},
		{0x1, "(snan)"},
		{0x204, "(inf)"},
		{0x3fe, "(qnan inf zero sub norm)"},
	}
	for _, tt := range tests {
		if got := string(appendFPClass(nil, tt.v)); got != tt.want {
			t.Errorf("appendFPClass(%#x) = %s, want %s", tt.v, got, tt.want)
		}
	}
}

func TestAttr(t *testing.T) {
	st := &ir.Type{Kind: ir.StructType, Identified: true, Name: "struct.S"}
	tests := []struct {
		a             ir.Attribute
		inline, group string
	}{
		{ir.Attribute{Kind: ir.AttrNoUnwind}, "nounwind", "nounwind"},
		{ir.Attribute{Kind: ir.AttrAlignment, Int: 16}, "align 16", "align=16"},
		{ir.Attribute{Kind: ir.AttrStackAlignment, Int: 16}, "alignstack(16)", "alignstack=16"},
		{ir.Attribute{Kind: ir.AttrDereferenceable, Int: 8}, "dereferenceable(8)", "dereferenceable=8"},
		{ir.Attribute{Kind: ir.AttrDereferenceableOrNull, Int: 4}, "dereferenceable_or_null(4)", "dereferenceable_or_null=4"},
		{ir.Attribute{Kind: ir.AttrAllocSize, Int: 0<<32 | 1}, "allocsize(0,1)", "allocsize(0,1)"},
		{ir.Attribute{Kind: ir.AttrAllocSize, Int: 1<<32 | 0xffffffff}, "allocsize(1)", "allocsize(1)"},
		{ir.Attribute{Kind: ir.AttrVScaleRange, Int: 1<<32 | 16}, "vscale_range(1,16)", "vscale_range(1,16)"},
		{ir.Attribute{Kind: ir.AttrVScaleRange, Int: 2 << 32}, "vscale_range(2,0)", "vscale_range(2,0)"},
		{ir.Attribute{Kind: ir.AttrUWTable, Int: 2}, "uwtable", "uwtable"},
		{ir.Attribute{Kind: ir.AttrUWTable, Int: 1}, "uwtable(sync)", "uwtable(sync)"},
		// LLVM 3.2's raw uwtable decodes to the value 0, which only the
		// default kind escapes: printed as sync.
		{ir.Attribute{Kind: ir.AttrUWTable, Int: 0}, "uwtable(sync)", "uwtable(sync)"},
		{ir.Attribute{Kind: ir.AttrAllocKind, Int: 1 | 16}, `allockind("alloc,zeroed")`, `allockind("alloc,zeroed")`},
		{ir.Attribute{Kind: ir.AttrByVal, Type: st}, "byval(%struct.S)", "byval(%struct.S)"},
		{ir.Attribute{Kind: ir.AttrRange, Range: ir.ConstantRange{BitWidth: 8, Lo: big.NewInt(-1), Hi: big.NewInt(10)}}, "range(i8 -1, 10)", "range(i8 -1, 10)"},
		{ir.Attribute{Kind: ir.AttrRange, Range: ir.ConstantRange{BitWidth: 8, Lo: big.NewInt(255), Hi: big.NewInt(10)}}, "range(i8 -1, 10)", "range(i8 -1, 10)"},
		{ir.Attribute{Kind: ir.AttrInitializes, Ranges: []ir.ConstantRange{{BitWidth: 64, Lo: big.NewInt(0), Hi: big.NewInt(4)}, {BitWidth: 64, Lo: big.NewInt(8), Hi: big.NewInt(12)}}}, "initializes((0, 4), (8, 12))", "initializes((0, 4), (8, 12))"},
		{ir.Attribute{Key: "x", Value: "a\x01b"}, `"x"="a\01b"`, `"x"="a\01b"`},
		{ir.Attribute{Key: "y"}, `"y"`, `"y"`},
	}
	for _, tt := range tests {
		for _, group := range []bool{false, true} {
			p := &printer{budget: initialBudget}
			p.attr(&tt.a, group)
			want := tt.inline
			if group {
				want = tt.group
			}
			if got := string(p.b); got != want {
				t.Errorf("attr(%v, group=%v) = %s, want %s", tt.a.Kind, group, got, want)
			}
		}
	}
}
