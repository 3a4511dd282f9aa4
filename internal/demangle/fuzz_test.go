package demangle

import "testing"

// FuzzName checks that any name demangles or is kept, within the output
// bound, and the same way twice. Seeds: the names of testdata/llvm22.txt
// and the hostile names of TestNastyNames.
func FuzzName(f *testing.F) {
	for _, p := range readPairs(f, "testdata/llvm22.txt") {
		f.Add(p[0])
	}
	for _, s := range nasty(256) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		got, ok := Name(name)
		if !ok {
			if got != name {
				t.Fatalf("Name(%q) = %q, false: a name not demangled must be kept", name, got)
			}
			return
		}
		if len(got) > MaxOutput(len(name)) {
			t.Fatalf("Name(%q): %d bytes, over the bound %d", name, len(got), MaxOutput(len(name)))
		}
		if again, _ := Name(name); again != got {
			t.Fatalf("Name(%q) = %q, then %q", name, got, again)
		}
	})
}
