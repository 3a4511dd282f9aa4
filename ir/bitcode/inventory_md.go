package bitcode

import (
	"sort"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
)

// mdState collects, over a module's METADATA blocks, what the inventory
// needs: llvm.ident and the compile units. Metadata IDs are counted as
// LLVM's reader counts them: every record of the block defines the next ID
// except those in noMetadataID, and a STRINGS record defines as many IDs as
// it holds strings. Strings are not copied while reading: the records that
// refer to them are kept, and the strings they need are looked up once at
// the end.
type mdState struct {
	next    uint64
	strings []mdStrings
	old     map[uint64]string // METADATA_STRING_OLD, by ID
	single  []idPair          // NODE records of one operand: node ID, operand ID
	idents  []uint64          // the node IDs of llvm.ident
	name    string            // the last METADATA_NAME
	cus     []cuRecord
	files   []fileRecord
}

type idPair struct{ id, op uint64 }

// mdStrings is one METADATA_STRINGS record.
type mdStrings struct {
	base uint64 // ID of its first string
	ops  [2]uint64
	blob []byte
}

// cuRecord is a COMPILE_UNIT record's fields of interest, metadata IDs + 1
// (0 = none) as the record has them.
type cuRecord struct {
	lang, file, producer, sysroot, sdk uint64
	optimized                          bool
}

type fileRecord struct{ id, name, dir uint64 }

// noMetadataID lists the METADATA_BLOCK record codes that define no
// metadata ID.
func noMetadataID(code llvmir.MetadataCode) bool {
	switch code {
	case llvmir.METADATA_NAME, llvmir.METADATA_KIND, llvmir.METADATA_NAMED_NODE, llvmir.METADATA_ATTACHMENT,
		llvmir.METADATA_STRINGS, llvmir.METADATA_GLOBAL_DECL_ATTACHMENT, llvmir.METADATA_INDEX_OFFSET, llvmir.METADATA_INDEX:
		return true
	}
	return false
}

// metadata reads one module-level METADATA_BLOCK.
func (mr *moduleReader) metadata() error {
	md := &mr.md
	return mr.records(uint32(llvmir.METADATA_BLOCK_ID), func(rec *bitstream.Record) error {
		code := llvmir.MetadataCode(rec.Code)
		ops := rec.Ops
		id := md.next
		switch code {
		case llvmir.METADATA_STRINGS:
			if len(ops) == 2 {
				md.strings = appendInventory(md.strings, mdStrings{base: id, ops: [2]uint64{ops[0], ops[1]}, blob: rec.Blob})
				md.next += uint64(uint32(ops[0]))
			}
			return nil
		case llvmir.METADATA_STRING_OLD:
			// An empty string needs no entry: an ID without one reads
			// as "".
			if len(ops) > 0 {
				if md.old == nil {
					md.old = map[uint64]string{}
				}
				md.old[id] = chars(ops)
			}
		case llvmir.METADATA_NAME:
			md.name = chars(ops)
		case llvmir.METADATA_NAMED_NODE:
			if md.name == "llvm.ident" {
				md.idents = append(md.idents, ops...)
			}
		case llvmir.METADATA_NODE:
			if len(ops) == 1 && ops[0] != 0 {
				md.single = appendInventory(md.single, idPair{id, ops[0] - 1})
			}
		case llvmir.METADATA_COMPILE_UNIT:
			if cu, ok := decodeCompileUnitInfo(ops); ok {
				md.cus = appendInventory(md.cus, cu)
			}
		case llvmir.METADATA_FILE:
			if n := len(ops); n == 3 || n == 5 || n == 6 { // as LLVM checks it
				md.files = appendInventory(md.files, fileRecord{id, ops[1], ops[2]})
			}
		}
		if !noMetadataID(code) {
			md.next++
		}
		return nil
	}, nil)
}

// mdWant is a string to look up: its metadata ID and where it goes.
type mdWant struct {
	id  uint64
	dst *string
}

// resolve fills m.Idents and m.CompileUnits.
func (md *mdState) resolve(m *ModuleInfo) {
	if len(md.idents) == 0 && len(md.cus) == 0 {
		return
	}
	var wants []mdWant
	ask := func(ref uint64, dst *string) { // ref is an ID + 1, 0 for none
		if ref != 0 {
			wants = append(wants, mdWant{ref - 1, dst})
		}
	}
	sort.Slice(md.single, func(i, j int) bool { return md.single[i].id < md.single[j].id })
	var identIDs []uint64
	for _, n := range md.idents {
		i := sort.Search(len(md.single), func(i int) bool { return md.single[i].id >= n })
		if i < len(md.single) && md.single[i].id == n {
			identIDs = append(identIDs, md.single[i].op)
		}
	}
	m.Idents = make([]string, len(identIDs))
	for i, id := range identIDs {
		wants = append(wants, mdWant{id, &m.Idents[i]})
	}
	m.CompileUnits = make([]CompileUnit, len(md.cus))
	// The first FILE record of each ID, found by binary search: a linear
	// search per unit would make many units and many files quadratic.
	files := md.files
	if len(md.cus) > 0 {
		sort.SliceStable(files, func(i, j int) bool { return files[i].id < files[j].id })
	}
	for i, c := range md.cus {
		cu := &m.CompileUnits[i]
		cu.Language, cu.Optimized = c.lang, c.optimized
		ask(c.producer, &cu.Producer)
		ask(c.sysroot, &cu.SysRoot)
		ask(c.sdk, &cu.SDK)
		if c.file == 0 {
			continue
		}
		id := c.file - 1
		if k := sort.Search(len(files), func(k int) bool { return files[k].id >= id }); k < len(files) && files[k].id == id {
			ask(files[k].name, &cu.File)
			ask(files[k].dir, &cu.Directory)
		}
	}
	sort.SliceStable(wants, func(i, j int) bool { return wants[i].id < wants[j].id })
	md.lookup(wants)
}

// stringsRecord returns the index in md.strings of the STRINGS record that
// defines metadata ID id, or -1. The records' IDs are consecutive ranges in
// increasing order, so a binary search finds it: the last record starting at
// or below id holds it if any does.
func (md *mdState) stringsRecord(id uint64) int {
	i := sort.Search(len(md.strings), func(i int) bool { return md.strings[i].base > id }) - 1
	if i < 0 {
		return -1
	}
	if s := &md.strings[i]; id-s.base < uint64(uint32(s.ops[0])) {
		return i
	}
	return -1
}

// lookup sets each wanted string, walking the lengths of each STRINGS
// record at most once. wants must be sorted by ID; IDs that name no string
// are left alone.
func (md *mdState) lookup(wants []mdWant) {
	var (
		it   *llvmir.MetadataStrings
		rec  = -1   // index in md.strings of the record it reads
		n    uint64 // strings read from it
		last []byte // the string with ID md.strings[rec].base+n-1
		dead bool   // it failed
	)
	for _, w := range wants {
		if s, ok := md.old[w.id]; ok {
			*w.dst = s
			continue
		}
		ri := md.stringsRecord(w.id)
		if ri < 0 {
			continue
		}
		if ri != rec {
			s := &md.strings[ri]
			var err error
			it, err = llvmir.NewMetadataStrings(s.ops[:], s.blob)
			rec, n, last, dead = ri, 0, nil, err != nil
		}
		base := md.strings[rec].base
		for !dead && base+n <= w.id {
			s, err := it.Next()
			if err != nil {
				dead = true
				break
			}
			last = s
			n++
		}
		if !dead && n > 0 && base+n-1 == w.id {
			*w.dst = string(last)
		}
	}
}
