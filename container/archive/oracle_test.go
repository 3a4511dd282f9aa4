package archive

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLLVMAr builds archives with llvm-ar-22 in every format it writes and
// compares what Parse finds with what `llvm-ar-22 t` and `tvO` list and with
// the input files. It is skipped under -short or when llvm-ar-22 is missing.
func TestLLVMAr(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the llvm-ar-22 comparison in -short mode")
	}
	llvmAr, err := exec.LookPath("llvm-ar-22")
	if err != nil {
		t.Skip("llvm-ar-22 not found")
	}
	dir := t.TempDir()
	inputs := []struct{ path, data string }{
		{"a.o", "hello\n"},
		{"averyveryverylongname_member.o", "odd"},
		{"sp ace.o", "x y"},
		{"exactly16chars.o", "sixteen"},
		{"fifteen_chars.o", "fifteen!"},
		{"d/a.o", "dup-two!\n"},
		{"empty.o", ""},
	}
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	// An object file with symbols makes llvm-ar write a symbol table.
	if mc, err := exec.LookPath("llvm-mc-22"); err == nil {
		src := filepath.Join(dir, "sym.s")
		if err := os.WriteFile(src, []byte(".globl foo\nfoo: ret\n.globl bar\nbar: ret\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		run(t, dir, nil, mc, "-filetype=obj", "-triple=x86_64-linux-gnu", "-o", "sym.o", "sym.s")
		obj, err := os.ReadFile(filepath.Join(dir, "sym.o"))
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, struct{ path, data string }{"sym.o", string(obj)})
	} else {
		t.Log("llvm-mc-22 not found: archives without symbol tables")
	}
	var paths []string
	for _, in := range inputs {
		paths = append(paths, in.path)
		if in.path == "sym.o" {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, in.path), []byte(in.data), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	sym64 := []string{"SYM64_THRESHOLD=0"} // makes llvm-ar write /SYM64/ or __.SYMDEF_64
	tests := []struct {
		name string
		args []string
		env  []string
		kind Kind
	}{
		{"gnu", []string{"--format=gnu"}, nil, GNU},
		{"gnu-sym64", []string{"--format=gnu"}, sym64, GNU},
		{"bsd", []string{"--format=bsd"}, nil, BSD},
		{"darwin", []string{"--format=darwin"}, nil, BSD},
		{"darwin-sym64", []string{"--format=darwin"}, sym64, BSD},
		{"coff", []string{"--format=coff"}, nil, GNU},
		{"thin", []string{"--format=gnu", "--thin"}, nil, Thin},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := tt.name + ".a"
			run(t, dir, tt.env, llvmAr, append(append(tt.args, "qc", file), paths...)...)
			names := lines(run(t, dir, nil, llvmAr, "t", file))
			long := lines(run(t, dir, nil, llvmAr, "tvO", file))
			data, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			a, err := Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind != tt.kind {
				t.Errorf("kind %v; want %v", a.Kind, tt.kind)
			}
			if len(a.Members) != len(inputs) || len(names) != len(inputs) || len(long) != len(inputs) {
				t.Fatalf("%d members; llvm-ar lists %d (%d with tvO); %d inputs", len(a.Members), len(names), len(long), len(inputs))
			}
			for i, m := range a.Members {
				in := inputs[i]
				f := strings.Fields(long[i])
				size, _ := strconv.ParseInt(f[2], 10, 64)
				want := filepath.Base(in.path)
				if tt.kind == Thin {
					want = in.path
				}
				if m.Name != names[i] || m.Name != want || m.Index != i {
					t.Errorf("member %d: name %q, index %d; llvm-ar says %q, input %q", i, m.Name, m.Index, names[i], want)
				}
				// tv prints the date to the minute. Dates are 0 except in
				// Darwin archives, where llvm-ar makes the dates of
				// members with the same name differ (1, 2, …) for ld64.
				if m.Size != size || f[0] != "rw-r--r--" || m.Mode&0o777 != 0o644 || m.Uid != 0 || m.Gid != 0 || m.ModTime.Unix() < 0 || m.ModTime.Unix() >= 60 {
					t.Errorf("member %d: size %d mode %o uid %d gid %d date %d; llvm-ar says %q", i, m.Size, m.Mode, m.Uid, m.Gid, m.ModTime.Unix(), long[i])
				}
				if tt.kind == Thin {
					if m.Off != -1 || m.Data != nil || m.Size != int64(len(in.data)) {
						t.Errorf("thin member %d: Off %d, %d bytes of data, size %d; want -1, nil, %d", i, m.Off, len(m.Data), m.Size, len(in.data))
					}
					continue
				}
				off, err := strconv.ParseInt(f[len(f)-1], 0, 64)
				if err != nil || m.Off != off {
					t.Errorf("member %d: Off %#x; llvm-ar tvO says %s", i, m.Off, f[len(f)-1])
				}
				// Darwin pads member data with newlines to a multiple of 8.
				rest, ok := bytes.CutPrefix(m.Data, []byte(in.data))
				if !ok || len(bytes.Trim(rest, "\n")) != 0 || (len(rest) > 0 && tt.name[:3] != "dar") {
					t.Errorf("member %d: data %q; want %q", i, m.Data, in.data)
				}
			}
		})
	}
}

func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
