package minllvm

// Oldest and Latest bound the versions a Need names: readers older than
// LLVM 13 are not considered, and LLVM 22's reads every module its
// writer and older writers write.
const (
	Oldest = 13
	Latest = 22
)

// A Need is what a module needs of the LLVM that reads it: Version, the
// oldest LLVM release from which every newer one reads the module
// correctly, and What, the first thing met in the module that needs it
// ("" when nothing needs more than Oldest), at bit Bit of the module.
type Need struct {
	Version int
	What    string
	Bit     uint64
	// FPAtomics are, when Version is below VectorFPAtomic, the bits of
	// the module's atomicrmw records of a floating-point operation
	// (fadd, fsub, fmax, ...): one of a vector needs VectorFPAtomic,
	// which depends on the type of its value, which the records give by
	// number only. The bodies must be read to know (inspect.MinLLVM
	// does).
	FPAtomics []uint64
	// Checks are the rules the records call for and cannot decide,
	// each of which would need more than Version: the IR must be read
	// to know (inspect.MinLLVM does).
	Checks []Check
}

// VectorFPAtomic is the first release whose verifier takes an atomicrmw
// of a floating-point operation on a vector (fadd <2 x half>,
// llvm/llvm-project#86796): LLVM 13 to 18 refuse it ("atomicrmw fadd
// operand must have floating point type!").
const VectorFPAtomic = 19

// needs returns a need of version v for what, or none (0) when LLVM 13's
// reader and every newer one read it.
func needs(v int, what string) (int, string) {
	if v <= Oldest {
		return 0, ""
	}
	return v, what
}
