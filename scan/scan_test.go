package scan

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/mmap"
	"github.com/bcextract/bcextract/scan/scantest"
)

// allKinds is every payload kind.
var allKinds = map[container.Kind]bool{
	container.KindBitcode: true, container.KindLTO: true, container.KindCmdline: true, container.KindBundle: true,
	container.KindMarker: true, container.KindOffload: true, container.KindExtension: true,
}

// key identifies a payload in comparisons.
func key(file, path string, k container.Kind, size int64, sum [32]byte) string {
	return fmt.Sprintf("%s|%s|%s|%d|%x", file, path, k, size, sum)
}

// collect runs s over paths and returns the results in delivery order.
func collect(t *testing.T, s *Scanner, paths ...string) ([]*Result, Stats) {
	t.Helper()
	var rs []*Result
	st, err := s.Scan(context.Background(), paths, func(r *Result) error {
		rs = append(rs, r)
		return nil
	})
	if err != nil {
		t.Fatalf("Scan: %v", err)
	}
	return rs, st
}

func payloadKeys(rs []*Result) []string {
	var keys []string
	for _, r := range rs {
		for _, p := range r.Payloads {
			keys = append(keys, key(p.File, p.Path, p.Kind, p.Size, p.SHA256))
		}
	}
	slices.Sort(keys)
	return keys
}

// listKeys walks every regular file below root (no symbolic link
// followed) with a container.Walker on its own, as 'bcextract list' does.
func listKeys(t *testing.T, root string) []string {
	t.Helper()
	var keys []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		m, err := mmap.Open(path)
		if err != nil {
			return err
		}
		defer m.Close()
		if container.Detect(m.Bytes) == container.Unknown {
			return nil
		}
		var w container.Walker
		defer w.Close()
		w.Walk(path, m.Bytes, func(p *container.Payload) error {
			keys = append(keys, key(p.File, p.Path, p.Kind, int64(len(p.Data)), sha256.Sum256(p.Data)))
			return nil
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(keys)
	return keys
}

func TestScanMatchesList(t *testing.T) {
	tr := scantest.Build(t, "../testdata")
	want := listKeys(t, tr.Root)
	rs, st := collect(t, &Scanner{Jobs: 3, Kinds: allKinds}, tr.Root)
	got := payloadKeys(rs)
	if !slices.Equal(got, want) {
		t.Errorf("scan found %d payloads, the walker on each file %d", len(got), len(want))
		for _, d := range diff(got, want) {
			t.Log(d)
		}
	}
	if len(want) < 150 {
		t.Errorf("only %d payloads in the tree", len(want))
	}
	var rlibPayloads int
	for _, k := range got {
		if strings.Contains(k, ".rlib(") {
			rlibPayloads++
		}
	}
	if tr.Rlibs > 0 && rlibPayloads == 0 {
		t.Errorf("no payload found in the %d rlibs", tr.Rlibs)
	}
	// Every malformed fixture is reported, with the file and a container
	// path; the files beside it are still scanned.
	failed := map[string]bool{}
	for _, r := range rs {
		for _, e := range r.Errors {
			if e.File == "" || !strings.HasPrefix(e.Path, r.File) {
				t.Errorf("error %v: file %q, path %q, in result of %s", e, e.File, e.Path, r.File)
			}
			failed[strings.TrimPrefix(filepath.ToSlash(r.File), filepath.ToSlash(tr.Root)+"/")] = true
		}
	}
	for _, m := range tr.Malformed {
		if !failed[m] {
			t.Errorf("no error reported for %s", m)
		}
	}
	if failed["notes/readme.txt"] || failed["notes/short"] || failed["notes/empty"] {
		t.Errorf("files that are not objects reported as errors: %v", failed)
	}
	if st.Failed != int64(len(failed)) || st.Errors == 0 {
		t.Errorf("stats: %d failed, %d errors; %d files had errors", st.Failed, st.Errors, len(failed))
	}
	if st.Symlinks != 4 || st.Special != 1 || st.Files != int64(len(rs)) || st.Skipped == 0 || st.Objects == 0 ||
		st.Files != st.Skipped+st.Objects+countFailedUnwalked(rs) {
		t.Errorf("stats %+v", st)
	}
}

// countFailedUnwalked counts the failed results that are neither skipped
// nor walked: files that could not be read.
func countFailedUnwalked(rs []*Result) int64 {
	var n int64
	for _, r := range rs {
		if len(r.Errors) > 0 && r.Format == container.Unknown {
			n++
		}
	}
	return n
}

// diff lists the keys in one sorted list and not in the other.
func diff(got, want []string) []string {
	var out []string
	for _, g := range got {
		if _, ok := slices.BinarySearch(want, g); !ok {
			out = append(out, "extra:   "+g)
		}
	}
	for _, w := range want {
		if _, ok := slices.BinarySearch(got, w); !ok {
			out = append(out, "missing: "+w)
		}
	}
	return out
}

func TestScanShards(t *testing.T) {
	tr := scantest.Build(t, "../testdata")
	all, _ := collect(t, &Scanner{Kinds: allKinds}, tr.Root)
	full := payloadKeys(all)
	for _, n := range []int{2, 3, 5} {
		var union []string
		files := map[string]int{}
		for i := range n {
			rs, st := collect(t, &Scanner{Kinds: allKinds, Shard: i, Shards: n}, tr.Root)
			for _, r := range rs {
				files[r.File]++
				rel, _ := filepath.Rel(tr.Root, r.File)
				if got := ShardOf(rel, n); got != i {
					t.Errorf("%s (shard %d of %d) scanned in shard %d", r.File, got, n, i)
				}
			}
			if st.Files+st.OtherShard != int64(len(all)) {
				t.Errorf("shard %d/%d: %d files + %d of other shards; want %d in all", i, n, st.Files, st.OtherShard, len(all))
			}
			union = append(union, payloadKeys(rs)...)
		}
		slices.Sort(union)
		if !slices.Equal(union, full) {
			t.Errorf("%d shards: %d payloads in all, %d unsharded", n, len(union), len(full))
		}
		for f, c := range files {
			if c != 1 {
				t.Errorf("%d shards: %s scanned %d times", n, f, c)
			}
		}
		if len(files) != len(all) {
			t.Errorf("%d shards: %d files, %d unsharded", n, len(files), len(all))
		}
	}
}

// TestShardOf pins the hash: shards must agree across machines and
// versions.
func TestShardOf(t *testing.T) {
	tests := []struct {
		rel  string
		n    int
		want int
	}{
		{"", 7, int(14695981039346656037 % 7)}, // FNV-1a 64 offset basis
		{"a", 1 << 30, int(0xaf63dc4c8601ec8c % (1 << 30))},
		{"lib/libfoo.a", 1, 0},
		{"lib/libfoo.a", 0, 0},
	}
	for _, tt := range tests {
		if got := ShardOf(tt.rel, tt.n); got != tt.want {
			t.Errorf("ShardOf(%q, %d) = %d; want %d", tt.rel, tt.n, got, tt.want)
		}
	}
}

// render prints results as a consumer would, to compare runs.
func render(rs []*Result) string {
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, "%s %d %v\n", r.File, r.Size, r.Format)
		for _, p := range r.Payloads {
			fmt.Fprintf(&b, "\t%s %s %d %x %s %s %s %q\n", p.Path, p.Kind, p.Size, p.SHA256, p.Producer, p.Triple, p.SourceFilename, p.Cmdline)
		}
		for _, e := range r.Errors {
			fmt.Fprintf(&b, "\terror %v\n", e)
		}
	}
	return b.String()
}

func TestScanSorted(t *testing.T) {
	tr := scantest.Build(t, "../testdata")
	one, _ := collect(t, &Scanner{Jobs: 1, Sorted: true}, tr.Root, filepath.Join(tr.Root, "containers", "prog"))
	many, _ := collect(t, &Scanner{Jobs: 8, Sorted: true}, tr.Root, filepath.Join(tr.Root, "containers", "prog"))
	if a, b := render(one), render(many); a != b {
		t.Errorf("sorted output differs between 1 and 8 jobs:\n%s\n----\n%s", a, b)
	}
	// Walk order: directories depth first, entries in lexical order, then
	// the next path.
	var files []string
	for _, r := range one {
		files = append(files, r.File)
	}
	var want []string
	filepath.WalkDir(tr.Root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			want = append(want, path)
		}
		return nil
	})
	want = append(want, filepath.Join(tr.Root, "containers", "prog"))
	if !slices.Equal(files, want) {
		t.Errorf("files in order\n%q\nwant\n%q", files, want)
	}
}

func TestScanSymlinks(t *testing.T) {
	tr := scantest.Build(t, "../testdata")
	link := filepath.Join(tr.Root, tr.Link)
	tests := []struct {
		name     string
		follow   bool
		paths    []string
		wantLink bool // the linked fixture is scanned under the link's name
		symlinks int64
		repeated int64
	}{
		{"default", false, []string{tr.Root}, false, 4, 0},
		// loop/self and loop/sub/up lead back to loop: walked once. The
		// dangling link is passed over.
		{"follow", true, []string{tr.Root}, true, 1, 2},
		// A link given as a path is followed.
		{"path", false, []string{link}, true, 0, 0},
		{"loop only", true, []string{filepath.Join(tr.Root, tr.LoopDir)}, false, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs, st := collect(t, &Scanner{FollowSymlinks: tt.follow}, tt.paths...)
			found := false
			for _, r := range rs {
				if r.File == link && len(r.Payloads) == 2 {
					found = true
				}
			}
			if found != tt.wantLink || st.Symlinks != tt.symlinks || st.RepeatedDirs != tt.repeated {
				t.Errorf("link scanned %v (want %v), stats %+v", found, tt.wantLink, st)
			}
		})
	}
}

func TestScanUnreadable(t *testing.T) {
	tr := scantest.Build(t, "../testdata")
	gone := filepath.Join(tr.Root, "containers", "prog")
	s := &Scanner{Sorted: true, readPrefix: func(name string, buf []byte) (int, int64, error) {
		if name == gone {
			// Removed between the walk and the open.
			os.Remove(name)
		}
		return readPrefix(name, buf)
	}}
	rs, st := collect(t, s, filepath.Join(tr.Root, "containers"), filepath.Join(tr.Root, "nonexistent"))
	var errs []string
	payloads := 0
	for _, r := range rs {
		for _, e := range r.Errors {
			if r.File == gone || r.Dir {
				errs = append(errs, e.Error())
			}
		}
		payloads += len(r.Payloads)
	}
	want := []string{
		gone + ": open: no such file or directory",
		filepath.Join(tr.Root, "nonexistent") + ": stat: no such file or directory",
	}
	if !slices.Equal(errs, want) {
		t.Errorf("errors %q; want %q", errs, want)
	}
	if payloads < 100 || st.Failed < 3 {
		t.Errorf("%d payloads, stats %+v", payloads, st)
	}
}

func TestScanExtract(t *testing.T) {
	tr := scantest.Build(t, "../testdata")
	stored := map[[32]byte]int{}
	var calls int
	s := &Scanner{Kinds: map[container.Kind]bool{container.KindBitcode: true}, Sorted: true}
	var mu = make(chan struct{}, 1)
	s.Extract = func(p *Payload, data []byte) (string, error) {
		mu <- struct{}{}
		defer func() { <-mu }()
		calls++
		if sha256.Sum256(data) != p.SHA256 || int64(len(data)) != p.Size {
			return "", errors.New("data does not match the payload")
		}
		stored[p.SHA256]++
		if p.Path == filepath.Join(tr.Root, "containers", "prog")+":.llvmbc#2" {
			return "", errors.New("disk full")
		}
		return hex.EncodeToString(p.SHA256[:4]), nil
	}
	rs, _ := collect(t, s, tr.Root)
	var x Index
	n := 0
	failed := false
	for _, r := range rs {
		x.Add(r)
		for _, p := range r.Payloads {
			n++
			if p.Kind != container.KindBitcode {
				t.Errorf("%s: kind %v", p.Path, p.Kind)
			}
		}
		for _, e := range r.Errors {
			if e.Error() == filepath.Join(tr.Root, "containers", "prog")+":.llvmbc#2: disk full" {
				failed = true
			}
		}
	}
	if calls != n || !failed {
		t.Errorf("Extract called %d times for %d payloads; its error reported: %v", calls, n, failed)
	}
	entries := x.Entries()
	if len(entries) != len(stored) || x.Len() != len(stored) {
		t.Errorf("%d entries for %d distinct contents", len(entries), len(stored))
	}
	origins := 0
	for i, e := range entries {
		origins += len(e.Origins)
		if want := hex.EncodeToString(e.SHA256[:4]); e.Stored != want && !strings.HasSuffix(e.Origins[0].Path, "prog:.llvmbc#2") {
			t.Errorf("entry %x: stored %q; want %q", e.SHA256, e.Stored, want)
		}
		if i > 0 && string(entries[i-1].SHA256[:]) >= string(e.SHA256[:]) {
			t.Errorf("entries not sorted at %d", i)
		}
		if stored[e.SHA256] != len(e.Origins) {
			t.Errorf("entry %x: %d origins, %d payloads", e.SHA256, len(e.Origins), stored[e.SHA256])
		}
	}
	if origins != n || len(entries) >= n {
		t.Errorf("%d origins in %d entries for %d payloads", origins, len(entries), n)
	}
}

// TestScanStop checks that an error from the callback stops the scan and
// is returned.
func TestScanStop(t *testing.T) {
	tr := scantest.Build(t, "../testdata")
	stop := errors.New("stop")
	for _, sorted := range []bool{false, true} {
		n := 0
		_, err := (&Scanner{Jobs: 2, Sorted: sorted}).Scan(context.Background(), []string{tr.Root}, func(r *Result) error {
			n++
			if n == 3 {
				return stop
			}
			return nil
		})
		if err != stop || n != 3 {
			t.Errorf("sorted %v: Scan = %v after %d results; want stop after 3", sorted, err, n)
		}
	}
}

func TestMayHold(t *testing.T) {
	coff := func(machine uint16, nsec uint16) []byte {
		b := make([]byte, PrefixSize)
		b[0], b[1] = byte(machine), byte(machine>>8)
		b[2], b[3] = byte(nsec), byte(nsec>>8)
		return b
	}
	pe := make([]byte, PrefixSize)
	copy(pe, "MZ")
	pe[0x3c], pe[0x3d] = 0x00, 0x20 // e_lfanew 0x2000: past the prefix
	tests := []struct {
		name   string
		prefix []byte
		size   int64
		want   bool
	}{
		{"elf", []byte("\x7fELF\x02\x01\x01"), 64, true},
		{"bitcode", []byte("BC\xc0\xde"), 4, true},
		{"wrapper", []byte{0xde, 0xc0, 0x17, 0x0b}, 4, true},
		{"archive", []byte("!<arch>\n"), 8, true},
		{"thin archive", []byte("!<thin>\n"), 8, true},
		{"text", []byte("hello, world\n"), 13, false},
		{"empty", nil, 0, false},
		{"short prefix of a bigger file", []byte("BC"), 100, false},
		// A COFF object whose section table ends past the prefix.
		{"coff, 200 sections", coff(0x8664, 200), 20 + 40*200, true},
		{"coff, not a machine", coff(0x1234, 200), 20 + 40*200, false},
		// The whole file is in the prefix: Detect decides.
		{"coff, table past the end", coff(0x8664, 200)[:100], 100, false},
		{"pe, signature past the prefix", pe, 0x3000, true},
		{"pe, whole file", pe[:0x100], 0x100, false},
	}
	for _, tt := range tests {
		if got := MayHold(tt.prefix, tt.size); got != tt.want {
			t.Errorf("%s: MayHold = %v; want %v", tt.name, got, tt.want)
		}
	}
}

// BenchmarkScanTree scans the fixture tree with one worker: walk, magic
// check, mapping, container walk, hashing and module identity.
func BenchmarkScanTree(b *testing.B) {
	tr := scantest.Build(b, "../testdata")
	var size int64
	filepath.WalkDir(tr.Root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				size += fi.Size()
			}
		}
		return nil
	})
	s := &Scanner{Jobs: 1, Kinds: allKinds}
	want := int64(-1)
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		st, err := s.Scan(context.Background(), []string{tr.Root}, func(*Result) error { return nil })
		if err != nil || want >= 0 && st.NumPayloads() != want {
			b.Fatalf("%d payloads, %v", st.NumPayloads(), err)
		}
		want = st.NumPayloads()
	}
}

// A file truncated while it is mapped faults on the pages it lost: the
// error names the byte of the file that could not be read, not the
// address of the mapping.
func TestScanTruncatedWhileMapped(t *testing.T) {
	src, err := os.ReadFile("../testdata/containers/lib-gnu.a")
	if err != nil {
		t.Fatal(err)
	}
	const keep = 8192 // two pages: the members after them fault
	name := filepath.Join(t.TempDir(), "lib.a")
	if err := os.WriteFile(name, src, 0o644); err != nil {
		t.Fatal(err)
	}
	s := &Scanner{Jobs: 1, afterMap: func(name string) {
		if err := os.Truncate(name, keep); err != nil {
			t.Fatal(err)
		}
	}}
	rs, _ := collect(t, s, name)
	if len(rs) != 1 || len(rs[0].Errors) != 1 {
		t.Fatalf("results %+v", rs)
	}
	e := rs[0].Errors[0]
	if e.Off < keep || e.Off >= int64(len(src)) || !errors.Is(e, mmap.ErrFault) ||
		e.Error() != fmt.Sprintf("%s: memory fault reading the mapped file (was it truncated while being read?) at byte %#x", name, e.Off) {
		t.Errorf("error %q (offset %d); want the fault at a byte in [%d, %d)", e, e.Off, keep, len(src))
	}
}
