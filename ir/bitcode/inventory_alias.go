package bitcode

import (
	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
)

// A cexpr is a module-level constant expression that may lead from an alias
// to the object it aliases, as LLVM's GlobalValue::getAliaseeObject follows
// them: casts and GEPs lead to their first operand, add to whichever
// operand leads to an object (none if both do), sub to its left operand
// unless its right one leads to an object.
type cexpr struct {
	op   uint8 // cexprPass, cexprAdd, cexprSub
	a, b uint64
}

const (
	cexprPass = iota // bitcast, inttoptr, ptrtoint, getelementptr
	cexprAdd
	cexprSub
)

// maxAliasChainLength bounds the aliases and expressions followed from
// one alias. (The record layouts the alias resolution follows: CST_CODE_BINOP [opcode, lhs, rhs, flags?], CE_CAST [opcode,
// type, value], CE_GEP_OLD and CE_INBOUNDS_GEP [pointee type?, (type,
// value)...], CE_GEP_WITH_INRANGE_INDEX_OLD and CE_GEP [pointee type,
// flags, (type, value)...], CE_GEP_WITH_INRANGE [pointee type, flags,
// bitwidth, lower, upper, (type, value)...].)
const maxAliasChainLength = 1 << 10

// constants reads a module-level CONSTANTS block, keeping the expressions
// that can lead an alias to its object. Every record but SETTYPE defines
// the next value ID, after the global values'.
func (mr *moduleReader) constants() error {
	if mr.consts == nil {
		// A second module-level CONSTANTS block would continue the
		// numbering.
		mr.consts, mr.nextConst = map[uint64]cexpr{}, uint64(len(mr.m.Globals))
	}
	return mr.records(uint32(llvmir.CONSTANTS_BLOCK_ID), func(rec *bitstream.Record) error {
		ops := rec.Ops
		id := mr.nextConst
		switch llvmir.ConstantsCode(rec.Code) {
		case llvmir.CST_CODE_SETTYPE:
			return nil
		case llvmir.CST_CODE_CE_CAST:
			switch llvmir.CastOpcode(enum32(op(ops, 0))) {
			case llvmir.CAST_PTRTOINT, llvmir.CAST_INTTOPTR, llvmir.CAST_BITCAST:
				if len(ops) >= 3 {
					mr.consts[id] = cexpr{op: cexprPass, a: ops[2]}
				}
			}
		case llvmir.CST_CODE_CE_BINOP:
			if len(ops) >= 3 {
				switch llvmir.BinaryOpcode(enum32(ops[0])) {
				case llvmir.BINOP_ADD:
					mr.consts[id] = cexpr{op: cexprAdd, a: ops[1], b: ops[2]}
				case llvmir.BINOP_SUB:
					mr.consts[id] = cexpr{op: cexprSub, a: ops[1], b: ops[2]}
				}
			}
		case llvmir.CST_CODE_CE_GEP_OLD, llvmir.CST_CODE_CE_INBOUNDS_GEP:
			i := 1 // [(type, value)...]: the base is the first value
			if len(ops)%2 == 1 {
				i = 2 // a pointee type comes first
			}
			if i < len(ops) {
				mr.consts[id] = cexpr{op: cexprPass, a: ops[i]}
			}
		case llvmir.CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD, llvmir.CST_CODE_CE_GEP:
			if len(ops) > 3 {
				mr.consts[id] = cexpr{op: cexprPass, a: ops[3]}
			}
		case llvmir.CST_CODE_CE_GEP_WITH_INRANGE:
			// The range is [bitwidth, lower, upper] for widths up to 64
			// bits; wider ranges are not followed.
			if len(ops) > 6 && ops[2] <= 64 {
				mr.consts[id] = cexpr{op: cexprPass, a: ops[6]}
			}
		}
		mr.nextConst++
		return nil
	}, nil)
}

// resolveAliases sets Executable on each alias whose aliasee leads to a
// function or ifunc.
func (mr *moduleReader) resolveAliases() {
	if len(mr.m.aliasBases) == 0 {
		return
	}
	gs := mr.m.Globals
	mr.aliasee = make(map[uint64]uint64, len(mr.m.aliasBases))
	for _, ab := range mr.m.aliasBases {
		mr.aliasee[ab>>32] = ab & 0xffffffff
	}
	for _, ab := range mr.m.aliasBases {
		i := ab >> 32
		if i >= uint64(len(gs)) || gs[i].Kind != GlobalAlias {
			continue
		}
		steps := 0
		obj, ok := mr.baseObject(uint64(i), &steps)
		gs[i].Executable = ok && (gs[obj].Kind == GlobalFunction || gs[obj].Kind == GlobalIFunc)
	}
}

// baseObject follows value ID v to the global object it leads to; ok is
// false when there is none. steps bounds the walk: a hostile file can make
// the expressions cycle.
func (mr *moduleReader) baseObject(v uint64, steps *int) (obj uint64, ok bool) {
	*steps++
	if *steps > maxAliasChainLength {
		return 0, false
	}
	gs := mr.m.Globals
	if v < uint64(len(gs)) {
		switch gs[v].Kind {
		case GlobalVariable, GlobalFunction, GlobalIFunc:
			return v, true
		}
		if a, ok := mr.aliasee[v]; ok {
			return mr.baseObject(a, steps)
		}
		return 0, false
	}
	e, found := mr.consts[v]
	if !found {
		return 0, false
	}
	switch e.op {
	case cexprAdd:
		l, lok := mr.baseObject(e.a, steps)
		r, rok := mr.baseObject(e.b, steps)
		if lok && rok {
			return 0, false
		}
		if lok {
			return l, true
		}
		return r, rok
	case cexprSub:
		if _, rok := mr.baseObject(e.b, steps); rok {
			return 0, false
		}
	}
	return mr.baseObject(e.a, steps)
}
