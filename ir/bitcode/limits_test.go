package bitcode

import (
	"errors"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
	bw "github.com/bcextract/bcextract/internal/bitwriter"
	"github.com/bcextract/bcextract/ir/assembly"
)

// Hostile modules, built record by record: whatever they claim, reading
// one is an error at a bit offset or a model the printer can print, in time
// and memory linear in the input.

// strtabModule returns a bitcode file of one module: VERSION 2, the type
// table types (one record each), the records of body, and a STRTAB block
// holding strtab.
func strtabModule(types [][]uint64, body func(w *bw.Writer), strtab string) []byte {
	w := bw.New()
	w.Magic([4]byte{'B', 'C', 0xC0, 0xDE})
	w.EnterBlock(8, 3)
	w.Unabbrev(1, 2)
	w.EnterBlock(17, 4)
	w.Unabbrev(1, uint64(len(types)))
	for _, t := range types {
		w.Unabbrev(t[0], t[1:]...)
	}
	w.EndBlock()
	if body != nil {
		body(w)
	}
	w.EndBlock()
	w.EnterBlock(23, 3)
	blob := []bw.Op{bw.Lit(1), bw.EncOp(bw.EncBlob)}
	w.DefineAbbrev(blob...)
	w.AbbrevRecord(4, blob, nil, []byte(strtab))
	w.EndBlock()
	return w.Bytes
}

// readAndPrint reads every module of data and prints it, returning the
// first error and the text.
func readAndPrint(t *testing.T, data []byte) (string, error) {
	t.Helper()
	f, err := Open(data)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, r := range f.Modules {
		m, err := r.Module()
		if err != nil {
			return b.String(), err
		}
		for _, fn := range m.Functions {
			if fn.HasBody {
				if err := r.LoadBody(fn); err != nil {
					return b.String(), err
				}
			}
		}
		if err := assembly.Write(&b, m, assembly.Options{ModuleID: "hostile"}); err != nil {
			return b.String(), err
		}
	}
	return b.String(), nil
}

// Type records: i32 (0), ptr (1).
var baseTypes = [][]uint64{{7, 32}, {25, 0}}

// globalVar writes MODULE_CODE_GLOBALVAR for a global named strtab[0:1]
// of type i32 (type 0) with initializer value init+1 (0 for none).
func globalVar(w *bw.Writer, init uint64) {
	// [strtab offset, size, type, isconst|explicit<<1, initid+1, linkage,
	// align, section]
	w.Unabbrev(7, 0, 1, 0, 1|2, init, 0, 0, 0)
}

func TestHostile(t *testing.T) {
	const n = 200000
	// Type records: array [1 x T(k-1)] for k = 2..n+1 on top of i32, ptr.
	deepTypes := append([][]uint64{}, baseTypes...)
	for k := 2; k <= n+1; k++ {
		deepTypes = append(deepTypes, []uint64{11, 1, uint64(k - 1)})
	}
	tests := []struct {
		name  string
		types [][]uint64
		body  func(w *bw.Writer)
		// want is what reading and printing end with: "" for nothing
		// wrong, "limit" for assembly.ErrLimit, else the message of an
		// *Error.
		want string
		// text, when set, is a line the output must end with.
		text string
	}{
		// c0 = 5; c(k) = add c(k-1), c0: a chain n-1 deep (the global
		// is c(n-1)), printed in full, as llvm-dis-22 prints it given
		// the stack.
		{"deep constant", baseTypes, func(w *bw.Writer) {
			globalVar(w, n+1)
			w.EnterBlock(11, 4)
			w.Unabbrev(1, 0)  // SETTYPE i32
			w.Unabbrev(4, 10) // INTEGER 5
			for k := 1; k <= n; k++ {
				// CE_BINOP [opcode add, lhs, rhs] with absolute
				// value IDs: the global is 0, c(k) is k+1.
				w.Unabbrev(10, 0, uint64(k), 1)
			}
			w.EndBlock()
		}, "", "\n@g = constant i32 " + strings.Repeat("add (i32 ", n-1) + "5" + strings.Repeat(", i32 5)", n-1) + "\n"},
		// c0 = add c1, c0; c1 = add c0, c1: a cycle.
		{"constant cycle", baseTypes, func(w *bw.Writer) {
			globalVar(w, 2)
			w.EnterBlock(11, 4)
			w.Unabbrev(1, 0)
			w.Unabbrev(10, 0, 2, 1)
			w.Unabbrev(10, 0, 1, 2)
			w.EndBlock()
		}, "constant 1 refers to itself", ""},
		// An array type n deep.
		{"deep type", deepTypes, nil, "types nested more than 512 deep", ""},
		// An array type whose element is itself.
		{"type cycle", [][]uint64{{7, 32}, {11, 1, 1}}, nil, "only named structs can be forward referenced", ""},
		// A typed pointer to the next type, an integer: the pointee,
		// looked up, is a placeholder struct the integer cannot be (a
		// FuzzWrite finding: printed, where llvm-dis-22 fails).
		{"typed pointer forward reference", [][]uint64{{8, 1}, {7, 32}}, nil, "only named structs can be forward referenced", ""},
		// A typed pointer to void.
		{"typed pointer to void", [][]uint64{{2}, {8, 0}}, nil, "invalid type: a pointer to void", ""},
		// A type table that claims 2^32-1 entries.
		{"type count", [][]uint64{{1, 1<<32 - 1}}, nil, "type table of 4294967295 entries, more than the stream holds", ""},
		// !0 = !{!5}, and nothing defines !5: LLVM's reader keeps a
		// temporary node that llvm-dis-22 cannot print (it crashes on
		// some such modules); it is refused.
		{"metadata forward reference", baseTypes, func(w *bw.Writer) {
			w.EnterBlock(15, 4)
			w.Unabbrev(3, 6) // METADATA_NODE [!5 + 1]
			w.EndBlock()
		}, "forward reference to metadata ID 5 never resolved", ""},
		// !llvm.x = !{!7}, with nothing defining !7.
		{"named metadata forward reference", baseTypes, func(w *bw.Writer) {
			w.EnterBlock(15, 4)
			w.Unabbrev(3)                               // !0 = !{}
			w.Unabbrev(4, 'l', 'l', 'v', 'm', '.', 'x') // METADATA_NAME
			w.Unabbrev(10, 7)                           // METADATA_NAMED_NODE [!7]
			w.EndBlock()
		}, "forward reference to metadata ID 7 never resolved", ""},
		// An attribute group whose string attribute has no 0 at its
		// end: LLVM's reader reads on past the record.
		{"unterminated attribute string", baseTypes, func(w *bw.Writer) {
			w.EnterBlock(10, 3)
			w.Unabbrev(3, 1, 1<<32-1, 4, 'a', 0, 'b') // PARAMATTR_GRP_CODE_ENTRY
			w.EndBlock()
		}, "a string not null-terminated", ""},
		// Two METADATA_KIND records of kind 0: LLVM refuses them.
		{"metadata kind twice", baseTypes, func(w *bw.Writer) {
			w.EnterBlock(22, 3)
			w.Unabbrev(6, 0, 'd', 'b', 'g')
			w.Unabbrev(6, 0, 'x')
			w.EndBlock()
		}, "conflicting METADATA_KIND records (kind 0 twice)", ""},
		// @g = global i32 { i32 @g }: a struct {i32} whose element is
		// a pointer (LLVM: "Incorrect type in struct initializer").
		{"mistyped struct element", [][]uint64{{7, 32}, {25, 0}, {18, 0, 0}}, func(w *bw.Writer) {
			globalVar(w, 2)
			w.EnterBlock(11, 4)
			w.Unabbrev(1, 2) // SETTYPE {i32}
			w.Unabbrev(7, 0) // AGGREGATE [@g]
			w.EndBlock()
		}, "incorrect type in struct initializer", ""},
		// @g = global i32 mul (i32 2, i64 3): LLVM's verifier fails
		// the module ("Both operands to a binary operator are not of
		// the same type!").
		{"mistyped binop", [][]uint64{{7, 32}, {25, 0}, {7, 64}}, func(w *bw.Writer) {
			globalVar(w, 4)
			w.EnterBlock(11, 4)
			w.Unabbrev(1, 0)        // SETTYPE i32
			w.Unabbrev(4, 4)        // INTEGER 2 (value 1)
			w.Unabbrev(1, 2)        // SETTYPE i64
			w.Unabbrev(4, 6)        // INTEGER 3 (value 2)
			w.Unabbrev(1, 0)        // SETTYPE i32
			w.Unabbrev(10, 2, 1, 2) // CE_BINOP [mul, 1, 2] (value 3)
			w.EndBlock()
		}, "a mul constant expression with an operand of another type", ""},
		// declare void @g(metadata): only intrinsics take metadata
		// (LLVM's verifier fails the module).
		{"metadata parameter", [][]uint64{{7, 32}, {25, 0}, {16}, {2}, {21, 0, 3, 2}}, func(w *bw.Writer) {
			w.Unabbrev(8, 0, 1, 4, 0, 1, 0, 0, 0, 0, 0) // FUNCTION, a declaration
		}, "@g: function takes metadata but isn't an intrinsic", ""},
		// An array constant of 2^40 elements named by one record.
		{"lying aggregate", [][]uint64{{7, 32}, {25, 0}, {11, 1 << 40, 0}}, func(w *bw.Writer) {
			w.EnterBlock(11, 4)
			w.Unabbrev(1, 2) // SETTYPE [2^40 x i32]
			w.Unabbrev(7, 1, 1)
			w.EndBlock()
		}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := strtabModule(tt.types, tt.body, "g")
			var err error
			var text string
			got := alloctest.Bytes(func() { text, err = readAndPrint(t, data) })
			t.Logf("%d bytes of input: %d allocated, %v, %d bytes of text ending %q", len(data), got, err, len(text), text[max(0, len(text)-60):])
			// The reader keeps, per constant, its record and the
			// constant: about 480 bytes for the 6 bytes of a CE_BINOP
			// record, as LLVM's reader does.
			if limit := uint64(len(data))*100 + 1<<20; got > limit {
				t.Errorf("%d bytes allocated for %d bytes of input, more than %d", got, len(data), limit)
			}
			if tt.text != "" && !strings.HasSuffix(text, tt.text) {
				t.Errorf("output does not end with the whole constant (%d bytes)", len(tt.text))
			}
			var be *Error
			switch {
			case tt.want == "limit":
				if err != assembly.ErrLimit {
					t.Errorf("err = %v, want assembly.ErrLimit", err)
				}
			case tt.want == "" && err != nil && !errors.As(err, &be):
				t.Errorf("err = %v, want nil or an *Error", err)
			case tt.want != "" && (!errors.As(err, &be) || !strings.Contains(be.Msg, tt.want)):
				t.Errorf("err = %v, want an *Error saying %q", err, tt.want)
			}
		})
	}
}
