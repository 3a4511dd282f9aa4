package bitstream

import "sort"

// A Visitor receives the entries of a stream as Walk reads them, in stream
// order. Any error it returns stops the walk and is returned by Walk.
type Visitor interface {
	// BlockInfoStart is called when a BLOCKINFO block is found, before it is
	// read to build the new BlockInfo (which may fail).
	BlockInfoStart(depth int) error
	// EnterBlock is called once a block's header has been read.
	EnterBlock(b *BlockEvent) error
	// Record is called for each record (DEFINE_ABBREV is not a record).
	Record(b *BlockEvent, rec *RecordEvent) error
	// ExitBlock is called after the END_BLOCK of a block.
	ExitBlock(b *BlockEvent) error
}

// A BlockEvent describes the block instance being walked.
type BlockEvent struct {
	ID        uint32
	Depth     int // 0 for top-level blocks
	NumWords  uint32
	CodeWidth uint
	// StartBit is where the block's ENTER_SUBBLOCK abbreviation ID starts.
	StartBit uint64
	// BitPos is the position right after the block ID, where the block's
	// header (abbreviation width, length) starts.
	BitPos uint64
	// ContentPos is the position of the block's first entry.
	ContentPos uint64
}

// A RecordEvent is one record with its position: StartBit is where its
// abbreviation ID starts, EndBit where the record ends.
type RecordEvent struct {
	Record
	StartBit uint64
	EndBit   uint64
}

// Walk reads a whole stream the way llvm-bcanalyzer does, starting at the
// reader's position (after the magic number): top-level blocks until the end
// of the stream, every block entered (none skipped), BLOCKINFO blocks read
// twice (once to build the BlockInfo that replaces the current one, once to
// report their records). It reports every entry to v (which may be nil) and
// returns the statistics gathered, also when it fails (they then cover what
// was read).
func Walk(r *Reader, v Visitor) (*Stats, error) {
	w := walker{r: r, v: v, stats: &Stats{TotalBits: r.c.BitLen()}}
	if v == nil {
		w.v = nopVisitor{}
	}
	for !r.AtEnd() {
		start := r.c.pos
		code, err := r.c.Read(r.codeWidth)
		if err != nil {
			return w.stats, err
		}
		if code != ENTER_SUBBLOCK {
			return w.stats, r.c.errorfAt(start, nil, "invalid record at top level (abbreviation ID %d)", code)
		}
		id, err := r.c.ReadVBR(8)
		if err != nil {
			return w.stats, err
		}
		if err := w.block(id, 0, start); err != nil {
			return w.stats, err
		}
		w.stats.TopLevelBlocks++
	}
	return w.stats, nil
}

type walker struct {
	r     *Reader
	v     Visitor
	stats *Stats
	vals  []uint64
	// The events handed to the visitor are reused, so that walking a block
	// or a record allocates nothing: events holds one BlockEvent per depth
	// reached so far (each allocated once, so that its address is stable
	// while the block is open), rec the record being reported.
	events []*BlockEvent
	rec    RecordEvent
}

func (w *walker) block(id uint32, depth int, enterBit uint64) error {
	r := w.r
	start := r.c.pos
	bs := w.stats.block(id)
	bs.Instances++
	if id == BLOCKINFO_BLOCK_ID {
		if err := w.v.BlockInfoStart(depth); err != nil {
			return err
		}
		bi, err := r.ReadBlockInfoBlock(true)
		if err != nil {
			return err
		}
		r.blockInfo = bi
		r.c.pos = start
	}
	numWords, err := r.EnterBlock(id)
	if err != nil {
		return err
	}
	if depth == len(w.events) {
		w.events = append(w.events, new(BlockEvent))
	}
	ev := w.events[depth]
	*ev = BlockEvent{ID: id, Depth: depth, NumWords: numWords, CodeWidth: r.codeWidth, StartBit: enterBit, BitPos: start, ContentPos: r.c.pos}
	if err := w.v.EnterBlock(ev); err != nil {
		return err
	}
	rec := &w.rec
	for {
		if r.c.AtEnd() {
			return r.c.errorf(nil, "premature end of stream inside block %d", id)
		}
		entryStart := r.c.pos
		e, err := r.Next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case EntryEndBlock:
			bs.Bits += r.c.pos - start
			return w.v.ExitBlock(ev)
		case EntrySubBlock:
			subStart := r.c.pos
			if err := w.block(e.ID, depth+1, entryStart); err != nil {
				return err
			}
			bs.SubBlocks++
			// A sub-block's bits (after its block ID) are its own, not ours.
			start += r.c.pos - subStart
			continue
		case EntryDefineAbbrev:
			if _, err := r.DefineAbbrev(); err != nil {
				return err
			}
			bs.Abbrevs++
			continue
		}
		bs.Records++
		rec.Record, err = r.ReadRecord(e.ID, w.vals)
		if err != nil {
			return err
		}
		w.vals = rec.Ops
		rec.StartBit, rec.EndBit = entryStart, r.c.pos
		cs := bs.code(rec.Code)
		cs.Count++
		cs.Bits += rec.EndBit - entryStart
		if e.ID != UNABBREV_RECORD {
			cs.Abbreviated++
			bs.AbbreviatedRecords++
		}
		if err := w.v.Record(ev, rec); err != nil {
			return err
		}
	}
}

type nopVisitor struct{}

func (nopVisitor) BlockInfoStart(int) error               { return nil }
func (nopVisitor) EnterBlock(*BlockEvent) error           { return nil }
func (nopVisitor) Record(*BlockEvent, *RecordEvent) error { return nil }
func (nopVisitor) ExitBlock(*BlockEvent) error            { return nil }

// Stats are llvm-bcanalyzer's figures for a stream.
type Stats struct {
	TotalBits      uint64 // bits in the stream (after any wrapper)
	TopLevelBlocks uint64
	blocks         map[uint32]*BlockStats
}

// BlockStats are the figures for all instances of one block ID.
type BlockStats struct {
	ID        uint32
	Instances uint64
	// Bits counts each instance from right after its block ID to the end of
	// its END_BLOCK padding, less its sub-blocks' bits counted the same way.
	Bits               uint64
	SubBlocks          uint64
	Abbrevs            uint64 // DEFINE_ABBREVs
	Records            uint64
	AbbreviatedRecords uint64
	small              []CodeStats // by code, for small codes
	large              map[uint32]*CodeStats
}

// CodeStats are the figures for one record code in one block ID. Bits count
// each record from its abbreviation ID to its end.
type CodeStats struct {
	Code        uint32
	Count       uint64
	Bits        uint64
	Abbreviated uint64
}

const smallCodes = 256

func (s *Stats) block(id uint32) *BlockStats {
	if s.blocks == nil {
		s.blocks = make(map[uint32]*BlockStats)
	}
	b := s.blocks[id]
	if b == nil {
		b = &BlockStats{ID: id}
		s.blocks[id] = b
	}
	return b
}

// code returns the figures for code c. Small codes live in a slice indexed by
// code; it grows only as far as twice the records seen, so that a stream
// cannot make it large with few bits. Other codes live in a map.
func (b *BlockStats) code(c uint32) *CodeStats {
	if c < uint32(len(b.small)) {
		return &b.small[c]
	}
	if c < smallCodes && uint64(c) < 2*b.Records+4 {
		n := len(b.small)
		b.small = append(b.small, make([]CodeStats, int(c)+1-n)...)
		for i := n; i < len(b.small); i++ {
			b.small[i].Code = uint32(i)
			if cs, ok := b.large[uint32(i)]; ok {
				b.small[i] = *cs
				delete(b.large, uint32(i))
			}
		}
		return &b.small[c]
	}
	if b.large == nil {
		b.large = make(map[uint32]*CodeStats)
	}
	cs := b.large[c]
	if cs == nil {
		cs = &CodeStats{Code: c}
		b.large[c] = cs
	}
	return cs
}

// Blocks returns the figures of every block ID seen, by ascending ID.
func (s *Stats) Blocks() []*BlockStats {
	out := make([]*BlockStats, 0, len(s.blocks))
	for _, b := range s.blocks {
		out = append(out, b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Codes returns the figures of every record code seen in the block, in
// llvm-bcanalyzer's histogram order: most frequent first, ties by the higher
// code first.
func (b *BlockStats) Codes() []CodeStats {
	var out []CodeStats
	for _, cs := range b.small {
		if cs.Count > 0 {
			out = append(out, cs)
		}
	}
	for _, cs := range b.large {
		out = append(out, *cs)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Code > out[j].Code
	})
	return out
}
