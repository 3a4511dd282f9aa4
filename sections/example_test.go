package sections_test

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/bcextract/bcextract/sections"
)

func ExampleDecodeAddrsig() {
	// .llvm_addrsig of clang -faddrsig: symbols 4, 5 and 3 are address-significant.
	syms, err := sections.DecodeAddrsig(".llvm_addrsig", []byte{0x04, 0x05, 0x03})
	fmt.Println(syms, err)

	// A ULEB128 cut short. The entries before it come back with the error.
	syms, err = sections.DecodeAddrsig(".llvm_addrsig", []byte{0x04, 0x80})
	var de *sections.DecodeError
	if errors.As(err, &de) {
		fmt.Println(syms)
		fmt.Printf("unable to decode SHT_LLVM_ADDRSIG section with index %d: %s\n", 9, de.Msg)
	}
	// Output:
	// [4 5 3] <nil>
	// [4]
	// unable to decode SHT_LLVM_ADDRSIG section with index 9: malformed uleb128, extends past end
}

func ExampleDecodeDependentLibraries() {
	libs, err := sections.DecodeDependentLibraries(".deplibs", []byte("m\x00libz.so\x00"))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range libs {
		fmt.Printf("  [%6x]  %s\n", l.Off, l.Name)
	}
	_, err = sections.DecodeDependentLibraries(".deplibs", []byte("m\x00lib"))
	fmt.Println(err)
	// Output:
	//   [     0]  m
	//   [     2]  libz.so
	// .deplibs: the content is not null-terminated (at byte 0x2 of the section)
}

func ExampleDecodeLinkerOptions() {
	opts, err := sections.DecodeLinkerOptions(".linker-options", []byte("-lfoo\x00-lbar\x00"))
	fmt.Println(opts, err)
	_, err = sections.DecodeLinkerOptions(".linker-options", []byte("a\x00b\x00c\x00"))
	fmt.Println(err.(*sections.DecodeError).Msg)
	// Output:
	// [{-lfoo -lbar}] <nil>
	// an incomplete key-value pair was found. The last possible key was: "c"
}

func ExamplePairCGProfile() {
	// ELF: the weights are the section's contents, the endpoints the r_sym of
	// its SHT_REL relocations, two per weight.
	data := []byte{32, 0, 0, 0, 0, 0, 0, 0, 11, 0, 0, 0, 0, 0, 0, 0}
	weights, err := sections.DecodeCGProfileWeights(".llvm.call-graph-profile", data, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
		return
	}
	edges, err := sections.PairCGProfile(".llvm.call-graph-profile", weights, []uint32{3, 4, 5, 3})
	fmt.Println(edges, err)
	_, err = sections.PairCGProfile(".llvm.call-graph-profile", weights, []uint32{3, 4})
	fmt.Println(err.(*sections.DecodeError).Msg)
	// Output:
	// [{3 4 32} {5 3 11}] <nil>
	// number of from/to pairs does not match number of frequencies
}

func ExampleDecodeCGProfileEntries() {
	// Mach-O __LLVM,__cg_profile: nlist index 3 calls 4, 32 times.
	data := []byte{3, 0, 0, 0, 4, 0, 0, 0, 32, 0, 0, 0, 0, 0, 0, 0}
	edges, err := sections.DecodeCGProfileEntries("__LLVM,__cg_profile", data, binary.LittleEndian)
	fmt.Println(edges, err)
	// Output:
	// [{3 4 32}] <nil>
}

func ExampleDecodeSymPart() {
	p, err := sections.DecodeSymPart(".llvm_sympart", []byte("part1\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	fmt.Printf("%+v %v\n", p, err)
	// Output:
	// {Partition:part1 AddrOff:6} <nil>
}

func ExampleDecodeCmdlines() {
	// Two .llvmcmd sections joined by ld -r.
	data := []byte("-cc1\x00-triple\x00x86_64-pc-linux-gnu\x00-O2\x00-cc1\x00-triple\x00x86_64-pc-linux-gnu\x00")
	for _, args := range sections.DecodeCmdlines(data) {
		fmt.Printf("%q\n", args)
	}
	// Output:
	// ["-cc1" "-triple" "x86_64-pc-linux-gnu" "-O2"]
	// ["-cc1" "-triple" "x86_64-pc-linux-gnu"]
}
