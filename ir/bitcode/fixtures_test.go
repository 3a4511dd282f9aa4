package bitcode

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/irfixtures"

	"github.com/bcextract/bcextract/ir"
)

// loadAll opens data and loads every module and body.
func loadAll(data []byte) ([]*ir.Module, []*Reader, error) {
	f, err := Open(data)
	if err != nil {
		return nil, nil, err
	}
	var ms []*ir.Module
	for _, r := range f.Modules {
		m, err := r.Module()
		if err != nil {
			return ms, f.Modules, err
		}
		for _, fn := range m.Functions {
			if fn.HasBody {
				if err := r.LoadBody(fn); err != nil {
					return ms, f.Modules, err
				}
			}
		}
		ms = append(ms, m)
	}
	return ms, f.Modules, nil
}

var simpleName = regexp.MustCompile(`^[-a-zA-Z$._][-a-zA-Z$._0-9]*$`)

func localName(s string) string {
	if simpleName.MatchString(s) {
		return "%" + s
	}
	var b strings.Builder
	b.WriteString(`%"`)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			b.WriteByte(c)
		} else {
			b.WriteString(`\` + strings.ToUpper(strconv.FormatUint(uint64(c)>>4, 16)) + strings.ToUpper(strconv.FormatUint(uint64(c)&15, 16)))
		}
	}
	b.WriteString(`"`)
	return b.String()
}

// blockLines returns, for a loaded function, each block's label line as
// llvm-dis prints it ("label:" and its preds comment), the entry block's
// only when it has a name.
func blockLines(f *ir.Function) []string {
	slot := 0
	names := map[*ir.Block]string{}
	for _, a := range f.Params {
		if a.Name == "" {
			slot++
		}
	}
	for _, b := range f.Blocks {
		if b.Name == "" {
			names[b] = strconv.Itoa(slot)
			slot++
		} else {
			names[b] = localName(b.Name)[1:]
		}
		for _, in := range b.Instrs {
			if in.Name == "" && in.Typ.Kind != ir.VoidType {
				slot++
			}
		}
	}
	var out []string
	for i, b := range f.Blocks {
		if i == 0 && b.Name == "" {
			continue
		}
		line := names[b] + ":"
		if len(b.Preds) > 0 {
			var ps []string
			for _, p := range b.Preds {
				ps = append(ps, "%"+names[p])
			}
			for len(line) < 50 {
				line += " "
			}
			line += "; preds = " + strings.Join(ps, ", ")
		} else if i > 0 {
			for len(line) < 50 {
				line += " "
			}
			line += "; No predecessors!"
		}
		out = append(out, line)
	}
	return out
}

var defineName = regexp.MustCompile(`^define .*?@("(?:[^"\\]|\\.)*"|[-a-zA-Z$._0-9]+)\(`)

// goldenBlocks parses the block label lines of each define of a .dis file.
func goldenBlocks(text string) map[string][]string {
	out := map[string][]string{}
	var cur string
	in := false
	for _, line := range strings.Split(text, "\n") {
		if m := defineName.FindStringSubmatch(line); m != nil {
			cur, in = strings.Trim(m[1], `"`), true
			out[cur] = []string{}
			continue
		}
		if in && line == "}" {
			in = false
			continue
		}
		if in && line != "" && line[0] != ' ' && line[0] != ';' && !strings.HasPrefix(line, "#") {
			out[cur] = append(out[cur], strings.TrimRight(line, " "))
		}
	}
	return out
}

// TestFixtures loads every fixture and compares block labels and
// predecessors with llvm-dis-22's goldens.
func TestFixtures(t *testing.T) {
	bcs := irfixtures.IR("../../testdata/ir")
	if len(bcs) == 0 {
		t.Skip("no fixtures")
	}
	funcs, blocks := 0, 0
	for _, bc := range bcs {
		data, err := os.ReadFile(bc)
		if err != nil {
			t.Fatal(err)
		}
		ms, rs, err := loadAll(data)
		if err != nil {
			t.Errorf("%s: %v", bc, err)
			continue
		}
		for _, r := range rs {
			for _, s := range r.Skipped() {
				t.Errorf("%s: skipped %s at bit %d", bc, s.Msg, s.Bit)
			}
		}
		for k, m := range ms {
			dis := strings.TrimSuffix(bc, ".bc") + ".dis"
			if len(ms) > 1 {
				dis = strings.TrimSuffix(bc, ".bc") + "." + strconv.Itoa(k) + ".dis"
			}
			text, err := os.ReadFile(dis)
			if err != nil {
				continue
			}
			gold := goldenBlocks(string(text))
			unnamed := map[*ir.Function]string{}
			n := 0
			for _, g := range m.Globals {
				if g.Name == "" {
					n++
				}
			}
			for _, f := range m.Functions {
				if f.Name == "" {
					unnamed[f] = strconv.Itoa(n)
					n++
				}
			}
			for _, f := range m.Functions {
				if !f.HasBody {
					continue
				}
				name := f.Name
				if name == "" {
					name = unnamed[f]
				}
				want, ok := gold[name]
				if !ok {
					t.Errorf("%s: no define of @%s in the golden", bc, f.Name)
					continue
				}
				got := blockLines(f)
				funcs++
				blocks += len(got)
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("%s: @%s blocks:\ngot:\n%s\nwant:\n%s", bc, f.Name, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}
		}
	}
	t.Logf("%d functions, %d labelled blocks compared", funcs, blocks)
}
