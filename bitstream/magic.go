package bitstream

// A StreamKind is what a bitstream's 32-bit magic number says it holds.
type StreamKind uint8

// The stream kinds llvm-bcanalyzer recognises.
const (
	UnknownStream     StreamKind = iota
	LLVMIRStream                 // 'B' 'C' 0x0 0xC 0xE 0xD
	ClangASTStream               // "CPCH": precompiled headers and modules
	ClangDiagStream              // "DIAG": serialized diagnostics
	LLVMRemarksStream            // "RMRK": optimization remarks
	numStreamKinds
)

var streamKindNames = [numStreamKinds]string{
	UnknownStream:     "unknown",
	LLVMIRStream:      "LLVM IR",
	ClangASTStream:    "Clang Serialized AST",
	ClangDiagStream:   "Clang Serialized Diagnostics",
	LLVMRemarksStream: "LLVM Remarks",
}

// String returns the name llvm-bcanalyzer prints for the kind.
func (k StreamKind) String() string {
	if k < numStreamKinds {
		return streamKindNames[k]
	}
	return "StreamKind(" + itoa(uint64(k)) + ")"
}

// ReadMagic reads the stream's magic number the way llvm-bcanalyzer does and
// classifies it: two 8-bit fields, then two more 8-bit fields after "CP",
// "DI" or "RM", or four 4-bit fields otherwise. It always consumes 32 bits
// unless the stream is shorter.
func ReadMagic(c *Cursor) (StreamKind, error) {
	var sig [6]uint64
	var err error
	for i := 0; i < 2; i++ {
		if sig[i], err = c.Read(8); err != nil {
			return UnknownStream, err
		}
	}
	pair := func(a, b byte) bool { return sig[0] == uint64(a) && sig[1] == uint64(b) }
	var want [2]byte
	var kind StreamKind
	switch {
	case pair('C', 'P'):
		want, kind = [2]byte{'C', 'H'}, ClangASTStream
	case pair('D', 'I'):
		want, kind = [2]byte{'A', 'G'}, ClangDiagStream
	case pair('R', 'M'):
		want, kind = [2]byte{'R', 'K'}, LLVMRemarksStream
	default:
		for i := 2; i < 6; i++ {
			if sig[i], err = c.Read(4); err != nil {
				return UnknownStream, err
			}
		}
		if pair('B', 'C') && sig[2] == 0x0 && sig[3] == 0xC && sig[4] == 0xE && sig[5] == 0xD {
			return LLVMIRStream, nil
		}
		return UnknownStream, nil
	}
	for i := 2; i < 4; i++ {
		if sig[i], err = c.Read(8); err != nil {
			return UnknownStream, err
		}
	}
	if sig[2] == uint64(want[0]) && sig[3] == uint64(want[1]) {
		return kind, nil
	}
	return UnknownStream, nil
}
