package sections

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

var linkerOptionsTests = []struct {
	name string
	hex  string
	want []LinkerOption
	err  *DecodeError
}{
	// llc-22 of !llvm.linker.options = !{!{!"-lfoo", !"-lbar"},
	// !{!"key with space", !"val\ttab"}}.
	{name: "llc", hex: "2d6c666f6f002d6c626172006b657920776974682073706163650076616c0974616200",
		want: []LinkerOption{{"-lfoo", "-lbar"}, {"key with space", "val\ttab"}}},
	{name: "empty", hex: ""},
	{name: "empty-pair", hex: "0000", want: []LinkerOption{{"", ""}}},
	{name: "empty-value", hex: "610000", want: []LinkerOption{{"a", ""}}},
	{name: "two-pairs", hex: "6100620063006400", want: []LinkerOption{{"a", "b"}, {"c", "d"}}},
	{name: "lone-nul", hex: "00",
		err: &DecodeError{Off: 0, Msg: `an incomplete key-value pair was found. The last possible key was: ""`}},
	{name: "lone-key", hex: "6100",
		err: &DecodeError{Off: 0, Msg: `an incomplete key-value pair was found. The last possible key was: "a"`}},
	{name: "odd", hex: "610062006300",
		err: &DecodeError{Off: 4, Msg: `an incomplete key-value pair was found. The last possible key was: "c"`}},
	{name: "odd-empty", hex: "000000",
		err: &DecodeError{Off: 2, Msg: `an incomplete key-value pair was found. The last possible key was: ""`}},
	{name: "odd-after-empty", hex: "00006100",
		err: &DecodeError{Off: 2, Msg: `an incomplete key-value pair was found. The last possible key was: "a"`}},
	// The key goes into the message as is, quotes and control bytes too.
	{name: "odd-raw-key", hex: "61226209630a00",
		err: &DecodeError{Off: 0, Msg: "an incomplete key-value pair was found. The last possible key was: \"a\"b\tc\n\""}},
	{name: "unterminated", hex: "610062",
		err: &DecodeError{Off: 2, Msg: "the content is not null-terminated"}},
	{name: "unterminated-key", hex: "6100620063",
		err: &DecodeError{Off: 4, Msg: "the content is not null-terminated"}},
	{name: "unterminated-only", hex: "61",
		err: &DecodeError{Off: 0, Msg: "the content is not null-terminated"}},
}

func TestDecodeLinkerOptions(t *testing.T) {
	for _, tt := range linkerOptionsTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeLinkerOptions(".linker-options", secUnhex(t, tt.hex))
			if !slices.Equal(got, tt.want) {
				t.Errorf("DecodeLinkerOptions = %q, want %q", got, tt.want)
			}
			checkSecErr(t, err, ".linker-options", tt.err)
		})
	}
}

func TestReadobjLinkerOptions(t *testing.T) {
	for _, tt := range linkerOptionsTests {
		t.Run(tt.name, func(t *testing.T) {
			y := oracleELF("LSB", oracleSection(".linker-options", "SHT_LLVM_LINKER_OPTIONS", tt.hex, ""))
			out, warns := runReadobj(t, y, "--elf-linker-options")
			_, list, _ := strings.Cut(out, "LinkerOptions [\n")
			list, _, _ = strings.Cut(list, "]\n")
			var want strings.Builder
			for _, o := range tt.want {
				fmt.Fprintf(&want, "  %s: %s\n", o.Key, o.Value)
			}
			if list != want.String() {
				t.Errorf("readobj listed\n%q\nwant\n%q", list, want.String())
			}
			if tt.err != nil {
				// A message with a newline spans two lines of stderr; compare
				// its first line.
				w, _, _ := strings.Cut("SHT_LLVM_LINKER_OPTIONS section at index 1 is broken: "+tt.err.Msg, "\n")
				if !slices.Contains(warns, w) {
					t.Errorf("readobj warnings %q, want %q", warns, w)
				}
			} else if len(warns) != 0 {
				t.Errorf("readobj warnings %q", warns)
			}
		})
	}
}
