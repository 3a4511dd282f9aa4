package ir

// An Opcode is what an instruction or constant expression does.
type Opcode uint8

// The opcodes of LLVM 22, in the order of LLVM's Instruction.def.
const (
	BadOp Opcode = iota
	// Terminators.
	Ret
	Br
	Switch
	IndirectBr
	Invoke
	Resume
	Unreachable
	CleanupRet
	CatchRet
	CatchSwitch
	CallBr
	// Unary.
	FNeg
	// Binary.
	Add
	FAdd
	Sub
	FSub
	Mul
	FMul
	UDiv
	SDiv
	FDiv
	URem
	SRem
	FRem
	Shl
	LShr
	AShr
	And
	Or
	Xor
	// Memory.
	Alloca
	Load
	Store
	GetElementPtr
	Fence
	AtomicCmpXchg
	AtomicRMW
	// Casts.
	Trunc
	ZExt
	SExt
	FPToUI
	FPToSI
	UIToFP
	SIToFP
	FPTrunc
	FPExt
	PtrToInt
	PtrToAddr
	IntToPtr
	BitCast
	AddrSpaceCast
	// Funclet pads.
	CleanupPad
	CatchPad
	// Other.
	ICmp
	FCmp
	PHI
	Call
	Select
	VAArg
	ExtractElement
	InsertElement
	ShuffleVector
	ExtractValue
	InsertValue
	LandingPad
	Freeze
	numOpcodes
)

var opcodeNames = [numOpcodes]string{
	BadOp: "<bad>", Ret: "ret", Br: "br", Switch: "switch", IndirectBr: "indirectbr", Invoke: "invoke",
	Resume: "resume", Unreachable: "unreachable", CleanupRet: "cleanupret", CatchRet: "catchret",
	CatchSwitch: "catchswitch", CallBr: "callbr", FNeg: "fneg", Add: "add", FAdd: "fadd", Sub: "sub",
	FSub: "fsub", Mul: "mul", FMul: "fmul", UDiv: "udiv", SDiv: "sdiv", FDiv: "fdiv", URem: "urem",
	SRem: "srem", FRem: "frem", Shl: "shl", LShr: "lshr", AShr: "ashr", And: "and", Or: "or", Xor: "xor",
	Alloca: "alloca", Load: "load", Store: "store", GetElementPtr: "getelementptr", Fence: "fence",
	AtomicCmpXchg: "cmpxchg", AtomicRMW: "atomicrmw", Trunc: "trunc", ZExt: "zext", SExt: "sext",
	FPToUI: "fptoui", FPToSI: "fptosi", UIToFP: "uitofp", SIToFP: "sitofp", FPTrunc: "fptrunc",
	FPExt: "fpext", PtrToInt: "ptrtoint", PtrToAddr: "ptrtoaddr", IntToPtr: "inttoptr", BitCast: "bitcast",
	AddrSpaceCast: "addrspacecast", CleanupPad: "cleanuppad", CatchPad: "catchpad", ICmp: "icmp",
	FCmp: "fcmp", PHI: "phi", Call: "call", Select: "select", VAArg: "va_arg",
	ExtractElement: "extractelement", InsertElement: "insertelement", ShuffleVector: "shufflevector",
	ExtractValue: "extractvalue", InsertValue: "insertvalue", LandingPad: "landingpad", Freeze: "freeze",
}

// String returns the opcode's keyword in LLVM assembly.
func (op Opcode) String() string {
	if op < numOpcodes {
		return opcodeNames[op]
	}
	return "<bad>"
}

// IsTerminator reports whether op ends a basic block.
func (op Opcode) IsTerminator() bool { return op >= Ret && op <= CallBr }

// IsCast reports whether op is a cast.
func (op Opcode) IsCast() bool { return op >= Trunc && op <= AddrSpaceCast }

// IsBinary reports whether op is a binary operator.
func (op Opcode) IsBinary() bool { return op >= Add && op <= Xor }

// Flags are the flags of an instruction or constant expression. Which ones
// an opcode may have is LLVM's rule; a reader sets only those.
type Flags uint32

// The flags.
const (
	NUW        Flags = 1 << iota // nuw: add, sub, mul, shl, trunc; getelementptr's nuw
	NSW                          // nsw: add, sub, mul, shl, trunc
	Exact                        // exact: udiv, sdiv, lshr, ashr
	Disjoint                     // disjoint: or
	NNeg                         // nneg: zext, uitofp
	SameSign                     // samesign: icmp
	InBounds                     // inbounds: getelementptr
	NUSW                         // nusw: getelementptr (implied by inbounds)
	Volatile                     // volatile: load, store, cmpxchg, atomicrmw
	Weak                         // weak: cmpxchg
	InAlloca                     // inalloca: alloca
	SwiftError                   // swifterror: alloca
	Cleanup                      // cleanup: landingpad
)

// FastMath are fast-math flags.
type FastMath uint8

// The fast-math flags. All seven together print as "fast".
const (
	AllowReassoc    FastMath = 1 << iota // reassoc
	NoNaNs                               // nnan
	NoInfs                               // ninf
	NoSignedZeros                        // nsz
	AllowReciprocal                      // arcp
	AllowContract                        // contract
	ApproxFunc                           // afn
)

// A Predicate is the condition of a comparison, in LLVM's numbering:
// floating-point predicates 0-15, integer ones 32-41.
type Predicate uint8

// The predicates.
const (
	FCmpFalse Predicate = iota
	FCmpOEQ
	FCmpOGT
	FCmpOGE
	FCmpOLT
	FCmpOLE
	FCmpONE
	FCmpORD
	FCmpUNO
	FCmpUEQ
	FCmpUGT
	FCmpUGE
	FCmpULT
	FCmpULE
	FCmpUNE
	FCmpTrue
)

// The integer predicates.
const (
	ICmpEQ Predicate = 32 + iota
	ICmpNE
	ICmpUGT
	ICmpUGE
	ICmpULT
	ICmpULE
	ICmpSGT
	ICmpSGE
	ICmpSLT
	ICmpSLE
)

var predNames = map[Predicate]string{
	FCmpFalse: "false", FCmpOEQ: "oeq", FCmpOGT: "ogt", FCmpOGE: "oge", FCmpOLT: "olt", FCmpOLE: "ole",
	FCmpONE: "one", FCmpORD: "ord", FCmpUNO: "uno", FCmpUEQ: "ueq", FCmpUGT: "ugt", FCmpUGE: "uge",
	FCmpULT: "ult", FCmpULE: "ule", FCmpUNE: "une", FCmpTrue: "true",
	ICmpEQ: "eq", ICmpNE: "ne", ICmpUGT: "ugt", ICmpUGE: "uge", ICmpULT: "ult", ICmpULE: "ule",
	ICmpSGT: "sgt", ICmpSGE: "sge", ICmpSLT: "slt", ICmpSLE: "sle",
}

// String returns the predicate's keyword ("oeq", "slt", ...).
func (p Predicate) String() string {
	if s, ok := predNames[p]; ok {
		return s
	}
	return "<bad>"
}

// An AtomicOrdering is the memory ordering of an atomic operation.
type AtomicOrdering uint8

// The orderings, in LLVM's in-memory numbering.
const (
	NotAtomic AtomicOrdering = iota
	Unordered
	Monotonic
	_ // consume, not used by LLVM
	Acquire
	Release
	AcquireRelease
	SequentiallyConsistent
)

var orderingNames = [...]string{"", "unordered", "monotonic", "consume", "acquire", "release", "acq_rel", "seq_cst"}

// String returns the ordering's keyword ("seq_cst", ...), empty for
// NotAtomic.
func (o AtomicOrdering) String() string {
	if int(o) < len(orderingNames) {
		return orderingNames[o]
	}
	return "<bad>"
}

// StrongestFailure returns the strongest ordering a failed cmpxchg may
// have when o is its success ordering (LLVM's
// AtomicCmpXchgInst::getStrongestFailureOrdering): acq_rel gives acquire,
// release monotonic, the others themselves.
func (o AtomicOrdering) StrongestFailure() AtomicOrdering {
	switch o {
	case AcquireRelease:
		return Acquire
	case Release:
		return Monotonic
	}
	return o
}

// An RMWOp is the operation of an atomicrmw.
type RMWOp uint8

// The atomicrmw operations, in LLVM's in-memory numbering.
const (
	RMWXchg RMWOp = iota
	RMWAdd
	RMWSub
	RMWAnd
	RMWNand
	RMWOr
	RMWXor
	RMWMax
	RMWMin
	RMWUMax
	RMWUMin
	RMWFAdd
	RMWFSub
	RMWFMax
	RMWFMin
	RMWFMaximum
	RMWFMinimum
	RMWUIncWrap
	RMWUDecWrap
	RMWUSubCond
	RMWUSubSat
	numRMWOps
)

var rmwNames = [numRMWOps]string{"xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min", "umax", "umin",
	"fadd", "fsub", "fmax", "fmin", "fmaximum", "fminimum", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat"}

// String returns the operation's keyword ("xchg", "add", ...).
func (op RMWOp) String() string {
	if op < numRMWOps {
		return rmwNames[op]
	}
	return "<bad>"
}

// A TailKind is a call's tail-call marker.
type TailKind uint8

// The tail-call markers.
const (
	NoTail TailKind = iota
	Tail
	MustTail
	NotTail
)

// An Instruction is one instruction of a basic block.
//
// Operands hold the value operands, in the order LLVM assembly writes them,
// and Succs the blocks an instruction may branch to:
//
//   - ret: Operands [value] or none; br: Operands [cond] or none, Succs
//     [true, false] or [dest]; switch: Operands [value], Succs [default,
//     case dests...], Extra.Cases the case values; indirectbr: Operands
//     [address], Succs the destinations.
//   - invoke, call and callbr: Callee, Operands the arguments, FuncType the
//     callee's function type; invoke's Succs [normal, unwind]; callbr's
//     Succs [default, indirect...].
//   - resume, unreachable; cleanupret: Operands [pad], Succs [unwind] or
//     none (to caller); catchret: Operands [pad], Succs [target];
//     catchswitch: Operands [parent pad (a ConstNull of token type for
//     none)], Succs the handlers, Unwind the unwind block or nil;
//     catchpad and cleanuppad: Operands [parent pad, args...].
//   - unary and binary operators, casts, freeze, va_arg (Typ the result),
//     icmp and fcmp (Pred), select, extractelement, insertelement,
//     shufflevector (Extra.Mask), extractvalue and insertvalue
//     (Extra.Indices): their operands in order.
//   - alloca: Operands [count], ElemType the allocated type; load:
//     Operands [pointer]; store: Operands [value, pointer]; getelementptr:
//     Operands [pointer, indices...], ElemType the source element type;
//     fence: none; cmpxchg: Operands [pointer, cmp, new]; atomicrmw:
//     Operands [pointer, value].
//   - phi: Operands the incoming values, Incoming their blocks.
//   - landingpad: Extra.Clauses.
type Instruction struct {
	// The small fields sit side by side, in as few words as they fit
	// (an instruction is allocated for every one a body holds).
	Op    Opcode
	FMF   FastMath
	Pred  Predicate
	Flags Flags

	Typ  *Type // the result type; void when none
	Name string

	Operands []Value
	Succs    []*Block
	Incoming []*Block
	Unwind   *Block

	// ElemType is alloca's allocated type and getelementptr's source
	// element type.
	ElemType *Type
	// Align is the alignment in bytes of alloca, load, store, cmpxchg and
	// atomicrmw; 0 when not given.
	Align uint64
	// AddrSpace is an alloca's address space.
	AddrSpace uint32

	Ordering     AtomicOrdering
	FailOrdering AtomicOrdering // cmpxchg's failure ordering
	RMW          RMWOp

	// Call, invoke and callbr.
	Callee   Value
	FuncType *Type
	CallConv CallingConv
	Tail     TailKind
	Attrs    AttrList

	// Extra holds the fields few instructions have; nil when none
	// (an Extra whose fields are all empty means the same). Read them
	// with the methods of the same names.
	Extra *InstrExtra

	// DebugLoc is the !dbg location, nil when none.
	DebugLoc Metadata
	// Metadata are the other attachments, in the order the printer
	// writes them (by kind ID).
	Metadata []Attachment
	// DebugRecords are the #dbg_ records printed before the
	// instruction.
	DebugRecords []*DebugRecord
}

// Type returns the instruction's result type.
func (i *Instruction) Type() *Type { return i.Typ }

// InstrExtra holds the fields of an Instruction that few instructions
// have, out of line so that the others do not carry them.
type InstrExtra struct {
	Cases []Constant // switch's case values
	// SyncScope is the synchronization scope's name: empty for the
	// system scope, "singlethread", or a target's.
	SyncScope string
	Indices   []uint32 // extractvalue's and insertvalue's
	Mask      []int32  // shufflevector's, -1 for poison
	Bundles   []OperandBundle
	Clauses   []Clause // landingpad's
}

// Cases returns i's Extra.Cases, nil when i has no Extra.
func (i *Instruction) Cases() []Constant {
	if i.Extra == nil {
		return nil
	}
	return i.Extra.Cases
}

// SyncScope returns i's Extra.SyncScope, empty when i has no Extra.
func (i *Instruction) SyncScope() string {
	if i.Extra == nil {
		return ""
	}
	return i.Extra.SyncScope
}

// Indices returns i's Extra.Indices, nil when i has no Extra.
func (i *Instruction) Indices() []uint32 {
	if i.Extra == nil {
		return nil
	}
	return i.Extra.Indices
}

// Mask returns i's Extra.Mask, nil when i has no Extra.
func (i *Instruction) Mask() []int32 {
	if i.Extra == nil {
		return nil
	}
	return i.Extra.Mask
}

// Bundles returns i's Extra.Bundles, nil when i has no Extra.
func (i *Instruction) Bundles() []OperandBundle {
	if i.Extra == nil {
		return nil
	}
	return i.Extra.Bundles
}

// Clauses returns i's Extra.Clauses, nil when i has no Extra.
func (i *Instruction) Clauses() []Clause {
	if i.Extra == nil {
		return nil
	}
	return i.Extra.Clauses
}
func (*Instruction) isValue() {}

// An OperandBundle is a call's operand bundle: "Tag"(inputs).
type OperandBundle struct {
	Tag    string
	Inputs []Value
}

// A Clause is a landingpad clause.
type Clause struct {
	Filter bool // filter rather than catch
	Value  Constant
}

// A DebugRecordKind says what a [DebugRecord] is.
type DebugRecordKind uint8

// The debug record kinds.
const (
	DbgValue DebugRecordKind = iota
	DbgDeclare
	DbgAssign
	DbgLabel
	DbgDeclareValue
)

// A DebugRecord is a #dbg_value, #dbg_declare, #dbg_assign or #dbg_label
// record attached before an instruction. Ops are its operands in printed
// order, the location last.
type DebugRecord struct {
	Kind DebugRecordKind
	Ops  []Metadata
}

// LLVMOperands returns the instruction's operands in the order of LLVM's
// User::operands for its kind: call arguments, bundle inputs, the
// successors of an invoke or callbr, then the callee; a conditional
// branch's condition, false then true successor; a switch's condition,
// default, then each case value and successor; and so on. It is the order
// LLVM's ValueEnumerator, bitcode writer and linker meet the operands in.
// It is Operands itself or, when that order is another, made in *buf
// (which is kept for the next call): the result is good until the next
// call with buf.
func (i *Instruction) LLVMOperands(buf *[]Value) []Value {
	ops := (*buf)[:0]
	switch i.Op {
	case Call, Invoke, CallBr:
		ops = append(ops, i.Operands...)
		for _, b := range i.Bundles() {
			ops = append(ops, b.Inputs...)
		}
		if i.Op != Call {
			for _, s := range i.Succs {
				ops = append(ops, s)
			}
		}
		ops = append(ops, i.Callee)
	case LandingPad:
		for _, c := range i.Clauses() {
			ops = append(ops, c.Value)
		}
	case Br:
		if len(i.Operands) == 0 {
			ops = append(ops, i.Succs[0])
		} else {
			ops = append(ops, i.Operands[0], i.Succs[1], i.Succs[0])
		}
	case CatchSwitch:
		ops = append(ops, i.Operands[0])
		if i.Unwind != nil {
			ops = append(ops, i.Unwind)
		}
		for _, s := range i.Succs {
			ops = append(ops, s)
		}
	case CatchPad, CleanupPad:
		ops = append(append(ops, i.Operands[1:]...), i.Operands[0])
	case CatchRet, CleanupRet, IndirectBr:
		ops = append(ops, i.Operands[0])
		for _, s := range i.Succs {
			ops = append(ops, s)
		}
	case Switch:
		ops = append(ops, i.Operands[0], i.Succs[0])
		for k, c := range i.Cases() {
			ops = append(ops, c, i.Succs[k+1])
		}
	default:
		return i.Operands
	}
	*buf = ops
	return ops
}
