package sections

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

var deplibsTests = []struct {
	name string
	hex  string
	want []DependentLibrary
	err  *DecodeError
}{
	// llc-22 of !llvm.dependent-libraries = !{!{!"m"}, !{!"libz.so"}}.
	{name: "llc", hex: "6d006c69627a2e736f00", want: []DependentLibrary{{0, "m"}, {2, "libz.so"}}},
	{name: "empty", hex: ""},
	{name: "nul", hex: "00", want: []DependentLibrary{{0, ""}}},
	{name: "empty-strings", hex: "00006d00", want: []DependentLibrary{{0, ""}, {1, ""}, {2, "m"}}},
	{name: "empty-last", hex: "6d0000", want: []DependentLibrary{{0, "m"}, {2, ""}}},
	{name: "bytes-kept", hex: "0a09ff00", want: []DependentLibrary{{0, "\n\t\xff"}}},
	{name: "unterminated", hex: "6d",
		err: &DecodeError{Off: 0, Msg: "the content is not null-terminated"}},
	{name: "unterminated-second", hex: "6d006c69",
		err: &DecodeError{Off: 2, Msg: "the content is not null-terminated"}},
}

func TestDecodeDependentLibraries(t *testing.T) {
	for _, tt := range deplibsTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeDependentLibraries(".deplibs", secUnhex(t, tt.hex))
			if !slices.Equal(got, tt.want) {
				t.Errorf("DecodeDependentLibraries = %+v, want %+v", got, tt.want)
			}
			checkSecErr(t, err, ".deplibs", tt.err)
		})
	}
}

// TestReadobjDependentLibraries compares with llvm-readobj-22, in LLVM style
// for the names and GNU style (llvm-readelf) for the offsets.
func TestReadobjDependentLibraries(t *testing.T) {
	for _, tt := range deplibsTests {
		t.Run(tt.name, func(t *testing.T) {
			if strings.Contains(tt.name, "bytes") {
				t.Skip("readelf escapes non-printable bytes")
			}
			y := oracleELF("LSB", oracleSection(".deplibs", "SHT_LLVM_DEPENDENT_LIBRARIES", tt.hex, ""))
			out, warns := runReadobj(t, y, "--dependent-libraries")
			_, list, _ := strings.Cut(out, "DependentLibs [\n")
			list, _, _ = strings.Cut(list, "]\n")
			var want strings.Builder
			for _, l := range tt.want {
				fmt.Fprintf(&want, "  %s\n", l.Name)
			}
			if list != want.String() {
				t.Errorf("readobj listed\n%q\nwant\n%q", list, want.String())
			}
			if tt.err != nil {
				w := "SHT_LLVM_DEPENDENT_LIBRARIES section at index 1 is broken: " + tt.err.Msg
				if !slices.Contains(warns, w) {
					t.Errorf("readobj warnings %q, want %q", warns, w)
				}
			} else if len(warns) != 0 {
				t.Errorf("readobj warnings %q", warns)
			}

			out, _ = runReadobj(t, y, "--elf-output-style=GNU", "--dependent-libraries")
			var gnu []string
			for line := range strings.Lines(out) {
				if strings.HasPrefix(line, "  [") {
					gnu = append(gnu, line)
				}
			}
			var wantGNU []string
			for _, l := range tt.want {
				wantGNU = append(wantGNU, fmt.Sprintf("  [%6x]  %s\n", l.Off, l.Name))
			}
			if !slices.Equal(gnu, wantGNU) {
				t.Errorf("readelf listed %q, want %q", gnu, wantGNU)
			}
		})
	}
}
