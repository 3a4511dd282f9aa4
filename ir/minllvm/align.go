package minllvm

import (
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/llvmir"
)

// An alloca or load record whose alignment is 0 (none: producers before
// LLVM 11 wrote them) is given one by the reader, from the data layout:
// the preferred alignment of the allocated type, the ABI alignment of the
// loaded one. LLVM 13 to 21 take an i1's from the layout's i1 entry,
// 8:8 when the layout names none; LLVM 22 has no i1 entry by default
// (llvm/llvm-project#156657) and takes the next wider integer's, i8's:
// AArch64's layout says i8:8:32, and LLVM 21 reads `alloca i1` as align
// 1 where LLVM 22 reads align 4. Such a module needs LLVM 22.

// An i1Align is what a data layout says of i1's alignments, as LLVM 22
// reads it against LLVM 21: differs says the preferred (pref) or the ABI
// (abi) alignment of i1 is another.
type i1Align struct {
	pref, abi bool
}

// i1AlignOf returns what the data layout of a DATALAYOUT record ([chars])
// says of i1.
func i1AlignOf(chars []uint64) i1Align {
	var a i1Align
	for _, spec := range strings.Split(opsString(chars), "-") {
		if strings.HasPrefix(spec, "i1:") {
			return i1Align{} // i1 named: its own entry for every reader
		}
		rest, ok := strings.CutPrefix(spec, "i8:")
		if !ok {
			continue
		}
		// i8:ABI[:PREF], in bits; PREF is ABI when left out.
		f := strings.Split(rest, ":")
		abi, err := strconv.Atoi(f[0])
		if err != nil {
			continue
		}
		pref := abi
		if len(f) > 1 {
			if p, err := strconv.Atoi(f[1]); err == nil {
				pref = p
			}
		}
		a = i1Align{pref: pref != 8, abi: abi != 8}
	}
	return a
}

// typeEntry numbers a TYPE_BLOCK record that makes a type (every one but
// NUMENTRY and STRUCT_NAME), keeping the number of i1.
func (w *walker) typeEntry(code llvmir.TypeCode, ops []uint64) {
	switch code {
	case llvmir.TYPE_CODE_NUMENTRY, llvmir.TYPE_CODE_STRUCT_NAME:
		return
	case llvmir.TYPE_CODE_INTEGER:
		if len(ops) > 0 && ops[0] == 1 && w.i1 < 0 {
			w.i1 = w.types
		}
	case llvmir.TYPE_CODE_VECTOR:
		// The vectors' IDs, for the splats of constant records
		// (splatNeed).
		w.vectors = append(w.vectors, uint64(w.types))
	}
	w.types++
}

// i1Need returns what a FUNCTION_BLOCK record needs for the alignment its
// reader gives it: an alloca of i1 ([instty, opty, op, align]) or a load
// of i1 ([op (+type), ty, align, vol]) without an alignment, in a module
// whose data layout aligns i8 otherwise than the default i1.
func (w *walker) i1Need(code llvmir.FunctionCode, ops []uint64) (int, string) {
	if w.i1 < 0 || w.i1Align == (i1Align{}) {
		return 0, ""
	}
	switch code {
	case llvmir.FUNC_CODE_INST_ALLOCA:
		if w.i1Align.pref && len(ops) >= 4 && ops[0] == uint64(w.i1) && ops[3]&31 == 0 && ops[3]>>8&7 == 0 {
			return needs(22, "alloca of i1 without an alignment (LLVM 22 aligns it as i8)")
		}
	case llvmir.FUNC_CODE_INST_LOAD:
		if n := len(ops); w.i1Align.abi && n >= 4 && ops[n-3] == uint64(w.i1) && ops[n-2] == 0 {
			return needs(22, "load of i1 without an alignment (LLVM 22 aligns it as i8)")
		}
	}
	return 0, ""
}
