package sections

import (
	"reflect"
	"testing"
)

var cmdlineTests = []struct {
	name string
	hex  string
	want [][]string
}{
	// ld.lld-22 -r of two clang-22 -c -fembed-bitcode objects (x86_64-linux):
	// their .llvmcmd sections back to back.
	{name: "ld-r", hex: "2d636331002d747269706c65007838365f36342d70632d6c696e75782d676e75002d656d69742d6f626a002d66656d6265642d626974636f64653d616c6c002d66656d6265642d626974636f64653d616c6c002d64697361626c652d6c6c766d2d706173736573002d666d6174682d6572726e6f002d6666702d636f6e74726163743d6f6e002d666e6f2d726f756e64696e672d6d617468002d636331002d747269706c65007838365f36342d70632d6c696e75782d676e75002d656d69742d6f626a002d66656d6265642d626974636f64653d616c6c002d66656d6265642d626974636f64653d616c6c002d64697361626c652d6c6c766d2d706173736573002d666d6174682d6572726e6f002d6666702d636f6e74726163743d6f6e002d666e6f2d726f756e64696e672d6d61746800",
		want: [][]string{
			{"-cc1", "-triple", "x86_64-pc-linux-gnu", "-emit-obj", "-fembed-bitcode=all", "-fembed-bitcode=all", "-disable-llvm-passes", "-fmath-errno", "-ffp-contract=on", "-fno-rounding-math"},
			{"-cc1", "-triple", "x86_64-pc-linux-gnu", "-emit-obj", "-fembed-bitcode=all", "-fembed-bitcode=all", "-disable-llvm-passes", "-fmath-errno", "-ffp-contract=on", "-fno-rounding-math"},
		}},
	// clang-22 -target arm64-apple-macos -c -fembed-bitcode: __LLVM,__cmdline.
	{name: "macho", hex: "2d636331002d747269706c650061726d36342d6170706c652d6d61636f737831302e342e30002d656d69742d6f626a002d66656d6265642d626974636f64653d616c6c002d66656d6265642d626974636f64653d616c6c002d64697361626c652d6c6c766d2d706173736573002d66616c69676e65642d616c6c6f632d756e617661696c61626c65002d666e6f2d73697a65642d6465616c6c6f636174696f6e002d66636f6d7061746962696c6974792d7175616c69666965642d69642d626c6f636b2d747970652d636865636b696e67002d667669736962696c6974792d696e6c696e65732d68696464656e2d7374617469632d6c6f63616c2d766172002d666275696c74696e2d686561646572732d696e2d73797374656d2d6d6f64756c6573002d66646566696e652d7461726765742d6f732d6d6163726f73002d6666702d636f6e74726163743d6f6e002d666e6f2d726f756e64696e672d6d617468002d7461726765742d6162690064617277696e70637300",
		want: [][]string{{"-cc1", "-triple", "arm64-apple-macosx10.4.0", "-emit-obj", "-fembed-bitcode=all", "-fembed-bitcode=all", "-disable-llvm-passes", "-faligned-alloc-unavailable", "-fno-sized-deallocation", "-fcompatibility-qualified-id-block-type-checking", "-fvisibility-inlines-hidden-static-local-var", "-fbuiltin-headers-in-system-modules", "-fdefine-target-os-macros", "-ffp-contract=on", "-fno-rounding-math", "-target-abi", "darwinpcs"}}},
	{name: "empty", hex: "", want: nil},
	{name: "nul", hex: "00", want: [][]string{{""}}},
	{name: "empty-args", hex: "2d63633100000061000000", want: [][]string{{"-cc1", "", "", "a", "", ""}}},
	{name: "unterminated", hex: "2d636331002d4f32", want: [][]string{{"-cc1", "-O2"}}},
	{name: "unterminated-cc1", hex: "61002d636331", want: [][]string{{"a"}, {"-cc1"}}},
	{name: "before-first-cc1", hex: "61006200" + "2d63633100", want: [][]string{{"a", "b"}, {"-cc1"}}},
	{name: "cc1-twice", hex: "2d636331002d63633100", want: [][]string{{"-cc1"}, {"-cc1"}}},
	{name: "no-cc1", hex: "2d4f3200", want: [][]string{{"-O2"}}},
	{name: "cc1-prefix-only", hex: "2d6363313200", want: [][]string{{"-cc12"}}},
}

func TestDecodeCmdlines(t *testing.T) {
	for _, tt := range cmdlineTests {
		t.Run(tt.name, func(t *testing.T) {
			got := DecodeCmdlines(secUnhex(t, tt.hex))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("DecodeCmdlines = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestDecodeCmdlinesCapacity checks that appending to one command line cannot
// overwrite the next one, which shares its backing array.
func TestDecodeCmdlinesCapacity(t *testing.T) {
	lines := DecodeCmdlines([]byte("-cc1\x00a\x00-cc1\x00b\x00"))
	_ = append(lines[0], "x")
	if lines[1][0] != "-cc1" {
		t.Errorf("append to line 0 changed line 1: %q", lines[1])
	}
}
