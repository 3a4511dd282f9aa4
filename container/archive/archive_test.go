package archive

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/blakesmith/ar"
)

// hdr formats a 60-byte member header; each field is padded with spaces to
// its width (and must fit in it).
func hdr(name, date, uid, gid, mode, size string) string {
	var b strings.Builder
	for _, f := range []struct {
		s string
		w int
	}{{name, 16}, {date, 12}, {uid, 6}, {gid, 6}, {mode, 8}, {size, 10}} {
		if len(f.s) > f.w {
			panic("hdr: field " + f.s + " too wide")
		}
		b.WriteString(f.s + strings.Repeat(" ", f.w-len(f.s)))
	}
	b.WriteString("`\n")
	return b.String()
}

// builder makes archives in memory: regular members through blakesmith's
// ar.Writer, everything it cannot write (symbol tables with mode "0", long
// name tables, BSD names, thin members) as raw bytes.
type builder struct {
	buf bytes.Buffer
	w   *ar.Writer
}

func newBuilder(magic string) *builder {
	b := &builder{}
	b.buf.WriteString(magic)
	b.w = ar.NewWriter(&b.buf)
	return b
}

var testTime = time.Unix(1700000000, 0).UTC()

// member writes a member with ar.Writer: date 1700000000, uid 1000, gid 100,
// mode field "100644" (the Writer prefixes "100"), and a pad byte if needed.
func (b *builder) member(name, data string) *builder {
	h := ar.Header{Name: name, ModTime: testTime, Uid: 1000, Gid: 100, Mode: 0644, Size: int64(len(data))}
	if err := b.w.WriteHeader(&h); err != nil {
		panic(err)
	}
	if _, err := b.w.Write([]byte(data)); err != nil {
		panic(err)
	}
	return b
}

// raw writes a header with all-zero fields except the name and size, the
// data, and a '\n' pad byte if the data has odd length and pad is set.
func (b *builder) raw(name, data string, pad bool) *builder {
	b.buf.WriteString(hdr(name, "0", "0", "0", "0", itoa(len(data))))
	b.buf.WriteString(data)
	if pad && len(data)%2 != 0 {
		b.buf.WriteByte('\n')
	}
	return b
}

func (b *builder) bytes() []byte { return bytes.Clone(b.buf.Bytes()) }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

// The fixtures. Offsets in the comments are checked by the tests.

// gnuArchive: a GNU archive with a "/" symbol table (mode "0"), a "//" name
// table of odd length, a duplicate short name, an odd-sized member and an
// empty one.
//
//	0    "!<arch>\n"
//	8    "/"   data 68..76
//	76   "//"  data 136..185, pad
//	186  "a.o/"  data 246..252 "hello\n"
//	252  "/0"    data 312..315 "odd", pad
//	316  "a.o/"  data 376..380 "dup!"
//	380  "/27"   data 440..440 ""
func gnuArchive() []byte {
	return newBuilder(Magic).
		raw("/", "\x00\x00\x00\x01\x00\x00\x00\x00", true).
		raw("//", "a-very-long-member-name.o/\nanother-long-name.bc/\n", true).
		member("a.o/", "hello\n").
		member("/0", "odd").
		member("a.o/", "dup!").
		member("/27", "").
		bytes()
}

// bsdArchive: a Darwin-style archive with a "#1/12" __.SYMDEF, a NUL-padded
// "#1/N" name, a short name, a name with a space, and an odd last member
// with no pad byte.
//
//	0    "!<arch>\n"
//	8    "#1/12" "__.SYMDEF\0\0\0" + 8 bytes, data 68..88
//	88   "#1/28" name 148..176, data 176..182 "hello\n"
//	182  "short.o" data 242..245 "odd", pad
//	246  "#1/8"  name 306..314 "x y.o\0\0\0", data 314..317 "dup", no pad
func bsdArchive() []byte {
	return newBuilder(Magic).
		raw("#1/12", "__.SYMDEF\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", true).
		member("#1/28", "a-very-long-member-name.o\x00\x00\x00hello\n").
		member("short.o", "odd").
		raw("#1/8", "x y.o\x00\x00\x00dup", false).
		bytes()
}

// thinArchive: a thin archive with a symbol table, a "//" table and three
// members, two of them with the same name.
//
//	0    "!<thin>\n"
//	8    "/"  data 68..72
//	72   "//" data 132..161, pad
//	162  "/0"  size 1234
//	222  "/24" size 7
//	282  "/0"  size 1234
func thinArchive() []byte {
	b := newBuilder(ThinMagic).
		raw("/", "\x00\x00\x00\x00", true).
		raw("//", "dir/a-very-long-name.o/\nb.o/\n", true)
	b.buf.WriteString(hdr("/0", "0", "0", "0", "644", "1234"))
	b.buf.WriteString(hdr("/24", "0", "0", "0", "644", "7"))
	b.buf.WriteString(hdr("/0", "0", "0", "0", "644", "1234"))
	return b.bytes()
}

// coffArchive: a COFF import library: two "/" members, a "//" table with
// NUL-terminated names, a "/<ECSYMBOLS>/" member, and an odd last member
// with no pad byte.
//
//	0    "!<arch>\n"
//	8    "/"  data 68..72
//	72   "/"  data 132..138
//	138  "//" data 198..224
//	224  "/<ECSYMBOLS>/" data 284..286
//	286  "/0"     data 346..348 "MZ"
//	348  "b.obj/" data 408..409 "x", no pad
func coffArchive() []byte {
	return newBuilder(Magic).
		raw("/", "\x00\x00\x00\x00", true).
		raw("/", "\x01\x00\x00\x00\x00\x00", true).
		raw("//", "long-coff-member-name.obj\x00", true).
		raw("/<ECSYMBOLS>/", "\x00\x00", true).
		member("/0", "MZ").
		raw("b.obj/", "x", false).
		bytes()
}

func TestParse(t *testing.T) {
	gnu, bsd, thin, coff := gnuArchive(), bsdArchive(), thinArchive(), coffArchive()
	reg := func(name string, index int, hoff, off int64, data []byte) Member {
		return Member{
			Header: ar.Header{Name: name, ModTime: testTime, Uid: 1000, Gid: 100, Mode: 0100644, Size: int64(len(data))},
			Index:  index, HeaderOff: hoff, Off: off, Data: data,
		}
	}
	zero := func(name string, index int, hoff, off int64, data []byte) Member {
		return Member{
			Header: ar.Header{Name: name, ModTime: time.Unix(0, 0).UTC(), Size: int64(len(data))},
			Index:  index, HeaderOff: hoff, Off: off, Data: data,
		}
	}
	thinMember := func(name string, index int, hoff, size int64) Member {
		return Member{
			Header: ar.Header{Name: name, ModTime: time.Unix(0, 0).UTC(), Mode: 0644, Size: size},
			Index:  index, HeaderOff: hoff, Off: -1,
		}
	}
	tests := []struct {
		name string
		data []byte
		want Archive
	}{
		{"gnu", gnu, Archive{GNU, []Member{
			reg("a.o", 0, 186, 246, gnu[246:252]),
			reg("a-very-long-member-name.o", 1, 252, 312, gnu[312:315]),
			reg("a.o", 2, 316, 376, gnu[376:380]),
			reg("another-long-name.bc", 3, 380, 440, gnu[440:440]),
		}}},
		{"bsd", bsd, Archive{BSD, []Member{
			reg("a-very-long-member-name.o", 0, 88, 176, bsd[176:182]),
			reg("short.o", 1, 182, 242, bsd[242:245]),
			zero("x y.o", 2, 246, 314, bsd[314:317]),
		}}},
		{"thin", thin, Archive{Thin, []Member{
			thinMember("dir/a-very-long-name.o", 0, 162, 1234),
			thinMember("b.o", 1, 222, 7),
			thinMember("dir/a-very-long-name.o", 2, 282, 1234),
		}}},
		{"coff", coff, Archive{GNU, []Member{
			reg("long-coff-member-name.obj", 0, 286, 346, coff[346:348]),
			zero("b.obj", 1, 348, 408, coff[408:409]),
		}}},
		{"empty", []byte(Magic), Archive{GNU, nil}},
		{"empty thin", []byte(ThinMagic), Archive{Thin, nil}},
		{"gnu without special members", newBuilder(Magic).member("x.o/", "1").member("y", "22").member("a b.o/", "3").bytes(), Archive{GNU, []Member{
			reg("x.o", 0, 8, 68, []byte("1")),
			reg("y", 1, 70, 130, []byte("22")), // no '/': trailing spaces trimmed
			reg("a b.o", 2, 132, 192, []byte("3")),
		}}},
		{"short __.SYMDEF SORTED", newBuilder(Magic).raw("__.SYMDEF SORTED", "\x00\x00\x00\x00", true).member("a b.o", "z").bytes(), Archive{BSD, []Member{
			reg("a", 0, 72, 132, []byte("z")), // BSD short names end at a space, as in LLVM
		}}},
		{"__.SYMDEF not first", newBuilder(Magic).member("a.o", "z").member("__.SYMDEF", "zz").bytes(), Archive{GNU, []Member{
			reg("a.o", 0, 8, 68, []byte("z")),
			reg("__.SYMDEF", 1, 70, 130, []byte("zz")),
		}}},
		{"/SYM64/ and blank fields", []byte(Magic + hdr("/SYM64/", "", "", "", "", "2") + "\x00\x00" +
			hdr("a.o/", "", "", "", "", "0")), Archive{GNU, []Member{
			{Header: ar.Header{Name: "a.o", ModTime: time.Unix(0, 0).UTC()}, HeaderOff: 70, Off: 130, Data: []byte{}},
		}}},
		{"name table entries ending in \\n only", newBuilder(Magic).raw("//", "long-name-without-slash.o\n", true).member("/0", "q").bytes(), Archive{GNU, []Member{
			reg("long-name-without-slash.o", 0, 94, 154, []byte("q")),
		}}},
		{"two name tables", newBuilder(Magic).raw("//", "first-long-name.o/\n", true).member("/0", "1").
			raw("//", "second-long-name.o/\n", true).member("/0", "2").bytes(), Archive{GNU, []Member{
			reg("first-long-name.o", 0, 88, 148, []byte("1")),
			reg("second-long-name.o", 1, 230, 290, []byte("2")),
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Parse(tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind != tt.want.Kind || len(a.Members) != len(tt.want.Members) {
				t.Fatalf("kind %v, %d members; want %v, %d", a.Kind, len(a.Members), tt.want.Kind, len(tt.want.Members))
			}
			for i, m := range a.Members {
				w := tt.want.Members[i]
				if !m.ModTime.Equal(w.ModTime) || m.ModTime.Location() != time.UTC {
					t.Errorf("member %d: ModTime %v; want %v", i, m.ModTime, w.ModTime)
				}
				m.ModTime, w.ModTime = time.Time{}, time.Time{}
				if (m.Data == nil) != (w.Data == nil) || !bytes.Equal(m.Data, w.Data) {
					t.Errorf("member %d: Data %q; want %q", i, m.Data, w.Data)
				}
				if m.Data != nil && (cap(m.Data) != len(m.Data) || len(m.Data) > 0 && &m.Data[0] != &tt.data[m.Off]) {
					t.Errorf("member %d: Data does not alias data[%d:] with cap = len", i, m.Off)
				}
				m.Data, w.Data = nil, nil
				if !reflect.DeepEqual(m, w) {
					t.Errorf("member %d:\n got %+v\nwant %+v", i, m, w)
				}
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	gnu := gnuArchive()
	set := func(b []byte, off int, s string) []byte {
		b = bytes.Clone(b)
		copy(b[off:], s)
		return b
	}
	one := func(h string, data string) []byte { return []byte(Magic + h + data) }
	tests := []struct {
		name string
		data []byte
		off  int64
		msg  string
	}{
		{"no magic", []byte("!<arch>"), 0, `not an ar archive: no "!<arch>\n" or "!<thin>\n" global header`},
		{"wrong magic", []byte("!<arch>\r"), 0, `not an ar archive: no "!<arch>\n" or "!<thin>\n" global header`},
		{"terminator", set(gnu, 186+58, "`\r"), 186, "invalid member header terminator \"`\\r\""},
		{"date", set(gnu, 186+16, "17000000x0"), 186, `invalid date field "17000000x0  " in member header`},
		{"uid sign", set(gnu, 186+28, "-1  "), 186, `invalid uid field "-1    " in member header`},
		{"gid leading space", set(gnu, 186+34, " 100"), 186, `invalid gid field " 100  " in member header`},
		{"mode not octal", set(gnu, 186+40, "100648"), 186, `invalid mode field "100648  " in member header`},
		{"size blank", set(gnu, 186+48, "          "), 186, `invalid size field "          " in member header`},
		{"size embedded space", set(gnu, 186+48, "1 2"), 186, `invalid size field "1 2       " in member header`},
		{"size sign", set(gnu, 186+48, "+6"), 186, `invalid size field "+6        " in member header`},
		{"size hex", set(gnu, 186+48, "0x6"), 186, `invalid size field "0x6       " in member header`},
		{"size past end", set(gnu, 380+48, "1"), 380, `member "another-long-name.bc": size 1 extends past end of file (440 bytes)`},
		{"huge size", one(hdr("a.o/", "0", "0", "0", "644", "9999999999"), "abc"), 8,
			`member "a.o": size 9999999999 extends past end of file (71 bytes)`},
		{"symbol table past end", one(hdr("/", "0", "0", "0", "0", "100"), "abc"), 8, `member "/": size 100 extends past end of file (71 bytes)`},
		{"name table past end", one(hdr("//", "0", "0", "0", "0", "100"), "abc"), 8, `member "//": size 100 extends past end of file (71 bytes)`},
		{"long name offset past table", set(gnu, 380, "/49 "), 380, `long name offset 49 past end of name table (49 bytes)`},
		{"long name offset huge", set(gnu, 380, "/99999999999999"), 380, `long name offset 99999999999999 past end of name table (49 bytes)`},
		{"long name without table", one(hdr("/0", "0", "0", "0", "644", "1"), "x"), 8, `long name reference "/0" without a "//" name table`},
		{"long name not decimal", set(gnu, 380, "/2x "), 380, `invalid long name reference "/2x"`},
		{"unknown special member", one(hdr("/<FOO>/", "0", "0", "0", "0", "0"), ""), 8, `invalid long name reference "/<FOO>/"`},
		{"long name not terminated", newBuilder(Magic).raw("//", "abc/", true).member("/1", "x").bytes(), 72,
			`long name at offset 1 of name table not terminated`},
		{"truncated header", gnu[:len(gnu)-30], 380, `truncated member header: 30 of 60 bytes`},
		{"trailing newline", append(bytes.Clone(gnu), '\n'), 440, `truncated member header: 1 of 60 bytes`},
		{"missing pad byte before a header", append(newBuilder(Magic).raw("a.o/", "odd", false).bytes(),
			hdr("b.o/", "0", "0", "0", "644", "0")+hdr("c.o/", "0", "0", "0", "644", "0")...), 72,
			"invalid member header terminator \"\\nc\""},
		{"BSD name longer than size", one(hdr("#1/20", "0", "0", "0", "644", "10"), "0123456789"), 8, `BSD long name length 20 exceeds member size 10`},
		{"BSD name length not decimal", one(hdr("#1/1a", "0", "0", "0", "644", "2"), "ab"), 8, `invalid BSD long name length in name field "#1/1a           "`},
		{"BSD name length empty", one(hdr("#1/", "0", "0", "0", "644", "2"), "ab"), 8, `invalid BSD long name length in name field "#1/             "`},
		{"BSD name past end", one(hdr("#1/20", "0", "0", "0", "644", "30"), "0123456789"), 8, `member "#1/20": size 30 extends past end of file (78 bytes)`},
		{"BSD name in thin archive", []byte(ThinMagic + hdr("#1/4", "0", "0", "0", "644", "8")), 8, `BSD long name "#1/4" in a thin archive`},
		{"thin long name without table", []byte(ThinMagic + hdr("/0", "0", "0", "0", "644", "8")), 8, `long name reference "/0" without a "//" name table`},
		{"thin truncated", thinArchive()[:300], 282, `truncated member header: 18 of 60 bytes`},
		{"__.SYMDEF past end", one(hdr("__.SYMDEF", "0", "0", "0", "644", "8"), "ab"), 8, `member "__.SYMDEF": size 8 extends past end of file (70 bytes)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Parse(tt.data)
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("Parse = %+v, %v; want a *FormatError", a, err)
			}
			// The members before the bad header come back with the error.
			for _, m := range members(a) {
				if m.HeaderOff >= fe.Off {
					t.Errorf("member %q at %d, at or after the error at %d", m.Name, m.HeaderOff, fe.Off)
				}
			}
			if fe.Off != tt.off || fe.Msg != tt.msg {
				t.Errorf("error at %d: %s\nwant at %d: %s", fe.Off, fe.Msg, tt.off, tt.msg)
			}
		})
	}
}

func members(a *Archive) []Member {
	if a == nil {
		return nil
	}
	return a.Members
}

func TestFormatError(t *testing.T) {
	err := &FormatError{0x1be, "truncated member header: 30 of 60 bytes"}
	if got, want := err.Error(), "truncated member header: 30 of 60 bytes at byte 0x1be"; got != want {
		t.Errorf("Error() = %q; want %q", got, want)
	}
}

// TestTruncated parses every prefix of each fixture: each gives an archive or
// a *FormatError at an offset inside the prefix, and a prefix that ends at a
// member boundary gives the members before it.
func TestTruncated(t *testing.T) {
	for name, data := range fixtures() {
		full, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for n := range len(data) {
			a, err := Parse(data[:n])
			if err != nil {
				var fe *FormatError
				if !errors.As(err, &fe) || fe.Off > int64(n) || fe.Off < 0 {
					t.Errorf("%s[:%d]: error %v", name, n, err)
				}
				if a == nil {
					if n >= len(Magic) {
						t.Errorf("%s[:%d]: no members with the error", name, n)
					}
					continue
				}
			}
			if len(a.Members) > len(full.Members) {
				t.Errorf("%s[:%d]: %d members, more than the whole archive", name, n, len(a.Members))
				continue
			}
			for i, m := range a.Members {
				f := full.Members[i]
				if m.Name != f.Name || m.HeaderOff != f.HeaderOff || m.Off != f.Off || m.Size != f.Size {
					t.Errorf("%s[:%d]: member %d = %q at %d; want %q at %d", name, n, i, m.Name, m.HeaderOff, f.Name, f.HeaderOff)
				}
			}
		}
	}
}

func fixtures() map[string][]byte {
	return map[string][]byte{
		"gnu":  gnuArchive(),
		"bsd":  bsdArchive(),
		"thin": thinArchive(),
		"coff": coffArchive(),
	}
}

// TestManyLongNames points many headers into one long name table entry: the
// names share the table's bytes, and each lookup is bounded.
func TestManyLongNames(t *testing.T) {
	const n = 2000
	long := strings.Repeat("x", 1<<16)
	b := newBuilder(ThinMagic).raw("//", long+"/\n", true)
	for i := range n {
		b.buf.WriteString(hdr("/"+itoa(i*7), "0", "0", "0", "644", "1"))
	}
	a, err := Parse(b.bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Members) != n {
		t.Fatalf("%d members; want %d", len(a.Members), n)
	}
	for i, m := range a.Members {
		if m.Name != long[i*7:] {
			t.Fatalf("member %d: name of %d bytes; want %d", i, len(m.Name), len(long)-i*7)
		}
	}
	allocs := testing.AllocsPerRun(5, func() { Parse(b.buf.Bytes()) })
	if allocs > 10 {
		t.Errorf("%v allocations to parse %d long names; want them to share one copy of the table", allocs, n)
	}
}

func TestIsArchive(t *testing.T) {
	tests := []struct {
		data string
		want bool
	}{
		{"!<arch>\n", true},
		{"!<thin>\nxyz", true},
		{"!<arch>", false},
		{"<bigaf>\n", false},
		{"", false},
		{"\x7fELF", false},
	}
	for _, tt := range tests {
		if got := IsArchive([]byte(tt.data)); got != tt.want {
			t.Errorf("IsArchive(%q) = %v; want %v", tt.data, got, tt.want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{GNU: "gnu", BSD: "bsd", Thin: "thin", 7: "Kind(7)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q; want %q", uint8(k), got, want)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	// 1000 members of 1 KiB with long names, a symbol table and a name table.
	bld := newBuilder(Magic).raw("/", strings.Repeat("\x00", 4096), true)
	var tab strings.Builder
	for i := range 1000 {
		tab.WriteString("member-with-a-long-name-" + itoa(i) + ".o/\n")
	}
	bld.raw("//", tab.String(), true)
	off := 0
	data := strings.Repeat("z", 1024)
	for i := range 1000 {
		bld.member("/"+itoa(off), data)
		off += len("member-with-a-long-name-" + itoa(i) + ".o/\n")
	}
	input := bld.bytes()
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	for b.Loop() {
		a, err := Parse(input)
		if err != nil || len(a.Members) != 1000 || a.Members[999].Name != "member-with-a-long-name-999.o" {
			b.Fatalf("Parse: %v", err)
		}
	}
}
