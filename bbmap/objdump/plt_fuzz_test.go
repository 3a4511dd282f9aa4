package objdump

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container/elf"
)

// FuzzPLTSymbols runs the NAME@plt synthesis and the branch-target symbol
// table over mutated ELF files: every PLT symbol must be one, in section
// .plt or .plt.got, and naming any address must give "<...>" or nothing.
func FuzzPLTSymbols(f *testing.F) {
	m, _ := filepath.Glob("../../testdata/sections/cxx-plt*")
	m = append(m, "../../testdata/sections/bbmap-x86_64")
	for _, p := range m {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := elf.NewFile(data)
		if err != nil {
			return
		}
		for _, p := range pltSymbols(file, data) {
			if p.section < 0 || p.section >= len(file.Sections) || !p.sym.plt || file.Sections[p.section].Name != ".plt" && file.Sections[p.section].Name != ".plt.got" {
				t.Fatalf("PLT symbol %+v (section %d of %d)", p.sym, p.section, len(file.Sections))
			}
		}
		var syms []elf.Symbol
		if tab := file.SymbolTable(); tab >= 0 {
			syms, _ = file.Symbols(data, tab)
		}
		tg := newBranchTargets(file, data, syms)
		for _, addr := range []uint64{0, 0x201540, 0x210510, ^uint64(0)} {
			for cur := -1; cur <= len(file.Sections); cur++ {
				if n := tg.name(addr, cur); n != "" && (!strings.HasPrefix(n, "<") || !strings.HasSuffix(n, ">")) {
					t.Fatalf("name(%#x, %d) = %q", addr, cur, n)
				}
			}
		}
	})
}
