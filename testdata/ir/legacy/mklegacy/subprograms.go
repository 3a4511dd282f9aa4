package main

import (
	"fmt"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
)

// The debug info of LLVM 3.7 to 3.9. Subprograms: a DICompileUnit listed its
// subprograms (operand 11, a tuple), and a DISubprogram (version 1, no
// DISPFlags) named its function (operand 15) rather than its unit, the
// function having no !dbg of its own. A module whose source names the
// tuple to list by the named metadata !old.subprograms = !{!N} gets these
// layouts: its units list !N, the definitions !N lists name their
// functions (whose values the module must hold as metadata, say in a
// named tuple), and the bodies lose their !dbg.

// oldSPNamed is the named metadata that gives the list of subprograms.
const oldSPNamed = "old.subprograms"

// spPlan is what the module's metadata block says of the rewrite: the
// list's ID, the subprograms it lists by ID with their names, and the
// metadata ID of each value held as metadata, by value ID. When the
// module names !old.globals (oldGVNamed), gvs gives the variable of each
// DIGlobalVariable (by ID; a metadata ID plus one, 0 for none) and gves
// each DIGlobalVariableExpression's variable (by ID).
type spPlan struct {
	list   uint64
	sps    map[uint64]string
	values map[uint64]uint64
	gvs    map[uint64]uint64
	gves   map[uint64]uint64
}

// oldGVNamed is the named metadata that asks for LLVM 3.9's global
// variables: each DIGlobalVariable names its global variable (operand 9)
// rather than a DIGlobalVariableExpression naming it, and the units list
// the variables.
const oldGVNamed = "old.globals"

// planSubprograms reads the first module-level metadata block of in; nil
// when the module has no !old.subprograms.
func planSubprograms(in []byte) (*spPlan, error) {
	r := bitstream.NewReader(in)
	if err := r.JumpToBit(32); err != nil {
		return nil, err
	}
	var vals []uint64
	for !r.AtEnd() {
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			if r.Depth() == 0 {
				return nil, nil
			}
			continue
		case bitstream.EntryDefineAbbrev:
			if _, err := r.DefineAbbrev(); err != nil {
				return nil, err
			}
			continue
		case bitstream.EntryRecord:
			if _, err := r.ReadRecord(e.ID, vals); err != nil {
				return nil, err
			}
			continue
		}
		switch e.ID {
		case uint32(llvmir.BLOCKINFO_BLOCK_ID):
			bi, err := r.ReadBlockInfoBlock(false)
			if err != nil {
				return nil, err
			}
			r.SetBlockInfo(bi)
		case uint32(llvmir.MODULE_BLOCK_ID):
			if _, err := r.EnterBlock(e.ID); err != nil {
				return nil, err
			}
		case uint32(llvmir.METADATA_BLOCK_ID):
			if _, err := r.EnterBlock(e.ID); err != nil {
				return nil, err
			}
			return readPlan(r)
		default:
			if err := r.SkipBlock(); err != nil {
				return nil, err
			}
		}
	}
	return nil, nil
}

// readPlan reads the records of a metadata block, numbering them as the
// reader does.
func readPlan(r *bitstream.Reader) (*spPlan, error) {
	p := &spPlan{sps: map[uint64]string{}, values: map[uint64]uint64{}, gves: map[uint64]uint64{}}
	oldGVs := false
	attached := map[uint64]uint64{} // DIGlobalVariableExpression ID -> its global's value ID
	strs := map[uint64]string{}
	tuples := map[uint64][]uint64{}
	spName := map[uint64]uint64{} // subprogram ID -> its name's ID + 1
	var num uint64
	name, list := "", uint64(0)
	for {
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			if oldGVs {
				p.gvs = map[uint64]uint64{}
				for gve, gv := range p.gves {
					if g, ok := attached[gve]; ok {
						if md, ok := p.values[g]; ok {
							p.gvs[gv] = md + 1
						}
					}
				}
			}
			if list == 0 && !oldGVs {
				return nil, nil
			}
			if list != 0 {
				p.list = list - 1
				for _, op := range tuples[p.list] {
					if n, ok := spName[op-1]; ok && op != 0 {
						p.sps[op-1] = strs[n-1]
					}
				}
			}
			return p, nil
		case bitstream.EntryDefineAbbrev:
			if _, err := r.DefineAbbrev(); err != nil {
				return nil, err
			}
			continue
		case bitstream.EntrySubBlock:
			if err := r.SkipBlock(); err != nil {
				return nil, err
			}
			continue
		}
		rec, err := r.ReadRecord(e.ID, nil)
		if err != nil {
			return nil, err
		}
		ops := rec.Ops
		switch code := llvmir.MetadataCode(rec.Code); code {
		case llvmir.METADATA_STRINGS:
			s, err := llvmir.NewMetadataStrings(ops, rec.Blob)
			if err != nil {
				return nil, err
			}
			for s.More() {
				b, err := s.Next()
				if err != nil {
					return nil, err
				}
				strs[num] = string(b)
				num++
			}
		case llvmir.METADATA_NAME:
			name = string(bytesOf(ops))
		case llvmir.METADATA_NAMED_NODE:
			if name == oldSPNamed && len(ops) == 1 {
				list = ops[0] + 1
			}
			oldGVs = oldGVs || name == oldGVNamed
		case llvmir.METADATA_GLOBAL_DECL_ATTACHMENT: // [value ID, (kind, node)...]
			for i := 1; i+1 < len(ops); i += 2 {
				if ops[i] == 0 { // dbg
					attached[ops[i+1]] = ops[0]
				}
			}
		case llvmir.METADATA_KIND, llvmir.METADATA_INDEX_OFFSET, llvmir.METADATA_INDEX:
		default:
			switch code {
			case llvmir.METADATA_VALUE:
				p.values[ops[1]] = num
			case llvmir.METADATA_NODE:
				tuples[num] = append([]uint64(nil), ops...)
			case llvmir.METADATA_SUBPROGRAM:
				spName[num] = ops[2]
			case llvmir.METADATA_GLOBAL_VAR_EXPR: // [distinct, var, expr]
				if len(ops) > 1 && ops[1] != 0 {
					p.gves[num] = ops[1] - 1
				}
			}
			num++
		}
	}
}

// bytesOf returns the characters of a record.
func bytesOf(ops []uint64) []byte {
	b := make([]byte, len(ops))
	for i, v := range ops {
		b[i] = byte(v)
	}
	return b
}

// oldSubprogram rewrites a SUBPROGRAM record of LLVM 8 and later,
// [distinct|unit<<1|spflags<<2, scope, name, linkageName, file, line,
// type, scopeLine, containingType, spFlags, virtualIndex, flags, unit,
// templateParams, declaration, retainedNodes, thisAdjustment?, ...], into
// version 1's [distinct, scope, name, linkageName, file, line, type,
// isLocal, isDefinition, scopeLine, containingType, virtuality,
// virtualIndex, flags, isOptimized, function, templateParams,
// declaration, variables], fn the function's metadata ID plus one.
func oldSubprogram(ops []uint64, fn uint64) ([]uint64, error) {
	if len(ops) < 16 || ops[0]&6 != 6 {
		return nil, fmt.Errorf("unexpected DISubprogram record %v", ops)
	}
	sp := ops[9]
	if sp>>5 != 0 {
		return nil, fmt.Errorf("DISubprogram flags %#x that version 1 cannot hold", sp)
	}
	return []uint64{
		ops[0] & 1, ops[1], ops[2], ops[3], ops[4], ops[5], ops[6],
		sp >> 2 & 1, sp >> 3 & 1, ops[7], ops[8], sp & 3, ops[10], ops[11], sp >> 4 & 1,
		fn, ops[13], ops[14], ops[15],
	}, nil
}

// oldGlobalVar rewrites a GLOBAL_VAR record of version 2, [distinct|2<<1,
// scope, name, linkageName, file, line, type, isLocal, isDefinition,
// declaration, templateParams, align, annotations?], into version 0's
// [distinct, scope, name, linkageName, file, line, type, isLocal,
// isDefinition, variable, declaration, align], variable a metadata ID
// plus one (0 for none).
func oldGlobalVar(ops []uint64, variable uint64) ([]uint64, error) {
	if len(ops) < 12 || ops[0]>>1 != 2 || ops[10] != 0 {
		return nil, fmt.Errorf("unexpected DIGlobalVariable record %v", ops)
	}
	out := append([]uint64{ops[0] & 1}, ops[1:9]...)
	return append(out, variable, ops[9], ops[11]), nil
}
