// Package ircodes maps the model's enumerations (package ir) to the
// bitcode's encodings of them (package llvmir) and back: the one table of
// each, which the reader (ir/bitcode) and the writer (ir/bcwrite) share.
package ircodes

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// castOps are the cast instructions by their bitcode encoding.
var castOps = [...]ir.Opcode{
	llvmir.CAST_TRUNC: ir.Trunc, llvmir.CAST_ZEXT: ir.ZExt, llvmir.CAST_SEXT: ir.SExt,
	llvmir.CAST_FPTOUI: ir.FPToUI, llvmir.CAST_FPTOSI: ir.FPToSI, llvmir.CAST_UITOFP: ir.UIToFP,
	llvmir.CAST_SITOFP: ir.SIToFP, llvmir.CAST_FPTRUNC: ir.FPTrunc, llvmir.CAST_FPEXT: ir.FPExt,
	llvmir.CAST_PTRTOINT: ir.PtrToInt, llvmir.CAST_INTTOPTR: ir.IntToPtr, llvmir.CAST_BITCAST: ir.BitCast,
	llvmir.CAST_ADDRSPACECAST: ir.AddrSpaceCast, llvmir.CAST_PTRTOADDR: ir.PtrToAddr,
}

// rmwOps are the atomicrmw operations by their bitcode encoding.
var rmwOps = [...]ir.RMWOp{
	llvmir.RMW_XCHG: ir.RMWXchg, llvmir.RMW_ADD: ir.RMWAdd, llvmir.RMW_SUB: ir.RMWSub,
	llvmir.RMW_AND: ir.RMWAnd, llvmir.RMW_NAND: ir.RMWNand, llvmir.RMW_OR: ir.RMWOr,
	llvmir.RMW_XOR: ir.RMWXor, llvmir.RMW_MAX: ir.RMWMax, llvmir.RMW_MIN: ir.RMWMin,
	llvmir.RMW_UMAX: ir.RMWUMax, llvmir.RMW_UMIN: ir.RMWUMin, llvmir.RMW_FADD: ir.RMWFAdd,
	llvmir.RMW_FSUB: ir.RMWFSub, llvmir.RMW_FMAX: ir.RMWFMax, llvmir.RMW_FMIN: ir.RMWFMin,
	llvmir.RMW_UINC_WRAP: ir.RMWUIncWrap, llvmir.RMW_UDEC_WRAP: ir.RMWUDecWrap,
	llvmir.RMW_USUB_COND: ir.RMWUSubCond, llvmir.RMW_USUB_SAT: ir.RMWUSubSat,
	llvmir.RMW_FMAXIMUM: ir.RMWFMaximum, llvmir.RMW_FMINIMUM: ir.RMWFMinimum,
}

// Cast returns the cast instruction a CAST_* code encodes.
func Cast(code uint64) (ir.Opcode, bool) {
	if code < uint64(len(castOps)) {
		return castOps[code], true
	}
	return ir.BadOp, false
}

// CastCode returns the CAST_* code of a cast instruction, false for an
// opcode that is no cast.
func CastCode(op ir.Opcode) (llvmir.CastOpcode, bool) {
	for code, o := range castOps {
		if o == op {
			return llvmir.CastOpcode(code), true
		}
	}
	return 0, false
}

// RMW returns the atomicrmw operation an RMW_* code encodes.
func RMW(code uint64) (ir.RMWOp, bool) {
	if code < uint64(len(rmwOps)) {
		return rmwOps[code], true
	}
	return 0, false
}

// RMWCode returns the RMW_* code of an atomicrmw operation.
func RMWCode(op ir.RMWOp) (llvmir.RMWOperation, bool) {
	for code, o := range rmwOps {
		if o == op {
			return llvmir.RMWOperation(code), true
		}
	}
	return 0, false
}
