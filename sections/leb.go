package sections

// LLVM's decodeULEB128 (llvm/Support/LEB128.h) reports these two problems;
// the section decoders repeat them as DecodeError.Msg.
const (
	msgULEBTruncated = "malformed uleb128, extends past end"
	msgULEBTooBig    = "uleb128 too big for uint64"
)
