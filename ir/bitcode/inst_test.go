package bitcode

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	bw "github.com/bcextract/bcextract/internal/bitwriter"
)

// TestInstErrors reads bodies of one hostile instruction record each:
// the error names what was wrong, the first error of the record is the one
// kept (a value operand's own error is not replaced by "invalid record"),
// and its bit offset is that of the record.
func TestInstErrors(t *testing.T) {
	// Type records: i32 (0), ptr (1), void (2), void() (3), float (4),
	// metadata (5), void(metadata) (6).
	types := [][]uint64{{7, 32}, {25, 0}, {2}, {21, 0, 2}, {3}, {16}, {21, 0, 2, 5}}
	tests := []struct {
		name string
		code uint64
		ops  []uint64
		want string
	}{
		// Relative operand 0 is the next value: a forward reference,
		// whose type (void) no instruction can have.
		{"unop forward void", 56, []uint64{0, 2, 0}, "invalid forward reference type"},
		{"ret forward void", 10, []uint64{0, 2}, "invalid forward reference type"},
		{"freeze forward void", 58, []uint64{0, 2}, "invalid forward reference type"},
		{"extractvalue forward void", 26, []uint64{0, 2, 0}, "invalid forward reference type"},
		{"insertvalue forward void", 27, []uint64{0, 2, 0, 2, 0}, "invalid forward reference type"},
		{"cast forward void", 3, []uint64{0, 2, 0, 0}, "invalid forward reference type"},
		// add i32 %fwd, @f: a value of another type than the record
		// gives it (LLVM's getValueFwdRef refuses it).
		{"binop mistyped", 2, []uint64{0, 0, 1, 0}, "invalid record: value 0 is not of the type the record gives it"},
		// Records cut short say what is missing.
		{"unop short", 56, []uint64{0}, "invalid record (code 56): too short: no type of the operand (operand 1)"},
		{"binop short", 2, []uint64{0, 0, 0}, "invalid record (code 2): too short: no opcode (operand 3)"},
		{"cast short", 3, []uint64{0, 0}, "invalid record (code 3): too short: no result type (operand 2)"},
		{"cast bad type", 3, []uint64{0, 0, 9, 0}, "invalid record (code 3): invalid type ID 9 for the result type"},
		{"gep short", 43, []uint64{0}, "invalid record (code 43): too short: no source element type (operand 1)"},
		{"cmp left over", 9, []uint64{0, 0, 0, 32, 0, 7}, "invalid record (code 9): 1 operands left over after operand 5"},
		{"store short", 44, []uint64{0, 1, 0, 1}, "invalid record (code 44): 0 operands after the value, not 2"},
		{"br block", 11, []uint64{3}, "invalid basic block ID 3"},
		{"call short", 34, []uint64{0, 1 << 15, 3}, "invalid call record (code 34): too short: no callee (operand 3)"},
		// call void (metadata) @f(metadata ...): only intrinsics take
		// metadata (LLVM's verifier fails the module).
		{"call metadata", 34, []uint64{0, 1 << 15, 6, 1, 0}, "a call with a metadata parameter of what is not an intrinsic"},
		{"landingpad clause", 47, []uint64{0, 0, 2, 0}, "invalid record (code 47): too short: no clause (operand 4)"},
		{"catchpad args", 50, []uint64{0, 1 << 40}, "invalid record (code 50): too short: no argument (operand 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var recBit uint64
			data := strtabModule(types, func(w *bw.Writer) {
				// MODULE_CODE_FUNCTION: [strtab offset, size, type, cc,
				// isproto, linkage, paramattr, align, section, visibility]
				w.Unabbrev(8, 0, 1, 3, 0, 0, 0, 0, 0, 0, 0)
				w.EnterBlock(12, 4)
				w.Unabbrev(1, 1) // DECLAREBLOCKS 1
				recBit = w.BitLen()
				w.Unabbrev(tt.code, tt.ops...)
				w.EndBlock()
			}, "f")
			_, err := readAndPrint(t, data)
			var be *Error
			if !errors.As(err, &be) {
				t.Fatalf("err = %v, want an *Error", err)
			}
			if !strings.Contains(be.Msg, tt.want) {
				t.Errorf("err = %q, want %q", be.Msg, tt.want)
			}
			if be.Bit != recBit {
				t.Errorf("error at bit %d, want the record's, %d", be.Bit, recBit)
			}
		})
	}
}

// TestInstRecordsNoPanic reads bodies of one record each, of every
// FUNCTION_BLOCK code with operands drawn from values that name types,
// values and blocks or none: each is read or refused, never a panic.
func TestInstRecordsNoPanic(t *testing.T) {
	types := [][]uint64{{7, 32}, {25, 0}, {2}, {21, 0, 2}, {3}, {22}, {16}}
	vals := []uint64{0, 1, 2, 3, 5, 6, 64, 1 << 15, 1 << 17, 1 << 40}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		code := uint64(1 + rng.IntN(66))
		ops := make([]uint64, rng.IntN(9))
		for k := range ops {
			ops[k] = vals[rng.IntN(len(vals))]
		}
		data := strtabModule(types, func(w *bw.Writer) {
			w.Unabbrev(8, 0, 1, 3, 0, 0, 0, 0, 0, 0, 0)
			w.EnterBlock(12, 4)
			w.Unabbrev(1, 2) // DECLAREBLOCKS 2
			w.Unabbrev(code, ops...)
			w.EndBlock()
		}, "f")
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("record %d %v: panic %v", code, ops, p)
				}
			}()
			readAndPrint(t, data)
		}()
	}
}
