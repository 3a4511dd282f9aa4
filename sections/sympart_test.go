package sections

import "testing"

var sympartTests = []struct {
	name string
	hex  string
	want SymPart
	err  *DecodeError
}{
	// clang-22 -fsymbol-partition=part1, x86_64-linux: R_X86_64_64 at 6.
	{name: "clang-x86-64", hex: "7061727431000000000000000000", want: SymPart{"part1", 6}},
	// -m32 -fsymbol-partition=p: R_386_32 at 2.
	{name: "clang-i386", hex: "700000000000", want: SymPart{"p", 2}},
	// powerpc64-linux -fsymbol-partition=pq: R_PPC64_ADDR64 at 3.
	{name: "clang-ppc64", hex: "7071000000000000000000", want: SymPart{"pq", 3}},
	{name: "empty-name", hex: "000000000000000000", want: SymPart{"", 1}},
	{name: "empty", hex: "", err: &DecodeError{Off: 0, Msg: "the content is not null-terminated"}},
	{name: "no-nul", hex: "70617274", err: &DecodeError{Off: 0, Msg: "the content is not null-terminated"}},
	{name: "no-address", hex: "7000", err: &DecodeError{Off: 2, Msg: "the address field has 0 bytes, expected 4 or 8"}},
	{name: "short-address", hex: "7000000000", err: &DecodeError{Off: 2, Msg: "the address field has 3 bytes, expected 4 or 8"}},
	{name: "odd-address", hex: "70000000000000", err: &DecodeError{Off: 2, Msg: "the address field has 5 bytes, expected 4 or 8"}},
	{name: "long-address", hex: "70000000000000000000000000", err: &DecodeError{Off: 2, Msg: "the address field has 11 bytes, expected 4 or 8"}},
}

func TestDecodeSymPart(t *testing.T) {
	for _, tt := range sympartTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeSymPart(".llvm_sympart", secUnhex(t, tt.hex))
			if got != tt.want {
				t.Errorf("DecodeSymPart = %+v, want %+v", got, tt.want)
			}
			checkSecErr(t, err, ".llvm_sympart", tt.err)
		})
	}
}
