package sections

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/bcextract/bcextract/internal/leb128"
)

// Features is the feature field of an SHT_LLVM_BB_ADDR_MAP function entry
// (LLVM's BBAddrMap::Features): one byte up to version 4, two bytes in
// version 5.
type Features uint16

// The feature bits LLVM 22 defines. Any other bit makes the section invalid.
const (
	FuncEntryCount     Features = 1 << iota // PGO: function entry count present
	BBFreq                                  // PGO: block frequencies present
	BrProb                                  // PGO: successor lists with branch probabilities present
	MultiBBRange                            // several address ranges (basic-block sections)
	OmitBBEntries                           // block counts written, block entries left out
	CallsiteEndOffsets                      // per-block callsite end offsets (version >= 3)
	BBHash                                  // per-block 64-bit hash (version >= 4)
	PostLinkCfg                             // post-link frequencies (version >= 5)

	allFeatures = PostLinkCfg<<1 - 1
)

var featureNames = [...]string{
	"FuncEntryCount", "BBFreq", "BrProb", "MultiBBRange",
	"OmitBBEntries", "CallsiteEndOffsets", "BBHash", "PostLinkCfg",
}

// String returns the set bits joined by "+", LLVM's names first and any
// undefined bits as one hex number, e.g. "BBFreq+BrProb+0x100"; "0" if none.
func (f Features) String() string {
	if f == 0 {
		return "0"
	}
	var b strings.Builder
	for i, name := range featureNames {
		if f&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte('+')
			}
			b.WriteString(name)
		}
	}
	if rest := f &^ allFeatures; rest != 0 {
		if b.Len() > 0 {
			b.WriteByte('+')
		}
		fmt.Fprintf(&b, "%#x", uint16(rest))
	}
	return b.String()
}

// hasPGO reports whether the entry carries a PGO analysis part.
func (f Features) hasPGO() bool { return f&(FuncEntryCount|BBFreq|BrProb) != 0 }

// hasPGOBBData reports whether the PGO part has per-block records.
func (f Features) hasPGOBBData() bool { return f&(BBFreq|BrProb) != 0 }

// Metadata is the per-block flag word of a BB address map entry (LLVM's
// BBEntry::Metadata).
type Metadata uint32

const (
	mdHasReturn Metadata = 1 << iota
	mdHasTailCall
	mdIsEHPad
	mdCanFallThrough
	mdHasIndirectBranch

	mdAll = mdHasIndirectBranch<<1 - 1
)

// HasReturn reports whether the block ends with a return (or a tail call).
func (m Metadata) HasReturn() bool { return m&mdHasReturn != 0 }

// HasTailCall reports whether the block ends with a tail call.
func (m Metadata) HasTailCall() bool { return m&mdHasTailCall != 0 }

// IsEHPad reports whether the block is an exception-handling landing pad.
func (m Metadata) IsEHPad() bool { return m&mdIsEHPad != 0 }

// CanFallThrough reports whether control can fall through to the next block.
func (m Metadata) CanFallThrough() bool { return m&mdCanFallThrough != 0 }

// HasIndirectBranch reports whether the block ends with an indirect branch.
func (m Metadata) HasIndirectBranch() bool { return m&mdHasIndirectBranch != 0 }

// BBEntry describes one basic block.
type BBEntry struct {
	ID     uint32
	Offset uint32 // from the base address of its range (already summed, as readobj prints it)
	Size   uint32 // the encoded size plus the last callsite end offset
	// Metadata holds the block's flags. The versioned decoder rejects undefined
	// bits; DecodeBBAddrMapV0 keeps them as they are.
	Metadata Metadata
	// CallsiteEndOffsets are the ends of the block's call instructions,
	// relative to the block start (running sums of the encoded deltas).
	CallsiteEndOffsets []uint32
	Hash               uint64 // 0 unless the BBHash feature is on
}

// BBRange is one contiguous address range of a function: the whole function,
// or one basic-block section of it.
type BBRange struct {
	BaseAddress uint64
	Entries     []BBEntry // none when the OmitBBEntries feature is on
}

// Successor is one outgoing edge in the PGO part.
type Successor struct {
	ID           uint32
	Prob         uint32 // numerator of a branch probability with denominator 1<<31
	PostLinkFreq uint32 // 0 unless the PostLinkCfg feature is on
}

// PGOBBEntry is the PGO record of one block.
type PGOBBEntry struct {
	BlockFreq         uint64 // 0 unless the BBFreq feature is on
	PostLinkBlockFreq uint32 // 0 unless the PostLinkCfg feature is on
	Successors        []Successor
}

// PGOAnalysisMap is the PGO part of a function entry. BBEntries has one
// record per block of all ranges when BBFreq or BrProb is on, else none.
type PGOAnalysisMap struct {
	FuncEntryCount uint64
	BBEntries      []PGOBBEntry
}

// BBAddrMap is the decoded map of one function.
type BBAddrMap struct {
	Version  uint8
	Features Features
	Ranges   []BBRange // at least one
	PGO      PGOAnalysisMap
	Off      int64 // offset of this function's entry in the section
}

// Address returns the function address, the base address of the first range
// (readobj's "At").
func (m *BBAddrMap) Address() uint64 {
	if len(m.Ranges) == 0 {
		return 0
	}
	return m.Ranges[0].BaseAddress
}

// BBAddrMapOptions describes the object file a BB address map section comes
// from.
type BBAddrMapOptions struct {
	Section   string           // section name, for errors
	Index     int              // section header index; LLVM names the section by it in two messages
	ByteOrder binary.ByteOrder // nil means little endian
	AddrSize  int              // 4 or 8 (ELF class); anything but 4 means 8

	// Relocatable says the address fields hold 0 and relocations supply the
	// addresses (ET_REL). Addend returns the r_addend of the relocation at
	// byte offset off of the section, false if there is none; when several
	// relocations share an offset LLVM uses the last one. A nil Addend means
	// no relocations at all. As LLVM 22 does, DecodeBBAddrMap ignores the
	// stored address, keeps only the low 32 bits of the addend, and fails
	// with "failed to get relocation data for offset: …" where a relocation
	// is missing. (llvm-readobj-22 itself does not decode the section when an
	// ET_REL file has no relocation section for it; it warns "unable to get
	// relocation section for …" instead. Callers decide.)
	Relocatable bool
	Addend      func(off uint64) (uint64, bool)
}

// DecodeBBAddrMap decodes an SHT_LLVM_BB_ADDR_MAP (0x6fff4c0a) section the
// way LLVM 22 does: function entries of versions 2 to 5 back to back until the
// data ends. On malformed data it returns nil and a *DecodeError whose Msg is
// the text llvm-readobj-22 prints after "unable to dump SHT_LLVM_BB_ADDR_MAP
// section with index N: ". Where LLVM joins several errors, Msg has one line
// for each, and Off is the offset of the first.
func DecodeBBAddrMap(data []byte, o BBAddrMapOptions) ([]BBAddrMap, error) {
	d := newBBDecoder(data, &o)
	var maps []BBAddrMap
	for {
		m, ok := d.next()
		if !ok {
			break
		}
		maps = appendDoubling(maps, m.detach())
	}
	if err := d.failure(); err != nil {
		return nil, err
	}
	return maps, nil
}

// A BBAddrMapReader decodes an SHT_LLVM_BB_ADDR_MAP section one function
// entry at a time, as DecodeBBAddrMap does, into memory it reuses: after the
// first entries it allocates nothing. Since LLVM drops a section with any
// error whole, a caller that prints as llvm-readobj does reads the section
// once to learn its Err, then again to print it.
type BBAddrMapReader struct {
	d    *bbDecoder
	m    BBAddrMap
	done bool
}

// NewBBAddrMapReader returns a reader of the section contents data.
func NewBBAddrMapReader(data []byte, o BBAddrMapOptions) *BBAddrMapReader {
	return &BBAddrMapReader{d: newBBDecoder(data, &o)}
}

// Next decodes the next function entry. The map, and every slice in it,
// stays valid only until the next call. Next returns nil at the end of the
// section and where DecodeBBAddrMap stops; Err then says whether the
// section was malformed, in which case DecodeBBAddrMap returns no entry at
// all, even of those Next returned before.
func (r *BBAddrMapReader) Next() *BBAddrMap {
	if r.done {
		return nil
	}
	m, ok := r.d.next()
	if !ok {
		r.done = true
		return nil
	}
	r.m = m
	return &r.m
}

// Err returns the error DecodeBBAddrMap returns for the section, once Next
// has returned nil; nil before.
func (r *BBAddrMapReader) Err() error {
	if !r.done {
		return nil
	}
	return r.d.failure()
}

// DecodeBBAddrMapV0 decodes the LLVM 14 layout of section type 0x6fff4c08:
// per function an address, a ULEB block count and per block a ULEB offset
// from the function start, size and metadata, with no version or feature
// fields. IDs are the block indexes, metadata is not checked, and the result
// has Version 0. Errors are worded as in LLVM 14. LLVM 14 applied no
// relocations; here, in relocatable mode, an address whose relocation Addend
// finds is replaced by the full addend, and any other keeps its stored value.
// LLVM 22's readobj ignores this section type.
func DecodeBBAddrMapV0(data []byte, o BBAddrMapOptions) ([]BBAddrMap, error) {
	d := newBBDecoder(data, &o)
	maps := d.decodeV0()
	if err := d.failure(); err != nil {
		return nil, err
	}
	return maps, nil
}

// bbDecoder mirrors LLVM's DataExtractor cursor plus the two sticky errors of
// its decoder: curErr (truncated data, bad LEB128), ulebErr (value too big)
// and mdErr (undefined metadata bits). Once curErr is set every read returns
// 0 without moving; once ulebErr is set the ULEB reads do the same. fatal is
// an error LLVM returns at once.
type bbDecoder struct {
	data []byte
	off  int
	o    *BBAddrMapOptions

	curErr, ulebErr, mdErr, fatal *DecodeError

	// Scratch space reused across functions, which the BBAddrMap next
	// returns points into; detach copies a function's out into exactly
	// sized slices.
	entries   []BBEntry
	rangeEnds []int // end of each range in entries
	ranges    []BBRange
	calls     []uint32
	pgo       []PGOBBEntry
	succs     []Successor
}

func newBBDecoder(data []byte, o *BBAddrMapOptions) *bbDecoder {
	if o.ByteOrder == nil {
		o.ByteOrder = binary.LittleEndian
	}
	if o.AddrSize != 4 {
		o.AddrSize = 8
	}
	return &bbDecoder{data: data, o: o}
}

func (d *bbDecoder) errorf(off int, format string, args ...any) *DecodeError {
	return &DecodeError{Section: d.o.Section, Off: int64(off), Msg: fmt.Sprintf(format, args...)}
}

// failure returns the error LLVM would report, or nil.
func (d *bbDecoder) failure() error {
	if d.fatal != nil {
		return d.fatal
	}
	var first *DecodeError
	var msgs []string
	for _, e := range [...]*DecodeError{d.curErr, d.ulebErr, d.mdErr} {
		if e == nil {
			continue
		}
		if first == nil {
			first = e
		}
		msgs = append(msgs, e.Msg)
	}
	if first == nil {
		return nil
	}
	if len(msgs) == 1 {
		return first
	}
	return &DecodeError{Section: first.Section, Off: first.Off, Msg: strings.Join(msgs, "\n")}
}

func (d *bbDecoder) failed() bool { return d.curErr != nil || d.ulebErr != nil || d.mdErr != nil }

// fixed returns the next n bytes, or nil after recording a truncation.
func (d *bbDecoder) fixed(n int) []byte {
	if d.curErr != nil {
		return nil
	}
	if len(d.data)-d.off < n {
		d.curErr = d.errorf(d.off, "unexpected end of data at offset 0x%x while reading [0x%x, 0x%x)",
			len(d.data), d.off, d.off+n)
		return nil
	}
	b := d.data[d.off : d.off+n]
	d.off += n
	return b
}

func (d *bbDecoder) u8() uint8 {
	if b := d.fixed(1); b != nil {
		return b[0]
	}
	return 0
}

func (d *bbDecoder) u16() uint16 {
	if b := d.fixed(2); b != nil {
		return d.o.ByteOrder.Uint16(b)
	}
	return 0
}

func (d *bbDecoder) u64() uint64 {
	if b := d.fixed(8); b != nil {
		return d.o.ByteOrder.Uint64(b)
	}
	return 0
}

// uleb reads a ULEB128 as LLVM's DataExtractor does; on error the cursor
// stays put.
func (d *bbDecoder) uleb() uint64 {
	if d.curErr != nil {
		return 0
	}
	v, n := leb128.Uint(d.data[d.off:])
	switch {
	case n == 0:
		d.curErr = d.errorf(d.off, "unable to decode LEB128 at offset 0x%08x: %s", d.off, msgULEBTruncated)
	case n < 0:
		d.curErr = d.errorf(d.off, "unable to decode LEB128 at offset 0x%08x: %s", d.off, msgULEBTooBig)
	default:
		d.off += n
		return v
	}
	return 0
}

// u32 is LLVM's readULEB128As<uint32_t>. Most fields of a map are below
// 128, one byte: those are read without the general decoder.
func (d *bbDecoder) u32() uint32 {
	if d.off < len(d.data) && d.data[d.off] < 0x80 && d.ulebErr == nil && d.curErr == nil {
		v := d.data[d.off]
		d.off++
		return uint32(v)
	}
	return d.u32Long()
}

// u32Long is u32 for a value of several bytes, or after an error.
func (d *bbDecoder) u32Long() uint32 {
	if d.ulebErr != nil {
		return 0
	}
	off := d.off
	v := d.uleb()
	if v > 0xffffffff {
		d.ulebErr = d.errorf(off, "ULEB128 value at offset 0x%x exceeds UINT32_MAX (0x%x)", off, v)
		return 0
	}
	return uint32(v)
}

// u64uleb is LLVM's readULEB128As<uint64_t>: it honours ulebErr.
func (d *bbDecoder) u64uleb() uint64 {
	if d.ulebErr != nil {
		return 0
	}
	return d.uleb()
}

// rawAddress reads an address field of the ELF class's size.
func (d *bbDecoder) rawAddress() uint64 {
	b := d.fixed(d.o.AddrSize)
	switch {
	case b == nil:
		return 0
	case len(b) == 4:
		return uint64(d.o.ByteOrder.Uint32(b))
	default:
		return d.o.ByteOrder.Uint64(b)
	}
}

// address reads a function or range address. It reports LLVM's errors as
// fatal, since LLVM returns them at once.
func (d *bbDecoder) address() (uint64, bool) {
	off := d.off
	a := d.rawAddress()
	if d.curErr != nil {
		d.fatal = d.curErr
		return 0, false
	}
	if !d.o.Relocatable {
		return a, true
	}
	var ok bool
	if d.o.Addend != nil {
		a, ok = d.o.Addend(uint64(off))
	}
	if !ok {
		d.fatal = d.errorf(off, "failed to get relocation data for offset: %x in section SHT_LLVM_BB_ADDR_MAP section with index %d",
			uint32(off), d.o.Index)
		return 0, false
	}
	return uint64(uint32(a)), true
}

// next decodes the next function entry into the scratch space; false where
// LLVM's loop ends (the end of the data, or an error: see failure).
func (d *bbDecoder) next() (BBAddrMap, bool) {
	if d.failed() || d.fatal != nil || d.off >= len(d.data) {
		return BBAddrMap{}, false
	}
	start := d.off
	version := d.u8()
	if version < 2 || version > 5 {
		d.fatal = d.errorf(start, "unsupported SHT_LLVM_BB_ADDR_MAP version: %d", version)
		return BBAddrMap{}, false
	}
	var feat Features
	if version < 5 {
		feat = Features(d.u8())
	} else {
		feat = Features(d.u16())
	}
	if d.curErr != nil {
		return BBAddrMap{}, false
	}
	if feat&^allFeatures != 0 {
		d.fatal = d.errorf(start+1, "invalid encoding for BBAddrMap::Features: 0x%x", uint16(feat))
		return BBAddrMap{}, false
	}
	for _, c := range [...]struct {
		bit  Features
		min  uint8
		what string
	}{
		{CallsiteEndOffsets, 3, "callsite offsets"},
		{BBHash, 4, "basic block hash"},
		{PostLinkCfg, 5, "post link cfg"},
	} {
		if feat&c.bit != 0 && version < c.min {
			d.fatal = d.errorf(start+1, "version should be >= %d for SHT_LLVM_BB_ADDR_MAP when %s feature is enabled: version = %d feature = %d",
				c.min, c.what, version, uint16(feat))
			return BBAddrMap{}, false
		}
	}
	m, ok := d.function(version, feat)
	if !ok {
		return BBAddrMap{}, false
	}
	m.Off = int64(start)
	return m, true
}

// appendDoubling appends v to s, doubling the capacity when it is full.
// Append's own steps of a quarter for large slices leave about four times
// the final array behind as garbage; doubling leaves at most one.
func appendDoubling[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		t := make([]T, len(s), 2*len(s)+4)
		copy(t, s)
		s = t
	}
	return append(s, v)
}

// function decodes the ranges and PGO part of one function entry. It returns
// false where LLVM leaves its loop early.
func (d *bbDecoder) function(version uint8, feat Features) (BBAddrMap, bool) {
	m := BBAddrMap{Version: version, Features: feat}
	var nranges, nblocks uint32 = 1, 0
	var base uint64
	multi := feat&MultiBBRange != 0
	if multi {
		off := d.off
		nranges = d.u32()
		if d.curErr != nil || d.ulebErr != nil {
			return m, false
		}
		if nranges == 0 {
			d.fatal = d.errorf(off, "invalid zero number of BB ranges at offset %x in SHT_LLVM_BB_ADDR_MAP section with index %d",
				d.off, d.o.Index)
			return m, false
		}
	} else {
		var ok bool
		if base, ok = d.address(); !ok {
			return m, false
		}
		nblocks = d.u32()
	}
	d.entries, d.rangeEnds, d.calls, d.ranges = d.entries[:0], d.rangeEnds[:0], d.calls[:0], d.ranges[:0]
	// Every range reads an address, so the loop ends with the data even when
	// an earlier error stopped the block loops (and the ranges appended are
	// bounded by the data).
	for r := uint32(0); r < nranges; r++ {
		if multi {
			var ok bool
			if base, ok = d.address(); !ok {
				return m, false
			}
			nblocks = d.u32()
		}
		if feat&OmitBBEntries == 0 {
			d.blocks(nblocks, feat)
		}
		d.ranges = append(d.ranges, BBRange{BaseAddress: base})
		d.rangeEnds = append(d.rangeEnds, len(d.entries))
	}
	d.setEntries()
	m.Ranges = d.ranges
	d.pgoPart(&m, len(d.entries))
	return m, true
}

// blocks decodes the entries of one range into d.entries, their callsite
// offsets into d.calls (pointed to by capacity-limited subslices that
// copyEntries moves).
func (d *bbDecoder) blocks(n uint32, feat Features) {
	var prevEnd uint32
	for i := uint32(0); !d.failed() && i < n; i++ {
		id := d.u32()
		offset := d.u32()
		var last uint32
		ncallStart := len(d.calls)
		if feat&CallsiteEndOffsets != 0 {
			ncalls := d.u32()
			for j := uint32(0); d.ulebErr == nil && d.curErr == nil && j < ncalls; j++ {
				last += d.u32()
				d.calls = append(d.calls, last)
			}
		}
		size := d.u32() + last
		mdOff := d.off
		md := d.u32()
		var hash uint64
		if feat&BBHash != 0 {
			hash = d.u64()
		}
		if Metadata(md)&^mdAll != 0 {
			d.mdErr = d.errorf(mdOff, "invalid encoding for BBEntry::Metadata: 0x%x", md)
			d.calls = d.calls[:ncallStart]
			return
		}
		e := BBEntry{ID: id, Offset: offset + prevEnd, Size: size, Metadata: Metadata(md), Hash: hash}
		if len(d.calls) > ncallStart {
			e.CallsiteEndOffsets = d.calls[ncallStart:len(d.calls):len(d.calls)]
		}
		d.entries = append(d.entries, e)
		prevEnd += offset + size
	}
}

// setEntries points each range of d.ranges at its entries in d.entries.
func (d *bbDecoder) setEntries() {
	start := 0
	for i, end := range d.rangeEnds {
		d.ranges[i].Entries = nil
		if end > start {
			d.ranges[i].Entries = d.entries[start:end:end]
		}
		start = end
	}
}

// detach returns m, whose slices point into a decoder's scratch space, with
// its own: one slice of entries per range, one of callsite offsets and one
// of successors per function.
func (m BBAddrMap) detach() BBAddrMap {
	n := 0
	for _, r := range m.Ranges {
		for _, e := range r.Entries {
			n += len(e.CallsiteEndOffsets)
		}
	}
	var calls []uint32
	if n > 0 {
		calls = make([]uint32, 0, n)
	}
	ranges := make([]BBRange, len(m.Ranges))
	for i, r := range m.Ranges {
		ranges[i].BaseAddress = r.BaseAddress
		if len(r.Entries) == 0 {
			continue
		}
		es := make([]BBEntry, len(r.Entries))
		copy(es, r.Entries)
		for j := range es {
			if c := es[j].CallsiteEndOffsets; len(c) > 0 {
				calls = append(calls, c...)
				es[j].CallsiteEndOffsets = calls[len(calls)-len(c) : len(calls) : len(calls)]
			}
		}
		ranges[i].Entries = es
	}
	m.Ranges = ranges
	if len(m.PGO.BBEntries) == 0 {
		m.PGO.BBEntries = nil
		return m
	}
	n = 0
	for _, e := range m.PGO.BBEntries {
		n += len(e.Successors)
	}
	var succs []Successor
	if n > 0 {
		succs = make([]Successor, 0, n)
	}
	pgo := make([]PGOBBEntry, len(m.PGO.BBEntries))
	copy(pgo, m.PGO.BBEntries)
	for i := range pgo {
		if s := pgo[i].Successors; len(s) > 0 {
			succs = append(succs, s...)
			pgo[i].Successors = succs[len(succs)-len(s) : len(succs) : len(succs)]
		}
	}
	m.PGO.BBEntries = pgo
	return m
}

// pgoPart decodes the PGO analysis part of a function with nblocks blocks.
func (d *bbDecoder) pgoPart(m *BBAddrMap, nblocks int) {
	feat := m.Features
	if feat&FuncEntryCount != 0 {
		m.PGO.FuncEntryCount = d.u64uleb()
	}
	if !feat.hasPGOBBData() {
		return
	}
	d.pgo, d.succs = d.pgo[:0], d.succs[:0]
	for i := 0; !d.failed() && i < nblocks; i++ {
		var e PGOBBEntry
		if feat&BBFreq != 0 {
			e.BlockFreq = d.u64uleb()
		}
		if feat&PostLinkCfg != 0 {
			e.PostLinkBlockFreq = d.u32()
		}
		if feat&BrProb != 0 {
			n := d.u64uleb()
			start := len(d.succs)
			// LLVM keeps looping (reading nothing) after an error; the
			// result is an error either way, so stop.
			for j := uint64(0); j < n && d.curErr == nil && d.ulebErr == nil; j++ {
				s := Successor{ID: d.u32(), Prob: d.u32()}
				if feat&PostLinkCfg != 0 {
					s.PostLinkFreq = d.u32()
				}
				d.succs = append(d.succs, s)
			}
			if len(d.succs) > start {
				e.Successors = d.succs[start:len(d.succs):len(d.succs)]
			}
		}
		d.pgo = append(d.pgo, e)
	}
	if len(d.pgo) > 0 {
		m.PGO.BBEntries = d.pgo
	}
}

func (d *bbDecoder) decodeV0() []BBAddrMap {
	var maps []BBAddrMap
	for !d.failed() && d.off < len(d.data) {
		start := d.off
		base := d.rawAddress()
		// LLVM 14 applied no relocations; use the addend when there is one.
		if d.curErr == nil && d.o.Relocatable && d.o.Addend != nil {
			if a, ok := d.o.Addend(uint64(start)); ok {
				base = a
			}
		}
		n := d.u32()
		d.entries, d.calls = d.entries[:0], d.calls[:0]
		for i := uint32(0); !d.failed() && i < n; i++ {
			e := BBEntry{ID: i, Offset: d.u32(), Size: d.u32(), Metadata: Metadata(d.u32())}
			d.entries = append(d.entries, e)
		}
		d.ranges = append(d.ranges[:0], BBRange{BaseAddress: base})
		d.rangeEnds = append(d.rangeEnds[:0], len(d.entries))
		d.setEntries()
		m := BBAddrMap{Ranges: d.ranges, Off: int64(start)}
		maps = appendDoubling(maps, m.detach())
	}
	return maps
}
