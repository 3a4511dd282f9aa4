package objdump

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/bbmap"
	"github.com/bcextract/bcextract/disasm"
)

// FuzzBBMap runs bbmap's loading, index, disassembly and both printers over
// mutated ELF files: each must end with output or an error, and the JSON
// must stay valid.
func FuzzBBMap(f *testing.F) {
	var files []string
	for _, pat := range []string{"../../testdata/sections/bbmap-*", "../../testdata/bbmap/bbmap-*"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil && len(b) < 16<<10 {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := load("fuzz", data)
		if err != nil {
			return
		}
		r.selectFunctions("")
		r.index = bbmap.NewIndex(r.funcs)
		if r.prof, err = r.index.Aggregate(strings.NewReader("0x0 1\n0x201170 2\n0x10 3\n")); err != nil {
			t.Fatal(err)
		}
		// Disassemble unless the blocks ask for more than 64 KiB in all
		// (each block stops at the end of its section, but a hostile map
		// can have many large blocks over one section).
		total := uint64(0)
		for _, fn := range r.funcs {
			for _, rg := range fn.Map.Ranges {
				for _, e := range rg.Entries {
					total += min(uint64(e.Size), uint64(len(data)))
				}
			}
		}
		if total < 64<<10 {
			if dec, err := disasm.NewDecoder(r.arch, disasm.GNU); err == nil {
				r.setDemangle() // -C: names of functions and branch targets
				r.useSymbols(dec)
				r.dec = dec
			}
		}
		for _, json := range []bool{false, true} {
			var out strings.Builder
			w := bufio.NewWriter(&out)
			var p printer = &textPrinter{w: w, r: r}
			if json {
				p = &jsonPrinter{w: w, r: r}
			}
			p.begin()
			for _, fi := range r.shown {
				p.function(fi)
			}
			p.beginLookups()
			r.lookupAll([]uint64{0, 0x201170}, []byte("0x5\n"), p.lookup)
			p.end([]error{errNoBBMap})
			w.Flush()
			if json && !jsonValid(out.String()) {
				t.Fatalf("invalid JSON: %.300q", out.String())
			}
		}
	})
}

func jsonValid(s string) bool { return json.Valid([]byte(s)) }
