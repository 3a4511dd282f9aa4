package funcinfo

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bcextract/bcextract/internal/jsonstr"
)

// AppendJSON appends fn, a function of the module at container path, to b
// as one line of JSON Lines:
//
//	{"path", "name", ["demangled",] "linkage", "defined", "blocks", "instructions",
//	 "call_sites", "callees", "file", "line", "attrs", "hash"}
//
// "demangled" is there when demangled is not nil, holding *demangled;
// "hash" is "" for a declaration.
func AppendJSON(b []byte, path string, fn *Func, demangled *string) []byte {
	b = append(b, `{"path":`...)
	b = jsonstr.Append(b, path)
	b = append(b, `,"name":`...)
	b = jsonstr.Append(b, fn.Name)
	if demangled != nil {
		b = append(b, `,"demangled":`...)
		b = jsonstr.Append(b, *demangled)
	}
	b = append(b, `,"linkage":"`...)
	b = append(b, fn.Linkage.String()...)
	b = append(b, `","defined":`...)
	b = strconv.AppendBool(b, fn.Defined)
	b = append(b, `,"blocks":`...)
	b = strconv.AppendInt(b, int64(fn.Blocks), 10)
	b = append(b, `,"instructions":`...)
	b = strconv.AppendInt(b, int64(fn.Instructions), 10)
	b = append(b, `,"call_sites":`...)
	b = strconv.AppendInt(b, int64(fn.CallSites), 10)
	b = append(b, `,"callees":[`...)
	for i, c := range fn.Callees {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonstr.Append(b, c)
	}
	b = append(b, `],"file":`...)
	b = jsonstr.Append(b, fn.File)
	b = append(b, `,"line":`...)
	b = strconv.AppendUint(b, fn.Line, 10)
	b = append(b, `,"attrs":[`...)
	for i, a := range fn.Attrs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, a...)
		b = append(b, '"')
	}
	b = append(b, `],"hash":"`...)
	if fn.Defined {
		b = append(b, fn.Hash.String()...)
	}
	return append(b, "\"}\n"...)
}

// A Table writes functions as an aligned table, a row per function under
// the header
//
//	PATH  FUNCTION  LINKAGE  BLOCKS  INSTRS  CALLS  SOURCE  HASH  ATTRS  CALLEES
//
// where HASH is the first 16 hexadecimal digits of the structural hash,
// SOURCE is FILE:LINE (FILE alone without a line), and a column with nothing to say holds "-". The
// table is written by Flush, once every row is known, in the bytes a
// text/tabwriter.Writer (padding 2, padded with spaces) writes of it; the
// rows are held as their text only (a tabwriter holds several times
// more: 1.9 million rows took it 3.7 GB).
type Table struct {
	w      io.Writer
	chunks [][]byte // the rows, each ending in '\n', cells split by '\t'
	widths [tableColumns - 1]int
}

// tableColumns is the number of columns of a Table; the last is not
// padded.
const tableColumns = 10

// tableChunk is the size of the chunks a Table holds its rows in.
const tableChunk = 1 << 20

// NewTable returns a Table writing to w.
func NewTable(w io.Writer) *Table {
	t := &Table{w: w}
	t.addRow([]byte("PATH\tFUNCTION\tLINKAGE\tBLOCKS\tINSTRS\tCALLS\tSOURCE\tHASH\tATTRS\tCALLEES\n"))
	return t
}

// Add adds the row of fn, a function of the module at container path,
// showing it under name (fn.Name, or its demangled form).
func (t *Table) Add(path string, fn *Func, name string) {
	var b strings.Builder
	b.WriteString(cell(path))
	b.WriteByte('\t')
	b.WriteString(cell(name))
	b.WriteByte('\t')
	b.WriteString(fn.Linkage.String())
	if !fn.Defined {
		b.WriteString("\t-\t-\t-\t")
	} else {
		b.WriteByte('\t')
		b.WriteString(strconv.Itoa(fn.Blocks))
		b.WriteByte('\t')
		b.WriteString(strconv.Itoa(fn.Instructions))
		b.WriteByte('\t')
		b.WriteString(strconv.Itoa(fn.CallSites))
		b.WriteByte('\t')
	}
	switch {
	case fn.Line != 0:
		b.WriteString(cell(fn.File))
		b.WriteByte(':')
		b.WriteString(strconv.FormatUint(fn.Line, 10))
	default:
		b.WriteString(cell(fn.File))
	}
	b.WriteByte('\t')
	if fn.Defined {
		b.WriteString(fn.Hash.String()[:16])
	} else {
		b.WriteByte('-')
	}
	b.WriteByte('\t')
	list(&b, fn.Attrs)
	b.WriteByte('\t')
	list(&b, fn.Callees)
	b.WriteByte('\n')
	t.addRow([]byte(b.String()))
}

// addRow keeps row (tableColumns cells, which hold no tab or newline,
// and a newline) and widens the columns to its cells.
func (t *Table) addRow(row []byte) {
	n := len(t.chunks)
	if n == 0 || len(t.chunks[n-1])+len(row) > cap(t.chunks[n-1]) {
		t.chunks = append(t.chunks, make([]byte, 0, max(tableChunk, len(row))))
		n++
	}
	t.chunks[n-1] = append(t.chunks[n-1], row...)
	rest := row
	for i := range t.widths {
		j := bytes.IndexByte(rest, '\t')
		if j < 0 {
			break
		}
		if w := utf8.RuneCount(rest[:j]); w > t.widths[i] {
			t.widths[i] = w
		}
		rest = rest[j+1:]
	}
}

// Flush writes the table.
func (t *Table) Flush() error {
	var line []byte
	for _, c := range t.chunks {
		for len(c) > 0 {
			end := bytes.IndexByte(c, '\n')
			row := c[:end]
			c = c[end+1:]
			line = line[:0]
			for i := range t.widths {
				j := bytes.IndexByte(row, '\t')
				if j < 0 {
					break
				}
				line = append(line, row[:j]...)
				for pad := t.widths[i] + 2 - utf8.RuneCount(row[:j]); pad > 0; pad-- {
					line = append(line, ' ')
				}
				row = row[j+1:]
			}
			line = append(append(line, row...), '\n')
			if _, err := t.w.Write(line); err != nil {
				return err
			}
		}
	}
	t.chunks = nil
	return nil
}

// list writes the names comma-separated, or "-" for none.
func list(b *strings.Builder, names []string) {
	if len(names) == 0 {
		b.WriteByte('-')
		return
	}
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(cell(n))
	}
}

// cell returns s fit for a cell of the table: tabs, newlines and other
// control characters, which would break its lines and columns, are
// written as Go escapes; an empty s is "-".
func cell(s string) string {
	if s == "" {
		return "-"
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			q := strconv.Quote(s)
			return q[1 : len(q)-1]
		}
	}
	return s
}
