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
}

// needs returns a need of version v for what, or none (0) when LLVM 13's
// reader and every newer one read it.
func needs(v int, what string) (int, string) {
	if v <= Oldest {
		return 0, ""
	}
	return v, what
}
