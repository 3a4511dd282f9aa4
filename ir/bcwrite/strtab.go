package bcwrite

// A strtab builds the STRTAB blob as LLVM's StringTableBuilder in RAW
// mode does for the bitcode writer: strings in the order they are first
// added, each whole string added once (a string that is only a part of
// another is added again), no terminators.
type strtab struct {
	buf []byte
	off map[string]uint32
}

// add adds s unless it was added before, and returns its offset.
func (t *strtab) add(s string) uint32 {
	if off, ok := t.off[s]; ok {
		return off
	}
	if t.off == nil {
		t.off = map[string]uint32{}
	}
	off := uint32(len(t.buf))
	t.off[s] = off
	t.buf = append(t.buf, s...)
	return off
}
