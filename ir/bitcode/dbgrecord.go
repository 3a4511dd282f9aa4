package bitcode

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// debugRecord decodes a FUNC_CODE_DEBUG_RECORD_* record. The bitcode
// writes a record after the instruction it is attached to; it prints
// before that instruction.
func (r *Reader) debugRecord(fs *funcState, code llvmir.FunctionCode, ops []uint64) error {
	in := fs.lastInst()
	if in == nil {
		return r.errorf("invalid debug record: missing instruction")
	}
	md := func(i int) (ir.Metadata, error) {
		if i >= len(ops) {
			return nil, r.errorf("invalid debug record")
		}
		return r.mdAt(ops[i])
	}
	dr := &ir.DebugRecord{}
	var loc ir.Metadata
	var err error
	if code == llvmir.FUNC_CODE_DEBUG_RECORD_LABEL {
		if len(ops) != 2 {
			return r.errorf("invalid debug label record")
		}
		if loc, err = md(0); err != nil {
			return err
		}
		label, err := md(1)
		if err != nil {
			return err
		}
		dr.Kind = ir.DbgLabel
		dr.Ops = []ir.Metadata{label, loc}
		in.DebugRecords = append(in.DebugRecords, dr)
		return nil
	}
	if len(ops) < 4 || code == llvmir.FUNC_CODE_DEBUG_RECORD_ASSIGN && len(ops) < 7 {
		return r.errorf("invalid debug record")
	}
	if loc, err = md(0); err != nil {
		return err
	}
	v, err := md(1)
	if err != nil {
		return err
	}
	expr, err := md(2)
	if err != nil {
		return err
	}
	var val ir.Metadata
	if code == llvmir.FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE {
		i := 3
		x, err := r.pair(ops, &i)
		if err != nil {
			return err
		}
		if r.oldConstExprs && r.mustExpand(fs, &x) {
			// LLVM makes its instructions at the end of the block being
			// read, after the instruction the record goes before.
			if fs.cur >= len(fs.blocks) {
				return r.errorf("invalid debug record: invalid value")
			}
			r.expandInto(fs, fs.blocks[fs.cur], &x)
		}
		val = &ir.ValueAsMetadata{Value: x}
	} else if val, err = md(3); err != nil {
		return err
	}
	switch code {
	case llvmir.FUNC_CODE_DEBUG_RECORD_VALUE, llvmir.FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE:
		dr.Kind = ir.DbgValue
	case llvmir.FUNC_CODE_DEBUG_RECORD_DECLARE:
		dr.Kind = ir.DbgDeclare
	case llvmir.FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE:
		dr.Kind = ir.DbgDeclareValue
	case llvmir.FUNC_CODE_DEBUG_RECORD_ASSIGN:
		dr.Kind = ir.DbgAssign
		id, err := md(4)
		if err != nil {
			return err
		}
		addrExpr, err := md(5)
		if err != nil {
			return err
		}
		addr, err := md(6)
		if err != nil {
			return err
		}
		dr.Ops = []ir.Metadata{val, v, expr, id, addr, addrExpr, loc}
		in.DebugRecords = append(in.DebugRecords, dr)
		return nil
	}
	dr.Ops = []ir.Metadata{val, v, expr, loc}
	r.upgradeDeclareExpr(dr)
	in.DebugRecords = append(in.DebugRecords, dr)
	return nil
}
