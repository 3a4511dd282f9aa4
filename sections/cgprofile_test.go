package sections

import (
	"encoding/binary"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var cgWeightsTests = []struct {
	name string
	hex  string
	bo   binary.ByteOrder
	want []uint64
	err  *DecodeError
}{
	// llc-22, x86_64-linux, CG Profile a→b 32, c→a 11, b→c 20.
	{name: "llc-x86-64", hex: "20000000000000000b000000000000001400000000000000",
		bo: binary.LittleEndian, want: []uint64{32, 11, 20}},
	// The same module for powerpc64-linux.
	{name: "llc-ppc64", hex: "0000000000000020000000000000000b0000000000000014",
		bo: binary.BigEndian, want: []uint64{32, 11, 20}},
	{name: "empty", hex: "", bo: binary.LittleEndian},
	{name: "max", hex: "ffffffffffffffff", bo: binary.LittleEndian, want: []uint64{1<<64 - 1}},
	{name: "size-9", hex: "200000000000000001", bo: binary.LittleEndian,
		err: &DecodeError{Off: 8, Msg: "has an invalid sh_size (9) which is not a multiple of its sh_entsize (8)"}},
	{name: "size-4", hex: "20000000", bo: binary.BigEndian,
		err: &DecodeError{Off: 0, Msg: "has an invalid sh_size (4) which is not a multiple of its sh_entsize (8)"}},
}

func TestDecodeCGProfileWeights(t *testing.T) {
	for _, tt := range cgWeightsTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeCGProfileWeights(".llvm.call-graph-profile", secUnhex(t, tt.hex), tt.bo)
			if !slices.Equal(got, tt.want) {
				t.Errorf("DecodeCGProfileWeights = %v, want %v", got, tt.want)
			}
			checkSecErr(t, err, ".llvm.call-graph-profile", tt.err)
		})
	}
}

var cgEntriesTests = []struct {
	name string
	hex  string
	bo   binary.ByteOrder
	want []CGProfileEntry
	err  *DecodeError
}{
	// llc-22, x86_64-pc-windows-msvc: COFF symbol indices a=13, b=14, c=15.
	{name: "llc-coff", bo: binary.LittleEndian,
		hex:  "0d0000000e00000020000000000000000f0000000d0000000b000000000000000e0000000f0000001400000000000000",
		want: []CGProfileEntry{{13, 14, 32}, {15, 13, 11}, {14, 15, 20}}},
	// llc-22, arm64-apple-macosx: __LLVM,__cg_profile with nlist indices.
	{name: "llc-macho", bo: binary.LittleEndian,
		hex:  "0300000004000000200000000000000005000000030000000b0000000000000004000000050000001400000000000000",
		want: []CGProfileEntry{{3, 4, 32}, {5, 3, 11}, {4, 5, 20}}},
	{name: "big-endian", bo: binary.BigEndian,
		hex:  "00000001000000020000000000000007",
		want: []CGProfileEntry{{1, 2, 7}}},
	{name: "empty", bo: binary.LittleEndian},
	// readobj 22 prints the first entry, then fails (COFF and Mach-O alike).
	{name: "truncated-in-to", bo: binary.LittleEndian,
		hex:  "0d0000000e00000020000000000000000f000000",
		want: []CGProfileEntry{{13, 14, 32}},
		err:  &DecodeError{Off: 16, Msg: "Stream Error: The stream is too short to perform the requested operation."}},
	{name: "truncated-in-from", bo: binary.LittleEndian,
		hex:  "0d0000000e000000200000000000000000",
		want: []CGProfileEntry{{13, 14, 32}},
		err:  &DecodeError{Off: 16, Msg: "Stream Error: The stream is too short to perform the requested operation."}},
	{name: "short", bo: binary.LittleEndian, hex: "0d0000000e000000",
		err: &DecodeError{Off: 0, Msg: "Stream Error: The stream is too short to perform the requested operation."}},
}

func TestDecodeCGProfileEntries(t *testing.T) {
	for _, tt := range cgEntriesTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeCGProfileEntries(".llvm.call-graph-profile", secUnhex(t, tt.hex), tt.bo)
			if !slices.Equal(got, tt.want) {
				t.Errorf("DecodeCGProfileEntries = %v, want %v", got, tt.want)
			}
			checkSecErr(t, err, ".llvm.call-graph-profile", tt.err)
		})
	}
}

var pairCGTests = []struct {
	name    string
	weights []uint64
	syms    []uint32
	want    []CGProfileEntry
	err     *DecodeError
}{
	// The x86_64 object above: .rel.llvm.call-graph-profile has r_sym
	// 3 4 5 3 4 5 (a=3, b=4, c=5).
	{name: "llc", weights: []uint64{32, 11, 20}, syms: []uint32{3, 4, 5, 3, 4, 5},
		want: []CGProfileEntry{{3, 4, 32}, {5, 3, 11}, {4, 5, 20}}},
	{name: "empty"},
	{name: "missing-pair", weights: []uint64{32, 11}, syms: []uint32{3, 4},
		err: &DecodeError{Off: 8, Msg: "number of from/to pairs does not match number of frequencies"}},
	{name: "no-relocations", weights: []uint64{32},
		err: &DecodeError{Off: 0, Msg: "number of from/to pairs does not match number of frequencies"}},
	{name: "odd", weights: []uint64{32}, syms: []uint32{3, 4, 5},
		err: &DecodeError{Off: 8, Msg: "number of from/to pairs does not match number of frequencies"}},
	{name: "too-many", weights: []uint64{32}, syms: []uint32{3, 4, 5, 3},
		err: &DecodeError{Off: 8, Msg: "number of from/to pairs does not match number of frequencies"}},
	{name: "no-weights", syms: []uint32{3, 4},
		err: &DecodeError{Off: 0, Msg: "number of from/to pairs does not match number of frequencies"}},
}

func TestPairCGProfile(t *testing.T) {
	for _, tt := range pairCGTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PairCGProfile(".llvm.call-graph-profile", tt.weights, tt.syms)
			if !slices.Equal(got, tt.want) {
				t.Errorf("PairCGProfile = %v, want %v", got, tt.want)
			}
			checkSecErr(t, err, ".llvm.call-graph-profile", tt.err)
		})
	}
}

var cgEntryRE = regexp.MustCompile(`CGProfileEntry \{\n(?:    From: \S+ \((\d+)\)\n    To: \S+ \((\d+)\)\n)?    Weight: (\d+)\n`)

// readobjCG parses readobj's CGProfile entries; From and To are 0 when absent.
func readobjCG(out string) []CGProfileEntry {
	var es []CGProfileEntry
	for _, m := range cgEntryRE.FindAllStringSubmatch(out, -1) {
		from, _ := strconv.ParseUint(m[1], 10, 32)
		to, _ := strconv.ParseUint(m[2], 10, 32)
		w, _ := strconv.ParseUint(m[3], 10, 64)
		es = append(es, CGProfileEntry{uint32(from), uint32(to), w})
	}
	return es
}

// TestReadobjCGProfileWeights gives readobj the weights without relocations:
// it warns that the relocation section is missing and prints the weights.
func TestReadobjCGProfileWeights(t *testing.T) {
	for _, tt := range cgWeightsTests {
		t.Run(tt.name, func(t *testing.T) {
			data := "LSB"
			if tt.bo == binary.BigEndian {
				data = "MSB"
			}
			y := oracleELF(data, oracleSection(".llvm.call-graph-profile", "SHT_LLVM_CALL_GRAPH_PROFILE", tt.hex, "    EntSize: 8\n"))
			out, warns := runReadobj(t, y, "--cg-profile")
			var got []uint64
			for _, e := range readobjCG(out) {
				got = append(got, e.Weight)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("readobj printed %v, want %v\n%s", got, tt.want, out)
			}
			if tt.err != nil {
				w := "unable to load the SHT_LLVM_CALL_GRAPH_PROFILE section: section [index 1] " + tt.err.Msg
				if !slices.Contains(warns, w) || strings.Contains(out, "CGProfile [") {
					t.Errorf("readobj warnings %q, want %q and no CGProfile list\n%s", warns, w, out)
				}
			}
		})
	}
}

// TestReadobjPairCGProfile gives readobj the weights and a SHT_REL section
// with the relocations' r_sym in order (symbols a to e are 1 to 5).
func TestReadobjPairCGProfile(t *testing.T) {
	for _, tt := range pairCGTests {
		t.Run(tt.name, func(t *testing.T) {
			for _, s := range tt.syms {
				if s < 1 || s > 5 {
					t.Skip("symbol index outside the oracle's symbol table")
				}
			}
			var content, rels strings.Builder
			for _, w := range tt.weights {
				fmt.Fprintf(&content, "%016x", w) // big-endian object
			}
			rels.WriteString("    Relocations:\n")
			for i, s := range tt.syms {
				fmt.Fprintf(&rels, "      - Offset: %d\n        Symbol: %d\n        Type: R_PPC64_NONE\n", 8*(i/2), s)
			}
			if len(tt.syms) == 0 {
				rels.WriteString("      []\n")
			}
			y := oracleELF("MSB",
				oracleSection(".llvm.call-graph-profile", "SHT_LLVM_CALL_GRAPH_PROFILE", content.String(), "    EntSize: 8\n"),
				"  - Name: .rel.llvm.call-graph-profile\n    Type: SHT_REL\n    Info: .llvm.call-graph-profile\n"+rels.String())
			out, warns := runReadobj(t, y, "--cg-profile")
			got := readobjCG(out)
			if tt.err != nil {
				if !slices.Contains(warns, tt.err.Msg) {
					t.Errorf("readobj warnings %q, want %q", warns, tt.err.Msg)
				}
				// readobj falls back to the bare weights.
				var want []CGProfileEntry
				for _, w := range tt.weights {
					want = append(want, CGProfileEntry{Weight: w})
				}
				if !slices.Equal(got, want) {
					t.Errorf("readobj printed %v, want %v", got, want)
				}
				return
			}
			if !slices.Equal(got, tt.want) || len(warns) != 0 {
				t.Errorf("readobj printed %v, warnings %q; want %v\n%s", got, warns, tt.want, out)
			}
		})
	}
}

// TestReadobjCGProfileEntries gives readobj the entries as the
// .llvm.call-graph-profile section of a COFF object.
func TestReadobjCGProfileEntries(t *testing.T) {
	for _, tt := range cgEntriesTests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.bo != binary.LittleEndian {
				t.Skip("COFF is little-endian")
			}
			out, msgs := runReadobj(t, oracleCOFF(".llvm.call-graph-profile", tt.hex), "--cg-profile")
			if got := readobjCG(out); !slices.Equal(got, tt.want) {
				t.Errorf("readobj printed %v, want %v\n%s", got, tt.want, out)
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
