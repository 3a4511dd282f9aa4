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

// addName adds a name of the module block (a global value's, a
// partition's, a comdat's) to the string table and, when the module hash
// is computed, to what is hashed, as LLVM's addToStrtab does: the names
// are hashed in the order they are added, each time, before the block's
// bytes.
func (w *writer) addName(s string) uint32 {
	if w.hasher != nil {
		w.hasher.Write([]byte(s))
	}
	return w.st.add(s)
}
