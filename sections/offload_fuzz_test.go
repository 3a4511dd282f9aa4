// Fuzzing of the OffloadBinary decoder, and its oracle tests: the fixtures,
// the hostile cases and random mutations read by llvm-objdump-22 --offloading
// (the mutations inside small ELF files). The oracle tests skip under -short
// or without the tool.

package sections

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func FuzzDecodeOffloading(f *testing.F) {
	f.Add(offloadReadFixture(f, "pkg.out"))
	f.Add(offloadSection(f, "host.o"))
	for _, c := range offloadCases() {
		f.Add(c.data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		bins, err := DecodeOffloading("s", data)
		end := offloadCheckBins(t, data, bins)
		if err == nil {
			if end != int64(len(data)) {
				t.Fatalf("no error, but the binaries end at %d of %d bytes", end, len(data))
			}
		} else if de := checkFuzzErr(t, err, "s", data); de.Off < end {
			t.Fatalf("error %v before the end (%d) of the last binary decoded", err, end)
		}
		bins2, err2 := DecodeOffloading("s", data)
		if !reflect.DeepEqual(bins, bins2) || !reflect.DeepEqual(err, err2) {
			t.Fatalf("second decode differs")
		}
		// Written again in LLVM's layout, each binary decodes to the same.
		for _, b := range bins {
			w := offloadWrite(offloadImage{
				kind: b.ImageKind, ofk: b.OffloadKind, flags: b.Flags, strs: b.Strings,
				image: data[b.ImageOff : b.ImageOff+b.ImageSize], padding: true,
			})
			rb, err := DecodeOffloading("s", w)
			if err != nil || len(rb) != 1 {
				t.Fatalf("rewritten %+v: %d binaries, %v", b, len(rb), err)
			}
			r := rb[0]
			if r.ImageKind != b.ImageKind || r.OffloadKind != b.OffloadKind || r.Flags != b.Flags ||
				!reflect.DeepEqual(r.Strings, b.Strings) ||
				!bytes.Equal(w[r.ImageOff:r.ImageOff+r.ImageSize], data[b.ImageOff:b.ImageOff+b.ImageSize]) {
				t.Fatalf("rewritten %+v decodes to %+v", b, r)
			}
		}
	})
}

// offloadCheckBins checks what must hold for any decoded binaries of data and
// returns where the last one ends.
func offloadCheckBins(t *testing.T, data []byte, bins []OffloadBinary) int64 {
	t.Helper()
	end := int64(0)
	for _, b := range bins {
		if b.Off != end || b.Size < offloadMinSize || b.Size > int64(len(data))-b.Off || b.Version != offloadVersion {
			t.Fatalf("binary %+v after %d in %d bytes", b, end, len(data))
		}
		end = b.Off + b.Size
		if b.ImageOff < b.Off || b.ImageSize < 0 || b.ImageSize > end-b.ImageOff {
			t.Fatalf("image outside the binary %+v", b)
		}
		bin := data[b.Off:end]
		for _, s := range b.Strings {
			if strings.IndexByte(s.Key, 0) >= 0 || strings.IndexByte(s.Value, 0) >= 0 ||
				!bytes.Contains(bin, []byte(s.Key)) || !bytes.Contains(bin, []byte(s.Value)) {
				t.Fatalf("string %q=%q is not a string of the binary %+v", s.Key, s.Value, b)
			}
		}
		if len(b.Strings) > len(bin)/offloadStrEntSize {
			t.Fatalf("%d strings in %d bytes", len(b.Strings), len(bin))
		}
	}
	return end
}

// offloadELF wraps sec as the .llvm.offloading section (SHT_LLVM_OFFLOADING,
// SHF_EXCLUDE, align 8) of an otherwise empty x86-64 ELF relocatable object.
func offloadELF(sec []byte) []byte {
	le := binary.LittleEndian
	shstr := "\x00.llvm.offloading\x00.shstrtab\x00"
	strOff := 64 + len(sec)
	shoff := (strOff + len(shstr) + 7) &^ 7
	b := []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00")
	b = le.AppendUint16(b, 1)  // ET_REL
	b = le.AppendUint16(b, 62) // EM_X86_64
	b = le.AppendUint32(b, 1)
	b = le.AppendUint64(b, 0) // entry
	b = le.AppendUint64(b, 0) // phoff
	b = le.AppendUint64(b, uint64(shoff))
	b = le.AppendUint32(b, 0)  // flags
	b = le.AppendUint16(b, 64) // ehsize
	b = le.AppendUint16(b, 0)  // phentsize
	b = le.AppendUint16(b, 0)  // phnum
	b = le.AppendUint16(b, 64) // shentsize
	b = le.AppendUint16(b, 3)  // shnum
	b = le.AppendUint16(b, 2)  // shstrndx
	b = append(append(b, sec...), shstr...)
	b = append(b, make([]byte, shoff-len(b))...)
	shdr := func(name, typ uint32, flags uint64, off, size int, align uint64) {
		b = le.AppendUint32(b, name)
		b = le.AppendUint32(b, typ)
		b = le.AppendUint64(b, flags)
		b = le.AppendUint64(b, 0) // addr
		b = le.AppendUint64(b, uint64(off))
		b = le.AppendUint64(b, uint64(size))
		b = le.AppendUint64(b, 0) // link, info
		b = le.AppendUint64(b, align)
		b = le.AppendUint64(b, 0) // entsize
	}
	shdr(0, 0, 0, 0, 0, 0)
	shdr(1, uint32(shtLLVMOffloading), 0x80000000, 64, len(sec), 8)
	shdr(18, 3, 0, strOff, len(shstr), 1) // SHT_STRTAB
	return b
}

// offloadObjdumpResult is what llvm-objdump-22 --offloading made of a file.
type offloadObjdumpResult struct {
	out     string // stdout after the "file format" line, if any
	errMsg  string // the reason after "while extracting offloading files: "
	crashed bool
}

func runOffloadObjdump(t *testing.T, tool, path string) offloadObjdumpResult {
	t.Helper()
	cmd := exec.Command(tool, "--offloading", path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	out := stdout.String()
	if i := strings.Index(out, "\tfile format "); i >= 0 {
		j := strings.IndexByte(out[i:], '\n')
		out = out[i+j+1:]
	}
	r := offloadObjdumpResult{out: out}
	const prefix = "': while extracting offloading files: "
	switch se := stderr.String(); {
	case strings.Contains(se, "Stack dump") || cmd.ProcessState.ExitCode() < 0:
		r.crashed = true
	case strings.Contains(se, prefix):
		r.errMsg = strings.TrimSuffix(se[strings.Index(se, prefix)+len(prefix):], "\n")
	case err != nil || se != "":
		t.Fatalf("%s --offloading %s: %v\n%s", tool, path, err, se)
	}
	return r
}

func offloadNeedTool(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("oracle test: skipped under -short")
	}
	p, err := exec.LookPath("llvm-objdump-22")
	if err != nil {
		t.Skip("llvm-objdump-22 not installed")
	}
	return p
}

// TestOffloadOracleFixtures compares the committed literals, and what
// DecodeOffloading gives printed the same way, with llvm-objdump-22.
func TestOffloadOracleFixtures(t *testing.T) {
	tool := offloadNeedTool(t)
	host := append(append([]OffloadBinary{}, offloadPkg...), offloadHostExtra)
	for _, tt := range []struct {
		file string
		data []byte
		want string
		bins []OffloadBinary
	}{
		{"pkg.out", offloadReadFixture(t, "pkg.out"), offloadObjdumpPkg, offloadPkg},
		{"host.o", offloadSection(t, "host.o"), offloadObjdumpPkg + offloadObjdumpHostExtra, host},
	} {
		r := runOffloadObjdump(t, tool, filepath.Join("testdata", "offload", tt.file))
		if r.errMsg != "" || r.crashed || r.out != tt.want {
			t.Errorf("%s: llvm-objdump-22 printed\n%s\nerror %q; the test has\n%s", tt.file, r.out, r.errMsg, tt.want)
		}
		bins, err := DecodeOffloading(tt.file, tt.data)
		if got := offloadObjdump(bins); err != nil || got != r.out {
			t.Errorf("%s: decoded %v\n%s", tt.file, err, got)
		}
	}
}

// TestOffloadOracleCases runs the hostile cases through llvm-objdump-22.
func TestOffloadOracleCases(t *testing.T) {
	needOracleAll(t)
	tool := offloadNeedTool(t)
	dir := t.TempDir()
	for i, tt := range offloadCases() {
		if tt.llvm == llvmUndefined {
			continue
		}
		path := filepath.Join(dir, strconv.Itoa(i)+".o")
		if err := os.WriteFile(path, offloadELF(tt.data), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runOffloadObjdump(t, tool, path)
		bins, _ := DecodeOffloading("s", tt.data)
		switch {
		case r.crashed:
			t.Errorf("%s: llvm-objdump-22 crashed", tt.name)
		case tt.llvm == llvmLenient:
			if r.errMsg != "" {
				t.Errorf("%s: llvm-objdump-22 says %q; the case says LLVM 22 does not check", tt.name, r.errMsg)
			}
		case r.errMsg != tt.msg:
			t.Errorf("%s: llvm-objdump-22 says %q, the case %q", tt.name, r.errMsg, tt.msg)
		case tt.msg == "" && r.out != offloadObjdump(bins):
			t.Errorf("%s: llvm-objdump-22 printed\n%s\nwe print\n%s", tt.name, r.out, offloadObjdump(bins))
		}
	}
}

// TestOffloadOracleMutations mutates fields of one or two binaries at random
// and compares with llvm-objdump-22. Where DecodeOffloading rejects what LLVM
// 22 does not check, LLVM's result is not compared (it may read outside the
// binary); everywhere else the error message or the whole output must match.
func TestOffloadOracleMutations(t *testing.T) {
	needOracleAll(t)
	tool := offloadNeedTool(t)
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(22, 1))
	base := offloadBase()
	pkg := offloadReadFixture(t, "pkg.out")
	// Byte offsets (in a binary laid out like offloadBase) and widths of the
	// fields to mutate.
	fields := []struct{ off, width int }{
		{4, 4}, {8, 8}, {16, 8}, {24, 8}, // header: version, size, entry offset and size
		{32, 2}, {34, 2}, {36, 4}, // entry: kinds, flags
		{40, 8}, {48, 8}, {56, 8}, {64, 8}, // string map, count, image offset, image size
		{72, 8}, {80, 8}, {88, 8}, {96, 8}, // string entries
	}
	values := []uint64{0, 1, 2, 6, 8, 24, 32, 39, 40, 64, 71, 72, 80, 104, 110, 112, 120, 131, 136, 140,
		143, 144, 145, 152, 184, 288, 2512, 1 << 32, 1 << 63, 1<<64 - 1}
	var compared, skipped int
	for i := range 120 {
		var data []byte
		switch i % 4 {
		case 0, 1:
			data = bytes.Clone(base)
		case 2:
			data = append(bytes.Clone(base), base...)
		case 3:
			data = bytes.Clone(pkg[:2512])
		}
		for range 1 + r.IntN(2) {
			at := 0
			if len(data) == 288 && r.IntN(2) == 1 {
				at = 144
			}
			fl := fields[r.IntN(len(fields))]
			v := values[r.IntN(len(values))]
			if r.IntN(4) == 0 {
				v = r.Uint64N(160)
			}
			switch fl.width {
			case 2:
				binary.LittleEndian.PutUint16(data[at+fl.off:], uint16(v))
			case 4:
				binary.LittleEndian.PutUint32(data[at+fl.off:], uint32(v))
			case 8:
				binary.LittleEndian.PutUint64(data[at+fl.off:], v)
			}
		}
		switch r.IntN(8) {
		case 0:
			data = data[:r.IntN(len(data))]
		case 1:
			data = append(data, make([]byte, r.IntN(80))...)
		}
		bins, err := DecodeOffloading("s", data)
		if err != nil && !offloadLLVMDefined(data, bins) {
			skipped++
			continue
		}
		path := filepath.Join(dir, "m.o")
		if err := os.WriteFile(path, offloadELF(data), 0o644); err != nil {
			t.Fatal(err)
		}
		res := runOffloadObjdump(t, tool, path)
		compared++
		var de *DecodeError
		switch {
		case res.crashed:
			t.Errorf("mutation %d (% x): llvm-objdump-22 crashed; we say %v", i, data, err)
		case err == nil && (res.errMsg != "" || res.out != offloadObjdump(bins)):
			t.Errorf("mutation %d (% x): llvm-objdump-22 printed\n%s\nerror %q; we print\n%s", i, data, res.out, res.errMsg, offloadObjdump(bins))
		case err != nil && (!errors.As(err, &de) || de.Msg != res.errMsg):
			t.Errorf("mutation %d (% x): llvm-objdump-22 says %q, we say %v", i, data, res.errMsg, err)
		}
	}
	t.Logf("%d mutations compared, %d beyond LLVM 22's checks", compared, skipped)
	if compared < 60 {
		t.Errorf("only %d of 120 mutations compared", compared)
	}
}

// offloadLLVMDefined reports whether LLVM 22's result for data is defined
// and should equal DecodeOffloading's, given the binaries bins decoded before
// an error. LLVM 22 parses a binary twice: in the rest of the section, and
// then in a copy of its Size bytes. Each parse makes the header checks and
// then reads the string map unchecked. So its result is undefined when the
// first parse's checks pass but its string map or a key or value lies past
// the end of the section, and it is lenient (it prints the binary) when both
// parses' checks pass but one of DecodeOffloading's own checks fails.
func offloadLLVMDefined(data []byte, bins []OffloadBinary) bool {
	off := 0
	if n := len(bins); n > 0 {
		off = int(bins[n-1].Off + bins[n-1].Size)
	}
	e, err := checkOffloadHeader("s", data, off, len(data), off)
	if err != nil {
		return true
	}
	rest := uint64(len(data) - off)
	ent := readOffloadEntry(data, e)
	if ent.numStr > (rest-ent.strOff)/offloadStrEntSize {
		return false
	}
	for i := range int(ent.numStr) {
		p := off + int(ent.strOff) + i*offloadStrEntSize
		if binary.LittleEndian.Uint64(data[p:]) >= rest || binary.LittleEndian.Uint64(data[p+8:]) >= rest {
			return false
		}
	}
	size := int(binary.LittleEndian.Uint64(data[off+8:]))
	_, err = checkOffloadHeader("s", data, off, off+size, off+8)
	return err != nil
}
