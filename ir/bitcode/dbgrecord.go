package bitcode

import "github.com/bcextract/bcextract/ir"

// The function record codes of debug records (LLVMBitCodes.h).
const (
	fcDbgValue        = 61
	fcDbgDeclare      = 62
	fcDbgAssign       = 63
	fcDbgValueSimple  = 64
	fcDbgLabel        = 65
	fcDbgDeclareValue = 66
)

// debugRecord decodes a FUNC_CODE_DEBUG_RECORD_* record. The bitcode
// writes a record after the instruction it is attached to; it prints
// before that instruction.
func (r *Reader) debugRecord(fs *funcState, code uint32, ops []uint64) error {
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
	if code == fcDbgLabel {
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
	if len(ops) < 4 || code == fcDbgAssign && len(ops) < 7 {
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
	if code == fcDbgValueSimple {
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
	case fcDbgValue, fcDbgValueSimple:
		dr.Kind = ir.DbgValue
	case fcDbgDeclare:
		dr.Kind = ir.DbgDeclare
	case fcDbgDeclareValue:
		dr.Kind = ir.DbgDeclareValue
	case fcDbgAssign:
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
	in.DebugRecords = append(in.DebugRecords, dr)
	return nil
}
