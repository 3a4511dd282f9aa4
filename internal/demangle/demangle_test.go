package demangle

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bcextract/bcextract/internal/alloctest"
)

var update = flag.Bool("update", false, "rewrite testdata/known-differences.txt (our output where it differs from LLVM's)")

// readPairs reads "A<TAB>B" lines.
func readPairs(t testing.TB, name string) [][2]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		a, b, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("%s: no tab in %q", name, sc.Text())
		}
		out = append(out, [2]string{a, b})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLLVM22 compares Name with llvm-nm-22 -C on every name of
// testdata/llvm22.txt (see testdata/gen.sh). The names on which we differ
// are in testdata/known-differences.txt with our output, which the test
// pins too: a library update that changes one shows here.
func TestLLVM22(t *testing.T) {
	golden := readPairs(t, "testdata/llvm22.txt")
	known := map[string]string{}
	for _, p := range readPairs(t, "testdata/known-differences.txt") {
		known[p[0]] = p[1]
	}
	var diffs []string
	for _, p := range golden {
		mangled, want := p[0], p[1]
		got, ok := Name(mangled)
		if ok != (got != mangled) {
			t.Errorf("Name(%q) = %q, %v: ok must say whether the name changed", mangled, got, ok)
		}
		if got != want {
			diffs = append(diffs, mangled+"\t"+got+"\n")
		}
		if *update {
			continue
		}
		if ours, isKnown := known[mangled]; isKnown {
			if got != ours {
				t.Errorf("Name(%q) = %q, want %q (known difference: llvm-nm-22 -C prints %q)", mangled, got, ours, want)
			}
			continue
		}
		if got != want {
			t.Errorf("Name(%q) = %q, llvm-nm-22 -C prints %q", mangled, got, want)
		}
	}
	if *update {
		if err := os.WriteFile("testdata/known-differences.txt", []byte(strings.Join(diffs, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if len(diffs) != len(known) {
		t.Errorf("%d names differ from LLVM's, testdata/known-differences.txt lists %d", len(diffs), len(known))
	}
	t.Logf("%d names, %d differ from llvm-nm-22 -C", len(golden), len(diffs))
}

// TestName pins names of each kind LLVM reads, with llvm-nm-22 -C's text
// (testdata/llvm22.txt holds them all and many more).
func TestName(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		// Issue 27: a template parameter of the encoding substituted in
		// the parameters after an unresolved name ("sr") in the return
		// type; an empty pack expansion in template arguments; a pack in
		// an expression.
		{"_ZSt4swapIiENSt9enable_ifIXsr6__and_ISt6__not_ISt15__is_tuple_likeIT_EESt21is_move_constructibleIS3_ESt18is_move_assignableIS3_EEE5valueEvE4typeERS3_SC_",
			"std::enable_if<__and_<std::__not_<std::__is_tuple_like<int>>, std::is_move_constructible<int>, std::is_move_assignable<int>>::value, void>::type std::swap<int>(int&, int&)"},
		{"_ZSt12__get_helperILm1ESt14default_deleteI4BaseEJEERT0_RSt11_Tuple_implIXT_EJS3_DpT1_EE",
			"std::default_delete<Base>& std::__get_helper<1ul, std::default_delete<Base>>(std::_Tuple_impl<1ul, std::default_delete<Base>>&)"},
		{"_ZSt10__invoke_rIiRZ4mainE3$_0JiEENSt9enable_ifIX16is_invocable_r_vIT_T0_DpT1_EES3_E4typeEOS4_DpOS5_",
			"std::enable_if<is_invocable_r_v<int, main::$_0&, int>, int>::type std::__invoke_r<int, main::$_0&, int>(main::$_0&, int&&)"},
		// Rust v0: an empty identifier ("0") followed by one that starts
		// with a digit.
		{"_RNvNCNvNtCsjrHSEGnQ3l9_3std9panicking12default_hook011FIRST_PANIC", "std::panicking::default_hook::{closure#0}::FIRST_PANIC"},
		{"_RNvNCNKNvNtNtCsjrHSEGnQ3l9_3std2io5stdio14OUTPUT_CAPTURE0023___RUST_STD_INTERNAL_VAL",
			"std::io::stdio::OUTPUT_CAPTURE::{K#0}::{closure#0}::__RUST_STD_INTERNAL_VAL"},
		{".__Z3foov", ".foo()"},
		{"main", "main"},
		{"_Z3foov", "foo()"},
		{"__Z3foov", "foo()"},                 // Mach-O's "_" + "_Z"
		{"_Z3foov.cold.1", "foo() (.cold.1)"}, // LLVM's suffix
		{"_Z3foov.Foo", "foo() (.Foo)"},       // any suffix, not only GCC's clones
		{"_ZN3foo3barE.llvm.1", "foo::bar (.llvm.1)"},
		{"._Z3foov", ".foo()"}, // one leading "."
		{".._Z3foov", ".._Z3foov"},
		{"_____Z3foov", "_____Z3foov"}, // five "_": not Itanium
		{"____Z3foov_block_invoke", "invocation function for block in foo()"},
		{"_ZGTtNKSt9exception4whatEv", "_ZGTtNKSt9exception4whatEv"}, // LLVM has no transaction clones
		{"_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_ES5_PKc",
			"std::basic_ostream<char, std::char_traits<char>>& std::operator<<<std::char_traits<char>>(std::basic_ostream<char, std::char_traits<char>>&, char const*)"},
		{"_ZN2v05count17hb962365088885177E", "v0::count::hb962365088885177"}, // legacy Rust, read as Itanium
		{"_RNvNtCs1234_7mycrate3foo3bar", "mycrate::foo::bar"},
		{"__RNvCs123_3foo3bar", "foo::bar"}, // without its "_"
		{"_RNvCs123_3foo3bar.llvm.123", "foo::bar (.llvm.123)"},
		{"?foo@@YAXXZ", "?foo@@YAXXZ"}, // Microsoft: LLVM demangles it, we do not (known-differences.txt)
		{"_D1a1bi", "_D1a1bi"},         // D: likewise
		{"_Z", "_Z"},
		{"", ""},
	}
	for _, tt := range tests {
		if got, _ := Name(tt.in); got != tt.want {
			t.Errorf("Name(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// nasty returns names that nest as deeply as they can or make the output
// large (each substitution doubles it), n bytes or so long.
func nasty(n int) map[string]string {
	// std::pair<int, int>, then pair<previous, previous> by substitution:
	// S_ is std::pair, S0_ the first pair, S1_ the second, and so on.
	var dbl strings.Builder
	dbl.WriteString("_Z1fSt4pairIiiE")
	for i := 0; ; i++ {
		ref := "S" + strconv.FormatInt(int64(i), 36) + "_"
		if i == 0 {
			ref = "S0_"
		}
		p := "S_I" + ref + ref + "E"
		if dbl.Len()+len(p) > n {
			break
		}
		dbl.WriteString(p)
	}
	k := (n - 5) / 4
	return map[string]string{
		"pointers":  "_Z1f" + strings.Repeat("P", n-5) + "v",
		"functions": "_Z1f" + strings.Repeat("PF", k) + "v" + strings.Repeat("vE", k),
		"templates": "_Z1f" + strings.Repeat("1aI", (n-5)/4) + "i" + strings.Repeat("E", (n-5)/4),
		"pairs":     dbl.String(),
		"rust":      "_RINvC1a1f" + strings.Repeat("R", n-12) + "uE",
	}
}

// TestNastyNames pins the bounds on hostile names: a name longer than
// MaxInput is kept at once, and one just under it takes well under a
// second and allocates a bounded multiple of its length.
func TestNastyNames(t *testing.T) {
	for name, s := range nasty(MaxInput + 1) {
		if got, ok := Name(s); ok || got != s {
			t.Errorf("%s: a name of %d bytes was demangled", name, len(s))
		}
	}
	for name, s := range nasty(MaxInput) {
		start := time.Now()
		var out string
		bytes := alloctest.Bytes(func() { out, _ = Name(s) })
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: %d bytes took %v", name, len(s), d)
		}
		if len(out) > MaxOutput(len(s)) {
			t.Errorf("%s: %d bytes gave %d bytes", name, len(s), len(out))
		}
		// The library's parse tree and printer cost some hundred bytes per
		// byte of name at worst.
		if limit := uint64(2000*len(s)) + 1<<20; bytes > limit {
			t.Errorf("%s: %d bytes allocated %d, over %d", name, len(s), bytes, limit)
		}
	}
}

func TestCache(t *testing.T) {
	c := NewCache(1000)
	if got := c.Name("_Z3foov"); got != "foo()" {
		t.Fatalf("Name = %q", got)
	}
	if got := c.Name("_Z3foov"); got != "foo()" {
		t.Fatalf("cached Name = %q", got)
	}
	// Spend the budget on one long name; later new names are kept.
	c.Name("_Z" + strings.Repeat("1a", 490) + "v")
	if got := c.Name("_Z3barv"); got != "_Z3barv" {
		t.Errorf("Name after the budget = %q, want the name kept", got)
	}
	if got := c.Name("_Z3foov"); got != "foo()" {
		t.Errorf("a name seen before the budget ran out: %q", got)
	}
	if got := BudgetFor(1 << 20); got != 5<<20 {
		t.Errorf("BudgetFor(1 MiB) = %d", got)
	}
}
