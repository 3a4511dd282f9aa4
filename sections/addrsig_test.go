package sections

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var addrsigTests = []struct {
	name string
	hex  string
	want []uint32
	err  *DecodeError // nil: no error
	// readobjDiffers marks inputs llvm-readobj 22 accepts but we reject.
	readobjDiffers bool
}{
	// clang-22 -c -O1 -faddrsig on x86_64-linux: a, b and static loc have their
	// address taken (.symtab indices 4, 5, 3).
	{name: "clang-elf", hex: "040503", want: []uint32{4, 5, 3}},
	// The same source for x86_64-pc-windows-msvc: COFF symbol indices.
	{name: "clang-coff", hex: "0b0c0d", want: []uint32{11, 12, 13}},
	{name: "empty", hex: "", want: nil},
	{name: "zero", hex: "00", want: []uint32{0}},
	{name: "two-byte", hex: "e58e26", want: []uint32{624485}},
	{name: "overlong-zero", hex: "8080808080808080808000", want: []uint32{0}},
	{name: "max-uint32", hex: "ffffffff0f", want: []uint32{0xffffffff}},
	{name: "truncated", hex: "80", err: &DecodeError{Off: 0, Msg: "malformed uleb128, extends past end"}},
	{name: "truncated-after-entry", hex: "0480", want: []uint32{4},
		err: &DecodeError{Off: 1, Msg: "malformed uleb128, extends past end"}},
	{name: "too-big-bit64", hex: "0380ffffffffffffffff02", want: []uint32{3},
		err: &DecodeError{Off: 1, Msg: "uleb128 too big for uint64"}},
	{name: "too-big-padding", hex: "80808080808080808080808001",
		err: &DecodeError{Off: 0, Msg: "uleb128 too big for uint64"}},
	// readobj prints "Sym:  (4294967296)", naming symbol 0 (the index cut to
	// 32 bits); lld-link rejects it with this message.
	{name: "above-uint32", hex: "058080808010", want: []uint32{5},
		err: &DecodeError{Off: 1, Msg: "invalid symbol index in addrsig section"}, readobjDiffers: true},
	{name: "uint64-max", hex: "ffffffffffffffffff01",
		err: &DecodeError{Off: 0, Msg: "invalid symbol index in addrsig section"}, readobjDiffers: true},
}

func secUnhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// checkSecErr compares err with want (nil: no error expected), filling in the
// section name the decoders were given.
func checkSecErr(t *testing.T, err error, section string, want *DecodeError) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Errorf("unexpected error %v", err)
		}
		return
	}
	var de *DecodeError
	if !errors.As(err, &de) {
		t.Errorf("error = %v (%T), want *DecodeError %q", err, err, want.Msg)
		return
	}
	w := *want
	w.Section = section
	if *de != w {
		t.Errorf("error = %#v\nwant    %#v", *de, w)
	}
}

func TestDecodeAddrsig(t *testing.T) {
	for _, tt := range addrsigTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeAddrsig(".llvm_addrsig", secUnhex(t, tt.hex))
			if !slices.Equal(got, tt.want) {
				t.Errorf("DecodeAddrsig = %v, want %v", got, tt.want)
			}
			checkSecErr(t, err, ".llvm_addrsig", tt.err)
		})
	}
}

func TestDecodeAddrsigErrorString(t *testing.T) {
	_, err := DecodeAddrsig(".llvm_addrsig", []byte{4, 0x80})
	const want = ".llvm_addrsig: malformed uleb128, extends past end (at byte 0x1 of the section)"
	if err == nil || err.Error() != want {
		t.Errorf("Error() = %v, want %q", err, want)
	}
}

// TestDecodeAddrsigTruncated cuts a valid table at every byte: each prefix
// decodes to whole entries, or fails at an offset inside the prefix.
func TestDecodeAddrsigTruncated(t *testing.T) {
	full := secUnhex(t, "04e58e2605ffffffff0f")
	for i := range len(full) + 1 {
		syms, err := DecodeAddrsig("s", full[:i])
		var de *DecodeError
		if err != nil && (!errors.As(err, &de) || de.Off > int64(i) || de.Msg != msgULEBTruncated) {
			t.Errorf("prefix %d: error %v", i, err)
		}
		if len(syms) > i {
			t.Errorf("prefix %d: %d entries", i, len(syms))
		}
	}
}

func TestReadobjAddrsig(t *testing.T) {
	symRE := regexp.MustCompile(`(?m)^  Sym: .* \((\d+)\)$`)
	for _, tt := range addrsigTests {
		t.Run(tt.name, func(t *testing.T) {
			out, warns := runReadobj(t, oracleELF("LSB", oracleSection(".llvm_addrsig", "SHT_LLVM_ADDRSIG", tt.hex, "")), "--addrsig")
			var printed []uint64
			for _, m := range symRE.FindAllStringSubmatch(out, -1) {
				v, _ := strconv.ParseUint(m[1], 10, 64)
				printed = append(printed, v)
			}
			if tt.readobjDiffers {
				// readobj keeps the 64-bit index and prints no decode warning.
				if slices.ContainsFunc(warns, func(w string) bool { return strings.HasPrefix(w, "unable to decode") }) {
					t.Errorf("readobj now rejects it: %q", warns)
				}
				return
			}
			if tt.err != nil {
				// ELF readobj prints no entry of a section it cannot decode.
				want := "unable to decode SHT_LLVM_ADDRSIG section with index 1: " + tt.err.Msg
				if !slices.Contains(warns, want) || len(printed) != 0 {
					t.Errorf("readobj warnings %q, entries %v; want %q and no entries", warns, printed, want)
				}
				return
			}
			want := make([]uint64, len(tt.want))
			for i, v := range tt.want {
				want[i] = uint64(v)
			}
			if !slices.Equal(printed, want) {
				t.Errorf("readobj printed %v, want %v\n%s", printed, want, out)
			}
		})
	}
}

// TestReadobjAddrsigCOFF checks the COFF side: readobj prints the entries
// before a bad ULEB128, then fails with the bare reason.
func TestReadobjAddrsigCOFF(t *testing.T) {
	symRE := regexp.MustCompile(`(?m)^  Sym: .* \((\d+)\)$`)
	for _, tt := range addrsigTests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.readobjDiffers || slices.ContainsFunc(tt.want, func(s uint32) bool { return s >= 16 }) {
				t.Skip("index outside the oracle's symbol table")
			}
			out, msgs := runReadobj(t, oracleCOFF(".llvm_addrsig", tt.hex), "--addrsig")
			var printed []uint32
			for _, m := range symRE.FindAllStringSubmatch(out, -1) {
				v, _ := strconv.ParseUint(m[1], 10, 32)
				printed = append(printed, uint32(v))
			}
			if !slices.Equal(printed, tt.want) {
				t.Errorf("readobj printed %v, want %v\n%s", printed, tt.want, out)
			}
			var want []string
			if tt.err != nil {
				want = []string{tt.err.Msg}
			}
			if !slices.Equal(msgs, want) {
				t.Errorf("readobj messages %q, want %q", msgs, want)
			}
		})
	}
}

// runReadobj assembles an object from yaml with yaml2obj-22, runs llvm-readobj-22
// with args on it, and returns its standard output and the messages of its
// warnings and errors ("llvm-readobj-22: warning: 'x.o': <message>"). Like
// x/arch's objdump tests, it skips under -short or when the tools are missing.
func runReadobj(t *testing.T, yaml string, args ...string) (stdout string, msgs []string) {
	t.Helper()
	if testing.Short() {
		t.Skip("skipping llvm-readobj-22 oracle in -short mode")
	}
	needOracleAll(t)
	for _, tool := range []string{"yaml2obj-22", "llvm-readobj-22"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	dir := t.TempDir()
	obj := filepath.Join(dir, "x.o")
	y := exec.Command("yaml2obj-22", "-o", obj, "-")
	y.Stdin = strings.NewReader(yaml)
	if out, err := y.CombinedOutput(); err != nil {
		t.Fatalf("yaml2obj-22: %v\n%s\n%s", err, out, yaml)
	}
	var o, e bytes.Buffer
	r := exec.Command("llvm-readobj-22", append(args, obj)...)
	r.Stdout, r.Stderr = &o, &e
	if err := r.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("llvm-readobj-22: %v", err)
		}
	}
	for line := range strings.Lines(e.String()) {
		if _, msg, ok := strings.Cut(strings.TrimSuffix(line, "\n"), obj+"': "); ok {
			msgs = append(msgs, msg)
		}
	}
	return o.String(), msgs
}

// oracleELF is a yaml2obj document for a 64-bit relocatable object, little
// ("LSB") or big ("MSB") endian, holding the given sections (from oracleSection)
// and five symbols a to e at indices 1 to 5.
func oracleELF(data string, sections ...string) string {
	machine := "EM_X86_64"
	if data == "MSB" {
		machine = "EM_PPC64"
	}
	return fmt.Sprintf(`--- !ELF
FileHeader:
  Class: ELFCLASS64
  Data: ELFDATA2%s
  Type: ET_REL
  Machine: %s
Sections:
%sSymbols:
  - Name: a
  - Name: b
  - Name: c
  - Name: d
  - Name: e
`, data, machine, strings.Join(sections, ""))
}

// oracleSection is one yaml2obj section entry; extra holds further indented keys.
func oracleSection(name, typ, content, extra string) string {
	return fmt.Sprintf("  - Name: %s\n    Type: %s\n    Content: \"%s\"\n%s", name, typ, content, extra)
}

// oracleCOFF is a yaml2obj document for an x86-64 COFF object with one
// section, name, holding the bytes in hex, and 16 symbols s0 to s15.
func oracleCOFF(name, hex string) string {
	var b strings.Builder
	b.WriteString("--- !COFF\nheader:\n  Machine: IMAGE_FILE_MACHINE_AMD64\n  Characteristics: []\nsections:\n")
	fmt.Fprintf(&b, "  - Name: %s\n    Characteristics: [ IMAGE_SCN_LNK_REMOVE ]\n    Alignment: 1\n    SectionData: \"%s\"\nsymbols:\n", name, hex)
	for i := range 16 {
		fmt.Fprintf(&b, "  - Name: s%d\n    Value: 0\n    SectionNumber: 1\n    SimpleType: IMAGE_SYM_TYPE_NULL\n"+
			"    ComplexType: IMAGE_SYM_DTYPE_NULL\n    StorageClass: IMAGE_SYM_CLASS_EXTERNAL\n", i)
	}
	return b.String()
}
